package dev.meijin.engine.eval;

import dev.meijin.core.Piece;
import dev.meijin.core.position.Position;

/**
 * The threat features ({@code threat.<mover|waiter>.<hanging|lesser>.<class>}, see {@link Features#THREAT}): the
 * pieces of each side that the enemy attacks while no piece of their own side (the king included) defends them,
 * and the pieces the enemy attacks with a piece of lower value, each counted by the class of the attacked piece
 * and by whether its side is to move. Quiescence settles the captures the side to move can make, but not the
 * ones its opponent threatens next: the side to move's hanging and outranked pieces are what a quiet position's
 * static score otherwise misses.
 *
 * <p>The evaluator's sum ({@link #sum}, or {@link #score} after {@link DynamicTerms} has added the attack words of
 * the sliders it sweeps anyway) keeps one attack word pair per side and value level. The pieces that only step are
 * moved all at once, one shift of a word pair per kind of step, as in {@link DynamicTerms}; the sliders need one
 * sweep each, which the king-safety and mobility sum shares. Only the pieces that the enemy attacks at all are then
 * looked at one by one. {@link #write}, which lists the features for the tuner and the tests, builds the words the
 * plain way (one attack query per piece on the board), so that {@code ShogiEvaluatorTest} and {@code ThreatsTest}
 * check the fast sum against it. One instance per evaluator (the words are fields); nothing is allocated per call.
 */
final class Threats {
    /** Value levels by role code, for "attacked by a lesser piece": pawn, lance and knight, silver, gold and the promoted minors, bishop, rook, horse, dragon. */
    private static final int[] LEVEL = {0, 0, 1, 1, 2, 4, 5, 3, 8, 3, 3, 3, 3, 6, 7, 0};
    /** Number of value levels of the pieces other than the king. */
    private static final int LEVELS = 8;
    /** The attacked-piece kinds: not defended, attacked by a lesser piece. */
    static final int KINDS = 2;
    /** Role codes. */
    private static final int PAWN = 1, LANCE = 2, KNIGHT = 3, SILVER = 4, BISHOP = 5, ROOK = 6, GOLD = 7, KING = 8,
            TOKIN = 9, PRO_LANCE = 10, PRO_KNIGHT = 11, PRO_SILVER = 12, HORSE = 13, DRAGON = 14;
    /** The roles swept one piece at a time. */
    private static final int[] SLIDERS = {LANCE, BISHOP, ROOK, HORSE, DRAGON};
    /** The squares of the low word (0–62) and of the high word (63–80). */
    private static final long LO = (1L << 63) - 1, HI = (1L << 18) - 1;
    /** The squares of each rank, by rank index (0: rank 1, 8: rank 9), low and high words. */
    private static final long[] RANK_LO = new long[9], RANK_HI = new long[9];
    /** A king's attack word on an empty board, by square, low and high words. */
    private static final long[] KING_LO = new long[81], KING_HI = new long[81];

    static {
        for (int sq = 0; sq < 81; sq++) {
            if (sq < 63) {
                RANK_LO[sq % 9] |= 1L << sq;
            } else {
                RANK_HI[sq % 9] |= 1L << (sq - 63);
            }
        }
        Position empty = Position.startpos();
        long[] out = new long[2];
        for (int sq = 0; sq < 81; sq++) {
            empty.attacksFrom(Piece.of(0, KING), sq, 0, 0, out);
            KING_LO[sq] = out[0];
            KING_HI[sq] = out[1];
        }
    }

    /** The attacks of colour {@code c} by the pieces of level {@code l}, at {@code (c * LEVELS + l) * 2} (low word) and + 1. */
    private final long[] level = new long[2 * LEVELS * 2];
    /** The attacks of the enemy by levels below {@code l}, at {@code l * 2} and + 1, for the side being scored. */
    private final long[] below = new long[(LEVELS + 1) * 2];
    /** Reference words of {@link #write}: all attacks of each colour, {@code c * 2} (low word) and {@code c * 2 + 1}. */
    private final long[] all = new long[4];
    /** Reference words of {@link #write}: the attacks of colour {@code c} below level {@code L}, at {@code (c * (LEVELS + 1) + L) * 2}. */
    private final long[] refBelow = new long[2 * (LEVELS + 1) * 2];
    private final long[] tmp = new long[2];

