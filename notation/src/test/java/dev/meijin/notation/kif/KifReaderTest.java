package dev.meijin.notation.kif;

import dev.meijin.core.position.IllegalMoveReason;
import dev.meijin.core.position.PositionIssue;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;
import static org.assertj.core.api.Assertions.tuple;

import dev.meijin.core.Color;
import dev.meijin.core.Move;
import dev.meijin.core.Piece;
import dev.meijin.core.Role;
import dev.meijin.core.game.Handicap;
import dev.meijin.core.position.Position;
import dev.meijin.core.sfen.Sfen;
import dev.meijin.notation.kifu.Header;
import dev.meijin.notation.kifu.Kifu;
import dev.meijin.notation.kifu.KifuException;
import dev.meijin.notation.kifu.Problem;
import dev.meijin.notation.kifu.ReadResult;
import dev.meijin.notation.kifu.Special;
import dev.meijin.notation.kifu.Step;
import java.time.Duration;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

class KifReaderTest {

    /** The even start, as the messages of illegal first moves name it. */
    private static final String STARTPOS = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1";

    static Stream<String> wellFormedKif() {
        return Trees.wellFormed("kif").stream().filter(p -> !Trees.ILLEGAL_MOVE_FILES.containsKey(p));
    }

    private static ReadResult read(String path) {
        return KifReader.read(Trees.text(path));
    }

    @Nested
    class Corpus {
        @ParameterizedTest(name = "{0}")
        @MethodSource("dev.meijin.notation.kif.KifReaderTest#wellFormedKif")
        void readsWithoutProblemsAndReplaysToTheEnd(String path) {
            String text = Trees.text(path);
            ReadResult r = KifReader.read(text);

            assertThat(r.problems()).as(path).isEmpty();
            Kifu k = r.kifu();
            Trees.MainSection main = Trees.kifMainSection(text);
            assertThat(k.mainLine()).as(path).hasSize(main.moves());
            assertThat(k.special()).as(path).isEqualTo(main.special().map(KifParser::special));
            // Every move line of the file, the variations' included, is a move of the tree.
            assertThat(Trees.replay(k)).as(path).isEqualTo(Trees.kifMoveLines(text));
            assertThat(k.finalPosition()).as(path).isPresent();
        }

        @ParameterizedTest(name = "{0}")
        @MethodSource("dev.meijin.notation.kif.KifReaderTest#wellFormedKif")
        void strictReadingAcceptsWellFormedFiles(String path) {
            ReadResult r = read(path);
            assertThat(r.problems()).as(path).isEmpty();
            assertThat(r.orThrow()).as(path).isSameAs(r.kifu());
        }

        @ParameterizedTest(name = "{0}")
        @ValueSource(strings = {"Shogidokoro", "everyday_20211107", "everyday_20220604", "example", "forks"})
        void kifAndKifuPairsReadToTheSameRecord(String name) {
            String kif = "kif/shogi-kifu-converter/" + name + ".kif";
            String kifu = "kif/shogi-kifu-converter/" + name + ".kifu";

            assertThat(read(kif).kifu()).isEqualTo(read(kifu).kifu());
            assertThat(read(kif).ok()).isTrue();
        }

        @Test
        void recordsThatEndWithAnIllegalMoveStopBeforeIt() {
            ReadResult r015 = read("kif/mog-core-scala/015.kif");
            assertThat(r015.problems()).singleElement().satisfies(p -> {
                assertThat(p.line()).isEqualTo(91);
                assertThat(p.column()).isEqualTo(6);
                assertThat(p.ply()).isEqualTo(83);
                assertThat(p.message()).isEqualTo("illegal Japanese move \"１七玉(28)\" in "
                        + "l4Gs2/1sg2s2+P/pp2p2+L1/2pr1kp2/4g2n1/1PP2p3/+r4PPP1/3+b1LSK1/3b1G1NL b P2n5p 83: "
                        + "the king would be in check on 1g");
            });
            assertThat(r015.kifu().mainLine()).hasSize(Trees.ILLEGAL_MOVE_FILES.get("kif/mog-core-scala/015.kif"));

            ReadResult r017 = read("kif/mog-core-scala/017.kif");
            assertThat(r017.problems()).singleElement().satisfies(p -> {
                assertThat(p.line()).isEqualTo(34);
                assertThat(p.column()).isEqualTo(4);
                assertThat(p.ply()).isEqualTo(27);
                // The knight on 3g is pinned by the horse on 2f: the rule it breaks, as CSA and USI name it.
                assertThat(p.message()).isEqualTo("illegal Japanese move \"４五桂(37)\" in "
                        + "lnsgkg1nl/7s1/ppppp+B1pp/9/9/2P3p+b1/PP1PP1N1P/2G3S2/LNS1KG2L b R3Prp 27: "
                        + "it would leave the king in check");
            });
            assertThat(r017.kifu().mainLine()).hasSize(26);
            assertThat(r017.kifu().header("棋戦")).contains("R対局 持ち時間15分");
            // Its 28 反則勝ち (gote, to move after the illegal move, wins) is kept as sente's 反則負け in its place.
            assertThat(r017.kifu().special()).contains(Special.ILLEGAL_MOVE);
            assertThat(r017.kifu().moves().getLast().comments()).containsExactly("王手放置の反則");
        }

        @Test
        void twoSpecialsInARowKeepTheFirst() {
            // 棋譜解説 writes 投了 and then 中断.
            Kifu k = read("kif/mog-core-scala/012.kif").orThrow();

            assertThat(k.special()).contains(Special.TORYO);
            assertThat(k.mainLine()).hasSize(121);
        }

