package dev.meijin.engine;

import static org.assertj.core.api.Assertions.assertThat;

import dev.meijin.core.position.Position;
import dev.meijin.core.sfen.Sfen;
import dev.meijin.core.usi.Usi;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** Several threads in one search, and several engines searching at once (as the play server runs them). */
class ConcurrencyTest {
    private static final String[] MATES_IN_THREE = {
        "9/8k/9/7RG/9/9/9/9/9 b r2b3g4s4n4l18p 1",
        "9/9/6S2/8k/9/7R1/9/9/9 b r2b4g3s3n4l18p 1",
        "9/5R3/8k/8N/6S2/9/9/9/9 b r2b4g3s2n4l18p 1",
    };

    @Test
    void lazySmpFindsTheMatesWithEveryThreadCount() {
        for (int threads : new int[] {2, 4}) {
            try (Engine e = new Engine()) {
                e.setOption("Threads", Integer.toString(threads));
                for (String sfen : MATES_IN_THREE) {
                    e.newGame();
                    e.setPosition(Sfen.parse(sfen), List.of());
                    Engine.SearchResult r = e.think(SearchLimits.depth(7));
                    assertThat(r.line().orElseThrow().score()).as("%s with %d threads", sfen, threads).isEqualTo(new Score.Mate(3));
                }
            }
        }
    }

    @Test
    void lazySmpHelpersCountTheirNodes() {
        try (Engine four = new Engine()) {
            four.setOption("Threads", "4");
            four.setPosition(dev.meijin.core.position.Setups.STARTPOS, List.of("7g7f", "3c3d", "2g2f", "4c4d"));
            Engine.SearchResult r4 = four.think(SearchLimits.depth(10));
            assertThat(r4.line().orElseThrow().depth()).isEqualTo(10);
            long main = four.lastSearchMainNodes();
            assertThat(main).isPositive();
            // The helpers search too: the reported total is more than the main thread searched alone.
            assertThat(r4.line().orElseThrow().nodes()).isGreaterThan(main);
        }
    }

    @Test
    void independentEnginesSearchAtOnce() throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(4);
        try {
            List<Future<String>> results = new ArrayList<>();
            for (int i = 0; i < 8; i++) {
                String sfen = MATES_IN_THREE[i % MATES_IN_THREE.length];
                int threads = 1 + i % 2;
                results.add(pool.submit(() -> {
                    try (Engine e = new Engine()) {
                        e.setOption("Threads", Integer.toString(threads));
                        e.setOption("USI_Hash", "8");
                        e.setPosition(Sfen.parse(sfen), List.of());
                        Engine.SearchResult r = e.think(SearchLimits.depth(7));
                        assertThat(r.line().orElseThrow().score()).isEqualTo(new Score.Mate(3));
                        return ((BestMove.Play) r.bestMove()).move();
                    }
                }));
            }
            for (int i = 0; i < results.size(); i++) {
                String move = results.get(i).get(120, TimeUnit.SECONDS);
                Position p = Position.ofTsume(Sfen.parse(MATES_IN_THREE[i % MATES_IN_THREE.length]));
                assertThat(p.givesCheck(Usi.parseMove(p, move))).as("first move of a mate in three checks").isTrue();
            }
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void stopFromAnotherThreadWhileHelpersRunAlwaysDeliversOneBestmove() throws InterruptedException {
        try (Engine e = new Engine()) {
            e.setOption("Threads", "3");
            List<BestMove> got = java.util.Collections.synchronizedList(new ArrayList<>());
            e.onBestMove(got::add);
            e.setPosition(dev.meijin.core.position.Setups.STARTPOS, List.of());
            for (int i = 0; i < 20; i++) {
                e.go(SearchLimits.untilStopped());
                Thread.sleep(i % 4 * 10);
                e.stop();
                e.awaitIdle();
            }
            assertThat(got).hasSize(20).allMatch(b -> b instanceof BestMove.Play);
        }
    }
}
