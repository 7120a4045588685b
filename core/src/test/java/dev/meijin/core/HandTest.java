package dev.meijin.core;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** The packed {@link Hand}: counts, and the superiority mask test against a count-by-count comparison. */
class HandTest {

    @Test
    void superiorityAgreesWithComparingEveryCount() {
        SplittableRandom rnd = new SplittableRandom(6);
        int superior = 0, notSuperior = 0;
        for (int n = 0; n < 200_000; n++) {
            int[] a = randomCounts(rnd), b = n % 3 == 0 ? near(a, rnd) : randomCounts(rnd);
            int ha = pack(a), hb = pack(b);
            boolean expected = true;
            for (int r = 1; r <= 7; r++) {
                assertThat(Hand.count(ha, r)).isEqualTo(a[r]);
                expected &= a[r] >= b[r];
            }
            assertThat(Hand.isSuperiorOrEqual(ha, hb)).as("%s >= %s", Arrays.toString(a), Arrays.toString(b))
                    .isEqualTo(expected);
            if (expected) {
                superior++;
            } else {
                notSuperior++;
            }
        }
        // The hands depend on the seed alone; the split is the count-by-count comparison's.
        assertThat(superior).isEqualTo(38_053);
        assertThat(notSuperior).isEqualTo(161_947);
    }

    @Test
    void minAndMaxAgreeWithCountByCount() {
        SplittableRandom rnd = new SplittableRandom(7);
        for (int n = 0; n < 200_000; n++) {
            int[] a = randomCounts(rnd), b = n % 3 == 0 ? near(a, rnd) : randomCounts(rnd);
            int lo = Hand.min(pack(a), pack(b)), hi = Hand.max(pack(a), pack(b));
            for (int r = 1; r <= 7; r++) {
                assertThat(Hand.count(lo, r)).as("min %s %s", Arrays.toString(a), Arrays.toString(b))
                        .isEqualTo(Math.min(a[r], b[r]));
                assertThat(Hand.count(hi, r)).as("max %s %s", Arrays.toString(a), Arrays.toString(b))
                        .isEqualTo(Math.max(a[r], b[r]));
            }
            assertThat(Hand.isSuperiorOrEqual(hi, lo)).isTrue();
        }
    }

    @Test
    void fullAndEmptyHands() {
        int full = 0;
        for (int r = 1; r <= 7; r++) {
            full = Hand.add(full, r, Hand.MAX[r]);
        }
        assertThat(Hand.isSuperiorOrEqual(full, Hand.EMPTY)).isTrue();
        assertThat(Hand.isSuperiorOrEqual(Hand.EMPTY, full)).isFalse();
        assertThat(Hand.isSuperiorOrEqual(full, full)).isTrue();
        assertThat(Hand.size(full)).isEqualTo(40 - 2);
        for (int r = 1; r <= 7; r++) {
            int less = full - Hand.one(r);
            assertThat(Hand.isSuperiorOrEqual(less, full)).as("one %s fewer", Role.of(r)).isFalse();
            assertThat(Hand.isSuperiorOrEqual(full, less)).as("one %s more", Role.of(r)).isTrue();
            assertThat(Hand.count(less, r)).isEqualTo(Hand.MAX[r] - 1);
        }
    }

    private static int[] randomCounts(SplittableRandom rnd) {
        int[] c = new int[8];
        for (int r = 1; r <= 7; r++) {
            c[r] = rnd.nextInt(4) == 0 ? 0 : rnd.nextInt(Hand.MAX[r] + 1);
        }
        return c;
    }

    /** A hand that differs from {@code a} by one piece more or fewer of one or two kinds. */
    private static int[] near(int[] a, SplittableRandom rnd) {
        int[] c = a.clone();
        for (int k = 1 + rnd.nextInt(2); k > 0; k--) {
            int r = 1 + rnd.nextInt(7);
            c[r] = Math.clamp(c[r] + (rnd.nextBoolean() ? 1 : -1), 0, Hand.MAX[r]);
        }
        return c;
    }

    private static int pack(int[] c) {
        int h = Hand.EMPTY;
        for (int r = 1; r <= 7; r++) {
            h = Hand.add(h, r, c[r]);
        }
        return h;
    }
}
