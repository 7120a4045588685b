package dev.meijin.server.engine;

import static org.assertj.core.api.Assertions.assertThat;

import dev.meijin.core.Color;
import dev.meijin.core.game.RuleSet;
import dev.meijin.core.game.TimeSource;
import dev.meijin.core.position.Position;
import dev.meijin.core.position.Setups;
import dev.meijin.core.sfen.Sfen;
import dev.meijin.mate.MateLimits;
import dev.meijin.mate.MateResult;
import dev.meijin.mate.MateSolver;
import dev.meijin.mate.Soundness;
import dev.meijin.mate.UnknownReason;
import dev.meijin.server.EngineSettings;
import dev.meijin.server.round.EnginePlayer;
import dev.meijin.testdata.TestData;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.Test;

class MateServiceTest {
    /** 九歩 (61 plies): hard enough to keep the solver busy for the whole time limit. */
    private static final Position NINE_PAWNS = Sfen.problem("7pk/7p1/7p1/7p1/7p1/7p1/7p1/7p1/7p1 b 2R4L4s4n 1");
    /** 図巧50 (伊藤看寿, 1755; the test data's tsume/edo_classics.tsv): a mate in 17 the solver takes a few seconds over. */
    private static final Position ZUKOU_50 = Sfen.problem(TestData.tsv("tsume/edo_classics.tsv").stream()
            .filter(r -> r[0].equals("zukou-050")).findFirst().orElseThrow()[1]);
    /** 図巧29 (the test data's tsume/edo_classics.tsv): a sound mate in 15. */
    private static final Position ZUKOU_29 = Sfen.problem(TestData.tsv("tsume/edo_classics.tsv").stream()
            .filter(r -> r[0].equals("zukou-029")).findFirst().orElseThrow()[1]);
    /** A mate in five, solved at once: 4i4b+ G*3b S*3a 2b1b 4b3b. */
    private static final Position MATE_IN_5 = Sfen.problem("7nl/7k1/6ppp/9/9/9/9/9/5R3 b Sr2b4g3s3n3l15p 1");

    /** A pool of one search, without a node limit, so that a game's move thinks as long as its clock allows. */
    private static EnginePool poolOfOne() {
        return new EnginePool(new EngineSettings(1, 0, Duration.ofSeconds(60)), TimeSource.SYSTEM);
    }

    /** A move of an even game at the start, for sente, with {@code mainMs} each on the clock. */
    private static EnginePlayer.Request startingMove(long mainMs) {
        return new EnginePlayer.Request("g", Sfen.format(Setups.STARTPOS), List.of(), Color.SENTE, 8, RuleSet.CSA,
                new EnginePlayer.Clocks(mainMs, mainMs, 0, 0), System.nanoTime());
    }

    /** A move of an even game at the start, for sente, in byoyomi: {@code byoyomiMs} a move and no main time. */
    private static EnginePlayer.Request byoyomiMove(long byoyomiMs) {
        return new EnginePlayer.Request("g", Sfen.format(Setups.STARTPOS), List.of(), Color.SENTE, 8, RuleSet.CSA,
                new EnginePlayer.Clocks(0, 0, byoyomiMs, 0), System.nanoTime());
    }

