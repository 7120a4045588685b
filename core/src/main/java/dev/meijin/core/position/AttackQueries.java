package dev.meijin.core.position;

import static dev.meijin.core.bits.Attacks.*;
import static dev.meijin.core.position.RoleCodes.*;

import dev.meijin.core.Move;

/**
 * Which squares a piece attacks and which pieces attack a square, on a {@link Position}'s bitboards: the
 * slider kernels, the attackers of a square, checkers after a move and whether a move gives check.
 *
 * <p>Results of set-valued queries are left in the position's scratch word pair {@code (aLo, aHi)} so that
 * nothing is allocated; read them right after the call. A position belongs to one thread, so this is safe.
 */
final class AttackQueries {
    private AttackQueries() {}

    /** Whether a piece slides (any distance) in a direction, indexed {@code piece * 8 + dir}. */
    static final boolean[] SLIDES = new boolean[32 * 8];

    static {
        for (int c = 0; c < 2; c++) {
            int o = c << 4;
            for (int d : new int[] {UP, DOWN, LEFT, RIGHT}) {
                SLIDES[(o | ROOK) * 8 + d] = true;
                SLIDES[(o | DRAGON) * 8 + d] = true;
            }
            for (int d : new int[] {UP_LEFT, UP_RIGHT, DOWN_LEFT, DOWN_RIGHT}) {
                SLIDES[(o | BISHOP) * 8 + d] = true;
                SLIDES[(o | HORSE) * 8 + d] = true;
            }
            SLIDES[(o | LANCE) * 8 + (c == 0 ? UP : DOWN)] = true;
        }
    }

    /** Nearest blocker index in a direction whose indices increase; 81 if none. */
    static int firstPos(long bl, long bh) {
        if (bl != 0) return Long.numberOfTrailingZeros(bl);
        if (bh != 0) return 63 + Long.numberOfTrailingZeros(bh);
        return 81;
    }

    /** Nearest blocker index in a direction whose indices decrease; 81 if none. */
    static int firstNeg(long bl, long bh) {
        if (bh != 0) return 126 - Long.numberOfLeadingZeros(bh);
        if (bl != 0) return 63 - Long.numberOfLeadingZeros(bl);
        return 81;
    }

    /** Adds the ray attack in a positive direction to (aLo, aHi). */
    private static void rayPos(Position p, int d, int s, long oLo, long oHi) {
        int i = d * 82 + s;
        long rl = RAY_LO[i], rh = RAY_HI[i];
        int j = d * 82 + firstPos(rl & oLo, rh & oHi);
        p.aLo |= rl ^ RAY_LO[j];
        p.aHi |= rh ^ RAY_HI[j];
    }

    /** Adds the ray attack in a negative direction to (aLo, aHi). */
    private static void rayNeg(Position p, int d, int s, long oLo, long oHi) {
        int i = d * 82 + s;
        long rl = RAY_LO[i], rh = RAY_HI[i];
        int j = d * 82 + firstNeg(rl & oLo, rh & oHi);
        p.aLo |= rl ^ RAY_LO[j];
        p.aHi |= rh ^ RAY_HI[j];
    }

    private static void rookRays(Position p, int s, long oLo, long oHi) {
        rayNeg(p, UP, s, oLo, oHi);
        rayPos(p, DOWN, s, oLo, oHi);
        rayPos(p, LEFT, s, oLo, oHi);
        rayNeg(p, RIGHT, s, oLo, oHi);
    }

    private static void bishopRays(Position p, int s, long oLo, long oHi) {
        rayPos(p, UP_LEFT, s, oLo, oHi);
        rayNeg(p, DOWN_RIGHT, s, oLo, oHi);
        rayNeg(p, UP_RIGHT, s, oLo, oHi);
        rayPos(p, DOWN_LEFT, s, oLo, oHi);
    }

