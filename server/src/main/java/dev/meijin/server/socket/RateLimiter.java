package dev.meijin.server.socket;

/**
 * A token bucket: {@code rate} messages a second with bursts of {@code burst}. One per connection, used from
 * that connection's message thread only.
 */
final class RateLimiter {
    private final double rate;
    private final double burst;
    private double tokens;
    private long last;

    RateLimiter(double rate, double burst, long now) {
        this.rate = rate;
        this.burst = burst;
        this.tokens = burst;
        this.last = now;
    }

    /** Takes a token at {@code now} (nanoseconds) if one is left. */
    boolean tryAcquire(long now) {
        tokens = Math.min(burst, tokens + (now - last) * rate / 1e9);
        last = now;
        if (tokens >= 1) {
            tokens -= 1;
            return true;
        }
        return false;
    }
}