    /** Forgets the attack words of the last position; {@link #addSlider} and {@link #score} then build the new ones. */
    void clear() {
        long[] a = level;
        for (int i = 0; i < a.length; i++) {
            a[i] = 0;
        }
    }

    /**
     * Adds the attack word of a slider (lance, bishop, rook, horse or dragon) of colour {@code c}, swept with the
     * board's occupancy.
     *
     * @param c the slider's colour
     * @param r its role code
     * @param lo the low word of its attacks
     * @param hi the high word of its attacks
     */
    void addSlider(int c, int r, long lo, long hi) {
        int i = (c * LEVELS + LEVEL[r]) * 2;
        level[i] |= lo;
        level[i + 1] |= hi;
    }

    /**
     * The threat terms for sente, from scratch: the dot product of {@code w} with the features {@link #write} lists.
     *
     * @param pos the position
     * @param w the weights, indexed by feature
     * @return the weighted sum, from sente's point of view
     */
    int sum(Position pos, int[] w) {
        clear();
        long occLo = pos.occupiedLo(), occHi = pos.occupiedHi();
        for (int c = 0; c < 2; c++) {
            for (int r : SLIDERS) {
                int pc = Piece.of(c, r);
                long lo = pos.piecesLo(c, r), hi = pos.piecesHi(c, r);
                while ((lo | hi) != 0) {
                    int sq;
                    if (lo != 0) {
                        sq = Long.numberOfTrailingZeros(lo);
                        lo &= lo - 1;
                    } else {
                        sq = 63 + Long.numberOfTrailingZeros(hi);
                        hi &= hi - 1;
                    }
                    pos.attacksFrom(pc, sq, occLo, occHi, tmp);
                    addSlider(c, r, tmp[0], tmp[1]);
                }
            }
        }
        return score(pos, w);
    }

    /** The low word of a word pair moved by {@code d} squares ({@code -11 <= d <= 11}); squares leaving the board drop out. */
    private static long shiftLo(long lo, long hi, int d) {
        return d > 0 ? lo << d & LO : (lo >>> -d | hi << (63 + d)) & LO;
    }

    /** The high word of a word pair moved by {@code d} squares. */
    private static long shiftHi(long lo, long hi, int d) {
        return d > 0 ? (hi << d | lo >>> (63 - d)) & HI : hi >>> -d;
    }

    /** Adds the attacks of the pieces on {@code lo, hi} that step {@code d} squares to level {@code l} of colour {@code c}. */
    private void step(int c, int l, long lo, long hi, int d) {
        int i = (c * LEVELS + l) * 2;
        level[i] |= shiftLo(lo, hi, d);
        level[i + 1] |= shiftHi(lo, hi, d);
    }

