package dev.meijin.mate;

import dev.meijin.core.Hand;
import dev.meijin.core.Move;
import dev.meijin.core.position.Position;

/**
 * Depth-first proof-number search (df-pn) with the df-pn+ refinements used for tsume: checks for the
 * attacker, every legal reply for the defender, a mate-in-one test folded into the expansion of attacker
 * nodes (a check with no reply proves the node at once, and otherwise the number of replies seeds the
 * child's proof number), and the 1+ε threshold rule against thrashing. Against double counting in the
 * graph, drops on one square count once: in a defender node's proof number (the first not yet proven stands
 * for them all, the others wait) and in an attacker node's disproof number (the largest of them).
 *
 * <p><b>Hands.</b> Nodes are keyed by the board key and the attacker's hand (the defender holds the rest).
 * Proofs are stored with a proof hand — the pieces the proof needs — computed bottom-up: an attacker node
 * adds a dropped piece to its child's proof hand and removes a captured one; a defender node takes the union
 * of its children and, when the check could be blocked by a drop, every piece kind the defender lacks
 * (with fewer such pieces in the attacker's hand the defender would hold some and could interpose).
 * Disproofs are stored with a disproof hand, computed bottom-up the other way (an attacker node intersects
 * its children's, with a piece dropped added back and a captured one removed, and keeps only kinds it
 * holds; a defender node takes its escaping child's, with the count of a dropped kind kept as it is), and
 * hold for every subset. So are the disproofs within the bound of {@link #proveWithin}, except that a check
 * found not to mate at once at the bound's last ply keeps its own hand (a larger attacker hand leaves the
 * defender fewer pieces to interpose).
 *
 * <p><b>Repetition.</b> A position whose board was seen earlier on the current path with the attacker no
 * worse off (the same hand or a superset) cannot be a step of a shortest mate: the attacker gains nothing by
 * returning, and a perpetual check is not mate. Such a child counts as disproven — but only on this path, so
 * the disproof is never stored; a disproof that depends on one is marked and not stored either, and the
 * parent keeps it in a per-node mark instead. Proofs never depend on the path (they come from checkmates
 * only), so stored proofs and stored disproofs are both path-independent: no graph-history interaction.
 *
 * <p>All buffers are allocated once per ply on first use; a node allocates nothing.
 */
final class DfPn {
    static final int INF = MateTable.INF;
    static final int MAX_PLY = 2000;
    private static final int FILTER_BITS = 16;
    /**
     * Added to the initial proof number of a check that leaves a pawn, bishop or rook unpromoted where it
     * could promote: such a check matters only in rare problems (against a pawn-drop mate), so it is tried
     * after the promotion, not pruned.
     */
    private static final int NON_PROMOTION_PENALTY = 8;

    /** The 1+ε rule's 1/ε: a child's threshold is the second-best number times (1 + 1/EPS), plus one. */
    private static final int EPS = 2;
    private final MateTable tt;
    private Position pos;
    private int attacker;

    private final int[][] moves = new int[MAX_PLY + 2][];
    private final long[][] childKey = new long[MAX_PLY + 2][];
    private final int[][] childHand = new int[MAX_PLY + 2][];
    /** The last known proof and disproof numbers of each child, for when its table entry has been replaced. */
    private final int[][] childPn = new int[MAX_PLY + 2][];
    private final int[][] childDn = new int[MAX_PLY + 2][];
    /** The last known mate length of each proven child, for when its table entry has been replaced. */
    private final int[][] childLen = new int[MAX_PLY + 2][];
    private final boolean[][] childRep = new boolean[MAX_PLY + 2][];
    /** Children disproven only within the bound of {@link #proveWithin} (no mate within the plies left). */
    private final boolean[][] childCut = new boolean[MAX_PLY + 2][];
    /**
     * The disproof hand of a check found not to mate at once at the bound's last ply: any hand when the
     * defender has a reply that is not a drop, else the check's own hand.
     */
    private final int[][] childCutHand = new int[MAX_PLY + 2][];
    /**
     * Per child of a defender node under the printed convention's wider rule ({@link #wideFutility}): 0 not
     * judged, 1 a futile interposition within the plies left (left out of the replies), -1 not futile, -2 not
     * futile on this path only (its position after the capture repeats the path).
     */
    private final byte[][] childFutile = new byte[MAX_PLY + 2][];
    /** The number of moves of the node at each path element (its children's arrays hold that many). */
    private final int[] childCount = new int[MAX_PLY + 2];
    /** For a child judged futile: the proof hand and the mate length of its position after the capture. */
    private final int[][] childFutileHand = new int[MAX_PLY + 2][];
    private final int[][] childFutileLen = new int[MAX_PLY + 2][];
    /** The defender's replies to one check while an attacker node is expanded. */
    private final int[] expansionBuf = new int[Position.MAX_MOVES];
    private final long[] pathBoard = new long[MAX_PLY + 2];
    private final int[] pathHand = new int[MAX_PLY + 2];
    private final short[] pathFilter = new short[1 << FILTER_BITS];
    private final int[] scratch = new int[Position.MAX_MOVES];
    private final int[] dropPn = new int[81];
    /** An attacker node's largest disproof number among its drops on each square, -1 where none was seen. */
    private final int[] dropDn = new int[81];
    private final int[] touched = new int[81];

    /**
     * The path element by which a mate must be complete, for a search bounded by the plies left
     * ({@link #proveWithin}); effectively unbounded otherwise. A node beyond the bound counts as disproven on
     * this path only, like a repetition, so nothing that depends on the bound is stored as a disproof; a proof
     * found within the bound is a real proof, stored with its length.
     */
    private int depthLimit = UNBOUNDED;
    private static final int UNBOUNDED = Integer.MAX_VALUE / 2;

    /**
     * The longest path followed: a node this many plies from the root is cut, as a repetition is (not a mate
     * on this path, nothing stored), and the search goes on with the other lines. {@link #MAX_PLY} but in
     * tests.
     */
    private int maxPly = MAX_PLY;
    /**
     * Nodes cut at {@link #maxPly} since the last {@link #reset}: a disproof that holds only on its path may
     * then rest on a line not followed to its end.
     */
    long depthCuts;

