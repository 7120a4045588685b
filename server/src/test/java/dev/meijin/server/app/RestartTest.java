package dev.meijin.server.app;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/**
 * A server process killed with SIGKILL in the middle of a game and started again on the same database: both
 * players reconnect with their secrets and go on from the same position and clocks.
 */
class RestartTest {
    @TempDir
    Path dir;

    /** Starts {@link dev.meijin.server.Main} in a child JVM and waits until it listens. */
    private static Process startChild(Path data) throws IOException {
        String java = ProcessHandle.current().info().command().orElse("java");
        Process p = new ProcessBuilder(java, "-cp", System.getProperty("java.class.path"), "dev.meijin.server.Main", "0", data.toString())
                .redirectError(ProcessBuilder.Redirect.DISCARD).start();
        return p;
    }

    private static int port(Process p) throws IOException {
        BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
        String line;
        while ((line = r.readLine()) != null) {
            if (line.startsWith("listening ")) {
                // Keep reading what the server writes, so that a full pipe never blocks it.
                Thread drain = new Thread(() -> {
                    try {
                        while (r.readLine() != null) {
                            // discarded
                        }
                    } catch (IOException e) {
                        // the process ended
                    }
                }, "restart-test-drain");
                drain.setDaemon(true);
                drain.start();
                return Integer.parseInt(line.substring("listening ".length()).trim());
            }
        }
        throw new IllegalStateException("the server process ended before listening (exit " + p.exitValue() + ")");
    }

    @Test
    void killMinus9MidGameAndBothPlayersContinue() throws Exception {
        Process first = startChild(dir);
        Harness.Seat[] s;
        JsonNode beforeKill;
        try (Harness h = Harness.remote(port(first))) {
            s = h.pair("{\"side\":\"sente\",\"timeControl\":{\"mainSeconds\":600,\"byoyomiSeconds\":30}}");
            Harness.Ws sente = h.connect(s[0].gameId(), s[0].secret());
            Harness.Ws gote = h.connect(s[1].gameId(), s[1].secret());
            sente.next("state");
            gote.next("state");
            List<String> line = List.of("7g7f", "3c3d", "8h2b+");
            for (int i = 0; i < line.size(); i++) {
                (i % 2 == 0 ? sente : gote).move(line.get(i), i);
                sente.next("move");
                beforeKill = gote.next("move");
            }
            beforeKill = h.get("/api/games/" + s[0].gameId()).body();
            first.destroyForcibly();
            assertThat(first.waitFor(10, TimeUnit.SECONDS)).isTrue();
            assertThat(first.exitValue()).as("killed by SIGKILL").isEqualTo(137);
        } finally {
            first.destroyForcibly();
        }

        Thread.sleep(2_000); // the server is down for a while: that time is charged to nobody
        long restartedAt = System.nanoTime();
        Process second = startChild(dir);
        try (Harness h = Harness.remote(port(second))) {
            Harness.Ws sente = h.connect(s[0].gameId(), s[0].secret());
            Harness.Ws gote = h.connect(s[1].gameId(), s[1].secret());
            // A cold JVM opens the database left by the crash and rebuilds the round on the first connection.
            JsonNode st = gote.next("state", 30);
            sente.next("state", 30);
            assertThat(st.get("you").asString()).isEqualTo("gote");
            assertThat(st.get("status").asString()).isEqualTo("playing");
            assertThat(st.get("ply").asInt()).isEqualTo(3);
            assertThat(st.get("sfen").asString()).isEqualTo(beforeKill.get("sfen").asString());
            assertThat(st.get("moves")).hasSize(3);
            assertThat(st.get("moves").get(2).get("kif").asString()).isEqualTo("２二角成(88)");
            assertThat(st.get("clock").get("running").asString()).isEqualTo("gote");
            // sente's clock stands as it was stored after its move; gote's runs from the restart
            assertThat(st.get("clock").get("sente").get("mainMs").asLong())
                    .isEqualTo(beforeKill.get("clock").get("sente").get("mainMs").asLong());
            long sinceRestart = (System.nanoTime() - restartedAt) / 1_000_000;
            long goteBefore = beforeKill.get("clock").get("gote").get("mainMs").asLong();
            assertThat(st.get("clock").get("gote").get("mainMs").asLong()).as("only the time since the restart is used")
                    .isLessThanOrEqualTo(goteBefore + 300).isGreaterThanOrEqualTo(goteBefore - sinceRestart);
            gote.move("3a2b", 3);
            assertThat(sente.next("move").get("ply").asInt()).isEqualTo(4);
            gote.next("move");
            sente.move("B*5e", 4);
            assertThat(gote.next("move").get("move").get("kif").asString()).isEqualTo("５五角打");
        } finally {
            second.destroyForcibly();
            second.waitFor(10, TimeUnit.SECONDS);
        }
    }
}