        @Test
        void commentsGoToTheStartOrTheMoveBeforeThem() {
            Kifu k = read("kif/json-kifu-format/henka.kif").orThrow();

            assertThat(k.startComments()).containsExactly("開始局面のコメント", "2 <B>ボールド</B>",
                    "3 <font color=\"#ff0000\">赤</FONT>", "4", "5 http://homepage2.nifty.com/kakinoki_y/ ", "6 ",
                    "7 http://homepage2.nifty.com/kakinoki_y/kifuf.html ", "8", "9", "10", "&読み込み時表示");
            assertThat(k.moves().get(0).comments()).containsExactly("初手のコメント");
            assertThat(k.moves().get(1).comments()).containsExactly("２手目のコメント");
            List<Step> fromFirst = k.moves().get(0).forks().getFirst();
            assertThat(fromFirst.get(2).comments()).containsExactly("コメント");
            assertThat(k.header("先手")).contains("先手56789012全3456789");
            assertThat(k.header("手合割")).isEmpty();
        }

        @Test
        void engineCommentsAndCommentsOnSpecialsAreKept() {
            Kifu k = read("kif/shogihome/e2e/1/record.kifu").orThrow();
            Step withEngine = k.moves().stream().filter(s -> !s.engineComments().isEmpty()).findFirst().orElseThrow();
            assertThat(withEngine.comments()).containsExactly("互角");
            assertThat(withEngine.engineComments()).containsExactly("評価値=8", "読み筋=▲５六歩△４三銀▲７八金△３二金",
                    "深さ=5", "ノード数=885", "エンジン=usi-csa-bridge");

            // 010 ends with "259 持将棋" and the comment "*Win by entering king declaration." under it.
            Kifu jishogi = read("kif/mog-core-scala/010.kif").orThrow();
            assertThat(jishogi.moves()).hasSize(259);
            Step last = jishogi.moves().getLast();
            assertThat(last.special()).contains(Special.JISHOGI);
            assertThat(last.comments()).containsExactly("Win by entering king declaration.");
            assertThat(last.engineComments()).isEmpty();
            assertThat(last.time()).contains(Duration.ofSeconds(1));
            assertThat(last.totalTime()).contains(Duration.ofSeconds(2 * 3600 + 10 * 60 + 54));
        }

        @Test
        void timesArePerMoveAndTotal() {
            Kifu k = read("kif/json-kifu-format/8mai.kif").orThrow();

            assertThat(k.moves().get(0).time()).contains(Duration.ofSeconds(3));
            assertThat(k.moves().get(0).totalTime()).contains(Duration.ofSeconds(3));
            assertThat(k.moves().get(7).time()).contains(Duration.ofSeconds(14));
            assertThat(k.moves().get(7).totalTime()).contains(Duration.ofSeconds(20));
            Step chudan = k.moves().getLast();
            assertThat(chudan.special()).contains(Special.CHUDAN);
            assertThat(chudan.time()).contains(Duration.ofSeconds(39));
            assertThat(chudan.totalTime()).contains(Duration.ofSeconds(89));
        }

        @Test
        void dialectsOfTimesAreRead() {
            // 81Dojo: "( 0:7/)", no total; mog-core-scala/015: "(0:5/0:0:5)", single digits; Shogidokoro:
            // "(00:01 / 00:00:01)".
            Kifu dojo = read("kif/mog-core-scala/002.kif").orThrow();
            assertThat(dojo.moves().get(0).time()).contains(Duration.ofSeconds(7));
            assertThat(dojo.moves().get(0).totalTime()).isEmpty();
            assertThat(dojo.moves().get(1).time()).contains(Duration.ofSeconds(1));
            assertThat(dojo.special()).contains(Special.TIME_UP);

            Kifu shogidokoro = read("kif/mog-core-scala/008.kif").orThrow();
            assertThat(shogidokoro.moves().get(0).time()).contains(Duration.ofSeconds(1));
            assertThat(shogidokoro.moves().get(0).totalTime()).contains(Duration.ofSeconds(1));
            assertThat(shogidokoro.moves().get(1).time()).contains(Duration.ofSeconds(2 * 60 + 27));
            assertThat(shogidokoro.moves().get(1).totalTime()).contains(Duration.ofSeconds(2 * 60 + 27));

            // 015 ends with an illegal move (see recordsThatEndWithAnIllegalMoveStopBeforeIt): its times still read.
            Kifu singleDigits = read("kif/mog-core-scala/015.kif").kifu();
            assertThat(singleDigits.moves().get(0).time()).contains(Duration.ofSeconds(5));
            assertThat(singleDigits.moves().get(0).totalTime()).contains(Duration.ofSeconds(5));
            assertThat(singleDigits.moves().get(16).time()).contains(Duration.ofSeconds(26));
            assertThat(singleDigits.moves().get(16).totalTime()).contains(Duration.ofSeconds(62));
        }

        @Test
        void specialsOfEveryKind() {
            assertThat(read("kif/mog-core-scala/009.kif").kifu().special()).contains(Special.SENNICHITE);
            assertThat(read("kif/mog-core-scala/010.kif").kifu().special()).contains(Special.JISHOGI);
            assertThat(read("kif/json-kifu-format/meijinsen_20180508_M7_10034.kif").kifu().special()).contains(Special.FUUJITE);
            assertThat(read("kif/shogihome/e2e/3/record.kifu").kifu().special()).contains(Special.KACHI);
            assertThat(read("kif/shogihome/e2e/10/record.kifu").kifu().special()).contains(Special.ILLEGAL_WIN);
            assertThat(read("kif/shogihome/e2e/8/record.kifu").kifu().special()).contains(Special.ILLEGAL_MOVE);
            assertThat(read("kif/shogihome/e2e/15/record.kifu").kifu().special()).contains(Special.TIME_UP);
            assertThat(read("kif/Kifu-for-JS/hashimoto-sos.kif").kifu().special()).contains(Special.TSUMI);
        }
    }

