package dev.meijin.notation.ki2;

import static org.assertj.core.api.Assertions.assertThat;

import dev.meijin.core.Color;
import dev.meijin.core.Move;
import dev.meijin.core.Piece;
import dev.meijin.core.game.Handicap;
import dev.meijin.notation.kif.KifReader;
import dev.meijin.notation.kif.Trees;
import dev.meijin.notation.kifu.Kifu;
import dev.meijin.notation.kifu.Problem;
import dev.meijin.notation.kifu.ReadResult;
import dev.meijin.notation.kifu.Special;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

class Ki2ReaderTest {

    static Stream<String> wellFormedKi2() {
        return Trees.wellFormed("ki2").stream();
    }

    private static ReadResult read(String path) {
        return Ki2Reader.read(Trees.text(path));
    }

    @Nested
    class Corpus {
        @ParameterizedTest(name = "{0}")
        @MethodSource("dev.meijin.notation.ki2.Ki2ReaderTest#wellFormedKi2")
        void readsWithoutProblemsAndReplaysToTheEnd(String path) {
            String text = Trees.text(path);
            ReadResult r = Ki2Reader.read(text);

            assertThat(r.problems()).as(path).isEmpty();
            Trees.MainSection main = Trees.ki2MainSection(text);
            assertThat(r.kifu().mainLine()).as(path).hasSize(main.moves());
            assertThat(r.kifu().special()).as(path).isEqualTo(main.special().map(Corpus::ending));
            // Every move of the file, the variations' included, is a move of the tree.
            assertThat(Trees.replay(r.kifu())).as(path).isEqualTo(Trees.ki2Moves(text));
        }

        /**
         * The special a corpus file's まで line names, read by hand. Every ending of the corpus has one of these
         * forms: 中断; N手詰; "X の反則負け" where X is the side to move after the line (json-kifu-format/illegal.ki2
         * and ruby-json-kifu-format/comments.ki2, after two moves); "X の勝ち" where X made the last move.
         */
        private static Special ending(String line) {
            if (line.endsWith("で中断")) {
                return Special.CHUDAN;
            }
            if (line.endsWith("手詰")) {
                return Special.TSUMI;
            }
            if (line.endsWith("の反則負け")) {
                return Special.ILLEGAL_MOVE;
            }
            if (line.endsWith("の勝ち")) {
                return Special.TORYO;
            }
            throw new AssertionError("an ending this test does not know: " + line);
        }

        @ParameterizedTest
        @CsvSource({
            "ki2/json-kifu-format/chudan.ki2, CHUDAN",
            "ki2/json-kifu-format/noeol.ki2, CHUDAN",
            "ki2/json-kifu-format/denou3-1.ki2, TORYO",
            "ki2/json-kifu-format/illegal.ki2, ILLEGAL_MOVE",
            "ki2/json-kifu-format/kobayashi_kinsho196702.ki2, TSUMI",
            "ki2/json-kifu-format/9fu.ki2, TSUMI",
            "ki2/json-kifu-format/7mai.ki2u, CHUDAN",
            "ki2/json-kifu-format/8mai.ki2, CHUDAN",
            "ki2/mog-core-scala/001.ki2, TORYO",
            "ki2/ruby-json-kifu-format/comments.ki2, ILLEGAL_MOVE",
            "ki2/shogi-kifu-converter/4.ki2, TORYO",
            "ki2/shogihome/conversion-input/ki2-sjis.ki2, TORYO"
        })
        void theEndingLineGivesTheSpecial(String path, Special special) {
            assertThat(read(path).orThrow().special()).contains(special);
        }

        @ParameterizedTest
        @ValueSource(strings = {"8mai", "9fu", "chudan", "illegal", "noeol"})
        void ki2AndKifVersionsOfAGameAgree(String name) {
            Kifu ki2 = read("ki2/json-kifu-format/" + name + ".ki2").orThrow();
            Kifu kif = KifReader.read(Trees.text("kif/json-kifu-format/" + name + ".kif")).orThrow();

            assertThat(ki2.start()).isEqualTo(kif.start());
            assertThat(ki2.mainLine()).isEqualTo(kif.mainLine());
            assertThat(ki2.special()).isEqualTo(kif.special());
            assertThat(Trees.forks(ki2)).isEqualTo(Trees.forks(kif));
        }

