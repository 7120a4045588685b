package dev.meijin.server.engine;

import static org.assertj.core.api.Assertions.assertThat;

import dev.meijin.core.position.Position;
import dev.meijin.core.sfen.Sfen;
import dev.meijin.mate.MateResult;
import dev.meijin.mate.UnknownReason;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class MateServiceTest {
    /** 九歩 (61 plies): hard enough to keep the solver busy for the whole time limit. */
    private static final Position NINE_PAWNS = Sfen.problem("7pk/7p1/7p1/7p1/7p1/7p1/7p1/7p1/7p1 b 2R4L4s4n 1");

    @Test
    void oneProblemIsSolvedWhileAFewWaitAndTheNextIsRefusedAtOnce() throws Exception {
        MateService service = new MateService();
        List<CompletableFuture<MateService.Solved>> accepted = new ArrayList<>();
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
        } finally {
            service.close();
        }
        MateService.Solved first = accepted.getFirst().get(10, TimeUnit.SECONDS);
        assertThat(first.result()).as("the problem being solved is stopped").isEqualTo(new MateResult.Unknown(UnknownReason.STOPPED));
        for (CompletableFuture<MateService.Solved> waiting : accepted.subList(1, accepted.size())) {
            assertThat(waiting).failsWithin(Duration.ofSeconds(5)).withThrowableOfType(ExecutionException.class)
                    .withMessageContaining("the server is stopping");
        }
    }
}