    @Nested
    class Errors {
        @Test
        void aMalformedSquare() {
            ReadResult r = read("kif/errors/ruby-json-kifu-format/a.kif");

            assertThat(r.problems()).singleElement().satisfies(p -> {
                assertThat(List.of(p.line(), p.column(), p.ply())).containsExactly(4, 8, 1);
                assertThat(p.message()).startsWith("malformed Japanese move \"７二二金(61)\"").contains("'二' is not a piece");
            });
            assertThat(r.kifu().headers()).containsExactly(new Header("下手", "shitate"), new Header("上手", "uwate"));
            assertThat(r.kifu().moves()).isEmpty();
        }

        @Test
        void aRepeatedFile() {
            ReadResult r = read("kif/errors/ruby-json-kifu-format/b.kif");

            assertThat(r.problems()).singleElement().satisfies(p -> {
                assertThat(List.of(p.line(), p.column(), p.ply())).containsExactly(4, 8, 1);
                assertThat(p.message()).startsWith("malformed Japanese move \"７７二金(61)\"").contains("'二' is not a piece");
            });
        }

        @Test
        void aRepeatedPiece() {
            ReadResult r = read("kif/errors/ruby-json-kifu-format/c.kif");

            assertThat(r.problems()).singleElement().satisfies(p -> {
                assertThat(List.of(p.line(), p.column(), p.ply())).containsExactly(4, 9, 1);
                assertThat(p.message()).startsWith("malformed Japanese move \"７二金金金(61)\"").contains("unexpected '金'");
            });
        }

        @Test
        void aVariationWithoutAMoveNumber() {
            ReadResult r = read("kif/errors/ruby-json-kifu-format/fork01.kif");

            assertThat(r.problems()).containsExactly(new Problem(Problem.Kind.BAD_VARIATION, 13, 0, 0,
                    "variation header without a move number: \"変化：\"; its moves are skipped", "変化："));
            assertThat(r.kifu().mainLine()).hasSize(3);
            assertThat(r.kifu().hasForks()).isFalse();
        }

        @Test
        void aVariationWithoutTeAndWithoutMoves() {
            ReadResult r = read("kif/errors/ruby-json-kifu-format/fork02.kif");

            assertThat(r.problems()).containsExactly(
                    new Problem(Problem.Kind.BAD_VARIATION, 13, 0, 0, "variation header \"変化：2\" lacks 手 after the move number", "変化：2"),
                    new Problem(Problem.Kind.BAD_VARIATION, 13, 0, 2, "variation at move 2 has no moves; it was dropped"));
            assertThat(r.kifu().mainLine()).hasSize(3);
            assertThat(r.kifu().hasForks()).isFalse();
        }

        @Test
        void aVariationHeaderWithTrailingText() {
            ReadResult r = read("kif/errors/ruby-json-kifu-format/fork03.kif");

            assertThat(r.problems()).containsExactly(
                    new Problem(Problem.Kind.UNEXPECTED_TEXT, 13, 0, 0, "unexpected text \"です\" after the variation header \"変化：2手\"", "です"));
            // The number is there, so the variation is kept.
            assertThat(Trees.forks(r.kifu())).containsExactly("@2 8c8d x5");
        }

        @Test
        void aHeaderWithoutAKey() {
            ReadResult r = read("kif/errors/ruby-json-kifu-format/header01.kif");

            // Without 手合割 the game is even, so sente moves first and gote's gold cannot.
            assertThat(r.problems()).containsExactly(
                    new Problem(Problem.Kind.BAD_HEADER, 1, 1, 0, "header line without a key: \"：\"", "："),
                    new Problem(Problem.Kind.ILLEGAL_MOVE, 3, 6, 1, "illegal Japanese move \"７二金(61)\" in " + STARTPOS + ": the piece on 6a is the opponent's", "７二金(61)", IllegalMoveReason.NOT_YOUR_PIECE));
        }

        @Test
        void asciiColonsAreAcceptedSoOnlyTheMoveIsWrong() {
            ReadResult r = read("kif/errors/ruby-json-kifu-format/header02.kif");

            assertThat(r.kifu().headers()).containsExactly(new Header("下手", "shitate"), new Header("上手", "uwate"));
            assertThat(r.problems()).containsExactly(
                    new Problem(Problem.Kind.ILLEGAL_MOVE, 4, 6, 1, "illegal Japanese move \"７二金(61)\" in " + STARTPOS + ": the piece on 6a is the opponent's", "７二金(61)", IllegalMoveReason.NOT_YOUR_PIECE));
        }

        @Test
        void anUnknownLine() {
            ReadResult r = read("kif/errors/ruby-json-kifu-format/header03.kif");

            // The move of line 5 is gote's gold again, with sente to move.
            assertThat(r.problems()).containsExactly(
                    new Problem(Problem.Kind.UNKNOWN_LINE, 3, 0, 0, "unrecognised line \"盤面回転転\"", "盤面回転転"),
                    new Problem(Problem.Kind.ILLEGAL_MOVE, 5, 6, 1, "illegal Japanese move \"７二金(61)\" in " + STARTPOS + ": the piece on 6a is the opponent's", "７二金(61)", IllegalMoveReason.NOT_YOUR_PIECE));
        }

