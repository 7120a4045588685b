package dev.meijin.server.round;

import dev.meijin.core.Move;
import dev.meijin.core.position.Position;
import dev.meijin.notation.move.JapaneseNotation;
import dev.meijin.notation.move.WesternNotation;

/** A played move as the client shows it: USI, KIF and KI2 text, Western (Hodges) notation and the time used (null when untimed). */
public record MoveView(int ply, String usi, String kif, String ki2, String western, Long timeMs) {

    /**
     * A move with its notations, written in the position it is played in.
     *
     * @param before the position before the move (not changed)
     * @param move the int move, legal there
     * @param ply the move's number in its line (1 for the first)
     * @param timeMs the time used, or null
     */
    public static MoveView of(Position before, int move, int ply, Long timeMs) {
        return new MoveView(ply, Move.usi(move), JapaneseNotation.formatKif(before, move), JapaneseNotation.formatKi2(before, move, true),
                WesternNotation.formatHodges(before, move), timeMs);
    }
}
