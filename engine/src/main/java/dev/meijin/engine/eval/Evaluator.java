package dev.meijin.engine.eval;

import dev.meijin.core.position.Position;

/**
 * A static evaluation for the search. One instance belongs to one search thread: implementations may keep
 * incremental state (accumulators, feature lists) that the hooks below update as the search walks the tree.
 *
 * <p>The search calls {@link #reset(Position)} at the root, {@link #beforeMove(Position, int)} just before every
 * {@code doMove}, {@link #afterUndo(Position)} just after every {@code undoMove}, and the null-move hooks around a
 * pass. Every hook is allocation-free in the implementations here and must be in any implementation.
 */
public interface Evaluator {

    /**
     * Sets up the incremental state for a position, dropping any earlier state.
     *
     * @param pos the position the search starts from
     */
    void reset(Position pos);

    /**
     * Called just before {@code move} is played on {@code pos} (the position still shows the captured piece).
     *
     * @param pos the position before the move
     * @param move the int move about to be played
     */
    void beforeMove(Position pos, int move);

    /**
     * Called just after the last move played was taken back.
     *
     * @param pos the position after the undo
     */
    void afterUndo(Position pos);

    /**
     * Forgets whatever was kept from earlier searches (caches of costly terms), so that the next search evaluates as
     * a fresh evaluator would: a new game ({@code usinewgame}), or a search that must not depend on the ones before
     * it. Nothing to do for an evaluator that keeps nothing.
     */
    default void clear() {}

    /** Called just before a null move (a pass): no feature changes, only the side to move. */
    default void beforeNullMove() {}

    /** Called just after a null move was taken back. */
    default void afterNullUndo() {}

    /**
     * The static evaluation of the current position from the side to move's point of view, in centipawn-like
     * units (a pawn on the board is about 100). Never a mate score.
     *
     * @param pos the current position
     * @return the evaluation, within ±{@value #MAX_EVAL}
     */
    int evaluate(Position pos);

    /**
     * The static evaluation as far as a search window needs it: the exact {@link #evaluate(Position)} when it
     * lies inside {@code (alpha, beta)}; otherwise the implementation may skip costly terms and return a bound on
     * the side of the window where the evaluation lies: a value {@code v >= beta} with {@code v <= evaluate(pos)},
     * or a value {@code v <= alpha} with {@code v >= evaluate(pos)} — the reading of a fail-soft search result.
     * The bound is certain only as far as the skipped terms stay within the implementation's margin (see {@link
     * ShogiEvaluator#LAZY_MARGIN}). The default is the exact evaluation.
     *
     * @param pos the current position
     * @param alpha the lower end of the window, from the side to move's point of view
     * @param beta the upper end of the window
     * @return the evaluation or a bound on it outside the window, within ±{@value #MAX_EVAL}
     */
    default int evaluate(Position pos, int alpha, int beta) {
        return evaluate(pos);
    }

    /** The largest absolute value {@link #evaluate} returns. */
    int MAX_EVAL = 20000;
}
