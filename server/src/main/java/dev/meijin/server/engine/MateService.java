package dev.meijin.server.engine;

import dev.meijin.core.position.Position;
import dev.meijin.core.sfen.Sfen;
import dev.meijin.mate.MateLimits;
import dev.meijin.mate.MateResult;
import dev.meijin.mate.MateSolver;
import java.time.Duration;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.CompletableFuture;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The mate solver behind the tsume page: one {@link MateSolver} (a {@value #HASH_MB} MB table) on one platform
 * thread, fed by a queue of at most {@value #QUEUE} problems, so that however many people send problems at
 * most one core solves them. Each problem waits for a turn of the engine pool ({@link EnginePool#turn()}) before
 * it is solved, so that the solver counts against the pool's limit of searches at once rather than beside it.
 * A problem that finds the queue full is refused at once. Settled answers (a mate or a proof of none) are kept
 * for the last {@value #CACHED} problems, so a problem sent again is answered at once with the answer it had
 * (nodes and time included); an answer cut short by the time limit is not kept.
 */
public final class MateService implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(MateService.class);
    /** The solver's table size. */
    static final int HASH_MB = 64;
    /** Problems that may wait while one is solved. */
    public static final int QUEUE = 3;
    /** The worker's stack: room for the deepest line the solver follows. */
    private static final long STACK_BYTES = 64L << 20;
    /** Settled answers kept. */
    static final int CACHED = 128;

    /**
     * A solved problem.
     *
     * @param problem the position solved
     * @param result the solver's answer
     * @param nodes the nodes searched
     * @param nanos the time spent solving
     */
    public record Solved(Position problem, MateResult result, long nodes, long nanos) {}

    private record Job(Position problem, String key, Duration limit, CompletableFuture<Solved> answer) {}

    private final ArrayBlockingQueue<Job> queue = new ArrayBlockingQueue<>(QUEUE);
    private final Map<String, Solved> settled = Collections.synchronizedMap(new LinkedHashMap<>(16, 0.75f, true) {
        private static final long serialVersionUID = 1L;

        @Override
        protected boolean removeEldestEntry(Map.Entry<String, Solved> e) {
            return size() > CACHED;
        }
    });
    private final EnginePool searches;
    private final Thread worker;
    private volatile MateSolver solver;
    private volatile boolean closed;

    /**
     * Starts the worker; the solver's table is allocated with the first problem.
     *
     * @param searches the engine pool whose limit of searches at once the solver keeps to: each problem is solved
     *     during one of its workers' turns
     */
    public MateService(EnginePool searches) {
        this.searches = searches;
        // The df-pn recurses once per ply, and a line may run 2,000 plies deep before it is cut.
        worker = Thread.ofPlatform().name("mate-solver").daemon().stackSize(STACK_BYTES).start(this::work);
    }

    /**
     * Solves a problem for its side to move, within a time limit.
     *
     * @param problem the position
     * @param limit the longest the solver may take
     * @return the answer to come, or empty when the queue is full
     */
    public Optional<CompletableFuture<Solved>> solve(Position problem, Duration limit) {
        String key = Sfen.format(problem);
        Solved known = settled.get(key);
        if (known != null) {
            return Optional.of(CompletableFuture.completedFuture(known));
        }
        Job job = new Job(problem.copy(), key, limit, new CompletableFuture<>());
        if (closed || !queue.offer(job)) {
            return Optional.empty();
        }
        return Optional.of(job.answer());
    }

    private void work() {
        while (!closed) {
            Job job;
            try {
                job = queue.take();
            } catch (InterruptedException e) {
                return;
            }
            EnginePool.Turn turn;
            try {
                turn = searches.turn(); // one of the pool's searches at once
            } catch (InterruptedException e) {
                job.answer().completeExceptionally(new IllegalStateException("the server is stopping"));
                return; // closed while it waited for its turn
            } catch (IllegalStateException e) {
                job.answer().completeExceptionally(e); // the pool has stopped
                continue;
            }
            try {
                if (solver == null) {
                    solver = new MateSolver(HASH_MB);
                }
                MateResult r = solver.solve(job.problem(), MateLimits.ofTime(job.limit()));
                Solved solved = new Solved(job.problem(), r, solver.nodes(), solver.nanos());
                if (!(r instanceof MateResult.Unknown)) {
                    settled.put(job.key(), solved);
                }
                job.answer().complete(solved);
            } catch (RuntimeException | Error e) {
                // Whatever failed, the request gets its answer and the worker goes on with the next problem.
                LOG.error("the mate solver failed on {}", job.key(), e);
                job.answer().completeExceptionally(e);
            } finally {
                turn.close();
            }
        }
    }

    /** Stops the worker and the problem being solved (within about a second); problems still waiting fail. */
    @Override
    public void close() {
        closed = true;
        worker.interrupt();
        // The stop is repeated: a solve that had not started when it was first asked for would not see it.
        for (int i = 0; i < 50 && worker.isAlive(); i++) {
            MateSolver s = solver;
            if (s != null) {
                s.stop();
            }
            try {
                worker.join(20);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
        }
        Job left;
        while ((left = queue.poll()) != null) {
            left.answer().completeExceptionally(new IllegalStateException("the server is stopping"));
        }
    }
}