    /** Sets (aLo, aHi) to the squares a piece on {@code s} attacks, with the given occupancy. */
    static void pieceAttacks(Position p, int pc, int s, long oLo, long oHi) {
        int c = pc >>> 4, i = c * 81 + s;
        switch (pc & 15) {
            case PAWN -> {
                p.aLo = PAWN_LO[i];
                p.aHi = PAWN_HI[i];
            }
            case LANCE -> {
                p.aLo = 0;
                p.aHi = 0;
                if (c == 0) {
                    rayNeg(p, UP, s, oLo, oHi);
                } else {
                    rayPos(p, DOWN, s, oLo, oHi);
                }
            }
            case KNIGHT -> {
                p.aLo = KNIGHT_LO[i];
                p.aHi = KNIGHT_HI[i];
            }
            case SILVER -> {
                p.aLo = SILVER_LO[i];
                p.aHi = SILVER_HI[i];
            }
            case GOLD, TOKIN, PRO_LANCE, PRO_KNIGHT, PRO_SILVER -> {
                p.aLo = GOLD_LO[i];
                p.aHi = GOLD_HI[i];
            }
            case KING -> {
                p.aLo = KING_LO[s];
                p.aHi = KING_HI[s];
            }
            case BISHOP -> {
                p.aLo = 0;
                p.aHi = 0;
                bishopRays(p, s, oLo, oHi);
            }
            case ROOK -> {
                p.aLo = 0;
                p.aHi = 0;
                rookRays(p, s, oLo, oHi);
            }
            case HORSE -> {
                p.aLo = CROSS_LO[s];
                p.aHi = CROSS_HI[s];
                bishopRays(p, s, oLo, oHi);
            }
            case DRAGON -> {
                p.aLo = DIAG_LO[s];
                p.aHi = DIAG_HI[s];
                rookRays(p, s, oLo, oHi);
            }
            default -> throw new IllegalStateException("no piece " + pc);
        }
    }

    /**
     * Whether the piece {@code pc} standing on {@code s} attacks {@code t} with the given occupancy: one table
     * test for a step, or the line and the squares between for a slide, instead of the whole attack set.
     */
    static boolean attacks(Position p, int pc, int s, int t, long oLo, long oHi) {
        int i = (pc >>> 4) * 81 + s;
        switch (pc & 15) {
            case PAWN -> {
                return contains(PAWN_LO[i], PAWN_HI[i], t);
            }
            case KNIGHT -> {
                return contains(KNIGHT_LO[i], KNIGHT_HI[i], t);
            }
            case SILVER -> {
                return contains(SILVER_LO[i], SILVER_HI[i], t);
            }
            case GOLD, TOKIN, PRO_LANCE, PRO_KNIGHT, PRO_SILVER -> {
                return contains(GOLD_LO[i], GOLD_HI[i], t);
            }
            case KING -> {
                return contains(KING_LO[s], KING_HI[s], t);
            }
            case HORSE, DRAGON -> {
                if (contains(KING_LO[s], KING_HI[s], t)) {
                    return true;
                }
            }
            default -> {}
        }
        int j = s * 81 + t;
        int d = DIRECTION[j];
        return d >= 0 && SLIDES[pc * 8 + d] && (BETWEEN_LO[j] & oLo) == 0 && (BETWEEN_HI[j] & oHi) == 0;
    }

    /** Bits of the pieces of colour {@code c} that step onto {@code sq} (sliders excluded): low word. */
    static long stepAttackersLo(Position p, int c, int sq) {
        int i = (c ^ 1) * 81 + sq;
        long[] role = p.roleLo;
        long golds = role[GOLD] | role[TOKIN] | role[PRO_LANCE] | role[PRO_KNIGHT] | role[PRO_SILVER];
        return (PAWN_LO[i] & role[PAWN] | KNIGHT_LO[i] & role[KNIGHT] | SILVER_LO[i] & role[SILVER]
                        | GOLD_LO[i] & golds | KING_LO[sq] & (role[KING] | role[HORSE] | role[DRAGON]))
                & p.colorLo[c];
    }

