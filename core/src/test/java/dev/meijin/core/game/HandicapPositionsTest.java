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

/**
 * Every handicap start is a legal position from which the right side can play, with exactly the moves the
 * rules give it.
 *
 * <p>The counts, by hand. Gote's full set at the start has 30 moves (sente's, in mirror, in 平手): 9 pawns
 * (one step each), the lances on 1a and 9a one each (to 1b, 9b), the knights none (their squares hold gote's
 * pawns), the silver on 3a two (3b, 4b; 2b holds the bishop) and on 7a two (7b, 6b; 8b holds the rook), each
 * gold three (4a: 3b 4b 5b, 6a: 5b 6b 7b), the king three (4b 5b 6b), the rook six (9b and 7b to 3b) and the
 * bishop none. Removing pieces takes their moves away and opens squares to others:
 * <ul>
 * <li>a lance: -1, but without the left lance the bishop (if kept) reaches 1a, +1;
 * <li>the bishop: the 3a silver gains 2b (+1) and the rook 2b and 1b (+2): 33;
 * <li>the rook: -6, the 7a silver gains 8b (+1): 25; both: 30 - 6 + 1 + 1 = 26;
 * <li>a knight: it had no move and opens no square to anyone: nothing changes;
 * <li>a silver (then three moves, with rook and bishop gone): -3, the gold beside it gains its square, +1;
 * <li>a gold (then four moves, its silver gone): -4, the king gains its square, +1;
 * <li>トンボ: 9 pawns, the rook 7 (8a too), the bishop 2 (1a, 3a), the king 5 (4a 6a 4b 5b 6b): 23;
 * <li>裸玉: the king's 5; 歩三兵: those 5 and a pawn drop on each of the 60 empty squares off rank i (53 on
 * ranks a-f, 7 on rank h; gote has no pawn on the board, and the one drop that checks, 5h, is no mate).
 * </ul>
 * Perft 2: gote's first move stays on ranks a-d, gives no check and pins nothing, and sente's 30 moves all
 * stay on ranks f-i, so each gote move has 30 replies. Only in 歩三兵 can gote's move reach sente: a pawn
 * dropped on rank f or on 1h, 7h or 9h just turns one of sente's moves into a capture, but on 5h it checks,
 * leaving six replies (the king takes it or steps to 4h or 6h, either gold or the rook takes it: -24), and on
 * 3h, 4h and 6h it cuts the rook's rank (-4, -3, -1). So 65 × 30 - 32 = 1918, and 30 × moves elsewhere. (The
 * movegen tests' brute-force generator, written from the rules alone, gives the same table.)
 */
class HandicapPositionsTest {

    /**
     * The legal moves at the start and perft 2, worked out above. A switch without a default, so that a new
     * handicap does not compile until its counts are given.
     */
    private static long[] movesAndPerft2(Handicap h) {
        return switch (h) {
            case EVEN -> new long[] {30, 900};
            case LANCE -> new long[] {30, 900};
            case RIGHT_LANCE -> new long[] {29, 870};
            case BISHOP -> new long[] {33, 990};
            case ROOK -> new long[] {25, 750};
            case ROOK_LANCE -> new long[] {25, 750};
            case TWO_PIECE -> new long[] {26, 780};
            case THREE_PIECE -> new long[] {25, 750};
            case FOUR_PIECE -> new long[] {24, 720};
            case FIVE_PIECE -> new long[] {24, 720};
            case LEFT_FIVE_PIECE -> new long[] {24, 720};
            case SIX_PIECE -> new long[] {24, 720};
            case LEFT_SEVEN_PIECE -> new long[] {22, 660};
            case RIGHT_SEVEN_PIECE -> new long[] {22, 660};
            case EIGHT_PIECE -> new long[] {20, 600};
            case NINE_PIECE -> new long[] {17, 510};
            case TEN_PIECE -> new long[] {14, 420};
            case THREE_PAWNS -> new long[] {65, 1918};
            case NAKED_KING -> new long[] {5, 150};
            case DRAGONFLY -> new long[] {23, 690};
            case TWO_LANCES -> new long[] {29, 870};
        };
    }

    @ParameterizedTest
    @EnumSource(Handicap.class)
    void startIsALegalPosition(Handicap h) {
        String sfen = h.sfen();
        long legalMoves = movesAndPerft2(h)[0], perft2 = movesAndPerft2(h)[1];
        assertThat(Position.validate(Sfen.parse(sfen), false)).as(sfen).isEmpty();
        Position pos = Sfen.position(sfen);
        Color mover = h == Handicap.EVEN ? Color.SENTE : Color.GOTE;
        assertThat(pos.turn()).as("the giver (gote) moves first: %s", sfen).isEqualTo(mover);
        assertThat(pos.inCheck()).as(sfen).isFalse();
        assertThat(pos.moveNumber()).as(sfen).isEqualTo(1);
        assertThat(Sfen.format(pos)).as(sfen).isEqualTo(sfen);

        int[] moves = pos.legalMoves();
        assertThat((long) moves.length).as("legal moves in %s", sfen).isEqualTo(legalMoves);
        for (int m : moves) {
            assertThat(Piece.colorOf(Move.piece(m))).as("%s in %s", Move.usi(m), sfen).isEqualTo(mover);
        }
        // Each reply position is legal too, and the receiver has exactly its moves.
        assertThat(new Perft(2).count(pos, 2)).as("perft 2 of %s", sfen).isEqualTo(perft2);

        Game game = Game.of(Sfen.parse(sfen), RuleSet.CSA);
        assertThat(game.turn()).as(sfen).isEqualTo(mover);
        assertThat(game.play(Move.usi(moves[0]))).as("%s in %s", Move.usi(moves[0]), sfen)
                .isInstanceOf(MoveResult.Applied.class);
        assertThat(game.outcome()).as(sfen).isEmpty();
    }
}
