package dev.meijin.server.engine;

import dev.meijin.core.position.Position;
import dev.meijin.core.sfen.Sfen;
import dev.meijin.mate.MateLimits;
import dev.meijin.mate.MateResult;
import dev.meijin.mate.MateSolver;
import dev.meijin.mate.Soundness;
import dev.meijin.mate.UnknownReason;
import java.time.Duration;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The mate solver behind the tsume page: one {@link MateSolver} (a table sized by {@link #hashMb()}) on one platform
 * thread, fed by a queue of at most {@value #QUEUE} problems, so that however many people send problems at
 * most one core solves them. A problem that finds the queue full is refused at once. Settled answers (a mate or
 * a proof of none) are kept for the last {@value #CACHED} problems, so a problem sent again is answered at once
 * with the answer it had (nodes and time included); an answer cut short by the time limit is not kept.
 *
 * <p>Each problem is solved during turns of the engine pool ({@link EnginePool#turn}), so that the solver counts
 * against the pool's limit of searches at once rather than beside it, and it gives way to the games: when a
 * game's move needs the worker, the solve is stopped (within a millisecond or two: the df-pn looks for a stop
 * every 1,024 nodes, the reading of a solution every 1,024 positions), the turn is given back, and the problem
 * waits for another turn to go on from the table it left ({@link MateSolver#resume}); only a reading of the
 * solution cut short is read again. Its time limit counts the solver's own time alone, not the waits; but a
 * problem is answered at the latest {@link #MAX_WAIT} after its time limit from when it was sent, so that a busy
 * engine cannot keep it for ever: what it has not settled by then is answered as not settled because the server
 * was busy ({@link Solved#busy()}).
 *
 * <p>A problem may also be judged as a composition ({@link MateSolver#judge}): once its mate is found, the other
 * checks along the solution are tried within what is left of the same time limit, in turns as well. A judging
 * that a game's move interrupts is made again during the next turn, from what the table has learned.
 */
public final class MateService implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(MateService.class);
    /** The smallest and largest table the solver is given, in megabytes. */
    static final int MIN_HASH_MB = 16, MAX_HASH_MB = 256;

    /**
     * The solver's table size in megabytes for this JVM: a sixteenth of the maximum heap, from {@value #MIN_HASH_MB}
     * to {@value #MAX_HASH_MB} MB (64 MB with a 1 GB heap, 256 MB from a 4 GB heap). Long problems need room: with
     * 64 MB 無双10's proof takes three times the nodes it takes with 256 MB, and 煙詰's does not end
     * (docs/BENCHMARKS.md).
     */
    static int hashMb() {
        return hashMb(Runtime.getRuntime().maxMemory());
    }

    static int hashMb(long maxHeapBytes) {
        return Math.clamp(maxHeapBytes / 16 / (1024 * 1024), MIN_HASH_MB, MAX_HASH_MB);
    }
    /** Problems that may wait while one is solved. */
    public static final int QUEUE = 3;
    /** The worker's stack: room for the deepest line the solver follows. */
    private static final long STACK_BYTES = 64L << 20;
    /** Settled answers kept. */
    static final int CACHED = 128;
    /**
     * How much longer than its time limit a problem may take, from when it is sent, waiting for the problems
     * before it (three of 30 s at most) and for the turns the engine's games leave it.
     */
    public static final Duration MAX_WAIT = Duration.ofMinutes(2);

    /**
     * A solved problem.
     *
     * @param problem the position solved
     * @param result the solver's answer
     * @param nodes the nodes searched
     * @param nanos the time spent solving (the solver's own time: waits for a turn are not counted)
     * @param busy whether the problem reached its deadline ({@link #MAX_WAIT} after its time limit) before the
     *     solver had spent its time limit on it: the other problems and the engine's games kept it waiting, and
     *     an unsettled result says nothing of the time limit
     * @param soundness the judging of the mate as a composition, when it was asked for and a mate was found (not
     *     {@linkplain Soundness#complete() complete} when the time ran out before every alternative was settled,
     *     or before the judging could begin)
     */
    public record Solved(Position problem, MateResult result, long nodes, long nanos, boolean busy, Optional<Soundness> soundness) {
        /** A problem solved without judging. */
        public Solved(Position problem, MateResult result, long nodes, long nanos, boolean busy) {
            this(problem, result, nodes, nanos, busy, Optional.empty());
        }

        /**
         * Whether the answer is worth keeping for the same problem sent again: settled (a mate or a proof of none),
         * not cut short by the deadline, and, if judged, judged to a verdict.
         */
        boolean settled() {
            return !busy && !(result instanceof MateResult.Unknown)
                    && soundness.map(s -> s.verdict() != Soundness.Verdict.UNDETERMINED).orElse(true);
        }
    }

    /** What the solver is doing, for a page that waits for its answer. */
    public enum State {
        /** No problem to solve. */
        IDLE,
        /** Solving a problem. */
        SOLVING,
        /** Judging the mate found as a composition, when that was asked for. */
        JUDGING,
        /** Waiting for a turn of the engine pool for the problem it has, while games' moves have the workers. */
        WAITING
    }

    /**
     * @param deadline when the problem must be answered, on the {@link System#nanoTime()} scale
     */
    private record Job(Position problem, String key, Duration limit, boolean judge, long deadline, CompletableFuture<Solved> answer) {
        /** The key of the problem solved without judging. */
        String plainKey() {
            return judge ? key.substring(0, key.length() - JUDGED.length()) : key;
        }
    }

    /** Marks the key of a problem to judge apart from the same problem solved alone. */
    private static final String JUDGED = " judged";

    private final ArrayBlockingQueue<Job> queue = new ArrayBlockingQueue<>(QUEUE);
    private final Map<String, Solved> settled = Collections.synchronizedMap(new LinkedHashMap<>(16, 0.75f, true) {
        private static final long serialVersionUID = 1L;

        @Override
        protected boolean removeEldestEntry(Map.Entry<String, Solved> e) {
            return size() > CACHED;
        }
    });
    private final EnginePool searches;
    private final Duration maxWait;
    private final Thread worker;
    private volatile MateSolver solver;
    private volatile boolean closed;
    private volatile State state = State.IDLE;
    /** How many times a solve gave its turn back for a game's move. */
    private final AtomicLong gaveWay = new AtomicLong();
    /** How many problems the solver has begun to solve (a judging of the last one solved needs no solve). */
    private final AtomicLong solves = new AtomicLong();
    /** The key of the problem the solver solved last, solved alone ({@link Job#plainKey()}); on the worker only. */
    private String lastSolved;

    /**
     * Starts the worker; the solver's table is allocated with the first problem.
     *
     * @param searches the engine pool whose limit of searches at once the solver keeps to: each problem is solved
     *     during its workers' turns, which its games' moves take back when they need them
     */
    public MateService(EnginePool searches) {
        this(searches, MAX_WAIT);
    }

    /** As {@link #MateService(EnginePool)}, with another longest wait than {@link #MAX_WAIT}; for tests. */
    MateService(EnginePool searches, Duration maxWait) {
        this.searches = searches;
        this.maxWait = maxWait;
        // The df-pn recurses once per ply, and a line may run 2,000 plies deep before it is cut.
        worker = Thread.ofPlatform().name("mate-solver").daemon().stackSize(STACK_BYTES).start(this::work);
    }

    /**
     * The longest a problem with this time limit may take from when it is sent until it is answered: the limit
     * and {@link #MAX_WAIT}.
     */
    public Duration answeredWithin(Duration limit) {
        return limit.plus(maxWait);
    }

    /**
     * Solves a problem for its side to move, within a time limit of the solver's own time.
     *
     * @param problem the position
     * @param limit the longest the solver may spend on it
     * @return the answer to come (at the latest {@link #answeredWithin} the limit from now), or empty when the
     *     queue is full
     */
    public Optional<CompletableFuture<Solved>> solve(Position problem, Duration limit) {
        return solve(problem, limit, false);
    }

    /**
     * Solves a problem for its side to move and, if asked, judges its mate as a composition, both within one time
     * limit of the solver's own time.
     *
     * @param problem the position
     * @param limit the longest the solver may spend on it, the judging included
     * @param judge whether to judge the mate found as a composition ({@link Solved#soundness()})
     * @return the answer to come (at the latest {@link #answeredWithin} the limit from now), or empty when the
     *     queue is full
     */
    public Optional<CompletableFuture<Solved>> solve(Position problem, Duration limit, boolean judge) {
        String key = Sfen.format(problem) + (judge ? JUDGED : "");
        Solved known = settled.get(key);
        if (known != null) {
            return Optional.of(CompletableFuture.completedFuture(known));
        }
        Position copy = problem.copy();
        Duration within = answeredWithin(limit);
        Job job = new Job(copy, key, limit, judge, System.nanoTime() + within.toNanos(), new CompletableFuture<>());
        if (closed || !queue.offer(job)) {
            return Optional.empty();
        }
        // A problem still waiting behind others at its deadline is answered then; the one being solved answers by
        // itself at its deadline, a second earlier than this.
        job.answer().completeOnTimeout(new Solved(copy, new MateResult.Unknown(UnknownReason.STOPPED), 0, 0, true),
                within.toNanos() + TimeUnit.SECONDS.toNanos(1), TimeUnit.NANOSECONDS);
        return Optional.of(job.answer());
    }

    /**
     * Whether the answer to the problem solved alone (not judged) is kept, so that judging it is all that is left
     * to do: the tsume page asks for the judging of a pasted problem once it has its solution.
     */
    public boolean keepsSolution(Position problem) {
        return settled.containsKey(Sfen.format(problem));
    }

    /** What the solver is doing now. */
    public State state() {
        return state;
    }

    /** How many problems wait behind the one being solved. */
    public int queued() {
        return queue.size();
    }

    /** How many problems the solver has begun to solve. */
    long solves() {
        return solves.get();
    }

    /** How many times a solve gave its turn back for a game's move. */
    long gaveWay() {
        return gaveWay.get();
    }

    /** While a problem is solved: the nodes searched so far (0 before the first problem). */
    long nodesSoFar() {
        MateSolver s = solver;
        return s == null ? 0 : s.nodesSoFar();
    }

    private void work() {
        while (!closed) {
            Job job;
            try {
                job = queue.take();
            } catch (InterruptedException e) {
                return;
            }
            if (job.answer().isDone()) {
                continue; // answered at its deadline while it waited behind others
            }
            try {
                if (solver == null) {
                    int mb = hashMb();
                    LOG.info("mate solver: a {} MB table", mb);
                    solver = new MateSolver(mb);
                }
                if (!solve(job)) {
                    return; // closed while it waited for a turn
                }
            } catch (RuntimeException | Error e) {
                // Whatever failed, the request gets its answer and the worker goes on with the next problem.
                LOG.error("the mate solver failed on {}", job.key(), e);
                job.answer().completeExceptionally(e);
            } finally {
                state = State.IDLE;
            }
        }
    }

    /**
     * Solves a problem during as many turns of the pool as the games leave it, and answers it.
     *
     * @return false if the service was closed while the problem waited for a turn
     */
    private boolean solve(Job job) {
        long limit = job.limit().toNanos();
        MateResult r = new MateResult.Unknown(UnknownReason.STOPPED);
        Soundness soundness = null;
        boolean started = false;
        boolean judging = false;
        long spent = 0;
        Solved plain = job.judge() ? settled.get(job.plainKey()) : null;
        if (plain != null && plain.result() instanceof MateResult.Mate && job.plainKey().equals(lastSolved) && solver.judgeable()) {
            // Solved just before without judging (a try on the tsume page asks for the judging once it has the
            // solution): the solver still holds that solve, which is judged as it is.
            r = plain.result();
            started = true;
            judging = true;
        }
        while (true) {
            long wait = job.deadline() - System.nanoTime();
            if (wait <= 0) {
                answer(job, r, soundness, started, true);
                return true;
            }
            Slice slice = new Slice();
            Optional<EnginePool.Turn> turn;
            state = State.WAITING;
            try {
                turn = searches.turn(slice::giveBack, Duration.ofNanos(wait));
            } catch (InterruptedException e) {
                job.answer().completeExceptionally(new IllegalStateException("the server is stopping"));
                return false;
            } catch (IllegalStateException e) {
                job.answer().completeExceptionally(e); // the pool has stopped
                return true;
            }
            if (turn.isEmpty()) {
                continue; // the deadline came first: answered above
            }
            state = judging ? State.JUDGING : State.SOLVING;
            try {
                if (!slice.begin()) {
                    gaveWay.incrementAndGet();
                    continue; // a game's move asked for the worker before the solve began
                }
                try {
                    // The solver's own time left, and no later than the deadline.
                    long left = Math.max(1, Math.min(limit - spent, job.deadline() - System.nanoTime()));
                    MateLimits limits = MateLimits.ofTime(Duration.ofNanos(left));
                    if (judging) {
                        soundness = solver.judge(limits);
                    } else {
                        if (!started) {
                            lastSolved = job.plainKey();
                            solves.incrementAndGet();
                        }
                        r = started ? solver.resume(limits) : solver.solve(job.problem(), limits);
                        started = true;
                    }
                    spent = solver.nanos();
                } finally {
                    slice.end();
                }
            } finally {
                turn.get().close();
            }
            boolean late = System.nanoTime() - job.deadline() >= 0;
            if (judging) {
                // Made again during the next turn only if a game's move cut it short.
                if (closed || soundness.complete() || !slice.stoppedIt() || spent >= limit || late) {
                    answer(job, r, soundness, true, late && !closed && spent < limit);
                    return true;
                }
                gaveWay.incrementAndGet();
                continue;
            }
            if (closed || !solver.resumable() || spent >= limit) {
                if (job.judge() && r instanceof MateResult.Mate && !closed) {
                    // During the next turn; with no time left it ends at once, saying that nothing was settled.
                    judging = true;
                    continue;
                }
                answer(job, r, soundness, true, false);
                return true;
            }
            if (late) {
                answer(job, r, soundness, true, true);
                return true;
            }
            // Stopped so that a game's move could have the worker: go on during the next turn.
            gaveWay.incrementAndGet();
        }
    }

    private void answer(Job job, MateResult r, Soundness soundness, boolean started, boolean busy) {
        if (job.judge() && soundness == null && r instanceof MateResult.Mate mate) {
            // The deadline came before the judging's turn: nothing judged, which the verdict says (a fault aside).
            soundness = new Soundness(mate, List.of(), List.of(), mate.leftover(), false);
        }
        Solved solved = new Solved(job.problem(), r, started ? solver.nodes() : 0, started ? solver.nanos() : 0, busy,
                Optional.ofNullable(soundness));
        if (solved.settled()) {
            settled.put(job.key(), solved);
        }
        state = State.IDLE; // before the answer, which may be followed at once by a look at the state
        job.answer().complete(solved);
    }

    /**
     * One turn's solve, between the solver's thread and the thread of a game's move that asks for the worker back:
     * a stop asked for before the solve has begun keeps it from beginning, one asked for after stops it.
     */
    private final class Slice {
        private static final int READY = 0, SOLVING = 1, DONE = 2, GIVEN_BACK = 3;
        private final AtomicInteger phase = new AtomicInteger(READY);
        private volatile boolean stoppedIt;

        /** On the solver's thread, before the solve: false if the worker has been asked back already. */
        boolean begin() {
            return phase.compareAndSet(READY, SOLVING);
        }

        /** On the solver's thread, once the solve has returned. */
        void end() {
            phase.set(DONE);
        }

        /** On the thread of a game's move: stops the solve, or keeps it from beginning. */
        void giveBack() {
            if (phase.compareAndSet(READY, GIVEN_BACK)) {
                return;
            }
            // A stop made before the solve has begun would not carry over to it (MateSolver.stop): wait the moment
            // until it is solving, or has already returned.
            MateSolver s = solver;
            while (phase.get() == SOLVING && !s.solving()) {
                Thread.onSpinWait();
            }
            if (phase.get() == SOLVING) {
                stoppedIt = true;
                s.stop();
            }
        }

        /** Whether a game's move stopped the solve while it ran. */
        boolean stoppedIt() {
            return stoppedIt;
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
