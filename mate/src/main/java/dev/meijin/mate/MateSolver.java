package dev.meijin.mate;

import dev.meijin.core.Hand;
import dev.meijin.core.Move;
import dev.meijin.core.MoveOrDrop;
import dev.meijin.core.position.Position;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The tsume solver: df-pn over checks and evasions with a transposition table of a fixed size, then the
 * printed solution read out of the proof (shortest mate, longest resistance, futile interpositions not
 * counted, no leftover pieces preferred).
 *
 * <p>The side to move in the given position is the attacker; the defender is the other side (its hand is
 * whatever it holds in the position; a tsume SFEN gives it the rest of the pieces). A solver is reusable but
 * not thread-safe, except {@link #stop()}, which any thread may call to end the current solve early. A solve
 * cut short by a stop or by its limits can be taken up again with the table it left ({@link #resume}), so that
 * a caller that must lend the processor to other work for a while loses nothing the search had learned.
 *
 * {@snippet :
 * MateSolver solver = new MateSolver(64);                  // 64 MB table
 * MateResult r = solver.solve(Sfen.tsume(sfen), MateLimits.ofTime(Duration.ofSeconds(10)));
 * switch (r) {
 *     case MateResult.Mate m -> System.out.println(m.plies() + " " + m.usi());
 *     case MateResult.NoMate n -> System.out.println("no mate");
 *     case MateResult.Unknown u -> System.out.println("unknown: " + u.reason());
 * }
 * }
 */
public final class MateSolver {
    /** The table size in megabytes of {@link #MateSolver()}: small enough for a solver per engine search. */
    public static final int DEFAULT_HASH_MB = 64;
    /** The largest table {@link #autoHashMb()} chooses. */
    public static final int MAX_AUTO_HASH_MB = 1024;

    /**
     * A table size sensible for this JVM when the solver is the main work (the {@code solve} command): a
     * quarter of the maximum heap, at most {@value #MAX_AUTO_HASH_MB} MB and at least 16 MB. The table is
     * cleared lazily, so a large one costs nothing per problem; 寿 (611 plies) fills about 1 M entries (32 MB)
     * and 煙詰 (117 plies) about 7 M (210 MB).
     */
    public static int autoHashMb() {
        long quarter = Runtime.getRuntime().maxMemory() / 4 / (1024 * 1024);
        return (int) Math.max(16, Math.min(MAX_AUTO_HASH_MB, quarter));
    }
    /** df-pn nodes of the plain proof before the floors are tried (see {@link #prove(long)}): over twice 煙詰's. */
    static final long PLAIN_FIRST_NODES = 16_000_000;
    /** df-pn nodes of the try with proof-number floors (see {@link #prove(long)}). */
    static final long FLOOR_TRY_NODES = 1_000_000;
    /** Positions the exact length minimax may visit in one phase of reading a solution. */
    private static final long SOLUTION_VISITS = 1_000_000;
    /** df-pn nodes the reading may spend at least, in all, on checks the proof does not settle. */
    private static final long READING_NODES = 500_000;
    /** df-pn nodes the reading spends on one such check. */
    private static final long READING_NODES_PER_CHECK = 5_000;

    private final MateTable table;
    /** The table's size in bytes, the memory the user gave the solver. */
    private final long hashBytes;
    private final DfPn dfpn;
    private volatile boolean stopped;
    private long nodes;
    private long nanos;
    /** The reading of the current solve; volatile for {@link #nodesSoFar()} on another thread. */
    private volatile Solution solution;
    private List<Integer> line = List.of();
    /** Whether the reading computes lengths by iterative shortening with the bounded df-pn (see Solution). */
    private boolean readingByBounds;
    private long readingNodes = READING_NODES;
    private long readingNodesPerCheck = READING_NODES_PER_CHECK;
    private long shortReadingNodes = Solution.SHORT_PROOF_READING_NODES;

    /** A solver with the default table size. */
    public MateSolver() {
        this(DEFAULT_HASH_MB);
    }

    /**
     * A solver whose transposition table takes about {@code hashMb} megabytes.
     *
     * @throws IllegalArgumentException if {@code hashMb} is not between 1 and 65536
     */
    public MateSolver(int hashMb) {
        if (hashMb < 1 || hashMb > 65536) {
            throw new IllegalArgumentException("hash size must be 1–65536 MB, not " + hashMb);
        }
        hashBytes = hashMb * 1024L * 1024L;
        table = new MateTable(hashBytes);
        dfpn = new DfPn(table);
    }

    /**
     * Solves the position for the side to move under the printed convention ({@link Convention#TSUME}). The
     * position is not changed (the solver works on a copy).
     *
     * @param position the problem; the side to move attacks
     * @param limits node and time limits
     * @return the solution, a proof of no mate, or {@link MateResult.Unknown} with the reason
     */
    public MateResult solve(Position position, MateLimits limits) {
        return solve(position, limits, Convention.TSUME);
    }

    /**
     * Solves the position for the side to move, reading the solution with the given convention. The position
     * is not changed (the solver works on a copy).
     *
     * @param position the problem; the side to move attacks
     * @param limits node and time limits
     * @param convention whether futile interpositions count as resistance
     * @return the solution, a proof of no mate, or {@link MateResult.Unknown} with the reason
     */
    public MateResult solve(Position position, MateLimits limits, Convention convention) {
        long t0 = System.nanoTime();
        stopped = false;
        resumable = null;
        Position pos = position.copy();
        table.clear();
        dfpn.reset(pos, pos.sideToMove());
        dfpn.nodes = 0;
        phase = PLAIN_FIRST;
        phaseStart = 0;
        visitsBefore = 0;
        nanosBefore = 0;
        cutReading = null;
        return run(pos, limits, convention, t0, null);
    }

    /**
     * Goes on with the last {@link #solve}, which a {@link #stop()} or its own limits cut short, with the table as
     * that solve left it: the df-pn takes up the proof in the phase it was in ({@link #prove}), with what is left
     * of that phase's budget, or, if the proof was complete, goes on reading the solution where the cut left it
     * (only the positions being read at the cut are read again). Between the two calls the solver must do nothing else: {@link #solve}, {@link #check},
     * {@link #firstMove} and {@link #clear} each end what could be resumed. A solve may be resumed any number of
     * times; {@link #nodes()} and {@link #nanos()} then count it and all its resumptions, not the time between.
     *
     * {@snippet :
     * MateResult r = solver.solve(problem, MateLimits.ofTime(Duration.ofSeconds(10)));
     * // stopped from another thread: r is Unknown(STOPPED), or a mate not read exactly if it was being read
     * if (solver.resumable()) {
     *     r = solver.resume(MateLimits.ofTime(Duration.ofSeconds(5))); // five seconds more
     * }
     * }
     *
     * @param limits the limits of this resumption alone: its time counts from now, its nodes from those already
     *     searched
     * @return as {@link #solve}
     * @throws IllegalStateException if there is nothing to resume ({@link #resumable()} is false)
     */
    public MateResult resume(MateLimits limits) {
        long t0 = System.nanoTime();
        stopped = false;
        Position problem = resumable;
        if (problem == null) {
            throw new IllegalStateException("there is no solve to resume: none was cut short, or the solver has been used since");
        }
        resumable = null;
        Position pos = problem.copy();
        // The table, the nodes and the phase stay; the path, the flags and the position belong to one call.
        long cuts = dfpn.depthCuts;
        dfpn.reset(pos, pos.sideToMove());
        dfpn.depthCuts = cuts;
        table.reading(false);
        Solution cut = cutReading;
        cutReading = null;
        if (cut == null) {
            visitsBefore += solution == null ? 0 : solution.visits();
        }
        nanosBefore = nanos;
        return run(pos, limits, resumableConvention, t0, cut);
    }

    /**
     * Whether the last {@link #solve} or {@link #resume} was cut short by a {@link #stop()} or by its node or time
     * limit before it settled the problem, so that {@link #resume} can go on with it. Its answer was then
     * {@link MateResult.Unknown} with that reason, or a mate not read exactly if the cut came during the reading.
     */
    public boolean resumable() {
        return resumable != null;
    }

    /**
     * The body of {@link #solve} and {@link #resume}: the proof from the current phase on, then the reading, or
     * the reading {@code cutBefore} short (null if there is none) from where it was.
     */
    private MateResult run(Position pos, MateLimits limits, Convention convention, long t0, Solution cutBefore) {
        Position root = pos.copy();
        solution = cutBefore;
        line = List.of();
        judged = null;
        long deadline = limits.time() == null ? Long.MAX_VALUE : t0 + limits.time().toNanos();
        long nodeLimit = limits.nodes() > Long.MAX_VALUE - dfpn.nodes ? Long.MAX_VALUE : dfpn.nodes + limits.nodes();
        dfpn.limits(nodeLimit, deadline);
        solving = true; // from here on a stop() ends this solve
        MateResult result = new MateResult.Unknown(UnknownReason.STOPPED);
        try {
            if (stopped) {
                return result;
            }
            int r = phase == PROVEN ? 1 : prove(nodeLimit);
            if (r < 0) {
                // A disproof that holds only on the root's path may rest on a line cut at the maximum depth.
                result = dfpn.lastWasRepetition() && dfpn.depthCuts > 0
                        ? new MateResult.Unknown(UnknownReason.DEPTH_LIMIT) : new MateResult.NoMate();
            } else if (r == 0) {
                UnknownReason why = dfpn.aborted != null ? dfpn.aborted
                        : dfpn.nodes >= nodeLimit ? UnknownReason.NODE_LIMIT : UnknownReason.EXHAUSTED;
                result = new MateResult.Unknown(why);
            } else {
                if (phase != PROVEN) {
                    phase = PROVEN;
                    proofNodes = dfpn.nodes;
                }
                result = read(pos, convention, cutBefore);
            }
            return result;
        } finally {
            solving = false;
            nodes = dfpn.nodes + visitsBefore + (solution == null ? 0 : solution.visits());
            nanos = nanosBefore + System.nanoTime() - t0;
            boolean cut = stopped || dfpn.outOfTime() || dfpn.nodes >= nodeLimit || result instanceof MateResult.Unknown u
                    && (u.reason() == UnknownReason.NODE_LIMIT || u.reason() == UnknownReason.TIME_LIMIT);
            boolean settled = result instanceof MateResult.NoMate || result instanceof MateResult.Mate m && m.exact();
            if (cut && !settled) {
                resumable = root;
                resumableConvention = convention;
                cutReading = phase == PROVEN ? solution : null;
            }
        }
    }

    /** The phases of a solve: the three of its proof, in order (see {@link #prove}), then the reading. */
    private static final int PLAIN_FIRST = 0, FLOOR_TRY = 1, PLAIN_REST = 2, PROVEN = 3;
    /** Where the current solve is: its phase, and the df-pn nodes when that phase began. */
    private int phase;
    private long phaseStart;
    /** The df-pn nodes of the proof, once it is complete: the reading's budget grows with them. */
    private long proofNodes;
    /** A copy of the last solve's problem while {@link #resume} can go on with it, else null. */
    private Position resumable;
    private Convention resumableConvention;
    /** The reading of the last solve while {@link #resume} can go on with it, else null. */
    private Solution cutReading;
    /** Of the current solve: the positions visited by readings that were cut short, and the time of earlier calls. */
    private long visitsBefore;
    private long nanosBefore;

    /**
     * The proof: the plain df-pn for up to {@value #PLAIN_FIRST_NODES} nodes; if that settles nothing, a try of
     * up to {@value #FLOOR_TRY_NODES} nodes with the proof-number floors ({@link DfPn#pnFloors}) on a cleared
     * table; if that settles nothing either, the plain df-pn again on a cleared table for the rest of the
     * limits. Every problem the plain df-pn proves within its first budget is solved exactly as without the
     * floors; those whose search runs into lines of trades that bring the same board back with the attacker
     * better off (九歩) get the floors, which lead the search out of such regions. A proof cut short keeps its
     * phase and the nodes that phase has spent, so that {@link #resume} spends only the rest of the phase's
     * budget on it. 1: mate, -1: no mate, 0: not settled.
     */
    private int prove(long nodeLimit) {
        int r;
        if (phase == PLAIN_FIRST) {
            long left = plainFirstNodes - (dfpn.nodes - phaseStart);
            if (left > 0) {
                r = dfpn.prove(0, left);
                if (r != 0 || dfpn.aborted != null || dfpn.nodes >= nodeLimit) {
                    return r;
                }
            }
            nextPhase(FLOOR_TRY);
        }
        if (phase == FLOOR_TRY) {
            long left = floorTryNodes - (dfpn.nodes - phaseStart);
            if (left > 0) {
                dfpn.pnFloors(true);
                try {
                    r = dfpn.prove(0, left);
                } finally {
                    dfpn.pnFloors(false);
                }
                if (r != 0 || dfpn.aborted != null || dfpn.nodes >= nodeLimit) {
                    return r;
                }
            }
            nextPhase(PLAIN_REST);
        }
        return dfpn.prove(0, Long.MAX_VALUE);
    }

    /** The budgets of the first two phases of the proof: the constants but in tests. */
    private long plainFirstNodes = PLAIN_FIRST_NODES;
    private long floorTryNodes = FLOOR_TRY_NODES;

    /** Sets the budgets of the plain df-pn's first phase and of the try with floors; for tests of the phases. */
    void proofBudgets(long plainFirst, long floorTry) {
        plainFirstNodes = plainFirst;
        floorTryNodes = floorTry;
    }

    /** The phase the last solve ended in: 0–2 the proof's (see {@link #prove}), 3 the reading; for tests. */
    int phaseForTest() {
        return phase;
    }

    /** Begins the next phase of the proof, on a cleared table. */
    private void nextPhase(int next) {
        table.clear();
        dfpn.depthCuts = 0;
        phase = next;
        phaseStart = dfpn.nodes;
    }

    private MateResult read(Position pos, Convention convention, Solution cut) {
        reading = true;
        try {
            return readSolution(pos, convention, cut);
        } finally {
            reading = false;
        }
    }

    /** Reads the solution out of the proof, or goes on with the reading {@code cut} short before (if not null). */
    private MateResult readSolution(Position pos, Convention convention, Solution cut) {
        table.reading(true);
        List<Integer> found;
        if (cut != null) {
            found = cut.resume(0);
        } else {
            solution = new Solution(dfpn, convention, Math.max(readingNodes, proofNodes), readingNodesPerCheck,
                    SOLUTION_VISITS);
            solution.bounded(readingByBounds);
            solution.shortBudget(shortReadingNodes);
            solution.walkShortcuts(walkShortcuts);
            found = solution.line(0);
        }
        if (found.isEmpty() || found.size() % 2 == 0) {
            return new MateResult.Unknown(dfpn.aborted != null ? dfpn.aborted : UnknownReason.EXHAUSTED);
        }
        line = found;
        judged = new MateResult.Mate(records(found), leftover(pos, found), solution.lineExact());
        return judged;
    }

    private static List<MoveOrDrop> records(List<Integer> moves) {
        List<MoveOrDrop> out = new ArrayList<>(moves.size());
        for (int m : moves) {
            out.add(Move.toRecord(m));
        }
        return out;
    }

    private int leftover(Position pos, List<Integer> moves) {
        for (int m : moves) {
            pos.doMove(m);
        }
        int left = Hand.size(pos.hand(dfpn.attacker()));
        for (int i = 0; i < moves.size(); i++) {
            pos.undoMove();
        }
        return left;
    }

    /**
     * Solves the position and judges it as a composition: along the solution, every other check of the
     * attacker is tried for a mate within the plies left (a cook, 余詰; at the last move an alternative mate,
     * 最終手余詰, kept apart), and the pieces left in hand at the end are counted. Empty when the position
     * has no mate or none was found within the limits; {@link #lastResult()} then says which. The same as a
     * {@link #solve} followed by a {@link #judge} within what is left of the limits.
     *
     * @param position the problem; the side to move attacks
     * @param limits node and time limits of the solve and the judging together
     * @param convention whether futile interpositions count as resistance
     * @return the report, if a mate was found
     */
    public Optional<Soundness> check(Position position, MateLimits limits, Convention convention) {
        long t0 = System.nanoTime();
        MateResult r = solve(position, limits, convention);
        lastResult = r;
        if (!(r instanceof MateResult.Mate)) {
            return Optional.empty();
        }
        long deadline = limits.time() == null ? Long.MAX_VALUE : t0 + limits.time().toNanos();
        Soundness s = judging(deadline, limits.nodes());
        nanos = System.nanoTime() - t0;
        return Optional.of(s);
    }

    /**
     * Judges the mate the last {@link #solve} or {@link #resume} found as a composition, as {@link #check} does,
     * with limits of its own: its time counts from now, its nodes from those already searched. The judging starts
     * with budgets of its own for each alternative ({@value #CHECK_TRIES} tries at most, each with
     * {@value #CHECK_GROWTH} times the last one's df-pn nodes and visits) and tries again with larger ones while an
     * alternative is left unsettled and the limits are not reached; the visits, whose memo takes memory beside the
     * table, grow at most to what the table's size allows. What is still unsettled then makes the report
     * {@link Soundness.Verdict#UNDETERMINED}.
     *
     * <p>A judging cut short by a {@link #stop()} or its limits may be made again, as long as the solver did
     * nothing else in between: it starts over with what the table has learned, so that a caller lending the
     * processor to other work for a while loses little. {@link #nodes()} and {@link #nanos()} count the solve, its
     * resumptions and every judging of it.
     *
     * @param limits node and time limits of this judging
     * @return the report
     * @throws IllegalStateException if the solver's last call did not find a mate (there is nothing to judge)
     */
    public Soundness judge(MateLimits limits) {
        if (judged == null) {
            throw new IllegalStateException("there is no mate to judge: the last solve found none, or the solver has been used since");
        }
        long t0 = System.nanoTime();
        long nanos0 = nanos;
        long deadline = limits.time() == null ? Long.MAX_VALUE : t0 + limits.time().toNanos();
        long nodeLimit = limits.nodes() > Long.MAX_VALUE - dfpn.nodes ? Long.MAX_VALUE : dfpn.nodes + limits.nodes();
        stopped = false;
        dfpn.reset(solution.position(), dfpn.attacker());
        dfpn.limits(nodeLimit, deadline);
        solution.again();
        solving = true;
        try {
            return judging(deadline, nodeLimit);
        } finally {
            solving = false;
            nanos = nanos0 + System.nanoTime() - t0;
        }
    }

    /**
     * Whether {@link #judge} has a mate to judge: the last {@link #solve} or {@link #resume} found one, and the
     * solver has done nothing else since (a judging aside).
     */
    public boolean judgeable() {
        return judged != null;
    }

    /** The mate {@link #judge} judges: the last solve's, if it found one; else null. */
    private MateResult.Mate judged;

    /** The body of {@link #check} and {@link #judge}, within the df-pn's limits as set. */
    private Soundness judging(long deadline, long nodeLimit) {
        MateResult.Mate mate = judged;
        resumable = null; // the judging is not resumed, but made again
        cutReading = null;
        try {
            List<int[]> alternatives = solution.alternatives(0, line);
            long factor = 1;
            for (int tries = 1; tries < CHECK_TRIES && !solution.settledAll() && dfpn.aborted == null && !stopped
                    && dfpn.nodes < nodeLimit && System.nanoTime() < deadline; tries++) {
                factor *= CHECK_GROWTH;
                solution.widenAlternatives(factor, hashBytes / MEMO_ENTRY_BYTES);
                alternatives = solution.alternatives(0, line);
            }
            List<Soundness.Cook> cooks = new ArrayList<>();
            List<Soundness.Cook> last = new ArrayList<>();
            for (int[] alt : alternatives) {
                int index = alt[0];
                Soundness.Cook cook = new Soundness.Cook(index + 1, Move.toRecord(alt[1]), alt[2]);
                (index == line.size() - 1 ? last : cooks).add(cook);
            }
            return new Soundness(mate, cooks, last, mate.leftover(), solution.settledAll() && !stopped);
        } finally {
            nodes = dfpn.nodes + visitsBefore + solution.visits();
        }
    }

    /** The most tries {@link #check} makes to settle every alternative. */
    static final int CHECK_TRIES = 6;
    /** How much larger each try's budgets are than the last one's. */
    static final int CHECK_GROWTH = 4;
    /** About the memory one visit of the exact reading takes in its memo, to bound the visits by the table size. */
    private static final long MEMO_ENTRY_BYTES = 128;

    /**
     * Reads solutions by iterative shortening with the bounded df-pn instead of the minimax (off by default:
     * exact, but its disproofs cost many times the proof's nodes), with at least {@code nodes} df-pn nodes.
     */
    void readingByBounds(boolean on, long nodes) {
        readingByBounds = on;
        readingNodes = Math.max(READING_NODES, nodes);
    }

    /**
     * Turns the shortcuts of the walk along a deepened reading on (the default) or off: the checks and replies
     * the table shows to be of the exact length first, a stop at the first one that leaves no piece in hand,
     * and a smaller budget for alternative checks once one of the exact length is found. For tests comparing
     * both.
     */
    void walkShortcuts(boolean on) {
        walkShortcuts = on;
    }

    private boolean walkShortcuts = true;

    /** Turns the wider rule of futile interpositions ({@link DfPn#wideFutility}) on (the default) or off. */
    void wideFutility(boolean on) {
        dfpn.wideFutility = on;
    }

    /**
     * Sets the reading's df-pn budgets: {@code total} nodes in all (as a floor, also for short proofs; the
     * proof's own node count still raises it) and {@code perCheck} for the first search of one check. For
     * tests of a reading cut short.
     */
    void readingBudget(long total, long perCheck) {
        readingNodes = total;
        shortReadingNodes = total;
        readingNodesPerCheck = perCheck;
    }

    private MateResult lastResult = new MateResult.Unknown(UnknownReason.STOPPED);

    /**
     * Looks for a mate of the side to move within a budget and returns its first move without reading the
     * solution: what an engine needs at the root of its search, a winning move rather than the shortest. Unlike
     * {@link #solve}, the table is kept from one call to the next until {@link #clear()}, so that after the move
     * and the defender's reply the next call finds the rest of the same proof in the table and the mate draws
     * nearer with every move. Among the checks whose positions the table holds as proven, the one with the
     * shortest stored proof is returned. The position is not changed.
     *
     * @param position the position; the side to move attacks
     * @param limits node and time limits
     * @return the first move and the stored length of the mate, or empty if none was proven within the limits
     */
    public Optional<FirstMove> firstMove(Position position, MateLimits limits) {
        long t0 = System.nanoTime();
        stopped = false;
        resumable = null;
        cutReading = null;
        solution = null;
        line = List.of();
        judged = null;
        Position pos = position.copy();
        int attacker = pos.sideToMove();
        table.reading(false);
        dfpn.reset(pos, attacker);
        dfpn.nodes = 0;
        dfpn.limits(limits.nodes(), limits.time() == null ? Long.MAX_VALUE : t0 + limits.time().toNanos());
        try {
            if (stopped || dfpn.prove(0, Long.MAX_VALUE) <= 0) {
                return Optional.empty();
            }
            int[] checks = new int[Position.MAX_MOVES];
            int n = CoreAccess.checks(pos, checks, 0);
            int best = Move.NONE;
            int bestLength = Integer.MAX_VALUE;
            for (int i = 0; i < n; i++) {
                pos.doMove(checks[i]);
                if (table.lookup(pos.boardKey(), pos.hand(attacker), 1, 1) && table.pn == 0 && table.length < bestLength) {
                    best = checks[i];
                    bestLength = table.length;
                }
                pos.undoMove();
            }
            return best == Move.NONE ? Optional.empty() : Optional.of(new FirstMove(best, bestLength + 1));
        } finally {
            nodes = dfpn.nodes;
            nanos = System.nanoTime() - t0;
        }
    }

    /**
     * The first move of a mate found by {@link #firstMove}.
     *
     * @param move the move, in the core's int encoding ({@link Move})
     * @param plies the length of the mate the table holds after it, this move included: an upper bound on the
     *     shortest mate, not the shortest
     */
    public record FirstMove(int move, int plies) {}

    /** Sets the longest line the df-pn follows (at most {@value DfPn#MAX_PLY} plies); for tests. */
    void maxPly(int plies) {
        dfpn.maxPly(plies);
    }

    /** Lines the df-pn cut at its longest since the last solve began; for tests. */
    long depthCutsForTest() {
        return dfpn.depthCuts;
    }

    /** Forgets every position the table holds (a new game: {@link #firstMove} keeps them otherwise). */
    public void clear() {
        resumable = null;
        judged = null;
        cutReading = null;
        table.clear();
    }

    /** The result of the solve made by the last {@link #check}. */
    public MateResult lastResult() {
        return lastResult;
    }

    /**
     * Ends the current {@link #solve} as soon as possible (it returns {@link UnknownReason#STOPPED}). A stop made
     * before a solve has begun ({@link #solving()} still false) does not carry over to it: a caller that starts a
     * solve on another thread and may have to stop it at once stops it again once it is solving.
     */
    public void stop() {
        stopped = true;
        dfpn.stop();
    }

    /**
     * Whether a {@link #solve} has begun and not yet returned; from then on {@link #stop()} ends it. Safe to read
     * from another thread.
     */
    public boolean solving() {
        return solving;
    }

    private volatile boolean solving;

    /**
     * While a solve runs, from another thread: the nodes searched so far (df-pn nodes plus the positions
     * visited reading the solution), for a progress display. Read without synchronisation, so it may lag a
     * little behind the search; after the solve it is {@link #nodes()}.
     */
    public long nodesSoFar() {
        Solution s = solution;
        return dfpn.nodes + (s == null ? 0 : s.visits());
    }

    /** While a solve runs, from another thread: whether it is reading the solution out of a proof. */
    public boolean readingSolution() {
        return reading;
    }

    private volatile boolean reading;

    /**
     * Nodes searched by the last solve: df-pn nodes plus the positions visited reading the solution (with every
     * {@link #resume} of it).
     */
    public long nodes() {
        return nodes;
    }

    /** Wall time of the last solve, in nanoseconds (with every {@link #resume} of it, not the time between). */
    public long nanos() {
        return nanos;
    }
}
