package dev.meijin.core.game;

import static org.assertj.core.api.Assertions.assertThat;

import dev.meijin.core.Color;
import java.util.Arrays;
import java.util.Locale;
import org.junit.jupiter.api.Test;

/** The line {@link Outcome#describe()} gives a person, for every ending. */
class OutcomeTest {

    @Test
    void aWinNamesTheWinnerAndTheEndingInWords() {
        assertThat(new Outcome.Win(Color.SENTE, Ending.CHECKMATE, "").describe()).isEqualTo("Sente wins by checkmate");
        assertThat(new Outcome.Win(Color.GOTE, Ending.TIME_LOSS, null).describe()).isEqualTo("Gote wins by time");
        assertThat(new Outcome.Win(Color.GOTE, Ending.PERPETUAL_CHECK, "sente checked with every move since ply 3").describe())
                .isEqualTo("Gote wins by perpetual check (sente checked with every move since ply 3)");
        assertThat(new Outcome.Win(Color.SENTE, Ending.DECLARATION, "28 points").describe())
                .isEqualTo("Sente wins by impasse declaration (28 points)");
    }

    @Test
    void aDrawAndAnAbortedGame() {
        assertThat(new Outcome.Draw(Ending.REPETITION, "").describe()).isEqualTo("Draw by repetition (sennichite)");
        assertThat(new Outcome.Draw(Ending.IMPASSE, "sente 24, gote 30 points").describe())
                .isEqualTo("Draw by impasse (jishōgi) (sente 24, gote 30 points)");
        assertThat(new Outcome.Draw(Ending.MOVE_LIMIT, "256 moves").describe()).isEqualTo("Draw by move limit (256 moves)");
        assertThat(new Outcome.Aborted("").describe()).isEqualTo("Aborted");
    }

    @Test
    void everyEndingHasItsOwnLowerCaseWords() {
        assertThat(Arrays.stream(Ending.values()).map(Ending::english)).doesNotHaveDuplicates().allSatisfy(words -> {
            assertThat(words).isNotBlank().isEqualTo(words.toLowerCase(Locale.ROOT)).doesNotContain("_");
        });
    }

    @Test
    void theServersStoredPartsGiveTheSameLine() {
        assertThat(Outcome.describe(null, Ending.ABORTED, "gote left before moving")).isEqualTo("Aborted (gote left before moving)");
        assertThat(Outcome.describe(Color.GOTE, Ending.RESIGNATION, ""))
                .isEqualTo(new Outcome.Win(Color.GOTE, Ending.RESIGNATION, "").describe()).isEqualTo("Gote wins by resignation");
    }
}