        @Test
        void aLongerSeparatorIsStillTheSeparator() {
            ReadResult r = read("kif/errors/ruby-json-kifu-format/split.kif");

            assertThat(r.problems()).containsExactly(
                    new Problem(Problem.Kind.ILLEGAL_MOVE, 4, 6, 1, "illegal Japanese move \"７二金(61)\" in " + STARTPOS + ": the piece on 6a is the opponent's", "７二金(61)", IllegalMoveReason.NOT_YOUR_PIECE));
        }

        @Test
        void strictReadingThrowsTheFirstProblem() {
            ReadResult r = read("kif/errors/ruby-json-kifu-format/header01.kif");

            KifuException e = catchThrowableOfType(KifuException.class, r::orThrow);

            assertThat(e.problem()).isEqualTo(new Problem(Problem.Kind.BAD_HEADER, 1, 1, 0, "header line without a key: \"：\"", "："));
            assertThat(e.getMessage()).isEqualTo("line 1, column 1: header line without a key: \"：\"");
        }
    }

    @Nested
    class Handicaps {
        @Test
        void lanceHandicapGoteMovesFirst() {
            Kifu k = read("kif/json-kifu-format/20081220kyoochi.kif").orThrow();

            assertThat(k.start().handicap()).contains(Handicap.LANCE);
            assertThat(k.start().setup().turn()).isEqualTo(Color.GOTE);
            assertThat(Piece.color(Move.piece(k.mainLine().getFirst()))).isEqualTo(Color.GOTE.index());
            assertThat(k.header("上手")).contains("深浦康市");
            assertThat(k.header("下手")).contains("糸谷哲郎");
            assertThat(k.mainLine()).hasSize(142);
            assertThat(k.special()).contains(Special.TORYO);
            assertThat(k.recordedWinner()).contains(Color.SENTE);
        }

        @Test
        void eightPieceHandicap() {
            Kifu k = read("kif/json-kifu-format/8mai.kif").orThrow();

            assertThat(k.start().handicap()).contains(Handicap.EIGHT_PIECE);
            assertThat(k.start().setup().turn()).isEqualTo(Color.GOTE);
            assertThat(Move.usi(k.mainLine().getFirst())).isEqualTo("6a7b");
        }

        @ParameterizedTest
        @EnumSource(Handicap.class)
        void everyRegistryNameStartsFromItsPosition(Handicap h) {
            Position pos = Sfen.position(h.sfen());
            int first = pos.legalMoves()[0];
            String text = "手合割：" + h.japanese() + "\n手数----指手---------消費時間--\n   1 "
                    + dev.meijin.notation.move.JapaneseNotation.formatKif(pos, first) + "\n";

            Kifu k = KifReader.read(text).orThrow();

            assertThat(k.start().handicap()).contains(h);
            assertThat(k.start().setup().turn()).isEqualTo(h.isHandicap() ? Color.GOTE : Color.SENTE);
            assertThat(k.mainLine()).containsExactly(first);
        }

        @Test
        void handicapNamesAreReadLeniently() {
            assertThat(KifReader.read("手合割：平手　　\n").orThrow().start().handicap()).contains(Handicap.EVEN);
            assertThat(KifReader.read("手合割：香落ち　\n").orThrow().start().handicap()).contains(Handicap.LANCE);
            assertThat(KifReader.read("手合割：2枚落ち\n").orThrow().start().handicap()).contains(Handicap.TWO_PIECE);
            assertThat(KifReader.read("手合割：左七枚落ち\n").orThrow().start().handicap()).contains(Handicap.LEFT_SEVEN_PIECE);
        }

        @Test
        void anUnknownHandicapIsAProblem() {
            ReadResult r = KifReader.read("手合割：角香交換\n手数----指手--\n   1 ７六歩(77)\n");

            assertThat(r.problems()).containsExactly(new Problem(Problem.Kind.UNKNOWN_HANDICAP, 1, 5, 0,
                    "unknown handicap \"角香交換\"; the even position is used unless a board diagram follows", "角香交換"));
            assertThat(r.kifu().start().handicap()).contains(Handicap.EVEN);
            assertThat(r.kifu().mainLine()).hasSize(1);
        }

        @Test
        void sonotaWithoutADiagramIsAProblem() {
            ReadResult r = KifReader.read("手合割：その他\n手数----指手--\n");

            assertThat(r.problems()).containsExactly(new Problem(Problem.Kind.BAD_BOARD, 1, 0, 0,
                    "手合割 says the diagram gives the position, but there is no board diagram; the even position is used"));
        }
    }

    @Nested
    class BoardDiagrams {
        private static final String BOD = """
                後手の持駒：歩十八　香二
                  ９ ８ ７ ６ ５ ４ ３ ２ １
                +---------------------------+
                | ・ ・ ・ ・v玉 ・ ・ ・ ・|一
                | ・ ・ ・ ・ ・ ・ ・ ・ ・|二
                | ・ ・ ・ ・ ・ ・ ・ ・ ・|三
                | ・ ・ ・ ・ ・ ・ ・ ・ ・|四
                | ・ ・ ・ ・ ・ ・ ・ ・ ・|五
                | ・ ・ ・ ・ ・ ・ ・ ・ ・|六
                | ・ ・ ・ ・ ・ ・ ・ ・ ・|七
                | ・ ・ ・ ・ ・ ・ ・ ・ ・|八
                | ・ ・ ・ ・ 玉 ・ ・ ・ ・|九
                +---------------------------+
                先手の持駒：なし
                """;

