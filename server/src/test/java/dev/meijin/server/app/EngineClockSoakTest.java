package dev.meijin.server.app;

import static org.assertj.core.api.Assertions.assertThat;

import dev.meijin.server.EngineSettings;
import dev.meijin.server.ServerConfig;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/**
 * A soak run, not part of {@code ./meijin test}: games against the engine at full strength on its own clock (no
 * node limit) at a short byoyomi, the person moving at once, colours alternated. It asserts that the engine,
 * forgiven no lag, never loses on time, and prints the engine's time per move (see docs/BENCHMARKS.md).
 *
 * <pre>./mvnw -B -q -Pfast test -pl server -Dtest=EngineClockSoakTest -Dsoak.games=10 -Dsoak.byoyomi=1</pre>
 */
@EnabledIfSystemProperty(named = "soak.games", matches = "[1-9][0-9]*")
class EngineClockSoakTest {
    @TempDir
    Path dir;

    @Test
    void theEngineNeverLosesOnTimeAtAShortByoyomi() {
        int games = Integer.getInteger("soak.games");
        int byoyomi = Integer.getInteger("soak.byoyomi", 1);
        List<Long> times = new ArrayList<>();
        List<String> endings = new ArrayList<>();
        try (Harness h = new Harness(ServerConfig.defaults().withPort(0).withDataDir(dir)
                .withEngine(new EngineSettings(1, 0, Duration.ofSeconds(10))))) {
            for (int g = 0; g < games; g++) {
                boolean sente = g % 2 == 0;
                Harness.Seat me = h.create("{\"opponent\":\"engine\",\"engineLevel\":8,\"side\":\"" + (sente ? "sente" : "gote")
                        + "\",\"timeControl\":{\"mainSeconds\":0,\"byoyomiSeconds\":" + byoyomi + "}}");
                Harness.Ws ws = h.connect(me.gameId(), me.secret());
                JsonNode position = sente ? ws.next("state") : ws.next("move", 30);
                JsonNode end = null;
                for (int ply = sente ? 0 : 1; ply < 400 && end == null; ply += 2) {
                    ws.move(EngineGameTest.firstLegal(position), ply);
                    JsonNode reply = moveOrEnd(ws, ply + 2);
                    if (reply.get("t").asString().equals("end")) {
                        end = reply;
                    } else {
                        times.add(reply.get("move").get("timeMs").asLong());
                        position = reply;
                        if (reply.get("dests").isEmpty() && reply.get("dropDests").isEmpty()) {
                            end = ws.next("end");
                        }
                    }
                }
                assertThat(end).as("game %d ended within 400 plies", g).isNotNull();
                endings.add(end.get("outcome").get("reason").asString());
                ws.close();
            }
        }
        times.sort(null);
        System.out.printf("engine moves %d, time per move: median %d ms, 99th percentile %d ms, max %d ms; endings %s%n", times.size(),
                times.get(times.size() / 2), times.get(times.size() * 99 / 100), times.getLast(), endings);
        assertThat(endings).as("every game ends in a mate, none on time").containsOnly("CHECKMATE");
    }

    /** The engine's move of ply {@code ply}, or the end of the game, skipping everything else. */
    private static JsonNode moveOrEnd(Harness.Ws ws, int ply) {
        while (true) {
            JsonNode n;
            try {
                n = ws.inbox.poll(30, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException(e);
            }
            assertThat(n).as("a message within 30 s").isNotNull();
            String t = n.get("t").asString();
            if (t.equals("end") || t.equals("move") && n.get("ply").asInt() == ply) {
                return n;
            }
        }
    }
}
