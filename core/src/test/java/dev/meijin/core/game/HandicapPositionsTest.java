package dev.meijin.core.game;

import static org.assertj.core.api.Assertions.assertThat;

import dev.meijin.core.Color;
import dev.meijin.core.Move;
import dev.meijin.core.Piece;
import dev.meijin.core.movegen.Perft;
import dev.meijin.core.position.Position;
import dev.meijin.core.sfen.Sfen;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** Every handicap start is a legal position from which the right side can play. */
class HandicapPositionsTest {

    @ParameterizedTest
    @EnumSource(Handicap.class)
    void startIsALegalPosition(Handicap h) {
        String sfen = h.sfen();
        assertThat(Position.validate(Sfen.parse(sfen), false)).as(sfen).isEmpty();
        Position pos = Sfen.position(sfen);
        Color mover = h == Handicap.EVEN ? Color.SENTE : Color.GOTE;
        assertThat(pos.turn()).as("the giver (gote) moves first: %s", sfen).isEqualTo(mover);
        assertThat(pos.inCheck()).as(sfen).isFalse();
        assertThat(pos.moveNumber()).as(sfen).isEqualTo(1);
        assertThat(Sfen.format(pos)).as(sfen).isEqualTo(sfen);

        int[] moves = pos.legalMoves();
        assertThat(moves.length).as("legal moves in %s", sfen).isPositive();
        for (int m : moves) {
            assertThat(Piece.colorOf(Move.piece(m))).as("%s in %s", Move.usi(m), sfen).isEqualTo(mover);
        }
        // Each reply position is legal too, and the receiver has moves.
        long replies = new Perft(2).count(pos, 2);
        assertThat(replies).as("perft 2 of %s", sfen).isGreaterThan(moves.length);

        Game game = Game.of(Sfen.parse(sfen), RuleSet.CSA);
        assertThat(game.turn()).as(sfen).isEqualTo(mover);
        assertThat(game.play(Move.usi(moves[0]))).as("%s in %s", Move.usi(moves[0]), sfen)
                .isInstanceOf(MoveResult.Applied.class);
        assertThat(game.outcome()).as(sfen).isEmpty();
    }
}
