package dev.meijin.engine.eval;

import dev.meijin.core.Hand;
import dev.meijin.core.Move;
import dev.meijin.core.Piece;
import dev.meijin.core.position.Position;

/**
 * The hand-made evaluation, linear in {@link Features} so that its weights come from the tuner. Material and
 * the placement of pieces relative to both kings (the king-relative tables and the king-piece-square table, whose
 * king bucket also moves only with a king) are kept incrementally through the move hooks (a king move
 * marks the placement for a full recount at the next evaluation, since every piece's offset to that king
 * changes); the kings' own placement, king safety and mobility are computed at each evaluation from attack
 * words ({@link DynamicTerms}, equal to the weighted {@link Features#dynamic}). Those dynamic terms depend only on
 * the position, so their sum is kept in a small direct-mapped cache
 * keyed by the position key: the searches of iterative deepening evaluate the same positions again and again.
 * {@link #evaluate(Position, int, int)} leaves the sum out where it is not cached and the rest of the evaluation lies
 * more than {@link #LAZY_MARGIN} beyond the search's window (lazy evaluation).
 * Allocation-free: the stacks, the cache and the scratch arrays are allocated once per evaluator.
 */
public final class ShogiEvaluator implements Evaluator {
    private static final int MAX_DEPTH = 1024;
    /** Marks a placement stack entry that must be recounted from the board. */
    private static final int STALE = Integer.MIN_VALUE;

    private final int[] w;
    private final boolean dynamicTerms;
    /** Whether any king-safety or mobility weight is non-zero (else {@link DynamicTerms} is skipped). */
    private final boolean kingTerms;
    /** Whether any threat weight is non-zero (else {@link Threats} is skipped). */
    private final boolean threatTerms;
    /** Whether any king-zone weight is non-zero (else those terms are skipped). */
    private final boolean zoneTerms;
    /** Whether any open-file or pawn-drop-file weight is non-zero (else those terms are skipped). */
    private final boolean fileTerms;
    /**
     * The placement terms of every piece relative to each king position ({@link PlacementTable}), or {@code null}
     * if every king-relative and king-piece-square weight is zero (the placement is then zero).
     */
    private final int[] pt;
    private final int[] material = new int[MAX_DEPTH + 1];
    private final int[] placement = new int[MAX_DEPTH + 1];
    private int sp;
    private final DynamicTerms dynamic = new DynamicTerms();
    private final Threats threats = new Threats();
    /** log2 of the number of entries of the dynamic-term cache (32 768 entries, 384 KiB). */
    private static final int CACHE_BITS = 15;
    private final long[] cacheKey;
    private final int[] cacheValue;

    /**
     * An evaluator with the given weights.
     *
     * @param weights the feature weights
     */
    public ShogiEvaluator(Weights weights) {
        this.w = weights.raw();
        boolean any = false;
        for (int i = Features.KS_SQ; i < Features.TEMPO; i++) {
            any |= w[i] != 0;
        }
        for (int i = Features.KS_HAND_ESC; i < Features.FILE_DROP; i++) {
            any |= w[i] != 0;
        }
        boolean threat = false;
        for (int i = Features.THREAT; i < Features.COUNT; i++) {
            threat |= w[i] != 0;
        }
        this.kingTerms = any;
        this.threatTerms = threat;
        any |= threat;
        this.dynamicTerms = any;
        boolean zone = false;
        for (int i = Features.ZONE; i < Features.KP; i++) {
            zone |= w[i] != 0;
        }
        this.zoneTerms = zone;
        boolean kp = false;
        for (int i = Features.KP; i < Features.KS_HAND_ESC; i++) {
            kp |= w[i] != 0;
        }
        boolean file = false;
        for (int i = Features.FILE_DROP; i < Features.THREAT; i++) {
            file |= w[i] != 0;
        }
        this.fileTerms = file;
        boolean place = kp;
        for (int i = Features.OWN; i < Features.KING; i++) {
            place |= w[i] != 0;
        }
        this.pt = place ? weights.placementTable(kp) : null;
        this.cacheKey = any ? new long[1 << CACHE_BITS] : new long[0];
        this.cacheValue = any ? new int[1 << CACHE_BITS] : new int[0];
    }

    /**
     * {@inheritDoc}
     *
     * <p>Here the dynamic-term cache is emptied: a cached sum makes {@link #evaluate(Position, int, int)} exact where
     * an empty slot may give a lazy bound, so what the cache holds changes the search.
     */
    @Override
    public void clear() {
        java.util.Arrays.fill(cacheKey, 0L);
        java.util.Arrays.fill(cacheValue, 0);
    }

    /** An evaluator with the tuned weights of the engine. */
    public ShogiEvaluator() {
        this(Weights.tuned());
    }

