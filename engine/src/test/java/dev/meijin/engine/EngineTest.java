package dev.meijin.engine;

import static org.assertj.core.api.Assertions.assertThat;

import dev.meijin.core.position.Position;
import dev.meijin.core.position.Setups;
import dev.meijin.core.sfen.Sfen;
import dev.meijin.core.usi.Usi;
import dev.meijin.engine.eval.Evaluator;
import dev.meijin.engine.eval.ShogiEvaluator;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

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
            // The go arrived 5 s ago with 1 s to think: the time is already spent, so the search stops at its first
            // look at the clock after the first iteration (every 256 nodes from depth 2 on), where a whole second
            // reaches depth 10 and more; its time is counted from the arrival.
            engine.go(SearchLimits.movetime(1000), System.nanoTime() - TimeUnit.SECONDS.toNanos(5));
            assertThat(best.get(30, TimeUnit.SECONDS)).isInstanceOf(BestMove.Play.class);
            assertThat(lines).isNotEmpty();
            assertThat(lines).allSatisfy(l -> assertThat(l.timeMs()).isGreaterThanOrEqualTo(5000));
            assertThat(lines.getLast().depth()).isBetween(1, 4);
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
}
