package dev.meijin.core.bits;

/**
 * Precomputed attack tables over two-word bitboards. Internal to the core: other modules use
 * {@code Position} and {@code Bitboard}.
 *
 * <p>All tables are flat {@code long[]} pairs ({@code _LO} for squares 0–62, {@code _HI} for 63–80) indexed
 * as documented on each. Sliders use rays: for each of the eight directions the ray from a square (not
 * including it); the nearest blocker along a direction whose square indices increase is the lowest set
 * bit of {@code ray & occupied}, and the highest for decreasing directions. Ray index 81 of every
 * direction is empty, a sentinel for "no blocker".
 */
public final class Attacks {
    private Attacks() {}

    /** Direction deltas in square index: up (toward rank 1), down, toward file 9, toward file 1, diagonals. */
    public static final int UP = 0, DOWN = 1, LEFT = 2, RIGHT = 3, UP_LEFT = 4, DOWN_RIGHT = 5, UP_RIGHT = 6, DOWN_LEFT = 7;

    /** File and rank steps of each direction ("left" is toward file 9 as sente sees the board). */
    private static final int[] DF = {0, 0, 1, -1, 1, -1, -1, 1};
    private static final int[] DR = {-1, 1, 0, 0, -1, 1, -1, 1};

    /**
     * Whether the direction's square indices increase (nearest blocker = lowest bit). Directions come in
     * opposite pairs {@code d} and {@code d ^ 1}.
     */
    public static final boolean[] POSITIVE = {false, true, true, false, true, false, false, true};

    /** Ray from a square in a direction: index {@code dir * 82 + sq}; index {@code dir * 82 + 81} is empty. */
    public static final long[] RAY_LO = new long[8 * 82], RAY_HI = new long[8 * 82];

    /** Step attacks indexed {@code color * 81 + sq}. Gold also serves tokin and the other promoted minors. */
    public static final long[] PAWN_LO = new long[162], PAWN_HI = new long[162];
    public static final long[] KNIGHT_LO = new long[162], KNIGHT_HI = new long[162];
    public static final long[] SILVER_LO = new long[162], SILVER_HI = new long[162];
    public static final long[] GOLD_LO = new long[162], GOLD_HI = new long[162];
    /** King steps, indexed by square. */
    public static final long[] KING_LO = new long[81], KING_HI = new long[81];
    /** Orthogonal single steps (the horse's extra moves) and diagonal single steps (the dragon's). */
    public static final long[] CROSS_LO = new long[81], CROSS_HI = new long[81];
    public static final long[] DIAG_LO = new long[81], DIAG_HI = new long[81];
    /** Slider attacks on an empty board: lance indexed {@code color * 81 + sq}, bishop and rook by square. */
    public static final long[] LANCE_EMPTY_LO = new long[162], LANCE_EMPTY_HI = new long[162];
    public static final long[] BISHOP_EMPTY_LO = new long[81], BISHOP_EMPTY_HI = new long[81];
    public static final long[] ROOK_EMPTY_LO = new long[81], ROOK_EMPTY_HI = new long[81];

    /** Squares strictly between two aligned squares, indexed {@code a * 81 + b}; empty if not aligned. */
    public static final long[] BETWEEN_LO = new long[81 * 81], BETWEEN_HI = new long[81 * 81];
    /** The whole line through two aligned squares, indexed {@code a * 81 + b}; empty if not aligned. */
    public static final long[] LINE_LO = new long[81 * 81], LINE_HI = new long[81 * 81];
    /** Direction from {@code a} to {@code b}, indexed {@code a * 81 + b}; -1 if not aligned. */
    public static final byte[] DIRECTION = new byte[81 * 81];

    /** Single-square bits. */
    public static final long[] SQ_LO = new long[82], SQ_HI = new long[82];

    /** Ranks (index 1–9) and files (index 1–9). */
    public static final long[] RANK_LO = new long[10], RANK_HI = new long[10];
    public static final long[] FILE_LO = new long[10], FILE_HI = new long[10];

    /**
     * Drop-allowed squares by colour for pawn/lance (not the last rank) and knight (not the last two ranks),
     * and the promotion zones, indexed by colour.
     */
    public static final long[] NOT_LAST1_LO = new long[2], NOT_LAST1_HI = new long[2];
    public static final long[] NOT_LAST2_LO = new long[2], NOT_LAST2_HI = new long[2];
    public static final long[] ZONE_LO = new long[2], ZONE_HI = new long[2];

    public static final long ALL_LO = (1L << 63) - 1, ALL_HI = (1L << 18) - 1;

    private static int sq(int file, int rank) {
        return 9 * (file - 1) + (rank - 1);
    }

    private static void set(long[] lo, long[] hi, int index, int square) {
        if (square < 63) {
            lo[index] |= 1L << square;
        } else {
            hi[index] |= 1L << (square - 63);
        }
    }

    private static void steps(long[] lo, long[] hi, int index, int s, int color, int[][] offsets) {
        int f = s / 9 + 1, r = s % 9 + 1;
        for (int[] o : offsets) {
            int nf = f + o[0], nr = r + (color == 0 ? o[1] : -o[1]);
            if (nf >= 1 && nf <= 9 && nr >= 1 && nr <= 9) {
                set(lo, hi, index, sq(nf, nr));
            }
        }
    }