        @Test
        void utf8AndShiftJisVersionsAgree() {
            assertThat(read("ki2/shogi-kifu-converter/4.ki2").orThrow()).isEqualTo(read("ki2/shogi-kifu-converter/4.ki2u").orThrow());
            assertThat(read("ki2/shogi-kifu-converter/simple.ki2").orThrow())
                    .isEqualTo(read("ki2/shogi-kifu-converter/simple.ki2u").orThrow());
            assertThat(read("ki2/json-kifu-format/8mai.ki2").orThrow()).isEqualTo(read("ki2/json-kifu-format/8mai.ki2u").orThrow());
        }

        @Test
        void movesWrittenWithoutSeparatorsAndRedundantMarkers() {
            // simple.ki2 has "△６二金左上▲８六歩" and "▲７三桂不成△５一玉"; mog-core-scala/001.ki2 writes 打 where
            // no board piece could go, and 002.ki2 writes 王 for sente's king.
            assertThat(read("ki2/shogi-kifu-converter/simple.ki2").orThrow().mainLine()).hasSize(167);
            assertThat(read("ki2/mog-core-scala/001.ki2").orThrow().mainLine())
                    .isEqualTo(read("ki2/mog-core-scala/002.ki2").orThrow().mainLine());
        }

        @Test
        void commentsBelongToTheMoveBeforeThem() {
            Kifu k = read("ki2/ruby-json-kifu-format/comments.ki2").orThrow();

            assertThat(k.startComments()).containsExactly("コメント");
            assertThat(k.moves().get(1).comments()).containsExactly("コメント2");
            List<dev.meijin.notation.kifu.Step> fork = k.moves().get(0).forks().getFirst();
            assertThat(fork.get(1).comments()).containsExactly("コメント3");
            assertThat(fork.getLast().special()).contains(Special.ILLEGAL_WIN);
        }

        @Test
        void engineComments() {
            Kifu k = read("ki2/shogihome/encoding/utf8.ki2").orThrow();

            assertThat(k.moves().get(1).engineComments()).containsExactly("評価値=80");
            assertThat(k.moves().get(1).comments()).containsExactly("", "#評価値=-60");
            assertThat(k.moves().get(2).engineComments()).containsExactly("詰み=先手勝ち");
        }
    }

    @Nested
    class Errors {
        @Test
        void aVariationHeaderWithoutTe() {
            ReadResult r = read("ki2/errors/ruby-json-kifu-format/fork01.ki2");

            assertThat(r.problems()).containsExactly(new Problem(Problem.Kind.BAD_VARIATION, 7, 0, 0, "variation header \"変化：   3\" lacks 手 after the move number", "変化：   3"));
            assertThat(r.kifu().special()).contains(Special.TORYO);
            assertThat(Trees.forks(r.kifu())).containsExactly("@3 7f7e x1 CHUDAN");
        }

        @Test
        void aVariationHeaderWithoutANumber() {
            ReadResult r = read("ki2/errors/ruby-json-kifu-format/fork02.ki2");

            assertThat(r.problems()).containsExactly(new Problem(Problem.Kind.BAD_VARIATION, 7, 0, 0,
                    "variation header without a move number: \"変化：\"; its moves are skipped", "変化："));
            assertThat(r.kifu().mainLine()).hasSize(3);
            assertThat(r.kifu().special()).contains(Special.TORYO);
            assertThat(r.kifu().hasForks()).isFalse();
        }

        @Test
        void aVariationHeaderWithTrailingText() {
            ReadResult r = read("ki2/errors/ruby-json-kifu-format/fork03.ki2");

            assertThat(r.problems()).containsExactly(new Problem(Problem.Kind.UNEXPECTED_TEXT, 7, 0, 0,
                    "unexpected text \"です\" after the variation header \"変化：3手\"", "です"));
            assertThat(Trees.forks(r.kifu())).containsExactly("@3 7f7e x1 CHUDAN");
        }
    }