    long nodes;
    private long nodeLimit = Long.MAX_VALUE;
    private long deadline = Long.MAX_VALUE;
    private volatile boolean stopRequested;
    UnknownReason aborted;

    // Results of the last mid() call.
    private int outPn, outDn, outLen;
    private boolean outRep;
    /** The last disproof holds only within the bound (stored as such), not for any number of plies. */
    private boolean outCut;

    DfPn(MateTable tt) {
        this.tt = tt;
        java.util.Arrays.fill(dropPn, -1);
        java.util.Arrays.fill(dropDn, -1);
    }

    MateTable table() {
        return tt;
    }

    void reset(Position pos, int attacker) {
        this.pos = pos;
        this.attacker = attacker;
        this.aborted = null;
        this.stopRequested = false;
        this.depthCuts = 0;
        java.util.Arrays.fill(pathFilter, (short) 0);
    }

    /** Sets the longest path followed (at most {@link #MAX_PLY}; smaller only in tests). */
    void maxPly(int plies) {
        if (plies < 1 || plies > MAX_PLY) {
            throw new IllegalArgumentException("maximum ply must be 1–" + MAX_PLY + ", not " + plies);
        }
        maxPly = plies;
    }

    void limits(long nodeLimit, long deadlineNanos) {
        this.nodeLimit = nodeLimit;
        this.deadline = deadlineNanos;
    }

    void stop() {
        stopRequested = true;
    }

    /**
     * Turns on or off the proof-number floors: an unsettled position takes at least the proof number stored for
     * the same board with an attacker's hand at least as strong ({@link MateTable#pnFloor}). Where a line of
     * trades brings back the same board with the attacker better off each time (九歩), the positions met again
     * with weaker hands then rise with the stronger ones, and the search leaves such a region; elsewhere the
     * floors can cost more than they save, so the solver uses them only for a short first try.
     */
    void pnFloors(boolean on) {
        tt.gatherPnFloor = on;
    }

    Position position() {
        return pos;
    }

    int attacker() {
        return attacker;
    }

    /** Enters the current position as path element {@code ply} (for callers that walk the tree themselves). */
    void pushPath(int ply) {
        long key = pos.boardKey();
        pathBoard[ply] = key;
        pathHand[ply] = pos.hand(attacker);
        pathFilter[filter(key)]++;
    }

    void popPath(int ply) {
        pathFilter[filter(pathBoard[ply])]--;
    }

    /**
     * Searches the current position (path element {@code ply}; elements below it must have been pushed)
     * until it is settled or {@code extraNodes} more nodes were spent. Returns 1 for proven, -1 for disproven
     * (path-dependent disproofs included), 0 for unknown.
     */
    int prove(int ply, long extraNodes) {
        if (outOfTime()) {
            // Not even begun: a reading calls this for many positions once the time is up.
            if (aborted == null) {
                aborted = stopRequested ? UnknownReason.STOPPED : UnknownReason.TIME_LIMIT;
            }
            return 0;
        }
        long savedLimit = nodeLimit;
        nodeLimit = Math.min(savedLimit, extraNodes > Long.MAX_VALUE - nodes ? Long.MAX_VALUE : nodes + extraNodes);
        UnknownReason saved = aborted;
        aborted = null;
        int result = 0;
        while (aborted == null) {
            mid(ply, INF - 1, INF - 1);
            if (outPn == 0) {
                result = 1;
                break;
            }
            if (outDn == 0) {
                result = -1;
                break;
            }
            if (outPn >= INF - 1 || outDn >= INF - 1) {
                aborted = UnknownReason.EXHAUSTED;
            }
        }
        if (saved != null || aborted == UnknownReason.STOPPED || aborted == UnknownReason.TIME_LIMIT) {
            aborted = saved != null ? saved : aborted;
        } else {
            aborted = null;
        }
        nodeLimit = savedLimit;
        return result;
    }

    /**
     * {@link #prove} bounded by the plies left: whether the current position (path element {@code ply}) mates
     * within {@code plies} plies, every reply of the defender counted. Returns 1 for a mate within the bound
     * (its proof, of at most that many plies, is stored), -1 for none within it (or a repetition on the
     * path), 0 when {@code extraNodes} ran out first.
     */
    int proveWithin(int ply, int plies, long extraNodes) {
        int saved = depthLimit;
        depthLimit = ply + plies;
        try {
            return prove(ply, extraNodes);
        } finally {
            depthLimit = saved;
        }
    }

    /** Whether the last {@link #prove} ended in a disproof that holds only on the current path. */
    boolean lastWasRepetition() {
        return outRep;
    }

    private static int filter(long key) {
        return (int) (key >>> (64 - FILTER_BITS));
    }

    private void ensure(int ply) {
        if (moves[ply] == null) {
            moves[ply] = new int[Position.MAX_MOVES];
            childKey[ply] = new long[Position.MAX_MOVES];
            childHand[ply] = new int[Position.MAX_MOVES];
            childPn[ply] = new int[Position.MAX_MOVES];
            childDn[ply] = new int[Position.MAX_MOVES];
            childLen[ply] = new int[Position.MAX_MOVES];
            childRep[ply] = new boolean[Position.MAX_MOVES];
            childCut[ply] = new boolean[Position.MAX_MOVES];
            childCutHand[ply] = new int[Position.MAX_MOVES];
            childFutile[ply] = new byte[Position.MAX_MOVES];
            childFutileHand[ply] = new int[Position.MAX_MOVES];
            childFutileLen[ply] = new int[Position.MAX_MOVES];
        }
    }

    /** Whether the solve was stopped or is past its deadline: the reading of a solution ends then as well. */
    boolean outOfTime() {
        return stopRequested || deadline != Long.MAX_VALUE && System.nanoTime() > deadline;
    }

    /**
     * Whether the solve was stopped or has reached its deadline or its node limit, so that a search made now ends
     * unsettled for that reason rather than for want of its own budget. Meant for callers between searches (the
     * reading of a solution): within {@link #prove} the node limit is the search's own.
     */
    boolean cutShort() {
        return outOfTime() || nodes >= nodeLimit;
    }

    private void poll() {
        if (stopRequested) {
            aborted = UnknownReason.STOPPED;
        } else if (nodes >= nodeLimit) {
            aborted = UnknownReason.NODE_LIMIT;
        } else if (deadline != Long.MAX_VALUE && System.nanoTime() > deadline) {
            aborted = UnknownReason.TIME_LIMIT;
        }
    }

