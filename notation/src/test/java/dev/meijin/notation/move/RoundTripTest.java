package dev.meijin.notation.move;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import dev.meijin.core.Move;
import dev.meijin.core.position.Position;
import dev.meijin.core.sfen.Sfen;
import dev.meijin.core.usi.Usi;
import dev.meijin.testdata.TestData;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Every notation reads back what it writes, over the 400 lishogi games of the test data: for every move
 * played, {@code parse(pos, format(pos, m)) == m}; and at every fourth ply, for every legal move of the
 * position (non-promotions included), the written text is different from every other move's and reads back
 * to the move.
 */
@Tag("slow")
class RoundTripTest {
    private static final List<String[]> GAMES = TestData.tsv("usi/shogiops-lishogi-games.tsv");

    @ParameterizedTest
    @EnumSource(MoveStyle.class)
    void everyGameReadsBackInEveryStyle(MoveStyle style) {
        assertThat(GAMES).hasSize(400);
        int played = 0, checkedPositions = 0, checkedMoves = 0, legalMoves = 0;
        for (String[] game : GAMES) {
            Position pos = Position.startpos();
            String[] moves = game[1].trim().split(" ");
            for (int ply = 0; ply < moves.length; ply++) {
                int m = Usi.parseMove(pos, moves[ply]);
                String text = style.format(pos, m);
                int back = style.parse(pos, text);
                if (back != m) {
                    fail("%s ply %d: %s (%s) read back as %s in %s", game[0], ply + 1, text, Move.usi(m), Move.usi(back), Sfen.format(pos));
                }
                played++;
                if (ply % 4 == 0) {
                    checkedMoves += everyLegalMove(style, pos, game[0] + " ply " + (ply + 1));
                    legalMoves += pos.legalMoves().length;
                    checkedPositions++;
                }
                pos.doMove(m);
            }
        }
        assertThat(played).isEqualTo(31_191);
        assertThat(checkedPositions).isEqualTo(7_955);
        // Every legal move of every checked position, non-promotions included, as the core counts them.
        assertThat(checkedMoves).isEqualTo(legalMoves).isEqualTo(978_388);
    }

    /** Writes every legal move, checks the texts are distinct and read back; returns how many. */
    private static int everyLegalMove(MoveStyle style, Position pos, String where) {
        Legal legal = new Legal(pos);
        Map<String, Integer> seen = new HashMap<>();
        for (int i = 0; i < legal.count(); i++) {
            int m = legal.move(i);
            String text = style.format(legal, m);
            Integer other = seen.put(text, m);
            if (other != null) {
                fail("%s: %s written for both %s and %s in %s", where, text, Move.usi(other), Move.usi(m), Sfen.format(pos));
            }
            int back = style.parse(legal, text);
            if (back != m) {
                fail("%s: %s (%s) read back as %s in %s", where, text, Move.usi(m), Move.usi(back), Sfen.format(pos));
            }
        }
        return legal.count();
    }
}
