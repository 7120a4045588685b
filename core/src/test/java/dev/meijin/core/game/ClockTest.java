package dev.meijin.core.game;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.meijin.core.Color;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;

class ClockTest {

    /** A time source that only moves when told to. */
    private static final class FakeTime implements TimeSource {
        private long nanos = 1_000_000_000_000L; // an arbitrary origin: only differences matter

        @Override
        public long nanos() {
            return nanos;
        }

        long advance(double seconds) {
            nanos += Math.round(seconds * 1e9);
            return nanos;
        }
    }

    private final FakeTime time = new FakeTime();

    private static Duration s(double seconds) {
        return Duration.ofNanos(Math.round(seconds * 1e9));
    }

    private static final Color SENTE = Color.SENTE;
    private static final Color GOTE = Color.GOTE;

    @Test
    void freshClockIsStoppedWithFullTime() {
        Clock c = Clock.of(TimeControl.byoyomi(s(600), s(30), 3));
        assertThat(c.running()).isEmpty();
        assertThat(c.grace()).isZero();
        assertThat(c.remaining(SENTE, time.nanos())).isEqualTo(new Clock.Reading(s(600), s(30), 3, false));
        assertThat(c.flagged(time.advance(10_000))).isEmpty();
    }

    @Test
    void stepChargesTheMoverAndStartsTheOpponent() {
        Clock c = Clock.of(TimeControl.suddenDeath(s(600))).start(SENTE, time.nanos());
        c = c.step(time.advance(5));
        assertThat(c.running()).contains(GOTE);
        assertThat(c.side(SENTE).main()).isEqualTo(s(595));
        c = c.step(time.advance(12));
        assertThat(c.side(GOTE).main()).isEqualTo(s(588));
        assertThat(c.running()).contains(SENTE);
        assertThat(c.remaining(SENTE, time.advance(1))).isEqualTo(new Clock.Reading(s(594), Duration.ZERO, 0, false));
        assertThat(c.remaining(GOTE, time.nanos()).main()).isEqualTo(s(588));
    }

    @Test
    void operationsReturnNewClocksAndLeaveTheOldOnesAlone() {
        Clock stopped = Clock.of(TimeControl.suddenDeath(s(60)));
        Clock started = stopped.start(SENTE, time.nanos());
        Clock stepped = started.step(time.advance(10));
        assertThat(stopped.running()).isEmpty();
        assertThat(started.side(SENTE).main()).isEqualTo(s(60));
        assertThat(stepped.side(SENTE).main()).isEqualTo(s(50));
    }

    @Test
    void suddenDeathFlagsExactlyAtZero() {
        Clock c = Clock.of(TimeControl.suddenDeath(s(60))).start(SENTE, time.nanos());
        long start = time.nanos();
        assertThat(c.flagged(start + s(60).toNanos() - 1)).isEmpty();
        assertThat(c.remaining(SENTE, start + s(60).toNanos() - 1).main()).isEqualTo(Duration.ofNanos(1));
        assertThat(c.flagged(start + s(60).toNanos())).contains(SENTE);
        assertThat(c.remaining(SENTE, start + s(60).toNanos())).isEqualTo(new Clock.Reading(Duration.ZERO, Duration.ZERO, 0, false));
        assertThat(c.flagged(start + s(61).toNanos())).contains(SENTE);
    }

    @Test
    void aMoveMadeOutOfTimeIsRecordedAndStopsTheClock() {
        Clock c = Clock.of(TimeControl.suddenDeath(s(60))).start(SENTE, time.nanos()).step(time.advance(60));
        assertThat(c.running()).isEmpty();
        assertThat(c.side(SENTE)).isEqualTo(new Clock.Side(Duration.ZERO, 0, Duration.ZERO));
        assertThat(c.flagged(time.advance(1))).contains(SENTE);
    }

    @Test
    void byoyomiStartsWhenMainTimeIsSpent() {
        Clock c = Clock.of(TimeControl.byoyomi(s(600), s(30))).start(SENTE, time.nanos());
        long t0 = time.nanos();
        assertThat(c.remaining(SENTE, t0 + s(590).toNanos())).isEqualTo(new Clock.Reading(s(10), s(30), 1, false));
        assertThat(c.remaining(SENTE, t0 + s(600).toNanos())).isEqualTo(new Clock.Reading(Duration.ZERO, s(30), 1, true));
        assertThat(c.remaining(SENTE, t0 + s(610).toNanos())).isEqualTo(new Clock.Reading(Duration.ZERO, s(20), 1, true));
        assertThat(c.flagged(t0 + s(629.9).toNanos())).isEmpty();
        assertThat(c.flagged(t0 + s(630).toNanos())).contains(SENTE);
    }

