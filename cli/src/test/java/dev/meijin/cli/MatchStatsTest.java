package dev.meijin.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The match's score line never shows a negative zero, whatever floating point gives. */
class MatchStatsTest {

    @Test
    void anEvenScoreIsEloPlusZero() {
        // 0.5 gives -400 * log10(1) = -0.0 in floating point.
        assertThat(MatchStats.eloInterval(1, 1, 0)[0]).isEqualTo(-0.0);
        assertThat(MatchCommand.summary(1, 1, 0, List.of()))
                .isEqualTo("Games 2: W 1 L 1 D 0, score 50.0%, Elo +0.0 [-2400.0, +2400.0] (95%)");
        assertThat(MatchCommand.summary(0, 0, 2, List.of()))
                .isEqualTo("Games 2: W 0 L 0 D 2, score 50.0%, Elo +0.0 [+0.0, +0.0] (95%)");
        assertThat(MatchCommand.summary(0, 0, 0, List.of()))
                .isEqualTo("Games 0: W 0 L 0 D 0, score 0.0%, Elo +0.0 [+0.0, +0.0] (95%)");
        assertThat(MatchCommand.summary(0, 0, 0, List.of(0.0, 5.0)))
                .isEqualTo("Games 0: W 0 L 0 D 0, score 0.0%, Elo +0.0 [+0.0, +0.0] (95%); SPRT [0.0, 5.0] LLR 0.00 (-2.94, 2.94): continue");
    }

    @Test
    void numbersThatRoundToZeroHaveNoMinusSign() {
        assertThat(MatchStats.signed(-0.0)).isEqualTo("+0.0");
        assertThat(MatchStats.signed(-0.04)).isEqualTo("+0.0");
        assertThat(MatchStats.signed(-0.05)).isEqualTo("-0.1");
        assertThat(MatchStats.signed(12.34)).isEqualTo("+12.3");
        assertThat(MatchStats.fixed(-0.004, 2)).isEqualTo("0.00");
        assertThat(MatchStats.fixed(-0.0, 1)).isEqualTo("0.0");
        assertThat(MatchStats.fixed(-2.944, 2)).isEqualTo("-2.94");
        assertThat(MatchStats.fixed(-10.0, 1)).isEqualTo("-10.0");
    }
}