    /** Adds the attacks of the pawns, knights, silvers, golds and promoted minors of colour {@code c}. */
    private void steppers(Position pos, int c) {
        int f = c == 0 ? -1 : 1; // a step forward
        int front = c == 0 ? 0 : 8, back = 8 - front, front2 = c == 0 ? 1 : 7;
        long fLo = ~RANK_LO[front], fHi = ~RANK_HI[front], bLo = ~RANK_LO[back], bHi = ~RANK_HI[back];
        long pLo = pos.piecesLo(c, PAWN) & fLo, pHi = pos.piecesHi(c, PAWN) & fHi;
        step(c, 0, pLo, pHi, f);
        long nLo = pos.piecesLo(c, KNIGHT) & fLo & ~RANK_LO[front2], nHi = pos.piecesHi(c, KNIGHT) & fHi & ~RANK_HI[front2];
        if ((nLo | nHi) != 0) {
            step(c, 1, nLo, nHi, 2 * f + 9);
            step(c, 1, nLo, nHi, 2 * f - 9);
        }
        long sLo = pos.piecesLo(c, SILVER), sHi = pos.piecesHi(c, SILVER);
        if ((sLo | sHi) != 0) {
            long sfLo = sLo & fLo, sfHi = sHi & fHi, sbLo = sLo & bLo, sbHi = sHi & bHi;
            step(c, 2, sfLo, sfHi, f);
            step(c, 2, sfLo, sfHi, f + 9);
            step(c, 2, sfLo, sfHi, f - 9);
            step(c, 2, sbLo, sbHi, -f + 9);
            step(c, 2, sbLo, sbHi, -f - 9);
        }
        long gLo = pos.piecesLo(c, GOLD) | pos.piecesLo(c, TOKIN) | pos.piecesLo(c, PRO_LANCE)
                | pos.piecesLo(c, PRO_KNIGHT) | pos.piecesLo(c, PRO_SILVER);
        long gHi = pos.piecesHi(c, GOLD) | pos.piecesHi(c, TOKIN) | pos.piecesHi(c, PRO_LANCE)
                | pos.piecesHi(c, PRO_KNIGHT) | pos.piecesHi(c, PRO_SILVER);
        if ((gLo | gHi) != 0) {
            long gfLo = gLo & fLo, gfHi = gHi & fHi;
            step(c, 3, gfLo, gfHi, f);
            step(c, 3, gfLo, gfHi, f + 9);
            step(c, 3, gfLo, gfHi, f - 9);
            step(c, 3, gLo, gHi, 9);
            step(c, 3, gLo, gHi, -9);
            step(c, 3, gLo & bLo, gHi & bHi, -f);
        }
    }

    /**
     * The threat terms for sente once the sliders' attack words are in ({@link #addSlider} for every lance, bishop,
     * rook, horse and dragon, after {@link #clear}): adds those of the other pieces and weighs the attacked pieces.
     *
     * @param pos the position
     * @param w the weights, indexed by feature
     * @return the weighted sum, from sente's point of view
     */
    int score(Position pos, int[] w) {
        steppers(pos, 0);
        steppers(pos, 1);
        long[] a = level, b = below;
        long all0Lo = 0, all0Hi = 0, all1Lo = 0, all1Hi = 0;
        for (int l = 0; l < LEVELS; l++) {
            all0Lo |= a[l * 2];
            all0Hi |= a[l * 2 + 1];
            all1Lo |= a[(LEVELS + l) * 2];
            all1Hi |= a[(LEVELS + l) * 2 + 1];
        }
        int k0 = pos.kingSquare(0), k1 = pos.kingSquare(1);
        if (k0 != Position.NO_SQUARE) {
            all0Lo |= KING_LO[k0];
            all0Hi |= KING_HI[k0];
        }
        if (k1 != Position.NO_SQUARE) {
            all1Lo |= KING_LO[k1];
            all1Hi |= KING_HI[k1];
        }
        int v = 0;
        for (int c = 0; c < 2; c++) {
            int e = c ^ 1, k = c == 0 ? k0 : k1;
            long eLo = c == 0 ? all1Lo : all0Lo, eHi = c == 0 ? all1Hi : all0Hi;
            long dLo = c == 0 ? all0Lo : all1Lo, dHi = c == 0 ? all0Hi : all1Hi;
            long tLo = pos.piecesLo(c) & eLo, tHi = pos.piecesHi(c) & eHi;
            if (k != Position.NO_SQUARE) {
                if (k < 63) {
                    tLo &= ~(1L << k);
                } else {
                    tHi &= ~(1L << (k - 63));
                }
            }
            if ((tLo | tHi) == 0) {
                continue;
            }
            int base = e * LEVELS * 2;
            b[0] = 0;
            b[1] = 0;
            for (int l = 1; l <= LEVELS; l++) {
                b[l * 2] = b[l * 2 - 2] | a[base + l * 2 - 2];
                b[l * 2 + 1] = b[l * 2 - 1] | a[base + l * 2 - 1];
            }
            int mover = pos.sideToMove() == c ? 0 : 1, s = 0;
            while ((tLo | tHi) != 0) {
                int r;
                boolean hang, lesser;
                if (tLo != 0) {
                    int sq = Long.numberOfTrailingZeros(tLo);
                    tLo &= tLo - 1;
                    r = Piece.role(pos.pieceAt(sq));
                    hang = (dLo >>> sq & 1) == 0;
                    lesser = (b[LEVEL[r] * 2] >>> sq & 1) != 0;
                } else {
                    int bit = Long.numberOfTrailingZeros(tHi);
                    tHi &= tHi - 1;
                    r = Piece.role(pos.pieceAt(63 + bit));
                    hang = (dHi >>> bit & 1) == 0;
                    lesser = (b[LEVEL[r] * 2 + 1] >>> bit & 1) != 0;
                }
                if (hang) {
                    s += w[index(mover, 0, r)];
                }
                if (lesser) {
                    s += w[index(mover, 1, r)];
                }
            }
            v += c == 0 ? s : -s;
        }
        return v;
    }

