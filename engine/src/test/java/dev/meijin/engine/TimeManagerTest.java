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
    void withoutByoyomiTheMinimumThinkingTimeIsAtMostAShareOfTheMainTime() {
        Options o = new Options(); // MinimumThinkingTime 1000
        // Sudden death, 20 s left at ply 40: 50 moves are planned, the optimum's share is a sixtieth.
        TimeManager t = TimeManager.of(SearchLimits.clock(20_000, 20_000, 0, 0, 0), SENTE, 40, o);
        assertThat(t.optimum).isEqualTo(20_000 / 60);
        assertThat(t.maximum).isEqualTo(20_000 / 6);
        // With an increment the share includes it.
        TimeManager inc = TimeManager.of(SearchLimits.clock(20_000, 20_000, 0, 500, 500), SENTE, 40, o);
        assertThat(inc.optimum).isEqualTo(20_000 / 60 + 500);
        // With byoyomi the floor stands (the period comes on top of the main time): the optimum of 400 + 500 - 120
        // ms is raised to the whole second.
        TimeManager byo = TimeManager.of(SearchLimits.clock(20_000, 20_000, 500, 0, 0), SENTE, 40, o);
        assertThat(byo.optimum).isEqualTo(1000);
    }

    @Test
    void aSuddenDeathGameSpendingTheOptimumEachMoveNeverRunsOutOfTime() {
        // 20 s for the game, 10 ms of overhead on every move, the optimum spent each time: a hundred moves of
        // each side (to ply 212) leave time on the clock. With a whole second as the floor, the clock ran out
        // before ply 100.
        Options o = new Options();
        long left = 20_000;
        for (int k = 0; k < 100; k++) {
            TimeManager t = TimeManager.of(SearchLimits.clock(left, left, 0, 0, 0), SENTE, 12 + 2 * k, o);
            left -= Math.min(t.optimum, t.maximum) + 10;
            assertThat(left).as("time left after move %d", k + 1).isPositive();
        }
        assertThat(left).isGreaterThan(1_000);
    }

    @Test
    void aFixedMoveTimeIsSpentInFull() {
        TimeManager t = TimeManager.of(SearchLimits.movetime(500), SENTE, 40, new Options());
        assertThat(t.useAll).isTrue();
        assertThat(t.maximum).isEqualTo(500 - 120);
    }
}
