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
 * Allocation-free: the stacks, the cache and the scratch arrays are allocated once per evaluator.
 */
public final class ShogiEvaluator implements Evaluator {
    private static final int MAX_DEPTH = 1024;
    /** Marks a placement stack entry that must be recounted from the board. */
    private static final int STALE = Integer.MIN_VALUE;

    private final int[] w;
    private final boolean dynamicTerms;
    /** Whether any king-zone weight is non-zero (else those terms are skipped). */
    private final boolean zoneTerms;
    /** Whether any king-piece-square weight is non-zero (else those terms are skipped). */
    private final boolean kpTerms;
    /** Whether any open-file or pawn-drop-file weight is non-zero (else those terms are skipped). */
    private final boolean fileTerms;
    private final int[] material = new int[MAX_DEPTH + 1];
    private final int[] placement = new int[MAX_DEPTH + 1];
    private int sp;
    private final DynamicTerms dynamic = new DynamicTerms();
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
        this.kpTerms = kp;
        boolean file = false;
        for (int i = Features.FILE_DROP; i < Features.COUNT; i++) {
            file |= w[i] != 0;
        }
        this.fileTerms = file;
        this.cacheKey = any ? new long[1 << CACHE_BITS] : new long[0];
        this.cacheValue = any ? new int[1 << CACHE_BITS] : new int[0];
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
        if (Move.isDrop(m)) {
            int r = Move.dropRole(m);
            delta = w[Features.BOARD + r] - w[Features.hand(r, Hand.count(h, r))];
            if (place != STALE) {
                place += pieceTerm(pos, us, r, Move.to(m));
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
            } else if (place != STALE) {
                place += pieceTerm(pos, us, nr, to) - pieceTerm(pos, us, r, from);
                if (cap != 0) {
                    place -= pieceTerm(pos, us ^ 1, Piece.role(cap), to);
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
        if (dynamicTerms) {
            s += dynamicTerms(pos);
        }
        s += pos.sideToMove() == 0 ? w[Features.TEMPO] : -w[Features.TEMPO];
        if (zoneTerms) {
            s += zoneTerms(pos, k0, k1);
        }
        if (fileTerms) {
            s += fileTerms(pos, k0, k1);
        }
        if (s > MAX_EVAL) {
            s = MAX_EVAL;
        } else if (s < -MAX_EVAL) {
            s = -MAX_EVAL;
        }
        return pos.sideToMove() == 0 ? s : -s;
    }

    /**
     * The king-safety and mobility terms for sente, from the cache or computed and stored there. A slot holds the
     * full 64-bit key, so a hit is wrong only when two positions share a key, as for the transposition table.
     */
    private int dynamicTerms(Position pos) {
        long key = pos.key();
        int slot = (int) (key >>> (64 - CACHE_BITS));
        if (cacheKey[slot] == key) {
            return cacheValue[slot];
        }
        int d = dynamic.sum(pos, w);
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
     * The placement term of a piece of colour {@code c} and role {@code r} (not the king) on {@code sq} relative
     * to both kings as they stand in {@code pos} (the king-relative tables and the king-piece-square table), for
     * sente.
     */
    private int pieceTerm(Position pos, int c, int r, int sq) {
        int base = Features.CLASS[r] * Features.REL;
        int own = pos.kingSquare(c), enemy = pos.kingSquare(c ^ 1);
        int v = 0;
        if (own != Position.NO_SQUARE) {
            v += w[Features.OWN + base + Features.rel(c, sq, own)];
            if (kpTerms) {
                v += w[Features.kp(c, own, 0, Features.CLASS[r], sq)];
            }
        }
        if (enemy != Position.NO_SQUARE) {
            v += w[Features.ENEMY + base + Features.rel(c, sq, enemy)];
            if (kpTerms) {
                // counted for the enemy king's owner, so against this piece's side
                v -= w[Features.kp(c ^ 1, enemy, 1, Features.CLASS[r], sq)];
            }
        }
        return c == 0 ? v : -v;
    }

    /** The king-relative placement of every piece but the kings, for sente, counted from the board. */
    private int placement(Position pos) {
        int s = 0;
        for (int sq = 0; sq < 81; sq++) {
            int pc = pos.pieceAt(sq);
            if (pc != 0 && Piece.role(pc) != 8) {
                s += pieceTerm(pos, Piece.color(pc), Piece.role(pc), sq);
            }
        }
        return s;
    }
}
