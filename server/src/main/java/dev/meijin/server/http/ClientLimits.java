package dev.meijin.server.http;

import java.util.Iterator;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.LongSupplier;

/**
 * A token bucket per client address: {@code rate} writes a second with bursts of ten times as many. Buckets
 * idle long enough to be full again are dropped when the table grows, so a flood of addresses cannot grow it
 * without bound.
 */
final class ClientLimits {
    private static final int SWEEP_AT = 10_000;

    private final double rate;
    private final double burst;
    private final LongSupplier nanos;
    private final ConcurrentHashMap<String, Bucket> buckets = new ConcurrentHashMap<>();

    ClientLimits(double rate, LongSupplier nanos) {
        this.rate = rate;
        this.burst = Math.max(1, rate * 10);
        this.nanos = nanos;
    }

    private static final class Bucket {
        double tokens;
        long last;
    }

    /** Takes a token for a client if it has one left. */
    boolean tryAcquire(String client) {
        long now = nanos.getAsLong();
        if (buckets.size() > SWEEP_AT) {
            sweep(now);
        }
        Bucket b = buckets.computeIfAbsent(client, k -> {
            Bucket n = new Bucket();
            n.tokens = burst;
            n.last = now;
            return n;
        });
        synchronized (b) {
            b.tokens = Math.min(burst, b.tokens + (now - b.last) * rate / 1e9);
            b.last = now;
            if (b.tokens >= 1) {
                b.tokens -= 1;
                return true;
            }
            return false;
        }
    }

    private void sweep(long now) {
        long full = (long) (burst / rate * 1e9);
        for (Iterator<Map.Entry<String, Bucket>> it = buckets.entrySet().iterator(); it.hasNext();) {
            Bucket b = it.next().getValue();
            synchronized (b) {
                if (now - b.last > full) {
                    it.remove();
                }
            }
        }
    }
}
