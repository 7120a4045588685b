package dev.meijin.notation.kif;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.meijin.core.Move;
import dev.meijin.core.game.Handicap;
import dev.meijin.core.position.Position;
import dev.meijin.core.position.Setup;
import dev.meijin.core.sfen.Sfen;
import dev.meijin.core.usi.Usi;
import dev.meijin.notation.WriteOptions;
import dev.meijin.notation.encoding.Decoded;
import dev.meijin.notation.encoding.TextDecoder;
import dev.meijin.notation.kifu.Header;
import dev.meijin.notation.kifu.Kifu;
import dev.meijin.notation.kifu.KifuException;
import dev.meijin.notation.kifu.ReadResult;
import dev.meijin.notation.kifu.Special;
import dev.meijin.notation.kifu.Start;
import dev.meijin.notation.kifu.Step;
import dev.meijin.notation.kifu.WriteResult;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;

class KifWriterTest {

    static Stream<String> everyKifAndKi2File() {
        return Stream.concat(dev.meijin.testdata.TestData.list("kif").stream(), dev.meijin.testdata.TestData.list("ki2").stream());
    }

    private static Kifu readAny(String path) {
        String text = Trees.text(path);
        return (path.startsWith("ki2/") ? KifReader.read(text, Dialect.KI2) : KifReader.read(text)).kifu();
    }

