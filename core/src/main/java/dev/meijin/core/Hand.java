package dev.meijin.core;

/**
 * A hand (pieces in hand of one side) packed into an int. Each hand role has its own bit field with one
 * guard bit above it, so adding and removing pieces is plain addition and "hand A holds at least what
 * hand B holds" is one subtraction and a mask test ({@link #isSuperiorOrEqual(int, int)}).
 *
 * <pre>
 * pawn   bits  0–4  (0–18)     lance  bits 6–8   knight bits 10–12   silver bits 14–16
 * bishop bits 18–19 (0–2)      rook   bits 21–22 gold   bits 24–26
 * </pre>
 */
public final class Hand {
    public static final int EMPTY = 0;

    private static final int[] SHIFT = {0, 0, 6, 10, 14, 18, 21, 24};
    private static final int[] MASK = {0, 31, 7, 7, 7, 3, 3, 7};
    private static final int BORROW = (1 << 5) | (1 << 9) | (1 << 13) | (1 << 17) | (1 << 20) | (1 << 23) | (1 << 27);

    /** Maximum count of each hand role in a full set, indexed by role code 1–7. */
    public static final int[] MAX = {0, 18, 4, 4, 4, 2, 2, 4};

    private Hand() {}

    /** The value to add to hold one more piece of the role (role code 1–7). */
    public static int one(int roleCode) {
        return 1 << SHIFT[roleCode];
    }

    public static int count(int hand, int roleCode) {
        return (hand >>> SHIFT[roleCode]) & MASK[roleCode];
    }

    public static boolean has(int hand, int roleCode) {
        return ((hand >>> SHIFT[roleCode]) & MASK[roleCode]) != 0;
    }

    public static int add(int hand, int roleCode, int n) {
        return hand + (n << SHIFT[roleCode]);
    }

    /** Whether {@code a} holds at least as many pieces of every kind as {@code b}. */
    public static boolean isSuperiorOrEqual(int a, int b) {
        return ((a - b) & BORROW) == 0;
    }

    /** The guard bits above the fields of width 5 (pawn), 3 (lance, knight, silver, gold) and 2 (bishop, rook). */
    private static final int GUARD5 = 1 << 5;
    private static final int GUARD3 = (1 << 9) | (1 << 13) | (1 << 17) | (1 << 27);
    private static final int GUARD2 = (1 << 20) | (1 << 23);

    /** The bits of the fields in which {@code a} holds at least as many pieces as {@code b}. */
    private static int fieldsAtLeast(int a, int b) {
        int ge = ((a | BORROW) - b) & BORROW; // a field's guard bit survives the subtraction where a >= b
        return ge - (((ge & GUARD5) >>> 5) | ((ge & GUARD3) >>> 3) | ((ge & GUARD2) >>> 2));
    }

    /** The hand holding, of every kind, the smaller of the two counts. */
    public static int min(int a, int b) {
        int ge = fieldsAtLeast(a, b);
        return (b & ge) | (a & ~ge);
    }

    /** The hand holding, of every kind, the larger of the two counts. */
    public static int max(int a, int b) {
        int ge = fieldsAtLeast(a, b);
        return (a & ge) | (b & ~ge);
    }

    /** Whether the hand holds anything other than pawns. */
    public static boolean hasNonPawn(int hand) {
        return (hand & ~31) != 0;
    }

    /** Total number of pieces in the hand. */
    public static int size(int hand) {
        int n = 0;
        for (int r = 1; r <= 7; r++) {
            n += count(hand, r);
        }
        return n;
    }
}
