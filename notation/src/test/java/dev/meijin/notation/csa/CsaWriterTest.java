package dev.meijin.notation.csa;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.meijin.core.Color;
import dev.meijin.core.Move;
import dev.meijin.core.Piece;
import dev.meijin.core.Role;
import dev.meijin.core.Square;
import dev.meijin.core.game.Handicap;
import dev.meijin.notation.Format;
import dev.meijin.notation.Formats;
import dev.meijin.notation.WriteOptions;
import dev.meijin.notation.encoding.TextDecoder;
import dev.meijin.notation.encoding.TextEncoder;
import dev.meijin.core.usi.Usi;
import dev.meijin.notation.kifu.Header;
import dev.meijin.notation.kifu.Headers;
import dev.meijin.notation.kifu.Kifu;
import dev.meijin.notation.kifu.KifuException;
import dev.meijin.notation.kifu.ReadResult;
import dev.meijin.notation.kifu.Special;
import dev.meijin.notation.kifu.Start;
import dev.meijin.notation.kifu.Step;
import dev.meijin.notation.kifu.WriteResult;
import dev.meijin.testdata.TestData;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class CsaWriterTest {

    static Stream<Arguments> corpusInBothVersions() {
        return CsaCorpus.wellFormed().stream().flatMap(p -> Stream.of(Arguments.of(p, CsaVersion.V2_2), Arguments.of(p, CsaVersion.V3_0)));
    }

    /**
     * The corpus files whose dates are not CSA dates, and what writing them drops: shogihome's e2e-27 record (a
     * test of a game server bridge) has {@code $START_TIME: 15:35:06}, a time without a date.
     */
    private static final java.util.Map<String, List<String>> DATES_DROPPED = java.util.Map.of(
            "csa/shogihome/e2e-27/record.csa", List.of("header 開始日時 (\"15:35:06\" is not a date CSA can hold)"));

    @ParameterizedTest
    @MethodSource("corpusInBothVersions")
    void corpusRoundTripKeepsEverything(String path, CsaVersion version) {
        Kifu original = CsaReader.read(CsaCorpus.text(path)).kifu();
        WriteResult w = CsaWriter.write(original, version);
        assertThat(w.dropped()).as(path).isEqualTo(DATES_DROPPED.getOrDefault(path, List.of()));
        ReadResult again = CsaReader.read(w.text());
        assertThat(again.problems()).as(path).isEmpty();
        Kifu k = again.kifu();
        assertThat(k.start()).isEqualTo(original.start());
        assertThat(k.moves()).as(path).isEqualTo(original.moves()); // moves, times, comments, the special
        assertThat(k.startComments()).isEqualTo(original.startComments());
        // Every header comes back but an empty date (the servers' $END_TIME: of nine files) and a dropped one.
        assertThat(k.headers()).containsExactlyInAnyOrderElementsOf(original.headers().stream()
                .filter(h -> !(h.key().equals(Headers.START_TIME) || h.key().equals(Headers.END_TIME))
                        || !h.value().isBlank() && !DATES_DROPPED.containsKey(path))
                .toList());
        // Writing again gives the same text.
        assertThat(CsaWriter.write(k, version).text()).isEqualTo(w.text());
    }

    /**
     * KIF dates as CSA writes them (V2.2 and V3.0 alike: {@code YYYY/MM/DD HH:MM:SS} or the date alone), from
     * two real Kakinoki records: json-kifu-format's henka.kif ({@code 開始日時：2000/12/30 10:00}, no seconds;
     * {@code 終了日時：2008/02/18(月) 11:04:26}, a weekday) and 20081220kyoochi.kif
     * ({@code 開始日時：2008/12/20(土)}, a date and weekday).
     */
    @ParameterizedTest
    @org.junit.jupiter.params.provider.EnumSource(CsaVersion.class)
    void kifDatesAreWrittenInTheCsaForm(CsaVersion version) {
        Kifu henka = Formats.read(TestData.bytes("kif/json-kifu-format/henka.kif"), Optional.of("henka.kif")).kifu();
        WriteResult w = CsaWriter.write(henka, version);
        assertThat(w.text()).contains("\n$START_TIME:2000/12/30 10:00:00\n$END_TIME:2008/02/18 11:04:26\n");
        assertThat(w.dropped()).noneMatch(d -> d.contains("開始日時") || d.contains("終了日時"));
        assertThat(CsaReader.read(w.text()).kifu().header(Headers.END_TIME)).contains("2008/02/18 11:04:26");

        Kifu kyoochi = Formats.read(TestData.bytes("kif/json-kifu-format/20081220kyoochi.kif"),
                Optional.of("20081220kyoochi.kif")).kifu();
        WriteResult k = CsaWriter.write(kyoochi, version);
        assertThat(k.text()).contains("\n$START_TIME:2008/12/20\n").doesNotContain("$END_TIME");
        assertThat(k.dropped()).noneMatch(d -> d.contains("開始日時"));
    }

    @ParameterizedTest
    @org.junit.jupiter.params.provider.CsvSource(delimiter = '|', textBlock = """
            2000/12/30 10:00           | 2000/12/30 10:00:00
            2008/02/18(月) 11:04:26    | 2008/02/18 11:04:26
            2008/12/20(土)             | 2008/12/20
            2017/03/22 9:05:07         | 2017/03/22 09:05:07
            2003/5/3                   | 2003/05/03
            1999/07/15（木）　19:07:12 | 1999/07/15 19:07:12
            2024-01-01T10:00           | 2024/01/01 10:00:00
            2014/10/12 14:46:51        | 2014/10/12 14:46:51
            2006年1月10日              | 2006/01/10
            2026-11-24T10:00:00+09:00  | 2026/11/24 10:00:00
            2026/11/24 10:00 JST       | 2026/11/24 10:00:00
            """)
    void dateForms(String kif, String csa) {
        WriteResult w = CsaWriter.write(withHeader(Headers.START_TIME, kif));
        assertThat(w.text()).contains("\n$START_TIME:" + csa + "\n");
        assertThat(w.dropped()).isEmpty();
    }

    /** An even game with no moves and one header. */
    private static Kifu withHeader(String key, String value) {
        return new Kifu(List.of(new Header(key, value)), Start.EVEN, List.of(), List.of());
    }

    /** CSA's dates name no zone: a time with another offset than Japan's is written in Japan time, and listed. */
    @ParameterizedTest
    @org.junit.jupiter.params.provider.CsvSource(delimiter = '|', textBlock = """
            2017-03-22T01:00:00.000Z     | 2017/03/22 10:00:00
            2026-11-24T01:00:00Z         | 2026/11/24 10:00:00
            2026-11-23T23:30:00-05:00    | 2026/11/24 13:30:00
            2026/11/24 20:00:00 +0100    | 2026/11/25 04:00:00
            2026/11/24 01:00 UTC         | 2026/11/24 10:00:00
            """)
    void aTimeWithAnOffsetIsWrittenInJapanTime(String kif, String csa) {
        WriteResult w = CsaWriter.write(withHeader(Headers.END_TIME, kif));
        assertThat(w.text()).contains("\n$END_TIME:" + csa + "\n");
        assertThat(w.dropped()).containsExactly("header 終了日時 (\"" + kif + "\" written in Japan time as " + csa
                + ": CSA dates have no zone)");
    }

    /** What is not a date CSA can hold is dropped and listed, never written as it is. */
    @ParameterizedTest
    @org.junit.jupiter.params.provider.ValueSource(strings = {"15:35:06", "2008/02/30", "2008/12/20 25:00", "平成20年12月20日",
            "2008/12/20 10:00 頃", "2008/12/20 10:00 PST", "2008/12/20 10:00+19:00"})
    void anUnreadableDateIsDroppedAndListed(String value) {
        WriteResult w = CsaWriter.write(withHeader(Headers.START_TIME, value));
        assertThat(w.text()).doesNotContain("START_TIME");
        assertThat(w.dropped()).containsExactly("header 開始日時 (\"" + value + "\" is not a date CSA can hold)");
    }

    @Test
    void version22Layout() {
        Kifu k = CsaReader.read(CsaCorpus.text("csa/json-kifu-format/example.csa")).kifu();
        String text = CsaWriter.write(k).text();
        assertThat(text).startsWith("""
                V2.2
                N+NAKAHARA
                N-YONENAGA
                $EVENT:13th World Computer Shogi Championship
                $SITE:KAZUSA ARC
                $START_TIME:2003/05/03 10:30:00
                $END_TIME:2003/05/03 11:11:05
                $TIME_LIMIT:00:25+00
                $OPENING:YAGURA
                PI
                +
                '----------棋譜ファイルの例"example.csa"-----------------
                """);
        assertThat(text).endsWith("""
                +2726FU,T12
                -3334FU,T6
                %CHUDAN
                '---------------------------------------------------------
                """);
    }

    @Test
    void version30WritesTheEncodingLineAndMilliseconds() {
        Kifu k = CsaReader.read("'CSA encoding=UTF-8\nV3.0\n$TIME:600+10+0\nPI\n+\n+7776FU,T12.345\n-3334FU,T0.05\n+2726FU,T7\n%MAX_MOVES\n").kifu();
        WriteResult v3 = CsaWriter.write(k, CsaVersion.V3_0);
        assertThat(v3.dropped()).isEmpty();
        assertThat(v3.text()).isEqualTo("""
                'CSA encoding=UTF-8
                V3.0
                $TIME:600+10+0
                PI
                +
                +7776FU,T12.345
                -3334FU,T0.050
                +2726FU,T7
                %MAX_MOVES
                """);
        WriteResult v22 = CsaWriter.write(k);
        assertThat(v22.text()).contains("+7776FU,T12\n", "-3334FU,T0\n", "%HIKIWAKE\n");
        assertThat(v22.dropped()).containsExactly("the sub-second part of times (CSA V2.2 records whole seconds)",
                "%MAX_MOVES written as %HIKIWAKE (CSA V2.2 has no %MAX_MOVES)");
    }

    @Test
    void handicapsUsePiWhenTheyHaveOne() {
        Kifu eight = CsaReader.read(CsaCorpus.text("csa/json-kifu-format/8mai.csa")).kifu();
        String text = CsaWriter.write(eight).text();
        assertThat(text).contains("N+shitate\nN-uwate\n", "\nPI11KY21KE22KA31GI71GI81KE82HI91KY\n-\n' ---- Kifu for Windows V7 V7.08 CSA形式棋譜ファイル ----\n-6172KI,T3\n");
        for (Handicap h : Handicap.values()) {
            Kifu k = new Kifu(List.of(), Start.of(h), List.of(), List.of());
            String written = CsaWriter.write(k).text();
            if (h.csaPi().isPresent()) {
                assertThat(written).as(h.name()).contains("\n" + h.csaPi().get() + "\n");
            } else {
                assertThat(written).as(h.name()).contains("\nP1").doesNotContain("\nPI");
            }
            assertThat(CsaReader.read(written).kifu().start()).as(h.name()).isEqualTo(Start.of(h));
        }
    }

    @Test
    void threePawnsHasNoPiFormAndWritesTheBoardAndHand() {
        String text = CsaWriter.write(new Kifu(List.of(), Start.of(Handicap.THREE_PAWNS), List.of(), List.of())).text();
        assertThat(text).isEqualTo("""
                V2.2
                P1 *  *  *  * -OU *  *  *  *\s
                P2 *  *  *  *  *  *  *  *  *\s
                P3 *  *  *  *  *  *  *  *  *\s
                P4 *  *  *  *  *  *  *  *  *\s
                P5 *  *  *  *  *  *  *  *  *\s
                P6 *  *  *  *  *  *  *  *  *\s
                P7+FU+FU+FU+FU+FU+FU+FU+FU+FU
                P8 * +KA *  *  *  *  * +HI *\s
                P9+KY+KE+GI+KI+OU+KI+GI+KE+KY
                P-00FU00FU00FU
                -
                """);
    }

    @Test
    void whatCsaCannotHoldIsReported() {
        Kifu base = CsaReader.read("PI\n+\n+7776FU\n-3334FU\n").kifu();
        List<Step> moves = new ArrayList<>(base.moves());
        int alt = Usi.parseMove(base.startPosition().orElseThrow(), "2g2f");
        moves.set(0, moves.get(0).withForks(List.of(List.of(Step.move(alt)), List.of(Step.move(Usi.parseMove(base.startPosition().orElseThrow(), "5g5f"))))));
        moves.add(Step.special(Special.FUSEN_WIN));
        Kifu k = new Kifu(List.of(new Header(Headers.SENTE, "a"), new Header(Headers.TITLE, "表題です"),
                new Header(Headers.TIME_LIMIT, "各10分"), new Header(Headers.HANDICAP, "平手")), base.start(), List.of(), moves);
        WriteResult w = CsaWriter.write(k);
        assertThat(w.dropped()).containsExactly("header 表題", "header 持ち時間 (\"各10分\" is not a CSA time control)",
                "special 不戦勝 (CSA has no spelling for it)", "2 variations dropped");
        assertThat(w.text()).isEqualTo("V2.2\nN+a\nPI\n+\n+7776FU\n-3334FU\n");
    }

    @Test
    void theMoveNumberOfAStartAfterMovesIsReportedAsDropped() {
        // A KIF diagram with 手数＝30: CSA has no place for the 30 moves played before the start.
        Kifu k = dev.meijin.notation.sfen.SfenReader.read(
                "sfen lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 31 moves 3c3d").orThrow();

        WriteResult w = CsaWriter.write(k);

        assertThat(w.dropped()).containsExactly("the start's move number (30 moves were played before it)");
        assertThat(w.text()).endsWith("-\n-3334FU\n");
    }

    @Test
    void illegalWinBecomesTheEquivalentIllegalAction() {
        Kifu base = CsaReader.read("PI\n+\n+7776FU\n").kifu();
        List<Step> moves = new ArrayList<>(base.moves());
        moves.add(Step.special(Special.ILLEGAL_WIN)); // gote to move wins: sente acted illegally
        WriteResult w = CsaWriter.write(base.withMoves(moves));
        assertThat(w.dropped()).isEmpty();
        assertThat(w.text()).endsWith("+7776FU\n%+ILLEGAL_ACTION\n");
        Kifu again = CsaReader.read(w.text()).kifu();
        assertThat(again.recordedWinner()).isEqualTo(base.withMoves(moves).recordedWinner());
    }

    @Test
    void engineCommentsAndMultiLineComments() {
        Kifu base = CsaReader.read("PI\n+\n+7776FU\n").kifu();
        Step s = base.moves().getFirst().withComments(List.of("two\nlines")).withEngineComments(List.of("** 30 +2726FU"))
                .withTime(Optional.of(Duration.ofSeconds(75)), Optional.empty());
        String text = CsaWriter.write(base.withMoves(List.of(s))).text();
        assertThat(text).endsWith("+7776FU,T75\n'two\n'lines\n'*** 30 +2726FU\n");
    }

    @Test
    void illegalMovesCannotBeWritten() {
        Kifu base = CsaReader.read("PI\n+\n").kifu();
        int gotesMove = Move.normal(Square.parse("3c"), Square.parse("3d"), Piece.of(Color.GOTE, Role.PAWN)); // sente is to move
        Kifu bad = base.withMoves(List.of(Step.move(gotesMove)));
        assertThatThrownBy(() -> CsaWriter.write(bad)).isInstanceOf(KifuException.class)
                .hasMessage("ply 1: cannot write move 3c3d: it is not legal in lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1");
    }

    @Test
    void shiftJisOutputReplacesWhatShiftJisCannotHoldAndSaysSo() {
        Kifu k = Kifu.empty().withHeaders(List.of(new Header(Headers.SENTE, "𠮷田"), new Header(Headers.EVENT, "第Ⅻ回")));
        WriteResult w = Formats.write(k, Format.CSA, WriteOptions.SHIFT_JIS);
        assertThat(w.text()).isEqualTo("'encoding=Shift_JIS\nV2.2\nN+?田\n$EVENT:第?回\nPI\n+\n");
        assertThat(w.dropped()).containsExactly("characters Shift_JIS cannot hold were replaced by '?' (𠮷 Ⅻ)");
        // Every character left can be encoded: the bytes decode back to the same text.
        assertThat(new String(TextEncoder.encode(w.text(), TextDecoder.SHIFT_JIS), TextDecoder.SHIFT_JIS)).isEqualTo(w.text());
        // UTF-8 output keeps them.
        assertThat(Formats.write(k, Format.CSA, WriteOptions.UTF8).text()).contains("N+𠮷田\n$EVENT:第Ⅻ回\n");
    }

    @Test
    void theFormatsFacadeReadsAndWritesCsa() {
        String path = "csa/json-kifu-format/8mai.csa"; // Shift_JIS
        ReadResult r = Formats.read(TestData.bytes(path), Optional.of("8mai.csa"));
        assertThat(r.problems()).isEmpty();
        assertThat(r.kifu()).isEqualTo(CsaReader.read(CsaCorpus.text(path)).kifu());
        WriteResult sjis = Formats.write(r.kifu(), Format.CSA, WriteOptions.SHIFT_JIS);
        assertThat(sjis.text()).startsWith("'encoding=Shift_JIS\nV2.2\n");
        assertThat(Formats.write(r.kifu(), Format.CSA, WriteOptions.UTF8).text()).startsWith("V2.2\n");
        assertThat(CsaWriter.write(r.kifu(), CsaVersion.V3_0, TextDecoder.SHIFT_JIS).text()).startsWith("'CSA encoding=SHIFT_JIS\nV3.0\n");
        byte[] bytes = TextEncoder.encode(sjis.text(), TextDecoder.SHIFT_JIS);
        assertThat(Formats.read(bytes, Optional.empty()).kifu()).isEqualTo(r.kifu());
        assertThatThrownBy(() -> CsaWriter.write(r.kifu(), CsaVersion.V2_2, java.nio.charset.StandardCharsets.UTF_16))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("CSA records are UTF-8 or Shift_JIS, not UTF-16");
    }
}
