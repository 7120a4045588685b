package dev.meijin.notation.move;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.meijin.core.position.Position;
import dev.meijin.core.sfen.Sfen;
import dev.meijin.core.usi.Usi;
import dev.meijin.core.usi.UsiMoveException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/** CSA move text and the USI wrapper. */
class CsaAndUsiNotationTest {

    @Test
    void csaWritesThePieceAfterTheMove() {
        Position pos = Boards.startpos("7g7f 3c3d");
        int promote = Usi.parseMove(pos, "8h2b+"), decline = Usi.parseMove(pos, "8h2b");
        assertThat(CsaNotation.format(pos, promote)).isEqualTo("+8822UM");
        assertThat(CsaNotation.format(pos, decline)).isEqualTo("+8822KA");
        assertThat(CsaNotation.parse(pos, "+8822UM")).isEqualTo(promote);
        assertThat(CsaNotation.parse(pos, "+8822KA")).isEqualTo(decline);
        assertThat(CsaNotation.parse(pos, "8822UM")).isEqualTo(promote);
        Position start = Position.startpos();
        assertThat(CsaNotation.format(start, Usi.parseMove(start, "7g7f"))).isEqualTo("+7776FU");
        Position gote = Boards.startpos("7g7f");
        assertThat(CsaNotation.format(gote, Usi.parseMove(gote, "3c3d"))).isEqualTo("-3334FU");
        Position drop = Boards.of("", 'b', "P", "5e");
        assertThat(CsaNotation.format(drop, Usi.parseMove(drop, "P*5e"))).isEqualTo("+0055FU");
        assertThat(CsaNotation.parse(drop, "+0055FU")).isEqualTo(Usi.parseMove(drop, "P*5e"));
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', textBlock = """
            +7776      | MALFORMED
            +7776XX    | MALFORMED
            +7076FU    | MALFORMED
            +7770FU    | MALFORMED
            *7776FU    | MALFORMED
            ''         | MALFORMED
            -7776FU    | ILLEGAL
            +7776KI    | ILLEGAL
            +7776TO    | ILLEGAL
            +7775FU    | ILLEGAL
            +0055FU    | ILLEGAL
            +0055TO    | ILLEGAL
            +8877KA    | ILLEGAL
            """)
    void csaErrors(String text, MoveNotationException.Reason reason) {
        Position pos = Position.startpos();
        assertThatThrownBy(() -> CsaNotation.parse(pos, text))
                .isInstanceOfSatisfying(MoveNotationException.class, e -> assertThat(e.reason()).isEqualTo(reason));
    }

    @Test
    void anIllegalCsaMoveIsExplainedByTheRuleItBreaks() {
        Position pos = Sfen.position("k3r4/9/9/9/9/9/9/9/4K4 b B 1");
        assertThatThrownBy(() -> CsaNotation.parse(pos, "+0011KA"))
                .hasMessageContaining("the king is in check and a drop on 1a does not block it (B*1a)");
        assertThatThrownBy(() -> CsaNotation.parse(Position.startpos(), "+7775FU"))
                .hasMessageContaining("a pawn on 7g cannot move to 7e (7g7e)");
    }

    @Test
    void usiDelegatesToTheCore() {
        Position pos = Position.startpos();
        int m = UsiNotation.parse(pos, "7g7f");
        assertThat(m).isEqualTo(Usi.parseMove(pos, "7g7f"));
        assertThat(UsiNotation.format(pos, m)).isEqualTo("7g7f");
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', textBlock = """
            7g7e  | ILLEGAL
            xx    | MALFORMED
            P*5e  | ILLEGAL
            """)
    void usiErrorsKeepTheirReasonAndCause(String text, MoveNotationException.Reason reason) {
        Position pos = Position.startpos();
        assertThatThrownBy(() -> UsiNotation.parse(pos, text))
                .isInstanceOfSatisfying(MoveNotationException.class, e -> {
                    assertThat(e.reason()).isEqualTo(reason);
                    assertThat(e.input()).isEqualTo(text);
                    assertThat(e.getCause()).isInstanceOf(UsiMoveException.class);
                });
    }

    @ParameterizedTest
    @ValueSource(strings = {"japanese", "ki2", "hosking", "hodges", "kawasaki", "csa", "usi", "KI2", "JAPANESE_KIF"})
    void stylesByName(String name) {
        MoveStyle style = MoveStyle.byName(name);
        Position pos = Position.startpos();
        int m = Usi.parseMove(pos, "7g7f");
        assertThat(style.parse(pos, style.format(pos, m))).isEqualTo(m);
    }

    @Test
    void eachStyleWritesItsForm() {
        Position pos = Position.startpos();
        int m = Usi.parseMove(pos, "7g7f");
        assertThat(MoveStyle.JAPANESE_KIF.format(pos, m)).isEqualTo("７六歩(77)");
        assertThat(MoveStyle.KI2.format(pos, m)).isEqualTo("▲７六歩");
        assertThat(MoveStyle.HOSKING.format(pos, m)).isEqualTo("P-76");
        assertThat(MoveStyle.HODGES.format(pos, m)).isEqualTo("P-7f");
        assertThat(MoveStyle.KAWASAKI.format(pos, m)).isEqualTo("歩-76");
        assertThat(MoveStyle.CSA.format(pos, m)).isEqualTo("+7776FU");
        assertThat(MoveStyle.USI.format(pos, m)).isEqualTo("7g7f");
        assertThat(MoveStyle.KI2.cliName()).isEqualTo("ki2");
        assertThat(MoveStyle.JAPANESE_KIF.cliName()).isEqualTo("japanese");
    }

    @Test
    void unknownStyleNamesTheKnownOnes() {
        assertThatThrownBy(() -> MoveStyle.byName("pgn"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("pgn").hasMessageContaining("japanese, ki2, hosking, hodges, kawasaki, csa, usi");
    }
}
