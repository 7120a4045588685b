package dev.meijin.engine;

import dev.meijin.core.position.Position;
import java.util.function.Consumer;

/**
 * The state one {@code go} shares between its search threads: limits, clock, stop flag, the transposition
 * table and the game history before the root (for repetition). Fields written by one thread and read by others
 * are {@code volatile}; node counters are per worker and summed racily for reports.
 */
final class SearchRun {
    final Position root;
    /** Board key (pieces and side to move), hand of the side to move and check flag of every game position up to the root. */
    final long[] historyBoard;
    final int[] historyHand;
    final boolean[] historyCheck;
    final int historyLength;
    final int[] rootMoves;
    final TranspositionTable tt;
    final Options options;
    final SearchLimits limits;
    final TimeManager time;
    final int multiPv;
    final int maxDepth;
    final long maxNodes;
    final Consumer<SearchInfo> info;
    final long seed;
    volatile long startNanos;
    volatile boolean stop;
    volatile boolean pondering;
    Worker[] workers;

    SearchRun(Position root, long[] historyBoard, int[] historyHand, boolean[] historyCheck, int historyLength, int[] rootMoves,
            TranspositionTable tt, Options options, SearchLimits limits, TimeManager time, int multiPv, int maxDepth, long maxNodes,
            Consumer<SearchInfo> info, long seed) {
        this.root = root;
        this.historyBoard = historyBoard;
        this.historyHand = historyHand;
        this.historyCheck = historyCheck;
        this.historyLength = historyLength;
        this.rootMoves = rootMoves;
        this.tt = tt;
        this.options = options;
        this.limits = limits;
        this.time = time;
        this.multiPv = multiPv;
        this.maxDepth = maxDepth;
        this.maxNodes = maxNodes;
        this.info = info;
        this.seed = seed;
        this.startNanos = System.nanoTime();
        this.pondering = limits.ponder();
    }

    long elapsedMs() {
        return (System.nanoTime() - startNanos) / 1_000_000;
    }

    long nodes() {
        long n = 0;
        for (Worker w : workers) {
            n += w.nodes;
        }
        return n;
    }
}
