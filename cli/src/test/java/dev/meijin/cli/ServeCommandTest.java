package dev.meijin.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.meijin.server.ServerConfig;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
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
                "--engine-move-seconds", "4", "--writes-per-second", "0.5", "--seek-grace", "45", "--seek-max-age", "90");
        assertThat(cfg.port()).isZero();
        assertThat(cfg.host()).isEqualTo("127.0.0.1");
        assertThat(cfg.dataDir()).isEqualTo(Path.of("games").toAbsolutePath());
        assertThat(cfg.engine().threads()).isEqualTo(3);
        assertThat(cfg.engine().maxMoveTime()).isEqualTo(Duration.ofSeconds(4));
        assertThat(cfg.writesPerSecond()).isEqualTo(0.5);
        assertThat(cfg.seekGrace()).isEqualTo(Duration.ofSeconds(45));
        assertThat(cfg.seekMaxAge()).isEqualTo(Duration.ofMinutes(90));
    }

    @Test
    void valuesOutOfRangeAreRefusedByNameWithoutStartingTheServer() {
        Cli.Result r = Cli.run("serve", "--seek-max-age", "0");
        assertThat(r.code()).isEqualTo(Main.USAGE);
        assertThat(r.err()).isEqualTo("meijin serve: --seek-grace and --seek-max-age must be 1 or more\n");
        assertThat(r.out()).isEmpty();

        Cli.Result port = Cli.run("serve", "--port", "70000");
        assertThat(port.code()).isEqualTo(Main.USAGE);
        assertThat(port.err()).isEqualTo("meijin serve: --port 70000 is not a port (0–65535)\n");
    }
}
