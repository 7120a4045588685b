package dev.meijin.core.movegen;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.meijin.core.Color;
import dev.meijin.core.Fixtures;
import dev.meijin.core.Move;
import dev.meijin.core.MoveOrDrop;
import dev.meijin.core.Role;
import dev.meijin.core.Square;
import dev.meijin.core.game.CsaMoves;
import dev.meijin.core.game.Ending;
import dev.meijin.core.game.Game;
import dev.meijin.core.game.MoveResult;
import dev.meijin.core.game.Outcome;
import dev.meijin.core.game.RuleSet;
import dev.meijin.core.position.GenType;
import dev.meijin.core.position.IllegalMoveReason;
import dev.meijin.core.position.Position;
import dev.meijin.core.position.Rules;
import dev.meijin.core.sfen.Sfen;
import dev.meijin.core.usi.Usi;
import dev.meijin.core.usi.UsiMoveException;
import dev.meijin.testdata.TestData;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Uchifuzume (打ち歩詰め): dropping a pawn that checkmates is illegal; mating with a pawn moved on the board,
 * or by dropping any other piece, is legal. Each position is checked as written (sente drops on gote's king
 * near 1a) and rotated 180° with the colours swapped (gote drops on sente's king near 9i).
 */
class UchifuzumeTest {

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            plain pawn-drop mate: gold covers 2b and defends the pawn, knight 2a | 8k/9/6NG1/9/9/9/9/9/4K4 b P 1           | 1b | true
            the pawn defended by a rook along the rank, 2a covered by a knight   | 8k/R8/6N2/9/9/9/9/9/4K4 b P 1           | 1b | true
            the only capturer is pinned off the pawn's line                      | 4R2gk/9/7G1/9/9/9/9/9/4K4 b P 1         | 1b | true
            the capturer is pinned along a line through the pawn square          | 8k/9/6NGg/9/9/9/8R/9/4K4 b P 1          | 1b | false
            the king can take the undefended pawn                                | 8k/9/9/9/9/9/9/9/4K2R1 b P 1            | 1b | false
            the king has an escape square                                        | 8k/9/9/7N1/9/9/9/9/4K4 b P 1            | 1b | false
            another piece can capture the pawn                                   | 7sk/9/6NG1/9/9/9/9/9/4K4 b P 1          | 1b | false
            mate in the middle of the board                                      | 3G1G3/9/4k4/9/1B2S2B1/9/9/9/4K4 b P 1   | 5d | true
            same, but a knight can capture the pawn                              | 3G1G3/5n3/4k4/9/1B2S2B1/9/9/9/4K4 b P 1 | 5d | false
            the pawn itself blocks the rook that covered 4d                      | 3G1G3/9/4k4/R8/1B5B1/3N5/9/9/4K4 b P 1  | 5d | false
            same, with a silver covering 4d as well                              | 3G1G3/9/4k4/R8/1B4SB1/3N5/9/9/4K4 b P 1 | 5d | true
            """)
    void pawnDrop(String name, String sfen, String square, boolean uchifuzume) {
        checkDrop(name, sfen, Square.parse(square), uchifuzume);
        checkDrop(name + " (colours swapped)", Fixtures.flip(sfen), Square.flip(Square.parse(square)), uchifuzume);
    }

    private static void checkDrop(String name, String sfen, int sq, boolean uchifuzume) {
        Position pos = Sfen.position(sfen);
        int us = pos.sideToMove();
        int drop = Move.drop(Role.PAWN.code(), sq, us);
        String usi = Move.usi(drop);
        String what = name + ": " + usi + " in " + sfen;
        assertThat(pos.inCheck()).as("not in check: %s", what).isFalse();
        assertThat(pos.givesCheck(drop)).as("the drop checks: %s", what).isTrue();
        assertThat(BruteForce.isPawnDropMate(BruteForce.Board.of(pos), drop)).as("brute force mate: %s", what)
                .isEqualTo(uchifuzume);
        assertThat(Rules.isUchifuzume(pos, sq)).as("isUchifuzume: %s", what).isEqualTo(uchifuzume);
        assertThat(pos.isLegal(drop)).as("isLegal: %s", what).isEqualTo(!uchifuzume);
        assertThat(contains(pos, GenType.LEGAL_ALL, drop)).as("in LEGAL_ALL: %s", what).isEqualTo(!uchifuzume);
        assertThat(contains(pos, GenType.LEGAL, drop)).as("in LEGAL: %s", what).isEqualTo(!uchifuzume);
        assertThat(contains(pos, GenType.CHECKS, drop)).as("in CHECKS: %s", what).isEqualTo(!uchifuzume);
        assertThat(contains(pos, GenType.QUIETS, drop)).as("in QUIETS: %s", what).isEqualTo(!uchifuzume);
        assertThat(pos.tryPlay(new MoveOrDrop.Drop(Role.PAWN, sq))).as("tryPlay: %s", what).isEqualTo(!uchifuzume);
        if (uchifuzume) {
            UsiMoveException e = catchThrowableOfType(UsiMoveException.class,
                    () -> Usi.parseMove(pos, usi));
            assertThat(e).as("Usi.parseMove refuses: %s", what).isNotNull();
            assertThat(e.reason()).as(what).isEqualTo(IllegalMoveReason.UCHIFUZUME);
            Game game = Game.of(Sfen.parse(sfen), RuleSet.CSA);
            assertThat(game.play(usi)).as("Game.play refuses: %s", what).isInstanceOfSatisfying(MoveResult.Illegal.class,
                    i -> assertThat(i.reason()).isEqualTo(IllegalMoveReason.UCHIFUZUME));
            assertThat(game.isOver()).as("an illegal move loses under CSA rules: %s", what).isTrue();
        } else {
            assertThat(pos.hasNoLegalMove()).as("a legal pawn drop never mates: %s", what).isFalse();
            assertThat(pos.inCheck()).as("the opponent is in check after %s", what).isTrue();
        }
    }

    @Test
    void pawnMovedOnTheBoardMayMate() {
        String sfen = "8k/9/6NGP/9/9/9/9/9/4K4 b - 1";
        for (String s : List.of(sfen, Fixtures.flip(sfen))) {
            for (boolean promote : new boolean[] {false, true}) {
                Position pos = Sfen.position(s);
                int from = pos.sideToMove() == 0 ? Square.parse("1c") : Square.flip(Square.parse("1c"));
                int to = pos.sideToMove() == 0 ? Square.parse("1b") : Square.flip(Square.parse("1b"));
                int m = Move.normal(from, to, pos.pieceAt(from), promote);
                assertThat(pos.isLegal(m)).as("%s in %s", Move.usi(m), s).isTrue();
                // The non-promotion is one the plain types leave out, so it is in LEGAL_ALL only.
                assertThat(contains(pos, GenType.LEGAL, m)).as("%s in LEGAL of %s", Move.usi(m), s).isEqualTo(promote);
                assertThat(contains(pos, GenType.LEGAL_ALL, m)).as("%s in LEGAL_ALL of %s", Move.usi(m), s).isTrue();
                Game game = Game.of(Sfen.parse(s), RuleSet.CSA);
                MoveResult r = game.play(m);
                assertThat(r).as("%s in %s", Move.usi(m), s).isInstanceOf(MoveResult.Applied.class);
                assertThat(game.outcome()).as("%s mates in %s", Move.usi(m), s).hasValueSatisfying(o -> {
                    assertThat(o.ending()).as(s).isEqualTo(Ending.CHECKMATE);
                    assertThat(((Outcome.Win) o).winner()).as(s).isEqualTo(Color.of(pos.sideToMove()));
                });
            }
        }
    }

    @ParameterizedTest
    @CsvSource({"LANCE", "GOLD", "SILVER", "ROOK"})
    void droppingAnotherPieceMayMate(Role role) {
        // With the gold on 2c covering 2b and 1b and the knight on 3c covering 2a, each of these drops on 1b mates.
        String base = "8k/9/6NG1/9/9/9/9/9/4K4 b " + role.sfenLetter() + " 1";
        for (String sfen : List.of(base, Fixtures.flip(base))) {
            Position pos = Sfen.position(sfen);
            int sq = pos.sideToMove() == 0 ? Square.parse("1b") : Square.flip(Square.parse("1b"));
            int drop = Move.drop(role.code(), sq, pos.sideToMove());
            assertThat(pos.isLegal(drop)).as("%s in %s", Move.usi(drop), sfen).isTrue();
            assertThat(pos.givesCheck(drop)).as("%s in %s", Move.usi(drop), sfen).isTrue();
            pos.doMove(drop);
            assertThat(pos.isCheckmate()).as("%s mates in %s", Move.usi(drop), sfen).isTrue();
        }
    }

    @Test
    void pawnDropCheckFromAFarSquareIsNeverUchifuzume() {
        // isUchifuzume only concerns the square in front of the enemy king.
        String sfen = "8k/9/6NG1/9/9/9/9/9/4K4 b P 1";
        Position pos = Sfen.position(sfen);
        for (int sq = 0; sq < Square.COUNT; sq++) {
            assertThat(Rules.isUchifuzume(pos, sq)).as("%s in %s", Square.name(sq), sfen)
                    .isEqualTo(sq == Square.parse("1b"));
        }
    }

    // ------------------------------------------------------------------ shogi-server fixtures

    /**
     * {@code uchifuzume.csa}: every recorded move is legal; shogi-server's test then has gote drop a pawn on 6d
     * ({@code -0064FU}) in front of sente's king on 6e and expects that to lose as an illegal move, as the
     * record's summary says ({@code uchifuzume:KShogi900 lose}).
     */
    @Test
    void shogiServerUchifuzume() {
        Position pos = replay("csa/shogi-server/uchifuzume.csa");
        String sfen = Sfen.format(pos);
        int sq = Square.parse("6d");
        assertThat(pos.turn()).as(sfen).isEqualTo(Color.GOTE);
        assertThat(pos.kingSquare(Color.SENTE.index())).as(sfen).isEqualTo(Square.parse("6e"));
        int drop = CsaMoves.toMove(pos, "-0064FU");
        assertThat(pos.givesCheck(drop)).as("P*6d checks in %s", sfen).isTrue();
        assertThat(Rules.isUchifuzume(pos, sq)).as("P*6d is uchifuzume in %s", sfen).isTrue();
        assertThat(BruteForce.isPawnDropMate(BruteForce.Board.of(pos), drop)).as("brute force, %s", sfen).isTrue();
        assertThat(pos.isLegal(drop)).as("P*6d in %s", sfen).isFalse();
        assertThat(contains(pos, GenType.LEGAL_ALL, drop)).as("P*6d generated in %s", sfen).isFalse();
        assertThat(pos.hasNoLegalMove()).as("gote has other moves in %s", sfen).isFalse();
    }

    /** {@code not_uchifuzume.csa}: every move is legal, and so is the pawn drop on 9b that shogi-server's test adds. */
    @Test
    void shogiServerNotUchifuzume() {
        Position pos = replay("csa/shogi-server/not_uchifuzume.csa");
        String sfen = Sfen.format(pos);
        int drop = CsaMoves.toMove(pos, "-0092FU");
        assertThat(pos.givesCheck(drop)).as("P*9b checks in %s", sfen).isTrue();
        assertThat(Rules.isUchifuzume(pos, Square.parse("9b"))).as("P*9b in %s", sfen).isFalse();
        assertThat(pos.isLegal(drop)).as("P*9b in %s", sfen).isTrue();
        pos.doMove(drop);
        assertThat(pos.inCheck()).as("after P*9b in %s", sfen).isTrue();
        assertThat(pos.hasNoLegalMove()).as("P*9b does not mate in %s", sfen).isFalse();
    }

    /** Replays a record's moves, asserting each is legal. */
    private static Position replay(String path) {
        CsaMoves.Record rec = CsaMoves.read(TestData.text(path, StandardCharsets.UTF_8));
        Position pos = Position.of(rec.start());
        int ply = 0;
        for (String mv : rec.moves()) {
            ply++;
            int m = CsaMoves.toMove(pos, mv);
            assertThat(pos.isLegal(m)).as("%s move %d %s in %s", path, ply, mv, Sfen.format(pos)).isTrue();
            pos.doMove(m);
        }
        assertThat(rec.terminal()).as(path).isEmpty();
        return pos;
    }

    // ------------------------------------------------------------------ helpers

    private static boolean contains(Position pos, GenType type, int m) {
        int[] buf = new int[Position.MAX_MOVES];
        int n = pos.generate(type, buf, 0);
        for (int i = 0; i < n; i++) {
            if (buf[i] == m) {
                return true;
            }
        }
        return false;
    }
}