    /** Whether a child (path element {@code ply}) repeats an earlier board with the attacker no better off. */
    private boolean repeats(int ply, long board, int hand) {
        if (pathFilter[filter(board)] == 0) {
            return false;
        }
        for (int j = ply - 2; j >= 0; j -= 2) {
            if (pathBoard[j] == board && Hand.isSuperiorOrEqual(pathHand[j], hand)) {
                return true;
            }
        }
        return false;
    }

    /** The part of a defender node's proof hand that keeps the defender from interposing a drop. */
    private int interpositionHand(int hand) {
        if (!CoreAccess.canInterpose(pos)) {
            return 0;
        }
        int dh = pos.hand(attacker ^ 1);
        int p = 0;
        for (int r = 1; r <= 7; r++) {
            if (Hand.count(dh, r) == 0) {
                p = Hand.add(p, r, Hand.count(hand, r));
            }
        }
        return p;
    }

    /** A hand holding every piece of the set: the neutral element of {@link #intersection}. */
    private static final int FULL_HAND = fullHand();

    private static int fullHand() {
        int h = 0;
        for (int r = 1; r <= 7; r++) {
            h = Hand.add(h, r, Hand.MAX[r]);
        }
        return h;
    }

    private static int intersection(int a, int b) {
        return Hand.min(a, b);
    }

    /**
     * Limits an attacker node's disproof hand to the kinds the attacker holds: one piece of a kind it lacks
     * would give it new drops, which the disproof has not looked at.
     */
    private static int capToHeld(int disproof, int hand) {
        int d = 0;
        for (int r = 1; r <= 7; r++) {
            d = Hand.add(d, r, Hand.count(hand, r) == 0 ? 0 : Hand.count(disproof, r));
        }
        return d;
    }

    /**
     * The disproof hand of an attacker node without checks: more pieces of a kind it already holds give it no
     * new move, so the disproof holds for any number of them (and none of a kind it lacks).
     */
    private static int noCheckDisproofHand(int hand) {
        return capToHeld(FULL_HAND, hand);
    }

    /**
     * The disproof hand before an attacker move that captures {@code capturedRole} (0 for none), given the
     * child's disproof hand.
     */
    private static int disproofBefore(int move, int capturedRole, int childDisproof) {
        if (Move.isDrop(move)) {
            int r = Move.dropRole(move);
            return Hand.count(childDisproof, r) >= Hand.MAX[r] ? childDisproof : Hand.add(childDisproof, r, 1);
        }
        if (capturedRole != 0 && Hand.count(childDisproof, capturedRole) > 0) {
            return Hand.add(childDisproof, capturedRole, -1);
        }
        return childDisproof;
    }

    private static int union(int a, int b) {
        return Hand.max(a, b);
    }

    /** The proof hand before an attacker move, given the proof hand after it. */
    private static int handBefore(int move, int capturedRole, int childProof) {
        if (Move.isDrop(move)) {
            return Hand.add(childProof, Move.dropRole(move), 1);
        }
        if (capturedRole != 0 && Hand.count(childProof, capturedRole) > 0) {
            return Hand.add(childProof, capturedRole, -1);
        }
        return childProof;
    }

    /**
     * Caps a sum of proof or disproof numbers well below the root's threshold: in a graph with cycles the sums
     * can grow without bound while nothing is settled, and a capped number keeps the search going instead of
     * ending it as if the tree were exhausted.
     */
    private static int capSum(long v) {
        return v >= SUM_CAP ? SUM_CAP : (int) v;
    }

    private static final int SUM_CAP = INF / 4;

    private static int cap(long v) {
        return v >= INF ? INF - 1 : (int) v;
    }

    private void out(int pn, int dn, boolean rep) {
        outPn = pn;
        outDn = dn;
        outRep = rep;
        outLen = 0;
        outCut = false;
    }

    /** {@link #out} for a disproof that holds only within the bound. */
    private void outCut() {
        out(INF, 0, false);
        outCut = true;
    }

    /** Plies left at path element {@code ply} for table lookups: {@link MateTable#MAX_LENGTH} when unbounded. */
    private int remaining(int ply) {
        return Math.min(MateTable.MAX_LENGTH, depthLimit - ply);
    }

    /** {@link #out} for a proof of the given mate length. */
    private void outProof(int length) {
        out(0, INF, false);
        outLen = length;
    }

    /**
     * The initial proof number of a defender node with the given replies: one for each reply, but drops on
     * one square count once (they are expanded one at a time, see {@link #mid}).
     */
    private static int replyEstimate(int[] replies, int n) {
        int count = 0;
        long lo = 0, hi = 0;
        for (int i = 0; i < n; i++) {
            int m = replies[i];
            if (!Move.isDrop(m)) {
                count++;
                continue;
            }
            int sq = Move.to(m);
            long bit = 1L << (sq & 63);
            if (sq < 64) {
                if ((lo & bit) == 0) {
                    lo |= bit;
                    count++;
                }
            } else if ((hi & bit) == 0) {
                hi |= bit;
                count++;
            }
        }
        return count;
    }

