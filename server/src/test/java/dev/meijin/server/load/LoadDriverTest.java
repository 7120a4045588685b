package dev.meijin.server.load;

import static org.assertj.core.api.Assertions.assertThat;

import dev.meijin.server.EngineSettings;
import dev.meijin.server.PlayServer;
import dev.meijin.server.ServerConfig;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The load driver against a real server: a few games for a few seconds (a check of the driver, not a benchmark). */
class LoadDriverTest {
    @TempDir
    Path dir;

    @Test
    void holdsGamesOverTheRealProtocolAndCountsEveryAcknowledgedMove() throws Exception {
        try (PlayServer server = PlayServer.start(ServerConfig.defaults().withHost("127.0.0.1").withPort(0).withDataDir(dir)
                .withEngine(EngineSettings.off()))) {
            StringBuilder out = new StringBuilder();
            LoadDriver.Report r = new LoadDriver(new LoadDriver.Settings(URI.create("http://127.0.0.1:" + server.port()), 4, Duration.ofSeconds(3),
                    Duration.ofMillis(20), 7)).run(line -> out.append(line).append('\n'));
            assertThat(r.errors()).as(r.summary()).isZero();
            assertThat(r.moves()).as(r.summary()).isGreaterThan(20);
            assertThat(r.p50Ms()).isPositive().isLessThanOrEqualTo(r.p99Ms());
            assertThat(r.p99Ms()).isLessThanOrEqualTo(r.maxMs());
            assertThat(r.allocatedKbPerMove()).as("the server's allocations per move were counted").isPositive();
            assertThat(r.serverP50Ms()).as("the rounds counted their moves in the window").isPositive().isLessThanOrEqualTo(r.serverP99Ms());
            assertThat(r.games()).isEqualTo(4);
            // random moves end no game in three seconds, so the server holds exactly the driver's four games
            assertThat(r.gamesFinished()).as(r.summary()).isZero();
            Map<?, ?> before = (Map<?, ?>) r.server().get("before");
            Map<?, ?> peak = (Map<?, ?>) r.server().get("peak");
            assertThat(before.get("liveGames")).as("the fresh server before the games").isEqualTo(0);
            assertThat(peak.get("liveGames")).as(r.summary()).isEqualTo(4);
            assertThat(peak.containsKey("rssMb")).isTrue();
            assertThat(out.toString()).contains("4 games ready");
            // the games are live on the server: the driver held them over the whole window
            assertThat(server.rounds().liveCount()).isEqualTo(4);
        }
    }

    @Test
    void theTypeOfAMessageIsReadFromItsFrontAndFromAnywhereElse() {
        assertThat(LoadDriver.Msg.typeOf("{\"t\":\"move\",\"ply\":3,\"sfen\":\"9/9 b - 1\"}")).isEqualTo("move");
        assertThat(LoadDriver.Msg.typeOf("{\"ply\":3,\"t\":\"end\"}")).isEqualTo("end");
        assertThat(LoadDriver.Msg.typeOf("{\"ply\":3}")).isEmpty();
        assertThat(new LoadDriver.Msg("move", "{\"t\":\"move\",\"ply\":3}", 0).json().get("ply").asInt()).isEqualTo(3);
    }
}