    /** Moves given as USI from a start, as steps. */
    private static List<Step> steps(Setup start, String... usi) {
        Position pos = Position.ofRecord(start);
        List<Step> out = new ArrayList<>();
        for (String u : usi) {
            int m = Usi.parseMove(pos, u);
            out.add(Step.move(m));
            pos.doMove(m);
        }
        return out;
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("everyKifAndKi2File")
    void kifRoundTripsKeepMovesHeadersForksAndComments(String path) {
        Kifu original = readAny(path);

        WriteResult w = KifWriter.write(original);
        ReadResult again = KifReader.read(w.text());

        assertThat(again.problems()).as(path).isEmpty();
        assertThat(w.dropped()).as(path).isEmpty();
        Kifu back = again.kifu();
        assertThat(back.headers()).as(path).isEqualTo(original.headers());
        assertThat(back.start()).as(path).isEqualTo(original.start());
        assertThat(back.startComments()).as(path).isEqualTo(original.startComments());
        assertThat(Trees.forks(back)).as(path).isEqualTo(Trees.forks(original));
        assertThat(Trees.withoutTotals(back)).as(path).isEqualTo(Trees.withoutTotals(original));
        if (!Trees.hasTimeWithoutTotal(original.moves())) {
            assertThat(back).as(path).isEqualTo(original);
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("everyKifAndKi2File")
    void shiftJisOutputDecodesBackToTheSameText(String path) {
        Kifu original = readAny(path);

        WriteResult w = KifWriter.write(original, WriteOptions.SHIFT_JIS);
        byte[] bytes = KifWriter.encode(w.text(), false);
        Decoded d = TextDecoder.decode(bytes);

        assertThat(w.text()).startsWith("#KIF version=2.0 encoding=Shift_JIS\n");
        assertThat(d.ok()).isTrue();
        assertThat(d.text()).isEqualTo(w.text());
        if (w.dropped().isEmpty()) {
            assertThat(KifReader.read(d.text()).orThrow()).isEqualTo(KifReader.read(KifWriter.write(original).text()).orThrow());
            if (!d.text().chars().allMatch(c -> c < 0x80)) {
                assertThat(d.charset()).isEqualTo(TextDecoder.SHIFT_JIS);
            }
        }
    }

    @Test
    void charactersShiftJisLacksAreReplacedAndReported() {
        Kifu k = readAny("kif/json-kifu-format/no_henka.kifu");

        WriteResult utf8 = KifWriter.write(k);
        WriteResult sjis = KifWriter.write(k, WriteOptions.SHIFT_JIS);

        assertThat(utf8.text()).contains("*森雞二九段");
        assertThat(utf8.dropped()).isEmpty();
        assertThat(sjis.text()).contains("*森?二九段");
        assertThat(sjis.dropped()).containsExactly("characters Shift_JIS cannot hold were replaced by '?' (雞)");
        // Every character left can be encoded: the bytes decode back to the same text.
        assertThat(new String(KifWriter.encode(sjis.text(), false), TextDecoder.SHIFT_JIS)).isEqualTo(sjis.text());
        assertThat(catchThrowableOfType(KifuException.class, () -> KifWriter.encode(utf8.text(), false)).problem().message())
                .isEqualTo("character \"雞\" (U+96DE) cannot be written in Shift_JIS");
    }

    @Test
    void theStandardLayout() {
        Setup even = Sfen.parse(Handicap.EVEN.sfen());
        List<Step> main = new ArrayList<>(steps(even, "7g7f", "3c3d", "8h2b", "3a2b", "B*5e"));
        main.set(0, main.get(0).withComments(List.of("c1")).withTime(Optional.of(Duration.ofSeconds(1)),
                Optional.of(Duration.ofSeconds(1))));
        main.set(1, main.get(1).withTime(Optional.of(Duration.ofSeconds(62)), Optional.of(Duration.ofSeconds(3723)))
                .withEngineComments(List.of("評価値=31")));
        List<Step> promoted = steps(Sfen.parse("lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL b - 3"),
                "8h2b+", "3a2b");
        main.set(2, main.get(2).withForks(List.of(promoted)));
        // No total: the writer sums it from gote's earlier times.
        main.add(Step.special(Special.TORYO).withTime(Optional.of(Duration.ofSeconds(5)), Optional.empty()));
        Kifu k = new Kifu(List.of(new Header("開始日時", "2024/01/01"), new Header("先手", "A"), new Header("後手", "B")),
                Start.EVEN, List.of("start"), main);

        WriteResult w = KifWriter.write(k);

        assertThat(w.text()).isEqualTo("""
                #KIF version=2.0 encoding=UTF-8
                開始日時：2024/01/01
                手合割：平手
                先手：A
                後手：B
                手数----指手---------消費時間--
                *start
                   1 ７六歩(77)   ( 0:01/00:00:01)
                *c1
                   2 ３四歩(33)   ( 1:02/01:02:03)
                **評価値=31
                   3 ２二角(88)
                   4 同　銀(31)
                   5 ５五角打
                   6 投了         ( 0:05/01:02:08)
                まで5手で先手の勝ち

                変化：3手
                   3 ２二角成(88)
                   4 同　銀(31)
                """);
        assertThat(w.dropped()).isEmpty();
        assertThat(KifReader.read(w.text()).orThrow()).isEqualTo(k.withMoves(withTotal(k.moves(), 5, 3728)));
    }

    @Test
    void timesAreWrittenInAsciiDigitsWhateverTheDefaultLocale() {
        Setup even = Sfen.parse(Handicap.EVEN.sfen());
        List<Step> main = new ArrayList<>(steps(even, "7g7f"));
        main.set(0, main.get(0).withTime(Optional.of(Duration.ofSeconds(62)), Optional.of(Duration.ofSeconds(3723))));
        Kifu k = new Kifu(List.of(), Start.EVEN, List.of(), main);
        Locale before = Locale.getDefault();
        try {
            // Arabic (Egypt) formats numbers with Arabic-Indic digits by default, which no KIF reader reads.
            Locale.setDefault(Locale.forLanguageTag("ar-EG"));
            assertThat(KifWriter.write(k).text()).contains("   1 ７六歩(77)   ( 1:02/01:02:03)\n");
        } finally {
            Locale.setDefault(before);
        }
    }

    @Test
    void subSecondTimesAreSummedExactlyAndTheirLossIsReported() {
        // CSA V3.0 records milliseconds (T1.500); KIF holds whole seconds, and its totals must not drift.
        Kifu csa = dev.meijin.notation.csa.CsaReader.read(
                "V3.0\nPI\n+\n+7776FU,T1.5\n-3334FU,T2\n+2726FU,T1.5\n-8384FU,T2\n+2625FU,T1.5\n").orThrow();

        WriteResult w = KifWriter.write(csa);

        assertThat(w.text()).contains("""
                   1 ７六歩(77)   ( 0:01/00:00:01)
                   2 ３四歩(33)   ( 0:02/00:00:02)
                   3 ２六歩(27)   ( 0:01/00:00:03)
                   4 ８四歩(83)   ( 0:02/00:00:04)
                   5 ２五歩(26)   ( 0:01/00:00:04)
                """);
        assertThat(w.dropped()).containsExactly("the sub-second part of times (KIF records whole seconds)");
    }

    private static List<Step> withTotal(List<Step> line, int index, int seconds) {
        List<Step> out = new ArrayList<>(line);
        Step s = out.get(index);
        out.set(index, s.withTime(s.time(), Optional.of(Duration.ofSeconds(seconds))));
        return out;
    }

    @ParameterizedTest
    @EnumSource(Handicap.class)
    void handicapStartsAreWrittenByName(Handicap h) {
        Setup s = Sfen.parse(h.sfen());
        Position pos = Position.ofRecord(s);
        Kifu k = new Kifu(List.of(), Start.of(h), List.of(), List.of(Step.move(pos.legalMoves()[0])));

        String text = KifWriter.write(k).text();

        assertThat(text).contains("\n手合割：" + h.japanese() + "\n").doesNotContain("+----");
        assertThat(KifReader.read(text).orThrow()).isEqualTo(k);
    }

    @Test
    void otherStartsAreWrittenAsDiagramsWithTheirMoveNumber() {
        Setup s = Sfen.parse("4k4/9/9/9/9/9/9/9/4K4 w 2l18p 31");
        Kifu k = new Kifu(List.of(new Header("作者", "X")), Start.of(s), List.of(), steps(s, "5a5b", "5i5h"));

        String text = KifWriter.write(k).text();

        assertThat(text).isEqualTo("""
                #KIF version=2.0 encoding=UTF-8
                作者：X
                後手の持駒：香二　歩十八
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
                後手番
                手数＝30
                手数----指手---------消費時間--
                  31 ５二玉(51)
                  32 ５八玉(59)
                """);
        assertThat(KifReader.read(text).orThrow()).isEqualTo(k);
    }

    @Test
    void theLargestSfenMoveNumberReadsBack() {
        // SFEN allows nine digits; 手数＝ stopped at 99999, so a start at move 100001 came back as move 1.
        Setup s = Sfen.parse("4k4/9/9/9/9/9/9/9/4K4 w - 999999999");
        Kifu k = new Kifu(List.of(), Start.of(s), List.of(), steps(s, "5a5b", "5i5h"));

        String text = KifWriter.write(k).text();

        assertThat(text).contains("\n手数＝999999998\n", "\n999999999 ５二玉(51)\n", "\n1000000000 ５八玉(59)\n");
        assertThat(KifReader.read(text).orThrow()).isEqualTo(k);
        assertThat(KifReader.read(text.replace("手数＝999999998", "手数＝999999999")).problems()).first()
                .isEqualTo(new dev.meijin.notation.kifu.Problem(dev.meijin.notation.kifu.Problem.Kind.MOVE_NUMBER, 17, 0, 0,
                        "手数＝ number too large (at most 999999998): \"手数＝999999999\"", "手数＝999999999"));
    }

    @Test
    void aHandCountBeyondWhatReadersTakeIsWrittenInDigitsAndReported() {
        // The kanji numerals stopped at 九十九: 647 lances in hand threw StringIndexOutOfBoundsException.
        Setup s = Sfen.parse("4k4/9/9/9/9/9/9/9/4K4 b - 1").withHand(dev.meijin.core.Color.GOTE, dev.meijin.core.Role.LANCE, 647);
        Kifu k = new Kifu(List.of(), Start.of(s), List.of(), List.of());

        WriteResult w = KifWriter.write(k);

        assertThat(w.text()).contains("\n後手の持駒：香647\n");
        assertThat(w.beyondLimits()).containsExactly("gote's hand holds 647 lances; readers take at most 99");
    }

    @Test
    void everySpecialReadsBack() {
        Setup even = Sfen.parse(Handicap.EVEN.sfen());
        for (Special s : Special.values()) {
            List<Step> line = new ArrayList<>(steps(even, "7g7f"));
            line.add(Step.special(s));
            Kifu k = new Kifu(List.of(), Start.EVEN, List.of(), line);

            Kifu back = KifReader.read(KifWriter.write(k).text()).orThrow();

            Special expected = switch (s) {
                // KIF names the side to move: gote is to move, so sente's illegal action is 反則勝ち.
                case SENTE_ILLEGAL_ACTION -> Special.ILLEGAL_WIN;
                case GOTE_ILLEGAL_ACTION -> Special.ILLEGAL_MOVE;
                default -> s;
            };
            assertThat(back.special()).as(s.name()).contains(expected);
            assertThat(back.recordedWinner()).as(s.name()).isEqualTo(k.recordedWinner());
        }
    }

    @Test
    void anIllegalMoveCannotBeWritten() {
        Position start = Position.startpos();
        int illegal = Move.normal(dev.meijin.core.Square.parse("7g"), dev.meijin.core.Square.parse("7e"),
                start.pieceAt(dev.meijin.core.Square.parse("7g")));
        Kifu k = new Kifu(List.of(), Start.EVEN, List.of(), List.of(Step.move(illegal)));

        KifuException e = catchThrowableOfType(KifuException.class, () -> KifWriter.write(k));

        assertThat(e.problem()).isEqualTo(new dev.meijin.notation.kifu.Problem(dev.meijin.notation.kifu.Problem.Kind.CANNOT_WRITE, 0, 0, 1,
                "cannot write move 7g7e: it is not legal in lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1"));
    }

    @Test
    void headerLineBreaksAreFlattenedAndReported() {
        Kifu k = Kifu.empty().withHeaders(List.of(new Header("備考", "a\nb")));

        WriteResult w = KifWriter.write(k);

        assertThat(w.text()).contains("備考：a b\n");
        assertThat(w.dropped()).containsExactly("line breaks in the header 備考");
    }

    @Test
    void fileNamesPickTheEncoding() {
        assertThat(WriteOptions.forFileName("a.kif")).isEqualTo(WriteOptions.SHIFT_JIS);
        assertThat(WriteOptions.forFileName("dir/A.KI2")).isEqualTo(WriteOptions.SHIFT_JIS);
        assertThat(WriteOptions.forFileName("a.kifu")).isEqualTo(WriteOptions.UTF8);
        assertThat(KifWriter.encode("先手", true)).isEqualTo("先手".getBytes(StandardCharsets.UTF_8));
        assertThat(KifWriter.encode("先手", false)).isEqualTo("先手".getBytes(TextDecoder.SHIFT_JIS));
    }
}
