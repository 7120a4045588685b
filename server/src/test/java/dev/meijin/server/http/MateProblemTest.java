package dev.meijin.server.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.meijin.core.position.Position;
import dev.meijin.core.position.PositionIssue;
import dev.meijin.core.sfen.Sfen;
import dev.meijin.mate.MateResult;
import dev.meijin.mate.UnknownReason;
import dev.meijin.notation.kifu.Problem;
import dev.meijin.server.engine.MateService;
import dev.meijin.server.round.RefusedException;
import java.util.List;
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

    /**
     * An SFEN whose position breaks a rule names the rule for the pages, as the reading of a problem judges it: the
     * attacker may lack a king, so of {@code kk7/…} only the defender's two kings count.
     */
    @Test
    void anIllegalProblemNamesTheRuleItBreaks() {
        RefusedException e = catchThrowableOfType(RefusedException.class, () -> MateProblem.position("kk7/9/9/9/9/9/9/9/9 b G 1"));
        assertThat(e.getMessage()).isEqualTo("problem: invalid SFEN position at 1: gote has 2 kings, on 9a and 8a"
                + " in \"kk7/9/9/9/9/9/9/9/9 b G 1\"");
        Problem p = e.problem().orElseThrow();
        assertThat(List.<Object>of(p.kind(), p.column(), p.rule())).containsExactly(Problem.Kind.ILLEGAL_START, 2, PositionIssue.TOO_MANY_KINGS);
        RefusedException hands = catchThrowableOfType(RefusedException.class, () -> MateProblem.position("4k4/9/9/9/9/9/9/9/9 b 19P 1"));
        Problem h = hands.problem().orElseThrow();
        assertThat(List.<Object>of(h.kind(), h.column())).containsExactly(Problem.Kind.BAD_HAND, 23);
    }
}
