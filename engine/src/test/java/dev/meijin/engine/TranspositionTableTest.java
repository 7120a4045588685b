package dev.meijin.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import org.junit.jupiter.api.Test;

class TranspositionTableTest {

    @Test
    void sizesAreWholeBucketsWithinWhatAnArrayHolds() {
        assertThat(TranspositionTable.words(1)).isEqualTo(1 << 17);
        assertThat(TranspositionTable.words(3)).isEqualTo(1 << 18);
        // 16384 MiB and more once needed 2^31 words: NegativeArraySizeException, reported as an internal error.
        assertThat(TranspositionTable.words(TranspositionTable.MAX_MB)).isEqualTo(1 << 30);
        assertThat(TranspositionTable.words(32768)).isEqualTo(1 << 30);
        assertThat(Engine.options()).filteredOn(o -> o.name().equals("USI_Hash")).singleElement()
                .satisfies(o -> assertThat(o.max()).isEqualTo(TranspositionTable.MAX_MB));
    }

    @Test
    void aTableTheHeapCannotHoldIsRefusedAndTheOldOneKept() {
        assumeTrue(Runtime.getRuntime().maxMemory() < (long) TranspositionTable.MAX_MB << 20, "the heap holds the largest table");
        try (Engine engine = new Engine()) {
            // The OutOfMemoryError escaped setoption and ended the USI engine.
            assertThatThrownBy(() -> engine.setOption("USI_Hash", "8192")).isInstanceOf(IllegalArgumentException.class)
                    .hasMessageStartingWith("option USI_Hash: 8192 MiB do not fit in memory (the JVM may use ")
                    .hasMessageEndingWith(" MiB); the table stays at 64 MiB");
            assertThat(engine.toString()).contains("hash 64 MiB");
            assertThat(engine.think(SearchLimits.depth(2)).bestMove()).isInstanceOf(BestMove.Play.class);
        }
    }
}
