package dev.meijin.core.game;

/**
 * Where a {@link Clock} gets the current time: a monotonic reading in nanoseconds. Only differences between
 * two readings mean anything, so the origin is arbitrary.
 *
 * <p>Game code reads the time from a source it is given and passes the value to the clock; tests pass a
 * fake that they advance by hand instead of sleeping.
 *
 * {@snippet :
 * TimeSource time = TimeSource.SYSTEM;
 * Clock clock = Clock.of(TimeControl.byoyomi(Duration.ofMinutes(10), Duration.ofSeconds(30)));
 * clock = clock.start(Color.SENTE, time.nanos());
 * // ... sente thinks ...
 * clock = clock.step(time.nanos()); // sente moved; gote's clock runs
 * }
 */
@FunctionalInterface
public interface TimeSource {

    /** The current time in nanoseconds from an arbitrary origin; never decreases. */
    long nanos();

    /**
     * The machine's monotonic clock, {@link System#nanoTime()}. It is not wall-clock time, so changes to the
     * system date do not make a player lose or gain time. Only callers that choose it read it; the rules
     * core itself never does.
     */
    TimeSource SYSTEM = System::nanoTime;
}
