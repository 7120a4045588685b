package dev.meijin.engine;

import java.util.List;

/** What a running search reports. */
public sealed interface SearchInfo {

    /**
     * A principal variation finished (or cut short) at a depth.
     *
     * @param depth the nominal depth
     * @param seldepth the deepest ply reached
     * @param timeMs milliseconds since the search started
     * @param nodes nodes searched by all threads
     * @param nps nodes per second
     * @param hashfull transposition-table use in per mille
     * @param score the score of the line
     * @param bound whether the score is exact or a bound
     * @param multipv the line's rank (1 = best) when several lines are searched
     * @param pv the moves in USI
     */
    record Line(int depth, int seldepth, long timeMs, long nodes, long nps, int hashfull, Score score, Bound bound,
            int multipv, List<String> pv) implements SearchInfo {}

    /**
     * The root move being searched (sent during long searches).
     *
     * @param depth the depth being searched
     * @param move the move in USI
     * @param number its index among the root moves, from 1
     */
    record CurrentMove(int depth, String move, int number) implements SearchInfo {}

    /**
     * A free-text message (USI {@code info string}).
     *
     * @param text the message
     */
    record Text(String text) implements SearchInfo {}
}
