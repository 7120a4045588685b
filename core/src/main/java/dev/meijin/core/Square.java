package dev.meijin.core;

/**
 * Squares as ints, file-major.
 *
 * <p>The board is seen from sente's side: file 1 is on the right, file 9 on the left; rank 1 (USI letter
 * {@code a}) is gote's back rank at the top, rank 9 ({@code i}) is sente's back rank. A square is the int
 * {@code 9 * (file - 1) + (rank - 1)}, so {@code 1a} (square 11, top right of a diagram) is 0, {@code 9i}
 * is 80, and {@code 7g} (the square of ７七) is 60. Squares of one file are consecutive, which keeps a file
 * inside one word of a bitboard (files 1–7 in the low word, 8–9 in the high word).
 *
 * <p>The canonical text is the USI name ({@code 7g}); {@link #csa(int)} gives the two-digit form ({@code 77}).
 */
public final class Square {
    /** Number of squares. */
    public static final int COUNT = 81;

    public static final int SQ_1A = 0;
    public static final int SQ_5E = 40;
    public static final int SQ_9I = 80;

    private Square() {}

    /**
     * The square at a file and rank, both 1–9.
     *
     * @throws IllegalArgumentException if either is out of range
     */
    public static int of(int file, int rank) {
        if (file < 1 || file > 9 || rank < 1 || rank > 9) {
            throw new IllegalArgumentException("no square at file " + file + ", rank " + rank);
        }
        return 9 * (file - 1) + (rank - 1);
    }

    /** The file 1–9. */
    public static int file(int sq) {
        return sq / 9 + 1;
    }

    /** The rank 1–9. */
    public static int rank(int sq) {
        return sq % 9 + 1;
    }

    public static boolean isValid(int sq) {
        return sq >= 0 && sq < COUNT;
    }

    /** The rank as seen by the given colour: sente's rank 1 is rank 1, gote's rank 1 is rank 9. */
    public static int relativeRank(int color, int sq) {
        int r = sq % 9 + 1;
        return color == 0 ? r : 10 - r;
    }

    /** Whether the square lies in the given colour's promotion zone (the three farthest ranks). */
    public static boolean inZone(int color, int sq) {
        return relativeRank(color, sq) <= 3;
    }

    /** The square seen from the other side (180° rotation). */
    public static int flip(int sq) {
        return 80 - sq;
    }

    /** The USI name, e.g. {@code 7g}. */
    public static String name(int sq) {
        return new String(new char[] {(char) ('0' + file(sq)), (char) ('a' + rank(sq) - 1)});
    }

    /** The two-digit CSA/KIF form, e.g. {@code 77}. */
    public static String csa(int sq) {
        return new String(new char[] {(char) ('0' + file(sq)), (char) ('0' + rank(sq))});
    }

    /**
     * Parses a USI square name such as {@code 7g}.
     *
     * @throws IllegalArgumentException naming the text if it is not a square
     */
    public static int parse(CharSequence text) {
        int sq = tryParse(text, 0);
        if (text.length() != 2 || sq < 0) {
            throw new IllegalArgumentException("not a square: \"" + text + "\"");
        }
        return sq;
    }

    /** Parses the two characters at {@code index} as a USI square; -1 if they are not one. */
    public static int tryParse(CharSequence text, int index) {
        if (index < 0 || index + 2 > text.length()) {
            return -1;
        }
        int f = text.charAt(index) - '0';
        int r = text.charAt(index + 1) - 'a' + 1;
        if (f < 1 || f > 9 || r < 1 || r > 9) {
            return -1;
        }
        return 9 * (f - 1) + (r - 1);
    }
}