    static {
        for (int s = 0; s < 81; s++) {
            set(SQ_LO, SQ_HI, s, s);
            int f = s / 9 + 1, r = s % 9 + 1;
            set(RANK_LO, RANK_HI, r, s);
            set(FILE_LO, FILE_HI, f, s);
            for (int c = 0; c < 2; c++) {
                int rel = c == 0 ? r : 10 - r;
                if (rel > 1) set(NOT_LAST1_LO, NOT_LAST1_HI, c, s);
                if (rel > 2) set(NOT_LAST2_LO, NOT_LAST2_HI, c, s);
                if (rel <= 3) set(ZONE_LO, ZONE_HI, c, s);
            }
            for (int d = 0; d < 8; d++) {
                for (int nf = f + DF[d], nr = r + DR[d]; nf >= 1 && nf <= 9 && nr >= 1 && nr <= 9; nf += DF[d], nr += DR[d]) {
                    set(RAY_LO, RAY_HI, d * 82 + s, sq(nf, nr));
                }
            }
            for (int c = 0; c < 2; c++) {
                int i = c * 81 + s;
                steps(PAWN_LO, PAWN_HI, i, s, c, new int[][] {{0, -1}});
                steps(KNIGHT_LO, KNIGHT_HI, i, s, c, new int[][] {{1, -2}, {-1, -2}});
                steps(SILVER_LO, SILVER_HI, i, s, c, new int[][] {{0, -1}, {1, -1}, {-1, -1}, {1, 1}, {-1, 1}});
                steps(GOLD_LO, GOLD_HI, i, s, c, new int[][] {{0, -1}, {1, -1}, {-1, -1}, {1, 0}, {-1, 0}, {0, 1}});
                int lanceDir = c == 0 ? UP : DOWN;
                LANCE_EMPTY_LO[i] = RAY_LO[lanceDir * 82 + s];
                LANCE_EMPTY_HI[i] = RAY_HI[lanceDir * 82 + s];
            }
            steps(KING_LO, KING_HI, s, s, 0, new int[][] {{0, -1}, {1, -1}, {-1, -1}, {1, 0}, {-1, 0}, {0, 1}, {1, 1}, {-1, 1}});
            steps(CROSS_LO, CROSS_HI, s, s, 0, new int[][] {{0, -1}, {1, 0}, {-1, 0}, {0, 1}});
            steps(DIAG_LO, DIAG_HI, s, s, 0, new int[][] {{1, -1}, {-1, -1}, {1, 1}, {-1, 1}});
            for (int d = UP; d <= RIGHT; d++) {
                ROOK_EMPTY_LO[s] |= RAY_LO[d * 82 + s];
                ROOK_EMPTY_HI[s] |= RAY_HI[d * 82 + s];
            }
            for (int d = UP_LEFT; d <= DOWN_LEFT; d++) {
                BISHOP_EMPTY_LO[s] |= RAY_LO[d * 82 + s];
                BISHOP_EMPTY_HI[s] |= RAY_HI[d * 82 + s];
            }
        }
        java.util.Arrays.fill(DIRECTION, (byte) -1);
        for (int a = 0; a < 81; a++) {
            for (int d = 0; d < 8; d++) {
                int f = a / 9 + 1 + DF[d], r = a % 9 + 1 + DR[d];
                long bl = 0, bh = 0;
                for (; f >= 1 && f <= 9 && r >= 1 && r <= 9; f += DF[d], r += DR[d]) {
                    int b = sq(f, r);
                    int i = a * 81 + b;
                    DIRECTION[i] = (byte) d;
                    BETWEEN_LO[i] = bl;
                    BETWEEN_HI[i] = bh;
                    int opposite = d ^ 1;
                    LINE_LO[i] = RAY_LO[d * 82 + a] | RAY_LO[opposite * 82 + a] | SQ_LO[a];
                    LINE_HI[i] = RAY_HI[d * 82 + a] | RAY_HI[opposite * 82 + a] | SQ_HI[a];
                    if (b < 63) {
                        bl |= 1L << b;
                    } else {
                        bh |= 1L << (b - 63);
                    }
                }
            }
        }
    }

    /** Index of the nearest blocker from {@code sq} in direction {@code dir}, or 81 if none. */
    public static int blocker(int dir, int sq, long occLo, long occHi) {
        int i = dir * 82 + sq;
        long bl = RAY_LO[i] & occLo, bh = RAY_HI[i] & occHi;
        if (POSITIVE[dir]) {
            if (bl != 0) return Long.numberOfTrailingZeros(bl);
            if (bh != 0) return 63 + Long.numberOfTrailingZeros(bh);
        } else {
            if (bh != 0) return 126 - Long.numberOfLeadingZeros(bh);
            if (bl != 0) return 63 - Long.numberOfLeadingZeros(bl);
        }
        return 81;
    }

    /** Whether the three squares lie on one line (in any order), as for a pinned piece staying on its pin line. */
    public static boolean aligned(int a, int b, int c) {
        int i = a * 81 + b;
        return ((c < 63 ? LINE_LO[i] >>> c : LINE_HI[i] >>> (c - 63)) & 1) != 0;
    }

    public static boolean contains(long lo, long hi, int sq) {
        return ((sq < 63 ? lo >>> sq : hi >>> (sq - 63)) & 1) != 0; // one test: small enough to inline everywhere
    }
}
