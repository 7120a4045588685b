package dev.meijin.mate;

import static org.assertj.core.api.Assertions.assertThat;

import dev.meijin.core.Move;
import dev.meijin.core.MoveOrDrop;
import dev.meijin.core.position.Position;
import dev.meijin.core.sfen.Sfen;
import dev.meijin.testdata.TestData;
import java.util.List;

/** The tsume tables of the test data, and an independent check of a solution by replaying it. */
final class Problems {
    private Problems() {}

    /** One row of a tsume table: id, SFEN, expected plies, published moves (USI), result, notes. */
    record Row(String id, String sfen, int plies, String usiMoves, boolean mate, String notes) {
        /** The problem position (composed problems may have two pawns on a file, so read as a record). */
        Position position() {
            return Position.ofRecord(Sfen.parse(sfen));
        }

        /** Whether the data flags the final position as leaving only futile interpositions. */
        boolean futileFlagged() {
            return notes.contains("futile interpositions");
        }

        @Override
        public String toString() {
            return id;
        }
    }

    static List<Row> table(String name) {
        return TestData.tsv("tsume/" + name).stream()
                .map(r -> new Row(r[0], r[1], Integer.parseInt(r[2]), r[3], r[4].equals("mate"), r[9]))
                .toList();
    }

    /** The row of a table with the given id. */
    static Row row(String table, String id) {
        return table(table).stream().filter(r -> r.id().equals(id)).findFirst().orElseThrow();
    }

    /**
     * Replays a solution and checks it by the rules alone: every move legal, every attacker move a check, and
     * the final position a checkmate ({@link Convention#STRICT}) or one where the defender has nothing but
     * drops that block the check ({@link Convention#TSUME}, futile interpositions).
     */
    static void assertMates(Position start, MateResult.Mate mate, Convention convention) {
        assertThat(mate.exact()).as("the solution was read exactly").isTrue();
        assertForcedLine(start, mate, convention);
    }

    /**
     * The checks of {@link #assertMates} without requiring an exact reading: the line is a forced mate along
     * the defences shown (for long problems whose line comes from the proof's stored lengths).
     */
    static void assertForcedLine(Position start, MateResult.Mate mate, Convention convention) {
        Position pos = start.copy();
        int attacker = pos.sideToMove();
        List<MoveOrDrop> moves = mate.moves();
        for (int i = 0; i < moves.size(); i++) {
            int m = pos.encode(moves.get(i));
            assertThat(pos.isLegal(m)).as("ply %d %s legal", i + 1, moves.get(i).usi()).isTrue();
            pos.doMove(m);
            if (i % 2 == 0) {
                assertThat(pos.inCheck()).as("ply %d %s gives check", i + 1, moves.get(i).usi()).isTrue();
            }
        }
        assertThat(pos.sideToMove()).isNotEqualTo(attacker);
        if (convention == Convention.STRICT) {
            assertThat(pos.hasNoLegalMove()).as("checkmate at the end").isTrue();
        } else {
            for (int reply : pos.legalMoves()) {
                assertThat(Move.isDrop(reply)).as("only drops left, not %s", Move.usi(reply)).isTrue();
            }
        }
    }
}