    @Test
    void classicalByoyomiKeepsThePeriodForAMoveInsideItAndFlagsAtItsEnd() {
        // Main time spent on the first move, then 30 s per move.
        Clock c = Clock.of(TimeControl.byoyomi(s(600), s(30))).start(SENTE, time.nanos());
        c = c.step(time.advance(610)).step(time.advance(1)); // sente into byoyomi; gote answers
        assertThat(c.side(SENTE)).isEqualTo(new Clock.Side(Duration.ZERO, 1, Duration.ZERO));
        assertThat(c.remaining(SENTE, time.nanos())).isEqualTo(new Clock.Reading(Duration.ZERO, s(30), 1, true));

        c = c.step(time.advance(29.9)).step(time.advance(1)); // in time: the period is whole again
        assertThat(c.flagged(time.nanos())).isEmpty();
        assertThat(c.side(SENTE).periods()).isEqualTo(1);
        assertThat(c.remaining(SENTE, time.nanos()).byoyomi()).isEqualTo(s(30));

        Clock late = c.step(time.advance(30.0));
        assertThat(late.flagged(time.nanos())).contains(SENTE);
        assertThat(c.flagged(time.nanos())).contains(SENTE);
        assertThat(c.step(time.advance(5)).flagged(time.nanos())).contains(SENTE);
    }

    @Test
    void threePeriodsOfThirtySecondsLoseOnePeriodForAFortyFiveSecondThink() {
        Clock c = Clock.of(TimeControl.byoyomi(Duration.ZERO, s(30), 3)).start(SENTE, time.nanos());
        assertThat(c.remaining(SENTE, time.advance(45))).isEqualTo(new Clock.Reading(Duration.ZERO, s(15), 2, true));
        c = c.step(time.nanos());
        assertThat(c.side(SENTE).periods()).isEqualTo(2);
        c = c.step(time.advance(3));
        assertThat(c.remaining(SENTE, time.nanos())).isEqualTo(new Clock.Reading(Duration.ZERO, s(30), 2, true));

        // Using both remaining periods loses; 59.9 s uses one and leaves the last.
        Clock slow = c.step(time.advance(59.9)).step(time.advance(1));
        assertThat(slow.side(SENTE).periods()).isEqualTo(1);
        assertThat(slow.flagged(time.advance(29.999))).isEmpty();
        assertThat(slow.flagged(time.advance(0.001))).contains(SENTE);
    }

    @Test
    void periodsUsedUpOneAfterAnotherFlagAtTheEndOfTheLast() {
        Clock c = Clock.of(TimeControl.byoyomi(s(60), s(30), 3)).start(GOTE, time.nanos());
        long t0 = time.nanos();
        assertThat(c.remaining(GOTE, t0 + s(60 + 89).toNanos())).isEqualTo(new Clock.Reading(Duration.ZERO, s(1), 1, true));
        assertThat(c.flagged(t0 + s(60 + 90).toNanos() - 1)).isEmpty();
        assertThat(c.flagged(t0 + s(60 + 90).toNanos())).contains(GOTE);
    }

    @Test
    void fischerIncrementIsAddedAfterEachTimelyMove() {
        Clock c = Clock.of(TimeControl.fischer(s(60), s(10))).start(SENTE, time.nanos());
        c = c.step(time.advance(5));
        assertThat(c.side(SENTE).main()).isEqualTo(s(65));
        c = c.step(time.advance(20));
        assertThat(c.side(GOTE).main()).isEqualTo(s(50));
        c = c.step(time.advance(64.999));
        assertThat(c.side(SENTE).main()).isEqualTo(s(10.001));
        c = c.step(time.advance(1));
        assertThat(c.flagged(time.advance(10.001))).contains(SENTE);
    }

    @Test
    void fischerIncrementIsNotAddedOnAFlag() {
        Clock c = Clock.of(TimeControl.fischer(s(60), s(10))).start(SENTE, time.nanos()).step(time.advance(60));
        assertThat(c.side(SENTE).main()).isZero();
        assertThat(c.flagged(time.nanos())).contains(SENTE);
        assertThat(c.running()).isEmpty();
    }

