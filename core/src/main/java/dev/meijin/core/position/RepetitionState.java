package dev.meijin.core.position;

/**
 * What the position's own history says about the current position, from the side to move's point of view.
 * Search asks at every node; {@code Game} uses the same answer for its endings.
 */
public enum RepetitionState {
    /** No earlier occurrence that matters. */
    NONE,
    /** The same board, hands and side to move occurred before: sennichite (千日手), a draw. */
    DRAW,
    /** A repetition in which every move of the opponent gave check: the opponent loses (連続王手の千日手). */
    WIN,
    /** A repetition in which every move of the side to move gave check: the side to move loses. */
    LOSE,
    /** The same board and side to move with the side to move holding at least as much in hand, and more. */
    SUPERIOR,
    /** The same board and side to move with the side to move holding less in hand. */
    INFERIOR
}