    @Nested
    class Handicaps {
        @ParameterizedTest
        @CsvSource({
            "ki2/shogi-kifu-converter/4.ki2, FOUR_PIECE, 102, YaneuraOu NNUE 7.63 32OTHER TOURNAMENT, YaneuraOu NNUE 7.63 32OTHER TOURNAMENT",
            "ki2/shogi-kifu-converter/4.ki2u, FOUR_PIECE, 102, YaneuraOu NNUE 7.63 32OTHER TOURNAMENT, YaneuraOu NNUE 7.63 32OTHER TOURNAMENT",
            "ki2/json-kifu-format/8mai.ki2, EIGHT_PIECE, 25, uwate, shitate",
            "ki2/json-kifu-format/8mai.ki2u, EIGHT_PIECE, 25, uwate, shitate",
            "ki2/json-kifu-format/7mai.ki2u, LEFT_SEVEN_PIECE, 2, uwate, shitate"
        })
        void handicapGamesStartWithGote(String path, Handicap handicap, int moves, String uwate, String shitate) {
            Kifu k = read(path).orThrow();

            assertThat(k.start().handicap()).contains(handicap);
            assertThat(k.start().setup().turn()).isEqualTo(Color.GOTE);
            assertThat(Piece.color(Move.piece(k.mainLine().getFirst()))).isEqualTo(Color.GOTE.index());
            assertThat(k.mainLine()).hasSize(moves);
            assertThat(k.header("上手")).contains(uwate);
            assertThat(k.header("下手")).contains(shitate);
        }

        @Test
        void leftSevenPieceKeepsTheRightSilver() {
            Kifu k = read("ki2/json-kifu-format/7mai.ki2u").orThrow();

            assertThat(k.mainLine().stream().map(Move::usi)).containsExactly("7a8b", "7g7f");
        }
    }

    @Nested
    class Lines {
        @Test
        void severalMovesPerLineWithAnySpacing() {
            Kifu k = Ki2Reader.read("手合割：平手\n▲７六歩　△３四歩 ▲２二角成△同銀\t▲４五角\n").orThrow();

            assertThat(k.mainLine().stream().map(Move::usi)).containsExactly("7g7f", "3c3d", "8h2b+", "3a2b", "B*4e");
        }

        @Test
        void dialectSpellings() {
            // 行 for 上, 生 for 不成, 同 with a full-width space, ☗☖ marks.
            String bod = """
                    後手の持駒：なし
                      ９ ８ ７ ６ ５ ４ ３ ２ １
                    +---------------------------+
                    | ・ ・ ・ ・v玉 ・ ・ ・ ・|一
                    | ・ ・ ・ ・ ・ ・ ・ ・ ・|二
                    | ・ ・ ・ ・ ・ ・ ・ ・ ・|三
                    | ・ ・ ・ ・ ・ ・ ・ ・ ・|四
                    | ・ ・ ・ ・ ・ ・ ・ ・ ・|五
                    | ・ ・ ・ ・ ・ ・ ・ ・ ・|六
                    | ・ ・ ・ ・ ・ ・ ・ ・ ・|七
                    | ・ ・ ・ ・ ・ 金 ・ ・ ・|八
                    | 角 ・ ・ 玉 金 ・ ・ ・ ・|九
                    +---------------------------+
                    先手の持駒：なし
                    """;

            Kifu k = Ki2Reader.read(bod + "☗５八金行　☖４二玉　▲３三角生　△同　玉\n").orThrow();

            assertThat(k.mainLine().stream().map(Move::usi)).containsExactly("5i5h", "5a4b", "9i3c", "4b3c");
        }

        @Test
        void aMarkForTheWrongSideIsAProblem() {
            ReadResult r = Ki2Reader.read("手合割：平手\n▲７六歩　▲２六歩\n");

            assertThat(r.problems()).singleElement().satisfies(p -> {
                assertThat(List.of(p.line(), p.column(), p.ply())).containsExactly(2, 6, 2);
                assertThat(p.message()).contains("▲ marks sente but gote is to move");
            });
            assertThat(r.kifu().mainLine()).hasSize(1);
        }

