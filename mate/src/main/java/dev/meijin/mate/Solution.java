package dev.meijin.mate;

import dev.meijin.core.Hand;
import dev.meijin.core.Move;
import dev.meijin.core.position.Position;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads the printed solution out of a proof: the attacker's shortest mate against the defender's longest
 * resistance, futile interpositions (無駄合) not counted, and among equally long lines the one that leaves the
 * attacker fewest pieces in hand (駒余り).
 *
 * <p>The length of a position under these conventions is computed exactly by a bounded minimax over checks
 * and evasions ({@link #exact}): an attacker node takes its shortest check, a defender node its longest
 * reply, a defender node whose every reply is a futile drop counts as mate (length 0). The bound prunes: a
 * line longer than the bound is not followed. The proof table guides the walk — checks proven there are
 * tried first (shortest stored mate first), checks disproven there are skipped, and checks it does not know
 * are searched directly when the remaining bound is short, otherwise given a small df-pn search of their
 * own. Results are memoised by position (board, hands, side to move).
 *
 * <p>A proof of up to {@link #SHORT_PROOF} plies is read first by deepening the bounded df-pn instead
 * ({@link #deepenedLine}): the first bound within which it finds a mate is the exact length; the minimax
 * reads it only when that runs out of budget.
 *
 * <p><b>Futile interpositions.</b> A drop that blocks a check is futile when the attacker can take the
 * dropped piece with check and the position after the capture counts as mate at once: the drop only made
 * the solution two plies longer without changing it, and the piece was never used. Under the composers'
 * wider rule ({@link DfPn#wideFutility}) a drop is futile too when the position after the capture, the piece
 * given back to the defender, mates within the plies the defender node has; such a drop is left out beside a
 * move or a same-kind drop that mates ({@link #leftOut}, {@link #lengthLeavingOutFutileDrops}).
 *
 * <p>Not a hot path: it runs once per solve (and allocates freely). When its visit budget runs out the walk
 * falls back to the lengths stored in the proof table.
 */
final class Solution {
    static final int INF = Integer.MAX_VALUE / 4;
    /** Remaining bound up to which checks the table does not know are searched by full-width minimax. */
    private static final int BRUTE_FORCE_BOUND = 5;
    /**
     * Stored mate length above which the reading starts with that length as its bound; shorter proofs are
     * read by deepening the bound from 1, whose bounded searches ask for fewer plies.
     */
    private static final int LONG_PROOF = 15;
    /**
     * Stored mate length up to which a reading that had to leave a check out is tried again the other way
     * (the stored length first, or deepening from 1), with a fresh budget.
     */
    private static final int SHORT_PROOF = 31;
    /** df-pn nodes the reading of a proof of up to {@link #SHORT_PROOF} plies may spend in all, at least. */
    static final long SHORT_PROOF_READING_NODES = 4_000_000;
    /** The largest budget of one bounded search of the minimax, in first budgets ({@link #perChild}). */
    private static final long MAX_RETRY_FACTOR = 16;
    /** df-pn nodes for settling one alternative attacker move when judging soundness. */
    private static final long ALTERNATIVE_NODES = 200_000;

    private final DfPn dfpn;
    private final MateTable tt;
    /** The solve's position: {@link #resume} takes the one the df-pn was given again. */
    private Position pos;
    private final int attacker;
    private long perChild;
    private final boolean futileExcluded;
    /**
     * Whether the composers' wider rule of futile interpositions applies ({@link DfPn#wideFutility}, under the
     * printed convention): a drop whose piece the attacker takes with check and then mates without, within the
     * plies the node has, is left out of the replies beside a reply that stays.
     */
    private final boolean wideRule;
    private long extraBudget;
    private final LongLongMap memo = new LongLongMap();
    /** Per position: the largest bound with no mate found within it, the smallest left unknown. */
    private final LongLongMap withinMemo = new LongLongMap();
    /**
     * {@link #leftoverAlong} per position and length: the walk asks it again for each position of the line
     * below the one it is choosing at, and its capped searches of alternative checks would be repeated.
     */
    private final LongLongMap leftoverMemo = new LongLongMap();
    /**
     * Whether lengths are computed by the bounded df-pn ({@link #exactByBound}) instead of the minimax (off by
     * default). Per position, {@link #bounds} keeps what the searches found.
     */
    private boolean bounded;
    /** Per position: {largest bound known to hold no mate, smallest known to hold one, smallest left unknown}. */
    private final LongLongMap bounds = new LongLongMap();
    /** The bits of one of the three numbers of a {@link #bounds} entry; all ones stand for {@link #INF}. */
    private static final long BOUND_MASK = (1L << 21) - 1;
    /** A position's {@link #bounds} entry when it has none: nothing known. */
    private static final long NO_BOUNDS = packBounds(-1, INF, INF);

    /** The three numbers of a {@link #bounds} entry in one long, 21 bits each (each plus one; INF all ones). */
    private static long packBounds(int noMate, int mate, int unknownFrom) {
        return packBound(noMate) | packBound(mate) << 21 | packBound(unknownFrom) << 42;
    }

    private static long packBound(int v) {
        assert v >= -1 && (v >= INF || v + 1 < BOUND_MASK) : v;
        return v >= INF ? BOUND_MASK : v + 1;
    }

    /** Number {@code i} (0, 1 or 2) of a packed {@link #bounds} entry. */
    private static int unpackBound(long packed, int i) {
        long v = packed >>> (21 * i) & BOUND_MASK;
        return v == BOUND_MASK ? INF : (int) v - 1;
    }
    /** Whether a bounded search ran out of budget, so that a length may be wrong. */
    private boolean unknown;
    private long visits;
    private long visitBudget;
    private long phaseBudget;
    /** The visit budget of one phase given to the constructor, which {@link #widenAlternatives} multiplies. */
    private final long basePhase;
    private boolean outOfBudget;
    private boolean unsettled;
    private boolean lineExact;
    /**
     * Whether the minimax left out a check it could not settle (its bounded df-pn ran out of budget even
     * after retries), so that a length computed since may be too long: the reading is then not exact.
     */
    private boolean cut;

    /**
     * @param convention whether futile interpositions count
     * @param extraBudget df-pn nodes the walk may spend in all to settle checks the table does not know
     * @param perChild df-pn nodes for one such check
     * @param visitBudget positions the exact minimax may visit
     */
    Solution(DfPn dfpn, Convention convention, long extraBudget, long perChild, long visitBudget) {
        this.futileExcluded = convention == Convention.TSUME;
        this.wideRule = futileExcluded && dfpn.wideFutility;
        this.dfpn = dfpn;
        this.tt = dfpn.table();
        this.pos = dfpn.position();
        this.attacker = dfpn.attacker();
        this.extraBudget = extraBudget;
        this.perChild = perChild;
        this.visitBudget = visitBudget;
        this.phaseBudget = visitBudget;
        this.basePhase = visitBudget;
    }

    private final int[][] buffers = new int[DfPn.MAX_PLY + 2][];
    private final int[][] orders = new int[DfPn.MAX_PLY + 2][];
    private final long[][] keyBuffers = new long[DfPn.MAX_PLY + 2][];

    /** The move buffer of path element {@code ply} for {@link #exact} and {@link #futile} (never both at once). */
    private int[] buffer(int ply) {
        int[] b = buffers[ply];
        return b != null ? b : (buffers[ply] = new int[Position.MAX_MOVES]);
    }

    private int[] orderBuffer(int ply) {
        int[] b = orders[ply];
        return b != null ? b : (orders[ply] = new int[Position.MAX_MOVES]);
    }

    private long[] keyBuffer(int ply) {
        long[] b = keyBuffers[ply];
        return b != null ? b : (keyBuffers[ply] = new long[Position.MAX_MOVES]);
    }

    /** The minimax looks at the solve's deadline, node limit and stop once every this many visits plus one. */
    private static final long TIME_POLL_MASK = 1023;
    /**
     * The solve was stopped or reached its deadline or node limit ({@link #cutShort}): from then on every visit
     * is refused, whatever the budgets, until a {@link #resume}.
     */
    private boolean timeUp;

    /**
     * Whether the solve was stopped or reached its deadline or node limit ({@link DfPn#cutShort}). From then on
     * the reading refuses every visit and remembers nothing it computes: a search left unsettled by the cut is
     * not taken for one its budget could not settle (which would make the line inexact for good), and no length
     * computed without it is memoised, so that {@link #resume} reads on with only what holds.
     */
    private boolean cutShort() {
        if (!timeUp && dfpn.cutShort()) {
            timeUp = true;
        }
        if (timeUp) {
            outOfBudget = true;
        }
        return timeUp;
    }

    /** Gives the exact minimax a new visit budget for the next phase of the walk. */
    private void freshBudget() {
        visitBudget = visits + phaseBudget;
        outOfBudget = false;
    }

    /** df-pn nodes the reading of a short proof may spend in all, at least ({@link #SHORT_PROOF_READING_NODES}). */
    private long shortBudget = SHORT_PROOF_READING_NODES;

    /** Sets the least total df-pn budget of the reading of a proof of up to {@link #LONG_PROOF} plies. */
    void shortBudget(long nodes) {
        shortBudget = nodes;
    }

    /** Chooses the bounded df-pn ({@code true}) or the minimax (the default) to compute lengths. */
    void bounded(boolean on) {
        bounded = on;
    }

    /** Calls of the bounded df-pn by result: no mate within the bound, unknown, mate. */
    final long[] withinCalls = new long[3];

    /**
     * Whether the last {@link #line} was read exactly: no check left out unsettled, no bounded search left
     * unknown, not read from the proof's stored lengths.
     */
    boolean lineExact() {
        return lineExact;
    }

    /** Whether the minimax has left out a check it could not settle within its budgets so far. */
    boolean cut() {
        return cut;
    }

    /** Positions visited by the exact minimax so far. */
    long visits() {
        return visits;
    }

    /**
     * What the table (or a small search) says of the current position (path element {@code ply}): 1 proven,
     * -1 disproven, 0 unknown. With {@code search} an unknown position gets a df-pn search of its own.
     */
    private int status(int ply, boolean search) {
        if (tt.lookup(pos.boardKey(), pos.hand(attacker), 1, 1) && (tt.pn == 0 || tt.dn == 0)) {
            return tt.pn == 0 ? 1 : -1;
        }
        if (!search || extraBudget <= 0 || cutShort()) {
            return 0;
        }
        long before = dfpn.nodes;
        int r = dfpn.prove(ply, Math.min(perChild, extraBudget));
        charge(r, before);
        return r;
    }

    /**
     * Charges the reading's df-pn budget with the nodes a search that began at {@code before} nodes and ended
     * with {@code r} has spent, unless the cut ({@link #cutShort}) left it unsettled: such a search is made
     * again after a {@link #resume}, and the budget is for the searches the reading settles, as if it had not
     * been cut.
     */
    private void charge(int r, long before) {
        if (r != 0 || !cutShort()) {
            extraBudget -= dfpn.nodes - before;
        }
    }

    /**
     * Whether the current position (path element {@code ply}, the defender to move) mates within
     * {@code limit} plies by a df-pn bounded by the plies left, futile interpositions not counted under
     * {@link Convention#TSUME} (as in {@link #exact}): 1 yes, -1 no, 0 unknown (budget spent). A disproof that
     * depends on the path (a repetition) is not remembered.
     */
    private int within(int ply, int limit) {
        long full = pos.key();
        long known = withinMemo.get(full);
        int noMateWithin = known == LongLongMap.NONE ? -1 : (int) (known >> 32);
        int unknownFrom = known == LongLongMap.NONE ? Integer.MAX_VALUE : (int) known;
        if (limit <= noMateWithin) {
            return -1;
        }
        if (limit >= unknownFrom || extraBudget <= 0 || cutShort()) {
            return 0;
        }
        // A search that runs out is resumed with twice the budget (the table keeps its progress), up to
        // MAX_RETRY_FACTOR times the first, while the reading's total allows: a check left unsettled makes the
        // reading inexact.
        long cap = Math.min(perChild, extraBudget);
        long budgetBefore = extraBudget;
        int r;
        while (true) {
            long before = dfpn.nodes;
            r = dfpn.proveWithin(ply, limit, cap, futileExcluded);
            long spent = dfpn.nodes - before;
            extraBudget -= spent;
            withinCalls[r + 1]++;
            if (r != 0 || spent < cap || cap >= MAX_RETRY_FACTOR * perChild || extraBudget <= 0
                    || cutShort()) {
                break;
            }
            cap = Math.min(2 * cap, extraBudget);
        }
        if (r == 0 && cutShort()) {
            extraBudget = budgetBefore; // made again after a resume, with its retries (see charge)
            return 0;
        }
        if (r < 0 && !dfpn.lastWasRepetition()) {
            noMateWithin = limit;
        } else if (r == 0) {
            unknownFrom = limit;
        }
        withinMemo.put(full, ((long) noMateWithin << 32) | (unknownFrom & 0xFFFFFFFFL));
        return r;
    }

    /**
     * Whether the current position (path element {@code ply}) mates within {@code n} plies under the
     * reading's convention: 1 yes, -1 no, 0 unknown (the budget ran out; {@link #unknown} is then set). Asks
     * the bounded df-pn ({@link DfPn#proveWithin(int, int, long, boolean)}, futile interpositions not counted
     * under {@link Convention#TSUME}), whose results the table keeps (a disproof with its bound), and
     * remembers them per position. A disproof that depends on the path (a repetition) is not remembered.
     */
    int mates(int ply, int n) {
        return mates(ply, n, Long.MAX_VALUE, true);
    }

    /**
     * {@link #mates(int, int)} with at most {@code cap} df-pn nodes; when not {@code decisive}, running out
     * does not make the reading inexact (the caller can do without the answer).
     */
    private int mates(int ply, int n, long cap, boolean decisive) {
        boolean or = pos.sideToMove() == attacker;
        if ((n & 1) != (or ? 1 : 0)) {
            n--; // an attacker's mate takes an odd number of plies, a defender's an even one
        }
        if (n < 0) {
            return -1;
        }
        long key = pos.key();
        long packed = bounds.get(key);
        if (packed == LongLongMap.NONE) {
            packed = NO_BOUNDS;
        }
        int noMate = unpackBound(packed, 0), mate = unpackBound(packed, 1), unknownFrom = unpackBound(packed, 2);
        if (n <= noMate) {
            return -1;
        }
        if (n >= mate) {
            return 1;
        }
        if (cutShort()) {
            return 0;
        }
        if (n >= unknownFrom || extraBudget <= 0) {
            unknown |= decisive;
            return 0;
        }
        long before = dfpn.nodes;
        int r = dfpn.proveWithin(ply, n, Math.min(cap, extraBudget), futileExcluded);
        charge(r, before);
        withinCalls[r + 1]++;
        if (r > 0) {
            bounds.put(key, packBounds(noMate, Math.min(n, Math.max(0, dfpn.lastLength())), unknownFrom));
        } else if (r < 0) {
            if (!dfpn.lastWasRepetition()) {
                bounds.put(key, packBounds(n, mate, unknownFrom));
            }
        } else if (cutShort()) {
            return 0;
        } else if (decisive || cap >= extraBudget) {
            bounds.put(key, packBounds(noMate, mate, n));
            unknown |= decisive;
        }
        return r;
    }

    /** The smallest bound within which the current position is known to mate ({@link #INF} if none is). */
    private int knownMate() {
        long packed = bounds.get(pos.key());
        return packed == LongLongMap.NONE ? INF : unpackBound(packed, 1);
    }

    /**
     * {@link #exact} by the bounded df-pn: a mate within the bound, then within two plies fewer than the
     * shortest one found (the proof's stored length is an upper bound), until there is none.
     */
    private int exactByBound(int ply, int bound) {
        if (mates(ply, bound) <= 0) {
            return INF;
        }
        int t = Math.min(bound, knownMate());
        while (t >= 2) {
            int r = mates(ply, t - 2);
            if (r <= 0) {
                break;
            }
            t = Math.min(t - 2, knownMate());
        }
        return t;
    }

    /**
     * Whether the current position (path element {@code ply}), a child of a position of exact length
     * {@code len + 1}, has exact length {@code len}. A defender's reply can be no longer, so it has that
     * length unless it mates sooner (decided, or the reading is inexact); an attacker's check can be no
     * shorter, so it has that length if it mates within it — a check the bounded df-pn does not settle within
     * {@link #perChild} nodes is left out: it could only be a second shortest mate (a cook), and the length
     * of the line does not depend on it.
     */
    private boolean childFits(int ply, int len) {
        return childFits(ply, len, perChild);
    }

    /**
     * {@link #childFits(int, int)} with at most {@code cap} df-pn nodes for an attacker's check (a check not
     * settled within them is left out).
     */
    private boolean childFits(int ply, int len, long cap) {
        if (!bounded) {
            return exact(ply, len) == len;
        }
        if (pos.sideToMove() == attacker) {
            return len < 2 || mates(ply, len - 2) < 0;
        }
        return mates(ply, len, cap, false) > 0;
    }

    /**
     * The df-pn nodes for an attacker's check in the walk once another check of the same length has been
     * found: such a check could only be a second shortest mate (a cook) that leaves fewer pieces in hand, and
     * most of the checks examined so mate much later or not at all, which the bounded df-pn takes long to
     * show. A check with a mate within the plies left is found within a few hundred nodes as a rule.
     */
    private long alternativeCap() {
        return Math.max(1, perChild / ALTERNATIVE_CAP_DIVISOR);
    }

    private static final long ALTERNATIVE_CAP_DIVISOR = 8;

    /**
     * Whether the walk of the deepened reading takes its shortcuts: moves ordered by what the table shows
     * ({@link #likelyFirst}), a stop at the first child of the exact length that leaves no piece in hand, and
     * the smaller budget for alternative checks ({@link #alternativeCap}). On by default; off, every child is
     * settled in the order of generation, as before (for tests comparing both).
     */
    private boolean walkShortcuts = true;

    /** Turns the walk's shortcuts ({@link #walkShortcuts}) on or off. */
    void walkShortcuts(boolean on) {
        walkShortcuts = on;
    }

    /** Whether the exact length of the current position (path element {@code ply}) is {@code len}. */
    private boolean hasLength(int ply, int len) {
        if (!bounded) {
            return exact(ply, len) == len;
        }
        return len >= 0 && mates(ply, len) > 0 && (len < 2 || mates(ply, len - 2) < 0);
    }

    /** The stored mate length of the current position, or {@link #INF} if the table holds no proof of it. */
    private int storedLength() {
        return tt.lookup(pos.boardKey(), pos.hand(attacker), 1, 1) && tt.pn == 0 ? tt.length : INF;
    }

    /**
     * Whether the defender's move just made (a drop on {@code sq}; path element {@code ply}, the attacker to
     * move) is a futile interposition: some capture of the dropped piece gives check and leaves a position
     * that counts as mate at once.
     */
    boolean futile(int ply, int sq) {
        int[] mv = buffer(ply);
        int n = CoreAccess.checks(pos, mv, 0);
        dfpn.pushPath(ply);
        boolean futile = false;
        for (int i = 0; i < n && !futile; i++) {
            int m = mv[i];
            if (Move.isDrop(m) || Move.to(m) != sq) {
                continue;
            }
            pos.doMove(m);
            futile = hasLength(ply + 1, 0);
            pos.undoMove();
        }
        dfpn.popPath(ply);
        return futile;
    }

    /** Whether the defender's move {@code e}, made in a position where the check could be blocked, is futile. */
    private boolean futileReply(int ply, int e, boolean interposable) {
        return futileExcluded && interposable && Move.isDrop(e) && futile(ply, Move.to(e));
    }

    /**
     * The exact length of the current position (path element {@code ply}) under the printed conventions if it
     * is at most {@code bound} plies, else {@link #INF}. When the visit budget runs out the answer may be too
     * large; {@link #outOfBudget} then tells.
     */
    int exact(int ply, int bound) {
        if (bound < 0) {
            return INF;
        }
        if (bounded) {
            return exactByBound(ply, bound);
        }
        long full = pos.key();
        long known = memo.get(full);
        if (known != LongLongMap.NONE) {
            int v = (int) (known >> 32), b = (int) known;
            if (v < INF) {
                return v <= bound ? v : INF;
            }
            if (b >= bound) {
                return INF;
            }
        }
        if (timeUp || ++visits > visitBudget || (visits & TIME_POLL_MASK) == 0 && cutShort()) {
            outOfBudget = true;
            return INF;
        }
        boolean or = pos.sideToMove() == attacker;
        if (or && bound < 1) {
            return INF;
        }
        dfpn.pushPath(ply);
        int[] mv = buffer(ply);
        int n = or ? CoreAccess.checks(pos, mv, 0) : CoreAccess.evasions(pos, mv, 0);
        int result;
        if (or) {
            result = shortestCheck(ply, mv, n, bound);
        } else {
            result = longestReply(ply, mv, n, bound);
        }
        dfpn.popPath(ply);
        if (result > bound) {
            result = INF;
        }
        if (!outOfBudget) {
            memo.put(full, ((long) result << 32) | (result >= INF ? bound : INF));
        }
        return result;
    }

    /**
     * The defender's longest reply within the bound. The replies most likely to outlast the bound come first,
     * so that a bound too small is found out early: a reply the table shows unmated ends the search at once,
     * then the replies the table does not settle, then the proven ones by stored length, longest first.
     */
    private int longestReply(int ply, int[] mv, int n, int bound) {
        int[] order = orderBuffer(ply);
        long[] keys = keyBuffer(ply);
        prefetchChildren(mv, n);
        for (int i = 0; i < n; i++) {
            pos.doMove(mv[i]);
            int st = status(ply + 1, false);
            int len = st > 0 ? Math.min(storedLength(), MateTable.MAX_LENGTH) : 0;
            pos.undoMove();
            if (st < 0) {
                return INF;
            }
            int rank = st == 0 ? 0 : 1 + MateTable.MAX_LENGTH - len;
            keys[i] = ((long) rank << 16) | i;
            order[i] = mv[i];
        }
        java.util.Arrays.sort(keys, 0, n);
        boolean interposable = CoreAccess.canInterpose(pos);
        // At bound 0 a drop that is not futile at once cannot be left out by the wider rule either (the position
        // after its capture, the attacker to move, has no mate within 0 plies), so the node is decided as under
        // the narrow rule, by its first reply that is not futile: searching on through every other drop (each
        // one's futility a search of its own) made chains of interpositions exponential.
        boolean wide = wideRule && interposable && bound > 0;
        // Under the wider rule a drop that outlasts the bound may still be left out as futile: its length is
        // noted (INF beyond the bound) and settled below, after the other replies.
        int[] value = wide ? new int[n] : null;
        int[] sorted = wide ? new int[n] : null;
        int longest = 0;
        for (int i = 0; i < n && longest <= bound; i++) {
            int e = order[(int) (keys[i] & 0xFFFF)];
            pos.doMove(e);
            int v = -1;
            if (!futileReply(ply + 1, e, interposable)) {
                v = exact(ply + 1, bound - 1);
                v = v >= INF ? INF : v + 1;
            }
            pos.undoMove();
            if (wide) {
                sorted[i] = e;
                value[i] = v;
                if (!Move.isDrop(e)) {
                    longest = Math.max(longest, v);
                }
            } else {
                longest = Math.max(longest, v);
            }
        }
        if (!wide || longest > bound) {
            return longest;
        }
        return lengthLeavingOutFutileDrops(ply, sorted, value, n, longest, bound, false);
    }

    /**
     * The length of the current defender node (path element {@code ply}) under the wider rule of futile
     * interpositions ({@link #wideRule}), given each reply's length {@code value} ({@code moves[i]}; -1 for a
     * drop futile at once, {@link #INF} beyond {@code bound} or unproven) and the longest of the replies that
     * are not drops ({@code floor}): the smallest {@code t} such that every reply lasts at most {@code t}, or is
     * a drop whose position after the capture, the piece given back, mates within {@code t} while a move or a
     * drop of the same kind lasts at most {@code t}. {@link #INF} if no {@code t} up to {@code bound} does.
     * With {@code stored} the lengths are the proof table's (for the line of stored lengths), else exact.
     */
    private int lengthLeavingOutFutileDrops(int ply, int[] moves, int[] value, int n, int floor, int bound,
            boolean stored) {
        boolean nonDrop = false;
        boolean beyond = false;
        int top = floor;
        for (int i = 0; i < n; i++) {
            nonDrop |= !Move.isDrop(moves[i]);
            if (value[i] >= INF) {
                beyond = true;
            } else {
                top = Math.max(top, value[i]);
            }
        }
        if (beyond && bound < INF) {
            top = bound;
        }
        int[] afterCapture = new int[81];
        java.util.Arrays.fill(afterCapture, -1);
        for (int t = floor; t <= top; t += 2) {
            int shortRoles = 0; // kinds with a drop that lasts at most t
            for (int i = 0; i < n; i++) {
                if (Move.isDrop(moves[i]) && value[i] <= t) {
                    shortRoles |= 1 << Move.dropRole(moves[i]);
                }
            }
            boolean fits = true;
            for (int i = 0; i < n && fits; i++) {
                int e = moves[i];
                if (value[i] <= t) {
                    continue;
                }
                if (!Move.isDrop(e) || !nonDrop && (shortRoles & 1 << Move.dropRole(e)) == 0) {
                    fits = false;
                    break;
                }
                int sq = Move.to(e);
                if (afterCapture[sq] < 0) {
                    afterCapture[sq] = afterCaptureLength(ply, e, bound, stored);
                }
                fits = afterCapture[sq] <= t;
            }
            if (fits) {
                return t;
            }
        }
        return INF;
    }

    /**
     * The length of the position after the defender's drop {@code e} at the current defender node (path
     * element {@code ply}) is taken with check and the piece given back ({@link Position#returnCapture()}):
     * the shortest over such captures, {@link #INF} if none mates within {@code bound} (by the minimax, or in
     * the bounded reading by {@link #mates}); with {@code stored}, the shortest stored length of those proven
     * by the table or a small df-pn search of their own.
     */
    private int afterCaptureLength(int ply, int e, int bound, boolean stored) {
        int sq = Move.to(e);
        int[] caps = buffer(ply + 1);
        pos.doMove(e);
        dfpn.pushPath(ply + 1);
        int nc = CoreAccess.checks(pos, caps, 0);
        int best = INF;
        for (int j = 0; j < nc; j++) {
            int c = caps[j];
            if (Move.isDrop(c) || Move.to(c) != sq) {
                continue;
            }
            pos.doMove(c);
            pos.returnCapture();
            int v;
            if (stored) {
                v = status(ply + 2, true) > 0 ? storedLength() : INF;
            } else if (bounded) {
                v = mates(ply + 2, Math.min(bound, best - 2)) > 0 ? Math.min(bound, knownMate()) : INF;
            } else {
                v = exact(ply + 2, Math.min(bound, best - 2));
            }
            best = Math.min(best, v);
            pos.undoReturnCapture();
            pos.undoMove();
        }
        dfpn.popPath(ply + 1);
        pos.undoMove();
        return best;
    }

    /**
     * The replies {@code mv[0..n)} of the current defender node (path element {@code ply}) that the wider rule
     * of futile interpositions leaves out when the node's exact length is {@code target}: the drops whose
     * position after the capture, the piece given back, mates within {@code target}, where the defender has a
     * move among its replies or a drop of the same kind that is not left out. {@code null} when none is.
     */
    private boolean[] leftOut(int ply, int[] mv, int n, int target) {
        if (!wideRule || target < 2 || !CoreAccess.canInterpose(pos)) {
            return null;
        }
        boolean nonDrop = false;
        boolean[] candidate = new boolean[n];
        int[] afterCapture = new int[81];
        java.util.Arrays.fill(afterCapture, -1);
        int keptRoles = 0;
        boolean any = false;
        for (int i = 0; i < n; i++) {
            int e = mv[i];
            if (!Move.isDrop(e)) {
                nonDrop = true;
                continue;
            }
            int sq = Move.to(e);
            if (afterCapture[sq] < 0) {
                afterCapture[sq] = afterCaptureLength(ply, e, target, false);
            }
            candidate[i] = afterCapture[sq] <= target;
            any |= candidate[i];
            if (!candidate[i]) {
                keptRoles |= 1 << Move.dropRole(e);
            }
        }
        if (!any) {
            return null;
        }
        if (!nonDrop) {
            // A kind whose every drop is futile keeps its drops unless one of them mates within the plies
            // left all the same (the witness need not be kept, only mated: see DfPn.wideFutility).
            for (int i = 0; i < n; i++) {
                int bit = 1 << Move.dropRole(mv[i]);
                if (candidate[i] && (keptRoles & bit) == 0) {
                    pos.doMove(mv[i]);
                    if (childFits(ply + 1, target - 1)) {
                        keptRoles |= bit;
                    }
                    pos.undoMove();
                }
            }
        }
        boolean[] out = new boolean[n];
        any = false;
        for (int i = 0; i < n; i++) {
            if (candidate[i] && (nonDrop || (keptRoles & 1 << Move.dropRole(mv[i])) != 0)) {
                out[i] = true;
                any = true;
            }
        }
        return any ? out : null;
    }

    /**
     * Reads the table clusters of the current position's children (the moves {@code mv[0..n)}) before they
     * are looked up one at a time, so that their cache misses overlap ({@link MateTable#prefetch}).
     */
    private void prefetchChildren(int[] mv, int n) {
        for (int i = 0; i < n; i++) {
            tt.prefetch(pos.boardKeyAfter(mv[i]));
        }
    }

    private int shortestCheck(int ply, int[] mv, int n, int bound) {
        // Order: proven checks by stored length, then unknown ones; disproven ones are left out.
        int[] order = orderBuffer(ply);
        long[] keys = keyBuffer(ply);
        prefetchChildren(mv, n);
        int k = 0;
        for (int i = 0; i < n; i++) {
            pos.doMove(mv[i]);
            int st = status(ply + 1, false);
            int len = st > 0 ? storedLength() : INF;
            pos.undoMove();
            if (st < 0) {
                continue;
            }
            keys[k] = ((long) Math.min(len, INF) << 16) | k;
            order[k++] = mv[i];
        }
        java.util.Arrays.sort(keys, 0, k);
        int best = INF;
        for (int i = 0; i < k && best > 1; i++) {
            int m = order[(int) (keys[i] & 0xFFFF)];
            int limit = Math.min(bound, best - 2) - 1;
            if (limit < 0) {
                break;
            }
            pos.doMove(m);
            // A check proven within the limit is walked; any other is first asked of the bounded df-pn,
            // which refutes most of them far more cheaply than the walk would.
            boolean fits = (keys[i] >>> 16) <= limit;
            boolean worth = fits || limit <= BRUTE_FORCE_BOUND;
            if (!worth) {
                int w = within(ply + 1, limit);
                worth = w > 0;
                cut |= w == 0 && !timeUp;
            }
            if (worth) {
                int v = exact(ply + 1, limit);
                if (v < INF) {
                    best = Math.min(best, v + 1);
                }
            }
            pos.undoMove();
        }
        return best;
    }

    /**
     * The readings {@link #line} makes in turn, each when the one before was not exact: the deepened bounded
     * df-pn for a short proof ({@link #deepenedLine}), the minimax ({@link #minimaxLine}), the deepened reading
     * after a minimax that found a short line in a long proof ({@link #deepenedAfterMinimax}) or after a short
     * proof's inexact minimax (when the deepening does not come first); or the iterative shortening alone
     * ({@link #bounded}).
     */
    private enum Stage { DEEPENED, MINIMAX, AFTER_MINIMAX, SECOND, BOUNDED }

    /** The reading {@link #line} is in, where {@link #resume} goes on. */
    private Stage stage;
    /** The root's stored mate length, the upper bound of the readings. */
    private int upper;
    private boolean shortProof;
    /** The minimax's line, kept while a later reading tries to do better. */
    private List<Integer> minimaxFound = List.of();

    /**
     * The solution from the current position (path element {@code ply}), which must be proven, as int moves;
     * the position is left as it was. Empty if the proof could not be followed to a mate. A reading cut short by
     * a stop or the solve's limits returns the line read so far (not exact, {@link #lineExact}) and can go on
     * with {@link #resume}.
     */
    List<Integer> line(int ply) {
        upper = storedLength();
        if (upper >= INF) {
            upper = 1;
        }
        shortProof = upper <= SHORT_PROOF;
        if (shortProof) {
            extraBudget = Math.max(extraBudget, shortBudget);
        }
        cut = false;
        unknown = false;
        stage = bounded ? Stage.BOUNDED : shortProof && DEEPEN_FIRST ? Stage.DEEPENED : Stage.MINIMAX;
        return read(ply);
    }

    /**
     * Goes on with a {@link #line} that a stop or the solve's limits cut short, from the reading it was in, with
     * what it had settled (the memos, the flags, what is left of the budgets) and the df-pn's table: only the
     * positions being read at the cut are read again. The df-pn must have been reset to the same problem and
     * given its new limits.
     */
    List<Integer> resume(int ply) {
        pos = dfpn.position();
        timeUp = false;
        outOfBudget = false;
        return read(ply);
    }

    /** {@link #line} from its current {@link #stage} on. */
    private List<Integer> read(int ply) {
        if (stage == Stage.BOUNDED) {
            return boundedLine(ply, upper);
        }
        if (stage == Stage.DEEPENED) {
            List<Integer> deepened = deepenedLine(ply, upper);
            if (lineExact) {
                return deepened;
            }
            if (timeUp) {
                lineExact = false;
                return deepened.isEmpty() ? greedyLine(ply) : deepened;
            }
            memo.clear();
            withinMemo.clear();
            leftoverMemo.clear();
            nextStage(Stage.MINIMAX);
        }
        if (stage == Stage.MINIMAX) {
            minimaxFound = minimaxLine(ply, upper, upper > LONG_PROOF);
            if (lineExact || timeUp) {
                return minimaxFound;
            }
            if (!shortProof && !minimaxFound.isEmpty() && minimaxFound.size() <= SHORT_PROOF) {
                nextStage(Stage.AFTER_MINIMAX);
            } else if (!shortProof || DEEPEN_FIRST) {
                return minimaxFound;
            } else {
                nextStage(Stage.SECOND);
            }
        }
        List<Integer> first = minimaxFound;
        if (stage == Stage.AFTER_MINIMAX) {
            // A long proof whose minimax found a line of at most SHORT_PROOF plies: the mate is short after all
            // (the df-pn's proof took a roundabout way), so it is read again as a short proof would have been.
            List<Integer> deepened = deepenedLine(ply, first.size());
            if (lineExact) {
                return deepened;
            }
            lineExact = false;
            return first;
        }
        // A short proof whose minimax left a check out: read again by deepening the bounded df-pn (the table
        // keeps the bounded searches' proofs and disproofs).
        List<Integer> second = deepenedLine(ply, upper);
        if (lineExact || !timeUp && !second.isEmpty() && (first.isEmpty() || second.size() < first.size())) {
            return second;
        }
        lineExact = false;
        return first;
    }

    /**
     * Moves {@link #line} on to the next reading, with the budget of a short proof at least and a fresh visit
     * budget; what the last reading found left out or unknown no longer counts.
     */
    private void nextStage(Stage next) {
        cut = false;
        unknown = false;
        extraBudget = Math.max(extraBudget, shortBudget);
        freshBudget();
        stage = next;
    }

    /**
     * Whether a short proof is read by {@link #deepenedLine} first (else only after an inexact minimax). On:
     * the 1,582 generated problems take a third of the minimax's nodes, and the short classics are read
     * exactly where the minimax runs out of budget (docs/BENCHMARKS.md).
     */
    private static final boolean DEEPEN_FIRST = true;

    /**
     * The largest bound within which {@link #deepenedLine} found no mate from the root (path element 0), {@code -1}
     * before it found any: the deepening goes on from there when it is made again (a {@link #resume}, a later
     * reading). Unlike {@link #bounds} it keeps the disproofs that depend on a repetition too, as they hold on the
     * root's path, the only one they are asked on.
     */
    private int rootNoMateWithin = -1;

    /**
     * The reading by the bounded df-pn, deepened: a mate within 1, 3, 5, … plies until the first bound within
     * which there is one, which is then the exact length (every smaller bound was disproven), and the walk
     * through the checks that mate within the plies left and the replies that do not mate sooner. Exact unless
     * a bounded search the length depends on ran out of budget; empty when no length was found.
     */
    private List<Integer> deepenedLine(int ply, int upper) {
        boolean saved = bounded;
        bounded = true;
        try {
            int target = INF;
            for (int b = ply == 0 ? rootNoMateWithin + 2 : 1; b <= 4 * upper + 16; b += 2) {
                int r = mates(ply, b);
                if (r < 0 && ply == 0) {
                    rootNoMateWithin = b;
                }
                if (r > 0) {
                    target = Math.min(b, knownMate());
                    break;
                }
                if (r == 0) {
                    break;
                }
            }
            if (target >= INF || unknown) {
                lineExact = false;
                return List.of();
            }
            List<Integer> out = walk(ply, target);
            if (unknown) {
                lineExact = false;
            }
            return out;
        } finally {
            bounded = saved;
        }
    }

    /**
     * The minimax reading: the exact length by a bound deepened from 1, or ({@code storedFirst}) within the
     * stored length {@code upper} first, then the walk.
     */
    private List<Integer> minimaxLine(int ply, int upper, boolean storedFirst) {
        // Iterative deepening over the bound finds the shortest mate first; the stored length is an upper
        // bound in most cases, but the bound grows past it if it was not.
        // A long proof is read with its stored length as the bound straight away: the minimax within that
        // bound is exact, and deepening one bound at a time would walk the same tree once per bound.
        // When the stored length proves too short (it may come from a proof for another hand), the bound
        // grows from there.
        int target = INF;
        int from = 1;
        if (storedFirst) {
            target = exact(ply, upper);
            from = outOfBudget ? 1 : upper + 2;
            if (target >= INF) {
                freshBudget();
            }
        }
        for (int b = from; target >= INF && !outOfBudget && b <= 4 * upper + 16; b += 2) {
            target = exact(ply, b);
        }
        if (target >= INF) {
            outOfBudget = false;
            lineExact = false;
            return greedyLine(ply);
        }
        return walk(ply, target);
    }

    /**
     * {@link #line} by the bounded df-pn ({@link #bounded}): the mate length from the root by iterative
     * shortening (a mate within the stored length, then within two plies fewer, … until there is none), then
     * the walk.
     */
    private List<Integer> boundedLine(int ply, int upper) {
        int target = exact(ply, upper);
        for (int b = upper + 2; target >= INF && !unknown && b <= 4 * upper + 16; b += 2) {
            target = exact(ply, b);
        }
        if (target >= INF || unknown) {
            lineExact = false;
            return greedyLine(ply);
        }
        List<Integer> out = walk(ply, target);
        if (unknown && lineExact) {
            lineExact = false;
        }
        return out;
    }

    /** Walks a line of exact length {@code target} from the current position (path element {@code ply}). */
    private List<Integer> walk(int ply, int target) {
        freshBudget();
        List<Integer> out = new ArrayList<>();
        int played = 0;
        int[] mv = new int[Position.MAX_MOVES];
        while (target > 0) {
            int p = ply + played;
            dfpn.pushPath(p);
            boolean or = pos.sideToMove() == attacker;
            int n = or ? CoreAccess.checks(pos, mv, 0) : CoreAccess.evasions(pos, mv, 0);
            int chosen = exactChild(p, mv, n, or, target);
            if (chosen == Move.NONE) {
                dfpn.popPath(p);
                break;
            }
            if (!or && futileExcluded && target >= 3) {
                int shorter = twoShorterWithoutSpare(p, mv, n, chosen, target);
                if (shorter != Move.NONE) {
                    chosen = shorter;
                    target -= 2;
                }
            }
            out.add(chosen);
            pos.doMove(chosen);
            played++;
            target--;
        }
        for (int i = played - 1; i >= 0; i--) {
            pos.undoMove();
            dfpn.popPath(ply + i);
        }
        if (target != 0) {
            outOfBudget = false;
            lineExact = false;
            return greedyLine(ply);
        }
        lineExact = !unknown && !cut && !timeUp;
        return out;
    }

    /**
     * A move to a child whose exact length is {@code target - 1} (a reply that is not a futile drop for the
     * defender), preferring the one that leaves the attacker fewest pieces in hand at the end; NONE if there
     * is none.
     */
    private int exactChild(int ply, int[] mv, int n, boolean or, int target) {
        boolean interposable = !or && CoreAccess.canInterpose(pos);
        boolean[] out = or ? null : leftOut(ply, mv, n, target);
        int[] order = likelyFirst(mv, n, target - 1);
        int chosen = Move.NONE;
        int chosenIndex = n;
        int fewest = Integer.MAX_VALUE;
        for (int i = 0; i < n && (fewest > 0 || !walkShortcuts); i++) {
            int index = order[i];
            int m = mv[index];
            if (out != null && out[index]) {
                continue;
            }
            pos.doMove(m);
            long cap = walkShortcuts && or && chosen != Move.NONE ? alternativeCap() : perChild;
            boolean fits = !futileReply(ply + 1, m, interposable) && childFits(ply + 1, target - 1, cap);
            int left = fits ? leftoverAlong(ply + 1, target - 1) : Integer.MAX_VALUE;
            pos.undoMove();
            // Of the children that leave equally few pieces, the first in the order of generation.
            if (fits && (left < fewest || left == fewest && index < chosenIndex)) {
                fewest = left;
                chosen = m;
                chosenIndex = index;
            }
        }
        return chosen;
    }

    /**
     * The indices of the {@code n} moves {@code mv} of the current position, those whose child the table
     * already shows to have exact length {@code len} most likely first (the order of generation kept within
     * each class), for
     * the walk: it stops at the first child of that length that leaves the attacker no piece in hand (none
     * can leave fewer), so the children it need not settle are never searched. For a check, one whose mate
     * within {@code len} is stored, then the unsettled ones, then those with no mate within {@code len}; for a
     * reply, one with no mate within {@code len - 2} stored (it cannot be shorter), then the unsettled ones,
     * then those with a mate within {@code len - 2} (they are shorter).
     */
    private int[] likelyFirst(int[] mv, int n, int len) {
        int[] order = new int[n];
        if (!walkShortcuts) {
            for (int i = 0; i < n; i++) {
                order[i] = i;
            }
            return order;
        }
        boolean or = pos.sideToMove() == attacker;
        int remaining = or ? len : len - 2;
        long[] keys = new long[n];
        for (int i = 0; i < n; i++) {
            pos.doMove(mv[i]);
            int rank = 1;
            if (remaining >= 0 && tt.lookup(pos.boardKey(), pos.hand(attacker), 1, 1, remaining)) {
                boolean mate = tt.pn == 0;
                boolean none = tt.dn == 0;
                rank = mate ? (or ? 0 : 2) : none ? (or ? 2 : 0) : 1;
            }
            pos.undoMove();
            keys[i] = ((long) rank << 16) | i;
        }
        java.util.Arrays.sort(keys);
        for (int i = 0; i < n; i++) {
            order[i] = (int) (keys[i] & 0xFFFF);
        }
        return order;
    }

    /**
     * The composers' 2手長駒余り rule at a defender node (path element {@code ply}) of exact length
     * {@code target}: when every longest defence (the chosen reply {@code longest} leaves the fewest spare
     * pieces among them) ends with a piece left in the attacker's hand, a defence two plies shorter that ends
     * with none is the main line instead. Returns that reply, or {@link Move#NONE} when the rule does not
     * apply.
     */
    private int twoShorterWithoutSpare(int ply, int[] mv, int n, int longest, int target) {
        pos.doMove(longest);
        int spare = leftoverAlong(ply + 1, target - 1);
        pos.undoMove();
        if (spare == 0) {
            return Move.NONE;
        }
        boolean interposable = CoreAccess.canInterpose(pos);
        boolean[] out = leftOut(ply, mv, n, target);
        for (int i = 0; i < n; i++) {
            int m = mv[i];
            if (out != null && out[i]) {
                continue;
            }
            pos.doMove(m);
            boolean fits = !futileReply(ply + 1, m, interposable) && hasLength(ply + 1, target - 3)
                    && leftoverAlong(ply + 1, target - 3) == 0;
            pos.undoMove();
            if (fits) {
                return m;
            }
        }
        return Move.NONE;
    }

    /**
     * The fewest pieces left in the attacker's hand at the end of a line of exact length {@code len} from
     * here, both sides playing lines of that length and each choosing, as the walk does, the child that leaves
     * the fewest (the defender's longest resistance is the one that leaves no spare piece where there is one).
     * Taking the defender's first fitting reply instead made a line with no spare piece look like one with
     * some, and the walk then searched every alternative check above it. Remembered per position and length.
     */
    private int leftoverAlong(int ply, int len) {
        if (len == 0) {
            return Hand.size(pos.hand(attacker));
        }
        long memoKey = pos.key() ^ len * 0x9E3779B97F4A7C15L;
        long known = leftoverMemo.get(memoKey);
        if (known != LongLongMap.NONE) {
            return (int) known;
        }
        int left = leftoverAlongUncached(ply, len);
        if (!timeUp) {
            leftoverMemo.put(memoKey, left);
        }
        return left;
    }

    private int leftoverAlongUncached(int ply, int len) {
        dfpn.pushPath(ply);
        int[] mv = new int[Position.MAX_MOVES];
        boolean or = pos.sideToMove() == attacker;
        int n = or ? CoreAccess.checks(pos, mv, 0) : CoreAccess.evasions(pos, mv, 0);
        boolean interposable = !or && CoreAccess.canInterpose(pos);
        boolean[] out = or ? null : leftOut(ply, mv, n, len);
        // Both sides take the fewest spare pieces over the children that fit, and stop at a child with none (the
        // attacker's checks tried likeliest first). Without the walk's shortcuts the defender's reply is the
        // first that fits in the order of generation, as the walk took it before the shortcuts.
        int[] order = or ? likelyFirst(mv, n, len - 1) : null;
        int best = Integer.MAX_VALUE;
        for (int i = 0; i < n; i++) {
            if (out != null && out[i]) {
                continue;
            }
            int m = or ? mv[order[i]] : mv[i];
            pos.doMove(m);
            long cap = walkShortcuts && or && best < Integer.MAX_VALUE ? alternativeCap() : perChild;
            boolean fits = !futileReply(ply + 1, m, interposable) && childFits(ply + 1, len - 1, cap);
            int left = fits ? leftoverAlong(ply + 1, len - 1) : Integer.MAX_VALUE;
            pos.undoMove();
            best = Math.min(best, left);
            if (best == 0 && walkShortcuts || !or && !walkShortcuts && best < Integer.MAX_VALUE) {
                break;
            }
        }
        dfpn.popPath(ply);
        return best == Integer.MAX_VALUE ? Hand.size(pos.hand(attacker)) : best;
    }

    /**
     * The line the stored proof lengths give: the attacker's proven check with the shortest stored mate, the
     * defender's reply with the longest, futile drops left out. Used when the exact minimax ran out of budget
     * (very long problems): the result is a mate, but it may not be the shortest. A check that brings back a
     * position of the line is passed over: stored lengths that come from proofs for other hands can lead round
     * in a circle (九歩 with a 2 GB table did, to the longest path, and no line was read at all).
     */
    private List<Integer> greedyLine(int ply) {
        List<Integer> out = new ArrayList<>();
        java.util.Set<Long> seen = new java.util.HashSet<>();
        int[] mv = new int[Position.MAX_MOVES];
        int played = 0;
        boolean mated = false;
        while (ply + played < DfPn.MAX_PLY - 2) {
            int p = ply + played;
            boolean or = pos.sideToMove() == attacker;
            dfpn.pushPath(p);
            seen.add(pos.key());
            int n = or ? CoreAccess.checks(pos, mv, 0) : CoreAccess.evasions(pos, mv, 0);
            int chosen = or ? bestCheck(p, mv, n, seen) : longestReply(p, mv, n);
            if (chosen == Move.NONE) {
                dfpn.popPath(p);
                mated = !or;
                break;
            }
            out.add(chosen);
            pos.doMove(chosen);
            played++;
        }
        for (int i = played - 1; i >= 0; i--) {
            pos.undoMove();
            dfpn.popPath(ply + i);
        }
        return mated ? out : List.of();
    }

    private int bestCheck(int ply, int[] mv, int n, java.util.Set<Long> seen) {
        int chosen = Move.NONE;
        int bestLen = Integer.MAX_VALUE;
        for (int pass = 0; pass < 2 && chosen == Move.NONE; pass++) {
            for (int i = 0; i < n; i++) {
                int m = mv[i];
                pos.doMove(m);
                if (!seen.contains(pos.key()) && status(ply + 1, pass == 1) > 0 && storedLength() < bestLen) {
                    bestLen = storedLength();
                    chosen = m;
                }
                pos.undoMove();
            }
        }
        return chosen;
    }

    /**
     * The defender's longest reply that is not a futile drop, or {@link Move#NONE} when there is none. Under the
     * wider rule the stored lengths stand in for the exact ones: a drop is left out when its position after the
     * capture, the piece given back, is proven no longer than the line the other replies keep
     * ({@link #lengthLeavingOutFutileDrops}'s rule).
     */
    private int longestReply(int ply, int[] mv, int n) {
        boolean interposable = CoreAccess.canInterpose(pos);
        int[] value = new int[n];
        int floor = 0;
        boolean anyDrop = false;
        for (int i = 0; i < n; i++) {
            int e = mv[i];
            pos.doMove(e);
            int len = status(ply + 1, true) > 0 ? storedLength() : INF;
            long saved = visitBudget;
            visitBudget = visits + 10_000;
            boolean futile = futileReply(ply + 1, e, interposable);
            visitBudget = saved;
            outOfBudget = false;
            pos.undoMove();
            value[i] = futile ? -1 : len >= INF ? INF : len + 1;
            if (Move.isDrop(e)) {
                anyDrop = true;
            } else {
                floor = Math.max(floor, value[i]);
            }
        }
        int limit = INF;
        if (wideRule && interposable && anyDrop && floor < INF) {
            limit = lengthLeavingOutFutileDrops(ply, mv, value, n, floor, INF, true);
        }
        int chosen = Move.NONE;
        int bestLen = -1;
        for (int i = 0; i < n; i++) {
            if (value[i] >= 0 && value[i] > bestLen && (value[i] <= limit || limit >= INF)) {
                bestLen = value[i];
                chosen = mv[i];
            }
        }
        return chosen;
    }

    /**
     * The alternative attacker moves along {@code line} (played from the current position, path element
     * {@code ply}) that also mate within the plies left at their point: each as {ply index, move, plies}.
     * {@link #settledAll()} tells afterwards whether every alternative could be settled within the budgets: an
     * alternative is settled when the exact length within the plies left was computed without leaving a check
     * out unsettled and without running out of visits. A search for any mate at all that runs out first is only
     * a filter (its disproof skips the alternative) and leaves nothing unsettled by itself.
     */
    List<int[]> alternatives(int ply, List<Integer> line) {
        freshBudget();
        unsettled = false;
        // Settling an alternative may take a real search: give each one a larger share.
        perChild = Math.max(perChild, alternativeNodes);
        extraBudget = Math.max(extraBudget, 50 * alternativeNodes);
        List<int[]> found = new ArrayList<>();
        int[] mv = new int[Position.MAX_MOVES];
        int played = 0;
        for (int i = 0; i < line.size(); i++) {
            int p = ply + played;
            dfpn.pushPath(p);
            if (i % 2 == 0) {
                int remaining = line.size() - i;
                int n = CoreAccess.checks(pos, mv, 0);
                for (int j = 0; j < n; j++) {
                    int m = mv[j];
                    if (m == line.get(i)) {
                        continue;
                    }
                    pos.doMove(m);
                    int st = status(p + 1, false);
                    if (st == 0 && remaining - 1 > BRUTE_FORCE_BOUND) {
                        // Within the plies left, not at all: a longer mate is no cook.
                        st = within(p + 1, remaining - 1);
                    }
                    if (st >= 0) {
                        boolean cutBefore = cut;
                        cut = false;
                        int v = exact(p + 1, remaining - 1);
                        if (cut || outOfBudget) {
                            unsettled = true;
                        }
                        cut |= cutBefore;
                        if (v < INF) {
                            found.add(new int[] {i, m, v + 1});
                        }
                    }
                    pos.undoMove();
                }
            }
            pos.doMove(line.get(i));
            played++;
        }
        for (int i = played - 1; i >= 0; i--) {
            pos.undoMove();
            dfpn.popPath(ply + i);
        }
        return found;
    }

    /** df-pn nodes for settling one alternative attacker move in {@link #alternatives}. */
    private long alternativeNodes = ALTERNATIVE_NODES;

    /**
     * Multiplies the budgets of the next {@link #alternatives} by {@code factor} (df-pn nodes per alternative
     * and in all, visits of the exact minimax up to {@code maxVisits}), and forgets what the last try left
     * unsettled, so that a try with larger budgets searches those positions again (the table keeps the df-pn's
     * progress).
     */
    void widenAlternatives(long factor, long maxVisits) {
        alternativeNodes = ALTERNATIVE_NODES * factor;
        perChild = alternativeNodes;
        extraBudget = 50 * alternativeNodes;
        phaseBudget = Math.max(basePhase, Math.min(maxVisits, basePhase * factor));
        memo.clear();
        withinMemo.clear();
        leftoverMemo.clear();
    }

    /** The position the reading walks (the solve's, at its root between calls). */
    Position position() {
        return pos;
    }

    /**
     * Makes the reading ready for {@link #alternatives} again after a stop or the solve's limits cut the last
     * call short: the time is no longer up, and the budget is the alternatives' own again.
     */
    void again() {
        timeUp = false;
        outOfBudget = false;
    }

    /** Whether every alternative examined by {@link #alternatives} was settled (no budget ran out). */
    boolean settledAll() {
        return !unsettled && !outOfBudget;
    }
}
