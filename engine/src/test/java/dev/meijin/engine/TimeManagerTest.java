package dev.meijin.engine;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The time plan of one search from the clock and the options (values only: no timing is measured here). */
class TimeManagerTest {
    private static final int SENTE = 0;

    @Test
    void byoyomiWithoutMainTimeThinksToTheHardStopKeepingTheMargins() {
        Options o = new Options(); // NetworkDelay 120 and NetworkDelay2 1120, both capped at half the period
        TimeManager t = TimeManager.of(SearchLimits.clock(0, 0, 200, 0, 0), SENTE, 40, o);
        assertThat(t.timed).isTrue();
        assertThat(t.useAll).as("an unused period is lost: iterate until the hard stop").isTrue();
        assertThat(t.maximum).as("200 ms less half of it for NetworkDelay2 and the safety margin").isEqualTo(200 - 100 - TimeManager.SAFETY_MS);

        o.networkDelay = 0;
        TimeManager second = TimeManager.of(SearchLimits.clock(0, 0, 1000, 0, 0), SENTE, 40, o);
        assertThat(second.useAll).isTrue();
        assertThat(second.maximum).isEqualTo(1000 - 500 - TimeManager.SAFETY_MS);
    }

    @Test
    void mainTimeLeftOrAnIncrementKeepsTheEarlyStopAtTheOptimum() {
        Options o = new Options();
        assertThat(TimeManager.of(SearchLimits.clock(60_000, 60_000, 1000, 0, 0), SENTE, 40, o).useAll)
                .as("main time left: what is not spent now is kept").isFalse();
        assertThat(TimeManager.of(SearchLimits.clock(60_000, 60_000, 0, 2000, 2000), SENTE, 40, o).useAll).isFalse();
        assertThat(TimeManager.of(SearchLimits.clock(60_000, 60_000, 0, 0, 0), SENTE, 40, o).useAll).isFalse();
        assertThat(TimeManager.of(SearchLimits.depth(8), SENTE, 40, o).timed).isFalse();
    }

    @Test
    void aFixedMoveTimeIsSpentInFull() {
        TimeManager t = TimeManager.of(SearchLimits.movetime(500), SENTE, 40, new Options());
        assertThat(t.useAll).isTrue();
        assertThat(t.maximum).isEqualTo(500 - 120);
    }
}
