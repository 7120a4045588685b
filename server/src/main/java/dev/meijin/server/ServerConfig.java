package dev.meijin.server;

import dev.meijin.core.game.TimeSource;
import java.nio.file.Path;
import java.time.DateTimeException;
import java.time.Duration;
import java.time.InstantSource;
import java.time.ZoneId;

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
 * @param recordZone the time zone of the dates written in the games' records (KIF 開始日時 and 終了日時, CSA
 *     {@code $START_TIME} and {@code $END_TIME}), which carry no zone of their own
 */
public record ServerConfig(String host, int port, Path dataDir, String dbUrl, String dbUser, String dbPassword, Duration grace, Duration claimAfter,
        Duration seekGrace, Duration seekMaxAge, TimeSource time, InstantSource wall, EngineSettings engine,
        double writesPerSecond, ZoneId recordZone) {

    /**
     * The zone of the records' dates unless {@value #RECORD_ZONE_VARIABLE} names another: Japan time, in which shogi
     * records are dated (the CSA server's, the federations' and the shogi GUIs' records, none of which names a zone),
     * whatever the zone of the machine the server runs on.
     */
    public static final ZoneId DEFAULT_RECORD_ZONE = ZoneId.of("Asia/Tokyo");

    /** The environment variable that sets the zone of the records' dates ({@link #recordZone(String)}). */
    public static final String RECORD_ZONE_VARIABLE = "MEIJIN_RECORD_ZONE";

    /**
     * The zone of the records' dates that a setting names: a region ({@code Asia/Tokyo}, {@code Europe/Paris}),
     * {@code UTC}, or an offset ({@code +09:00}); {@link #DEFAULT_RECORD_ZONE} when the setting is absent or blank.
     *
     * @param setting the value of {@value #RECORD_ZONE_VARIABLE}, or null
     * @throws IllegalArgumentException if the setting names no time zone
     */
    public static ZoneId recordZone(String setting) {
        if (setting == null || setting.isBlank()) {
            return DEFAULT_RECORD_ZONE;
        }
        try {
            return ZoneId.of(setting.strip());
        } catch (DateTimeException e) {
            throw new IllegalArgumentException(RECORD_ZONE_VARIABLE + " \"" + setting.strip() + "\" is not a time zone; give a region such as "
                    + "Asia/Tokyo, UTC or an offset such as +09:00", e);
        }
    }

    /** The defaults: port 8080 on all interfaces, H2 under {@code ~/.meijin}, 300 ms grace, 60 s before a claim, seeks
     * withdrawn 20 s after their owner left or after 30 minutes, records dated in Japan time unless
     * {@value #RECORD_ZONE_VARIABLE} names another zone.
     *
     * @throws IllegalArgumentException if {@value #RECORD_ZONE_VARIABLE} names no time zone
     */
    public static ServerConfig defaults() {
        return defaults(recordZone(System.getenv(RECORD_ZONE_VARIABLE)));
    }

    /**
     * The defaults of {@link #defaults()} with the records dated in the given zone, whatever the environment says.
     *
     * @param recordZone the time zone of the dates written in the games' records
     */
    public static ServerConfig defaults(ZoneId recordZone) {
        return new ServerConfig("0.0.0.0", 8080, Path.of(System.getProperty("user.home"), ".meijin"), null, null, null, Duration.ofMillis(300),
                Duration.ofSeconds(60), Duration.ofSeconds(20), Duration.ofMinutes(30), TimeSource.SYSTEM, InstantSource.system(), EngineSettings.defaults(),
                2, recordZone);
    }

    /** This configuration on another port. */
    public ServerConfig withPort(int p) {
        return new ServerConfig(host, p, dataDir, dbUrl, dbUser, dbPassword, grace, claimAfter, seekGrace, seekMaxAge, time, wall, engine,
                writesPerSecond, recordZone);
    }

    /** This configuration with another data directory. */
    public ServerConfig withDataDir(Path d) {
        return new ServerConfig(host, port, d, dbUrl, dbUser, dbPassword, grace, claimAfter, seekGrace, seekMaxAge, time, wall, engine,
                writesPerSecond, recordZone);
    }

    /** This configuration on a database by JDBC URL. */
    public ServerConfig withDatabase(String url, String user, String password) {
        return new ServerConfig(host, port, dataDir, url, user, password, grace, claimAfter, seekGrace, seekMaxAge, time, wall, engine,
                writesPerSecond, recordZone);
    }

    /** This configuration with another claim delay. */
    public ServerConfig withClaimAfter(Duration d) {
        return new ServerConfig(host, port, dataDir, dbUrl, dbUser, dbPassword, grace, d, seekGrace, seekMaxAge, time, wall, engine,
                writesPerSecond, recordZone);
    }

    /** This configuration with another seek grace and maximum seek age. */
    public ServerConfig withSeekExpiry(Duration graceAfterOwnerLeft, Duration maxAge) {
        return new ServerConfig(host, port, dataDir, dbUrl, dbUser, dbPassword, grace, claimAfter, graceAfterOwnerLeft, maxAge, time, wall, engine,
                writesPerSecond, recordZone);
    }

    /** This configuration with another lag grace. */
    public ServerConfig withGrace(Duration g) {
        return new ServerConfig(host, port, dataDir, dbUrl, dbUser, dbPassword, g, claimAfter, seekGrace, seekMaxAge, time, wall, engine,
                writesPerSecond, recordZone);
    }

    /** This configuration with other time sources (tests). */
    public ServerConfig withTime(TimeSource t, InstantSource w) {
        return new ServerConfig(host, port, dataDir, dbUrl, dbUser, dbPassword, grace, claimAfter, seekGrace, seekMaxAge, t, w, engine,
                writesPerSecond, recordZone);
    }

    /** This configuration on another interface. */
    public ServerConfig withHost(String h) {
        return new ServerConfig(h, port, dataDir, dbUrl, dbUser, dbPassword, grace, claimAfter, seekGrace, seekMaxAge, time, wall, engine,
                writesPerSecond, recordZone);
    }

    /** This configuration with other engine settings. */
    public ServerConfig withEngine(EngineSettings e) {
        return new ServerConfig(host, port, dataDir, dbUrl, dbUser, dbPassword, grace, claimAfter, seekGrace, seekMaxAge, time, wall, e,
                writesPerSecond, recordZone);
    }

    /** This configuration with the records' dates in another time zone. */
    public ServerConfig withRecordZone(ZoneId z) {
        return new ServerConfig(host, port, dataDir, dbUrl, dbUser, dbPassword, grace, claimAfter, seekGrace, seekMaxAge, time, wall, engine,
                writesPerSecond, z);
    }

    /** This configuration with another limit on games created or joined per second per client address. */
    public ServerConfig withWritesPerSecond(double w) {
        return new ServerConfig(host, port, dataDir, dbUrl, dbUser, dbPassword, grace, claimAfter, seekGrace, seekMaxAge, time, wall, engine, w,
                recordZone);
    }
}
