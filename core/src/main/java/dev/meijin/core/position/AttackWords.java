package dev.meijin.core.position;

import static dev.meijin.core.bits.Attacks.*;

/**
 * Attack queries over a position's bitboards, with the result left in the two words {@link #lo} and
 * {@link #hi} (files 1–7 and 8–9), for the check generator, the one-ply mate test and the public attack
 * words of {@link Position}. One instance belongs to one position (and so to one thread); it allocates
 * nothing.
 */
final class AttackWords {
    static final int PAWN = 1, LANCE = 2, KNIGHT = 3, SILVER = 4, BISHOP = 5, ROOK = 6, GOLD = 7, KING = 8,
            TOKIN = 9, PRO_LANCE = 10, PRO_KNIGHT = 11, PRO_SILVER = 12, HORSE = 13, DRAGON = 14;

    /** The result of the last query: low word (squares 0–62) and high word (63–80). */
    long lo, hi;

    private final Position p;

    AttackWords(Position p) {
        this.p = p;
    }

    /** Adds the ray from {@code s} in direction {@code d}, up to and including the first occupied square. */
    private void ray(int d, int s, long oLo, long oHi) {
        int i = d * 82 + s;
        long rl = RAY_LO[i], rh = RAY_HI[i];
        int j = d * 82 + blocker(d, s, oLo, oHi);
        lo |= rl ^ RAY_LO[j];
        hi |= rh ^ RAY_HI[j];
    }

    /** Adds the rook's rays from {@code s}. */
    void addRook(int s, long oLo, long oHi) {
        ray(UP, s, oLo, oHi);
        ray(DOWN, s, oLo, oHi);
        ray(LEFT, s, oLo, oHi);
        ray(RIGHT, s, oLo, oHi);
    }

    /** Adds the bishop's rays from {@code s}. */
    void addBishop(int s, long oLo, long oHi) {
        ray(UP_LEFT, s, oLo, oHi);
        ray(DOWN_RIGHT, s, oLo, oHi);
        ray(UP_RIGHT, s, oLo, oHi);
        ray(DOWN_LEFT, s, oLo, oHi);
    }

    /** Adds the ray of a lance of colour {@code c} on {@code s}. */
    void addLance(int c, int s, long oLo, long oHi) {
        ray(c == 0 ? UP : DOWN, s, oLo, oHi);
    }

    /** Sets the words to the squares a piece {@code pc} standing on {@code s} attacks with the given occupancy. */
    void piece(int pc, int s, long oLo, long oHi) {
        int c = pc >>> 4, i = c * 81 + s;
        switch (pc & 15) {
            case PAWN -> {
                lo = PAWN_LO[i];
                hi = PAWN_HI[i];
            }
            case LANCE -> {
                lo = 0;
                hi = 0;
                addLance(c, s, oLo, oHi);
            }
            case KNIGHT -> {
                lo = KNIGHT_LO[i];
                hi = KNIGHT_HI[i];
            }
            case SILVER -> {
                lo = SILVER_LO[i];
                hi = SILVER_HI[i];
            }
            case GOLD, TOKIN, PRO_LANCE, PRO_KNIGHT, PRO_SILVER -> {
                lo = GOLD_LO[i];
                hi = GOLD_HI[i];
            }
            case KING -> {
                lo = KING_LO[s];
                hi = KING_HI[s];
            }
            case BISHOP -> {
                lo = 0;
                hi = 0;
                addBishop(s, oLo, oHi);
            }
            case ROOK -> {
                lo = 0;
                hi = 0;
                addRook(s, oLo, oHi);
            }
            case HORSE -> {
                lo = CROSS_LO[s];
                hi = CROSS_HI[s];
                addBishop(s, oLo, oHi);
            }
            case DRAGON -> {
                lo = DIAG_LO[s];
                hi = DIAG_HI[s];
                addRook(s, oLo, oHi);
            }
            default -> throw new IllegalArgumentException("no piece " + pc);
        }
    }

