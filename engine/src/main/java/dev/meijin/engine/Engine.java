package dev.meijin.engine;

import dev.meijin.core.Move;
import dev.meijin.core.MoveOrDrop;
import dev.meijin.core.position.IllegalPositionException;
import dev.meijin.core.position.GenType;
import dev.meijin.core.position.Position;
import dev.meijin.core.position.Setup;
import dev.meijin.core.text.AsciiNumbers;
import dev.meijin.core.usi.Usi;
import dev.meijin.core.usi.UsiMoveException;
import dev.meijin.mate.Convention;
import dev.meijin.mate.MateLimits;
import dev.meijin.mate.MateResult;
import dev.meijin.mate.MateSolver;
import dev.meijin.engine.eval.Evaluator;
import dev.meijin.engine.eval.ShogiEvaluator;
import dev.meijin.engine.eval.Weights;
import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * A shogi engine with no text I/O: set a position, start a search with {@link #go(SearchLimits)} (it returns at
 * once and searches on its own threads), stop it or turn a ponder search into a normal one, and receive
 * {@link SearchInfo} and the {@link BestMove} through listeners. The USI protocol
 * ({@code dev.meijin.engine.usi}) is a thin layer over this class; the play server embeds it in-process, one
 * instance per game (instances share nothing, so any number can search at once).
 *
 * <p>Methods are thread-safe: listeners run on the search thread, and {@link #stop()} may be called from any
 * thread. A bestmove is always delivered exactly once per {@code go}, after {@code stop} for infinite and ponder
 * searches (as USI requires).
 *
 * {@snippet :
 * Engine engine = new Engine();
 * engine.setPosition(Setups.STARTPOS, List.of("7g7f", "3c3d"));
 * SearchResult r = engine.think(SearchLimits.movetime(500)); // blocking convenience
 * System.out.println(r.bestMove());
 * }
 */
public final class Engine implements AutoCloseable {
    /** The engine's name as USI reports it. */
    public static final String NAME = "Meijin";
    /** The author line USI reports. */
    public static final String AUTHOR = "the Meijin authors";

    private final Object lock = new Object();
    private final Options options = new Options();
    private TranspositionTable tt;
    private Position position = Position.startpos();
    private volatile Consumer<SearchInfo> infoListener = i -> {};
    private volatile Consumer<BestMove> bestMoveListener = b -> {};
    private SearchRun current;
    private Thread mainThread;
    private Weights weights = Weights.tuned();
    private long searches;
    private final java.util.Random random = new java.util.Random(20250601L);

    /** An engine at the start position with default options. */
    public Engine() {
        tt = new TranspositionTable(options.hashMb);
    }

    // ------------------------------------------------------------------ options

    /** Every option this engine understands, in the order USI lists them. */
    public static List<EngineOption> options() {
        Options d = new Options();
        return List.of(
                EngineOption.spin("USI_Hash", d.hashMb, 1, TranspositionTable.MAX_MB),
                EngineOption.check("USI_Ponder", d.ponder),
                EngineOption.spin("Threads", d.threads, 1, 256),
                EngineOption.spin("MultiPV", d.multiPv, 1, 600),
                EngineOption.combo("EnteringKingRule", d.enteringKingRule.usiName(),
                        Arrays.stream(EnteringKingRule.values()).map(EnteringKingRule::usiName).toList()),
                EngineOption.spin("Skill Level", d.skillLevel, 0, 20),
                EngineOption.spin("NetworkDelay", d.networkDelay, 0, 10000),
                EngineOption.spin("NetworkDelay2", d.networkDelay2, 0, 10000),
                EngineOption.spin("MinimumThinkingTime", d.minimumThinkingTime, 0, 100000),
                EngineOption.spin("SlowMover", d.slowMover, 1, 1000),
                EngineOption.spin("ResignValue", d.resignValue, 0, 99999),
                EngineOption.spin("MaxMovesToDraw", d.maxMovesToDraw, 0, 100000),
                EngineOption.spin("DrawValue", d.drawValue, -30000, 30000),
                EngineOption.check("MaterialOnly", d.materialOnly),
                EngineOption.combo("DisableSearchFeature", SearchFeature.NONE, java.util.stream.Stream.concat(
                        java.util.stream.Stream.of(SearchFeature.NONE), Arrays.stream(SearchFeature.values()).map(SearchFeature::usiName)).toList()),
                EngineOption.file("BookFile", d.bookFile),
                EngineOption.file("EvalFile", d.evalFile));
    }

    /**
     * Sets an option by its USI name (case-insensitive).
     *
     * @param name the option name, e.g. {@code Threads}
     * @param value the value as text ({@code true}/{@code false} for a check)
     * @throws IllegalArgumentException naming the option and what is wrong with the value
     */
    public void setOption(String name, String value) {
        EngineOption o = options().stream().filter(x -> x.name().equalsIgnoreCase(name)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("unknown option \"" + name + "\""));
        String v = value == null ? "" : value.strip();
        synchronized (lock) {
            switch (o.type()) {
                case SPIN -> {
                    long n;
                    try {
                        n = AsciiNumbers.parseLong(v);
                    } catch (NumberFormatException e) {
                        throw new IllegalArgumentException("option " + o.name() + ": \"" + v + "\" is not a whole number");
                    }
                    if (n < o.min() || n > o.max()) {
                        throw new IllegalArgumentException("option " + o.name() + ": " + n + " is outside " + o.min() + "–" + o.max());
                    }
                    setSpin(o.name(), n);
                }
                case CHECK -> {
                    boolean b;
                    if (v.equalsIgnoreCase("true")) {
                        b = true;
                    } else if (v.equalsIgnoreCase("false")) {
                        b = false;
                    } else {
                        throw new IllegalArgumentException("option " + o.name() + ": \"" + v + "\" is neither true nor false");
                    }
                    if (o.name().equals("USI_Ponder")) {
                        options.ponder = b;
                    } else {
                        options.materialOnly = b;
                    }
                }
                case COMBO -> {
                    if (o.name().equals("DisableSearchFeature")) {
                        options.disabledFeature = SearchFeature.ofUsi(v);
                    } else {
                        options.enteringKingRule = EnteringKingRule.ofUsi(v);
                    }
                }
                case STRING, FILENAME -> {
                    String file = v.equals("<empty>") ? "" : v;
                    if (o.name().equals("EvalFile")) {
                        weights = loadWeights(file);
                        options.evalFile = file;
                    } else {
                        book = file.isEmpty() ? null : Book.read(pathOf(file, "BookFile"));
                        options.bookFile = file;
                    }
                }
            }
        }
    }

    private Book book;

    /**
     * The path of an option's file, which must be a regular file if it exists: a device such as {@code /dev/zero}
     * would be read until the heap ran out, and a FIFO would hold the engine until someone wrote to it.
     */
    private static Path pathOf(String file, String option) {
        Path p;
        try {
            p = Path.of(file);
        } catch (java.nio.file.InvalidPathException e) {
            throw new IllegalArgumentException(option + " \"" + file + "\" is not a valid path");
        }
        if (Files.exists(p) && !Files.isRegularFile(p)) {
            throw new IllegalArgumentException(option + " " + file + ": not a regular file");
        }
        return p;
    }

    private static Weights loadWeights(String file) {
        if (file.isEmpty()) {
            return Weights.tuned();
        }
        try (Reader r = Files.newBufferedReader(pathOf(file, "EvalFile"), StandardCharsets.UTF_8)) {
            return Weights.read(r, Weights.tuned());
        } catch (java.nio.file.NoSuchFileException e) {
            throw new IllegalArgumentException("EvalFile " + file + ": no such file");
        } catch (IOException e) {
            throw new IllegalArgumentException("EvalFile " + file + ": " + e.getMessage());
        }
    }

    private void setSpin(String name, long n) {
        switch (name) {
            case "USI_Hash" -> {
                if (options.hashMb != (int) n) {
                    // The old table is kept until the new one is there, so that a size the heap cannot hold changes nothing.
                    TranspositionTable table;
                    try {
                        table = new TranspositionTable((int) n);
                    } catch (OutOfMemoryError e) {
                        throw new IllegalArgumentException("option USI_Hash: " + n + " MiB do not fit in memory (the JVM may use "
                                + (Runtime.getRuntime().maxMemory() >> 20) + " MiB); the table stays at " + options.hashMb + " MiB");
                    }
                    options.hashMb = (int) n;
                    tt = table;
                }
            }
            case "Threads" -> options.threads = (int) n;
            case "MultiPV" -> options.multiPv = (int) n;
            case "Skill Level" -> options.skillLevel = (int) n;
            case "NetworkDelay" -> options.networkDelay = n;
            case "NetworkDelay2" -> options.networkDelay2 = n;
            case "MinimumThinkingTime" -> options.minimumThinkingTime = n;
            case "SlowMover" -> options.slowMover = (int) n;
            case "ResignValue" -> options.resignValue = (int) n;
            case "MaxMovesToDraw" -> options.maxMovesToDraw = (int) n;
            case "DrawValue" -> options.drawValue = (int) n;
            default -> throw new IllegalArgumentException("option " + name + " is not a spin");
        }
    }

    /**
     * Sets the evaluation used by later searches, one instance per search thread (for tests and experiments;
     * {@code null} restores the engine's own).
     *
     * @param factory makes one evaluator per thread
     */
    public void setEvaluator(Supplier<Evaluator> factory) {
        synchronized (lock) {
            evaluatorFactory = factory;
        }
    }

    private Supplier<Evaluator> evaluatorFactory;

    // ------------------------------------------------------------------ listeners

    /**
     * Sets the listener of search information (replacing the previous one).
     *
     * @param listener called on the search thread
     */
    public void onInfo(Consumer<SearchInfo> listener) {
        infoListener = listener == null ? i -> {} : listener;
    }

    /**
     * Sets the listener of best moves (replacing the previous one).
     *
     * @param listener called on the search thread, once per {@code go}
     */
    public void onBestMove(Consumer<BestMove> listener) {
        bestMoveListener = listener == null ? b -> {} : listener;
    }

    private boolean warm;

    /**
     * Prepares the engine for timed play (USI {@code isready}): the first call runs a short search on a scratch
     * engine so that the search code is loaded and compiled before the first clock starts. Later calls return at
     * once.
     */
    public void prepare() {
        synchronized (lock) {
            if (warm) {
                return;
            }
            warm = true;
        }
        try (Engine scratch = new Engine()) {
            scratch.setOption("USI_Hash", "1");
            scratch.setPosition(dev.meijin.core.position.Setups.STARTPOS, List.of("7g7f", "3c3d", "8h2b+", "3a2b"));
            for (int i = 0; i < 3; i++) {
                scratch.think(SearchLimits.nodes(30_000));
            }
        }
    }

    // ------------------------------------------------------------------ position

    /**
     * Forgets what earlier searches taught the engine (hash table, histories, the evaluation's caches, the root mate
     * solver's table), as USI {@code usinewgame}: a node-limited search on one thread then gives the same answer
     * whatever came before it.
     */
    public void newGame() {
        stopAndWait();
        synchronized (lock) {
            tt.clear();
            for (Evaluator e : evaluators) {
                e.clear();
            }
            if (rootMateSolver != null) {
                rootMateSolver.clear();
            }
            for (Histories h : histories) {
                h.clear();
            }
        }
    }

    /**
     * The evaluator of each search thread index, kept from one search to the next while the evaluation stays the
     * same ({@link #evaluatorSource}): each search starts with {@link Evaluator#reset}, and the evaluator's cache of
     * costly terms, keyed by position, keeps what the last search computed for the positions the game is likely to
     * meet again. Only the thread of that index uses it during a search.
     */
    private final List<Evaluator> evaluators = new ArrayList<>();
    /** What {@link #evaluators} were made from: the custom factory, {@link #MATERIAL_ONLY} or the weights. */
    private Object evaluatorSource;
    private static final Object MATERIAL_ONLY = new Object();

    /** The evaluator of search thread {@code i} (made on first use); called with the lock held. */
    private Evaluator evaluator(int i, Supplier<Evaluator> factory) {
        while (evaluators.size() <= i) {
            evaluators.add(factory.get());
        }
        return evaluators.get(i);
    }

    /**
     * The search threads' workers. As many as the heap holds: with fewer than asked for (a large {@code Threads}
     * on a small heap: each thread's tables take about 15 MiB), the search runs with those, {@code Threads} is
     * lowered to their number and the search's first info line says so ({@link SearchRun#note}), rather than the
     * OutOfMemoryError ending the engine. Called with the lock held.
     */
    private Worker[] workers(SearchRun run, int threads, Supplier<Evaluator> factory) {
        Worker[] workers = new Worker[threads];
        int made = 0;
        try {
            for (; made < threads; made++) {
                workers[made] = new Worker(made, run, evaluator(made, factory), histories(made));
            }
        } catch (OutOfMemoryError e) {
            if (made == 0) {
                throw e;
            }
            // Give back the tables of the threads that did not fit.
            evaluators.subList(Math.min(made, evaluators.size()), evaluators.size()).clear();
            histories.subList(Math.min(made, histories.size()), histories.size()).clear();
            options.threads = made;
            run.note = "error: not enough memory for " + threads + " search threads (the JVM may use "
                    + (Runtime.getRuntime().maxMemory() >> 20) + " MiB); searching with " + made + ", and Threads is now " + made;
            return Arrays.copyOf(workers, made);
        }
        return workers;
    }

    /** Move-ordering statistics per search thread index, kept between the searches of a game. */
    private final List<Histories> histories = new ArrayList<>();

    /** The histories of search thread {@code i} (created on first use); called with the lock held. */
    private Histories histories(int i) {
        while (histories.size() <= i) {
            histories.add(new Histories());
        }
        return histories.get(i);
    }

    /**
     * Sets the position: a start setup and the USI moves played from it. A setup whose side to move has no
     * king (a mate problem) is accepted.
     *
     * @param start the starting setup
     * @param moves the moves played since, in USI
     * @throws IllegalArgumentException naming the problem: an illegal setup, or the first bad move with its index
     */
    public void setPosition(Setup start, List<String> moves) {
        Position p;
        try {
            p = Position.of(start);
        } catch (IllegalPositionException e) {
            try {
                p = Position.ofTsume(start);
            } catch (IllegalPositionException e2) {
                String why = e.getMessage();
                throw new IllegalArgumentException(why.startsWith("illegal position") ? why : "illegal position: " + why);
            }
        }
        for (int i = 0; i < moves.size(); i++) {
            try {
                p.doMove(Usi.parseMove(p, moves.get(i)));
            } catch (UsiMoveException e) {
                throw new IllegalArgumentException("move " + (i + 1) + ": " + e.getMessage());
            }
        }
        synchronized (lock) {
            position = p;
        }
    }

    /** The current position (a copy). */
    public Position position() {
        synchronized (lock) {
            return position.copy();
        }
    }

    // ------------------------------------------------------------------ search

    /**
     * Starts a search of the current position and returns at once. A search still running is stopped first
     * (its bestmove is still delivered).
     *
     * @param limits what ends the search
     * @throws IllegalArgumentException if a {@code searchmoves} move is not legal here
     */
    public void go(SearchLimits limits) {
        go(limits, System.nanoTime());
    }

    /**
     * Starts a search whose clock started earlier: at {@code arrivalNanos}, the {@link System#nanoTime()} when the
     * request arrived (USI reads the time as it reads {@code go}). Whatever passes before the search itself starts
     * (stopping a previous search, preparing the root and the workers, a pause of the process) is then spent from
     * the move's time rather than added to it. Otherwise as {@link #go(SearchLimits)}.
     *
     * @param limits what ends the search
     * @param arrivalNanos when the request arrived, on the {@link System#nanoTime()} scale; not after now
     * @throws IllegalArgumentException if a {@code searchmoves} move is not legal here
     */
    public void go(SearchLimits limits, long arrivalNanos) {
        go(limits, infoListener, bestMoveListener, arrivalNanos);
    }

    private void go(SearchLimits limits, Consumer<SearchInfo> info, Consumer<BestMove> onBest) {
        go(limits, info, onBest, System.nanoTime());
    }

    private void go(SearchLimits limits, Consumer<SearchInfo> info, Consumer<BestMove> onBest, long arrivalNanos) {
        stopAndWait();
        synchronized (lock) {
            Options o = options.copy();
            Position root = position.copy();
            int[] rootMoves = rootMoves(root, limits.searchMoves());
            BestMove immediate = null;
            if (rootMoves.length == 0) {
                immediate = new BestMove.Resign();
            } else if (Declaration.canDeclare(root, o.enteringKingRule)) {
                immediate = new BestMove.Win();
            } else if (book != null && (limits.timed() || limits.ponder()) && !limits.infinite() && limits.searchMoves().isEmpty()) {
                int[] hit;
                synchronized (random) {
                    hit = book.probe(root, random);
                }
                if (hit != null) {
                    immediate = new BestMove.Play(Move.usi(hit[0]), hit[1] == Move.NONE ? Optional.empty() : Optional.of(Move.usi(hit[1])));
                }
            }
            int skill = o.skillLevel;
            int multiPv = Math.min(Math.max(1, skill < 20 ? Math.max(o.multiPv, 4) : o.multiPv), rootMoves.length == 0 ? 1 : rootMoves.length);
            int maxDepth = limits.depth() > 0 ? Math.min(limits.depth(), Scores.MAX_PLY - 8) : Scores.MAX_PLY - 8;
            long maxNodes = limits.nodes();
            if (skill < 20) {
                maxDepth = Math.min(maxDepth, 1 + skill * 2 / 3);
                long cap = 400L << Math.min(skill, 20) / 2;
                maxNodes = maxNodes == 0 ? cap * 10 : Math.min(maxNodes, cap * 10);
            }
            TimeManager time = TimeManager.of(limits, root.sideToMove(), root.moveNumber(), o);
            boolean single = rootMoves.length == 1 && time.timed && !limits.ponder() && !limits.infinite();
            tt.newSearch();
            searches++;
            SearchRun run = new SearchRun(root, rootMoves, tt, o, limits, time,
                    multiPv, single ? 1 : maxDepth, maxNodes, info, searches, Math.min(arrivalNanos, System.nanoTime()));
            Supplier<Evaluator> factory = evaluatorFactory != null ? evaluatorFactory
                    : o.materialOnly ? () -> new ShogiEvaluator(Weights.material()) : evalOf(weights);
            Object source = evaluatorFactory != null ? evaluatorFactory : o.materialOnly ? MATERIAL_ONLY : weights;
            if (source != evaluatorSource) {
                evaluators.clear();
                evaluatorSource = source;
            }
            int threads = immediate != null || single ? 1 : o.threads;
            run.workers = workers(run, immediate != null ? 0 : threads, factory);
            current = run;
            BestMove fixed = immediate;
            // A timed search at full strength first asks the mate solver, for a tenth of its optimum time, whether
            // the side to move mates (longer mates than the alpha-beta sees in the time).
            long mateMillis = fixed == null && !single && time.timed && !limits.ponder() && skill == 20 && multiPv == 1
                    && limits.searchMoves().isEmpty() && o.disabledFeature != SearchFeature.ROOT_MATE
                    ? Math.max(1, Math.min(time.optimum, time.maximum) / ROOT_MATE_SHARE) : 0;
            Thread t = new Thread(() -> runSearch(run, fixed, onBest, skill, mateMillis), "meijin-search-" + searches);
            t.setDaemon(true);
            mainThread = t;
            t.start();
            if (fixed == null) {
                run.onBest = onBest;
                watch(run);
            }
        }
    }

    private static Supplier<Evaluator> evalOf(Weights w) {
        return () -> new ShogiEvaluator(w);
    }

    private static int[] rootMoves(Position root, List<String> searchMoves) {
        int[] buf = new int[Position.MAX_MOVES];
        if (searchMoves.isEmpty()) {
            int n = root.generate(GenType.LEGAL, buf, 0);
            return Arrays.copyOf(buf, n);
        }
        List<Integer> out = new ArrayList<>();
        for (String s : searchMoves) {
            int m;
            try {
                m = Usi.parseMove(root, s);
            } catch (UsiMoveException e) {
                throw new IllegalArgumentException("searchmoves: " + e.getMessage());
            }
            if (!out.contains(m)) {
                out.add(m);
            }
        }
        return out.stream().mapToInt(Integer::intValue).toArray();
    }

    private void runSearch(SearchRun run, BestMove immediate, Consumer<BestMove> onBest, int skill, long mateMillis) {
        BestMove result;
        long cpuStart = CPU.isCurrentThreadCpuTimeSupported() ? CPU.getCurrentThreadCpuTime() : 0;
        if (run.note != null) {
            run.info.accept(new SearchInfo.Text(run.note));
        }
        try {
            if (immediate == null && mateMillis > 0) {
                immediate = rootMate(run, mateMillis);
            }
            if (immediate == null) {
                Thread[] helpers = new Thread[run.workers.length - 1];
                for (int i = 1; i < run.workers.length; i++) {
                    Worker w = run.workers[i];
                    helpers[i - 1] = new Thread(w, "meijin-helper-" + i);
                    helpers[i - 1].setDaemon(true);
                    helpers[i - 1].start();
                }
                run.workers[0].run();
                waitWhilePondering(run);
                run.stop = true;
                for (Thread h : helpers) {
                    h.join();
                }
                result = choose(run, skill);
                lastSearchMainNodes = run.workers[0].nodes;
                lastSearchCpuNanos = CPU.isCurrentThreadCpuTimeSupported() ? CPU.getCurrentThreadCpuTime() - cpuStart : -1;
            } else {
                waitWhilePondering(run);
                result = immediate;
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            result = new BestMove.Resign();
        } catch (RuntimeException | StackOverflowError e) {
            run.info.accept(new SearchInfo.Text("error: search failed: " + e));
            result = run.rootMoves.length > 0 ? new BestMove.Play(Move.usi(run.rootMoves[0]), Optional.empty()) : new BestMove.Resign();
        }
        deliver(run, result, onBest);
    }

    /** Delivers a search's bestmove unless it was delivered already (by the watchdog past the hard stop). */
    private void deliver(SearchRun run, BestMove result, Consumer<BestMove> onBest) {
        if (run.answered.compareAndSet(false, true)) {
            send(run, result, onBest);
        }
    }

    /** Sends the bestmove of a search whose answer the caller has claimed ({@code run.answered} set by it). */
    private void send(SearchRun run, BestMove result, Consumer<BestMove> onBest) {
        ScheduledFuture<?> w = run.watchdog;
        if (w != null) {
            w.cancel(false);
        }
        lastResult = result;
        // From here on the search's info lines are dropped; one already being handed on is let finish first.
        boolean locked = false;
        try {
            locked = run.output.tryLock(SearchRun.OUTPUT_WAIT_MS, TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        try {
            onBest.accept(result);
        } finally {
            if (locked) {
                run.output.unlock();
            }
        }
    }

    /**
     * Milliseconds past the hard stop after which the watchdog answers for a search thread that has not: the search
     * polls the clock every 256 nodes and normally answers within a millisecond of the hard stop; a thread held up
     * longer (a long pause of the runtime, a stall outside the search loop) must still not lose the game on time.
     * The hard stop keeps {@link TimeManager#SAFETY_MS} (30 ms) before the time runs out, so this answer comes in time.
     */
    static final long HARD_STOP_GRACE_MS = 10;

    /** The one thread that watches the hard stops of every engine's timed searches. */
    private static final ScheduledThreadPoolExecutor WATCHDOG = watchdogExecutor();

    private static ScheduledThreadPoolExecutor watchdogExecutor() {
        ScheduledThreadPoolExecutor e = new ScheduledThreadPoolExecutor(1, r -> {
            Thread t = new Thread(r, "meijin-hard-stop-watchdog");
            t.setDaemon(true);
            t.setPriority(Thread.MAX_PRIORITY);
            return t;
        });
        e.setRemoveOnCancelPolicy(true);
        return e;
    }

    /**
     * Arms the watchdog of a timed search that is not pondering (a ponder search is armed at {@code ponderhit}):
     * {@link #HARD_STOP_GRACE_MS} after the hard stop it stops the search and, if the search thread has still not
     * answered, answers for it with the best move the main thread has published.
     */
    private void watch(SearchRun run) {
        Consumer<BestMove> onBest = run.onBest;
        if (onBest == null || !run.time.timed || run.pondering || run.answered.get()) {
            return;
        }
        long due = run.startNanos + (run.time.maximum + HARD_STOP_GRACE_MS) * 1_000_000 - System.nanoTime();
        run.watchdog = WATCHDOG.schedule(() -> overdue(run, onBest), Math.max(0, due), TimeUnit.NANOSECONDS);
    }

    private void overdue(SearchRun run, Consumer<BestMove> onBest) {
        // The answer is claimed before the line that explains it, so that the line never follows a bestmove
        // the search thread delivered in the meantime.
        if (run.pondering || !run.answered.compareAndSet(false, true)) {
            return;
        }
        run.stop = true;
        long packed = run.bestSoFar;
        int best = packed == 0 ? run.rootMoves[0] : (int) (packed >>> 32);
        int ponder = packed == 0 ? Move.NONE : (int) packed;
        run.rawInfo.accept(new SearchInfo.Text("hard stop: the search thread had not answered " + (run.elapsedMs() - run.time.maximum)
                + " ms after it; answering with the best move so far"));
        send(run, new BestMove.Play(Move.usi(best), ponder == Move.NONE ? Optional.empty() : Optional.of(Move.usi(ponder))), onBest);
    }

    private volatile BestMove lastResult;

    /** The root mate search takes this part of the optimum time (a tenth). */
    private static final long ROOT_MATE_SHARE = 10;
    /** The root mate solver's table in megabytes. */
    private static final int ROOT_MATE_HASH_MB = 16;
    /** df-pn nodes the root mate search may spend per millisecond at most (a bound above its speed). */
    private static final long ROOT_MATE_NODES_PER_MS = 3_000;
    /** The mate solver of the root mate search, made on first use; its table is kept within a game. */
    private MateSolver rootMateSolver;

    /**
     * The first move of a mate of the side to move that the mate solver proves within {@code millis}, reported as
     * a line with its mate score; null if none is proven, or if the move would repeat a position of the game (a
     * mate found afresh at each move could otherwise wander).
     */
    private BestMove rootMate(SearchRun run, long millis) {
        MateSolver solver;
        synchronized (lock) {
            if (rootMateSolver == null) {
                rootMateSolver = new MateSolver(ROOT_MATE_HASH_MB);
            }
            solver = rootMateSolver;
        }
        if (run.stop) {
            return null;
        }
        Optional<MateSolver.FirstMove> found = solver.firstMove(run.root,
                new MateLimits(millis * ROOT_MATE_NODES_PER_MS, Duration.ofMillis(millis)));
        if (found.isEmpty() || run.stop) {
            return null;
        }
        int m = found.get().move();
        Position after = run.root.copy();
        after.doMove(m);
        if (after.occurrences() > 1) {
            return null;
        }
        long ms = Math.max(0, run.elapsedMs());
        long nodes = solver.nodes();
        run.info.accept(new SearchInfo.Line(1, found.get().plies(), ms, nodes, ms > 0 ? nodes * 1000 / ms : nodes * 1000,
                0, new Score.Mate(found.get().plies()), Bound.EXACT, 1, List.of(Move.usi(m))));
        return new BestMove.Play(Move.usi(m), Optional.empty());
    }

    private static final ThreadMXBean CPU = ManagementFactory.getThreadMXBean();
    private volatile long lastSearchCpuNanos = -1;
    private volatile long lastSearchMainNodes = -1;

    /** The nodes the main search thread alone searched in the last search that searched (helpers not included). */
    long lastSearchMainNodes() {
        return lastSearchMainNodes;
    }

    /**
     * The CPU time, in nanoseconds, that the main search thread used in the last search that searched (the
     * helpers' time not included), or -1 if the JVM cannot measure it. Independent of the machine's load, so the
     * bench reports speed from it as well as from the wall clock.
     */
    long lastSearchCpuNanos() {
        return lastSearchCpuNanos;
    }

    /** In ponder and infinite mode a finished search waits for {@code stop} or {@code ponderhit} before it answers. */
    private static void waitWhilePondering(SearchRun run) throws InterruptedException {
        while (!run.stop && (run.pondering || run.limits.infinite())) {
            synchronized (run) {
                if (!run.stop && (run.pondering || run.limits.infinite())) {
                    run.wait(5);
                }
            }
        }
    }

    private BestMove choose(SearchRun run, int skill) {
        Worker main = run.workers[0];
        for (Worker w : run.workers) {
            w.publishNodes();
        }
        int best = main.bestMove();
        int ponder = main.ponderMove();
        int score = main.rootScores[0];
        if (skill < 20) {
            int n = Math.min(run.multiPv, main.rootMoves.length);
            int top = main.rootScores[0];
            int margin = 60 + (20 - skill) * 7; // at most 200 cp below the best at level 0
            double temperature = 8 + (20 - skill) * 6.0;
            double total = 0;
            double[] weight = new double[n];
            for (int i = 0; i < n; i++) {
                // a line the last, cut-off iteration did not reach keeps its score from the iteration before, as
                // in the info lines; otherwise a node limit that ends just after the first line makes the choice
                // deterministic
                int s = main.rootScores[i] == -Scores.INFINITE ? main.rootPrev[i] : main.rootScores[i];
                if (s == -Scores.INFINITE || top - s > margin || Scores.isMate(top) && s != top) {
                    continue;
                }
                weight[i] = Math.exp(-(top - s) / temperature);
                total += weight[i];
            }
            double r;
            synchronized (random) {
                r = random.nextDouble() * total;
            }
            for (int i = 0; i < n; i++) {
                r -= weight[i];
                if (weight[i] > 0 && r <= 0) {
                    best = main.rootMoves[i];
                    ponder = main.rootPvLen[i] > 1 ? main.rootPv[i][1] : Move.NONE;
                    score = main.rootScores[i] == -Scores.INFINITE ? main.rootPrev[i] : main.rootScores[i];
                    break;
                }
            }
        }
        if (score != -Scores.INFINITE && score <= -run.options.resignValue) {
            return new BestMove.Resign();
        }
        return new BestMove.Play(Move.usi(best), ponder == Move.NONE ? Optional.empty() : Optional.of(Move.usi(ponder)));
    }

    /**
     * Starts a mate search of the current position (USI {@code go mate}) and returns at once; {@link #stop()}
     * ends it early with a {@link MateAnswer.Timeout}.
     *
     * @param millis the time allowed, or 0 for no limit
     * @param listener receives the answer on the search thread
     */
    public void goMate(long millis, Consumer<MateAnswer> listener) {
        stopAndWait();
        synchronized (lock) {
            // One solver (and its table) serves every mate search of this engine; the last one has ended.
            if (mateSolver == null) {
                mateSolver = new MateSolver();
            }
            MateSolver solver = mateSolver;
            Position problem = position.copy();
            MateLimits limits = millis > 0 ? MateLimits.ofTime(Duration.ofMillis(millis)) : MateLimits.NONE;
            mateSearching = true;
            Runnable search = () -> {
                MateAnswer answer;
                try {
                    answer = switch (solver.solve(problem, limits, Convention.STRICT)) {
                        case MateResult.Mate m -> new MateAnswer.Mate(m.moves().stream().map(MoveOrDrop::usi).toList());
                        case MateResult.NoMate n -> new MateAnswer.NoMate();
                        case MateResult.Unknown u -> new MateAnswer.Timeout();
                    };
                } catch (RuntimeException | StackOverflowError e) {
                    answer = new MateAnswer.Timeout();
                } finally {
                    mateSearching = false;
                }
                listener.accept(answer);
            };
            // The df-pn recurses once per ply, and a line may run 2,000 plies deep before it is cut.
            Thread t = new Thread(null, search, "meijin-mate-" + (++searches), MATE_STACK_BYTES);
            t.setDaemon(true);
            mainThread = t;
            t.start();
        }
    }

    /** The stack of a mate search's thread: room for the deepest line the solver follows. */
    private static final long MATE_STACK_BYTES = 64L << 20;

    /** Whether a mate search started by {@link #goMate} has not yet answered. */
    private volatile boolean mateSearching;

    private MateSolver mateSolver;

    /** Stops the running search, if any; its bestmove follows through the listener. */
    public void stop() {
        SearchRun run;
        MateSolver mate;
        Thread mateThread;
        synchronized (lock) {
            run = current;
            mate = mateSolver;
            mateThread = mainThread;
            if (mateSolver != null) {
                mateSolver.stop();
            }
            if (rootMateSolver != null) {
                rootMateSolver.stop();
            }
        }
        if (mate != null && mateSearching && mateThread != Thread.currentThread()) {
            // A mate search asked for a moment ago may not have begun solving, and a stop made before that does
            // not carry over: stop it again once it is solving (or has answered).
            long deadline = System.nanoTime() + 1_000_000_000L;
            while (mateSearching && !mate.solving() && System.nanoTime() < deadline) {
                Thread.onSpinWait();
            }
            mate.stop();
        }
        if (run != null) {
            run.stop = true;
            synchronized (run) {
                run.notifyAll();
            }
        }
    }

    /** The opponent played the expected move: the ponder search goes on as a normal timed search from now. */
    public void ponderhit() {
        ponderhit(System.nanoTime());
    }

    /**
     * The opponent played the expected move: the ponder search goes on as a normal timed search whose clock
     * started at {@code arrivalNanos}, when the {@code ponderhit} arrived ({@link System#nanoTime()} scale).
     *
     * @param arrivalNanos when the ponderhit arrived; not after now
     */
    public void ponderhit(long arrivalNanos) {
        SearchRun run;
        synchronized (lock) {
            run = current;
        }
        if (run != null && run.pondering) {
            run.startNanos = Math.min(arrivalNanos, System.nanoTime());
            run.pondering = false;
            synchronized (run) {
                run.notifyAll();
            }
            watch(run);
        }
    }

    /**
     * Whether a search thread is running: its bestmove not yet delivered, or delivered by the watchdog for a
     * thread held past the hard stop that has not yet noticed the stop.
     */
    public boolean isSearching() {
        Thread t;
        synchronized (lock) {
            t = mainThread;
        }
        return t != null && t.isAlive();
    }

    /**
     * Waits until the running search (if any) has delivered its bestmove and its thread has ended.
     *
     * @throws InterruptedException if interrupted while waiting
     */
    public void awaitIdle() throws InterruptedException {
        Thread t;
        synchronized (lock) {
            t = mainThread;
        }
        if (t != null && t != Thread.currentThread()) {
            t.join();
        }
    }

    private void stopAndWait() {
        stop();
        try {
            awaitIdle();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /**
     * A blocking search for callers that want the answer directly (the play server, tools): searches with the
     * given limits (an infinite search here would never end) and returns the result. Listeners set with
     * {@link #onInfo} and {@link #onBestMove} are not called.
     *
     * @param limits what ends the search; must not be {@code infinite} or {@code ponder}
     * @return the best move with the last reported line
     */
    public SearchResult think(SearchLimits limits) {
        if (limits.infinite() || limits.ponder()) {
            throw new IllegalArgumentException("a blocking search needs a limit: neither infinite nor ponder");
        }
        CompletableFuture<BestMove> done = new CompletableFuture<>();
        SearchInfo.Line[] last = new SearchInfo.Line[1];
        go(limits, i -> {
            if (i instanceof SearchInfo.Line l && l.multipv() == 1) {
                last[0] = l;
            }
        }, done::complete);
        try {
            BestMove b = done.get();
            return new SearchResult(b, Optional.ofNullable(last[0]));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            stop();
            throw new IllegalStateException("interrupted while searching", e);
        } catch (ExecutionException e) {
            throw new IllegalStateException(e.getCause());
        }
    }

    /**
     * The result of a blocking search.
     *
     * @param bestMove what to play
     * @param line the last principal variation reported (absent when the answer needed no search)
     */
    public record SearchResult(BestMove bestMove, Optional<SearchInfo.Line> line) {}

    /** Stops any search; the engine stays usable. */
    @Override
    public void close() {
        stopAndWait();
    }

    /** The option values as USI {@code setoption} would report them, for diagnostics. */
    @Override
    public String toString() {
        return NAME + " (threads " + options.threads + ", hash " + options.hashMb + " MiB, skill " + options.skillLevel + ", "
                + options.enteringKingRule.usiName().toLowerCase(Locale.ROOT) + ")";
    }
}