        @Test
        void handsWithLargeCountsAndGoteToMove() {
            Kifu k = KifReader.read(BOD + "後手番\n手数----指手---------消費時間--\n   1 ５二玉(51)\n   2 ５八玉(59)\n").orThrow();

            assertThat(k.start().handicap()).isEmpty();
            assertThat(k.start().setup().handCount(Color.GOTE, Role.PAWN)).isEqualTo(18);
            assertThat(k.start().setup().handCount(Color.GOTE, Role.LANCE)).isEqualTo(2);
            assertThat(k.start().setup().handCount(Color.SENTE, Role.PAWN)).isZero();
            assertThat(k.start().setup().turn()).isEqualTo(Color.GOTE);
            assertThat(k.mainLine().stream().map(Move::usi)).containsExactly("5a5b", "5i5h");
        }

        @Test
        void withoutATurnLineSenteMoves() {
            Kifu k = KifReader.read(BOD + "   1 ５八玉(59)\n").orThrow();

            assertThat(k.start().setup().turn()).isEqualTo(Color.SENTE);
        }

        @Test
        void theBoardOverridesTheHandicap() {
            Kifu k = KifReader.read("手合割：平手\n" + BOD + "先手番\n").orThrow();

            assertThat(k.start().handicap()).isEmpty();
            assertThat(Sfen.format(k.start().setup())).isEqualTo("4k4/9/9/9/9/9/9/9/4K4 b 2l18p 1");
        }

        @Test
        void aMoveCountNumbersTheMovesThatFollow() {
            Kifu k = KifReader.read(BOD + "後手番\n手数＝30  ▲５八玉  まで\n手数----指手--\n  31 ５二玉(51)\n  32 ５八玉(59)\n")
                    .orThrow();

            assertThat(k.start().setup().moveNumber()).isEqualTo(31);
            assertThat(k.mainLine()).hasSize(2);
        }

        @Test
        void aMoveCountWithMoreThanDigitsIsRefusedWithItsLine() {
            // The digits were read up to the first other character: 12abc was 12 moves before the diagram.
            for (String count : List.of("12abc", "1２", "12.5")) {
                ReadResult r = KifReader.read(BOD + "後手番\n手数＝" + count + "\n");

                assertThat(r.problems()).as(count).containsExactly(
                        new Problem(Problem.Kind.MOVE_NUMBER, 16, 0, 0, "手数＝ number \"" + count + "\" is not a whole number: \"手数＝" + count + "\"", "手数＝" + count));
                assertThat(r.kifu().start().setup().moveNumber()).as(count).isEqualTo(1);
            }
            KifuException e = catchThrowableOfType(KifuException.class, () -> BoardDiagram.parse(BOD + "手数＝12abc  ▲５八玉\n"));
            assertThat(e).hasMessage("line 15: 手数＝ number \"12abc\" is not a whole number");
        }

        @Test
        void handicapSideNamesAreAccepted() {
            String bod = BOD.replace("後手の持駒", "上手の持駒").replace("先手の持駒", "下手の持駒");

            Kifu k = KifReader.read(bod + "上手番\n").orThrow();

            assertThat(k.start().setup().turn()).isEqualTo(Color.GOTE);
            assertThat(k.start().setup().handCount(Color.GOTE, Role.PAWN)).isEqualTo(18);
        }

        @Test
        void registeredPositionsDrawnAsDiagramsAreRecognised() {
            String text = "#\n" + String.join("\n", BoardDiagram.lines(Sfen.parse(Handicap.FOUR_PIECE.sfen()), true)) + "\n";

            Kifu k = KifReader.read(text).orThrow();

            assertThat(k.start().handicap()).contains(Handicap.FOUR_PIECE);
            assertThat(k.start().setup().turn()).isEqualTo(Color.GOTE);
        }

        @Test
        void malformedRowsAndHandsAreProblems() {
            String broken = BOD.replace("| ・ ・ ・ ・ ・ ・ ・ ・ ・|三", "| ・ ・ ・ ・ ・ ・ ・ ・|三")
                    .replace("香二", "象");

            ReadResult r = KifReader.read(broken + "   1 ５八玉(59)\n");

            assertThat(r.problems()).containsExactly(
                    new Problem(Problem.Kind.BAD_HAND, 1, 0, 0, "'象' is not a piece that can be held in hand: \"後手の持駒：歩十八　象\"", "後手の持駒：歩十八　象"),
                    new Problem(Problem.Kind.BAD_BOARD, 1, 0, 0, "the board diagram has rows that cannot be read; it was ignored"),
                    new Problem(Problem.Kind.BAD_BOARD_ROW, 6, 0, 0, "board row has 8 squares, not 9: \"| ・ ・ ・ ・ ・ ・ ・ ・|三\"", "| ・ ・ ・ ・ ・ ・ ・ ・|三"));
            assertThat(r.kifu().start().handicap()).contains(Handicap.EVEN);
        }

        @Test
        void morePiecesInHandThanASetHasAreReportedOnceByThePositionCheck() {
            ReadResult r = KifReader.read(BOD.replace("先手の持駒：なし", "先手の持駒：歩九十九"));

            assertThat(r.problems()).singleElement().satisfies(p -> assertThat(p.message())
                    .isEqualTo("the start position is not legal: 117 pawns on the board and in hand, a set has 18; no moves were read"));
        }

