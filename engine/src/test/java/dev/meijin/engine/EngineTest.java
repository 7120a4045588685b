package dev.meijin.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.meijin.core.position.Position;
import dev.meijin.core.position.Setups;
import dev.meijin.core.sfen.Sfen;
import dev.meijin.core.usi.Usi;
import dev.meijin.engine.eval.Evaluator;
import dev.meijin.engine.eval.ShogiEvaluator;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class EngineTest {

    @Test
    void searchesTheStartPositionToAFixedDepthAndReturnsALegalMove() {
        try (Engine engine = new Engine()) {
            engine.setPosition(Setups.STARTPOS, List.of());
            Engine.SearchResult r = engine.think(SearchLimits.depth(5));
            assertThat(r.bestMove()).isInstanceOf(BestMove.Play.class);
            String move = ((BestMove.Play) r.bestMove()).move();
            Position p = Position.startpos();
            Usi.parseMove(p, move); // throws if illegal
            assertThat(r.line()).isPresent();
            assertThat(r.line().get().depth()).isEqualTo(5);
        }
    }

    @Test
    void aMovesClockRunsFromWhenItsGoArrivedSoTimeAlreadySpentIsNotGivenAgain() throws Exception {
        try (Engine engine = new Engine()) {
            List<SearchInfo.Line> lines = new CopyOnWriteArrayList<>();
            CompletableFuture<BestMove> best = new CompletableFuture<>();
            engine.onInfo(i -> {
                if (i instanceof SearchInfo.Line l) {
                    lines.add(l);
                }
            });
            engine.onBestMove(best::complete);
            engine.setPosition(Setups.STARTPOS, List.of("7g7f", "3c3d"));
            engine.setOption("NetworkDelay", "0");
            engine.setOption("NetworkDelay2", "0");
            // The go arrived 5 s ago with 5.3 s to think: 0.3 s are left, not 5.3, so the search answers within a
            // fraction of a second of this call, and its lines count the time from the arrival.
            long called = System.nanoTime();
            engine.go(SearchLimits.movetime(5300), called - TimeUnit.SECONDS.toNanos(5));
            assertThat(best.get(30, TimeUnit.SECONDS)).isInstanceOf(BestMove.Play.class);
            long answeredMs = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - called);
            assertThat(answeredMs).as("the 0.3 s left, not 5.3 s").isLessThan(2000);
            assertThat(lines).isNotEmpty();
            assertThat(lines).allSatisfy(l -> assertThat(l.timeMs()).isGreaterThanOrEqualTo(5000));
        }
    }

    @Test
    void findsAMateInOne() {
        try (Engine engine = new Engine()) {
            engine.setPosition(Sfen.parse("6k2/9/6P2/9/9/9/9/9/9 b G2r2b3g4s4n4l17p 1"), List.of());
            Engine.SearchResult r = engine.think(SearchLimits.depth(3));
            assertThat(((BestMove.Play) r.bestMove()).move()).isEqualTo("G*3b");
            assertThat(r.line().get().score()).isEqualTo(new Score.Mate(1));
        }
    }

    @Test
    void aNewGameMakesANodeLimitedSearchIndependentOfTheSearchesBeforeIt() {
        // The position after 2g2f 8c8d 2f2e 8d8e, searched with 20,000 nodes: first on a fresh engine, then on one that
        // has searched other positions (its table, histories and the evaluation's cache of costly terms all full),
        // after a new game. The evaluation's cache alone changes the search: a cached sum is exact where an empty
        // slot gives a lazy bound.
        List<String> target = List.of("2g2f", "8c8d", "2f2e", "8d8e");
        Engine.SearchResult fresh;
        try (Engine engine = new Engine()) {
            engine.setPosition(Setups.STARTPOS, target);
            fresh = engine.think(SearchLimits.nodes(20_000));
        }
        try (Engine engine = new Engine()) {
            for (List<String> other : List.of(List.of("7g7f"), List.of("7g7f", "3c3d", "2g2f"), List.of("2g2f", "8c8d", "2f2e"))) {
                engine.setPosition(Setups.STARTPOS, other);
                engine.think(SearchLimits.nodes(50_000));
            }
            engine.newGame();
            engine.setPosition(Setups.STARTPOS, target);
            Engine.SearchResult again = engine.think(SearchLimits.nodes(20_000));
            assertThat(again.bestMove()).isEqualTo(fresh.bestMove());
            assertThat(again.line().orElseThrow().score()).isEqualTo(fresh.line().orElseThrow().score());
            assertThat(again.line().orElseThrow().pv()).isEqualTo(fresh.line().orElseThrow().pv());
            assertThat(again.line().orElseThrow().nodes()).isEqualTo(fresh.line().orElseThrow().nodes());
        }
    }

    @Test
    void keepsEachThreadsEvaluatorFromOneSearchToTheNextUntilTheEvaluationChanges() {
        AtomicInteger made = new AtomicInteger();
        Supplier<Evaluator> counting = () -> {
            made.incrementAndGet();
            return new ShogiEvaluator();
        };
        try (Engine engine = new Engine()) {
            engine.setEvaluator(counting);
            engine.setPosition(Setups.STARTPOS, List.of("7g7f"));
            engine.think(SearchLimits.depth(4));
            engine.setPosition(Setups.STARTPOS, List.of("7g7f", "3c3d"));
            engine.think(SearchLimits.depth(4));
            engine.newGame();
            engine.setPosition(Setups.STARTPOS, List.of("2g2f"));
            Engine.SearchResult r = engine.think(SearchLimits.depth(4));
            assertThat(r.line().get().depth()).isEqualTo(4);
            assertThat(made.get()).as("one evaluator for the one thread, kept over three searches and a new game").isEqualTo(1);

            engine.setOption("Threads", "2");
            engine.think(SearchLimits.depth(4));
            assertThat(made.get()).as("a second thread gets its own").isEqualTo(2);

            AtomicInteger madeOther = new AtomicInteger();
            engine.setEvaluator(() -> {
                madeOther.incrementAndGet();
                return new ShogiEvaluator();
            });
            engine.think(SearchLimits.depth(4));
            assertThat(madeOther.get()).as("another evaluation: new evaluators for both threads").isEqualTo(2);
            assertThat(made.get()).isEqualTo(2);
        }
    }

    @Test
    void aSearchThreadHeldPastTheHardStopIsAnsweredForByTheWatchdogWithTheBestMoveSoFar() throws Exception {
        long byoyomi = 1000;
        long holdMs = 6000;
        try (Held h = Held.atDepth5(holdMs)) {
            Engine engine = h.engine();
            List<SearchInfo> infos = h.infos();
            CompletableFuture<SearchInfo.Line> held = h.held();
            CompletableFuture<BestMove> best = h.best();
            long start = System.nanoTime();
            engine.go(SearchLimits.clock(0, 0, byoyomi, 0, 0), start);
            BestMove answer = best.get(30, TimeUnit.SECONDS);
            long answeredMs = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);

            SearchInfo.Line line = held.getNow(null);
            assertThat(line).as("the search reached depth 5 and was held there").isNotNull();
            long hardStop = byoyomi - TimeManager.SAFETY_MS;
            assertThat(answeredMs).as("answered after the hard stop, long before the held thread goes on")
                    .isBetween(hardStop, holdMs - 1000);
            assertThat(answer).as("the best move of the last completed iteration, with the reply it expects")
                    .isEqualTo(new BestMove.Play(line.pv().get(0), Optional.of(line.pv().get(1))));
            assertThat(infos).anySatisfy(i -> assertThat(i).isInstanceOfSatisfying(SearchInfo.Text.class,
                    t -> assertThat(t.text()).startsWith("hard stop: the search thread had not answered")));
            assertThat(engine.isSearching()).as("the held thread has not finished").isTrue();
        }
    }

    @Test
    void noInfoLineFollowsTheBestmoveTheWatchdogGaveForAHeldSearchThread() throws Exception {
        try (Engine engine = new Engine()) {
            engine.setOption("NetworkDelay", "0");
            engine.setOption("NetworkDelay2", "0");
            List<Object> output = new CopyOnWriteArrayList<>();
            AtomicBoolean held = new AtomicBoolean();
            CompletableFuture<BestMove> best = new CompletableFuture<>();
            // After 3 s the root reports the move it searches; the first such report is held past the hard stop
            // (5 s − 30 ms), so the watchdog answers while the search thread is inside it. Released, the thread
            // sees the stop, ends its iteration and would report the depth.
            engine.onInfo(i -> {
                output.add(i);
                if (i instanceof SearchInfo.CurrentMove && held.compareAndSet(false, true)) {
                    try {
                        Thread.sleep(3500);
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                }
            });
            engine.onBestMove(b -> {
                output.add(b);
                best.complete(b);
            });
            engine.setPosition(Setups.STARTPOS, List.of("7g7f", "3c3d"));
            engine.go(SearchLimits.clock(0, 0, 5000, 0, 0));
            BestMove answer = best.get(30, TimeUnit.SECONDS);
            engine.awaitIdle();
            assertThat(held.get()).as("a root move was reported and held").isTrue();
            assertThat(output).as("the watchdog answered for the held thread").anySatisfy(o -> assertThat(o)
                    .isInstanceOfSatisfying(SearchInfo.Text.class, t -> assertThat(t.text()).startsWith("hard stop:")));
            assertThat(output.getLast()).as("nothing after the bestmove").isEqualTo(answer);
        }
    }

    @Test
    void aPonderSearchHeldPastItsHardStopIsAnsweredForFromThePonderhit() throws Exception {
        long byoyomi = 1000;
        long holdMs = 8000;
        try (Held h = Held.atDepth5(holdMs)) {
            Engine engine = h.engine();
            CompletableFuture<SearchInfo.Line> held = h.held();
            CompletableFuture<BestMove> best = h.best();
            engine.go(SearchLimits.clock(0, 0, byoyomi, 0, 0).withPonder(true));
            SearchInfo.Line line = held.get(30, TimeUnit.SECONDS);
            // Pondering has no hard stop: nothing answers while the opponent thinks, longer than a byoyomi.
            Thread.sleep(1500);
            assertThat(best).as("no answer while pondering").isNotDone();
            long hit = System.nanoTime();
            engine.ponderhit();
            BestMove answer = best.get(30, TimeUnit.SECONDS);
            long answeredMs = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - hit);

            assertThat(answeredMs).as("answered after the hard stop counted from the ponderhit, before the held thread goes on")
                    .isBetween(byoyomi - TimeManager.SAFETY_MS, holdMs - 1500 - 1000);
            assertThat(answer).isEqualTo(new BestMove.Play(line.pv().get(0), Optional.of(line.pv().get(1))));
        }
    }

    /**
     * An engine without network margins at the position after 7g7f 3c3d whose info listener holds the search
     * thread (the listener runs on it) for {@code holdMs} inside the report of depth 5, as a long pause of the
     * runtime would: the search cannot look at the clock meanwhile.
     */
    private record Held(Engine engine, List<SearchInfo> infos, CompletableFuture<SearchInfo.Line> held,
            CompletableFuture<BestMove> best) implements AutoCloseable {
        static Held atDepth5(long holdMs) {
            Held h = new Held(new Engine(), new CopyOnWriteArrayList<>(), new CompletableFuture<>(), new CompletableFuture<>());
            h.engine.setOption("NetworkDelay", "0");
            h.engine.setOption("NetworkDelay2", "0");
            h.engine.onInfo(i -> {
                h.infos.add(i);
                if (i instanceof SearchInfo.Line l && l.depth() == 5 && h.held.complete(l)) {
                    try {
                        Thread.sleep(holdMs);
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                }
            });
            h.engine.onBestMove(h.best::complete);
            h.engine.setPosition(Setups.STARTPOS, List.of("7g7f", "3c3d"));
            return h;
        }

        @Override
        public void close() {
            engine.close();
        }
    }

    @Test
    void moreSearchThreadsThanTheHeapHoldsSearchWithThoseThatFit() throws Exception {
        // Threads 256 on a small heap threw OutOfMemoryError out of go, which ended the USI engine.
        try (Engine engine = new Engine()) {
            AtomicInteger made = new AtomicInteger();
            engine.setEvaluator(() -> {
                if (made.incrementAndGet() > 2) {
                    throw new OutOfMemoryError("Java heap space");
                }
                return new ShogiEvaluator();
            });
            List<SearchInfo> infos = new CopyOnWriteArrayList<>();
            CompletableFuture<BestMove> best = new CompletableFuture<>();
            engine.onInfo(infos::add);
            engine.onBestMove(best::complete);
            engine.setOption("Threads", "4");

            engine.go(SearchLimits.depth(3));

            assertThat(best.get(60, TimeUnit.SECONDS)).isInstanceOf(BestMove.Play.class);
            assertThat(infos.getFirst()).isEqualTo(new SearchInfo.Text("error: not enough memory for 4 search threads (the JVM may use "
                    + (Runtime.getRuntime().maxMemory() >> 20) + " MiB); searching with 2, and Threads is now 2"));
            assertThat(engine.toString()).contains("threads 2,");
        }
    }

    @Test
    void optionFilesMustBeRegularFiles(@TempDir Path dir) {
        try (Engine engine = new Engine()) {
            for (String option : List.of("BookFile", "EvalFile")) {
                assertThatThrownBy(() -> engine.setOption(option, dir.toString())).isInstanceOf(IllegalArgumentException.class)
                        .hasMessage(option + " " + dir + ": not a regular file");
                // /dev/zero was read until the heap ran out: the OutOfMemoryError ended the USI engine.
                if (Files.exists(Path.of("/dev/zero"))) {
                    assertThatThrownBy(() -> engine.setOption(option, "/dev/zero")).isInstanceOf(IllegalArgumentException.class)
                            .hasMessage(option + " /dev/zero: not a regular file");
                }
            }
        }
    }
}
