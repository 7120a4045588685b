package dev.meijin.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.meijin.server.ServerConfig;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

class ServeCommandTest {

    private static ServerConfig config(String... args) {
        ServeCommand command = new ServeCommand();
        new CommandLine(command).parseArgs(args);
        return command.config();
    }

    @Test
    void withoutOptionsTheServerRunsOnTheDefaults() {
        ServerConfig cfg = config();
        assertThat(cfg.port()).isEqualTo(8080);
        assertThat(cfg.host()).isEqualTo("0.0.0.0");
        assertThat(cfg.seekGrace()).isEqualTo(Duration.ofSeconds(20));
        assertThat(cfg.seekMaxAge()).isEqualTo(Duration.ofMinutes(30));
        assertThat(cfg.engine().maxMoveTime()).isEqualTo(Duration.ofSeconds(10));
        assertThat(cfg.writesPerSecond()).isEqualTo(2.0);
        assertThat(cfg.dbUrl()).isNull();
    }

    @Test
    void everyOptionReachesTheConfiguration() {
        ServerConfig cfg = config("--port", "0", "--host", "127.0.0.1", "--data", "games", "--engine-threads", "3",
                "--engine-move-seconds", "4", "--writes-per-second", "0.5", "--seek-grace", "45", "--seek-max-age", "90",
                "--record-zone", "Europe/Paris");
        assertThat(cfg.port()).isZero();
        assertThat(cfg.host()).isEqualTo("127.0.0.1");
        assertThat(cfg.dataDir()).isEqualTo(Path.of("games").toAbsolutePath());
        assertThat(cfg.engine().threads()).isEqualTo(3);
        assertThat(cfg.engine().maxMoveTime()).isEqualTo(Duration.ofSeconds(4));
        assertThat(cfg.writesPerSecond()).isEqualTo(0.5);
        assertThat(cfg.seekGrace()).isEqualTo(Duration.ofSeconds(45));
        assertThat(cfg.seekMaxAge()).isEqualTo(Duration.ofMinutes(90));
        assertThat(cfg.recordZone()).isEqualTo(java.time.ZoneId.of("Europe/Paris"));
    }

    @Test
    void recordsAreDatedInJapanTimeUnlessAZoneIsGiven() {
        // The environment of the test run may set MEIJIN_RECORD_ZONE; the option always wins over it.
        String env = System.getenv(ServerConfig.RECORD_ZONE_VARIABLE);
        assertThat(config().recordZone()).isEqualTo(ServerConfig.recordZone(env));
        if (env == null || env.isBlank()) {
            assertThat(config().recordZone()).isEqualTo(java.time.ZoneId.of("Asia/Tokyo"));
        }
        assertThat(config("--record-zone", "+05:30").recordZone()).isEqualTo(java.time.ZoneOffset.ofHoursMinutes(5, 30));
        assertThat(config("--record-zone", "UTC").recordZone()).isEqualTo(java.time.ZoneId.of("UTC"));

        Cli.Result bad = Cli.run("serve", "--record-zone", "Mars/Olympus", "--port", "0");
        assertThat(bad.code()).isEqualTo(Main.USAGE);
        assertThat(bad.err()).isEqualTo("meijin serve: --record-zone Mars/Olympus: not a time zone; give a region such as Asia/Tokyo, "
                + "UTC or an offset such as +09:00 (see 'meijin serve --help')\n");
        assertThat(bad.out()).isEmpty();
    }

    @Test
    void valuesOutOfRangeAreRefusedByNameWithoutStartingTheServer() {
        Cli.Result r = Cli.run("serve", "--seek-max-age", "0");
        assertThat(r.code()).isEqualTo(Main.USAGE);
        assertThat(r.err()).isEqualTo("meijin serve: --seek-max-age must be at least 1, got 0 (see 'meijin serve --help')\n");
        assertThat(r.out()).isEmpty();

        Cli.Result port = Cli.run("serve", "--port", "70000");
        assertThat(port.code()).isEqualTo(Main.USAGE);
        assertThat(port.err()).isEqualTo("meijin serve: --port must be between 0 and 65535, got 70000 (see 'meijin serve --help')\n");

        // Each option is named by itself, not in a list of every rule.
        assertThat(Cli.run("serve", "--engine-threads", "-1").err())
                .isEqualTo("meijin serve: --engine-threads must be at least 0, got -1 (see 'meijin serve --help')\n");
        assertThat(Cli.run("serve", "--engine-move-seconds", "0").err())
                .isEqualTo("meijin serve: --engine-move-seconds must be at least 1, got 0 (see 'meijin serve --help')\n");
        assertThat(Cli.run("serve", "--writes-per-second", "Infinity").err())
                .isEqualTo("meijin serve: --writes-per-second must be a positive number, got Infinity (see 'meijin serve --help')\n");
    }

    /** A host with no address and a data directory that is a file are refused before the server starts, by name. */
    @Test
    void aHostWithoutAnAddressAndADataFileAreUsageErrors(@TempDir Path dir) throws java.io.IOException {
        // Javalin's own failure said "Port already in use" for a host it could not resolve.
        Cli.Result host = Cli.run("serve", "--host", "999.1.1.1", "--port", "0", "--data", dir.toString());
        assertThat(host.code()).isEqualTo(Main.USAGE);
        assertThat(host.err()).isEqualTo("meijin serve: --host 999.1.1.1: no such host or address (see 'meijin serve --help')\n");
        assertThat(host.out()).isEmpty();

        Path file = java.nio.file.Files.writeString(dir.resolve("data"), "not a directory");
        Cli.Result data = Cli.run("serve", "--data", file.toString(), "--port", "0");
        assertThat(data.code()).isEqualTo(Main.USAGE);
        assertThat(data.err()).isEqualTo("meijin serve: --data: " + file + " is a file, not a directory (see 'meijin serve --help')\n");
    }

    /** load names each bad option, and a server that is not there by the refused connection (Java's message is null). */
    @Test
    void loadNamesItsBadOptionsAndAServerThatIsNotThere() throws java.io.IOException {
        assertThat(Cli.run("load", "--games", "0").err())
                .isEqualTo("meijin load: --games must be at least 1, got 0 (see 'meijin load --help')\n");
        assertThat(Cli.run("load", "--url", "ftp://example").err())
                .isEqualTo("meijin load: --url must be an http:// address, not ftp://example (see 'meijin load --help')\n");
        int port;
        try (java.net.ServerSocket s = new java.net.ServerSocket(0)) {
            port = s.getLocalPort();
        }
        Cli.Result r = Cli.run("load", "--url", "http://127.0.0.1:" + port, "--games", "1", "--seconds", "1");
        assertThat(r.code()).isEqualTo(Main.FAILED);
        assertThat(r.err()).isEqualTo("meijin load: cannot reach http://127.0.0.1:" + port
                + ": connection refused (is a server running there? meijin serve starts one)\n");
    }
}
