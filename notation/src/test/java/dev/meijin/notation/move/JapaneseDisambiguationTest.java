package dev.meijin.notation.move;

import static org.assertj.core.api.Assertions.assertThat;

import dev.meijin.core.position.Position;
import dev.meijin.core.sfen.Sfen;
import dev.meijin.core.usi.Usi;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The KI2 relative markers, one row per example of the Japan Shogi Association's 棋譜の表記方法 (and the same
 * examples mirrored for gote): pieces ({@code square:piece} in SFEN letters), side to move, the move in USI,
 * and the expected KI2 text without the side mark. Every row is checked both ways: writing gives the text,
 * and reading the text (with and without the mark) gives the move.
 */
class JapaneseDisambiguationTest {

    private static void check(String pieces, char turn, String usi, String expected) {
        Position pos = Boards.of(pieces, turn, "-", usi.substring(2, 4));
        int move = Usi.parseMove(pos, usi);
        String sfen = Sfen.format(pos);
        assertThat(JapaneseNotation.formatKi2(pos, move, false)).as("%s in %s", usi, sfen).isEqualTo(expected);
        String mark = turn == 'b' ? "▲" : "△";
        assertThat(JapaneseNotation.formatKi2(pos, move)).as("%s in %s", usi, sfen).isEqualTo(mark + expected);
        assertThat(JapaneseNotation.parse(pos, expected)).as("%s in %s", expected, sfen).isEqualTo(move);
        assertThat(JapaneseNotation.parse(pos, mark + expected)).as("%s in %s", expected, sfen).isEqualTo(move);
        // KIF names the origin instead of marking it.
        String kif = JapaneseNotation.formatKif(pos, move);
        assertThat(kif).as("%s in %s", usi, sfen).doesNotContainAnyWhitespaces()
                .endsWith("(" + usi.charAt(0) + (usi.charAt(1) - 'a' + 1) + ")")
                .doesNotContain("右", "左", "直", "上", "引", "寄");
        assertThat(JapaneseNotation.parse(pos, kif)).as("%s in %s", kif, sfen).isEqualTo(move);
    }

    @ParameterizedTest(name = "{2} → {3}")
    @CsvSource(delimiter = '|', textBlock = """
            # 上, 引 or 寄 alone when the movement tells the pieces apart
            9c:G 7b:G | b | 9c8b | ８二金上
            9c:G 7b:G | b | 7b8b | ８二金寄
            1g:g 3h:g | w | 1g2h | ２八金上
            1g:g 3h:g | w | 3h2h | ２八金寄
            3a:G 4c:G | b | 4c3b | ３二金上
            3a:G 4c:G | b | 3a3b | ３二金引
            7i:g 6g:g | w | 6g7h | ７八金上
            7i:g 6g:g | w | 7i7h | ７八金引
            5f:G 4e:G | b | 5f5e | ５五金上
            5f:G 4e:G | b | 4e5e | ５五金寄
            5d:g 6e:g | w | 5d5e | ５五金上
            5d:g 6e:g | w | 6e5e | ５五金寄
            8i:S 7g:S | b | 8i8h | ８八銀上
            8i:S 7g:S | b | 7g8h | ８八銀引
            2a:s 3c:s | w | 2a2b | ２二銀上
            2a:s 3c:s | w | 3c2b | ２二銀引
            4i:S 2g:S | b | 4i3h | ３八銀上
            4i:S 2g:S | b | 2g3h | ３八銀引
            6a:s 8c:s | w | 6a7b | ７二銀上
            6a:s 8c:s | w | 8c7b | ７二銀引
            """)
    void movementAloneDecides(String pieces, char turn, String usi, String expected) {
        check(pieces, turn, usi, expected);
    }

    @ParameterizedTest(name = "{2} → {3}")
    @CsvSource(delimiter = '|', textBlock = """
            # 右 and 左 from the mover's own side; 直 for a straight step forward
            9b:G 7b:G | b | 9b8a | ８一金左
            9b:G 7b:G | b | 7b8a | ８一金右
            1h:g 3h:g | w | 1h2i | ２九金左
            1h:g 3h:g | w | 3h2i | ２九金右
            3b:G 1b:G | b | 3b2b | ２二金左
            3b:G 1b:G | b | 1b2b | ２二金右
            7h:g 9h:g | w | 7h8h | ８八金左
            7h:g 9h:g | w | 9h8h | ８八金右
            6e:S 4e:S | b | 6e5f | ５六銀左
            6e:S 4e:S | b | 4e5f | ５六銀右
            4e:s 6e:s | w | 4e5d | ５四銀左
            4e:s 6e:s | w | 6e5d | ５四銀右
            8i:G 7i:G | b | 8i7h | ７八金左
            8i:G 7i:G | b | 7i7h | ７八金直
            2a:g 3a:g | w | 2a3b | ３二金左
            2a:g 3a:g | w | 3a3b | ３二金直
            3i:S 2i:S | b | 3i3h | ３八銀直
            3i:S 2i:S | b | 2i3h | ３八銀右
            7a:s 8a:s | w | 7a7b | ７二銀直
            7a:s 8a:s | w | 8a7b | ７二銀右
            # two knights
            3i:N 1i:N | b | 3i2g | ２七桂左
            3i:N 1i:N | b | 1i2g | ２七桂右
            3a:n 1a:n | w | 1a2c | ２三桂左
            3a:n 1a:n | w | 3a2c | ２三桂右
            """)
    void rightLeftAndStraight(String pieces, char turn, String usi, String expected) {
        check(pieces, turn, usi, expected);
    }

