package dev.meijin.engine;

import java.util.Optional;

/** The result of a search. */
public sealed interface BestMove {

    /**
     * Play a move, with the reply the engine expects (for pondering), if known.
     *
     * @param move the move in USI ({@code 7g7f}, {@code P*5e})
     * @param ponder the expected reply in USI
     */
    record Play(String move, Optional<String> ponder) implements BestMove {}

    /** The side to move resigns (no legal move, or the score fell below the resign threshold). */
    record Resign() implements BestMove {}

    /** The side to move declares an entering-king win, valid under the active rule. */
    record Win() implements BestMove {}
}
