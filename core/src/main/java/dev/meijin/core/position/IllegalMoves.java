package dev.meijin.core.position;

import static dev.meijin.core.bits.Attacks.BETWEEN_HI;
import static dev.meijin.core.bits.Attacks.BETWEEN_LO;
import static dev.meijin.core.bits.Attacks.contains;

import dev.meijin.core.Move;
import dev.meijin.core.MoveOrDrop;
import dev.meijin.core.Piece;
import dev.meijin.core.Role;
import dev.meijin.core.Square;

/**
 * Explains why a well-formed move is illegal, rule by rule in the order a player would check them: the
 * piece, its reach, promotion ({@link Rules#canPromote}, {@link Rules#isDeadSquare}), then for drops the
 * hand, the square, {@link Rules#isDeadSquare}, {@link Rules#isNifu} and {@link Rules#isUchifuzume}, and last
 * the king's safety.
 */
final class IllegalMoves {
    private IllegalMoves() {}

    /** Why the move is illegal in {@code p}, or {@code null} if it is legal. */
    static IllegalMove explain(Position p, MoveOrDrop mv) {
        if (p.encode(mv) != Move.NONE) {
            return null;
        }
        int us = p.side;
        return switch (mv) {
            case MoveOrDrop.BoardMove b -> boardMove(p, us, b);
            case MoveOrDrop.Drop d -> drop(p, us, d);
        };
    }

    private static IllegalMove boardMove(Position p, int us, MoveOrDrop.BoardMove b) {
        int pc = p.board[b.from()];
        String from = Square.name(b.from()), to = Square.name(b.to());
        if (pc == 0) {
            return of(IllegalMoveReason.NO_SUCH_PIECE, "no piece on " + from);
        }
        if (Piece.color(pc) != us) {
            return of(IllegalMoveReason.NOT_YOUR_PIECE, "the piece on " + from + " is the opponent's");
        }
        Role role = Piece.roleOf(pc);
        String name = role.englishName();
        int target = p.board[b.to()];
        if (target != 0 && Piece.color(target) == us) {
            return of(IllegalMoveReason.OWN_PIECE_ON_TARGET, to + " holds one of " + side(us) + "'s own pieces");
        }
        AttackQueries.pieceAttacks(p, pc, b.from(), p.occLo, p.occHi);
        if (!contains(p.aLo, p.aHi, b.to())) {
            return of(IllegalMoveReason.CANNOT_REACH, article(name) + " on " + from + " cannot move to " + to);
        }
        if (b.promote() && !role.canPromote()) {
            return of(IllegalMoveReason.CANNOT_PROMOTE, article(name) + " cannot promote");
        }
        if (b.promote() && !Rules.canPromote(us, role.code(), b.from(), b.to())) {
            return of(IllegalMoveReason.CANNOT_PROMOTE, "promotion needs a move that starts or ends in the promotion zone");
        }
        if (!b.promote() && Rules.isDeadSquare(us, role.code(), b.to())) {
            return of(IllegalMoveReason.MUST_PROMOTE, article(name) + " must promote on " + to);
        }
        return of(IllegalMoveReason.KING_LEFT_IN_CHECK, role == Role.KING ? "the king would be in check on " + to
                : p.inCheck() ? "it does not answer the check" : "it would leave the king in check");
    }

    private static IllegalMove drop(Position p, int us, MoveOrDrop.Drop d) {
        String name = d.role().englishName(), to = Square.name(d.to());
        if (p.handCount(p.turn(), d.role()) == 0) {
            return of(IllegalMoveReason.NOT_IN_HAND, "no " + name + " in hand");
        }
        if (p.board[d.to()] != 0) {
            return of(IllegalMoveReason.DROP_ON_OCCUPIED, to + " is occupied");
        }
        if (Rules.isDeadSquare(us, d.role().code(), d.to())) {
            return of(IllegalMoveReason.DEAD_DROP, article(name) + " dropped on " + to + " could never move");
        }
        if (d.role() == Role.PAWN && Rules.isNifu(p, us, d.to())) {
            return of(IllegalMoveReason.NIFU, "nifu: file " + Square.file(d.to()) + " already holds an unpromoted pawn of "
                    + side(us) + "'s");
        }
        if (p.inCheck()) {
            if (Long.bitCount(p.checkLo) + Long.bitCount(p.checkHi) > 1) {
                return of(IllegalMoveReason.KING_LEFT_IN_CHECK, "the king is in double check, which no drop answers");
            }
            int k = p.kingSq[us];
            int checker = p.checkLo != 0 ? Long.numberOfTrailingZeros(p.checkLo) : 63 + Long.numberOfTrailingZeros(p.checkHi);
            if (!contains(BETWEEN_LO[k * 81 + checker], BETWEEN_HI[k * 81 + checker], d.to())) {
                return of(IllegalMoveReason.KING_LEFT_IN_CHECK, "the king is in check and a drop on " + to
                        + " does not block it");
            }
        }
        if (d.role() == Role.PAWN && Rules.isUchifuzume(p, d.to())) {
            return of(IllegalMoveReason.UCHIFUZUME, "uchifuzume: a pawn drop may not give checkmate");
        }
        return of(IllegalMoveReason.KING_LEFT_IN_CHECK, "it would leave the king in check");
    }

    private static IllegalMove of(IllegalMoveReason reason, String message) {
        return new IllegalMove(reason, message);
    }

    private static String side(int c) {
        return c == 0 ? "sente" : "gote";
    }

    private static String article(String name) {
        return "aeiou".indexOf(name.charAt(0)) >= 0 ? "an " + name : "a " + name;
    }
}
