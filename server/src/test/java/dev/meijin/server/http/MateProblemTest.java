package dev.meijin.server.http;

import static org.assertj.core.api.Assertions.assertThat;

import dev.meijin.core.position.Position;
import dev.meijin.core.sfen.Sfen;
import dev.meijin.mate.MateResult;
import dev.meijin.mate.UnknownReason;
import dev.meijin.server.engine.MateService;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The answer of {@code POST /api/mate} as sent, for the answers the HTTP tests cannot bring about quickly. */
class MateProblemTest {
    private static final Position NINE_PAWNS = Sfen.problem("7pk/7p1/7p1/7p1/7p1/7p1/7p1/7p1/7p1 b 2R4L4s4n 1");

    @Test
    void aProblemCutShortByItsDeadlineRatherThanItsTimeLimitIsUnknownBecauseTheServerWasBusy() {
        Map<String, Object> busy = MateProblem.view(new MateService.Solved(NINE_PAWNS, new MateResult.Unknown(UnknownReason.TIME_LIMIT),
                12_345, 2_500_000_000L, true));
        assertThat(busy).containsEntry("result", "unknown").containsEntry("reason", "busy").containsEntry("nodes", 12_345L)
                .containsEntry("ms", 2_500L);
        Map<String, Object> never = MateProblem.view(new MateService.Solved(NINE_PAWNS, new MateResult.Unknown(UnknownReason.STOPPED),
                0, 0, true));
        assertThat(never).as("never had a turn").containsEntry("reason", "busy").containsEntry("nodes", 0L);
        Map<String, Object> limit = MateProblem.view(new MateService.Solved(NINE_PAWNS, new MateResult.Unknown(UnknownReason.TIME_LIMIT),
                12_345, 10_000_000_000L, false));
        assertThat(limit).as("its own time spent").containsEntry("reason", "time_limit");
    }
}
