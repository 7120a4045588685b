package dev.meijin.engine;

import dev.meijin.core.position.Position;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.locks.ReentrantLock;
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
    /**
     * This search's info listener, silent once the bestmove is delivered: a search thread the watchdog answered for
     * may still report a depth before it sees the stop, and a GUI would take such a line for the next search's.
     */
    final Consumer<SearchInfo> info;
    /** The listener as given, for the watchdog's own report, which must not wait for a search thread's. */
    final Consumer<SearchInfo> rawInfo;
    /**
     * Held while an info line or the bestmove is handed on, so that no info line follows the bestmove. The bestmove
     * waits for a report under way only briefly ({@link #OUTPUT_WAIT_MS}): a search thread held inside its report
     * (a long pause of the runtime) must not hold the watchdog's answer back.
     */
    final ReentrantLock output = new ReentrantLock();
    static final long OUTPUT_WAIT_MS = 5;
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
    /** A line the search reports before it starts (fewer threads than asked for), or null. */
    String note;

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
        this.rawInfo = info;
        this.info = i -> {
            output.lock();
            try {
                if (!answered.get()) {
                    info.accept(i);
                }
            } finally {
                output.unlock();
            }
        };
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