    /** The multiple-iterative-deepening step of df-pn on the current position (path element {@code ply}). */
    void mid(int ply, int thPn, int thDn) {
        nodes++;
        if ((nodes & 1023) == 0) {
            poll();
        }
        boolean or = pos.sideToMove() == attacker;
        long key = pos.boardKey();
        int hand = pos.hand(attacker);
        if (ply >= maxPly) {
            // Cut like a repetition: the search goes on with the other lines instead of ending here.
            depthCuts++;
            out(INF, 0, true);
            return;
        }
        if (or && ply >= depthLimit) {
            outCut();
            return;
        }
        ensure(ply);
        ensure(ply + 1);
        int[] mv = moves[ply];
        int n = or ? CoreAccess.checks(pos, mv, 0) : CoreAccess.evasions(pos, mv, 0);
        if (n > 0 && ply >= depthLimit) {
            if (!or && futileFree && allFutile(mv, n, 0)) {
                tt.store(key, hand, 0, INF, 0, 0, 1);
                outProof(0);
                return;
            }
            outCut();
            return;
        }
        if (n == 0) {
            if (or) {
                tt.store(key, noCheckDisproofHand(hand), INF, 0, 0, 1);
                out(INF, 0, false);
            } else {
                tt.store(key, interpositionHand(hand), 0, INF, 0, 0, 1);
                out(0, INF, false);
            }
            return;
        }
        long start = nodes;
        tt.lookup(key, hand, 1, 1);
        long prevAmount = tt.amount;

        long[] ck = childKey[ply];
        int[] ch = childHand[ply];
        int[] cpn = childPn[ply];
        int[] cdn = childDn[ply];
        int[] clen = childLen[ply];
        boolean[] rep = childRep[ply];
        boolean[] cut = childCut[ply];
        int childRemaining = remaining(ply + 1);
        // The children's keys without playing the moves, and their clusters fetched from memory all at once.
        for (int i = 0; i < n; i++) {
            int m = mv[i];
            long k = pos.boardKeyAfter(m);
            ck[i] = k;
            ch[i] = or ? CoreAccess.attackerHandAfter(pos, m, hand) : hand;
            tt.prefetch(k);
        }
        childCount[ply] = n;
        boolean last = ply + 1 >= depthLimit;
        boolean wide = !or && wideFutility && futileFree && depthLimit - ply >= 2 && depthLimit < UNBOUNDED
                && CoreAccess.canInterpose(pos);
        // Three plies before the bound the node is first tried by escapesEveryCheck, which looks at every
        // check's replies itself: the checks are expanded only when it fails.
        boolean settleFirst = or && settleWithinThree && depthLimit - ply == 3;
        if (or && last) {
            onlyDropsCount = CoreAccess.checksLeavingOnlyDrops(pos, onlyDrops, 0);
        }
        for (int i = 0; i < n; i++) {
            long k = ck[i];
            int h = ch[i];
            rep[i] = repeats(ply + 1, k, h);
            cut[i] = !or && last;
            cpn[i] = 1;
            cdn[i] = 1;
            clen[i] = 0;
            childCutHand[ply][i] = h;
            childFutile[ply][i] = 0;
            if (or && !settleFirst && expandCheck(ply, i, n, key, last, childRemaining, prevAmount)) {
                return;
            }
        }

        pathBoard[ply] = key;
        pathHand[ply] = hand;
        pathFilter[filter(key)]++;

        if (settleFirst) {
            if (escapesEveryCheck(ply, n, hand)) {
                pathFilter[filter(key)]--;
                tt.store(key, hand, INF, 0, 0, 3, prevAmount + 1);
                outCut();
                return;
            }
            for (int i = 0; i < n; i++) {
                if (expandCheck(ply, i, n, key, false, childRemaining, prevAmount)) {
                    pathFilter[filter(key)]--;
                    return;
                }
            }
        }

        int pn, dn, best, proofHand = 0, disproofHand = hand, length = 0;
        boolean repDependent, cutDependent;
        while (true) {
            best = -1;
            repDependent = false;
            cutDependent = false;
            if (or) {
                int minPn = INF, secPn = INF, bestDn = 0, bestHand = 0, bestLen = MateTable.MAX_LENGTH;
                int disproof = FULL_HAND;
                long sumDn = 0;
                int dropSquares = 0;
                for (int i = 0; i < n; i++) {
                    int p, d;
                    if (rep[i]) {
                        p = INF;
                        d = 0;
                        repDependent = true;
                    } else if (cut[i]) {
                        p = INF;
                        d = 0;
                        cutDependent = true;
                        disproof = intersection(disproof, disproofBefore(mv[i],
                                CoreAccess.capturedHandRole(pos, mv[i]),
                                cutDisproofHand(ck[i], childCutHand[ply][i], ch[i], childRemaining)));
                    } else {
                        look(ply, i);
                        p = tt.pn;
                        d = tt.dn;
                        if (d == 0 && tt.length < MateTable.MAX_LENGTH) {
                            cutDependent = true;
                        }
                        if (d == 0) {
                            disproof = intersection(disproof,
                                    disproofBefore(mv[i], CoreAccess.capturedHandRole(pos, mv[i]), tt.hand));
                        }
                    }
                    if (Move.isDrop(mv[i])) {
                        // Drops on one square lead to nearly the same positions: the largest counts for all.
                        int sq = Move.to(mv[i]);
                        if (dropDn[sq] < 0) {
                            touched[dropSquares++] = sq;
                        }
                        dropDn[sq] = Math.max(dropDn[sq], d);
                    } else {
                        sumDn += d;
                    }
                    if (p == 0) {
                        // Proven: keep the proven child with the shortest mate.
                        if (minPn != 0 || tt.length < bestLen) {
                            minPn = 0;
                            best = i;
                            bestHand = tt.hand;
                            bestLen = tt.length;
                        }
                    } else if (p < minPn) {
                        secPn = minPn;
                        minPn = p;
                        best = i;
                        bestDn = d;
                    } else if (p < secPn) {
                        secPn = p;
                    }
                }
                // The share of the sum the best child's disproof number can grow into.
                int bestShare = best >= 0 && Move.isDrop(mv[best]) ? dropDn[Move.to(mv[best])] : bestDn;
                for (int t = 0; t < dropSquares; t++) {
                    sumDn += dropDn[touched[t]];
                    dropDn[touched[t]] = -1;
                }
                pn = minPn;
                dn = pn == 0 ? INF : capSum(sumDn);
                if (pn == 0) {
                    int m = mv[best];
                    proofHand = handBefore(m, CoreAccess.capturedHandRole(pos, m), bestHand);
                    length = bestLen + 1;
                    break;
                }
                if (dn == 0) {
                    disproofHand = capToHeld(disproof, hand);
                    break;
                }
                if (pn >= thPn || dn >= thDn || aborted != null) {
                    break;
                }
                int cThPn = (int) Math.min(thPn, secPn >= INF ? INF - 1 : secPn + 1L + secPn / EPS);
                int cThDn = cap((long) thDn - sumDn + bestShare);
                descend(ply, best, cThPn, cThDn);
            } else {
                int minDn = INF, secDn = INF, bestPn = 0;
                long sumPn = 0;
                int union = 0, maxLen = 0, touchedSquares = 0;
                boolean repHit = false, cutHit = false;
                boolean excludedAny = false, nonDrop = false;
                int unjudged = -1;
                int provenDropRoles = 0, excludedRoles = 0, futileLen = 0;
                for (int i = 0; i < n; i++) {
                    int m = mv[i];
                    boolean drop = Move.isDrop(m);
                    if (drop && dropPn[Move.to(m)] > 0) {
                        // A later drop on a square whose earlier drop is still open waits for its proof.
                        continue;
                    }
                    nonDrop |= !drop;
                    int p, d;
                    boolean c = cut[i];
                    if (rep[i] || c) {
                        p = INF;
                        d = 0;
                    } else {
                        look(ply, i);
                        p = tt.pn;
                        d = tt.dn;
                        c = d == 0 && tt.length < MateTable.MAX_LENGTH;
                        if (p == 0) {
                            union = union(union, tt.hand);
                            maxLen = Math.max(maxLen, tt.length);
                            if (drop) {
                                provenDropRoles |= 1 << Move.dropRole(m);
                            }
                        }
                    }
                    if (d == 0 && c && drop && wide && !rep[i]) {
                        // A drop with no mate after it within the plies left may still be a futile
                        // interposition, which the convention leaves out of the replies. It is judged after
                        // this scan (the judgement searches, and the scan's drop arrays are shared).
                        int f = childFutile[ply][i];
                        if (f == 0 && unjudged < 0) {
                            unjudged = i;
                        }
                        if (f > 0) {
                            p = 0;
                            d = INF;
                            c = false;
                            excludedAny = true;
                            excludedRoles |= 1 << Move.dropRole(m);
                            union = union(union, childFutileHand[ply][i]);
                            futileLen = Math.max(futileLen, childFutileLen[ply][i]);
                        } else if (f == 0) {
                            p = 1; // not judged yet, or the judgement ran out: neither proven nor disproven
                            d = 1;
                        } else if (f == -2) {
                            rep[i] = true; // disproven on this path only
                        }
                    }
                    if (drop) {
                        // Drops on one square count once: the first one not yet proven stands for them all.
                        int sq = Move.to(m);
                        if (dropPn[sq] < 0) {
                            touched[touchedSquares++] = sq;
                        }
                        dropPn[sq] = p;
                    } else {
                        sumPn += p;
                    }
                    if (d < minDn) {
                        secDn = minDn;
                        minDn = d;
                        best = i;
                        bestPn = p;
                        repHit = rep[i];
                        cutHit = c;
                        if (d == 0 && !rep[i] && !c) {
                            break;
                        }
                    } else if (d < secDn) {
                        secDn = d;
                    }
                }
                if (best >= 0 && Move.isDrop(mv[best])) {
                    bestPn = dropPn[Move.to(mv[best])];
                }
                for (int t = 0; t < touchedSquares; t++) {
                    sumPn += dropPn[touched[t]];
                    dropPn[touched[t]] = -1;
                }
                if (unjudged >= 0 && aborted == null) {
                    if (futileAt(ply, unjudged) == 0 && aborted == null) {
                        childFutile[ply][unjudged] = -3; // ran out without an abort: judged not futile here
                    }
                    continue;
                }
                dn = minDn;
                pn = dn == 0 ? INF : capSum(sumPn);
                if (dn == 0) {
                    repDependent = repHit;
                    cutDependent = cutHit;
                    if (!repHit) {
                        int d;
                        if (cutHit) {
                            d = cutDisproofHand(ck[best], ch[best], ch[best], childRemaining);
                        } else {
                            tt.lookup(ck[best], ch[best], 1, 1);
                            d = tt.dn == 0 ? tt.hand : hand;
                        }
                        int e = mv[best];
                        if (Move.isDrop(e)) {
                            // With more of the dropped kind the defender might not hold one to drop.
                            int r = Move.dropRole(e);
                            d = Hand.add(d, r, Hand.count(hand, r) - Hand.count(d, r));
                            if (wide) {
                                // With more pieces the attacker might mate without the dropped one: the drop
                                // would be futile. The disproof holds for this hand and smaller ones only.
                                d = hand;
                            }
                        }
                        disproofHand = d;
                    }
                    break;
                }
                if (pn == 0 && excludedAny && !nonDrop && (excludedRoles & ~provenDropRoles) != 0) {
                    // A futile drop is left out only beside a reply that is not: a move, or a drop of the
                    // same kind that mates within the plies left. Here some kind has none: every reply counts,
                    // and the excluded drops do not mate within the bound.
                    pn = INF;
                    dn = 0;
                    cutDependent = true;
                    disproofHand = hand;
                    break;
                }
                if (pn == 0) {
                    proofHand = union(union, interpositionHand(hand));
                    // A drop left out lasts as long as its position after the capture (the two plies not counted).
                    length = CoreAccess.canInterpose(pos)
                            ? Math.max(resistance(ply, n, hand) + 1, futileLen) : maxLen + 1;
                    break;
                }
                if (pn >= thPn || dn >= thDn || aborted != null) {
                    break;
                }
                int cThDn = (int) Math.min(thDn, secDn >= INF ? INF - 1 : secDn + 1L + secDn / EPS);
                int cThPn = cap((long) thPn - pn + bestPn);
                descend(ply, best, cThPn, cThDn);
            }
        }
        pathFilter[filter(key)]--;
        long amount = prevAmount + (nodes - start);
        if (pn == 0) {
            tt.store(key, proofHand, 0, INF, or ? mv[best] : 0, length, amount);
            outProof(length);
        } else if (dn == 0) {
            if (repDependent) {
                out(INF, 0, true);
            } else if (cutDependent) {
                // No mate within the plies left, for the disproof hand and any smaller one.
                tt.store(key, disproofHand, INF, 0, 0, Math.min(MateTable.MAX_LENGTH - 1, depthLimit - ply), amount);
                outCut();
            } else {
                tt.store(key, disproofHand, INF, 0, 0, amount);
                out(INF, 0, false);
            }
        } else {
            tt.store(key, hand, pn, dn, best >= 0 ? mv[best] : 0, amount);
            out(pn, dn, false);
        }
    }