    @Test
    void byoyomiWithIncrementAddsToMainTime() {
        Clock c = Clock.of(new TimeControl(Duration.ZERO, s(10), 1, s(5))).start(SENTE, time.nanos());
        c = c.step(time.advance(9)).step(time.advance(1));
        assertThat(c.side(SENTE)).isEqualTo(new Clock.Side(s(5), 1, Duration.ZERO));
        // The next move spends the increment first, then has the whole period.
        assertThat(c.flagged(time.advance(14.9))).isEmpty();
        assertThat(c.flagged(time.advance(0.1))).contains(SENTE);
    }

    @Test
    void graceIsForgivenOnEveryMoveButNeverCreditsTime() {
        Clock c = Clock.of(TimeControl.suddenDeath(s(60))).withGrace(s(0.5)).start(SENTE, time.nanos());
        c = c.step(time.advance(2));
        assertThat(c.side(SENTE).main()).isEqualTo(s(58.5));
        c = c.step(time.advance(0.2)).step(time.advance(0.3)); // quicker than the grace: charged nothing
        assertThat(c.side(GOTE).main()).isEqualTo(s(60));
        assertThat(c.side(SENTE).main()).isEqualTo(s(58.5));
        assertThatThrownBy(() -> Clock.of(TimeControl.UNLIMITED).withGrace(s(-1)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("grace").hasMessageContaining("negative");
    }

    @Test
    void aReportedThinkingTimeLeavesOnlyTheRestOfTheMoveAsLag() {
        Clock c = Clock.of(TimeControl.suddenDeath(s(60))).withGrace(s(0.3)).start(SENTE, time.nanos());
        c = c.step(time.advance(2), s(1.9)); // 0.1 s of lag
        assertThat(c.side(SENTE).main()).isEqualTo(s(58.1));
        c = c.step(time.advance(2), s(2.5)); // more thinking claimed than the clock ran: no lag at all
        assertThat(c.side(GOTE).main()).isEqualTo(s(58));
        c = c.step(time.advance(2), s(1)); // a second of lag: the grace of 0.3 s is the most forgiven
        assertThat(c.side(SENTE).main()).isEqualTo(s(56.4));
        assertThatThrownBy(() -> c0().step(time.nanos(), s(-1))).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("thinking time").hasMessageContaining("negative");
    }

    private Clock c0() {
        return Clock.of(TimeControl.suddenDeath(s(60))).start(SENTE, time.nanos());
    }

    @Test
    void theLagReserveStartsFullIsSpentByForgivenLagAndRefillsByHalfAGraceAMove() {
        Clock c = Clock.of(TimeControl.suddenDeath(s(60))).withGrace(s(0.4));
        assertThat(Clock.fullLagReserve(s(0.4))).isEqualTo(s(1.2));
        assertThat(c.side(SENTE).lagReserve()).isEqualTo(s(1.2));
        assertThat(c.side(GOTE).lagReserve()).isEqualTo(s(1.2));
        c = c.start(SENTE, time.nanos()).step(time.advance(1)); // 0.4 forgiven, 0.2 back
        assertThat(c.side(SENTE).lagReserve()).isEqualTo(s(1.0));
        c = c.step(time.advance(0.1)); // gote: 0.1 forgiven, 0.2 back, but never above full
        assertThat(c.side(GOTE).lagReserve()).isEqualTo(s(1.2));
        assertThat(c.side(GOTE).main()).isEqualTo(s(60));
        c = c.step(time.advance(1), s(1)).step(time.advance(0.5)); // sente: no lag, the refill only
        assertThat(c.side(SENTE).lagReserve()).isEqualTo(s(1.2));
        assertThat(c.side(SENTE).main()).isEqualTo(s(58.4));
    }

    /**
     * Sente has a second and moves every 0.29 s, never reporting its thinking time, while gote answers at once.
     * A flat grace of 0.3 s a move would forgive every one of those moves and sente would never run out; the
     * reserve (0.9 s full, 0.15 s back a move) forgives 0.29 s on the first five moves, then 0.2, then 0.15 a
     * move: 0.09 s is charged on the sixth move and 0.14 s on each after it, so the clock runs out on the
     * thirteenth.
     */
    @Test
    void aPlayerOutOfTimeCannotGoOnMovingJustUnderTheGrace() {
        Clock c = Clock.of(TimeControl.suddenDeath(s(1))).withGrace(s(0.3)).start(SENTE, time.nanos());
        int moves = 0;
        while (c.flagged(time.nanos()).isEmpty() && moves < 100) {
            c = c.step(time.advance(0.29));
            moves++;
            if (c.running().isPresent()) {
                c = c.step(time.advance(0));
            }
        }
        assertThat(moves).isEqualTo(13);
        assertThat(c.flagged(time.nanos())).contains(SENTE);
    }

    @Test
    void theFlagAllowsForNoMoreLagThanTheReserveHolds() {
        Clock c = Clock.of(TimeControl.suddenDeath(s(10))).withGrace(s(1));
        Clock drained = new Clock(c.control(), c.grace(), new Clock.Side(s(10), 0, Duration.ZERO, s(0.25)), c.gote(), Optional.empty(), 0)
                .start(SENTE, time.nanos());
        assertThat(drained.flagged(time.advance(10.2))).isEmpty();
        assertThat(drained.flagged(time.advance(0.05))).contains(SENTE);
        assertThat(drained.remaining(SENTE, time.nanos()).main()).isEqualTo(Duration.ZERO);
        assertThatThrownBy(() -> new Clock.Side(s(1), 0, Duration.ZERO, s(-0.1)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("lag reserve");
    }

    @Test
    void graceAlsoDelaysTheFlag() {
        Clock c = Clock.of(TimeControl.byoyomi(Duration.ZERO, s(30))).withGrace(s(1)).start(SENTE, time.nanos());
        assertThat(c.flagged(time.advance(30.5))).isEmpty();
        Clock moved = c.step(time.nanos());
        assertThat(moved.flagged(time.nanos())).isEmpty();
        assertThat(moved.side(SENTE).periods()).isEqualTo(1);
        assertThat(c.flagged(time.advance(0.5))).contains(SENTE);
    }

    @Test
    void countdownAnnouncesTenToOneInTheLastTenSecondsOfMainTimeWithoutByoyomi() {
        Clock c = Clock.of(TimeControl.suddenDeath(s(60))).start(SENTE, time.nanos());
        long t0 = time.nanos();
        List<Integer> heard = announcements(c, SENTE, t0, 60);
        assertThat(heard).containsExactly(10, 9, 8, 7, 6, 5, 4, 3, 2, 1);
        assertThat(c.countdown(SENTE, t0 + s(49.9).toNanos())).isEmpty(); // 10.1 s left
        assertThat(c.countdown(SENTE, t0 + s(50).toNanos())).isEqualTo(OptionalInt.of(10));
        assertThat(c.countdown(SENTE, t0 + s(50.5).toNanos())).isEqualTo(OptionalInt.of(10));
        assertThat(c.countdown(SENTE, t0 + s(51).toNanos())).isEqualTo(OptionalInt.of(9));
        assertThat(c.countdown(SENTE, t0 + s(59.9).toNanos())).isEqualTo(OptionalInt.of(1));
        assertThat(c.countdown(SENTE, t0 + s(60).toNanos())).isEmpty(); // out of time
        assertThat(c.countdown(GOTE, t0 + s(55).toNanos())).isEmpty(); // gote's clock does not run
    }

    @Test
    void countdownRunsInEveryByoyomiPeriodButNotAtTheEndOfMainTime() {
        Clock c = Clock.of(TimeControl.byoyomi(s(30), s(30), 2)).start(SENTE, time.nanos());
        long t0 = time.nanos();
        List<Integer> heard = announcements(c, SENTE, t0, 90);
        // main time 0–30 s: silent; period one 30–60 s and period two 60–90 s: 10…1 each
        assertThat(heard).containsExactly(10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1);
        assertThat(c.countdown(SENTE, t0 + s(25).toNanos())).isEmpty();
        assertThat(c.countdown(SENTE, t0 + s(35).toNanos())).isEmpty();
        assertThat(c.countdown(SENTE, t0 + s(52).toNanos())).isEqualTo(OptionalInt.of(8));
    }

    /** What an announcer polling every 100 ms from {@code t0} to {@code t0 + seconds} says, each number once. */
    private static List<Integer> announcements(Clock c, Color side, long t0, int seconds) {
        List<Integer> heard = new ArrayList<>();
        OptionalInt last = OptionalInt.empty();
        for (long t = t0; t <= t0 + s(seconds).toNanos(); t += s(0.1).toNanos()) {
            OptionalInt now = c.countdown(side, t);
            if (now.isPresent() && !now.equals(last)) {
                heard.add(now.getAsInt());
            }
            last = now;
        }
        return heard;
    }

    @Test
    void stopPausesTheClockAndStartResumesTheSameMove() {
        Clock c = Clock.of(TimeControl.byoyomi(Duration.ZERO, s(30))).start(SENTE, time.nanos());
        Clock paused = c.stop(time.advance(20));
        assertThat(paused.running()).isEmpty();
        assertThat(paused.side(SENTE).pending()).isEqualTo(s(20));
        // Time passing while paused costs nothing, and pausing does not refresh the period.
        assertThat(paused.flagged(time.advance(3600))).isEmpty();
        assertThat(paused.remaining(SENTE, time.nanos())).isEqualTo(new Clock.Reading(Duration.ZERO, s(10), 1, true));
        Clock resumed = paused.start(SENTE, time.nanos());
        assertThat(resumed.countdown(SENTE, time.nanos())).isEqualTo(OptionalInt.of(10));
        assertThat(resumed.flagged(time.advance(9.9))).isEmpty();
        Clock moved = resumed.step(time.nanos());
        assertThat(moved.side(SENTE)).isEqualTo(new Clock.Side(Duration.ZERO, 1, Duration.ZERO));
        assertThat(resumed.flagged(time.advance(0.1))).contains(SENTE);
    }

    @Test
    void stopChargesMainTimeAcrossPauses() {
        Clock c = Clock.of(TimeControl.suddenDeath(s(60))).start(GOTE, time.nanos());
        c = c.stop(time.advance(10)).start(GOTE, time.advance(100)).stop(time.advance(5)).start(GOTE, time.advance(100));
        c = c.step(time.advance(1));
        assertThat(c.side(GOTE)).isEqualTo(new Clock.Side(s(44), 0, Duration.ZERO));
        assertThat(c.running()).contains(SENTE);
    }

    @Test
    void unlimitedNeverFlags() {
        Clock c = Clock.of(TimeControl.UNLIMITED).start(SENTE, time.nanos());
        assertThat(c.flagged(time.advance(1e6))).isEmpty();
        assertThat(c.countdown(SENTE, time.nanos())).isEmpty();
        c = c.step(time.nanos());
        assertThat(c.running()).contains(GOTE);
        assertThat(c.flagged(time.advance(1e6))).isEqualTo(Optional.empty());
    }

    @Test
    void misuseIsRejected() {
        Clock stopped = Clock.of(TimeControl.suddenDeath(s(60)));
        assertThatThrownBy(() -> stopped.step(time.nanos()))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("no clock runs");
        assertThatThrownBy(() -> stopped.stop(time.nanos()))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("no clock runs");
        Clock running = stopped.start(SENTE, time.nanos());
        assertThatThrownBy(() -> running.start(GOTE, time.nanos()))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("SENTE already runs");
        assertThatThrownBy(() -> running.step(time.nanos() - 1))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("before the clock was started");
        assertThatThrownBy(() -> Clock.of(null)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new Clock.Side(s(-1), 0, Duration.ZERO))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("negative");
        assertThatThrownBy(() -> new Clock(TimeControl.byoyomi(s(60), s(30)), Duration.ZERO,
                        new Clock.Side(s(60), 3, Duration.ZERO), new Clock.Side(s(60), 1, Duration.ZERO), Optional.empty(), 0))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("3 byoyomi periods left");
    }

    /**
     * {@link TimeSource#SYSTEM} reads {@link System#nanoTime()}: each reading lies between a nanoTime read just
     * before and one just after it, and successive readings never go back. (A source on another clock, such as
     * wall-clock nanoseconds, falls outside the bracket.)
     */
    @Test
    void systemTimeSourceIsTheMonotonicNanoTime() {
        long previous = Long.MIN_VALUE;
        for (int i = 0; i < 1_000; i++) {
            long before = System.nanoTime();
            long t = TimeSource.SYSTEM.nanos();
            long after = System.nanoTime();
            assertThat(t - before).as("reading %d after nanoTime %d", t, before).isGreaterThanOrEqualTo(0);
            assertThat(after - t).as("reading %d before nanoTime %d", t, after).isGreaterThanOrEqualTo(0);
            assertThat(i == 0 || t - previous >= 0).as("reading %d after %d", t, previous).isTrue();
            previous = t;
        }
    }
}
