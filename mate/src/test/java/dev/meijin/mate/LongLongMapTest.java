package dev.meijin.mate;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashMap;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class LongLongMapTest {
    @Test
    void agreesWithAHashMapThroughGrowthReplacementsAndClears() {
        SplittableRandom random = new SplittableRandom(11);
        LongLongMap map = new LongLongMap();
        Map<Long, Long> reference = new HashMap<>();
        // Keys from a small pool (so that many are stored again), zero and keys that collide on the low bits.
        long[] pool = new long[50_000];
        for (int i = 0; i < pool.length; i++) {
            pool[i] = switch (i % 4) {
                case 0 -> random.nextLong();
                case 1 -> (long) i << 40;
                case 2 -> -i;
                default -> i;
            };
        }
        for (int step = 0; step < 400_000; step++) {
            long key = pool[random.nextInt(pool.length)];
            if (step == 250_000) {
                map.clear();
                reference.clear();
                assertThat(map.get(key)).isEqualTo(LongLongMap.NONE);
            }
            if (random.nextInt(3) == 0) {
                long value = random.nextLong(Long.MIN_VALUE + 1, Long.MAX_VALUE);
                map.put(key, value);
                reference.put(key, value);
            } else {
                Long expected = reference.get(key);
                assertThat(map.get(key)).isEqualTo(expected == null ? LongLongMap.NONE : expected);
            }
        }
        assertThat(map.size()).isEqualTo(reference.size()).isGreaterThan(20_000);
        for (Map.Entry<Long, Long> e : reference.entrySet()) {
            assertThat(map.get(e.getKey())).isEqualTo(e.getValue());
        }
    }
}