    @ParameterizedTest(name = "{2} → {3}")
    @CsvSource(delimiter = '|', textBlock = """
            # three or more pieces: 右/左/直 alone when it decides, else 右/左 then 上/引/寄
            6c:G 5c:G 4c:G 4b:+P | b | 6c5b | ５二金左
            6c:G 5c:G 4c:G 4b:+P | b | 5c5b | ５二金直
            6c:G 5c:G 4c:G 4b:+P | b | 4c5b | ５二金右
            4g:g 5g:g 6g:g | w | 4g5h | ５八金左
            4g:g 5g:g 6g:g | w | 5g5h | ５八金直
            4g:g 5g:g 6g:g | w | 6g5h | ５八金右
            7i:+P 8i:+P 9i:+P 9h:+P 8g:+P | b | 7i8h | ８八と右
            7i:+P 8i:+P 9i:+P 9h:+P 8g:+P | b | 8i8h | ８八と直
            7i:+P 8i:+P 9i:+P 9h:+P 8g:+P | b | 9i8h | ８八と左上
            7i:+P 8i:+P 9i:+P 9h:+P 8g:+P | b | 9h8h | ８八と寄
            7i:+P 8i:+P 9i:+P 9h:+P 8g:+P | b | 8g8h | ８八と引
            3a:+p 2a:+p 1a:+p 1b:+p 2c:+p | w | 3a2b | ２二と右
            3a:+p 2a:+p 1a:+p 1b:+p 2c:+p | w | 2a2b | ２二と直
            3a:+p 2a:+p 1a:+p 1b:+p 2c:+p | w | 1a2b | ２二と左上
            3a:+p 2a:+p 1a:+p 1b:+p 2c:+p | w | 1b2b | ２二と寄
            3a:+p 2a:+p 1a:+p 1b:+p 2c:+p | w | 2c2b | ２二と引
            7i:+P 8i:+P 9i:+P 9h:+P 8g:+P 7h:+P | b | 9h8h | ８八と左寄
            7i:+P 8i:+P 9i:+P 9h:+P 8g:+P 7h:+P | b | 7h8h | ８八と右寄
            7i:+P 8i:+P 9i:+P 9h:+P 8g:+P 7h:+P | b | 7i8h | ８八と右上
            3a:+p 2a:+p 1a:+p 1b:+p 2c:+p 3b:+p | w | 1b2b | ２二と左寄
            3a:+p 2a:+p 1a:+p 1b:+p 2c:+p 3b:+p | w | 3b2b | ２二と右寄
            2i:S 1g:S 3i:S 3g:S | b | 2i2h | ２八銀直
            2i:S 1g:S 3i:S 3g:S | b | 1g2h | ２八銀右
            2i:S 1g:S 3i:S 3g:S | b | 3i2h | ２八銀左上
            2i:S 1g:S 3i:S 3g:S | b | 3g2h | ２八銀左引
            8a:s 7a:s 7c:s 9c:s | w | 8a8b | ８二銀直
            8a:s 7a:s 7c:s 9c:s | w | 7a8b | ８二銀左上
            8a:s 7a:s 7c:s 9c:s | w | 7c8b | ８二銀左引
            8a:s 7a:s 7c:s 9c:s | w | 9c8b | ８二銀右
            1a:S 1c:S 3c:S 3a:S | b | 1a2b | ２二銀右引不成
            1a:S 1c:S 3c:S 3a:S | b | 1c2b+ | ２二銀右上成
            1a:S 1c:S 3c:S 3a:S | b | 3a2b+ | ２二銀左引成
            9i:s 9g:s 7g:s 7i:s | w | 9i8h | ８八銀右引不成
            9i:s 9g:s 7g:s 7i:s | w | 7g8h+ | ８八銀左上成
            """)
    void threeOrMorePieces(String pieces, char turn, String usi, String expected) {
        check(pieces, turn, usi, expected);
    }