    /** Waits until a condition holds, failing after thirty seconds (the pool's worker warms its engine up first). */
    private static void await(String what, BooleanSupplier condition) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (!condition.getAsBoolean()) {
            assertThat(System.nanoTime()).as(what).isLessThan(deadline);
            Thread.sleep(5);
        }
    }

    @Test
    void oneProblemIsSolvedWhileAFewWaitAndTheNextIsRefusedAtOnce() throws Exception {
        List<CompletableFuture<MateService.Solved>> accepted = new ArrayList<>();
        try (EnginePool pool = poolOfOne()) {
            MateService service = new MateService(pool);
            try {
                accepted.add(service.solve(NINE_PAWNS, Duration.ofSeconds(30)).orElseThrow());
                // Fill the queue behind the problem being solved: a refusal before the worker has taken the first
                // problem (the queue full with it still waiting) is tried again once the worker has had a moment.
                long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
                while (accepted.size() <= MateService.QUEUE) {
                    Optional<CompletableFuture<MateService.Solved>> next = service.solve(NINE_PAWNS, Duration.ofSeconds(30));
                    if (next.isPresent()) {
                        accepted.add(next.get());
                    } else {
                        Thread.sleep(5);
                    }
                    assertThat(System.nanoTime()).isLessThan(deadline);
                }
                assertThat(accepted).as("one being solved and a full queue").hasSize(MateService.QUEUE + 1);
                assertThat(service.solve(NINE_PAWNS, Duration.ofSeconds(30))).as("refused while the queue is full").isEmpty();
                // Solving, not only granted the turn: a close in the moment between the grant and the worker's
                // taking it finds the problem still waiting, which fails as the waiting ones do.
                await("the first problem is solved in the pool's one turn",
                        () -> pool.running() == 1 && service.state() == MateService.State.SOLVING);
            } finally {
                service.close();
            }
            MateService.Solved first = accepted.getFirst().get(10, TimeUnit.SECONDS);
            assertThat(first.result()).as("the problem being solved is stopped").isEqualTo(new MateResult.Unknown(UnknownReason.STOPPED));
            for (CompletableFuture<MateService.Solved> waiting : accepted.subList(1, accepted.size())) {
                assertThat(waiting).failsWithin(Duration.ofSeconds(5)).withThrowableOfType(ExecutionException.class)
                        .withMessageContaining("the server is stopping");
            }
            await("the turn is given back when the service closes", () -> pool.running() == 0);
        }
    }

    @Test
    void aProblemWaitsWhileTheEngineThinksInAPoolOfOne() throws Exception {
        try (EnginePool pool = poolOfOne(); MateService service = new MateService(pool)) {
            CompletableFuture<EnginePlayer.Answer> move = new CompletableFuture<>();
            EnginePlayer.Thinking thinking = pool.think(startingMove(600_000), move::complete);
            await("the engine thinks", () -> pool.running() == 1);
            CompletableFuture<MateService.Solved> solved = service.solve(MATE_IN_5, Duration.ofSeconds(10)).orElseThrow();
            await("the problem waits for the pool's one worker", () -> pool.waiting() == 1);
            assertThat(service.state()).isEqualTo(MateService.State.WAITING);
            assertThat(solved).as("not solved beside the engine's search").isNotDone();
            assertThat(move).as("the engine still thinks (ten minutes on its clock)").isNotDone();
            assertThat(pool.running()).isEqualTo(1);

            thinking.cancel();
            MateService.Solved s = solved.get(30, TimeUnit.SECONDS);
            assertThat(s.result()).isInstanceOf(MateResult.Mate.class);
            assertThat(((MateResult.Mate) s.result()).moves()).hasSize(5);
            assertThat(pool.peakRunning()).as("never more searches at once than the pool's one").isEqualTo(1);
        }
    }

    @Test
    void theTableIsASixteenthOfTheHeapWithinItsBounds() {
        long mb = 1024 * 1024;
        assertThat(MateService.hashMb(256 * mb)).as("a small heap: the least table").isEqualTo(16);
        assertThat(MateService.hashMb(1024 * mb)).isEqualTo(64);
        assertThat(MateService.hashMb(2048 * mb)).isEqualTo(128);
        assertThat(MateService.hashMb(6L * 1024 * mb)).as("a large heap: the largest table").isEqualTo(256);
    }

    @Test
    void aGamesMoveTakesTheWorkerFromAProblemAtOnceAndTheProblemThenGoesOnToTheAnswerItWouldHaveHad() throws Exception {
        // 図巧50 (17 plies): a proof of about 270,000 nodes and a reading, a few seconds in all. Left alone:
        MateResult alone = new MateSolver(MateService.hashMb()).solve(ZUKOU_50, MateLimits.ofTime(Duration.ofSeconds(30)));
        assertThat(alone).isInstanceOfSatisfying(MateResult.Mate.class, m -> {
            assertThat(m.plies()).isEqualTo(17);
            assertThat(m.exact()).isTrue();
        });
        try (EnginePool pool = poolOfOne(); MateService service = new MateService(pool)) {
            CompletableFuture<MateService.Solved> solved = service.solve(ZUKOU_50, Duration.ofSeconds(30)).orElseThrow();
            await("the problem is being proved", () -> service.state() == MateService.State.SOLVING && service.nodesSoFar() >= 50_000);

            // A move in byoyomi, 2 s a move: it takes the worker at once, and its clock pays for no wait.
            CompletableFuture<EnginePlayer.Answer> move = new CompletableFuture<>();
            pool.think(byoyomiMove(2_000), move::complete);
            assertThat(move.get(30, TimeUnit.SECONDS)).isInstanceOf(EnginePlayer.Answer.Play.class);
            assertThat(pool.givenBack()).as("the move asked for the worker back").isEqualTo(1);
            assertThat(pool.lastMoveLimits().byoyomi()).as("the byoyomi the move's search was given: it waited less than 0.5 s")
                    .isBetween(1_500L, 2_000L);

            MateService.Solved s = solved.get(60, TimeUnit.SECONDS);
            assertThat(service.gaveWay()).as("the problem gave its turn back once").isEqualTo(1);
            assertThat(s.result()).as("the answer of the solve left alone").isEqualTo(alone);
            assertThat(s.busy()).isFalse();
            assertThat(pool.peakRunning()).as("never more searches at once than the pool's one").isEqualTo(1);
        }
    }

    @Test
    void aJudgingAGamesMoveInterruptsIsMadeAgainDuringTheNextTurnToTheWholeVerdict() throws Exception {
        // 図巧29 (15 plies, sound): solved in a fraction of a second, then judged over a second or two, the
        // alternatives at each attacker move of the solution tried for a mate within the plies left.
        try (EnginePool pool = poolOfOne(); MateService service = new MateService(pool)) {
            CompletableFuture<MateService.Solved> solved = service.solve(ZUKOU_29, Duration.ofSeconds(30), true).orElseThrow();
            await("the mate is being judged", () -> service.state() == MateService.State.JUDGING && service.nodesSoFar() >= 200_000);
            CompletableFuture<EnginePlayer.Answer> move = new CompletableFuture<>();
            pool.think(byoyomiMove(1_000), move::complete);
            assertThat(move.get(30, TimeUnit.SECONDS)).isInstanceOf(EnginePlayer.Answer.Play.class);

            MateService.Solved s = solved.get(60, TimeUnit.SECONDS);
            assertThat(service.gaveWay()).as("the judging gave its turn back once").isEqualTo(1);
            assertThat(s.result()).isInstanceOfSatisfying(MateResult.Mate.class, m -> assertThat(m.plies()).isEqualTo(15));
            assertThat(s.busy()).isFalse();
            Soundness j = s.soundness().orElseThrow();
            assertThat(j.mate()).isEqualTo(s.result());
            assertThat(j.cooks()).isEmpty();
            assertThat(j.lastMoveAlternatives()).isEmpty();
            assertThat(j.complete()).isTrue();
            assertThat(j.verdict()).isEqualTo(Soundness.Verdict.SOUND);
            // Kept: the same problem judged again is answered at once with it; solving it alone is another question.
            assertThat(service.solve(ZUKOU_29, Duration.ofSeconds(30), true).orElseThrow().get(1, TimeUnit.SECONDS)).isSameAs(s);
            MateService.Solved plain = service.solve(ZUKOU_29, Duration.ofSeconds(30)).orElseThrow().get(30, TimeUnit.SECONDS);
            assertThat(plain.result()).isEqualTo(s.result());
            assertThat(plain.soundness()).isEmpty();
        }
    }

    @Test
    void aProblemSolvedJustBeforeIsJudgedWithoutBeingSolvedAgain() throws Exception {
        try (EnginePool pool = poolOfOne(); MateService service = new MateService(pool)) {
            MateService.Solved plain = service.solve(ZUKOU_29, Duration.ofSeconds(30)).orElseThrow().get(30, TimeUnit.SECONDS);
            assertThat(plain.soundness()).isEmpty();
            MateService.Solved judged = service.solve(ZUKOU_29, Duration.ofSeconds(30), true).orElseThrow().get(60, TimeUnit.SECONDS);
            assertThat(service.solves()).as("one solve for both").isEqualTo(1);
            assertThat(judged.result()).isEqualTo(plain.result());
            assertThat(judged.soundness().orElseThrow().verdict()).isEqualTo(Soundness.Verdict.SOUND);
            assertThat(judged.nodes()).as("the solve's and the judging's").isGreaterThan(plain.nodes());
            // Another problem in between: the solver no longer holds that solve, and solves again.
            service.solve(MATE_IN_5, Duration.ofSeconds(10)).orElseThrow().get(30, TimeUnit.SECONDS);
            MateService.Solved five = service.solve(MATE_IN_5, Duration.ofSeconds(10)).orElseThrow().get(30, TimeUnit.SECONDS);
            assertThat(service.solves()).as("the same problem again is answered from what was kept").isEqualTo(2);
            service.solve(ZUKOU_50, Duration.ofSeconds(1)).orElseThrow().get(30, TimeUnit.SECONDS);
            MateService.Solved fiveJudged = service.solve(MATE_IN_5, Duration.ofSeconds(10), true).orElseThrow().get(30, TimeUnit.SECONDS);
            assertThat(service.solves()).isEqualTo(4);
            assertThat(fiveJudged.result()).isEqualTo(five.result());
            assertThat(fiveJudged.soundness().orElseThrow().verdict()).as("a piece left over").isEqualTo(Soundness.Verdict.UNSOUND);
        }
    }

    @Test
    void aProblemsTimeLimitCountsOnlyTheSolversOwnTimeNotTheGamesMovesItGaveWayTo() throws Exception {
        try (EnginePool pool = poolOfOne(); MateService service = new MateService(pool)) {
            long sent = System.nanoTime();
            CompletableFuture<MateService.Solved> solved = service.solve(NINE_PAWNS, Duration.ofSeconds(3)).orElseThrow();
            await("the problem is being solved", () -> service.state() == MateService.State.SOLVING && service.nodesSoFar() >= 10_000);
            long asked = System.nanoTime();
            CompletableFuture<EnginePlayer.Answer> move = new CompletableFuture<>();
            pool.think(byoyomiMove(1_500), move::complete);
            assertThat(move.get(30, TimeUnit.SECONDS)).isInstanceOf(EnginePlayer.Answer.Play.class);
            long moveNanos = System.nanoTime() - asked;

            MateService.Solved s = solved.get(60, TimeUnit.SECONDS);
            long wall = System.nanoTime() - sent;
            assertThat(s.result()).as("九歩 is not solved in three seconds").isEqualTo(new MateResult.Unknown(UnknownReason.TIME_LIMIT));
            assertThat(s.busy()).isFalse();
            assertThat(s.nanos()).as("the solver had its three seconds").isBetween(TimeUnit.SECONDS.toNanos(3), TimeUnit.MILLISECONDS.toNanos(3_500));
            assertThat(wall).as("and the move's time besides").isGreaterThan(s.nanos() + moveNanos);
            assertThat(service.gaveWay()).isEqualTo(1);
        }
    }

    @Test
    void aProblemTheGamesKeepWaitingIsAnsweredAtItsDeadlineAsNotSettledForBeingBusy() throws Exception {
        // With a longest wait of one second beyond the time limit (two minutes in service).
        try (EnginePool pool = poolOfOne(); MateService service = new MateService(pool, Duration.ofSeconds(1))) {
            CompletableFuture<EnginePlayer.Answer> move = new CompletableFuture<>();
            EnginePlayer.Thinking thinking = pool.think(startingMove(600_000), move::complete);
            await("the engine thinks", () -> pool.running() == 1);
            long sent = System.nanoTime();
            CompletableFuture<MateService.Solved> first = service.solve(MATE_IN_5, Duration.ofSeconds(1)).orElseThrow();
            CompletableFuture<MateService.Solved> second = service.solve(NINE_PAWNS, Duration.ofSeconds(1)).orElseThrow();
            await("the first problem waits for a turn", () -> service.state() == MateService.State.WAITING);
            assertThat(service.queued()).as("the second waits behind it").isEqualTo(1);

            for (CompletableFuture<MateService.Solved> f : List.of(first, second)) {
                MateService.Solved s = f.get(30, TimeUnit.SECONDS);
                assertThat(s.busy()).isTrue();
                assertThat(s.result()).isInstanceOf(MateResult.Unknown.class);
                assertThat(s.nodes()).as("never solved").isZero();
            }
            assertThat(System.nanoTime() - sent).as("answered at their deadline, two seconds after they were sent, give or take one")
                    .isBetween(TimeUnit.SECONDS.toNanos(2), TimeUnit.SECONDS.toNanos(4));
            assertThat(move).as("the game's move was never displaced").isNotDone();
            assertThat(pool.givenBack()).isZero();
            thinking.cancel();
        }
    }
}
