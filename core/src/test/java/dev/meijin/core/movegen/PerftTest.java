package dev.meijin.core.movegen;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.meijin.core.Fixtures;
import dev.meijin.core.Fixtures.PerftRow;
import dev.meijin.core.position.Position;
import dev.meijin.core.sfen.Sfen;
import dev.meijin.core.sfen.SfenException;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Perft against the published counts of {@code perft/perft.tsv}: every row, the start position to depth 5
 * included. Positions whose side to move has no king (mate problems) are loaded with {@link Sfen#tsume}.
 */
class PerftTest {

    static Stream<PerftRow> rows() {
        return Fixtures.perftRows().stream();
    }

    @Tag("slow")
    @ParameterizedTest(name = "{0}")
    @MethodSource("rows")
    void countMatchesTheTable(PerftRow row) {
        Position pos = Fixtures.load(row.sfen());
        String before = Sfen.format(pos);
        long nodes = new Perft(row.depth()).count(pos, row.depth());
        assertThat(nodes).as("perft %d of %s (%s)", row.depth(), row.sfen(), row.source()).isEqualTo(row.nodes());
        assertThat(Sfen.format(pos)).as("position restored after perft of %s", row.sfen()).isEqualTo(before);
        assertThat(pos.plies()).as("move stack empty after perft of %s", row.sfen()).isZero();
    }

    /** Depth 5 (19,861,490) runs once, as its table row in {@link #countMatchesTheTable}. */
    @Test
    void startposCountsAndTableRows() {
        long[] expected = {1, 30, 900, 25_470, 719_731, 19_861_490};
        Position pos = Position.startpos();
        Perft perft = new Perft(4);
        for (int d = 0; d <= 4; d++) {
            assertThat(perft.count(pos, d)).as("perft %d of %s", d, Sfen.STARTPOS).isEqualTo(expected[d]);
        }
        Set<Integer> depths = new HashSet<>();
        for (PerftRow r : Fixtures.perftRows()) {
            if (r.sfen().equals(Sfen.STARTPOS)) {
                depths.add(r.depth());
                assertThat(r.nodes()).as("table row %s", r).isEqualTo(expected[r.depth()]);
            }
        }
        assertThat(depths).as("the table lists the start position at depths 1–5")
                .containsExactlyInAnyOrder(1, 2, 3, 4, 5);
    }

    /**
     * The rows without a king for the side to move need the tsume loader: python-shogi's sixteen pawns against
     * a lone king. Depth 1: a pawn on each of the 72 squares off rank a (the king's 5a is on it); 5b checks
     * but the king takes the pawn, so it is no mate. Depth 2: the king's five moves after each (360), less one
     * after 4c, 5c and 6c (which guard 4b, 5b and 6b) and one after 4b and 6b (which guard 4a and 6a): 355.
     */
    @Test
    void kinglessRowsNeedTheTsumeLoader() {
        List<PerftRow> kingless =
                Fixtures.perftRows().stream().filter(r -> !Fixtures.sideToMoveHasKing(r.sfen())).toList();
        assertThat(kingless).as("rows whose side to move has no king").containsExactly(
                new PerftRow("4k4/9/9/9/9/9/9/9/9 b 16P 1", 1, 72, "python-shogi:tests/perft_test.py test_5"),
                new PerftRow("4k4/9/9/9/9/9/9/9/9 b 16P 1", 2, 355, "python-shogi:tests/perft_test.py test_5"));
        for (PerftRow r : kingless) {
            assertThatThrownBy(() -> Sfen.position(r.sfen())).as(r.sfen())
                    .isInstanceOf(SfenException.class)
                    .hasMessage("invalid SFEN position: sente has no king in \"" + r.sfen() + "\"");
            assertThat(Sfen.tsume(r.sfen()).sideToMove()).as(r.sfen()).isZero();
        }
    }

    static Stream<String> fewPositions() {
        List<String> sfens = Fixtures.perftSfens();
        return Stream.of(Sfen.STARTPOS, sfens.get(1), sfens.get(7), sfens.get(40), sfens.get(sfens.size() - 3));
    }

    @ParameterizedTest
    @MethodSource("fewPositions")
    void bulkAndFullCountingAgreeAtDepthThree(String sfen) {
        Position pos = Fixtures.load(sfen);
        Perft perft = new Perft(3);
        for (int d = 0; d <= 3; d++) {
            assertThat(perft.countFull(pos, d)).as("countFull %d of %s", d, sfen).isEqualTo(perft.count(pos, d));
        }
        assertThat(Sfen.format(pos)).as(sfen).isEqualTo(Sfen.format(Fixtures.load(sfen)));
    }

    @ParameterizedTest
    @MethodSource("fewPositions")
    void divideSumsToTheTotal(String sfen) {
        Position pos = Fixtures.load(sfen);
        Perft perft = new Perft(3);
        for (int d = 1; d <= 3; d++) {
            List<Perft.Division> div = perft.divide(pos, d);
            assertThat(div.stream().mapToLong(Perft.Division::nodes).sum()).as("divide %d of %s", d, sfen)
                    .isEqualTo(perft.count(pos, d));
            assertThat(div).as("one entry per legal move of %s", sfen).hasSize(pos.legalMoves().length);
            assertThat(div.stream().map(Perft.Division::usi).distinct().count()).as("distinct moves of %s", sfen)
                    .isEqualTo(div.size());
            if (d == 1) {
                assertThat(div).as(sfen).allSatisfy(x -> assertThat(x.nodes()).isEqualTo(1));
            }
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {0, -1})
    void divideRejectsDepthsBelowOne(int depth) {
        assertThatThrownBy(() -> new Perft(2).divide(Position.startpos(), depth))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining(String.valueOf(depth));
    }

    /** A counter made for some depth rejects deeper counts with a reason, not an index out of bounds. */
    @Test
    void depthsBeyondTheCountersMaximumAreRejected() {
        Perft perft = new Perft(2);
        Position pos = Position.startpos();
        assertThatThrownBy(() -> perft.count(pos, 3)).as(Sfen.STARTPOS)
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("3").hasMessageContaining("2");
        assertThatThrownBy(() -> perft.countFull(pos, 3)).as(Sfen.STARTPOS)
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("3");
        assertThatThrownBy(() -> perft.divide(pos, 3)).as(Sfen.STARTPOS)
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("3");
        assertThat(Sfen.format(pos)).as("the position is left as it was").isEqualTo(Sfen.STARTPOS);
        assertThat(perft.count(pos, 2)).as(Sfen.STARTPOS).isEqualTo(900);
        assertThat(perft.countFull(pos, 2)).as(Sfen.STARTPOS).isEqualTo(900);
        assertThat(perft.divide(pos, 2)).as(Sfen.STARTPOS).hasSize(30);
    }

    @Test
    void depthZeroCountsTheRoot() {
        assertThat(new Perft(1).count(Position.startpos(), 0)).as(Sfen.STARTPOS).isEqualTo(1);
        assertThat(new Perft(1).countFull(Position.startpos(), 0)).as(Sfen.STARTPOS).isEqualTo(1);
    }
}
