package dev.meijin.core.game;

import dev.meijin.core.Color;
import java.time.Duration;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * The game clock of both players under a {@link TimeControl}: an immutable value that every operation
 * replaces. It never reads the time itself; each operation takes {@code now}, a reading in nanoseconds
 * from the {@link TimeSource} the caller chose, so tests drive it with made-up instants.
 *
 * <p>The side whose clock runs accumulates the time of its current move. When it moves ({@link #step}) the
 * move's time, less the lag forgiven, is charged: first to main time, then to byoyomi. A move made
 * within the current byoyomi period keeps the period; each period used up completely is lost. A move made
 * in time earns the Fischer increment. {@link #stop} pauses the clock (an adjournment, a disconnection)
 * and keeps the time already spent on the move, so pausing never refreshes a byoyomi period.
 *
 * <p><b>Lag.</b> The time a move took to reach the clock is forgiven, within two limits: at most the
 * {@link #grace()} on one move, and at most what is left of the side's lag reserve. The reserve starts full
 * ({@link #fullLagReserve}: three moves' grace), what a move is forgiven is taken from it, and every move
 * puts half a grace back, up to full. The lag of a move is the whole time the clock ran, unless the player's
 * own thinking time is known ({@link #step(long, Duration)}): then only the difference is lag. So a
 * connection that is really slow is compensated move after move, while a player out of time cannot go on
 * moving by playing faster than the grace: without a known thinking time, at most half a grace a move is
 * forgiven in the long run.
 *
 * <p>The clock does not end games: callers ask {@link #flagged} and end the game with
 * {@link Game#timeLoss}.
 *
 * {@snippet :
 * Clock c = Clock.of(TimeControl.byoyomi(Duration.ofMinutes(10), Duration.ofSeconds(30)));
 * long t = 0;
 * c = c.start(Color.SENTE, t);
 * c = c.step(t += 5_000_000_000L);             // sente moved after 5 s: 9:55 left
 * Optional<Color> out = c.flagged(t + 1_000);  // empty
 * }
 *
 * @param control the time control
 * @param grace the most lag forgiven on one move; zero for none
 * @param sente sente's time
 * @param gote gote's time
 * @param running the side whose clock runs, if any
 * @param since when the running clock was started (nanoseconds); meaningless while no clock runs
 */
public record Clock(TimeControl control, Duration grace, Side sente, Side gote, Optional<Color> running, long since) {

    private static final long SECOND = 1_000_000_000L;
    private static final long COUNTDOWN = 10 * SECOND;
    /** How many moves' grace a full lag reserve holds. */
    private static final int RESERVE_MOVES = 3;

    /**
     * One player's time between moves.
     *
     * @param main main time left
     * @param periods byoyomi periods left; 0 without byoyomi or once out of time
     * @param pending time already spent on the current, unfinished move while the clock was paused
     * @param lagReserve lag that may still be forgiven (see the class comment)
     */
    public record Side(Duration main, int periods, Duration pending, Duration lagReserve) {
        static final Side OUT_OF_TIME = new Side(Duration.ZERO, 0, Duration.ZERO);

        /**
         * Validates the parts.
         *
         * @throws IllegalArgumentException if a duration is missing or negative or periods are negative
         */
        public Side {
            requireNonNegative("main time left", main);
            requireNonNegative("pending move time", pending);
            requireNonNegative("lag reserve", lagReserve);
            if (periods < 0) {
                throw new IllegalArgumentException("byoyomi periods left " + periods + " is negative");
            }
        }

        /** A side with an empty lag reserve (what a clock without grace has). */
        public Side(Duration main, int periods, Duration pending) {
            this(main, periods, pending, Duration.ZERO);
        }
    }

    /**
     * What a player has left at an instant, counting the move in progress.
     *
     * @param main main time left
     * @param byoyomi time left in the current byoyomi period; the whole period while main time lasts; zero
     *     without byoyomi or once out of time
     * @param periods byoyomi periods left, the current one included
     * @param inByoyomi whether main time is spent and the player is in byoyomi
     */
    public record Reading(Duration main, Duration byoyomi, int periods, boolean inByoyomi) {}

    /**
     * Validates the parts.
     *
     * @throws IllegalArgumentException if a part is missing, the grace is negative, or a side has more
     *     byoyomi periods than the control gives
     */
    public Clock {
        if (control == null || sente == null || gote == null || running == null) {
            throw new IllegalArgumentException("control, both sides and the running side are required");
        }
        requireNonNegative("grace", grace);
        for (Side s : new Side[] {sente, gote}) {
            if (s.periods() > control.periods()) {
                throw new IllegalArgumentException(s.periods() + " byoyomi periods left but the control gives " + control.periods());
            }
        }
    }

    private static void requireNonNegative(String what, Duration d) {
        if (d == null) {
            throw new IllegalArgumentException(what + " is required (use Duration.ZERO for none)");
        }
        if (d.isNegative()) {
            throw new IllegalArgumentException(what + " " + d + " is negative");
        }
    }

    /**
     * A fresh, stopped clock: both players have the full main time and every byoyomi period; no grace.
     *
     * {@snippet :
     * Clock c = Clock.of(TimeControl.suddenDeath(Duration.ofMinutes(10)));
     * }
     *
     * @throws IllegalArgumentException if {@code control} is null
     */
    public static Clock of(TimeControl control) {
        if (control == null) {
            throw new IllegalArgumentException("time control is required");
        }
        Side full = new Side(control.main(), control.periods(), Duration.ZERO);
        return new Clock(control, Duration.ZERO, full, full, Optional.empty(), 0);
    }

    /**
     * This clock with another lag grace, both lag reserves full for it ({@link #fullLagReserve}).
     *
     * {@snippet :
     * Clock c = Clock.of(control).withGrace(Duration.ofMillis(500));
     * }
     *
     * @throws IllegalArgumentException if {@code grace} is null or negative
     */
    public Clock withGrace(Duration grace) {
        requireNonNegative("grace", grace);
        Duration full = fullLagReserve(grace);
        return new Clock(control, grace, new Side(sente.main(), sente.periods(), sente.pending(), full),
                new Side(gote.main(), gote.periods(), gote.pending(), full), running, since);
    }

    /**
     * A full lag reserve for a grace: three moves' worth. A side that starts or resumes a game starts with it.
     *
     * @throws IllegalArgumentException if {@code grace} is null or negative
     */
    public static Duration fullLagReserve(Duration grace) {
        requireNonNegative("grace", grace);
        return grace.multipliedBy(RESERVE_MOVES);
    }

    /** The time of one side between moves. */
    public Side side(Color c) {
        return c == Color.SENTE ? sente : gote;
    }

    private Clock with(Color c, Side s, Optional<Color> run, long at) {
        return c == Color.SENTE ? new Clock(control, grace, s, gote, run, at) : new Clock(control, grace, sente, s, run, at);
    }

    /**
     * Starts (or resumes) the clock of {@code toMove}. Time it spent on its move before a pause counts.
     *
     * {@snippet :
     * Clock c = Clock.of(control).start(Color.SENTE, time.nanos());
     * }
     *
     * @throws IllegalStateException if a clock already runs
     */
    public Clock start(Color toMove, long now) {
        if (running.isPresent()) {
            throw new IllegalStateException("the clock of " + running.get() + " already runs");
        }
        return new Clock(control, grace, sente, gote, Optional.of(toMove), now);
    }

    /**
     * Pauses the running clock, keeping the time spent so far on the current move.
     *
     * {@snippet :
     * Clock paused = c.stop(time.nanos());
     * Clock resumed = paused.start(Color.SENTE, time.nanos()); // sente goes on with the same move
     * }
     *
     * @throws IllegalStateException if no clock runs
     * @throws IllegalArgumentException if {@code now} is before the clock was started
     */
    public Clock stop(long now) {
        Color c = runningOrThrow("stop");
        Side s = side(c);
        return with(c, new Side(s.main(), s.periods(), s.pending().plus(elapsed(now)), s.lagReserve()), Optional.empty(), 0);
    }

    /**
     * The side whose clock runs has moved, its thinking time unknown: the whole time its clock ran counts as
     * possible lag ({@link #step(long, Duration)} with a thinking time of zero).
     *
     * {@snippet :
     * c = c.step(time.nanos());
     * if (c.flagged(time.nanos()).isPresent()) { game.timeLoss(c.flagged(time.nanos()).get()); }
     * }
     *
     * @throws IllegalStateException if no clock runs
     * @throws IllegalArgumentException if {@code now} is before the clock was started
     */
    public Clock step(long now) {
        return step(now, Duration.ZERO);
    }

    /**
     * The side whose clock runs has moved after thinking for {@code thinking} by its own account: its move
     * time is charged less the lag forgiven (the rest of the time its clock ran, within the grace and its lag
     * reserve), it earns the increment if it moved in time, and the opponent's clock starts. A move made out
     * of time is recorded as such: the mover is left with no time, earns nothing, and the clock stops, so
     * {@link #flagged} reports it.
     *
     * {@snippet :
     * c = c.step(time.nanos(), Duration.ofMillis(reportedMs));
     * }
     *
     * @throws IllegalStateException if no clock runs
     * @throws IllegalArgumentException if {@code now} is before the clock was started or {@code thinking} is
     *     null or negative
     */
    public Clock step(long now, Duration thinking) {
        requireNonNegative("thinking time", thinking);
        Color c = runningOrThrow("step");
        if (control.isUnlimited()) {
            return with(c, new Side(Duration.ZERO, 0, Duration.ZERO), Optional.of(c.opposite()), now);
        }
        Side s = side(c);
        Duration spent = spent(c, now);
        Duration lag = spent.minus(thinking);
        Duration forgiven = min(lag.isNegative() ? Duration.ZERO : lag, allowance(s));
        Reading r = reading(s, spent.minus(forgiven));
        if (outOfTime(r)) {
            return with(c, Side.OUT_OF_TIME, Optional.empty(), 0);
        }
        Duration reserve = min(fullLagReserve(grace), s.lagReserve().minus(forgiven).plus(grace.dividedBy(2)));
        Side after = new Side(r.main().plus(control.increment()), r.periods(), Duration.ZERO, reserve);
        return with(c, after, Optional.of(c.opposite()), now);
    }

    /**
     * What {@code color} has left at {@code now}, counting its move in progress less the most lag that may
     * be forgiven on it (as it would be charged if it moved now with no thinking time reported). Under
     * {@link TimeControl#UNLIMITED} every part is zero.
     *
     * {@snippet :
     * Clock.Reading r = c.remaining(Color.GOTE, time.nanos());
     * String shown = r.inByoyomi() ? r.byoyomi().toSeconds() + " s" : r.main().toMinutes() + " min";
     * }
     *
     * @throws IllegalArgumentException if {@code now} is before the running clock was started
     */
    public Reading remaining(Color color, long now) {
        if (control.isUnlimited()) {
            return new Reading(Duration.ZERO, Duration.ZERO, 0, false);
        }
        return reading(side(color), used(color, now));
    }

    /**
     * The side out of time at {@code now}, if any: main time spent without byoyomi, or every byoyomi period
     * used up. Never under {@link TimeControl#UNLIMITED}.
     *
     * {@snippet :
     * c.flagged(time.nanos()).ifPresent(game::timeLoss);
     * }
     *
     * @throws IllegalArgumentException if {@code now} is before the running clock was started
     */
    public Optional<Color> flagged(long now) {
        if (control.isUnlimited()) {
            return Optional.empty();
        }
        for (Color c : Color.values()) {
            if (outOfTime(remaining(c, now))) {
                return Optional.of(c);
            }
        }
        return Optional.empty();
    }

    /**
     * The last-ten-seconds count (10, 9, … 1) for the side whose clock runs: the whole seconds left,
     * rounded up, in its current unit, once no more than ten seconds remain. The unit is each byoyomi
     * period, or main time when there is no byoyomi (main time running out into byoyomi is not announced).
     * Empty for a side whose clock does not run, before the last ten seconds, and once out of time.
     *
     * {@snippet :
     * c.countdown(Color.SENTE, time.nanos()).ifPresent(s -> announce(s)); // "10", "9", … "1"
     * }
     *
     * @throws IllegalArgumentException if {@code now} is before the running clock was started
     */
    public OptionalInt countdown(Color color, long now) {
        if (control.isUnlimited() || !running.equals(Optional.of(color))) {
            return OptionalInt.empty();
        }
        Reading r = remaining(color, now);
        if (outOfTime(r) || control.hasByoyomi() && !r.inByoyomi()) {
            return OptionalInt.empty();
        }
        long left = (r.inByoyomi() ? r.byoyomi() : r.main()).toNanos();
        return left > COUNTDOWN ? OptionalInt.empty() : OptionalInt.of((int) ((left + SECOND - 1) / SECOND));
    }

    private Color runningOrThrow(String what) {
        return running.orElseThrow(() -> new IllegalStateException("cannot " + what + " the clock: no clock runs"));
    }

    private Duration elapsed(long now) {
        if (now < since) {
            throw new IllegalArgumentException("time " + now + " is before the clock was started at " + since);
        }
        return Duration.ofNanos(now - since);
    }

    /** The time {@code c} has spent on its current move at {@code now}. */
    private Duration spent(Color c, long now) {
        Duration spent = side(c).pending();
        return running.equals(Optional.of(c)) ? spent.plus(elapsed(now)) : spent;
    }

    /** The most lag forgiven on {@code s}'s next move: the grace, if the reserve holds that much. */
    private Duration allowance(Side s) {
        return min(grace, s.lagReserve());
    }

    private static Duration min(Duration a, Duration b) {
        return a.compareTo(b) <= 0 ? a : b;
    }

    /**
     * The time to charge for {@code c}'s current move at {@code now} if all of it but its thinking were lag:
     * spent time less the most that may be forgiven, never negative.
     */
    private Duration used(Color c, long now) {
        Duration charged = spent(c, now).minus(allowance(side(c)));
        return charged.isNegative() ? Duration.ZERO : charged;
    }

    private Reading reading(Side s, Duration used) {
        Duration byoyomi = control.byoyomi();
        if (used.compareTo(s.main()) < 0) {
            return new Reading(s.main().minus(used), s.periods() > 0 ? byoyomi : Duration.ZERO, s.periods(), false);
        }
        if (!control.hasByoyomi()) {
            // Sudden death: reaching zero exactly is already a loss.
            return new Reading(Duration.ZERO, Duration.ZERO, 0, false);
        }
        long over = used.minus(s.main()).toNanos();
        long per = byoyomi.toNanos();
        long lost = over / per; // periods used up completely; a move at exactly the period's end is too late
        if (lost >= s.periods()) {
            return new Reading(Duration.ZERO, Duration.ZERO, 0, true);
        }
        return new Reading(Duration.ZERO, Duration.ofNanos(per - over % per), (int) (s.periods() - lost), true);
    }

    /** Main time spent with no byoyomi period left; with byoyomi, {@code periods} is 0 only once out of time. */
    private static boolean outOfTime(Reading r) {
        return r.main().isZero() && r.periods() == 0;
    }
}