        @Test
        void handLinesThatAddUpBeyondWhatARecordMayGiveAreRefused() {
            // Repeated hand lines add up; 140 lines of 16,000 times 歩999 once overflowed the count and the reader threw.
            String text = "後手の持駒：歩十八\n".repeat(5) + "後手の持駒：歩十八　香\n" + BOD.substring(BOD.indexOf('\n') + 1);

            ReadResult r = KifReader.read(text);

            assertThat(r.problems()).extracting(Problem::line, Problem::message).containsExactly(
                    tuple(1, "the start position is not legal: 90 pawns on the board and in hand, a set has 18; no moves were read"),
                    tuple(6, "more than 99 歩 in hand: \"後手の持駒：歩十八　香\""));
            assertThat(r.kifu().start().setup().handCount(Color.GOTE, Role.PAWN)).isEqualTo(90);
        }

        @Test
        void hugeRepeatedHandCountsAreRefusedWithoutOverflow() {
            String line = "後手の持駒：" + "歩999".repeat(16_000) + "\n";

            ReadResult r = KifReader.read(line.repeat(140) + BOD.substring(BOD.indexOf('\n') + 1));

            assertThat(r.problems()).hasSize(140).allSatisfy(p -> assertThat(p.message()).startsWith("more than 99 歩 in hand: "));
            assertThat(r.kifu().start().setup().handCount(Color.GOTE, Role.PAWN)).isZero();
        }

        @Test
        void anIllegalDiagramIsReportedAndNoMovesAreRead() {
            String twoKings = BOD.replace("| ・ ・ ・ ・ ・ ・ ・ ・ ・|五", "| ・ ・ ・ ・ 玉 ・ ・ ・ ・|五");

            ReadResult r = KifReader.read(twoKings + "   1 ５八玉(59)\n");

            assertThat(r.problems()).containsExactly(new Problem(Problem.Kind.ILLEGAL_START, 1, 0, 0,
                    "the start position is not legal: sente has 2 kings, on 5e and 5i; no moves were read", null, PositionIssue.TOO_MANY_KINGS));
            assertThat(r.kifu().moves()).isEmpty();
        }
    }

    @Nested
    class MoveLines {
        private static final String HEAD = "手合割：平手\n手数----指手---------消費時間--\n";

        @Test
        void sameWithOrWithoutSpaceDropsPromotionsAndDialectSpellings() {
            Kifu k = KifReader.read(HEAD + """
                       1 ７六歩(77)
                       2 ３四歩(33)
                       3 ２二角生(88)
                       4 同銀(31)
                       5 ４四角打
                       6 同　歩(43)
                    """).orThrow();

            assertThat(k.mainLine().stream().map(Move::usi)).containsExactly("7g7f", "3c3d", "8h2b", "3a2b", "B*4d", "4c4d");
        }

        @Test
        void timesWithoutHoursAndTrailingMarks() {
            Kifu k = KifReader.read(HEAD + """
                       1 ７六歩(77)   ( 0:01/00:01)+
                       2 ３四歩(33)   (1:02:03/2:03:04)
                       3 ２六歩(27)   ( 0:2/)
                       4 ８四歩(83)+
                       5 ２五歩(26)   ( 0:00/00:00:01) ( 0:00/00:00:00)
                    """).orThrow();

            List<Step> s = k.moves();
            assertThat(s.get(0).time()).contains(Duration.ofSeconds(1));
            assertThat(s.get(0).totalTime()).contains(Duration.ofSeconds(1));
            assertThat(s.get(1).time()).contains(Duration.ofSeconds(3723));
            assertThat(s.get(1).totalTime()).contains(Duration.ofSeconds(7384));
            assertThat(s.get(2).time()).contains(Duration.ofSeconds(2));
            assertThat(s.get(2).totalTime()).isEmpty();
            assertThat(s.get(3).time()).isEmpty();
            assertThat(s.get(4).totalTime()).contains(Duration.ofSeconds(1));
        }

        @ParameterizedTest
        @ValueSource(strings = {"投了", "中断", "千日手", "持将棋", "詰み", "切れ負け", "反則負け", "反則勝ち", "入玉勝ち", "不戦勝",
                "不戦敗", "封じ手", "Time-up"})
        void specialMoveLines(String word) {
            Kifu k = KifReader.read(HEAD + "   1 ７六歩(77)\n   2 " + word + "   ( 0:03/00:00:03)\nまで1手で先手の勝ち\n").orThrow();

            assertThat(k.special()).contains(KifParser.special(word));
            assertThat(k.special().orElseThrow().japanese()).isEqualTo(word.equals("Time-up") ? "切れ負け" : word);
            assertThat(k.moves().getLast().time()).contains(Duration.ofSeconds(3));
        }

        @Test
        void crAndCrlfLineEnds() {
            String lf = HEAD + "   1 ７六歩(77)\n*c\n   2 ３四歩(33)\n";

            Kifu a = KifReader.read(lf).orThrow();
            Kifu b = KifReader.read(lf.replace("\n", "\r\n")).orThrow();
            Kifu c = KifReader.read(lf.replace("\n", "\r")).orThrow();

            assertThat(b).isEqualTo(a);
            assertThat(c).isEqualTo(a);
            assertThat(a.moves().getFirst().comments()).containsExactly("c");
        }

        @Test
        void engineCommentsBookmarksAndHashLines() {
            Kifu k = KifReader.read("# comment line\n手合割：平手\n**start engine\n&start mark\n" + HEAD + """
                    *before
                       1 ７六歩(77)
                    *one
                    **score=10
                    &mark
                    #ignored
                    まで1手で中断
                    """).orThrow();

            assertThat(k.startComments()).containsExactly("*start engine", "&start mark", "before");
            assertThat(k.moves().getFirst().comments()).containsExactly("one", "&mark");
            assertThat(k.moves().getFirst().engineComments()).containsExactly("score=10");
            assertThat(k.special()).isEmpty();
        }

