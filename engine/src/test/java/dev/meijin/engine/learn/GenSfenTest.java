package dev.meijin.engine.learn;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.StringWriter;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Self-play generation at a fixed depth, and the settings it refuses. */
class GenSfenTest {

    @Test
    void aDepthLimitedRunWritesQuietPositionsWithResultsAndScores() throws InterruptedException {
        StringWriter out = new StringWriter();
        List<String> progress = new ArrayList<>();
        long n = GenSfen.run(new GenSfen.Settings(2, 1, 0, 3, 2), out, progress::add);
        String[] lines = out.toString().split("\n");
        assertThat(n).isEqualTo(lines.length).isGreaterThan(20);
        for (String l : lines) {
            String[] f = l.split("\t");
            assertThat(f).hasSize(3);
            assertThat(f[1]).isIn("0.0", "0.5", "1.0");
            assertThat(Math.abs(Integer.parseInt(f[2]))).isLessThan(2500);
        }
    }

    @Test
    void settingsWithoutANodeOrDepthBoundAreRefused() {
        assertThatThrownBy(() -> new GenSfen.Settings(1, 1, 0, 1, 0))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("nodes 0, depth 0");
        assertThatThrownBy(() -> new GenSfen.Settings(0, 1, 100, 1))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("games 0");
    }
}
