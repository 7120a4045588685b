package dev.meijin.core.game;

import dev.meijin.core.Color;
import dev.meijin.core.Hand;
import dev.meijin.core.Piece;
import dev.meijin.core.Role;
import dev.meijin.core.Square;
import dev.meijin.core.position.Position;

/**
 * What the impasse rules look at for one side: whether its king has entered the enemy zone, how many of its
 * other pieces stand there, their points plus the points in hand (rook and bishop, promoted or not, 5;
 * every other piece but the king 1), and the points of everything it owns.
 *
 * @param color the side counted
 * @param kingInZone its king stands in the enemy camp (the three farthest ranks)
 * @param piecesInZone its pieces other than the king in the enemy camp
 * @param declarationPoints points of those pieces plus the pieces in hand (plus any handicap credit)
 * @param totalPoints points of all its pieces on the board and in hand (plus any handicap credit)
 * @param inCheck its king is in check
 */
public record ImpasseCount(Color color, boolean kingInZone, int piecesInZone, int declarationPoints, int totalPoints, boolean inCheck) {

    /** Counts for a side, adding {@code credit} points (handicap compensation) to both totals. */
    public static ImpasseCount of(Position pos, Color color, int credit) {
        int c = color.index();
        int k = pos.kingSquare(c);
        boolean kingIn = k != Position.NO_SQUARE && Square.inZone(c, k);
        int inZone = 0, zonePoints = 0, boardPoints = 0;
        for (int sq = 0; sq < Square.COUNT; sq++) {
            int pc = pos.pieceAt(sq);
            if (pc == 0 || Piece.color(pc) != c || Piece.role(pc) == Role.KING.code()) {
                continue;
            }
            int pts = Role.of(Piece.role(pc)).impassePoints();
            boardPoints += pts;
            if (Square.inZone(c, sq)) {
                inZone++;
                zonePoints += pts;
            }
        }
        int handPoints = 0;
        int h = pos.hand(c);
        for (int r = 1; r <= 7; r++) {
            handPoints += Hand.count(h, r) * Role.of(r).impassePoints();
        }
        boolean check = c == pos.sideToMove() ? pos.inCheck() : k != Position.NO_SQUARE && pos.isAttacked(c ^ 1, k);
        return new ImpasseCount(color, kingIn, inZone, zonePoints + handPoints + credit, boardPoints + handPoints + credit, check);
    }

    /**
     * Whether the conditions of a declaration other than points hold: king entered, ten pieces in the zone, not
     * in check (judged by {@link Declaration}).
     */
    public boolean meetsDeclarationConditions() {
        return Declaration.conditionFailure(this).isEmpty();
    }
}
