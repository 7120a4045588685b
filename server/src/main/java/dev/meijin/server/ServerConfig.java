package dev.meijin.server;

import dev.meijin.core.game.TimeSource;
import java.nio.file.Path;
import java.time.Duration;
import java.time.InstantSource;

/**
 * How to run the play server.
 *
 * @param host the interface to listen on ({@code 0.0.0.0} for all)
 * @param port the port; 0 for any free port
 * @param dataDir where the H2 database file lives (when {@code dbUrl} is null)
 * @param dbUrl a JDBC URL (PostgreSQL), or null for H2 under {@code dataDir}
 * @param dbUser the database user, or null
 * @param dbPassword the database password, or null
 * @param grace lag forgiven on every move
 * @param claimAfter how long a player must be gone before the opponent can claim the game
 * @param seekGrace how long the owner of a seek may be disconnected from it before it is withdrawn
 * @param seekMaxAge how long a seek may wait for an opponent before it is withdrawn
 * @param time the monotonic time of the game clocks
 * @param wall wall-clock time
 * @param engine the computer opponent's pool and limits
 * @param writesPerSecond games created or joined per second per client address (bursts of ten times as many)
 */
public record ServerConfig(String host, int port, Path dataDir, String dbUrl, String dbUser, String dbPassword, Duration grace, Duration claimAfter,
        Duration seekGrace, Duration seekMaxAge, TimeSource time, InstantSource wall, EngineSettings engine,
        double writesPerSecond) {

    /** The defaults: port 8080 on all interfaces, H2 under {@code ~/.meijin}, 300 ms grace, 60 s before a claim, seeks
     * withdrawn 20 s after their owner left or after 30 minutes.
     */
    public static ServerConfig defaults() {
        return new ServerConfig("0.0.0.0", 8080, Path.of(System.getProperty("user.home"), ".meijin"), null, null, null, Duration.ofMillis(300),
                Duration.ofSeconds(60), Duration.ofSeconds(20), Duration.ofMinutes(30), TimeSource.SYSTEM, InstantSource.system(), EngineSettings.defaults(), 2);
    }

    /** This configuration on another port. */
    public ServerConfig withPort(int p) {
        return new ServerConfig(host, p, dataDir, dbUrl, dbUser, dbPassword, grace, claimAfter, seekGrace, seekMaxAge, time, wall, engine, writesPerSecond);
    }

    /** This configuration with another data directory. */
    public ServerConfig withDataDir(Path d) {
        return new ServerConfig(host, port, d, dbUrl, dbUser, dbPassword, grace, claimAfter, seekGrace, seekMaxAge, time, wall, engine, writesPerSecond);
    }

    /** This configuration on a database by JDBC URL. */
    public ServerConfig withDatabase(String url, String user, String password) {
        return new ServerConfig(host, port, dataDir, url, user, password, grace, claimAfter, seekGrace, seekMaxAge, time, wall, engine, writesPerSecond);
    }

    /** This configuration with another claim delay. */
    public ServerConfig withClaimAfter(Duration d) {
        return new ServerConfig(host, port, dataDir, dbUrl, dbUser, dbPassword, grace, d, seekGrace, seekMaxAge, time, wall, engine, writesPerSecond);
    }

    /** This configuration with another seek grace and maximum seek age. */
    public ServerConfig withSeekExpiry(Duration graceAfterOwnerLeft, Duration maxAge) {
        return new ServerConfig(host, port, dataDir, dbUrl, dbUser, dbPassword, grace, claimAfter, graceAfterOwnerLeft, maxAge, time, wall, engine,
                writesPerSecond);
    }

    /** This configuration with another lag grace. */
    public ServerConfig withGrace(Duration g) {
        return new ServerConfig(host, port, dataDir, dbUrl, dbUser, dbPassword, g, claimAfter, seekGrace, seekMaxAge, time, wall, engine, writesPerSecond);
    }

    /** This configuration with other time sources (tests). */
    public ServerConfig withTime(TimeSource t, InstantSource w) {
        return new ServerConfig(host, port, dataDir, dbUrl, dbUser, dbPassword, grace, claimAfter, seekGrace, seekMaxAge, t, w, engine, writesPerSecond);
    }

    /** This configuration on another interface. */
    public ServerConfig withHost(String h) {
        return new ServerConfig(h, port, dataDir, dbUrl, dbUser, dbPassword, grace, claimAfter, seekGrace, seekMaxAge, time, wall, engine, writesPerSecond);
    }

    /** This configuration with other engine settings. */
    public ServerConfig withEngine(EngineSettings e) {
        return new ServerConfig(host, port, dataDir, dbUrl, dbUser, dbPassword, grace, claimAfter, seekGrace, seekMaxAge, time, wall, e, writesPerSecond);
    }

    /** This configuration with another limit on games created or joined per second per client address. */
    public ServerConfig withWritesPerSecond(double w) {
        return new ServerConfig(host, port, dataDir, dbUrl, dbUser, dbPassword, grace, claimAfter, seekGrace, seekMaxAge, time, wall, engine, w);
    }
}
