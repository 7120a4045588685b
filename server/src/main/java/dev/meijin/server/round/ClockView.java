package dev.meijin.server.round;

/**
 * Both clocks read at {@code serverAt} (epoch milliseconds), the running side's move in progress counted.
 *
 * @param sente sente's time
 * @param gote gote's time
 * @param running the colour whose clock runs, or null
 * @param serverAt when the reading was taken
 */
public record ClockView(Side sente, Side gote, String running, long serverAt) {
    /** One side: main time left, time left in the current byoyomi period, periods left (current included), whether in byoyomi. */
    public record Side(long mainMs, long byoyomiMs, int periods, boolean inByoyomi) {}
}
