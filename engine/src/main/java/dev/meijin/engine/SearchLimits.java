package dev.meijin.engine;

import java.util.List;

/**
 * What bounds a search: clocks (USI {@code btime wtime byoyomi binc winc}), a fixed time, depth or node count,
 * or nothing ({@code infinite}); {@code ponder} searches on the opponent's time until {@link Engine#ponderhit()}.
 * Times are in milliseconds; zero means "not given".
 *
 * @param btime sente's remaining main time
 * @param wtime gote's remaining main time
 * @param byoyomi the byoyomi period
 * @param binc sente's increment
 * @param winc gote's increment
 * @param movetime a fixed time for this move
 * @param depth a maximum depth (0 for none)
 * @param nodes a maximum node count (0 for none)
 * @param infinite search until stopped
 * @param ponder search in ponder mode
 * @param searchMoves restrict the root to these USI moves (empty for all)
 */
public record SearchLimits(long btime, long wtime, long byoyomi, long binc, long winc, long movetime, int depth,
        long nodes, boolean infinite, boolean ponder, List<String> searchMoves) {

    /** Copies the move list and checks the numbers. */
    public SearchLimits {
        searchMoves = List.copyOf(searchMoves);
        if (btime < 0 || wtime < 0 || byoyomi < 0 || binc < 0 || winc < 0 || movetime < 0 || depth < 0 || nodes < 0) {
            throw new IllegalArgumentException("search limits must not be negative");
        }
    }

    private static final SearchLimits NONE = new SearchLimits(0, 0, 0, 0, 0, 0, 0, 0, false, false, List.of());

    /** Search until stopped. */
    public static SearchLimits untilStopped() {
        return NONE.withInfinite(true);
    }

    /**
     * Search to a fixed depth.
     *
     * @param depth the depth in plies
     * @return the limits
     */
    public static SearchLimits depth(int depth) {
        return new SearchLimits(0, 0, 0, 0, 0, 0, depth, 0, false, false, List.of());
    }

    /**
     * Search a fixed number of nodes.
     *
     * @param nodes the node count
     * @return the limits
     */
    public static SearchLimits nodes(long nodes) {
        return new SearchLimits(0, 0, 0, 0, 0, 0, 0, nodes, false, false, List.of());
    }

    /**
     * Search for a fixed time.
     *
     * @param ms milliseconds
     * @return the limits
     */
    public static SearchLimits movetime(long ms) {
        return new SearchLimits(0, 0, 0, 0, 0, ms, 0, 0, false, false, List.of());
    }

    /**
     * Search under game clocks.
     *
     * @param btime sente's main time left
     * @param wtime gote's main time left
     * @param byoyomi the byoyomi period
     * @param binc sente's increment
     * @param winc gote's increment
     * @return the limits
     */
    public static SearchLimits clock(long btime, long wtime, long byoyomi, long binc, long winc) {
        return new SearchLimits(btime, wtime, byoyomi, binc, winc, 0, 0, 0, false, false, List.of());
    }

    /** These limits with {@code infinite} set as given. */
    public SearchLimits withInfinite(boolean on) {
        return new SearchLimits(btime, wtime, byoyomi, binc, winc, movetime, depth, nodes, on, ponder, searchMoves);
    }

    /** These limits with {@code ponder} set as given. */
    public SearchLimits withPonder(boolean on) {
        return new SearchLimits(btime, wtime, byoyomi, binc, winc, movetime, depth, nodes, infinite, on, searchMoves);
    }

    /** These limits with a depth limit. */
    public SearchLimits withDepth(int d) {
        return new SearchLimits(btime, wtime, byoyomi, binc, winc, movetime, d, nodes, infinite, ponder, searchMoves);
    }

    /** These limits with a node limit. */
    public SearchLimits withNodes(long n) {
        return new SearchLimits(btime, wtime, byoyomi, binc, winc, movetime, depth, n, infinite, ponder, searchMoves);
    }

    /** These limits with the root restricted to some USI moves. */
    public SearchLimits withSearchMoves(List<String> moves) {
        return new SearchLimits(btime, wtime, byoyomi, binc, winc, movetime, depth, nodes, infinite, ponder, moves);
    }

    /** Whether any clock or fixed time is given (otherwise only depth, nodes or a stop end the search). */
    public boolean timed() {
        return btime > 0 || wtime > 0 || byoyomi > 0 || binc > 0 || winc > 0 || movetime > 0;
    }
}
