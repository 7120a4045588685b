package dev.meijin.core.game;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.meijin.core.game.Furigoma.Face;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.SplittableRandom;
import java.util.random.RandomGenerator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class FurigomaTest {

    /** Plays back a fixed list of coin flips; fails if the toss asks for anything else. */
    private static final class ScriptedRandom implements RandomGenerator {
        private final Deque<Boolean> flips = new ArrayDeque<>();

        ScriptedRandom(boolean... flips) {
            for (boolean f : flips) {
                this.flips.add(f);
            }
        }

        @Override
        public boolean nextBoolean() {
            Boolean f = flips.poll();
            if (f == null) {
                throw new IllegalStateException("script exhausted");
            }
            return f;
        }

        @Override
        public long nextLong() {
            throw new UnsupportedOperationException("the toss must draw faces with nextBoolean()");
        }

        int remaining() {
            return flips.size();
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {0, 1, 2, 3, 4, 5})
    void moreTokinMeansTheTosserMovesSecond(int tokin) {
        boolean[] script = new boolean[5];
        for (int i = 0; i < tokin; i++) {
            script[(2 * i + 1) % 5] = true; // spread the tokin over the draw order
        }
        ScriptedRandom rng = new ScriptedRandom(script);

        Furigoma toss = Furigoma.toss(rng);

        assertThat(rng.remaining()).as("exactly five draws").isZero();
        assertThat(toss.tokinCount()).isEqualTo(tokin);
        assertThat(toss.pawnCount()).isEqualTo(5 - tokin);
        assertThat(toss.tosserMovesFirst()).as("%d tokin up", tokin).isEqualTo(tokin <= 2);
        for (int i = 0; i < 5; i++) {
            assertThat(toss.faces().get(i)).isEqualTo(script[i] ? Face.TOKIN : Face.PAWN);
        }
    }

    @Test
    void facesAreKeptInDrawOrder() {
        Furigoma toss = Furigoma.toss(new ScriptedRandom(true, false, false, true, false));
        assertThat(toss.faces()).containsExactly(Face.TOKIN, Face.PAWN, Face.PAWN, Face.TOKIN, Face.PAWN);
        assertThat(toss.tosserMovesFirst()).isTrue();
    }

    @Test
    void aFixedSeedReplaysTheSameTosses() {
        SplittableRandom a = new SplittableRandom(20240101L);
        SplittableRandom b = new SplittableRandom(20240101L);
        for (int i = 0; i < 100; i++) {
            assertThat(Furigoma.toss(a)).isEqualTo(Furigoma.toss(b));
        }
    }

    @Test
    void tossCountsFollowTheBinomialDistribution() {
        SplittableRandom rng = new SplittableRandom(1);
        int n = 10_000;
        int[] observed = new int[6];
        int tosserFirst = 0;
        for (int i = 0; i < n; i++) {
            Furigoma toss = Furigoma.toss(rng);
            observed[toss.tokinCount()]++;
            if (toss.tosserMovesFirst()) {
                tosserFirst++;
            }
        }
        int[] binomial = {1, 5, 10, 10, 5, 1}; // C(5, k); the probabilities are these over 32
        double chiSquare = 0;
        for (int k = 0; k <= 5; k++) {
            double expected = n * binomial[k] / 32.0;
            double sigma = Math.sqrt(expected * (1 - binomial[k] / 32.0));
            assertThat(Math.abs(observed[k] - expected)).as("%d tokin: %d of %d", k, observed[k], n)
                    .isLessThan(5 * sigma);
            chiSquare += (observed[k] - expected) * (observed[k] - expected) / expected;
        }
        // 20.5 is the 0.1% critical value of chi-square with 5 degrees of freedom.
        assertThat(chiSquare).as("chi-square of %s", java.util.Arrays.toString(observed)).isLessThan(20.5);
        assertThat(tosserFirst).isBetween(n / 2 - 300, n / 2 + 300);
    }

    @Test
    void aTossHasExactlyFiveFacesAndIsImmutable() {
        List<Face> faces = new ArrayList<>(List.of(Face.PAWN, Face.PAWN, Face.PAWN, Face.TOKIN, Face.TOKIN));
        Furigoma toss = new Furigoma(faces);
        faces.set(0, Face.TOKIN);
        assertThat(toss.tokinCount()).isEqualTo(2);
        assertThatThrownBy(() -> toss.faces().set(0, Face.TOKIN)).isInstanceOf(UnsupportedOperationException.class);
        assertThatThrownBy(() -> new Furigoma(List.of(Face.PAWN)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("5");
        assertThatThrownBy(() -> Furigoma.toss(null)).isInstanceOf(NullPointerException.class);
    }
}
