package dev.meijin.core.game;

import dev.meijin.core.Color;

/**
 * The result of a finished game: a win for one side, a draw, or an aborted game (no result), with the ending
 * and a detail.
 *
 * <p>Switch over the three cases without {@code default}, so that a new case breaks compilation where it
 * must be handled:
 * {@snippet :
 * String text = switch (outcome) {
 *     case Outcome.Win w -> w.winner() + " wins";
 *     case Outcome.Draw d -> "draw";
 *     case Outcome.Aborted a -> "aborted";
 * };
 * }
 */
public sealed interface Outcome permits Outcome.Win, Outcome.Draw, Outcome.Aborted {

    /** How the game ended. */
    Ending ending();

    /** Human-readable detail, e.g. the reason of an illegal move or the points of a declaration. */
    String detail();

    /**
     * One side won.
     *
     * @param winner the side that won
     * @param ending how
     * @param detail human-readable detail, possibly empty
     */
    record Win(Color winner, Ending ending, String detail) implements Outcome {
        public Win {
            if (winner == null || ending == null || ending == Ending.ABORTED) {
                throw new IllegalArgumentException("a win needs a winner and an ending other than ABORTED, not " + ending);
            }
            detail = detail == null ? "" : detail;
        }

        /** The side that lost. */
        public Color loser() {
            return winner.opposite();
        }
    }

    /**
     * Nobody won.
     *
     * @param ending how
     * @param detail human-readable detail, possibly empty
     */
    record Draw(Ending ending, String detail) implements Outcome {
        public Draw {
            if (ending == null || ending == Ending.ABORTED) {
                throw new IllegalArgumentException("a draw needs an ending other than ABORTED, not " + ending);
            }
            detail = detail == null ? "" : detail;
        }
    }

    /**
     * The game was called off before each side had moved: no result, neither a win nor a draw (中断).
     *
     * @param detail human-readable detail, possibly empty (e.g. who called it off)
     */
    record Aborted(String detail) implements Outcome {
        public Aborted {
            detail = detail == null ? "" : detail;
        }

        /** Always {@link Ending#ABORTED}. */
        @Override
        public Ending ending() {
            return Ending.ABORTED;
        }
    }

    /**
     * A one-line description in English, as players say it: {@code Gote wins by checkmate}, {@code Draw by
     * repetition (sennichite) (fourfold repetition since ply 12)}, {@code Aborted (sente did not move)}.
     */
    default String describe() {
        return switch (this) {
            case Win w -> describe(w.winner(), w.ending(), w.detail());
            case Draw dr -> describe(null, dr.ending(), dr.detail());
            case Aborted a -> describe(null, Ending.ABORTED, a.detail());
        };
    }

    /**
     * The line of {@link #describe()} for an outcome given by its parts, as a stored result holds them.
     *
     * @param winner the side that won, or null for a draw or an aborted game
     * @param ending how the game ended
     * @param detail the detail, or null or empty for none
     */
    static String describe(Color winner, Ending ending, String detail) {
        String d = detail == null || detail.isEmpty() ? "" : " (" + detail + ")";
        if (ending == Ending.ABORTED) {
            return "Aborted" + d;
        }
        if (winner == null) {
            return "Draw by " + ending.english() + d;
        }
        String side = winner.englishName();
        return Character.toUpperCase(side.charAt(0)) + side.substring(1) + " wins by " + ending.english() + d;
    }
}