        @Test
        void theMainLineStopsAtTheFirstIllegalMoveAndKeepsWhatCameBefore() {
            ReadResult r = KifReader.read("先手：A\n" + HEAD + """
                       1 ７六歩(77)
                       2 ３四歩(33)
                       3 ５五飛(28)
                       4 ８四歩(83)
                       5 投了
                    """);

            assertThat(r.problems()).singleElement().satisfies(p -> {
                assertThat(List.of(p.line(), p.column(), p.ply())).containsExactly(6, 6, 3);
                assertThat(p.message()).startsWith("illegal Japanese move \"５五飛(28)\"");
            });
            assertThat(r.kifu().header("先手")).contains("A");
            assertThat(r.kifu().mainLine()).hasSize(2);
            assertThat(r.kifu().special()).isEmpty();
        }

        @Test
        void aVariationWithAnIllegalMoveIsKeptUpToIt() {
            ReadResult r = KifReader.read(HEAD + """
                       1 ７六歩(77)
                       2 ３四歩(33)
                       3 ２六歩(27)

                    変化：2手
                       2 ８四歩(83)
                       3 ２二角成(88)
                       4 同　銀(31)
                    """);

            assertThat(r.problems()).singleElement().satisfies(p -> {
                assertThat(List.of(p.line(), p.ply())).containsExactly(9, 3);
                assertThat(p.message()).startsWith("illegal Japanese move \"２二角成(88)\"");
            });
            assertThat(Trees.forks(r.kifu())).containsExactly("@2 8c8d x1");
            assertThat(r.kifu().mainLine()).hasSize(3);
        }

        @Test
        void wrongMoveNumbersAreReportedOnce() {
            ReadResult r = KifReader.read(HEAD + "   1 ７六歩(77)\n   5 ３四歩(33)\n   6 ２六歩(27)\n");

            assertThat(r.problems()).containsExactly(new Problem(Problem.Kind.MOVE_NUMBER, 4, 0, 2, "move number 5 where 2 was expected"));
            assertThat(r.kifu().mainLine()).hasSize(3);
        }

        @Test
        void movesAfterTheEndAreReported() {
            ReadResult r = KifReader.read(HEAD + "   1 ７六歩(77)\n   2 投了\n   3 ３四歩(33)\n");

            assertThat(r.problems()).containsExactly(new Problem(Problem.Kind.MOVE_AFTER_END, 5, 6, 3, "\"３四歩(33)\" after the line ended with 投了; ignored", "３四歩(33)"));
            assertThat(r.kifu().special()).contains(Special.TORYO);
        }

        @Test
        void aMoveLineWithoutAMove() {
            ReadResult r = KifReader.read(HEAD + "   1\n");

            assertThat(r.problems()).containsExactly(new Problem(Problem.Kind.MISSING_MOVE, 3, 0, 1, "move 1 has no move text"));
        }
    }

    @Nested
    class Variations {
        @Test
        void henka() {
            Kifu k = read("kif/json-kifu-format/henka.kif").orThrow();

            assertThat(k.mainLine()).hasSize(12);
            assertThat(Trees.forks(k)).containsExactly(
                    "@1 2g2f x6 CHUDAN",
                    "  @2 3c3d x4 CHUDAN",
                    "@2 3c3d x1 CHUDAN",
                    "@3 7i6h x3 CHUDAN",
                    "@3 2h6h x3 CHUDAN");
        }

        @Test
        void aVariationOfTheLastMove() {
            Kifu k = read("kif/json-kifu-format/last-fork.kifu").orThrow();

            assertThat(Trees.forks(k)).containsExactly("@10 1c1d x1 CHUDAN");
        }

        @Test
        void variationsStartingWithSame() {
            Kifu k = read("kif/json-kifu-format/doh_branch.kifu").orThrow();

            assertThat(Trees.forks(k)).containsExactly("@3 8h2b+ x2 CHUDAN", "  @4 8b2b x1 CHUDAN");
        }

        @ParameterizedTest
        @ValueSource(strings = {"kif/shogi-kifu-converter/forks.kif", "kif/shogi-kifu-converter/forks.kifu"})
        void nestedVariationsAttachToTheMostRecentLineThatReachesThem(String path) {
            Kifu k = read(path).orThrow();

            assertThat(k.mainLine()).hasSize(12);
            assertThat(Trees.forks(k)).containsExactly("@5 8h7g x8", "  @9 1g1f x7", "@10 2b3c x5");
        }

        @Test
        void tsumeVariations() {
            Kifu k = read("kif/tsumemi/testbranch.kif").orThrow();

            assertThat(k.start().handicap()).isEmpty();
            assertThat(k.mainLine().stream().map(Move::usi)).containsExactly("N*2d");
            assertThat(Trees.forks(k)).containsExactly("@1 N*1c x10");
            assertThat(k.moves().getFirst().comments()).containsExactly("正解図");
            assertThat(k.startComments()).containsExactly("第１問");
        }

        @Test
        void aCommentedGameWithManyVariations() {
            Kifu k = read("kif/tsumemi/branchedgame.kif").orThrow();

            assertThat(k.mainLine()).hasSize(84);
            assertThat(k.special()).contains(Special.TORYO);
            assertThat(Trees.forks(k)).containsExactly(
                    "@6 8d8e x1",
                    "@18 7c7d x1",
                    "@29 2f2e x7",
                    "  @31 3h2g x1",
                    "@41 5f5e x1",
                    "@41 2e2d x3",
                    "@44 P*8f x9",
                    "@47 2e2d x2",
                    "@48 6d7e x1",
                    "@48 2b6f x4",
                    "@60 3i7e+ x3",
                    "@62 P*6f x1",
                    "@63 P*7f x1",
                    "@63 S*6f x2",
                    "@67 N*5e x4",
                    "@74 6f7g+ x3",
                    "@75 P*6f x1");
        }

