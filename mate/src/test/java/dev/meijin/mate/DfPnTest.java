package dev.meijin.mate;

import static org.assertj.core.api.Assertions.assertThat;

import dev.meijin.core.position.Position;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** The df-pn's proofs under a table far too small for the problem, where entries are replaced all the time. */
class DfPnTest {
    static Stream<Problems.Row> problems() {
        return Stream.of(Problems.table("edo_classics.tsv"), Problems.table("kif_derived.tsv"))
                .flatMap(List::stream)
                .filter(r -> r.mate() && r.plies() >= 9 && r.plies() <= 61);
    }

    /**
     * A proof's stored mate length is never shorter than the problem's shortest mate, even when the entries
     * of proven children have been replaced before their parent was proven.
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("problems")
    void aProofInATinyTableIsNeverShorterThanTheShortestMate(Problems.Row row) {
        MateTable table = new MateTable(16 * 1024); // 512 entries
        DfPn dfpn = new DfPn(table);
        Position pos = row.position();
        dfpn.reset(pos, pos.sideToMove());
        int r = dfpn.prove(0, 3_000_000);
        if (r == 1) {
            assertThat(table.lookup(pos.boardKey(), pos.hand(pos.sideToMove()), 1, 1)).isTrue();
            assertThat(table.pn).isZero();
            assertThat(table.length).as("root proof length").isGreaterThanOrEqualTo(row.plies());
        } else {
            assertThat(r).as("no disproof of a mate").isZero();
        }
    }
}
