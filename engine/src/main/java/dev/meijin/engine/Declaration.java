package dev.meijin.engine;

import dev.meijin.core.Color;
import dev.meijin.core.Square;
import dev.meijin.core.game.Game;
import dev.meijin.core.game.ImpasseCount;
import dev.meijin.core.game.RuleSet;
import dev.meijin.core.position.Position;

/**
 * The entering-king declaration under an {@link EnteringKingRule}, for the search: whether the side to move may
 * declare a win now. The rule itself is the core's {@link dev.meijin.core.game.Declaration#judge}; this class
 * maps the USI rule onto it and turns away, without counting or allocating, every position where the king has
 * not entered the enemy camp or is in check (almost every node). Under the 24-point rule only 31 points and more
 * win (24 to 30 is a draw, not a declaration win); the handicap variants credit the side that gave the
 * handicap (gote in SFEN) with the points of the missing pieces.
 */
final class Declaration {
    private Declaration() {}

    /** Whether the side to move can declare a win now under the rule. */
    static boolean canDeclare(Position pos, EnteringKingRule rule) {
        RuleSet.Impasse impasse = switch (rule) {
            case CSA_RULE_24, CSA_RULE_24H -> RuleSet.Impasse.DECLARATION_24;
            case CSA_RULE_27, CSA_RULE_27H -> RuleSet.Impasse.DECLARATION_27;
            case NO_ENTERING_KING, TRY_RULE -> RuleSet.Impasse.NONE;
        };
        int us = pos.sideToMove();
        int k = pos.kingSquare(us);
        if (impasse == RuleSet.Impasse.NONE || k == Position.NO_SQUARE || !Square.inZone(us, k) || pos.inCheck()) {
            return false;
        }
        boolean handicap = rule == EnteringKingRule.CSA_RULE_24H || rule == EnteringKingRule.CSA_RULE_27H;
        int goteCredit = handicap ? Game.missingPoints(pos.toSetup()) : 0;
        ImpasseCount sente = ImpasseCount.of(pos, Color.SENTE, 0);
        ImpasseCount gote = ImpasseCount.of(pos, Color.GOTE, goteCredit);
        return dev.meijin.core.game.Declaration.judge(impasse, Color.of(us), sente, gote).reason()
                == dev.meijin.core.game.Declaration.Reason.WIN;
    }

    /** The try square of a side: the enemy king's starting square (5a for sente, 5i for gote). */
    static int trySquare(int side) {
        return side == 0 ? Square.of(5, 1) : Square.of(5, 9);
    }
}