    /**
     * Expands check {@code i} of the attacker node at path element {@code ply} (board key {@code key}): a check
     * with no reply (or, at the bound's last ply, only futile drops) proves the node, which is then stored and
     * returned as proven ({@code true}); otherwise the check's initial proof number is its number of replies,
     * or at the last ply it is disproven within the bound. Checks that repeat the path or that the table
     * settles are left as they are.
     */
    private boolean expandCheck(int ply, int i, int n, long key, boolean last, int childRemaining,
            long prevAmount) {
        long k = childKey[ply][i];
        int h = childHand[ply][i];
        if (childRep[ply][i] || !last && tt.lookup(k, h, 1, 1, childRemaining)) {
            return false;
        }
        int[] mv = moves[ply];
        int[] evasionBuf = expansionBuf;
        int m = mv[i];
        int capRole = CoreAccess.capturedHandRole(pos, m);
        if (last && !leavesOnlyDrops(m)) {
            // At the bound's last ply a reply that is not a drop keeps the check from mating at once, for any
            // hand of the attacker: the check need not be played.
            childCut[ply][i] = true;
            childCutHand[ply][i] = FULL_HAND;
            return false;
        }
        pos.doMove(m);
        assert pos.boardKey() == k && pos.hand(attacker) == h;
        // Before the last ply only the number of replies is needed (drops on one square counted once).
        int ne = last ? CoreAccess.evasions(pos, evasionBuf, 0) : CoreAccess.evasionsOneDropPerSquare(pos, evasionBuf, 0);
        if (ne == 0 || last && futileFree && allFutile(evasionBuf, ne, 0)) {
            int childProof = ne == 0 ? interpositionHand(h) : h;
            tt.store(k, childProof, 0, INF, 0, 0, 1);
            pos.undoMove();
            tt.store(key, handBefore(m, capRole, childProof), 0, INF, m, 1, prevAmount + 1);
            outProof(1);
            return true;
        }
        pos.undoMove();
        if (last) {
            // Only a mate at once fits within the bound.
            childCut[ply][i] = true;
            childCutHand[ply][i] = hasNonDrop(evasionBuf, ne) ? FULL_HAND : h;
            return false;
        }
        int e = replyEstimate(evasionBuf, ne);
        childPn[ply][i] = CoreAccess.isDominatedNonPromotion(m, mv, n) ? e + NON_PROMOTION_PENALTY : e;
        return false;
    }

