package dev.meijin.engine;

import dev.meijin.core.position.Position;
import java.util.function.Consumer;

/**
 * The state one {@code go} shares between its search threads: limits, clock, stop flag, the transposition
 * table; the root position carries the game history (for repetition). Fields written by one thread and read by others
 * are {@code volatile}; node counters are per worker and summed racily for reports.
 */
final class SearchRun {
    final Position root;
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

    SearchRun(Position root, int[] rootMoves,
            TranspositionTable tt, Options options, SearchLimits limits, TimeManager time, int multiPv, int maxDepth, long maxNodes,
            Consumer<SearchInfo> info, long seed, long startNanos) {
        this.root = root;
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
        this.startNanos = startNanos;
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
