package dev.meijin.server.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.meijin.core.Color;
import dev.meijin.core.game.RuleSet;
import dev.meijin.core.game.TimeSource;
import dev.meijin.core.position.Position;
import dev.meijin.core.position.Setups;
import dev.meijin.core.sfen.Sfen;
import dev.meijin.core.usi.Usi;
import dev.meijin.engine.EnteringKingRule;
import dev.meijin.engine.Levels;
import dev.meijin.engine.SearchLimits;
import dev.meijin.server.EngineSettings;
import dev.meijin.server.round.EnginePlayer;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class EnginePoolTest {
    private static final String START = Sfen.format(Setups.STARTPOS);

    private static EnginePlayer.Request request(String id, List<String> moves, EnginePlayer.Clocks clocks, long at) {
        return new EnginePlayer.Request(id, START, moves, moves.size() % 2 == 0 ? Color.SENTE : Color.GOTE, 8, RuleSet.CSA, clocks, at);
    }

    @Test
    void atMostThePoolSizeSearchesRunAndEveryRequestGetsALegalMove() throws Exception {
        List<List<String>> positions = List.of(List.of(), List.of("7g7f"), List.of("7g7f", "3c3d"), List.of("2g2f"), List.of("2g2f", "8c8d"),
                List.of("7g7f", "3c3d", "8h2b+"));
        try (EnginePool pool = new EnginePool(new EngineSettings(2, 20_000, Duration.ofSeconds(10)), TimeSource.SYSTEM)) {
            ConcurrentHashMap<Integer, CompletableFuture<EnginePlayer.Answer>> answers = new ConcurrentHashMap<>();
            for (int i = 0; i < positions.size(); i++) {
                CompletableFuture<EnginePlayer.Answer> f = new CompletableFuture<>();
                answers.put(i, f);
                pool.think(request("g" + i, positions.get(i), null, 0), f::complete);
            }
            for (int i = 0; i < positions.size(); i++) {
                EnginePlayer.Answer a = answers.get(i).get(30, TimeUnit.SECONDS);
                assertThat(a).isInstanceOf(EnginePlayer.Answer.Play.class);
                Position p = Position.startpos();
                for (String m : positions.get(i)) {
                    p.doMove(Usi.parseMove(p, m));
                }
                int move = Usi.parseMove(p, ((EnginePlayer.Answer.Play) a).usi());
                assertThat(p.isLegal(move)).as("answer %s in position %d", a, i).isTrue();
            }
            assertThat(pool.peakRunning()).isBetween(1, 2);
            // Either recapture is sound (the silver is the usual one); which one a worker plays can depend on the
            // transposition table and histories its engine kept from the requests it served before, and two workers
            // take the requests in any order.
            assertThat(((EnginePlayer.Answer.Play) answers.get(5).get()).usi()).as("the horse on 2b is taken at once")
                    .isIn("3a2b", "8b2b");
        }
    }

    @Test
    void aGamesMoveGoesBeforeTheAnalysesWaitingAndAnalysesTakeTurns() throws Exception {
        // The first 30 moves of a lishogi game of the test data, each position searched with 20 000 nodes by the
        // pool's one worker: in the order asked, the move would wait for all 31 positions of the first analysis.
        List<String> game = List.of(("3g3f 8c8d 3f3e 8d8e 6i7h 8e8f 8g8f 8b8f P*8g 8f8e 2h3h 4a3b 7g7f P*8f 8g8f 8e8f 3h3f 7a6b 3i3h "
                + "6a7b 9g9f 3a4b 5i5h 5a5b 1g1f 1c1d 2i3g 8f8d P*8g 2b1c").split(" "));
        try (EnginePool pool = new EnginePool(new EngineSettings(1, 20_000, Duration.ofSeconds(10)), TimeSource.SYSTEM)) {
            EnginePool.Analysis first = pool.analyse(START, game, 20_000);
            EnginePool.Analysis second = pool.analyse(START, game.subList(0, 10), 20_000);
            CompletableFuture<EnginePlayer.Answer> move = new CompletableFuture<>();
            pool.think(request("g", List.of("7g7f"), null, 0), move::complete);
            assertThat(move.get(30, TimeUnit.SECONDS)).isInstanceOf(EnginePlayer.Answer.Play.class);
            assertThat(first.soFar().size()).as("the game's move did not wait for the whole analysis").isLessThan(5);
            assertThat(second.result().get(60, TimeUnit.SECONDS)).as("one evaluation per position").hasSize(11);
            assertThat(first.done()).as("the shorter analysis, asked for later, ends first: they take turns").isFalse();
            List<EnginePool.Evaluation> all = first.result().get(120, TimeUnit.SECONDS);
            assertThat(all).hasSize(game.size() + 1);
            assertThat(all.stream().map(EnginePool.Evaluation::ply).toList()).isEqualTo(java.util.stream.IntStream.rangeClosed(0, game.size())
                    .boxed().toList());
        }
    }

    @Test
    void aGameAnalysedAgainGetsTheSameEvaluationsWhateverTheWorkerSearchedBetween() throws Exception {
        // The first 24 moves of a lishogi game of the test data.
        List<String> game = List.of(("3g3f 8c8d 3f3e 8d8e 6i7h 8e8f 8g8f 8b8f P*8g 8f8e 2h3h 4a3b 7g7f P*8f 8g8f 8e8f 3h3f 7a6b 3i3h "
                + "6a7b 9g9f 3a4b 5i5h 5a5b").split(" "));
        try (EnginePool pool = new EnginePool(new EngineSettings(1, 20_000, Duration.ofSeconds(10)), TimeSource.SYSTEM)) {
            List<EnginePool.Evaluation> first = pool.analyse(START, game, 20_000).result().get(120, TimeUnit.SECONDS);
            // In between: a game's moves, an analysis of other positions, and one of positions near these.
            for (List<String> moves : List.of(game.subList(0, 7), game.subList(0, 16))) {
                CompletableFuture<EnginePlayer.Answer> move = new CompletableFuture<>();
                pool.think(request("g", moves, null, 0), move::complete);
                assertThat(move.get(30, TimeUnit.SECONDS)).isInstanceOf(EnginePlayer.Answer.Play.class);
            }
            pool.analyse(START, List.of("7g7f", "3c3d", "2g2f", "8c8d", "2f2e", "8d8e", "6i7h", "4a3b"), 20_000).result().get(120, TimeUnit.SECONDS);
            pool.analyse(START, game.subList(0, 12), 50_000).result().get(120, TimeUnit.SECONDS);
            List<EnginePool.Evaluation> again = pool.analyse(START, game, 20_000).result().get(120, TimeUnit.SECONDS);
            assertThat(again).hasSize(game.size() + 1);
            assertThat(again).as("evaluations, best moves and grades").isEqualTo(first);
        }
    }

    @Test
    void aGamesMoveTakesTheWorkerFromAnAnalysisWhoseInterruptedPositionIsEvaluatedAgainAfterwards() throws Exception {
        try (EnginePool pool = new EnginePool(new EngineSettings(1, 0, Duration.ofSeconds(60)), TimeSource.SYSTEM)) {
            // Two positions of 2,000,000 nodes each: seconds of search apiece.
            EnginePool.Analysis analysis = pool.analyse(START, List.of("7g7f"), 2_000_000);
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
            while (pool.running() == 0) { // the worker warms its engine up first
                assertThat(System.nanoTime()).as("the analysis starts").isLessThan(deadline);
                Thread.sleep(5);
            }
            CompletableFuture<EnginePlayer.Answer> move = new CompletableFuture<>();
            pool.think(request("g", List.of(), new EnginePlayer.Clocks(0, 0, 2_000, 0), System.nanoTime()), move::complete);
            assertThat(move.get(30, TimeUnit.SECONDS)).isInstanceOf(EnginePlayer.Answer.Play.class);
            assertThat(pool.givenBack()).as("the move asked for the worker back").isEqualTo(1);
            assertThat(pool.lastMoveLimits().byoyomi()).as("the byoyomi the move's search was given: it waited less than 0.5 s")
                    .isBetween(1_500L, 2_000L);

            List<EnginePool.Evaluation> all = analysis.result().get(120, TimeUnit.SECONDS);
            assertThat(all.stream().map(EnginePool.Evaluation::ply).toList()).as("every position once, in order").containsExactly(0, 1);
            assertThat(all).allSatisfy(e -> assertThat(e.best()).as("a full search's move").isNotNull());
            assertThat(pool.peakRunning()).isEqualTo(1);
        }
    }

    @Test
    void aCancelledRequestIsNeverAnswered() throws Exception {
        try (EnginePool pool = new EnginePool(new EngineSettings(1, 200_000, Duration.ofSeconds(10)), TimeSource.SYSTEM)) {
            CompletableFuture<EnginePlayer.Answer> busy = new CompletableFuture<>();
            CompletableFuture<EnginePlayer.Answer> dropped = new CompletableFuture<>();
            CompletableFuture<EnginePlayer.Answer> after = new CompletableFuture<>();
            pool.think(request("a", List.of(), null, 0), busy::complete).cancel();
            pool.think(request("b", List.of("7g7f"), null, 0), dropped::complete).cancel();
            pool.think(request("c", List.of("7g7f", "3c3d"), null, 0), after::complete);
            assertThat(after.get(60, TimeUnit.SECONDS)).isInstanceOf(EnginePlayer.Answer.Play.class);
            assertThat(busy).isNotDone();
            assertThat(dropped).isNotDone();
        }
    }

    @Test
    void theTimeARequestWaitedForAWorkerIsChargedToTheEnginesClock() {
        AtomicLong now = new AtomicLong();
        try (EnginePool pool = new EnginePool(new EngineSettings(1, 0, Duration.ofSeconds(10)), now::get)) {
            EnginePlayer.Clocks c = new EnginePlayer.Clocks(10_000, 20_000, 30_000, 0);
            SearchLimits l = pool.limits(request("a", List.of(), c, 0), 4_000);
            assertThat(l.btime()).isEqualTo(6_000);
            assertThat(l.wtime()).as("the opponent's clock is not touched").isEqualTo(20_000);
            assertThat(l.byoyomi()).isEqualTo(30_000);
            SearchLimits late = pool.limits(request("a", List.of(), c, 0), 12_000);
            assertThat(late.btime()).isZero();
            assertThat(late.byoyomi()).as("the wait beyond the main time comes out of the byoyomi").isEqualTo(28_000);
            SearchLimits gote = pool.limits(request("a", List.of("7g7f"), c, 0), 1_000);
            assertThat(gote.wtime()).isEqualTo(19_000);
            assertThat(gote.btime()).isEqualTo(10_000);
            SearchLimits out = pool.limits(request("a", List.of(), new EnginePlayer.Clocks(1_000, 20_000, 0, 0), 0), 5_000);
            assertThat(out.timed()).as("sudden death spent while waiting: answer at once").isFalse();
            assertThat(out.nodes()).isEqualTo(1_000);
            SearchLimits unlimited = pool.limits(request("a", List.of(), null, 0), 0);
            assertThat(unlimited.movetime()).as("level 8 without a clock").isEqualTo(4_000);
        }
    }

    @Test
    void levelsAndImpasseRulesMapToTheEnginesOptions() {
        assertThat(Levels.skill(1)).isZero();
        assertThat(Levels.skill(4)).isEqualTo(9);
        assertThat(Levels.skill(8)).isEqualTo(20);
        assertThat(Levels.moveMillis(3)).isEqualTo(1_500);
        assertThat(Levels.name(3)).isEqualTo("Meijin level 3");
        assertThatThrownBy(() -> Levels.skill(9)).hasMessage("level 9 is outside 1–8");
        assertThat(EnteringKingRule.of(RuleSet.CSA)).isEqualTo(EnteringKingRule.CSA_RULE_27);
        assertThat(EnteringKingRule.of(RuleSet.AMATEUR)).isEqualTo(EnteringKingRule.CSA_RULE_24);
        assertThat(EnteringKingRule.of(RuleSet.TRY_RULE)).isEqualTo(EnteringKingRule.TRY_RULE);
        assertThat(EnteringKingRule.of(RuleSet.PROFESSIONAL)).isEqualTo(EnteringKingRule.NO_ENTERING_KING);
        assertThat(EnteringKingRule.of(RuleSet.CSA.withHandicapCompensation(true))).isEqualTo(EnteringKingRule.CSA_RULE_27H);
    }
}