        @Test
        void anEndingLineWithTheWrongCountIsAProblem() {
            ReadResult r = Ki2Reader.read("▲７六歩　△３四歩\nまで3手で中断\n");

            assertThat(r.problems()).containsExactly(new Problem(Problem.Kind.ENDING_MISMATCH, 2, 0, 3, "the ending line says 3 moves, but the line has 2"));
            assertThat(r.kifu().special()).contains(Special.CHUDAN);
        }

        @Test
        void anEndingLineThatSaysNothingKnownIsAProblem() {
            ReadResult r = Ki2Reader.read("▲７六歩\nまで1手で雨天順延\n");

            assertThat(r.problems()).containsExactly(new Problem(Problem.Kind.BAD_ENDING, 2, 0, 2, "cannot tell how the game ended from \"まで1手で雨天順延\"", "まで1手で雨天順延"));
            assertThat(r.kifu().special()).isEmpty();
        }

        @Test
        void unexpectedTextInAMoveLine() {
            ReadResult r = Ki2Reader.read("▲７六歩　foo\n");

            assertThat(r.problems()).singleElement().satisfies(p -> {
                assertThat(List.of(p.line(), p.column(), p.ply())).containsExactly(1, 6, 1);
                assertThat(p.message()).startsWith("malformed Japanese move \"▲７六歩　foo\"");
            });
            assertThat(r.kifu().mainLine()).isEmpty();
        }

        @Test
        void anEndingWithoutMoves() {
            Kifu k = Ki2Reader.read("手合割：平手\nまで0手で先手の不戦勝\n").orThrow();

            assertThat(k.mainLine()).isEmpty();
            assertThat(k.special()).contains(Special.FUSEN_WIN);
        }

        @Test
        void aKifReaderIgnoresTheEndingLine() {
            Kifu k = KifReader.read("▲７六歩　△３四歩\nまで2手で中断\n").orThrow();

            assertThat(k.mainLine()).hasSize(2);
            assertThat(k.special()).isEmpty();
        }
    }

    @Nested
    class Endings {
        /** The special of an ending line after {@code moves} moves of an even game (sente moved last if odd). */
        private static Optional<Special> ending(int moves, String rest) {
            String[] cycle = {"▲５八玉", "△５二玉", "▲５九玉", "△５一玉"};
            StringBuilder sb = new StringBuilder();
            for (int i = 0; i < moves; i++) {
                sb.append(cycle[i % 4]).append(' ');
            }
            sb.append("\nまで").append(moves).append("手").append(rest).append('\n');
            return Ki2Reader.read(sb.toString()).orThrow().special();
        }

        @ParameterizedTest(name = "まで{0}手{1} -> {2}")
        @CsvSource({
            "77, で先手の勝ち, TORYO",
            "78, で後手の勝ち, TORYO",
            "98, で後手の勝ち, TORYO",
            "141, で下手の勝ち, TORYO",
            "77, で千日手, SENNICHITE",
            "258, で持将棋, JISHOGI",
            "25, で中断, CHUDAN",
            "61, 詰, TSUMI",
            "7, で詰み, TSUMI",
            "7, で不詰, FUZUMI",
            "52, で封じ手, FUUJITE",
            "2, で先手の反則負け, ILLEGAL_MOVE",
            "2, で後手の反則負け, ILLEGAL_WIN",
            "2, で先手の反則勝ち, ILLEGAL_WIN",
            "3, で先手の反則勝ち, ILLEGAL_MOVE",
            "27, で後手の勝ち, ILLEGAL_WIN",
            "14, で時間切れにより後手の勝ち, TIME_UP",
            "14, で先手の切れ負け, TIME_UP",
            "10, で先手の入玉勝ち, KACHI",
            "10, で先手の不戦敗, FUSEN_LOSS",
            "10, で引き分け, HIKIWAKE",
            "10, で最大手数, MAX_MOVES",
            "10, で待った, MATTA",
            "10, で投了, TORYO"
        })
        void endingLines(int moves, String rest, Special special) {
            assertThat(ending(moves, rest)).contains(special);
        }
    }
}
