package dev.meijin.engine;

import dev.meijin.core.position.Position;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.atomic.AtomicBoolean;
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
    /**
     * The main thread's best root move so far and the move it expects in reply, packed by {@link #pack}; 0 before
     * the first root move is searched. Published at the root only, read by the engine's hard-stop watchdog.
     */
    volatile long bestSoFar;
    /** Set by whoever delivers this search's bestmove first: the search thread, or the watchdog past the hard stop. */
    final AtomicBoolean answered = new AtomicBoolean();
    /** The watchdog armed for this search's hard stop, if any; cancelled when the bestmove is delivered. */
    volatile ScheduledFuture<?> watchdog;
    /** Receives this search's bestmove; null when the answer needs no search (the watchdog is then not armed). */
    volatile Consumer<BestMove> onBest;
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

    /** A best move and its ponder move ({@code Move.NONE} for none) in one word, for {@link #bestSoFar}. */
    static long pack(int best, int ponder) {
        return (long) best << 32 | ponder & 0xffff_ffffL;
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
