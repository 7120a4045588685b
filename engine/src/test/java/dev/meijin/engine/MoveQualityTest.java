package dev.meijin.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

/** The expected score of a search score, and the grades of a move by the fall of the mover's expected score. */
class MoveQualityTest {

    @Test
    void theExpectedScoreFollowsTheTunersCurve() {
        assertThat(new Score.Cp(0).expectedScore()).isEqualTo(0.5);
        assertThat(new Score.Cp(600).expectedScore()).isCloseTo(1 / (1 + Math.exp(-1)), within(1e-12)).isCloseTo(0.731, within(0.001));
        assertThat(new Score.Cp(-600).expectedScore()).isCloseTo(0.269, within(0.001));
        assertThat(new Score.Mate(5).expectedScore()).isEqualTo(1.0);
        assertThat(new Score.Mate(-2).expectedScore()).isEqualTo(0.0);
        assertThat(new Score.Mate(0).expectedScore()).as("mated now").isEqualTo(0.0);
        assertThat(dev.meijin.engine.learn.Tuner.SCALE).isEqualTo(Score.LOGISTIC_SCALE);
    }

    @Test
    void aMoveIsGradedByHowMuchOfItsExpectedScoreItGaveAway() {
        // Before: +300 for the mover (62.2%); after: the opponent's score, so the mover keeps its complement.
        assertThat(MoveQuality.fall(new Score.Cp(300), new Score.Cp(-300))).isCloseTo(0, within(1e-12));
        assertThat(MoveQuality.of(new Score.Cp(300), new Score.Cp(-300))).isEmpty();
        assertThat(MoveQuality.of(new Score.Cp(300), new Score.Cp(400))).contains(MoveQuality.BLUNDER);
        // Even: a fall to 44% is an inaccuracy (6 points), to 39% a mistake (11), to 34% a blunder (16).
        assertThat(MoveQuality.of(new Score.Cp(0), new Score.Cp(145))).contains(MoveQuality.INACCURACY);
        assertThat(MoveQuality.of(new Score.Cp(0), new Score.Cp(270))).contains(MoveQuality.MISTAKE);
        assertThat(MoveQuality.of(new Score.Cp(0), new Score.Cp(400))).contains(MoveQuality.BLUNDER);
        assertThat(MoveQuality.of(new Score.Cp(0), new Score.Cp(100))).as("4 points").isEmpty();
    }

    @Test
    void aLostCauseGivesNothingAwayAndAMissedMateCountsByWhatWasLeft() {
        // Lost already: being mated at once instead of at +2400 against is no blunder (1.8 points).
        assertThat(MoveQuality.of(new Score.Cp(-2400), new Score.Mate(1))).isEmpty();
        // A mate in hand thrown away for an even game.
        assertThat(MoveQuality.of(new Score.Mate(3), new Score.Cp(0))).contains(MoveQuality.BLUNDER);
        assertThat(MoveQuality.fall(new Score.Mate(3), new Score.Mate(-7))).isEqualTo(0.0);
    }
}
