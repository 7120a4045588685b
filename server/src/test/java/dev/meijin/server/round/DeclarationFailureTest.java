package dev.meijin.server.round;

import static org.assertj.core.api.Assertions.assertThat;

import dev.meijin.core.Color;
import dev.meijin.core.game.Ending;
import dev.meijin.core.game.Game;
import dev.meijin.core.game.Outcome;
import dev.meijin.core.game.RuleSet;
import dev.meijin.core.sfen.Sfen;
import dev.meijin.server.game.StoredGame;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Why a declaration failed, judged again on the final position of the game it ended. */
class DeclarationFailureTest {

    /** Sente's king on 5a with ten tokens around it, gote's king on 5i; the rest varies. */
    private static final String ENTERED = "+P+P+P+PK+P+P+P+P/+P+P7/9/9/";

    @ParameterizedTest(name = "{0}: {1}")
    @CsvSource(delimiter = '|', nullValues = "-", textBlock = """
            CSA     | 9/9/9/4K4/9/9/9/4k4/9 b RB4G4S6Prb4n4l12p 1       | KING_NOT_ENTERED       | -  | -
            CSA     | 4K4/9/9/9/9/9/9/9/4k4 b RB4G4S4N4L18P 1           | TOO_FEW_PIECES_IN_CAMP | 0  | 10
            CSA     | +P+P+P+PK+P+P+P+P/+P+P7/9/9/4r4/9/9/9/4k4 b RB4G4S4N4L 1 | IN_CHECK          | -  | -
            CSA     | +P+P+P+PK+P+P+P+P/+P+P7/9/9/9/9/9/9/4k4 b RB4G3S 1  | TOO_FEW_POINTS         | 27 | 28
            AMATEUR | +P+P+P+PK+P+P+P+P/+P+P7/9/9/9/9/9/9/4k4 b RB3G 1    | TOO_FEW_POINTS         | 23 | 24
            """)
    void everyFailureIsExplainedWithItsCounts(String rules, String sfen, String reason, Integer have, Integer needed) {
        Game game = Game.of(Sfen.parse(sfen), rules.equals("CSA") ? RuleSet.CSA : RuleSet.AMATEUR);
        Outcome o = game.declare();
        assertThat(o.ending()).as(sfen).isEqualTo(Ending.ILLEGAL_MOVE);
        assertThat(DeclarationFailure.of(StoredGame.Result.of(o, 0), game)).as(sfen)
                .isEqualTo(new DeclarationFailure(reason, have, needed));
    }

    @Test
    void otherEndingsAreNoFailedDeclaration() {
        String standing = ENTERED + "9/9/9/9/4k4 b RB4G4S 1";
        Game declared = Game.of(Sfen.parse(standing), RuleSet.CSA);
        Outcome win = declared.declare();
        assertThat(win).isEqualTo(new Outcome.Win(Color.SENTE, Ending.DECLARATION, "28 points"));
        assertThat(DeclarationFailure.of(StoredGame.Result.of(win, 0), declared)).as("a declaration that stands").isNull();

        Game resigned = Game.of(Sfen.parse("9/9/9/4K4/9/9/9/4k4/9 b RB4G4S6Prb4n4l12p 1"), RuleSet.CSA);
        Outcome resignation = resigned.resign(Color.SENTE);
        assertThat(DeclarationFailure.of(StoredGame.Result.of(resignation, 0), resigned)).as("a resignation").isNull();
        assertThat(DeclarationFailure.of(null, resigned)).as("a game that goes on").isNull();
    }
}
