package dev.meijin.core.game;

import static org.assertj.core.api.Assertions.assertThat;

import dev.meijin.core.position.Position;
import dev.meijin.core.position.RepetitionState;
import dev.meijin.testdata.TestData;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@link Position#sennichite(int)} with four occurrences, the JSA rule, replayed over real tournament and
 * server records: it stays {@link RepetitionState#NONE} at every ply before the end, and at the end of a
 * record that ended by repetition it gives the verdict the record's terminal command states (a draw, or a
 * loss for the side that checked with every move).
 */
@Tag("slow")
class SennichiteRuleTest {

    static Stream<String> records() {
        List<String> paths = new ArrayList<>(TestData.list("csa/wcsc28-apery"));
        paths.add("csa/shogi-server/oute_sennichite.csa");
        paths.add("csa/shogi-server/not_sennichite.csa");
        return paths.stream();
    }

    @ParameterizedTest
    @MethodSource("records")
    void fourfoldRepetitionAsTheRecordsEnd(String path) {
        CsaMoves.Record rec = GameEndingsTest.record(path);
        Position pos = Position.of(rec.start());
        List<String> moves = rec.moves();
        for (int i = 0; i < moves.size(); i++) {
            assertThat(pos.sennichite(4)).as("%s before move %d: %s", path, i + 1, pos).isEqualTo(RepetitionState.NONE);
            pos.doMove(CsaMoves.toMove(pos, moves.get(i)));
        }
        RepetitionState expected;
        if (path.endsWith("oute_sennichite.csa")) {
            // Sente, to move, checked with every one of its moves since ply 94: sente loses.
            expected = RepetitionState.LOSE;
            assertThat(pos.repetitionStart(4)).as(path).isEqualTo(94);
        } else if (rec.terminal().equals(Optional.of("%SENNICHITE"))) {
            expected = RepetitionState.DRAW;
            assertThat(pos.occurrences()).as(path).isEqualTo(4);
        } else {
            expected = RepetitionState.NONE;
        }
        assertThat(pos.sennichite(4)).as("%s at the end: %s", path, pos).isEqualTo(expected);
        Game game = GameEndingsTest.replay(path, rec, RuleSet.CSA);
        assertThat(game.repetitions()).as(path).isEqualTo(pos.occurrences());
    }
}