    /** The checks of the node being expanded at the bound's last ply that leave no reply but drops. */
    private final int[] onlyDrops = new int[Position.MAX_MOVES];
    private int onlyDropsCount;

    /** Whether check {@code m} of the node being expanded is one of {@link #onlyDrops}. */
    private boolean leavesOnlyDrops(int m) {
        for (int j = 0; j < onlyDropsCount; j++) {
            if (onlyDrops[j] == m) {
                return true;
            }
        }
        return false;
    }

    /**
     * The disproof hand of a child (hand {@code hand}) disproven only within the bound: the hand stored with its
     * disproof within at least {@code remaining} plies if the table holds one, else {@code otherwise} (for a
     * check found not to mate at once at the bound's last ply, {@link #childCutHand}; for a child whose entry
     * was replaced, its own hand).
     */
    private int cutDisproofHand(long key, int otherwise, int hand, int remaining) {
        return tt.lookup(key, hand, 1, 1, remaining) && tt.dn == 0 ? tt.hand : otherwise;
    }

    /**
     * Whether some of the {@code n} replies is not a drop: then the defender keeps a reply however many pieces
     * the attacker holds (a drop needs the piece in the defender's hand), and the position is not mate at once
     * under either convention (a futile interposition is a drop).
     */
    private static boolean hasNonDrop(int[] replies, int n) {
        for (int i = 0; i < n; i++) {
            if (!Move.isDrop(replies[i])) {
                return true;
            }
        }
        return false;
    }

    /**
     * The length of a proven defender node's longest reply, futile interpositions (無駄合) left out: a drop
     * whose piece the attacker takes at once (the proven child's best move) and then mates with a proof hand
     * it held before the drop. Zero when every reply is futile: the position counts as mate.
     */
    private int resistance(int ply, int n, int hand) {
        int[] mv = moves[ply];
        long[] ck = childKey[ply];
        int[] ch = childHand[ply];
        int longest = -1;
        for (int i = 0; i < n; i++) {
            look(ply, i);
            if (tt.pn != 0) {
                continue; // not proven in a proven node: left out as futile (the wider rule), counted apart
            }
            int len = tt.length;
            int reply = tt.move;
            int e = mv[i];
            if (Move.isDrop(e) && reply != 0 && !Move.isDrop(reply) && Move.to(reply) == Move.to(e)) {
                pos.doMove(e);
                int full = fullMove(reply);
                if (full != Move.NONE) {
                    pos.doMove(full);
                    boolean futile = tt.lookup(pos.boardKey(), pos.hand(attacker), 1, 1) && tt.pn == 0
                            && tt.length == 0;
                    pos.undoMove();
                    if (futile) {
                        len = -1;
                    }
                }
                pos.undoMove();
            }
            longest = Math.max(longest, len);
        }
        return longest < 0 ? -1 : longest;
    }

    /** The generated move matching a stored (21-bit) move in the current position, or NONE. */
    private int fullMove(int stored) {
        int[] buf = scratch;
        int n = CoreAccess.checks(pos, buf, 0);
        for (int i = 0; i < n; i++) {
            if ((buf[i] & 0x1FFFFF) == stored) {
                return buf[i];
            }
        }
        return Move.NONE;
    }

    /**
     * Whether the bounded search under the printed convention applies the composers' rule of futile
     * interpositions (無駄合) at every defender node, not only at the bound: a drop that blocks a distant check
     * is futile when the attacker can take the dropped piece with check and, the piece given back to the
     * defender ({@link Position#returnCapture()}), still mates within the plies left — the piece was never
     * needed, the drop only made the line longer. A futile drop is left out of the replies, provided the
     * defender has a reply that stays: a move, or a drop of the same kind that mates within the plies left
     * (without one, the drops are the only defence and are counted). On by default.
     */
    boolean wideFutility = true;