    @ParameterizedTest(name = "{2} → {3}")
    @CsvSource(delimiter = '|', textBlock = """
            # dragons: movement first; otherwise 右/左 compared with the other dragon, never 直
            9a:+R 8d:+R | b | 9a8b | ８二龍引
            9a:+R 8d:+R | b | 8d8b | ８二龍上
            1i:+r 2f:+r | w | 1i2h | ２八龍引
            1i:+r 2f:+r | w | 2f2h | ２八龍上
            2c:+R 5b:+R | b | 2c4c | ４三龍寄
            2c:+R 5b:+R | b | 5b4c | ４三龍引
            8g:+r 5h:+r | w | 8g6g | ６七龍寄
            8g:+r 5h:+r | w | 5h6g | ６七龍引
            5e:+R 1e:+R | b | 5e3e | ３五龍左
            5e:+R 1e:+R | b | 1e3e | ３五龍右
            5e:+r 9e:+r | w | 5e7e | ７五龍左
            5e:+r 9e:+r | w | 9e7e | ７五龍右
            9i:+R 8i:+R | b | 9i8h | ８八龍左
            9i:+R 8i:+R | b | 8i8h | ８八龍右
            1a:+r 2a:+r | w | 1a2b | ２二龍左
            1a:+r 2a:+r | w | 2a2b | ２二龍右
            2h:+R 1i:+R | b | 2h1g | １七龍左
            2h:+R 1i:+R | b | 1i1g | １七龍右
            8b:+r 9a:+r | w | 8b9c | ９三龍左
            8b:+r 9a:+r | w | 9a9c | ９三龍右
            """)
    void dragons(String pieces, char turn, String usi, String expected) {
        check(pieces, turn, usi, expected);
    }

    @ParameterizedTest(name = "{2} → {3}")
    @CsvSource(delimiter = '|', textBlock = """
            # horses: the same rules as dragons
            9a:+B 8a:+B | b | 9a8b | ８二馬左
            9a:+B 8a:+B | b | 8a8b | ８二馬右
            2i:+b 1i:+b | w | 2i2h | ２八馬右
            2i:+b 1i:+b | w | 1i2h | ２八馬左
            9e:+B 6c:+B | b | 9e8e | ８五馬寄
            9e:+B 6c:+B | b | 6c8e | ８五馬引
            4g:+b 1e:+b | w | 4g2e | ２五馬引
            4g:+b 1e:+b | w | 1e2e | ２五馬寄
            1a:+B 3d:+B | b | 1a1b | １二馬引
            1a:+B 3d:+B | b | 3d1b | １二馬上
            9i:+b 7f:+b | w | 9i9h | ９八馬引
            9i:+b 7f:+b | w | 7f9h | ９八馬上
            9i:+B 5i:+B | b | 9i7g | ７七馬左
            9i:+B 5i:+B | b | 5i7g | ７七馬右
            1a:+b 5a:+b | w | 1a3c | ３三馬左
            1a:+b 5a:+b | w | 5a3c | ３三馬右
            4g:+B 1h:+B | b | 4g2i | ２九馬左
            4g:+B 1h:+B | b | 1h2i | ２九馬右
            6c:+b 9b:+b | w | 6c8a | ８一馬左
            6c:+b 9b:+b | w | 9b8a | ８一馬右
            """)
    void horses(String pieces, char turn, String usi, String expected) {
        check(pieces, turn, usi, expected);
    }

    @ParameterizedTest(name = "{2} → {3}")
    @CsvSource(delimiter = '|', textBlock = """
            # no marker when only one piece of the kind can legally go there
            9c:G 5c:G | b | 9c8b | ８二金
            # a promoted silver and a gold are different kinds
            9c:G 7b:+S | b | 9c8b | ８二金
            9c:G 7b:+S | b | 7b8b | ８二成銀
            # two rooks: movement, then sides
            5i:R 2e:R | b | 5i5e | ５五飛上
            5i:R 2e:R | b | 2e5e | ５五飛寄
            8h:R 2h:R | b | 8h5h | ５八飛左
            8h:R 2h:R | b | 2h5h | ５八飛右
            # two bishops
            9i:B 1i:B | b | 9i5e | ５五角左
            9i:B 1i:B | b | 1i5e | ５五角右
            7g:B 7c:B | b | 7g5e | ５五角上
            7c:B 7g:B | b | 7c5e | ５五角引不成
            """)
    void otherPieces(String pieces, char turn, String usi, String expected) {
        check(pieces, turn, usi, expected);
    }
}
