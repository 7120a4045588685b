package dev.meijin.server.round;

import java.util.concurrent.atomic.AtomicLongArray;

/**
 * How long rounds take to handle a move, from taking it out of the mailbox to publishing it (the rules, the
 * database commit and the fan-out), counted in power-of-two buckets of microseconds: bucket {@code k} holds
 * the moves that took less than {@code 2^k} µs (and at least {@code 2^(k-1)}). Cumulative since start, so
 * that a reader can subtract two readings to get a window.
 */
public final class MoveTimings {
    /** The number of buckets: the last one holds everything from about 67 s up. */
    public static final int BUCKETS = 27;

    private final AtomicLongArray counts = new AtomicLongArray(BUCKETS);

    /** Counts one move that took {@code nanos}. */
    void record(long nanos) {
        long us = Math.max(0, nanos / 1000);
        int k = 64 - Long.numberOfLeadingZeros(us);
        counts.incrementAndGet(Math.min(BUCKETS - 1, k));
    }

    /** The counts per bucket so far. */
    public long[] snapshot() {
        long[] out = new long[BUCKETS];
        for (int i = 0; i < BUCKETS; i++) {
            out[i] = counts.get(i);
        }
        return out;
    }

    /**
     * The upper bound in milliseconds of the bucket that holds percentile {@code p} of some counts.
     *
     * @param counts bucket counts, e.g. the difference of two snapshots
     * @param p the percentile, 0–100
     * @return the bucket's upper bound (so the true value is at most this and more than half of it), or 0 without counts
     */
    public static double percentileMs(long[] counts, double p) {
        long total = 0;
        for (long c : counts) {
            total += c;
        }
        if (total == 0) {
            return 0;
        }
        long need = (long) Math.ceil(p / 100 * total);
        long seen = 0;
        for (int k = 0; k < counts.length; k++) {
            seen += counts[k];
            if (seen >= need) {
                return (1L << k) / 1000.0;
            }
        }
        return (1L << (counts.length - 1)) / 1000.0;
    }
}