    /** Bits of the pieces of colour {@code c} that step onto {@code sq} (sliders excluded): high word. */
    static long stepAttackersHi(Position p, int c, int sq) {
        int i = (c ^ 1) * 81 + sq;
        long[] role = p.roleHi;
        long golds = role[GOLD] | role[TOKIN] | role[PRO_LANCE] | role[PRO_KNIGHT] | role[PRO_SILVER];
        return (PAWN_HI[i] & role[PAWN] | KNIGHT_HI[i] & role[KNIGHT] | SILVER_HI[i] & role[SILVER]
                        | GOLD_HI[i] & golds | KING_HI[sq] & (role[KING] | role[HORSE] | role[DRAGON]))
                & p.colorHi[c];
    }

    /** Whether any slider of colour {@code c} stands on a line (of its kind) through {@code sq} on an empty board. */
    static boolean slidersAligned(Position p, int c, int sq) {
        return (alignedSlidersLo(p, c, sq) | alignedSlidersHi(p, c, sq)) != 0;
    }

    /** The low word of the sliders of colour {@code c} on a line (of their kind) through {@code sq} on an empty board. */
    private static long alignedSlidersLo(Position p, int c, int sq) {
        long[] rl = p.roleLo;
        return (ROOK_EMPTY_LO[sq] & (rl[ROOK] | rl[DRAGON]) | BISHOP_EMPTY_LO[sq] & (rl[BISHOP] | rl[HORSE])
                        | LANCE_EMPTY_LO[(c ^ 1) * 81 + sq] & rl[LANCE])
                & p.colorLo[c];
    }

    /** The high word of the sliders of colour {@code c} on a line (of their kind) through {@code sq} on an empty board. */
    private static long alignedSlidersHi(Position p, int c, int sq) {
        long[] rh = p.roleHi;
        return (ROOK_EMPTY_HI[sq] & (rh[ROOK] | rh[DRAGON]) | BISHOP_EMPTY_HI[sq] & (rh[BISHOP] | rh[HORSE])
                        | LANCE_EMPTY_HI[(c ^ 1) * 81 + sq] & rh[LANCE])
                & p.colorHi[c];
    }

    /** The slider of colour {@code c} attacking {@code sq} along direction {@code d} (from sq), or -1. */
    static int sliderOn(Position p, int c, int sq, int d, long oLo, long oHi) {
        int i = d * 82 + sq;
        int b = POSITIVE[d] ? firstPos(RAY_LO[i] & oLo, RAY_HI[i] & oHi) : firstNeg(RAY_LO[i] & oLo, RAY_HI[i] & oHi);
        if (b == 81) {
            return -1;
        }
        int pc = p.board[b];
        return pc != 0 && (pc >>> 4) == c && SLIDES[pc * 8 + (d ^ 1)] ? b : -1;
    }

    /** Whether colour {@code c} attacks {@code sq} with the given occupancy (the board array names the pieces). */
    static boolean attacked(Position p, int c, int sq, long oLo, long oHi) {
        if ((stepAttackersLo(p, c, sq) | stepAttackersHi(p, c, sq)) != 0) {
            return true;
        }
        // Each slider on a line of its kind through sq attacks it when nothing stands between them: one mask
        // test per such slider instead of a scan of the eight rays.
        long lo = alignedSlidersLo(p, c, sq);
        long hi = alignedSlidersHi(p, c, sq);
        int base = sq * 81;
        while (lo != 0) {
            int j = base + Long.numberOfTrailingZeros(lo);
            lo &= lo - 1;
            if ((BETWEEN_LO[j] & oLo | BETWEEN_HI[j] & oHi) == 0) {
                return true;
            }
        }
        while (hi != 0) {
            int j = base + 63 + Long.numberOfTrailingZeros(hi);
            hi &= hi - 1;
            if ((BETWEEN_LO[j] & oLo | BETWEEN_HI[j] & oHi) == 0) {
                return true;
            }
        }
        return false;
    }

