package dev.meijin.core.position;

/**
 * Zobrist keys from a fixed seed, so keys (and anything derived from them, such as bench signatures) are
 * the same on every run and machine. The board key XORs one key per (piece, square) and the side key when
 * gote is to move; the hand key is additive: holding {@code n} pieces of a kind adds {@code n} times that
 * kind's key, so taking a piece into hand or dropping it is one addition or subtraction.
 */
public final class Zobrist {
    private Zobrist() {}

    /** Indexed {@code piece * 81 + square}. */
    static final long[] PSQ = new long[32 * 81];
    /** Indexed {@code color * 8 + roleCode}. */
    static final long[] HAND = new long[16];
    static final long SIDE;

    static {
        long state = 0x6D65696A696E2121L; // fixed seed
        for (int i = 0; i < PSQ.length; i++) {
            state += 0x9E3779B97F4A7C15L;
            PSQ[i] = mix(state);
        }
        for (int i = 0; i < HAND.length; i++) {
            state += 0x9E3779B97F4A7C15L;
            HAND[i] = mix(state);
        }
        state += 0x9E3779B97F4A7C15L;
        SIDE = mix(state) | 1; // odd, so the side bit survives in the low bit of a key
    }

    /** SplitMix64 finaliser. */
    private static long mix(long z) {
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }
}
