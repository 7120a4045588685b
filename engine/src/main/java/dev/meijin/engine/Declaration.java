package dev.meijin.engine;

import dev.meijin.core.Hand;
import dev.meijin.core.Piece;
import dev.meijin.core.Square;
import dev.meijin.core.position.Position;

/**
 * The entering-king declaration under an {@link EnteringKingRule}, allocation-free for the search: the side to
 * move may declare a win when its king stands in the enemy camp, at least ten of its other pieces stand there,
 * it is not in check, and its points (5 per rook or bishop, promoted or not, 1 per other piece, counted in the
 * camp and in hand) reach the rule's threshold: 28 for sente and 27 for gote under the 27-point rule, 31 under
 * the 24-point rule (24 to 30 points is a draw there, which is not a declaration win). The handicap variants
 * lower the threshold of the side missing pieces from the full set by the points missing.
 */
final class Declaration {
    private Declaration() {}

    /** The full set's points: 2 rooks and 2 bishops at 5, 34 other pieces (kings aside) at 1. */
    private static final int FULL_POINTS = 54;

    /** Whether the side to move can declare a win now under the rule. */
    static boolean canDeclare(Position pos, EnteringKingRule rule) {
        if (rule == EnteringKingRule.NO_ENTERING_KING || rule == EnteringKingRule.TRY_RULE) {
            return false;
        }
        int us = pos.sideToMove();
        int k = pos.kingSquare(us);
        if (k == Position.NO_SQUARE || !Square.inZone(us, k) || pos.inCheck()) {
            return false;
        }
        int inZone = 0, points = 0, all = 0;
        for (int sq = 0; sq < 81; sq++) {
            int pc = pos.pieceAt(sq);
            if (pc == 0 || (pc & 15) == 8) {
                continue;
            }
            int r = pc & 7;
            int p = r == 5 || r == 6 ? 5 : 1;
            all += p;
            if (Piece.color(pc) == us && Square.inZone(us, sq)) {
                inZone++;
                points += p;
            }
        }
        if (inZone < 10) {
            return false;
        }
        for (int c = 0; c < 2; c++) {
            int h = pos.hand(c);
            for (int r = 1; r <= 7; r++) {
                int n = Hand.count(h, r) * (r == 5 || r == 6 ? 5 : 1);
                all += n;
                if (c == us) {
                    points += n;
                }
            }
        }
        int need = switch (rule) {
            case CSA_RULE_24, CSA_RULE_24H -> 31;
            case CSA_RULE_27, CSA_RULE_27H -> us == 0 ? 28 : 27;
            case NO_ENTERING_KING, TRY_RULE -> Integer.MAX_VALUE;
        };
        if (rule == EnteringKingRule.CSA_RULE_24H || rule == EnteringKingRule.CSA_RULE_27H) {
            // In a handicap game the giver (gote in SFEN) lacks the missing pieces.
            if (us == 1) {
                need -= FULL_POINTS - all;
            }
        }
        return points >= need;
    }

    /** The try square of a side: the enemy king's starting square (5a for sente, 5i for gote). */
    static int trySquare(int side) {
        return side == 0 ? Square.of(5, 1) : Square.of(5, 9);
    }
}
