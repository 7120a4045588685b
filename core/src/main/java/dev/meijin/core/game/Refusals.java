package dev.meijin.core.game;

import dev.meijin.core.Move;
import dev.meijin.core.MoveOrDrop;
import dev.meijin.core.Piece;
import dev.meijin.core.Role;
import dev.meijin.core.Square;
import dev.meijin.core.position.IllegalMoveReason;
import dev.meijin.core.position.Position;
import dev.meijin.core.usi.UsiMoveException;

/**
 * Why the position refuses a move, as an {@link IllegalMoveReason}: the one place where {@link Game} turns the
 * refusals of the USI parser and of {@link Position#encode} into reasons.
 *
 * <p>The USI parser only says malformed or illegal, so the reason of an illegal move is read here from the
 * position, in the order the rules are checked (the piece, its reach, promotion, the drop rules, then the
 * king's safety). The message that goes with it is the parser's, which names the same rule.
 */
final class Refusals {
    private Refusals() {}

    /** The reason of a refusal by {@link dev.meijin.core.usi.Usi#parseMove}. */
    static IllegalMoveReason of(Position pos, String usi, UsiMoveException e) {
        return switch (e.reason()) {
            case MALFORMED -> IllegalMoveReason.MALFORMED;
            case ILLEGAL -> of(pos, dev.meijin.core.usi.Usi.parse(usi));
        };
    }

    /** The reason a well-formed move is not legal in the position (the position must refuse it). */
    static IllegalMoveReason of(Position pos, MoveOrDrop mv) {
        int us = pos.sideToMove();
        return switch (mv) {
            case MoveOrDrop.BoardMove b -> {
                int pc = pos.pieceAt(b.from());
                if (pc == 0) {
                    yield IllegalMoveReason.NO_SUCH_PIECE;
                }
                if (Piece.color(pc) != us) {
                    yield IllegalMoveReason.NOT_YOUR_PIECE;
                }
                int target = pos.pieceAt(b.to());
                if (target != 0 && Piece.color(target) == us) {
                    yield IllegalMoveReason.OWN_PIECE_ON_TARGET;
                }
                if (!pos.attacksFrom(pc, b.from()).contains(b.to())) {
                    yield IllegalMoveReason.CANNOT_REACH;
                }
                // The same move with the other promotion choice tells which promotion rule is broken.
                int other = Move.normal(b.from(), b.to(), pc, !b.promote());
                boolean canPromote = Piece.roleOf(pc).canPromote() && (Square.inZone(us, b.from()) || Square.inZone(us, b.to()));
                if (b.promote() && !canPromote) {
                    yield IllegalMoveReason.CANNOT_PROMOTE;
                }
                if (!b.promote() && canPromote && pos.isLegal(other)) {
                    yield IllegalMoveReason.MUST_PROMOTE;
                }
                yield IllegalMoveReason.KING_LEFT_IN_CHECK;
            }
            case MoveOrDrop.Drop d -> {
                if (pos.handCount(pos.turn(), d.role()) == 0) {
                    yield IllegalMoveReason.NOT_IN_HAND;
                }
                if (pos.pieceAt(d.to()) != 0) {
                    yield IllegalMoveReason.DROP_ON_OCCUPIED;
                }
                int rank = Square.relativeRank(us, d.to());
                if (((d.role() == Role.PAWN || d.role() == Role.LANCE) && rank == 1) || (d.role() == Role.KNIGHT && rank <= 2)) {
                    yield IllegalMoveReason.DEAD_DROP;
                }
                if (d.role() == Role.PAWN) {
                    int file = Square.file(d.to());
                    for (int r = 1; r <= 9; r++) {
                        if (pos.pieceAt(Square.of(file, r)) == Piece.of(us, Role.PAWN.code())) {
                            yield IllegalMoveReason.NIFU;
                        }
                    }
                    if (pos.isUchifuzume(d.to())) {
                        yield IllegalMoveReason.UCHIFUZUME;
                    }
                }
                yield IllegalMoveReason.KING_LEFT_IN_CHECK;
            }
        };
    }

    /** Whether an illegal move with this reason breaks a rule of shogi, and so may lose (not syntax, turn, ply or a finished game). */
    static boolean breaksARule(IllegalMoveReason reason) {
        return switch (reason) {
            case MALFORMED, NOT_YOUR_TURN, GAME_OVER, STALE_PLY -> false;
            case NO_SUCH_PIECE, NOT_YOUR_PIECE, OWN_PIECE_ON_TARGET, CANNOT_REACH, MUST_PROMOTE, CANNOT_PROMOTE,
                    NOT_IN_HAND, DROP_ON_OCCUPIED, DEAD_DROP, NIFU, UCHIFUZUME, KING_LEFT_IN_CHECK -> true;
        };
    }
}
