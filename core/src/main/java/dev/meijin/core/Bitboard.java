package dev.meijin.core;

import java.util.ArrayList;
import java.util.List;

/**
 * An immutable set of squares for APIs and tests; hot paths work on the two words directly. {@code lo}
 * holds squares 0–62 (files 1–7), {@code hi} bits 0–17 hold squares 63–80 (files 8–9).
 */
public record Bitboard(long lo, long hi) {
    public static final Bitboard EMPTY = new Bitboard(0, 0);
    public static final long HI_MASK = (1L << 18) - 1;
    public static final long LO_MASK = (1L << 63) - 1;

    public Bitboard {
        if ((lo & ~LO_MASK) != 0 || (hi & ~HI_MASK) != 0) {
            throw new IllegalArgumentException("bits outside the board");
        }
    }

    public static Bitboard of(int... squares) {
        long lo = 0, hi = 0;
        for (int sq : squares) {
            if (sq < 63) {
                lo |= 1L << sq;
            } else {
                hi |= 1L << (sq - 63);
            }
        }
        return new Bitboard(lo, hi);
    }

    public boolean contains(int sq) {
        return sq < 63 ? (lo >>> sq & 1) != 0 : (hi >>> (sq - 63) & 1) != 0;
    }

    public int count() {
        return Long.bitCount(lo) + Long.bitCount(hi);
    }

    public boolean isEmpty() {
        return (lo | hi) == 0;
    }

    public Bitboard and(Bitboard o) {
        return new Bitboard(lo & o.lo, hi & o.hi);
    }

    public Bitboard or(Bitboard o) {
        return new Bitboard(lo | o.lo, hi | o.hi);
    }

    /** The squares in increasing order. */
    public List<Integer> squares() {
        List<Integer> out = new ArrayList<>(count());
        for (long b = lo; b != 0; b &= b - 1) {
            out.add(Long.numberOfTrailingZeros(b));
        }
        for (long b = hi; b != 0; b &= b - 1) {
            out.add(63 + Long.numberOfTrailingZeros(b));
        }
        return out;
    }

    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder();
        for (int sq : squares()) {
            sb.append(sb.isEmpty() ? "" : " ").append(Square.name(sq));
        }
        return "Bitboard[" + sb + "]";
    }
}
