package dev.meijin.engine;

/**
 * How long one search may think: an optimum (where iterative deepening stops starting new iterations,
 * stretched when the best move keeps changing) and a maximum (the hard stop, checked every few hundred nodes).
 *
 * <p>Byoyomi: the period is lost when unused, so the search spends most of it, plus a share of the main time;
 * the hard stop keeps {@code NetworkDelay2} (and a small internal margin) clear of the end of the period.
 * Increment: a share of the main time plus most of the increment. Sudden death: a share of the main time.
 * {@code NetworkDelay} is taken off the optimum, {@code MinimumThinkingTime} is a floor for both (but never past
 * the hard limit, and without byoyomi never above the share of the main time the optimum starts from), {@code
 * SlowMover} scales the optimum in percent.
 *
 * <p>When nothing thinking less could save is left (a byoyomi period with the main time spent, or a fixed
 * {@code movetime}), {@link #useAll} is set: iterative deepening then goes on until the hard stop instead of
 * stopping early at the optimum, since the unused part of the period is lost anyway. The hard stop is the same
 * either way, so this spends no time past the margins.
 */
final class TimeManager {
    /** Milliseconds always kept between the hard stop and the end of the time we have. */
    static final long SAFETY_MS = 30;

    final long optimum;
    final long maximum;
    final boolean timed;
    /** Whether time left unused is lost (byoyomi with no main time, or a fixed movetime): think to the hard stop. */
    final boolean useAll;

    private TimeManager(long optimum, long maximum, boolean timed, boolean useAll) {
        this.optimum = optimum;
        this.maximum = maximum;
        this.timed = timed;
        this.useAll = useAll;
    }

    static TimeManager of(SearchLimits l, int side, int ply, Options o) {
        if (l.infinite() || (!l.timed())) {
            return new TimeManager(Long.MAX_VALUE, Long.MAX_VALUE, false, false);
        }
        long delay = o.networkDelay, delay2 = Math.max(o.networkDelay2, delay);
        // Margins never take more than half of the time this move has for sure (the byoyomi or increment, or a
        // share of the main time), so that a short byoyomi is still used.
        long sure = Math.max(Math.max(l.byoyomi(), side == 0 ? l.binc() : l.winc()), (side == 0 ? l.btime() : l.wtime()) / 20);
        if (l.movetime() > 0) {
            sure = l.movetime();
        }
        delay = Math.min(delay, sure / 2);
        delay2 = Math.min(delay2, sure / 2);
        if (l.movetime() > 0) {
            long t = Math.max(1, l.movetime() - delay);
            return new TimeManager(t, t, true, true);
        }
        long time = side == 0 ? l.btime() : l.wtime();
        long inc = side == 0 ? l.binc() : l.winc();
        long byo = l.byoyomi();
        int movesLeft = Math.max(20, 60 - ply / 4);
        long hard; // the latest moment we may still be thinking
        long opt;
        if (byo > 0) {
            hard = time + byo - delay2 - SAFETY_MS;
            opt = time / movesLeft + byo - delay;
            long max = Math.min(hard, time / 5 + byo - delay);
            hard = Math.min(hard, Math.max(max, byo - delay2 - SAFETY_MS));
        } else if (inc > 0) {
            hard = time + inc - delay2 - SAFETY_MS;
            opt = time / movesLeft + inc * 3 / 4 - delay;
            hard = Math.min(hard, time / 4 + inc - delay);
        } else {
            hard = time - delay2 - SAFETY_MS;
            opt = time / (movesLeft + 10) - delay;
            hard = Math.min(hard, time / 6);
        }
        opt = opt * o.slowMover / 100;
        long min = o.minimumThinkingTime;
        if (byo == 0) {
            // Without byoyomi every move's time comes out of the main time: the floor is at most the share the
            // optimum starts from, or a short game would spend its main time on its first moves.
            min = Math.min(min, time / (movesLeft + 10) + inc);
        }
        hard = Math.max(hard, Math.min(min, hard));
        opt = Math.max(opt, min);
        hard = Math.max(1, hard);
        opt = Math.max(1, Math.min(opt, hard));
        return new TimeManager(opt, hard, true, byo > 0 && time <= 0);
    }
}
