package dev.meijin.mate;

import static org.assertj.core.api.Assertions.assertThat;

import dev.meijin.core.Hand;
import org.junit.jupiter.api.Test;

class MateTableTest {
    private static final int PAWN = 1, GOLD = 5;

    @Test
    void aProofHoldsForMoreAndADisproofForFewerPiecesInHand() {
        MateTable t = new MateTable(1 << 20);
        long proven = 0x1234_5678_9ABC_DEF1L, disproven = 0x0FED_CBA9_8765_4321L;
        t.store(proven, Hand.one(GOLD), 0, MateTable.INF, 0, 7, 10);
        t.store(disproven, Hand.add(Hand.one(GOLD), PAWN, 2), MateTable.INF, 0, 0, 10);

        assertThat(t.lookup(proven, Hand.add(Hand.one(GOLD), PAWN, 1), 1, 1)).isTrue();
        assertThat(t.pn).isZero();
        assertThat(t.length).isEqualTo(7);
        assertThat(t.lookup(proven, Hand.one(PAWN), 1, 1)).isFalse();

        assertThat(t.lookup(disproven, Hand.one(PAWN), 1, 1)).isTrue();
        assertThat(t.dn).isZero();
        assertThat(t.lookup(disproven, Hand.add(Hand.one(GOLD), PAWN, 3), 1, 1)).isFalse();
    }

    @Test
    void clearForgetsEveryEntryWithoutTouchingTheArrayAndTheSlotsAreReused() {
        MateTable t = new MateTable(1 << 20); // 32,768 entries
        for (int round = 0; round < 3; round++) {
            for (long k = 1; k <= 1_000; k++) {
                assertThat(t.lookup(k * 0x9E3779B97F4A7C15L, 0, 3, 4)).isFalse();
                assertThat(t.pn).isEqualTo(3);
                t.store(k * 0x9E3779B97F4A7C15L, 0, 5, 6, 0, k);
            }
            assertThat(t.used()).isEqualTo(1_000);
            assertThat(t.lookup(500 * 0x9E3779B97F4A7C15L, 0, 1, 1)).isTrue();
            assertThat(t.pn).isEqualTo(5);
            assertThat(t.amount).isEqualTo(500);
            t.clear();
            assertThat(t.used()).isZero();
            assertThat(t.lookup(500 * 0x9E3779B97F4A7C15L, 0, 1, 1)).isFalse();
        }
        assertThat(t.collections()).isZero();
    }

    @Test
    void proofsLostFromTheTableAreFoundWhileReadingAndOnlyThen() {
        MateTable t = new MateTable(4096); // the smallest table: 16 clusters of 8 entries
        int hand = Hand.one(GOLD);
        // Replaced as the weakest entry of a full cluster: eight unsettled entries of the same board after it.
        long replaced = 0x1357_9BDF_2468_ACE1L;
        t.store(replaced, hand, 0, MateTable.INF, 0, 11, 1);
        for (int p = 1; p <= 8; p++) {
            t.store(replaced, Hand.add(hand, PAWN, p), 5, 5, 0, 100);
        }
        assertThat(t.lookup(replaced, hand, 1, 1)).isFalse();
        t.reading(true);
        assertThat(t.lookup(replaced, hand, 1, 1)).isTrue();
        assertThat(t.pn).isZero();
        assertThat(t.length).isEqualTo(11);
        t.reading(false);

        // Freed by a proof for a smaller hand with a longer mate: within 5 plies only the kept one fits.
        t.clear();
        long freed = 0x0246_8ACE_1357_9BDFL;
        t.store(freed, Hand.add(hand, PAWN, 1), 0, MateTable.INF, 0, 3, 10);
        t.store(freed, hand, 0, MateTable.INF, 0, 9, 10);
        assertThat(t.lookup(freed, Hand.add(hand, PAWN, 1), 1, 1, 5)).isFalse();
        t.reading(true);
        assertThat(t.lookup(freed, Hand.add(hand, PAWN, 1), 1, 1, 5)).isTrue();
        assertThat(t.length).isEqualTo(3);
        t.reading(false);

        // Collected with the entries of least work.
        t.clear();
        long collected = 0x7777_1111_3333_5555L;
        t.store(collected, hand, 0, MateTable.INF, 0, 7, 1);
        for (long k = 1; k <= 60; k++) {
            t.store(k * 0x9E3779B97F4A7C15L, 0, 5, 6, 0, 1_000);
        }
        t.collectGarbage();
        assertThat(t.lookup(collected, hand, 1, 1)).isFalse();
        t.reading(true);
        assertThat(t.lookup(collected, hand, 1, 1)).isTrue();
        assertThat(t.length).isEqualTo(7);
        assertThat(t.keptProofs()).isEqualTo(1);
    }

    @Test
    void theAutomaticTableSizeIsAQuarterOfTheHeapWithinItsBounds() {
        long quarter = Runtime.getRuntime().maxMemory() / 4 / (1024 * 1024);
        assertThat(MateSolver.autoHashMb()).isBetween(16, MateSolver.MAX_AUTO_HASH_MB)
                .isEqualTo((int) Math.max(16, Math.min(MateSolver.MAX_AUTO_HASH_MB, quarter)));
    }

    @Test
    void aDisproofWithinABoundAppliesOnlyToSearchesWithNoMorePliesLeftAndNeverReplacesAProof() {
        MateTable t = new MateTable(1 << 20);
        long board = 0x2468_ACE0_1357_9BDFL;
        int hand = Hand.one(GOLD);
        t.store(board, hand, MateTable.INF, 0, 0, 5, 10); // no mate within 5 plies
        assertThat(t.lookup(board, hand, 1, 1)).as("an unbounded search").isFalse();
        assertThat(t.lookup(board, hand, 1, 1, 7)).isFalse();
        assertThat(t.lookup(board, hand, 1, 1, 5)).isTrue();
        assertThat(t.dn).isZero();
        assertThat(t.lookup(board, Hand.EMPTY, 1, 1, 3)).as("fewer pieces, fewer plies").isTrue();

        // A mate in 9 is no contradiction: it is kept beside the bounded disproof, and the bounded disproof
        // stored again afterwards does not overwrite it.
        t.store(board, hand, 0, MateTable.INF, 0, 9, 10);
        t.store(board, hand, MateTable.INF, 0, 0, 7, 10);
        assertThat(t.lookup(board, hand, 1, 1)).isTrue();
        assertThat(t.pn).isZero();
        assertThat(t.length).isEqualTo(9);
        assertThat(t.lookup(board, hand, 1, 1, 7)).isTrue();
        assertThat(t.dn).as("within 7 plies the disproof applies").isZero();
        assertThat(t.lookup(board, hand, 1, 1, 8)).as("a proof of 9 does not fit within 8").isFalse();

        // A full disproof holds for any number of plies.
        long other = 0x1111_2222_3333_4445L;
        t.store(other, hand, MateTable.INF, 0, 0, 10);
        assertThat(t.lookup(other, hand, 1, 1)).isTrue();
        assertThat(t.lookup(other, hand, 1, 1, 3)).isTrue();
    }
}
