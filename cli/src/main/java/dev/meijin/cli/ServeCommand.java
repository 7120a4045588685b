package dev.meijin.cli;

import dev.meijin.server.EngineSettings;
import dev.meijin.server.PlayServer;
import dev.meijin.server.ServerConfig;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
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

    @Override
    public Integer call() throws InterruptedException {
        ServerConfig cfg;
        try {
            cfg = config();
        } catch (IllegalArgumentException e) {
            spec.commandLine().getErr().println("meijin serve: " + e.getMessage());
            return Main.USAGE;
        }
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
     * @throws IllegalArgumentException naming the option whose value is out of range
     */
    ServerConfig config() {
        if (port < 0 || port > 65535) {
            throw new IllegalArgumentException("--port " + port + " is not a port (0–65535)");
        }
        if (!(writesPerSecond > 0)) {
            throw new IllegalArgumentException("--writes-per-second must be positive");
        }
        if (engineThreads < 0 || engineMoveSeconds < 1) {
            throw new IllegalArgumentException("--engine-threads must be 0 or more and --engine-move-seconds 1 or more");
        }
        if (seekGraceSeconds < 1 || seekMaxAgeMinutes < 1) {
            throw new IllegalArgumentException("--seek-grace and --seek-max-age must be 1 or more");
        }
        ServerConfig cfg = ServerConfig.defaults().withPort(port).withHost(host)
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
