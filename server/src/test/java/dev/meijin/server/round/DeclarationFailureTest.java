package dev.meijin.server.round;

import static org.assertj.core.api.Assertions.assertThat;

import dev.meijin.core.Color;
import dev.meijin.core.game.Declaration;
import dev.meijin.core.game.Ending;
import dev.meijin.core.game.ImpasseCount;
import dev.meijin.core.game.Outcome;
import dev.meijin.core.game.RuleSet;
import org.junit.jupiter.api.Test;

/** The reasons of failed declarations read back from the details the rules core writes for them. */
class DeclarationFailureTest {

    /** The detail of the outcome the core gives a declaration by sente with this count (gote's does not matter). */
    private static String detail(RuleSet.Impasse rule, Declaration.Reason reason, ImpasseCount sente) {
        ImpasseCount gote = new ImpasseCount(Color.GOTE, false, 0, 0, 0, false);
        int required = rule == RuleSet.Impasse.DECLARATION_24 ? 24 : 28;
        Outcome o = new Declaration.Verdict(rule, Color.SENTE, reason, required, rule == RuleSet.Impasse.DECLARATION_24 ? 31 : 28, sente, gote)
                .outcome().orElseThrow();
        assertThat(o.ending()).isEqualTo(Ending.ILLEGAL_MOVE);
        return o.detail();
    }

    @Test
    void everyFailureTheCoreWritesIsReadWithItsCounts() {
        ImpasseCount outside = new ImpasseCount(Color.SENTE, false, 3, 12, 40, false);
        assertThat(DeclarationFailure.of(Ending.ILLEGAL_MOVE, detail(RuleSet.Impasse.DECLARATION_27, Declaration.Reason.KING_NOT_ENTERED, outside)))
                .isEqualTo(new DeclarationFailure("KING_NOT_ENTERED", null, null));
        ImpasseCount few = new ImpasseCount(Color.SENTE, true, 8, 30, 40, false);
        assertThat(DeclarationFailure.of(Ending.ILLEGAL_MOVE, detail(RuleSet.Impasse.DECLARATION_27, Declaration.Reason.TOO_FEW_PIECES_IN_CAMP, few)))
                .isEqualTo(new DeclarationFailure("TOO_FEW_PIECES_IN_CAMP", 8, 10));
        ImpasseCount checked = new ImpasseCount(Color.SENTE, true, 11, 30, 40, true);
        assertThat(DeclarationFailure.of(Ending.ILLEGAL_MOVE, detail(RuleSet.Impasse.DECLARATION_27, Declaration.Reason.IN_CHECK, checked)))
                .isEqualTo(new DeclarationFailure("IN_CHECK", null, null));
        ImpasseCount poor = new ImpasseCount(Color.SENTE, true, 11, 26, 40, false);
        assertThat(DeclarationFailure.of(Ending.ILLEGAL_MOVE, detail(RuleSet.Impasse.DECLARATION_27, Declaration.Reason.TOO_FEW_POINTS, poor)))
                .isEqualTo(new DeclarationFailure("TOO_FEW_POINTS", 26, 28));
        ImpasseCount poorer = new ImpasseCount(Color.SENTE, true, 11, 20, 40, false);
        assertThat(DeclarationFailure.of(Ending.ILLEGAL_MOVE, detail(RuleSet.Impasse.DECLARATION_24, Declaration.Reason.TOO_FEW_POINTS, poorer)))
                .isEqualTo(new DeclarationFailure("TOO_FEW_POINTS", 20, 24));
    }

    @Test
    void otherEndingsAndDetailsAreNoFailedDeclaration() {
        assertThat(DeclarationFailure.of(Ending.ILLEGAL_MOVE, "nifu: a second unpromoted pawn on file 5")).isNull();
        assertThat(DeclarationFailure.of(Ending.DECLARATION, "29 points")).isNull();
        assertThat(DeclarationFailure.of(Ending.RESIGNATION, "")).isNull();
        assertThat(DeclarationFailure.of(Ending.ILLEGAL_MOVE, null)).isNull();
    }
}
