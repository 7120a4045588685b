package dev.meijin.core.game;

import dev.meijin.core.MoveOrDrop;
import dev.meijin.core.position.IllegalMoveReason;
import dev.meijin.core.position.Position;
import dev.meijin.core.usi.UsiMoveException;

/**
 * Why the position refuses a move, as an {@link IllegalMoveReason}: the one place where {@link Game} turns the
 * refusals of the USI parser and of {@link Position#encode} into reasons. The reasons themselves come from the
 * position ({@link Position#illegalReason}), which the USI parser also reports.
 */
final class Refusals {
    private Refusals() {}

    /** The reason of a refusal by {@link dev.meijin.core.usi.Usi#parseMove}. */
    static IllegalMoveReason of(Position pos, String usi, UsiMoveException e) {
        return e.reason();
    }

    /** The reason a well-formed move is not legal in the position (the position must refuse it). */
    static IllegalMoveReason of(Position pos, MoveOrDrop mv) {
        return pos.illegalReason(mv).orElseThrow(() -> new IllegalStateException("the position takes " + mv.usi()));
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
