package dev.meijin.core.game;

import dev.meijin.core.Color;

/** The result of a finished game: a win for one side, or a draw, with the ending and a detail. */
public sealed interface Outcome permits Outcome.Win, Outcome.Draw {

    Ending ending();

    /** Human-readable detail, e.g. the reason of an illegal move or the points of a declaration. */
    String detail();

    /** One side won. */
    record Win(Color winner, Ending ending, String detail) implements Outcome {
        public Color loser() {
            return winner.opposite();
        }
    }

    /** Nobody won. */
    record Draw(Ending ending, String detail) implements Outcome {}

    /** A one-line description, e.g. {@code GOTE wins by CHECKMATE}. */
    default String describe() {
        String d = detail().isEmpty() ? "" : " (" + detail() + ")";
        return switch (this) {
            case Win w -> w.winner() + " wins by " + w.ending() + d;
            case Draw dr -> "draw by " + dr.ending() + d;
        };
    }
}
