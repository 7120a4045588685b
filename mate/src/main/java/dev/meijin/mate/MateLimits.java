package dev.meijin.mate;

import java.time.Duration;
import java.util.Objects;

/**
 * Limits of one solve. The memory limit is the solver's table size, fixed when the {@link MateSolver} is made.
 *
 * @param nodes maximum number of nodes searched, {@link Long#MAX_VALUE} for none
 * @param time maximum time, {@code null} for none
 */
public record MateLimits(long nodes, Duration time) {
    /** No limit: the search runs until it settles the problem or is stopped. */
    public static final MateLimits NONE = new MateLimits(Long.MAX_VALUE, null);

    /** Validates the limits. */
    public MateLimits {
        if (nodes <= 0) {
            throw new IllegalArgumentException("node limit must be positive, not " + nodes);
        }
        if (time != null && (time.isNegative() || time.isZero())) {
            throw new IllegalArgumentException("time limit must be positive, not " + time);
        }
    }

    /** A node limit alone. */
    public static MateLimits ofNodes(long nodes) {
        return new MateLimits(nodes, null);
    }

    /** A time limit alone. */
    public static MateLimits ofTime(Duration time) {
        return new MateLimits(Long.MAX_VALUE, Objects.requireNonNull(time, "time"));
    }
}
