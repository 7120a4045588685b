package dev.meijin.cli;

import dev.meijin.server.EngineSettings;
import dev.meijin.server.PlayServer;
import dev.meijin.server.ServerConfig;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.ZoneId;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code meijin serve}: runs the play server until Ctrl-C. Games in progress are stored with every move, so
 * stopping (or a crash) loses none; they resume on the next start.
 */
@Command(name = "serve", description = "Start the play server (open the printed URL in a browser).")
final class ServeCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Option(names = "--port", description = "Port to listen on (default: ${DEFAULT-VALUE}; 0 for any free port).", defaultValue = "8080")
    int port;

    @Option(names = "--host", description = "Interface to listen on (default: ${DEFAULT-VALUE}).", defaultValue = "0.0.0.0")
    String host;

    @Option(names = "--data", paramLabel = "DIR", description = "Directory of the embedded H2 database (default: ~/.meijin).")
    Path data;

    @Option(names = "--db", paramLabel = "URL", description = "JDBC URL of a PostgreSQL database instead of the embedded one, "
            + "e.g. jdbc:postgresql://localhost/meijin.")
    String db;

    @Option(names = "--db-user", description = "Database user (or in the URL).")
    String dbUser;

    @Option(names = "--db-password", description = "Database password (or MEIJIN_DB_PASSWORD).")
    String dbPassword;

    @Option(names = "--engine-threads", paramLabel = "N", description = "Engine searches that may run at once, for all games against "
            + "the computer together (default: half the processors, at least 1; 0 turns the engine off).")
    int engineThreads = EngineSettings.defaults().threads();

    @Option(names = "--engine-move-seconds", paramLabel = "S", description = "Longest the engine thinks about one move (default: ${DEFAULT-VALUE}).",
            defaultValue = "10")
    int engineMoveSeconds;

    @Option(names = "--writes-per-second", paramLabel = "R", description = "Games one address may create or join per second, with bursts "
            + "of ten times as many (default: ${DEFAULT-VALUE}).", defaultValue = "2")
    double writesPerSecond;

    @Option(names = "--seek-grace", paramLabel = "S", description = "Seconds a seek's owner may be disconnected from it before it is "
            + "withdrawn (default: ${DEFAULT-VALUE}).", defaultValue = "20")
    int seekGraceSeconds;

    @Option(names = "--seek-max-age", paramLabel = "MIN", description = "Minutes a seek waits for an opponent before it is withdrawn "
            + "(default: ${DEFAULT-VALUE}).", defaultValue = "30")
    int seekMaxAgeMinutes;

    @Option(names = "--record-zone", paramLabel = "ZONE", description = "Time zone of the dates in the games' records: a region "
            + "(Asia/Tokyo), UTC or an offset (+09:00) (default: MEIJIN_RECORD_ZONE, else Asia/Tokyo).")
    String recordZone;

    @Override
    public Integer call() throws InterruptedException {
        ServerConfig cfg = config();
        PlayServer server = PlayServer.start(cfg);
        CountDownLatch stopped = new CountDownLatch(1);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            server.close();
            stopped.countDown();
        }, "meijin-shutdown"));
        spec.commandLine().getOut().println("Meijin play server: " + server.url() + " (database: "
                + (db != null ? db : cfg.dataDir().resolve("meijin.mv.db")) + "; Ctrl-C stops it, games are kept)");
        spec.commandLine().getOut().flush();
        stopped.await();
        return Main.OK;
    }

    /**
     * The server configuration the options ask for.
     *
     * @throws ParameterException naming the option whose value is out of range, the host that has no address or
     *     the data directory that is a file, before anything is started
     */
    ServerConfig config() {
        Options.inRange(spec, "--port", port, 0, 65535);
        if (!(writesPerSecond > 0) || Double.isInfinite(writesPerSecond)) {
            throw new ParameterException(spec.commandLine(), "--writes-per-second must be a positive number, got " + writesPerSecond);
        }
        Options.inRange(spec, "--engine-threads", engineThreads, 0, Long.MAX_VALUE);
        Options.inRange(spec, "--engine-move-seconds", engineMoveSeconds, 1, Long.MAX_VALUE);
        Options.inRange(spec, "--seek-grace", seekGraceSeconds, 1, Long.MAX_VALUE);
        Options.inRange(spec, "--seek-max-age", seekMaxAgeMinutes, 1, Long.MAX_VALUE);
        try {
            InetAddress.getByName(host);
        } catch (UnknownHostException e) {
            throw new ParameterException(spec.commandLine(), "--host " + Records.message(host) + ": no such host or address");
        }
        if (data != null && Files.exists(data) && !Files.isDirectory(data)) {
            throw new ParameterException(spec.commandLine(), "--data: " + data + " is a file, not a directory");
        }
        ZoneId zone;
        try {
            zone = recordZone != null ? ServerConfig.recordZone(recordZone)
                    : ServerConfig.recordZone(System.getenv(ServerConfig.RECORD_ZONE_VARIABLE));
        } catch (IllegalArgumentException e) {
            String named = recordZone != null ? "--record-zone" : ServerConfig.RECORD_ZONE_VARIABLE;
            String value = recordZone != null ? recordZone : System.getenv(ServerConfig.RECORD_ZONE_VARIABLE);
            throw new ParameterException(spec.commandLine(), named + " " + Records.message(value.strip())
                    + ": not a time zone; give a region such as Asia/Tokyo, UTC or an offset such as +09:00");
        }
        ServerConfig cfg = ServerConfig.defaults(zone).withPort(port).withHost(host)
                .withEngine(new EngineSettings(engineThreads, 0, Duration.ofSeconds(engineMoveSeconds))).withWritesPerSecond(writesPerSecond)
                .withSeekExpiry(Duration.ofSeconds(seekGraceSeconds), Duration.ofMinutes(seekMaxAgeMinutes));
        if (data != null) {
            cfg = cfg.withDataDir(data.toAbsolutePath());
        }
        if (db != null) {
            String pw = dbPassword != null ? dbPassword : System.getenv("MEIJIN_DB_PASSWORD");
            cfg = cfg.withDatabase(db, dbUser, pw);
        }
        return cfg;
    }
}
