package dev.meijin.server.engine;

import static org.assertj.core.api.Assertions.assertThat;

import dev.meijin.core.Color;
import dev.meijin.core.game.RuleSet;
import dev.meijin.core.game.TimeSource;
import dev.meijin.core.position.Position;
import dev.meijin.core.position.Setups;
import dev.meijin.core.sfen.Sfen;
import dev.meijin.mate.MateResult;
import dev.meijin.mate.UnknownReason;
import dev.meijin.server.EngineSettings;
import dev.meijin.server.round.EnginePlayer;
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
                await("the first problem is solved in the pool's one turn", () -> pool.running() == 1);
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
    void theEnginesMoveWaitsWhileAProblemIsSolvedInAPoolOfOne() throws Exception {
        try (EnginePool pool = poolOfOne()) {
            MateService service = new MateService(pool);
            CompletableFuture<MateService.Solved> solving;
            CompletableFuture<EnginePlayer.Answer> move = new CompletableFuture<>();
            try {
                solving = service.solve(NINE_PAWNS, Duration.ofSeconds(30)).orElseThrow();
                await("the problem is solved in the pool's one turn", () -> pool.running() == 1);
                pool.think(startingMove(10_000), move::complete);
                await("the game's move waits for the pool's one worker", () -> pool.waiting() == 1);
                assertThat(move).as("no search beside the solver's").isNotDone();
                assertThat(solving).as("九歩 is not solved within a moment").isNotDone();
            } finally {
                service.close(); // stops the problem, which gives the turn back
            }
            assertThat(solving.get(10, TimeUnit.SECONDS).result()).isEqualTo(new MateResult.Unknown(UnknownReason.STOPPED));
            assertThat(move.get(30, TimeUnit.SECONDS)).as("the engine moves once the turn is back").isInstanceOf(EnginePlayer.Answer.Play.class);
            assertThat(pool.peakRunning()).as("never more searches at once than the pool's one").isEqualTo(1);
        }
    }
}