    @Override
    public void reset(Position pos) {
        int s = 0;
        for (int sq = 0; sq < 81; sq++) {
            int pc = pos.pieceAt(sq);
            if (pc != 0) {
                s += Piece.color(pc) == 0 ? w[Features.BOARD + Piece.role(pc)] : -w[Features.BOARD + Piece.role(pc)];
            }
        }
        for (int c = 0; c < 2; c++) {
            int h = pos.hand(c);
            for (int r = 1; r <= 7; r++) {
                int k = Hand.count(h, r);
                for (int i = 1; i <= k; i++) {
                    s += c == 0 ? w[Features.hand(r, i)] : -w[Features.hand(r, i)];
                }
            }
        }
        sp = 0;
        material[0] = s;
        placement[0] = STALE;
    }

    @Override
    public void beforeMove(Position pos, int m) {
        int us = pos.sideToMove();
        int h = pos.hand(us);
        int delta;
        int place = placement[sp];
        int[] t = pt;
        int s0 = 0, s1 = 0;
        if (t != null && place != STALE) {
            s0 = PlacementTable.slice(0, pos.kingSquare(0));
            s1 = PlacementTable.slice(1, pos.kingSquare(1));
        }
        int side = us << 4;
        if (Move.isDrop(m)) {
            int r = Move.dropRole(m);
            delta = w[Features.BOARD + r] - w[Features.hand(r, Hand.count(h, r))];
            if (t != null && place != STALE) {
                int i = (side | r) * 81 + Move.to(m);
                place += t[s0 + i] + t[s1 + i];
            }
        } else {
            int from = Move.from(m), to = Move.to(m);
            int r = Piece.role(pos.pieceAt(from));
            int nr = Move.isPromotion(m) ? r + 8 : r;
            delta = nr != r ? w[Features.BOARD + nr] - w[Features.BOARD + r] : 0;
            int cap = pos.pieceAt(to);
            if (cap != 0) {
                int cr = Piece.role(cap), base = cr & 7;
                delta += w[Features.BOARD + cr] + w[Features.hand(base, Hand.count(h, base) + 1)];
            }
            if (r == 8) {
                place = STALE;
            } else if (t != null && place != STALE) {
                int i = (side | nr) * 81 + to, j = (side | r) * 81 + from;
                place += t[s0 + i] + t[s1 + i] - t[s0 + j] - t[s1 + j];
                if (cap != 0) {
                    int k = cap * 81 + to;
                    place -= t[s0 + k] + t[s1 + k];
                }
            }
        }
        material[sp + 1] = material[sp] + (us == 0 ? delta : -delta);
        placement[sp + 1] = place;
        sp++;
    }

    @Override
    public void afterUndo(Position pos) {
        sp--;
    }

    @Override
    public int evaluate(Position pos) {
        int s = withoutDynamic(pos);
        if (dynamicTerms) {
            long key = dynamicKey(pos);
            int slot = (int) (key >>> (64 - CACHE_BITS));
            s += cacheKey[slot] == key ? cacheValue[slot] : computeDynamic(pos, key, slot);
        }
        return forSideToMove(pos, s);
    }

    /**
     * The largest king-safety, mobility and threat sum ({@link DynamicTerms}, {@link Threats}) that
     * {@link #evaluate(Position, int, int)} assumes when it leaves that sum out. Measured first on the bench's
     * quiescence searches with the seventh round's weights, without threat terms (331 399 sums computed): 99.4 % under
     * 600 and none reaches 800; of the stand-pat decisions taken with the sum left out at 600, 39 (0.01 %) differed
     * from those of the whole evaluation. With the threat terms of the built-in weights the sums spread wider: 0.06 %
     * of self-play positions reach 700 (0.05 % reached 600 before) and 1.14 % of the recorded games' positions
     * (1.54 % reached 600 before), hence 700. {@code LazyEvaluationTest} checks the share of the recorded games'
     * positions whose sum exceeds it.
     */
    public static final int LAZY_MARGIN = 700;

    /**
     * {@inheritDoc}
     *
     * <p>Here the king-safety and mobility sum is left out when it is not in the cache and the rest of the
     * evaluation lies more than {@link #LAZY_MARGIN} beyond the window: the result is then the rest minus the
     * margin (above beta) or plus it (below alpha), a bound that holds wherever the sum is within the margin.
     */
    @Override
    public int evaluate(Position pos, int alpha, int beta) {
        int s = withoutDynamic(pos);
        if (dynamicTerms) {
            long key = dynamicKey(pos);
            int slot = (int) (key >>> (64 - CACHE_BITS));
            if (cacheKey[slot] == key) {
                s += cacheValue[slot];
            } else {
                int v = pos.sideToMove() == 0 ? s : -s;
                int low = clamp(v - LAZY_MARGIN);
                if (low >= beta) {
                    return low;
                }
                int high = clamp(v + LAZY_MARGIN);
                if (high <= alpha) {
                    return high;
                }
                s += computeDynamic(pos, key, slot);
            }
        }
        return forSideToMove(pos, s);
    }