    /** Builds the reference attack words of a position the plain way, one attack query per piece; {@link #write} reads them. */
    private void build(Position pos) {
        long[] a = all, b = refBelow;
        java.util.Arrays.fill(a, 0);
        java.util.Arrays.fill(b, 0);
        long occLo = pos.occupiedLo(), occHi = pos.occupiedHi();
        for (int part = 0; part < 2; part++) {
            long bits = part == 0 ? occLo : occHi;
            while (bits != 0) {
                int sq = Long.numberOfTrailingZeros(bits) + (part == 0 ? 0 : 63);
                bits &= bits - 1;
                int pc = pos.pieceAt(sq), c = Piece.color(pc), r = Piece.role(pc);
                pos.attacksFrom(pc, sq, occLo, occHi, tmp);
                a[c * 2] |= tmp[0];
                a[c * 2 + 1] |= tmp[1];
                if (r != KING) {
                    // a level-L attacker is below every level from L + 1 up
                    int i = (c * (LEVELS + 1) + LEVEL[r] + 1) * 2;
                    b[i] |= tmp[0];
                    b[i + 1] |= tmp[1];
                }
            }
        }
        for (int c = 0; c < 2; c++) {
            for (int l = 1; l <= LEVELS; l++) {
                int i = (c * (LEVELS + 1) + l) * 2;
                b[i] |= b[i - 2];
                b[i + 1] |= b[i - 1];
            }
        }
    }

    /** The feature index of an attacked piece of role {@code r} for its side's turn ({@code mover} 0 or 1) and kind. */
    private static int index(int mover, int kind, int r) {
        return Features.THREAT + (mover * KINDS + kind) * Features.CLASSES + Features.CLASS[r];
    }

    /**
     * Appends the threat features as (index, count) pairs from sente's point of view, starting at {@code n}.
     *
     * @param pos the position
     * @param index receives feature indices
     * @param count receives the matching counts
     * @param n the first free slot
     * @return the next free slot
     */
    int write(Position pos, int[] index, int[] count, int n) {
        build(pos);
        for (int c = 0; c < 2; c++) {
            int e = c ^ 1, mover = pos.sideToMove() == c ? 0 : 1, s = c == 0 ? 1 : -1;
            long hangLo = all[e * 2] & ~all[c * 2], hangHi = all[e * 2 + 1] & ~all[c * 2 + 1];
            for (int r = 1; r <= 14; r++) {
                if (r == KING) {
                    continue;
                }
                long lo = pos.piecesLo(c, r), hi = pos.piecesHi(c, r);
                int j = (e * (LEVELS + 1) + LEVEL[r]) * 2;
                int hang = Long.bitCount(lo & hangLo) + Long.bitCount(hi & hangHi);
                int lesser = Long.bitCount(lo & refBelow[j]) + Long.bitCount(hi & refBelow[j + 1]);
                if (hang != 0) {
                    index[n] = index(mover, 0, r);
                    count[n++] = s * hang;
                }
                if (lesser != 0) {
                    index[n] = index(mover, 1, r);
                    count[n++] = s * lesser;
                }
            }
        }
        return n;
    }
}