    /**
     * Judges drop child {@code i} of the defender node at path element {@code ply} (in a bounded search
     * under the printed convention, with at least two plies left): 1 futile, -1 not, -2 not on this path
     * only (a repetition), 0 unknown (the search ran out). Every capture on the drop's square that gives check
     * is tried: the piece is given back and the position searched for a mate within the node's plies left
     * (table first). The verdict holds for every drop on that square (the position after the capture does not
     * depend on the piece dropped), so it is noted for each of them.
     */
    private int futileAt(int ply, int i) {
        int[] mv = moves[ply];
        int sq = Move.to(mv[i]);
        int plies = depthLimit - ply;
        ensure(ply + 2);
        int[] caps = moves[ply + 1];
        pos.doMove(mv[i]);
        pushPath(ply + 1);
        int nc = CoreAccess.checks(pos, caps, 0);
        int verdict = -1;
        int proofHand = 0, length = 0;
        for (int j = 0; j < nc && verdict != 1; j++) {
            int c = caps[j];
            if (Move.isDrop(c) || Move.to(c) != sq) {
                continue;
            }
            pos.doMove(c);
            pos.returnCapture();
            int r = matesWithin(ply + 2, plies);
            if (r > 0) {
                verdict = 1;
                proofHand = tt.hand;
                length = outLen;
            } else if (r == 0) {
                verdict = 0;
            } else if (r == -2 && verdict == -1) {
                verdict = -2;
            }
            pos.undoReturnCapture();
            pos.undoMove();
        }
        popPath(ply + 1);
        pos.undoMove();
        if (verdict != 0) {
            int n = childCount[ply];
            for (int k = 0; k < n; k++) {
                if (Move.isDrop(mv[k]) && Move.to(mv[k]) == sq) {
                    childFutile[ply][k] = (byte) verdict;
                    childFutileHand[ply][k] = proofHand;
                    childFutileLen[ply][k] = length;
                }
            }
        }
        return verdict;
    }

    /**
     * Whether the current position (path element {@code ply}, the defender to move) mates within
     * {@code plies} plies: the table first, else a search of its own bounded by them (nested in the current
     * one). 1 yes (the proof hand in {@code tt.hand}, the length in {@link #outLen}), -1 no, -2 no on this
     * path only, 0 unknown (the search ran out).
     */
    private int matesWithin(int ply, int plies) {
        long key = pos.boardKey();
        int h = pos.hand(attacker);
        if (tt.lookup(key, h, 1, 1, plies) && (tt.pn == 0 || tt.dn == 0)) {
            outLen = tt.length;
            return tt.pn == 0 ? 1 : -1;
        }
        if (repeats(ply, key, h)) {
            return -2;
        }
        int saved = depthLimit;
        depthLimit = ply + plies;
        try {
            while (aborted == null) {
                mid(ply, INF - 1, INF - 1);
                if (outPn == 0) {
                    tt.lookup(key, h, 1, 1, plies);
                    return 1;
                }
                if (outDn == 0) {
                    return outRep ? -2 : -1;
                }
                if (outPn >= INF - 1 || outDn >= INF - 1) {
                    return 0;
                }
            }
            return 0;
        } finally {
            depthLimit = saved;
        }
    }

    /**
     * Looks child {@code i} of path element {@code ply} up, falling back to its last known numbers when the
     * table no longer holds it: otherwise a replaced entry would reappear with its initial numbers and the
     * parent could alternate between two children for ever. A proven child whose entry is gone keeps its
     * last known mate length too: the failed lookup's length (0) would make the parent's mate look shorter
     * than it is.
     */
    private void look(int ply, int i) {
        int[] cpn = childPn[ply], cdn = childDn[ply], clen = childLen[ply];
        if (tt.lookup(childKey[ply][i], childHand[ply][i], cpn[i], cdn[i], remaining(ply + 1))) {
            cpn[i] = tt.pn;
            cdn[i] = tt.dn;
            if (tt.pn == 0) {
                clen[i] = tt.length;
            } else if (tt.dn == 0 && tt.length < MateTable.MAX_LENGTH) {
                // Should the entry be replaced, the fallback below must not take it for a full disproof.
                childCut[ply][i] = true;
            }
        } else if (cpn[i] == 0) {
            tt.length = clen[i];
        } else if (cdn[i] == 0) {
            // A disproof within a bound is flagged apart (childCut): this one holds for any number of plies.
            tt.length = MateTable.MAX_LENGTH;
        }
        if (tt.gatherPnFloor && cpn[i] > 0 && cdn[i] > 0 && tt.pnFloor > cpn[i]) {
            cpn[i] = Math.min(tt.pnFloor, INF - 1);
            tt.pn = cpn[i];
        }
    }

    private void descend(int ply, int child, int thPn, int thDn) {
        pos.doMove(moves[ply][child]);
        mid(ply + 1, thPn, thDn);
        pos.undoMove();
        if (!outRep) {
            childPn[ply][child] = outPn;
            childDn[ply][child] = outDn;
            childLen[ply][child] = outLen;
        }
        if (outDn == 0 && outRep) {
            childRep[ply][child] = true;
        }
        if (outDn == 0 && outCut) {
            childCut[ply][child] = true;
        }
    }

    /**
     * Whether {@link #proveWithin} leaves futile interpositions (無駄合) out of the plies it counts, as the
     * printed convention does: at the bound, a defender node whose every reply is a futile drop
     * ({@link #allFutile}) counts as mate, so that a futile drop anywhere costs no plies of the bound. Off,
     * every reply counts.
     */
    private boolean futileFree;

    /**
     * {@link #proveWithin} under the printed convention when {@code futileFree}: whether the current position
     * (path element {@code ply}, either side to move) mates within {@code plies} plies, futile
     * interpositions not counted. Every bounded search made with one table must use the same setting: a
     * disproof within a bound is stored for the convention it was found with.
     */
    int proveWithin(int ply, int plies, long extraNodes, boolean futileFree) {
        boolean saved = this.futileFree;
        this.futileFree = futileFree;
        try {
            return proveWithin(ply, plies, extraNodes);
        } finally {
            this.futileFree = saved;
        }
    }

    /** The mate length of the last search's result if it was a proof (the length stored with it). */
    int lastLength() {
        return outLen;
    }

    /** Whether an attacker node with three plies left is settled by {@link #escapesEveryCheck}. */
    boolean settleWithinThree = true;

