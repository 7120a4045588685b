package dev.meijin.notation.move;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.meijin.core.position.Position;
import dev.meijin.core.sfen.Sfen;
import dev.meijin.core.usi.Usi;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Kitao–Kawasaki: examples of each rule, the spellings read, and the errors. */
class KitaoKawasakiNotationTest {

    private static void check(Position pos, String usi, String text) {
        int m = Usi.parseMove(pos, usi);
        assertThat(KitaoKawasakiNotation.format(pos, m)).as("%s in %s", usi, Sfen.format(pos)).isEqualTo(text);
        assertThat(KitaoKawasakiNotation.parse(pos, text)).as("%s in %s", text, Sfen.format(pos)).isEqualTo(m);
    }

    @Test
    void examples() {
        check(Position.startpos(), "7g7f", "歩-76");
        Position pos = Boards.startpos("7g7f 3c3d");
        check(pos, "8h2b+", "角x22+");
        check(pos, "8h2b", "角x22=");
        check(Boards.of("3b:S", 'b', "-", "2a"), "3b2a", "銀-21=");
        check(Boards.of("4h:S 6h:S", 'b', "-", "5g"), "4h5g", "銀(48)-57");
        check(Boards.of("5f:G", 'b', "P", "5e"), "P*5e", "歩*55");
        Position promoted = Boards.of("5e:+P 4e:+L 3e:+N 2e:+S 6e:+B 7e:+R", 'b');
        check(promoted, "5e5d", "と-54");
        check(promoted, "4e4d", "+香-44");
        check(promoted, "3e3d", "+桂-34");
        check(promoted, "2e2d", "+銀-24");
        check(promoted, "6e6d", "馬-64");
        check(promoted, "7e7d", "龍-74");
    }

    @Test
    void spellingsRead() {
        Position pos = Boards.startpos("7g7f 3c3d");
        int promote = Usi.parseMove(pos, "8h2b+"), decline = Usi.parseMove(pos, "8h2b");
        assertThat(KitaoKawasakiNotation.parse(pos, "角x22成")).isEqualTo(promote);
        assertThat(KitaoKawasakiNotation.parse(pos, "角-22成")).isEqualTo(promote);
        assertThat(KitaoKawasakiNotation.parse(pos, "角x22不成")).isEqualTo(decline);
        assertThat(KitaoKawasakiNotation.parse(pos, "角x22生")).isEqualTo(decline);
        assertThat(KitaoKawasakiNotation.parse(pos, "角(88)x２２+")).isEqualTo(promote);
        assertThat(KitaoKawasakiNotation.parse(pos, "角88x22+")).isEqualTo(promote);
        Position two = Boards.of("4h:S 6h:S 2e:+S", 'b', "-", "5g");
        assertThat(KitaoKawasakiNotation.parse(two, "銀48-57")).isEqualTo(Usi.parseMove(two, "4h5g"));
        assertThat(KitaoKawasakiNotation.parse(two, "成銀-24")).isEqualTo(Usi.parseMove(two, "2e2d"));
        assertThat(KitaoKawasakiNotation.parse(two, "全-24")).isEqualTo(Usi.parseMove(two, "2e2d"));
        // An empty destination is the previous move's square, like 同.
        pos.doMove(promote);
        assertThat(KitaoKawasakiNotation.parse(pos, "銀x")).isEqualTo(Usi.parseMove(pos, "3a2b"));
    }

    @Test
    void ambiguousWithoutOrigin() {
        Position pos = Boards.of("4h:S 6h:S", 'b', "-", "5g");
        assertThatThrownBy(() -> KitaoKawasakiNotation.parse(pos, "銀-57"))
                .isInstanceOfSatisfying(MoveNotationException.class, e -> {
                    assertThat(e.reason()).isEqualTo(MoveNotationException.Reason.AMBIGUOUS);
                    assertThat(e.getMessage()).contains("銀(48)-57", "銀(68)-57");
                });
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "X-76", "歩76", "歩-7", "歩-76x", "歩*55+", "馬*55", "歩(77-76", "+金-55"})
    void malformed(String text) {
        Position pos = Position.startpos();
        assertThatThrownBy(() -> KitaoKawasakiNotation.parse(pos, text))
                .isInstanceOfSatisfying(MoveNotationException.class,
                        e -> assertThat(e.reason()).isEqualTo(MoveNotationException.Reason.MALFORMED));
    }

    @ParameterizedTest
    @ValueSource(strings = {"歩-75", "歩-76+", "金-76", "歩*55", "歩(87)-76"})
    void illegal(String text) {
        Position pos = Position.startpos();
        assertThatThrownBy(() -> KitaoKawasakiNotation.parse(pos, text))
                .isInstanceOfSatisfying(MoveNotationException.class,
                        e -> assertThat(e.reason()).isEqualTo(MoveNotationException.Reason.ILLEGAL));
    }
}
