package dev.meijin.notation.kifu;

import static org.assertj.core.api.Assertions.assertThat;

import dev.meijin.notation.Format;
import dev.meijin.notation.Formats;
import dev.meijin.notation.WriteOptions;
import dev.meijin.testdata.TestData;
import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@link RecordDate}: every form records write in 開始日時 and 終了日時 is read as what it says (a day, a local
 * time, or a time with its offset, never converted), written back in each format's form, and a text that is
 * not wholly a date is no date.
 */
class RecordDateTest {

    private static RecordDate local(int y, int mo, int d, int h, int mi, int s) {
        return new RecordDate.Local(LocalDateTime.of(y, mo, d, h, mi, s));
    }

    private static RecordDate offset(int y, int mo, int d, int h, int mi, int s, ZoneOffset o) {
        return new RecordDate.Offset(OffsetDateTime.of(y, mo, d, h, mi, s, 0, o));
    }

    static Stream<Arguments> forms() {
        ZoneOffset plus9 = ZoneOffset.ofHours(9);
        return Stream.of(
                // Kakinoki's forms (henka.kif, 20081220kyoochi.kif, Kifu for Windows), and CSA's.
                Arguments.of("2008/02/18(月) 11:04:26", local(2008, 2, 18, 11, 4, 26)),
                Arguments.of("1999/07/15（木）　19:07:12", local(1999, 7, 15, 19, 7, 12)),
                Arguments.of("2000/12/30 10:00", local(2000, 12, 30, 10, 0, 0)),
                Arguments.of("2017/03/22 9:05:07", local(2017, 3, 22, 9, 5, 7)),
                Arguments.of("2008/12/20(土)", new RecordDate.Day(LocalDate.of(2008, 12, 20))),
                Arguments.of("2003/5/3", new RecordDate.Day(LocalDate.of(2003, 5, 3))),
                Arguments.of("2006年1月10日(火)", new RecordDate.Day(LocalDate.of(2006, 1, 10))),
                Arguments.of("2014/10/12 (Sun) 14:46:51", local(2014, 10, 12, 14, 46, 51)),
                // ISO 8601, without and with a zone (mog-core-scala's records write UTC with milliseconds).
                Arguments.of("2024-01-01T10:00", local(2024, 1, 1, 10, 0, 0)),
                Arguments.of("2017-03-22T01:00:00.000Z", offset(2017, 3, 22, 1, 0, 0, ZoneOffset.UTC)),
                Arguments.of("2026-11-24T01:00:00Z", offset(2026, 11, 24, 1, 0, 0, ZoneOffset.UTC)),
                Arguments.of("2026-11-24T10:00:00+09:00", offset(2026, 11, 24, 10, 0, 0, plus9)),
                Arguments.of("2026-11-23T20:00:00-0500", offset(2026, 11, 23, 20, 0, 0, ZoneOffset.ofHours(-5))),
                Arguments.of("2026/11/24 10:00:00 +09", offset(2026, 11, 24, 10, 0, 0, plus9)),
                Arguments.of("2026/11/24 10:00 JST", offset(2026, 11, 24, 10, 0, 0, plus9)),
                Arguments.of("2026/11/24 01:00:00 UTC", offset(2026, 11, 24, 1, 0, 0, ZoneOffset.UTC)),
                Arguments.of("2026/11/24 01:00:00GMT", offset(2026, 11, 24, 1, 0, 0, ZoneOffset.UTC)));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("forms")
    void everyFormIsReadAsWhatItSays(String text, RecordDate expected) {
        Optional<RecordDate> read = RecordDate.parse(text);
        assertThat(read).contains(expected);
        // Written in KIF's form and read again: the same value, the offset included.
        assertThat(RecordDate.parse(read.orElseThrow().kif())).contains(expected);
    }

    @Test
    void anExplicitOffsetIsKeptNotDropped() {
        RecordDate utc = RecordDate.parse("2026-11-24T01:00:00Z").orElseThrow();
        assertThat(utc.offset()).contains(ZoneOffset.UTC);
        assertThat(utc.date()).isEqualTo(LocalDate.of(2026, 11, 24));
        assertThat(utc).isNotEqualTo(RecordDate.parse("2026/11/24 01:00:00").orElseThrow());
        assertThat(RecordDate.parse("2026/11/24 01:00:00").orElseThrow().offset()).isEmpty();
    }

    @Test
    void kifWritesKakinokisFormAndIsoWithAnOffset() {
        assertThat(local(2008, 2, 18, 11, 4, 26).kif()).isEqualTo("2008/02/18 11:04:26");
        assertThat(new RecordDate.Day(LocalDate.of(2008, 12, 20)).kif()).isEqualTo("2008/12/20");
        assertThat(offset(2017, 3, 22, 1, 0, 0, ZoneOffset.UTC).kif()).isEqualTo("2017-03-22T01:00:00Z");
        assertThat(offset(2026, 11, 24, 10, 0, 0, ZoneOffset.ofHours(9)).kif()).isEqualTo("2026-11-24T10:00:00+09:00");
        assertThat(offset(2026, 11, 24, 10, 0, 0, ZoneOffset.ofHoursMinutes(5, 30)).kif()).isEqualTo("2026-11-24T10:00:00+05:30");
    }

    @Test
    void csaWritesJapanTimeForAnOffsetAndTheLocalTimeAsItIs() {
        assertThat(offset(2017, 3, 22, 1, 0, 0, ZoneOffset.UTC).csa()).isEqualTo("2017/03/22 10:00:00");
        assertThat(offset(2026, 11, 24, 20, 0, 0, ZoneOffset.ofHours(-5)).csa()).isEqualTo("2026/11/25 10:00:00");
        assertThat(offset(2026, 11, 24, 10, 0, 0, ZoneOffset.ofHours(9)).csa()).isEqualTo("2026/11/24 10:00:00");
        assertThat(local(2026, 11, 24, 1, 0, 0).csa()).isEqualTo("2026/11/24 01:00:00");
        assertThat(new RecordDate.Day(LocalDate.of(2008, 12, 20)).csa()).isEqualTo("2008/12/20");
    }

    @Test
    void aFractionOfASecondIsDropped() {
        assertThat(new RecordDate.Local(LocalDateTime.of(2026, 11, 24, 9, 30, 5, 123_000_000)))
                .isEqualTo(local(2026, 11, 24, 9, 30, 5));
        assertThat(RecordDate.parse("2026-11-24T09:30:05.999+09:00")).contains(offset(2026, 11, 24, 9, 30, 5, ZoneOffset.ofHours(9)));
    }

    /** A text that is only partly a date, or names a day, time or offset that does not exist, is no date. */
    @ParameterizedTest
    @ValueSource(strings = {"", "15:35:06", "2008/02/30", "2008/12/20 25:00", "2008/12/20 10:60", "平成20年12月20日",
            "2008/12/20 10:00 頃", "2008/12/20 10:00 PST", "2008/12/20 10:00+19:00", "2008/12/20Z", "2008/12/20 JST",
            "2008/12/20(x) 10:00", "20081220", "2008/12/20 10:00 ～ 18:00"})
    void aTextThatIsNotWhollyADateIsNone(String text) {
        assertThat(RecordDate.parse(text)).isEmpty();
    }

    /**
     * mog-core-scala's 001.kif starts at 2017-03-22T01:00:00.000Z: read into a game and written again, KIF, KI2
     * and JKF keep the zone, CSA writes Japan time (10:00) and lists the conversion.
     */
    @Test
    void aRecordInUtcKeepsItsZoneThroughEveryFormat() {
        Kifu kifu = Formats.read(TestData.bytes("kif/mog-core-scala/001.kif"), Optional.of("001.kif")).kifu();
        GameRecords.Recorded r = GameRecords.fromKifu(kifu);
        RecordDate start = offset(2017, 3, 22, 1, 0, 0, ZoneOffset.UTC);
        assertThat(r.info().startTime()).contains(start);
        for (Format f : new Format[] {Format.KIF, Format.KI2, Format.JKF}) {
            WriteResult w = Formats.write(GameRecords.toKifu(r.game(), r.info(), f), f, WriteOptions.UTF8);
            assertThat(w.text()).as("%s", f).contains(f == Format.JKF ? "\"開始日時\": \"2017-03-22T01:00:00Z\"" : "開始日時：2017-03-22T01:00:00Z");
            assertThat(w.dropped()).as("%s", f).noneMatch(d -> d.contains("開始日時"));
            Kifu back = Formats.read(w.text(), Optional.of("game." + f.extensions().getFirst())).kifu();
            assertThat(GameRecords.fromKifu(back).info().startTime()).as("%s", f).contains(start);
        }
        WriteResult csa = Formats.write(GameRecords.toKifu(r.game(), r.info(), Format.CSA), Format.CSA, WriteOptions.UTF8);
        assertThat(csa.text()).contains("\n$START_TIME:2017/03/22 10:00:00\n");
        assertThat(csa.dropped()).contains("header 開始日時 (\"2017-03-22T01:00:00Z\" written in Japan time as 2017/03/22 10:00:00: CSA dates have no zone)");
        // Converted straight from the record, the header is copied as it is, milliseconds and all.
        assertThat(Formats.write(kifu, Format.JKF, WriteOptions.UTF8).text()).contains("\"開始日時\": \"2017-03-22T01:00:00.000Z\"");
        assertThat(Formats.write(kifu, Format.CSA, WriteOptions.UTF8).dropped())
                .contains("header 開始日時 (\"2017-03-22T01:00:00.000Z\" written in Japan time as 2017/03/22 10:00:00: CSA dates have no zone)");
    }

    /** A JKF header at +09:00 is read with its offset and written to CSA as it is, Japan time being CSA's. */
    @Test
    void aJkfDateAtJapansOffsetNeedsNoConversionInCsa() {
        String jkf = new String(TestData.bytes("jkf/shogi-kifu-converter/kif/oui202106290101.json"), StandardCharsets.UTF_8);
        String original = "\"開始日時\": \"2021/06/29 09:00\"";
        assertThat(jkf).contains(original);
        Kifu kifu = Formats.read(jkf.replace(original, "\"開始日時\": \"2021-06-29T09:00:00+09:00\""), Optional.of("oui.json")).kifu();
        GameRecords.Recorded r = GameRecords.fromKifu(kifu);
        assertThat(r.info().startTime()).contains(offset(2021, 6, 29, 9, 0, 0, ZoneOffset.ofHours(9)));
        WriteResult csa = Formats.write(kifu, Format.CSA, WriteOptions.UTF8);
        assertThat(csa.text()).contains("\n$START_TIME:2021/06/29 09:00:00\n");
        assertThat(csa.dropped()).noneMatch(d -> d.contains("開始日時"));
        // The original, a local time, stays local: no zone is invented for it.
        assertThat(GameRecords.fromKifu(Formats.read(jkf, Optional.of("oui.json")).kifu()).info().startTime())
                .contains(local(2021, 6, 29, 9, 0, 0));
    }
}