    /**
     * Whether the defender escapes every one of the {@code n} checks of the attacker node at path element
     * {@code ply}, three plies before the bound, without a search: for each check, a reply after which no
     * check mates at once (no reply, or under {@link #futileFree} only futile drops, as {@link #mid} counts at
     * the last ply). The table is asked as {@link #mid} asks it, so that a stored proof or bounded disproof
     * decides a child the same way. False (the node is then searched as usual) when some check may mate, and
     * when a check or a reply repeats a position of the path (a disproof by repetition holds only on that
     * path); a true result is a disproof within the bound that holds on any path, for this hand and any
     * smaller one.
     */
    private boolean escapesEveryCheck(int ply, int n, int hand) {
        int[] mv = moves[ply];
        long[] ck = childKey[ply];
        int[] ch = childHand[ply];
        ensure(ply + 2);
        ensure(ply + 3);
        int[] replies = moves[ply + 1];
        int[] checks = moves[ply + 2];
        int[] evasions = moves[ply + 3];
        for (int i = 0; i < n; i++) {
            if (childRep[ply][i]) {
                return false;
            }
            if (tt.lookup(ck[i], ch[i], 1, 1, 2)) {
                if (tt.pn == 0) {
                    return false;
                }
                if (tt.dn == 0) {
                    continue;
                }
            }
            int h = ch[i];
            pos.doMove(mv[i]);
            int ne = CoreAccess.evasions(pos, replies, 0);
            // Under the wider rule a drop may be a futile interposition, left out of the replies: it cannot
            // be the escape this shortcut relies on.
            boolean dropsMayBeFutile = wideFutility && futileFree && CoreAccess.canInterpose(pos);
            boolean escape = false;
            boolean repeated = false;
            for (int j = 0; j < ne && !escape && !repeated; j++) {
                if (dropsMayBeFutile && Move.isDrop(replies[j])) {
                    continue;
                }
                long k = pos.boardKeyAfter(replies[j]);
                if (repeats(ply + 2, k, h)) {
                    repeated = true;
                } else if (tt.lookup(k, h, 1, 1, 1) && (tt.pn == 0 || tt.dn == 0)) {
                    escape = tt.dn == 0;
                } else {
                    pos.doMove(replies[j]);
                    escape = !mateAtOnce(checks, evasions);
                    pos.undoMove();
                }
            }
            pos.undoMove();
            if (!escape) {
                return false;
            }
        }
        return true;
    }

    /** Whether the attacker to move mates at once, as {@link #mid} counts it at the last ply of a bound. */
    private boolean mateAtOnce(int[] checks, int[] evasions) {
        // Only a check that leaves the defender no reply but drops can mate at once, futile drops counted or not.
        int nc = CoreAccess.checksLeavingOnlyDrops(pos, checks, 0);
        for (int c = 0; c < nc; c++) {
            pos.doMove(checks[c]);
            int ne = CoreAccess.evasions(pos, evasions, 0);
            boolean mate = ne == 0 || futileFree && cachedAllFutile(evasions, ne, 0);
            pos.undoMove();
            if (mate) {
                return true;
            }
        }
        return false;
    }

    /** Chains of futile drops followed by {@link #allFutile}, at most (each step brings the checker closer). */
    private static final int FUTILE_DEPTH = 16;
    private final int[][] futileMoves = new int[2 * FUTILE_DEPTH][];

    /**
     * Whether every one of the {@code n} replies {@code replies} of the defender in check (the current
     * position) is a futile interposition: a drop blocking the check whose piece the attacker takes with
     * check at once, leaving a position with no reply or again only futile drops. Such a position counts as
     * mate under the printed convention (the same rule as the reading's {@code Solution.futile}).
     */
    private boolean allFutile(int[] replies, int n, int depth) {
        if (depth >= FUTILE_DEPTH || !CoreAccess.canInterpose(pos)) {
            return false;
        }
        for (int i = 0; i < n; i++) {
            if (!Move.isDrop(replies[i])) {
                return false;
            }
        }
        int[] checks = futileBuffer(2 * depth);
        int[] next = futileBuffer(2 * depth + 1);
        for (int i = 0; i < n; i++) {
            int e = replies[i];
            int sq = Move.to(e);
            pos.doMove(e);
            int nc = CoreAccess.checks(pos, checks, 0);
            boolean futile = false;
            for (int j = 0; j < nc && !futile; j++) {
                int c = checks[j];
                if (Move.isDrop(c) || Move.to(c) != sq) {
                    continue;
                }
                pos.doMove(c);
                int ne = CoreAccess.evasions(pos, next, 0);
                futile = ne == 0 || cachedAllFutile(next, ne, depth + 1);
                pos.undoMove();
            }
            pos.undoMove();
            if (!futile) {
                return false;
            }
        }
        return true;
    }

    /** Slots of the cache of {@link #cachedAllFutile} (a power of two). */
    private static final int FUTILE_CACHE = 1 << 14;
    private final long[] futileKey = new long[FUTILE_CACHE];
    /** Per slot: 0 empty, else 1 + 2 × depth + (1 if all futile). */
    private final int[] futileEntry = new int[FUTILE_CACHE];

    /**
     * {@link #allFutile} remembered by position and depth (its result depends on nothing else). Drops of
     * different kinds on the squares of one line of check reach the same positions in many orders: without the
     * cache a long open line with many kinds in the defender's hand costs exponentially many visits.
     */
    private boolean cachedAllFutile(int[] replies, int n, int depth) {
        long key = pos.key();
        int slot = (int) ((key ^ (key >>> 29) ^ depth * 0x9E3779B97F4A7C15L) & (FUTILE_CACHE - 1));
        int e = futileEntry[slot];
        if (e != 0 && futileKey[slot] == key && (e - 1) >>> 1 == depth) {
            return ((e - 1) & 1) != 0;
        }
        boolean futile = allFutile(replies, n, depth);
        futileKey[slot] = key;
        futileEntry[slot] = 1 + 2 * depth + (futile ? 1 : 0);
        return futile;
    }

    private int[] futileBuffer(int i) {
        int[] b = futileMoves[i];
        return b != null ? b : (futileMoves[i] = new int[Position.MAX_MOVES]);
    }
}
