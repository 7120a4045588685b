package dev.meijin.server.engine;

import dev.meijin.core.Color;
import dev.meijin.core.game.RuleSet;
import dev.meijin.core.game.TimeSource;
import dev.meijin.core.sfen.Sfen;
import dev.meijin.engine.BestMove;
import dev.meijin.engine.Engine;
import dev.meijin.engine.EnteringKingRule;
import dev.meijin.engine.Levels;
import dev.meijin.engine.MoveQuality;
import dev.meijin.engine.Score;
import dev.meijin.engine.SearchInfo;
import dev.meijin.engine.SearchLimits;
import dev.meijin.server.EngineSettings;
import dev.meijin.server.round.EnginePlayer;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.PriorityQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The engine on a bounded pool: {@code threads} platform workers, each owning one {@link Engine} (one search
 * thread, a small hash), take requests from one queue: the moves of games first, in the order they came, then
 * analyses, one position at a time, and the turns of searches that run on a thread of their own (the mate
 * solver's, {@link #turn}), in the order they came. However many games play the computer and however many
 * mate problems are sent, at most {@code threads} searches run at once, so on a machine with more cores than that
 * the games between people always have a core; a request that waits for a worker has that wait charged to the
 * engine's clock, as a person's thinking is.
 *
 * <p>Only another game's move can make a game's move wait. When a move finds every worker taken and some of them
 * busy with an analysis or a lent turn, as many of those as there are moves waiting are asked for their workers
 * back: an analysis stops its position's search and evaluates that position again on a later turn, and the
 * borrower of a turn stops its search, closes the turn and asks for another to go on. The move then starts as
 * soon as the search it displaces has stopped (a few milliseconds), so that nothing but games is ever paid for
 * on a game's clock.
 *
 * <p>Levels 1–8 map to the engine's {@code Skill Level} 0, 3, 6, 9, 12, 15, 18 and 20 (full strength). Without a
 * clock the engine thinks at most {@code level × 500 ms}; with one it follows its own time management under the
 * game's clock, and never longer than {@link EngineSettings#maxMoveTime()}.
 */
public final class EnginePool implements EnginePlayer, AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(EnginePool.class);
    private static final int HASH_MB = 16;
    /**
     * The table of each worker's engine for analyses, in megabytes: cleared before every position, so that an
     * analysis gives the same evaluations whatever the worker searched before (a position's nodes fill a small part
     * of it).
     */
    static final int ANALYSIS_HASH_MB = 4;

    private final EngineSettings settings;
    private final TimeSource time;
    /**
     * What the workers do next: a move of a game before any analysis or lent turn (a game's clock runs while it
     * waits), and in the order asked within each kind. An analysis takes one position per turn and then queues
     * again, so that analyses take turns; a lent turn lasts its whole search (a mate problem's time limit at
     * most) unless a game's move asks for the worker back ({@link #makeRoom}). Guarded by {@link #lock}, as is
     * {@link #current}: whether a game's move must displace a search is decided on both at once.
     */
    private final PriorityQueue<Task> queue = new PriorityQueue<>(16,
            Comparator.comparingInt((Task t) -> t instanceof Job ? 0 : 1).thenComparingLong(Task::order));
    /** The task each worker runs, null while it has none. */
    private final Task[] current;
    private final ReentrantLock lock = new ReentrantLock();
    private final Condition queued = lock.newCondition();
    private final AtomicLong orders = new AtomicLong();
    private final Thread[] workers;
    private final AtomicInteger running = new AtomicInteger();
    private final AtomicInteger peak = new AtomicInteger();
    /** How many times a game's move asked for a worker back from an analysis or a lent turn. */
    private final AtomicLong givenBack = new AtomicLong();
    /** The limits of the last search for a game's move, for tests of what its clock was charged. */
    private volatile SearchLimits lastMoveLimits;
    private volatile boolean closed;

    /**
     * Starts the workers (each warms its engine up in the background).
     *
     * @param settings the pool's size and limits; {@code threads} must be at least 1
     * @param time the game clocks' time source
     */
    public EnginePool(EngineSettings settings, TimeSource time) {
        if (settings.threads() < 1) {
            throw new IllegalArgumentException("an engine pool needs at least one thread");
        }
        this.settings = settings;
        this.time = time;
        this.workers = new Thread[settings.threads()];
        this.current = new Task[settings.threads()];
        for (int i = 0; i < workers.length; i++) {
            int index = i;
            workers[i] = Thread.ofPlatform().name("engine-worker-" + i).daemon().start(() -> work(index));
        }
    }

    @Override
    public Thinking think(Request request, Consumer<Answer> answer) {
        Job job = new Job(request, answer);
        job.order = orders.incrementAndGet();
        offer(job);
        return job;
    }

    /**
     * Queues a task for the workers; a game's move also makes room for itself ({@link #makeRoom}).
     *
     * @return false if the pool is closed (the task is not queued)
     */
    private boolean offer(Task task) {
        List<Displaceable> displaced;
        lock.lock();
        try {
            if (closed) {
                return false;
            }
            queue.add(task);
            queued.signal();
            displaced = task instanceof Job ? makeRoom() : List.of();
        } finally {
            lock.unlock();
        }
        // Outside the lock: stopping a search may wait a moment for it to have begun (MateService).
        for (Displaceable d : displaced) {
            givenBack.incrementAndGet();
            try {
                d.giveBack();
            } catch (RuntimeException e) {
                LOG.error("could not stop a search to make room for a game's move", e);
            }
        }
        return true;
    }

    /**
     * With the lock held: the analyses and lent turns to ask for their workers back so that every game's move
     * waiting has a worker, counting the workers that have nothing to do and those already asked. Only moves of
     * other games then make a move wait.
     */
    private List<Displaceable> makeRoom() {
        int moves = 0;
        for (Task t : queue) {
            if (t instanceof Job && !t.cancelled()) {
                moves++;
            }
        }
        int free = 0;
        List<Displaceable> displaceable = new ArrayList<>();
        for (Task t : current) {
            if (t == null || t instanceof Displaceable d && d.givingBack) {
                free++;
            } else if (t instanceof Displaceable d) {
                displaceable.add(d);
            }
        }
        List<Displaceable> displaced = new ArrayList<>();
        for (int i = 0; i < moves - free && i < displaceable.size(); i++) {
            Displaceable d = displaceable.get(i);
            d.askToGiveBack();
            displaced.add(d);
        }
        return displaced;
    }

    /** On a worker: the next task to run, waiting for one; the worker's current task until it asks again. */
    private Task next(int worker) throws InterruptedException {
        lock.lockInterruptibly();
        try {
            current[worker] = null;
            while (true) {
                Task t = queue.poll();
                if (t == null) {
                    queued.await();
                } else if (!t.cancelled()) {
                    current[worker] = t;
                    return t;
                }
            }
        } finally {
            lock.unlock();
        }
    }

    /** On a worker: its task is over, so that a game's move counts it as free until it takes the next. */
    private void finished(int worker) {
        lock.lock();
        try {
            current[worker] = null;
        } finally {
            lock.unlock();
        }
    }

    /** How many searches run now. */
    public int running() {
        return running.get();
    }

    /** The most searches that ever ran at once. */
    public int peakRunning() {
        return peak.get();
    }

    /** How many requests wait for a worker (lent turns included). */
    public int waiting() {
        lock.lock();
        try {
            return queue.size();
        } finally {
            lock.unlock();
        }
    }

    /** How many times a game's move has asked an analysis or a lent turn for its worker back. */
    long givenBack() {
        return givenBack.get();
    }

    /** The limits the last search for a game's move was given (null before the first). */
    SearchLimits lastMoveLimits() {
        return lastMoveLimits;
    }

    /**
     * A worker's turn, lent to a search that runs on another thread; closing it gives the worker back. Closing it
     * again does nothing.
     */
    @FunctionalInterface
    public interface Turn extends AutoCloseable {
        @Override
        void close();
    }

    /**
     * Waits for a worker's turn for a search that runs on the caller's thread (the mate solver, whose recursion
     * wants a stack of its own), so that it counts against the pool's limit: the turn comes in the queue's order,
     * after the moves of games waiting, and the worker that gives it does nothing else until it is closed. A game's
     * move that finds every worker taken asks for it back: {@code giveBack} is then called, once, on the thread
     * that asked for the move, and the borrower should stop its search at once, close the turn, and ask for another
     * to go on with it.
     *
     * {@snippet :
     * Optional<EnginePool.Turn> turn = pool.turn(search::stop, Duration.ofMinutes(2));
     * if (turn.isPresent()) {
     *     try (EnginePool.Turn t = turn.get()) {
     *         search.run(); // one of the pool's searches at once, until a game's move needs the worker
     *     }
     * }
     * }
     *
     * @param giveBack stops the search when a game's move needs the worker; quick, and safe to call from any thread
     * @param patience how long to wait for the turn at most
     * @return the turn, to be closed when the search is over, or empty if none came within {@code patience}
     * @throws InterruptedException if the caller is interrupted while it waits (it then has no turn)
     * @throws IllegalStateException if the pool is closed, or closes while the caller waits
     */
    public Optional<Turn> turn(Runnable giveBack, Duration patience) throws InterruptedException {
        Loan loan = new Loan(giveBack);
        loan.order = orders.incrementAndGet();
        if (!offer(loan)) {
            throw new IllegalStateException("the engine has stopped");
        }
        try {
            loan.granted.get(Math.max(0, patience.toNanos()), TimeUnit.NANOSECONDS);
        } catch (TimeoutException e) {
            withdraw(loan);
            if (loan.granted.cancel(false)) {
                return Optional.empty();
            }
            // A worker gave the turn meanwhile: it is the caller's after all.
        } catch (InterruptedException e) {
            withdraw(loan);
            if (!loan.granted.cancel(false)) {
                loan.close(); // a worker took it meanwhile
            }
            throw e;
        } catch (ExecutionException e) {
            throw new IllegalStateException("the engine has stopped", e.getCause());
        }
        return Optional.of(loan::close);
    }

    private void withdraw(Task task) {
        lock.lock();
        try {
            queue.remove(task);
        } finally {
            lock.unlock();
        }
    }

    private void work(int worker) {
        // Games and analyses have engines of their own: an analysis neither reads nor overwrites a game's table.
        try (Engine engine = new Engine(); Engine analyst = new Engine()) {
            analyst.setOption("USI_Hash", String.valueOf(ANALYSIS_HASH_MB));
            analyst.setOption("Threads", "1");
            analyst.setOption("USI_Ponder", "false");
            engine.setOption("USI_Hash", String.valueOf(HASH_MB));
            engine.setOption("Threads", "1");
            engine.setOption("USI_Ponder", "false");
            engine.setOption("MinimumThinkingTime", "0");
            // In-process margins: the round forgives the engine no lag, and nothing stands between it and the clock.
            engine.setOption("NetworkDelay", "100");
            engine.setOption("NetworkDelay2", "150");
            try {
                engine.prepare();
            } catch (IllegalStateException e) {
                return; // interrupted while warming up: the pool is closing
            }
            while (!closed) {
                Task task;
                try {
                    task = next(worker);
                } catch (InterruptedException e) {
                    return;
                }
                int now = running.incrementAndGet();
                peak.accumulateAndGet(now, Math::max);
                try {
                    switch (task) {
                        case Job job -> play(engine, job);
                        case AnalysisJob a -> analyse(analyst, a);
                        case Loan loan -> loan.lend();
                    }
                } finally {
                    running.decrementAndGet();
                    finished(worker);
                }
            }
        }
    }

    private void play(Engine engine, Job job) {
        try {
            Answer a = search(engine, job);
            if (!job.cancelled && !closed) {
                job.answer.accept(a);
            }
        } catch (RuntimeException e) {
            LOG.error("engine failed on {}", EnginePlayer.describe(job.request), e);
            if (!job.cancelled) {
                job.answer.accept(new Answer.Failed("the engine failed: " + e.getMessage()));
            }
        } finally {
            job.engine = null;
        }
    }

    /**
     * The grade of the move that led to position {@code i} of an analysis ({@link MoveQuality}, by the fall of the
     * mover's expected score from the position before, searched, to this one), or null: for a move that gave away
     * little, for the engine's own best move, and where either position has no score (a mated side to move has
     * the score of being mated).
     */
    private static String quality(AnalysisJob job, int i, Integer cp, Integer mate, Engine engine) {
        Evaluation before = job.soFar.get(i - 1);
        if (job.moves.get(i - 1).equals(before.best())) {
            return null;
        }
        boolean senteToMove = engine.position().sideToMove() == 0;
        Optional<Score> after = new Evaluation(i, cp, mate, null, null).score(senteToMove);
        if (after.isEmpty() && engine.position().legalMoves().length == 0) {
            after = Optional.of(new Score.Mate(0));
        }
        Optional<Score> moverBefore = before.score(!senteToMove);
        if (after.isEmpty() || moverBefore.isEmpty()) {
            return null;
        }
        return MoveQuality.of(moverBefore.get(), after.get()).map(Enum::name).orElse(null);
    }

    /**
     * The engine's evaluation of one position of a game.
     *
     * @param ply the number of moves played before it
     * @param cp the score in centipawns from sente's point of view, or null when a mate is seen
     * @param mate the distance to mate in plies from sente's point of view (positive: sente mates), or null
     * @param best the engine's move there in USI; all three are null when the side to move has no move (the game
     *     ended there) or may declare a win
     * @param quality the grade of the move that led here, a {@link MoveQuality} name ({@code INACCURACY} 疑問手,
     *     {@code MISTAKE} 悪手, {@code BLUNDER} 大悪手), or null (see {@link #quality})
     */
    public record Evaluation(int ply, Integer cp, Integer mate, String best, String quality) {
        /** The score for sente ({@code forSente}) or gote, if the engine gave one. */
        Optional<Score> score(boolean forSente) {
            int sign = forSente ? 1 : -1;
            return cp != null ? Optional.of(new Score.Cp(sign * cp))
                    : mate != null ? Optional.of(new Score.Mate(sign * mate)) : Optional.empty();
        }
    }

    /**
     * Evaluates every position of a game, one after another on one worker of the pool (so analyses wait their
     * turn with the engine games and never take more than the pool).
     *
     * @param startSfen the start position
     * @param moves the moves in USI
     * @param nodes the nodes searched per position (the pool's node limit, when it has one, wins)
     * @return the analysis under way: the evaluations of the positions after 0, 1, … {@code moves.size()} moves
     */
    public Analysis analyse(String startSfen, List<String> moves, long nodes) {
        AnalysisJob job = new AnalysisJob(startSfen, List.copyOf(moves), settings.nodes() > 0 ? settings.nodes() : nodes);
        job.order = orders.incrementAndGet();
        if (!offer(job)) {
            job.result.completeExceptionally(new IllegalStateException("the engine has stopped"));
        }
        return new Analysis(job.result, job.soFar, job.nodes);
    }

    /**
     * An analysis waiting, running or done.
     *
     * @param result completes with every evaluation, or exceptionally if the analysis failed
     * @param soFar the evaluations done so far, in ply order
     * @param nodesPerPosition the nodes searched per position
     */
    public record Analysis(CompletableFuture<List<Evaluation>> result, List<Evaluation> soFar, long nodesPerPosition) {
        /** Whether every position has been evaluated. */
        public boolean done() {
            return result.isDone() && !result.isCompletedExceptionally();
        }

        /** Whether the analysis failed (the engine threw, or the pool stopped first). */
        public boolean failed() {
            return result.isCompletedExceptionally();
        }

        /** The evaluations so far, in ply order: all of them once {@link #done()}. */
        public List<Evaluation> evaluations() {
            return done() ? result.join() : List.copyOf(soFar);
        }
    }

    /**
     * Evaluates the next position of an analysis, and queues the analysis again if positions are left. A search
     * stopped because a game's move needed the worker is thrown away, and the position is evaluated again on the
     * analysis' next turn, which keeps its place in the queue.
     */
    private void analyse(Engine engine, AnalysisJob job) {
        try {
            // Each position is searched from a cleared table, so that the same game analysed again, whatever ran
            // in between, gets the same evaluations and grades (its searches are limited by nodes).
            engine.newGame();
            engine.setOption("Skill Level", "20");
            engine.setOption("MaxMovesToDraw", "0");
            int i = job.soFar.size();
            engine.setPosition(Sfen.parse(job.startSfen), job.moves.subList(0, i));
            boolean senteToMove = engine.position().sideToMove() == 0;
            BestMove bestMove = search(engine, job);
            if (job.givingBack) {
                job.givingBack = false;
                requeue(job, job.order); // the position again, on the analysis' next turn
                return;
            }
            String best = bestMove instanceof BestMove.Play p ? p.move() : null;
            Integer cp = null;
            Integer mate = null;
            if (job.line != null) {
                switch (job.line.score()) {
                    case Score.Cp c -> cp = senteToMove ? c.value() : -c.value();
                    case Score.Mate m -> mate = senteToMove ? m.plies() : -m.plies();
                }
            }
            job.soFar.add(new Evaluation(i, cp, mate, best, i == 0 ? null : quality(job, i, cp, mate, engine)));
            if (job.soFar.size() > job.moves.size()) {
                job.result.complete(List.copyOf(job.soFar));
            } else {
                requeue(job, orders.incrementAndGet());
            }
        } catch (RuntimeException e) {
            if (!closed) { // a search interrupted because the pool is closing is no failure worth a report
                LOG.error("analysis failed", e);
            }
            job.result.completeExceptionally(e);
        }
    }

    /**
     * Searches an analysis' current position and keeps its last principal variation in {@code job.line}; stopped
     * early if a game's move asks for the worker back ({@code job.givingBack}, whose result is then of no use).
     */
    private static BestMove search(Engine engine, AnalysisJob job) {
        CompletableFuture<BestMove> done = new CompletableFuture<>();
        job.line = null;
        engine.onInfo(i -> {
            if (i instanceof SearchInfo.Line l && l.multipv() == 1) {
                job.line = l;
            }
        });
        engine.onBestMove(done::complete);
        job.engine = engine;
        try {
            if (job.givingBack) {
                return null; // asked back before the search began
            }
            engine.go(SearchLimits.nodes(job.nodes));
            // The search is under way, so that a stop reaches it: a game's move that asked for the worker since
            // the look above has stopped it or will (it sets givingBack before it stops the engine).
            if (job.givingBack) {
                engine.stop();
            }
            return done.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            engine.stop();
            throw new IllegalStateException("interrupted while searching", e);
        } catch (ExecutionException e) {
            throw new IllegalStateException(e.getCause());
        } finally {
            job.engine = null;
            engine.onInfo(i -> {});
        }
    }

    /** Queues an analysis again for its next position, in the given place; it fails if the pool has closed. */
    private void requeue(AnalysisJob job, long order) {
        job.order = order;
        if (!offer(job)) {
            job.result.completeExceptionally(new IllegalStateException("the engine has stopped"));
        }
    }

    private Answer search(Engine engine, Job job) {
        Request r = job.request;
        engine.setPosition(Sfen.parse(r.startSfen()), r.moves());
        engine.setOption("Skill Level", String.valueOf(Levels.skill(r.level())));
        engine.setOption("EnteringKingRule", EnteringKingRule.of(r.rules()).usiName());
        engine.setOption("MaxMovesToDraw", String.valueOf(r.rules().maxMoves()));
        SearchLimits limits = limits(r, (time.nanos() - r.askedAtNanos()) / 1_000_000L);
        lastMoveLimits = limits;
        CompletableFuture<BestMove> done = new CompletableFuture<>();
        job.engine = engine;
        if (job.cancelled) {
            return new Answer.Failed("cancelled");
        }
        engine.onBestMove(done::complete);
        engine.go(limits);
        BestMove best;
        try {
            try {
                best = done.get(settings.maxMoveTime().toMillis(), TimeUnit.MILLISECONDS);
            } catch (TimeoutException e) {
                engine.stop();
                best = done.get();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            engine.stop();
            return new Answer.Failed("interrupted");
        } catch (ExecutionException e) {
            return new Answer.Failed(String.valueOf(e.getCause()));
        }
        return switch (best) {
            case BestMove.Play p -> new Answer.Play(p.move());
            case BestMove.Resign x -> new Answer.Resign();
            case BestMove.Win x -> new Answer.Declare();
        };
    }

    /** The limits of one search: the node limit when set, else the clock less the time already waited. */
    SearchLimits limits(Request r, long waitedMs) {
        if (settings.nodes() > 0) {
            return SearchLimits.nodes(settings.nodes());
        }
        Clocks c = r.clock();
        if (c == null) {
            return SearchLimits.movetime(Math.min(settings.maxMoveTime().toMillis(), Levels.moveMillis(r.level())));
        }
        long sente = c.senteMainMs();
        long gote = c.goteMainMs();
        long byo = c.byoyomiMs();
        long own = r.side() == Color.SENTE ? sente : gote;
        long left = own - waitedMs;
        if (left < 0) {
            byo = Math.max(0, byo + left);
            left = 0;
        }
        if (r.side() == Color.SENTE) {
            sente = left;
        } else {
            gote = left;
        }
        if (left + byo + c.incrementMs() == 0) {
            return SearchLimits.nodes(1_000); // no time left at all: answer at once (the round has flagged it or will)
        }
        return SearchLimits.clock(sente, gote, byo, c.incrementMs(), c.incrementMs());
    }

    /**
     * Stops the workers. Requests still queued or searching are dropped unanswered: the server is stopping, and
     * their games ask again when they resume.
     */
    @Override
    public void close() {
        List<Task> left = new ArrayList<>();
        lock.lock();
        try {
            closed = true;
            Task t;
            while ((t = queue.poll()) != null) {
                left.add(t);
            }
        } finally {
            lock.unlock();
        }
        for (Thread w : workers) {
            w.interrupt();
        }
        for (Task t : left) {
            switch (t) {
                case Loan loan -> loan.granted.completeExceptionally(new IllegalStateException("the engine has stopped"));
                case AnalysisJob a -> a.result.completeExceptionally(new IllegalStateException("the engine has stopped"));
                case Job job -> { } // dropped unanswered: its game asks again when it resumes
            }
        }
    }

    private sealed interface Task permits Job, Displaceable {
        boolean cancelled();

        /** When it was queued (last), for the order within its kind. */
        long order();
    }

    /**
     * Work that a game's move may take the worker from: an analysis or a lent turn. The pool asks for the worker
     * back with its lock held ({@link #askToGiveBack}), then without it stops the search ({@link #giveBack}).
     */
    private abstract static sealed class Displaceable implements Task permits AnalysisJob, Loan {
        volatile long order;
        /** Whether a game's move has asked for the worker back. */
        volatile boolean givingBack;

        @Override
        public long order() {
            return order;
        }

        final void askToGiveBack() {
            givingBack = true;
        }

        /** Stops the search so that the worker is given back; quick, and on any thread. */
        abstract void giveBack();
    }

    private static final class AnalysisJob extends Displaceable {
        final String startSfen;
        final List<String> moves;
        final long nodes;
        final CompletableFuture<List<Evaluation>> result = new CompletableFuture<>();
        final List<Evaluation> soFar = new java.util.concurrent.CopyOnWriteArrayList<>();
        /** The engine searching the current position, while it does. */
        volatile Engine engine;
        /** The last principal variation of the current position's search. */
        volatile SearchInfo.Line line;

        AnalysisJob(String startSfen, List<String> moves, long nodes) {
            this.startSfen = startSfen;
            this.moves = moves;
            this.nodes = nodes;
        }

        @Override
        public boolean cancelled() {
            return result.isDone();
        }

        @Override
        void giveBack() {
            // A stop that comes before the search has begun is lost: the worker then sees givingBack (search).
            Engine e = engine;
            if (e != null) {
                e.stop();
            }
        }
    }

    /** A worker's turn lent to a search on another thread: the worker waits until the turn is given back. */
    private static final class Loan extends Displaceable {
        /** Completed when a worker gives the turn; cancelled by a caller that stopped waiting, failed by {@link EnginePool#close}. */
        final CompletableFuture<Void> granted = new CompletableFuture<>();
        final CountDownLatch returned = new CountDownLatch(1);
        final Runnable stop;

        Loan(Runnable stop) {
            this.stop = stop;
        }

        /** On the worker: gives the turn and waits until it comes back (or the pool closes). */
        void lend() {
            if (!granted.complete(null)) {
                return; // the caller stopped waiting
            }
            try {
                returned.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt(); // the pool is closing: the worker ends
            }
        }

        /** On the borrower: the turn is over. */
        void close() {
            returned.countDown();
        }

        @Override
        public boolean cancelled() {
            return granted.isDone();
        }

        @Override
        void giveBack() {
            stop.run();
        }
    }

    private static final class Job implements Thinking, Task {
        final Request request;
        final Consumer<Answer> answer;
        volatile boolean cancelled;
        volatile Engine engine;
        volatile long order;

        Job(Request request, Consumer<Answer> answer) {
            this.request = request;
            this.answer = answer;
        }

        @Override
        public boolean cancelled() {
            return cancelled;
        }

        @Override
        public long order() {
            return order;
        }

        @Override
        public void cancel() {
            cancelled = true;
            Engine e = engine;
            if (e != null) {
                e.stop();
            }
        }
    }
}