    /**
     * The pieces of colour {@code c} that may move to a square of {@code (tLo, tHi)}: those that step onto one and
     * the sliders on a line of their kind through one, whatever stands between (a superset of the pieces that
     * attack the squares, for a move generator that computes each piece's attacks anyway). Returns the low word
     * and leaves the high word in {@code aHi}.
     */
    static long mayReachLo(Position p, int c, long tLo, long tHi) {
        long lo = 0, hi = 0;
        while (tLo != 0) {
            int sq = Long.numberOfTrailingZeros(tLo);
            tLo &= tLo - 1;
            lo |= stepAttackersLo(p, c, sq) | alignedSlidersLo(p, c, sq);
            hi |= stepAttackersHi(p, c, sq) | alignedSlidersHi(p, c, sq);
        }
        while (tHi != 0) {
            int sq = 63 + Long.numberOfTrailingZeros(tHi);
            tHi &= tHi - 1;
            lo |= stepAttackersLo(p, c, sq) | alignedSlidersLo(p, c, sq);
            hi |= stepAttackersHi(p, c, sq) | alignedSlidersHi(p, c, sq);
        }
        p.aHi = hi;
        return lo;
    }

    /** Sets (aLo, aHi) to the pieces of colour {@code c} attacking {@code sq}. */
    static void attackersTo(Position p, int c, int sq, long oLo, long oHi) {
        long lo = stepAttackersLo(p, c, sq), hi = stepAttackersHi(p, c, sq);
        if (slidersAligned(p, c, sq)) {
            for (int d = 0; d < 8; d++) {
                int b = sliderOn(p, c, sq, d, oLo, oHi);
                if (b >= 0) {
                    lo |= SQ_LO[b];
                    hi |= SQ_HI[b];
                }
            }
        }
        p.aLo = lo;
        p.aHi = hi;
    }

    /** Sets the position's checkers from scratch: the enemy pieces attacking the king of the side to move. */
    static void computeCheckers(Position p) {
        int k = p.kingSq[p.side];
        if (k == Position.NO_SQUARE) {
            p.checkLo = 0;
            p.checkHi = 0;
            return;
        }
        attackersTo(p, p.side ^ 1, k, p.occLo, p.occHi);
        p.checkLo = p.aLo;
        p.checkHi = p.aHi;
    }

    /**
     * Sets the checkers after {@code us} played {@code m}. Before the move no piece of {@code us} attacked
     * the enemy king (the side not to move is never in check), so the only checks are the moved piece's own
     * (direct) and those of a slider behind the vacated origin (discovered).
     */
    static void checkersAfter(Position p, int m, int us) {
        int ek = p.kingSq[us ^ 1];
        p.checkLo = 0;
        p.checkHi = 0;
        if (ek == Position.NO_SQUARE) {
            return;
        }
        int to = m & 127;
        if (attacks(p, p.board[to], to, ek, p.occLo, p.occHi)) {
            p.checkLo = SQ_LO[to];
            p.checkHi = SQ_HI[to];
        }
        if ((m & Move.DROP_FLAG) == 0) {
            int from = (m >>> 7) & 127;
            int d = DIRECTION[ek * 81 + from];
            if (d >= 0 && !aligned(ek, from, to)) {
                int b = sliderOn(p, us, ek, d, p.occLo, p.occHi);
                if (b >= 0) {
                    p.checkLo |= SQ_LO[b];
                    p.checkHi |= SQ_HI[b];
                }
            }
        }
    }

    /** Whether a legal move of the side to move gives check to the opponent's king (directly or by discovery). */
    static boolean givesCheck(Position p, int m) {
        int them = p.side ^ 1;
        int ek = p.kingSq[them];
        if (ek == Position.NO_SQUARE) {
            return false;
        }
        int to = m & 127;
        long oLo = p.occLo | SQ_LO[to], oHi = p.occHi | SQ_HI[to];
        boolean drop = (m & Move.DROP_FLAG) != 0;
        int from = (m >>> 7) & 127;
        if (!drop) {
            oLo &= ~SQ_LO[from];
            oHi &= ~SQ_HI[from];
        }
        if (attacks(p, Move.pieceAfter(m), to, ek, oLo, oHi)) {
            return true;
        }
        if (drop) {
            return false;
        }
        int d = DIRECTION[ek * 81 + from];
        if (d < 0 || aligned(ek, from, to)) {
            return false;
        }
        return sliderOn(p, p.side, ek, d, oLo, oHi) >= 0;
    }
}