    /** Everything but the king-safety and mobility sum, for sente, not clamped. */
    private int withoutDynamic(Position pos) {
        if (placement[sp] == STALE) {
            placement[sp] = placement(pos);
        }
        int s = material[sp] + placement[sp];
        int k0 = pos.kingSquare(0), k1 = pos.kingSquare(1);
        if (k0 != Position.NO_SQUARE) {
            s += w[Features.king(0, k0)];
        }
        if (k1 != Position.NO_SQUARE) {
            s -= w[Features.king(1, k1)];
        }
        s += pos.sideToMove() == 0 ? w[Features.TEMPO] : -w[Features.TEMPO];
        if (zoneTerms) {
            s += zoneTerms(pos, k0, k1);
        }
        if (fileTerms) {
            s += fileTerms(pos, k0, k1);
        }
        return s;
    }

    private static int clamp(int s) {
        return Math.max(-MAX_EVAL, Math.min(MAX_EVAL, s));
    }

    /** A sum for sente, clamped and seen from the side to move. */
    private static int forSideToMove(Position pos, int s) {
        s = clamp(s);
        return pos.sideToMove() == 0 ? s : -s;
    }

    /**
     * What the side to move adds to a position key (the key of a position with gote to move is that of the same
     * board and hands with sente to move, XOR this), found once by passing in the start position.
     */
    private static final long SIDE_KEY = sideKey();

    private static long sideKey() {
        Position p = Position.startpos();
        long k = p.key();
        p.doNullMove();
        return k ^ p.key();
    }

    /**
     * The key of the king-safety, mobility and threat cache. King safety and mobility depend on the board and the
     * hands only, not on the side to move, so while the threat terms (which do) are off, the cache is keyed by the
     * position key with the side to move taken out: the position after a pass (null-move pruning) finds the sum of
     * the one before it. A slot holds the full 64-bit key, so a hit is wrong only when two positions share a key, as
     * for the transposition table.
     */
    private long dynamicKey(Position pos) {
        return pos.key() ^ (threatTerms || pos.sideToMove() == 0 ? 0 : SIDE_KEY);
    }

    /** The king-safety, mobility and threat terms for sente, computed and stored in the cache. */
    private int computeDynamic(Position pos, long key, int slot) {
        int d;
        if (!threatTerms) {
            d = dynamic.sum(pos, w);
        } else if (kingTerms) {
            d = dynamic.sum(pos, w, threats) + threats.score(pos, w); // the sliders swept once for both
        } else {
            d = threats.sum(pos, w);
        }
        cacheKey[slot] = key;
        cacheValue[slot] = d;
        return d;
    }

    /** The king-zone terms of both kings (see {@link Features#zone} and {@link Features#zoneHand}), for sente. */
    private int zoneTerms(Position pos, int k0, int k1) {
        int s = 0;
        if (k0 != Position.NO_SQUARE) {
            s += w[Features.zone(pos, 0)] + w[Features.zoneHand(pos, 0)];
        }
        if (k1 != Position.NO_SQUARE) {
            s -= w[Features.zone(pos, 1)] + w[Features.zoneHand(pos, 1)];
        }
        return s;
    }

    /** The pawn-drop and open-file terms of both kings (see {@link Features#fileDrop}), for sente. */
    private int fileTerms(Position pos, int k0, int k1) {
        int s = 0;
        if (k0 != Position.NO_SQUARE) {
            s += w[Features.fileDrop(pos, 0)] + w[Features.fileRook(pos, 0)] + w[Features.fileLance(pos, 0)];
        }
        if (k1 != Position.NO_SQUARE) {
            s -= w[Features.fileDrop(pos, 1)] + w[Features.fileRook(pos, 1)] + w[Features.fileLance(pos, 1)];
        }
        return s;
    }

    /**
     * The king-relative placement of every piece but the kings (whose entries are zero), for sente, counted from
     * the board: two table entries per piece, one for each king.
     */
    private int placement(Position pos) {
        int[] t = pt;
        if (t == null) {
            return 0;
        }
        int s0 = PlacementTable.slice(0, pos.kingSquare(0)), s1 = PlacementTable.slice(1, pos.kingSquare(1));
        int s = 0;
        long lo = pos.occupiedLo(), hi = pos.occupiedHi();
        while (lo != 0) {
            int sq = Long.numberOfTrailingZeros(lo);
            lo &= lo - 1;
            int i = pos.pieceAt(sq) * 81 + sq;
            s += t[s0 + i] + t[s1 + i];
        }
        while (hi != 0) {
            int sq = 63 + Long.numberOfTrailingZeros(hi);
            hi &= hi - 1;
            int i = pos.pieceAt(sq) * 81 + sq;
            s += t[s0 + i] + t[s1 + i];
        }
        return s;
    }
}