    /** Sets the words to the pieces of colour {@code c} that attack {@code sq} with the given occupancy. */
    void attackersTo(int c, int sq, long oLo, long oHi) {
        long[] rl = p.roleLo, rh = p.roleHi;
        int i = (c ^ 1) * 81 + sq;
        long goldsLo = rl[GOLD] | rl[TOKIN] | rl[PRO_LANCE] | rl[PRO_KNIGHT] | rl[PRO_SILVER];
        long goldsHi = rh[GOLD] | rh[TOKIN] | rh[PRO_LANCE] | rh[PRO_KNIGHT] | rh[PRO_SILVER];
        long sLo = PAWN_LO[i] & rl[PAWN] | KNIGHT_LO[i] & rl[KNIGHT] | SILVER_LO[i] & rl[SILVER] | GOLD_LO[i] & goldsLo
                | KING_LO[sq] & (rl[KING] | rl[HORSE] | rl[DRAGON]);
        long sHi = PAWN_HI[i] & rh[PAWN] | KNIGHT_HI[i] & rh[KNIGHT] | SILVER_HI[i] & rh[SILVER] | GOLD_HI[i] & goldsHi
                | KING_HI[sq] & (rh[KING] | rh[HORSE] | rh[DRAGON]);
        lo = 0;
        hi = 0;
        addRook(sq, oLo, oHi);
        sLo |= lo & (rl[ROOK] | rl[DRAGON]);
        sHi |= hi & (rh[ROOK] | rh[DRAGON]);
        long lanceLo = lo & LANCE_EMPTY_LO[i] & rl[LANCE], lanceHi = hi & LANCE_EMPTY_HI[i] & rh[LANCE];
        lo = 0;
        hi = 0;
        addBishop(sq, oLo, oHi);
        sLo |= lo & (rl[BISHOP] | rl[HORSE]) | lanceLo;
        sHi |= hi & (rh[BISHOP] | rh[HORSE]) | lanceHi;
        lo = sLo & p.colorLo[c];
        hi = sHi & p.colorHi[c];
    }

    /** Whether colour {@code c} attacks {@code sq} with the given occupancy. Leaves the words undefined. */
    boolean attacked(int c, int sq, long oLo, long oHi) {
        attackersTo(c, sq, oLo, oHi);
        return (lo | hi) != 0;
    }

    /**
     * Sets the words to the pieces of colour {@code owner} that stand alone between the king of colour
     * {@code kc} and a slider of the king's opponent aimed at it. With {@code owner == kc} these are the
     * pieces pinned against their king; with {@code owner != kc}, the pieces whose move off the line
     * uncovers a check (discovered check).
     */
    void blockers(int kc, int owner) {
        int k = p.kingSq[kc];
        lo = 0;
        hi = 0;
        if (k == Position.NO_SQUARE) {
            return;
        }
        int sc = kc ^ 1;
        long[] rl = p.roleLo, rh = p.roleHi;
        int li = kc * 81 + k; // an enemy lance stands ahead of the king, in the king side's own forward direction
        long sl = (ROOK_EMPTY_LO[k] & (rl[ROOK] | rl[DRAGON]) | BISHOP_EMPTY_LO[k] & (rl[BISHOP] | rl[HORSE])
                        | LANCE_EMPTY_LO[li] & rl[LANCE])
                & p.colorLo[sc];
        long sh = (ROOK_EMPTY_HI[k] & (rh[ROOK] | rh[DRAGON]) | BISHOP_EMPTY_HI[k] & (rh[BISHOP] | rh[HORSE])
                        | LANCE_EMPTY_HI[li] & rh[LANCE])
                & p.colorHi[sc];
        long oLo = p.occLo, oHi = p.occHi, ownLo = p.colorLo[owner], ownHi = p.colorHi[owner];
        long rLo = 0, rHi = 0;
        while ((sl | sh) != 0) {
            int s;
            if (sl != 0) {
                s = Long.numberOfTrailingZeros(sl);
                sl &= sl - 1;
            } else {
                s = 63 + Long.numberOfTrailingZeros(sh);
                sh &= sh - 1;
            }
            long bl = BETWEEN_LO[k * 81 + s] & oLo, bh = BETWEEN_HI[k * 81 + s] & oHi;
            if (Long.bitCount(bl) + Long.bitCount(bh) == 1) {
                rLo |= bl & ownLo;
                rHi |= bh & ownHi;
            }
        }
        lo = rLo;
        hi = rHi;
    }
}
