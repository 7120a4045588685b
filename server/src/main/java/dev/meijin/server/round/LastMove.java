package dev.meijin.server.round;

import dev.meijin.core.Move;
import dev.meijin.core.Square;

/** The last move for the board's highlight; {@code from} is null for a drop. */
public record LastMove(String usi, String from, String to) {

    /** The highlight of a move (an int move of the core). */
    public static LastMove of(int move) {
        return new LastMove(Move.usi(move), Move.isDrop(move) ? null : Square.name(Move.from(move)), Square.name(Move.to(move)));
    }
}
