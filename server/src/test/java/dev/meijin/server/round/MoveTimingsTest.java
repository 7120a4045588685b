package dev.meijin.server.round;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class MoveTimingsTest {
    @Test
    void movesFallInPowerOfTwoBucketsAndPercentilesReadTheirUpperBounds() {
        MoveTimings t = new MoveTimings();
        for (int i = 0; i < 98; i++) {
            t.record(1_500_000); // 1.5 ms: less than 2048 µs
        }
        t.record(40_000_000); // 40 ms: less than 65 536 µs
        t.record(300_000_000); // 300 ms
        long[] c = t.snapshot();
        assertThat(c[11]).isEqualTo(98);
        assertThat(c[16]).isEqualTo(1);
        assertThat(c[19]).isEqualTo(1);
        assertThat(MoveTimings.percentileMs(c, 50)).isEqualTo(2.048);
        assertThat(MoveTimings.percentileMs(c, 99)).isEqualTo(65.536);
        assertThat(MoveTimings.percentileMs(c, 100)).isEqualTo(524.288);
        assertThat(MoveTimings.percentileMs(new long[MoveTimings.BUCKETS], 99)).isZero();
    }
}
