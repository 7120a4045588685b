package dev.meijin.notation.move;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.meijin.core.position.Position;
import dev.meijin.core.sfen.Sfen;
import dev.meijin.core.usi.Usi;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/** Hosking and Hodges: examples of each rule, both ways, and the errors. */
class WesternNotationTest {

    private static void check(Position pos, String usi, String hosking, String hodges) {
        int m = Usi.parseMove(pos, usi);
        String sfen = Sfen.format(pos);
        assertThat(WesternNotation.formatHosking(pos, m)).as("%s in %s", usi, sfen).isEqualTo(hosking);
        assertThat(WesternNotation.formatHodges(pos, m)).as("%s in %s", usi, sfen).isEqualTo(hodges);
        assertThat(WesternNotation.parse(pos, hosking)).as("%s in %s", hosking, sfen).isEqualTo(m);
        assertThat(WesternNotation.parse(pos, hodges)).as("%s in %s", hodges, sfen).isEqualTo(m);
    }

    @Test
    void plainMovesAndCaptures() {
        check(Position.startpos(), "7g7f", "P-76", "P-7f");
        Position pos = Boards.startpos("7g7f 3c3d");
        check(pos, "8h2b+", "Bx22+", "Bx2b+");
        check(pos, "8h2b", "Bx22=", "Bx2b=");
        check(pos, "2g2f", "P-26", "P-2f");
    }

    @Test
    void promotedPiecesHaveAPlus() {
        Position pos = Boards.of("2h:+R 2d:p 5e:+P 6e:+L 7e:+N 8e:+S 9e:+B", 'b', "-", "5d");
        check(pos, "2h2d", "+Rx24", "+Rx2d");
        check(pos, "5e5d", "+P-54", "+P-5d");
        check(pos, "6e6d", "+L-64", "+L-6d");
        check(pos, "7e7d", "+N-74", "+N-7d");
        check(pos, "8e8d", "+S-84", "+S-8d");
        check(pos, "9e8d", "+B-84", "+B-8d");
        // Also T, H and D on input.
        assertThat(WesternNotation.parse(pos, "T-54")).isEqualTo(Usi.parseMove(pos, "5e5d"));
        assertThat(WesternNotation.parse(pos, "Dx24")).isEqualTo(Usi.parseMove(pos, "2h2d"));
        assertThat(WesternNotation.parse(pos, "H-84")).isEqualTo(Usi.parseMove(pos, "9e8d"));
    }

    @Test
    void promotionSuffix() {
        Position pos = Boards.of("3b:S", 'b', "-", "2a");
        check(pos, "3b2a+", "S-21+", "S-2a+");
        check(pos, "3b2a", "S-21=", "S-2a=");
        // A pawn reaching the last rank must promote: there is no choice, but '+' is still written.
        Position pawn = Boards.of("2b:P", 'b', "-", "2a");
        check(pawn, "2b2a+", "P-21+", "P-2a+");
    }

    @Test
    void originOnlyWhenNeeded() {
        Position pos = Boards.of("6e:N 4e:N", 'b', "-", "5c");
        check(pos, "6e5c+", "N65-53+", "N6e-5c+");
        check(pos, "6e5c", "N65-53=", "N6e-5c=");
        check(pos, "4e5c+", "N45-53+", "N4e-5c+");
        assertThatThrownBy(() -> WesternNotation.parse(pos, "N-53+"))
                .isInstanceOfSatisfying(MoveNotationException.class, e -> {
                    assertThat(e.reason()).isEqualTo(MoveNotationException.Reason.AMBIGUOUS);
                    assertThat(e.candidates()).containsExactlyInAnyOrder("6e5c+", "4e5c+");
                    assertThat(e.getMessage()).contains("N65-53+", "N45-53+", Sfen.format(pos));
                });
    }

    @Test
    void theSuffixAloneCanTellPiecesApart() {
        // The silver on 3c may promote on its way to 2d; the one on 1e may not.
        Position pos = Boards.of("3c:S 1e:S", 'b', "-", "2d");
        check(pos, "3c2d", "S-24=", "S-2d=");
        check(pos, "3c2d+", "S-24+", "S-2d+");
        check(pos, "1e2d", "S-24", "S-2d");
    }

    @Test
    void dropsAlwaysHaveAStar() {
        Position pos = Boards.of("5f:G", 'b', "PG", "5e");
        check(pos, "P*5e", "P*55", "P*5e");
        check(pos, "G*5e", "G*55", "G*5e");
        check(pos, "5f5e", "G-55", "G-5e");
    }

    @Test
    void theCaptureSignIsNotChecked() {
        Position pos = Position.startpos();
        assertThat(WesternNotation.parse(pos, "Px76")).isEqualTo(Usi.parseMove(pos, "7g7f"));
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', textBlock = """
            X-76   | 0
            P76    | 3
            P-7    | 2
            P-70   | 2
            P-7j   | 2
            P-76x  | 4
            +G-55  | 1
            +T-55  | 1
            ''     | 0
            ' P-7' | 3
            P*55+  | -1
            P77*55 | -1
            +P*55  | -1
            """)
    void malformed(String text, int index) {
        Position pos = Boards.of("", 'b', "P");
        assertThatThrownBy(() -> WesternNotation.parse(pos, text))
                .isInstanceOfSatisfying(MoveNotationException.class, e -> {
                    assertThat(e.reason()).isEqualTo(MoveNotationException.Reason.MALFORMED);
                    assertThat(e.index()).isEqualTo(index);
                    assertThat(e.getMessage()).contains("\"" + text + "\"", Sfen.format(pos));
                });
    }

    @ParameterizedTest
    @ValueSource(strings = {"P-75", "P-76+", "B-22", "G*55", "N78-76", "K-51"})
    void illegal(String text) {
        Position pos = Position.startpos();
        assertThatThrownBy(() -> WesternNotation.parse(pos, text))
                .isInstanceOfSatisfying(MoveNotationException.class,
                        e -> assertThat(e.reason()).isEqualTo(MoveNotationException.Reason.ILLEGAL));
    }

    /**
     * The refusal says why no move matches, and names the promotion only where it is what stands in the way: 7e
     * is out of every pawn's reach, and both knights reach 3a, where a knight must promote. (A move that one piece
     * alone could make is refused with the rule it breaks, as {@code P-76+}: no promotion outside the zone.)
     */
    @ParameterizedTest
    @CsvSource(delimiter = '|', textBlock = """
            startpos                              | P-75  | no pawn can move to 7e
            startpos                              | B-22  | no bishop can move to 2b
            k8/9/5N1N1/9/9/9/9/9/4K4 b - 1         | N-3a  | no knight can move to 3a without promoting
            """)
    void anIllegalMoveIsRefusedWithWhatStandsInTheWay(String sfen, String text, String why) {
        Position pos = sfen.equals("startpos") ? Position.startpos() : Sfen.position(sfen);
        assertThatThrownBy(() -> WesternNotation.parse(pos, text))
                .isInstanceOfSatisfying(MoveNotationException.class, e -> assertThat(e.getMessage())
                        .isEqualTo("illegal Western move \"" + text + "\" in " + Sfen.format(pos) + ": " + why));
    }
}