        @Test
        void tsumeWithVariationsInsideVariations() {
            Kifu k = read("kif/shogi-kifu-converter/everyday_20211107.kif").orThrow();

            assertThat(k.special()).contains(Special.TSUMI);
            assertThat(Trees.forks(k)).containsExactly("@2 2b1b x8 TSUMI", "  @9 L*1c x1 CHUDAN", "@7 2c3a+ x1");
        }

        @Test
        void shogidokoroVariation() {
            Kifu k = read("kif/shogi-kifu-converter/Shogidokoro.kif").orThrow();

            assertThat(k.mainLine()).hasSize(131);
            // "変化：61手" replaces "61 ３六飛(16)" with seven moves from "61 ３三歩成(34)" to the end of the file.
            assertThat(Trees.forks(k)).containsExactly("@61 3d3c+ x7");
        }

        @Test
        void aVariationOfAMoveNoLineHasIsReported() {
            ReadResult r = KifReader.read("""
                    手数----指手--
                       1 ７六歩(77)
                    変化：5手
                       5 ２六歩(27)
                    変化：1手
                       1 ２六歩(27)
                    """);

            assertThat(r.problems()).containsExactly(new Problem(Problem.Kind.BAD_VARIATION, 3, 0, 0,
                    "variation at move 5, but no line read so far has a move 5; its moves are skipped"));
            assertThat(Trees.forks(r.kifu())).containsExactly("@1 2g2f x1");
        }

        @Test
        void aVariationMayReplaceTheFinalSpecial() {
            Kifu k = KifReader.read("""
                       1 ７六歩(77)
                       2 投了
                    変化：2手
                       2 ３四歩(33)
                       3 中断
                    """).orThrow();

            assertThat(k.special()).contains(Special.TORYO);
            assertThat(Trees.forks(k)).containsExactly("@2 3c3d x1 CHUDAN");
        }

        @Test
        void variationsJumpingBackAndForthAlongTheLineReplayCorrectly() {
            // Not Kakinoki's order: a later variation refers to a later ply of the main line again.
            Kifu k = KifReader.read("""
                       1 ７六歩(77)
                       2 ３四歩(33)
                       3 ２六歩(27)
                       4 ８四歩(83)
                    変化：2手
                       2 ８四歩(83)
                    変化：4手
                       4 ３五歩(34)
                    """).orThrow();

            assertThat(Trees.forks(k)).containsExactly("@2 8c8d x1", "@4 3d3e x1");
            assertThat(Trees.replay(k)).isEqualTo(6);
        }
    }

    @Nested
    class Limits {
        @Test
        void deeplyNestedVariationsAreCut() {
            // Kings walking back and forth: every move is legal. Each variation replaces the second move of
            // the one before, so they nest one level deeper each time, 250 levels in all.
            String[] cycle = {"５一玉(52)", "５八玉(59)", "５二玉(51)", "５九玉(58)"};
            StringBuilder sb = new StringBuilder("   1 ５八玉(59)\n   2 ５二玉(51)\n");
            for (int i = 0; i < 250; i++) {
                int ply = i + 2;
                sb.append("変化：").append(ply).append("手\n");
                sb.append(String.format("%4d %s%n", ply, cycle[ply % 4]));
                sb.append(String.format("%4d %s%n", ply + 1, cycle[(ply + 1) % 4]));
            }

            ReadResult r = KifReader.read(sb.toString());

            assertThat(r.problems()).hasSize(250 - KifReader.MAX_DEPTH);
            assertThat(r.problems().getFirst()).isEqualTo(new Problem(Problem.Kind.BAD_VARIATION, 3 + 3 * KifReader.MAX_DEPTH, 0, 0,
                    "variations nested more than " + KifReader.MAX_DEPTH + " deep; this one is skipped"));
            assertThat(Trees.replay(r.kifu())).isEqualTo(2 + 2 * KifReader.MAX_DEPTH);
        }

        @Test
        void hugeMoveNumbersAreRejected() {
            ReadResult r = KifReader.read("999999999 ７六歩(77)\n変化：999999999手\n");

            assertThat(r.problems()).extracting(Problem::message).containsExactly(
                    "move number 999999999 is too large",
                    "variation at move 999999999, but no line read so far has a move 999999999; its moves are skipped");
        }

        @Test
        void overlongLinesAreSkipped() {
            String text = "先手：" + "あ".repeat(KifReader.MAX_LINE_LENGTH) + "\n   1 ７六歩(77)\n";

            ReadResult r = KifReader.read(text);

            assertThat(r.problems()).containsExactly(new Problem(Problem.Kind.LINE_TOO_LONG, 1, 0, 0,
                    "line of 65539 characters skipped (at most 65536)"));
            assertThat(r.kifu().mainLine()).hasSize(1);
        }

        @Test
        void tooManyProblemsStopReading() {
            ReadResult r = KifReader.read("???\n".repeat(5000));

            assertThat(r.problems()).hasSize(KifReader.MAX_PROBLEMS + 1);
            assertThat(r.problems().getLast().message()).isEqualTo("more than 1000 problems; reading stopped");
        }

        @Test
        void emptyAndNullTextGiveAnEmptyEvenRecord() {
            assertThat(KifReader.read("").orThrow()).isEqualTo(Kifu.empty());
            assertThat(KifReader.read((String) null).orThrow()).isEqualTo(Kifu.empty());
        }
    }
}
