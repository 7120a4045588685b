package dev.meijin.server.http;

import static org.assertj.core.api.Assertions.assertThat;

import dev.meijin.notation.Formats;
import dev.meijin.notation.encoding.TextDecoder;
import dev.meijin.notation.kifu.Headers;
import dev.meijin.notation.kifu.ReadResult;
import dev.meijin.notation.kifu.RecordDate;
import dev.meijin.server.round.RefusedException;
import dev.meijin.testdata.TestData;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Every game record of the test data (KIF, KI2, CSA and JKF from many programs and sites), pasted as text: a
 * record the notation layer reads without a problem is taken whole, its main line move for move, and nothing
 * else is refused for a record that has moves.
 */
class PastedRecordTest {

    @Test
    void everyRecordOfTheTestDataThatReadsCleanlyIsTakenWholeAndTheOthersUpToTheirFirstProblem() {
        List<String> files = Stream.of("kif", "ki2", "csa", "jkf").flatMap(f -> TestData.list(f).stream()).toList();
        int whole = 0;
        int partial = 0;
        List<String> refused = new ArrayList<>();
        for (String f : files) {
            String text = TextDecoder.decode(TestData.bytes(f)).text();
            ReadResult r = Formats.read(text, Optional.empty());
            List<Integer> line = r.kifu().mainLine();
            PastedRecord p;
            try {
                p = PastedRecord.read(text);
            } catch (RefusedException e) {
                refused.add(f + ": " + e.getMessage());
                continue;
            }
            assertThat(line.subList(0, p.moves().size())).as("%s: the main line as read, or its beginning", f).isEqualTo(p.moves());
            if (r.problems().isEmpty()) {
                assertThat(p.moves()).as(f).isEqualTo(line);
                assertThat(p.warnings()).as(f).isEmpty();
                whole++;
            } else {
                assertThat(p.warnings()).as(f).isNotEmpty();
                partial++;
            }
        }
        assertThat(whole).as("records taken whole of %d (refused: %s)", files.size(), refused).isGreaterThan(files.size() * 3 / 4);
        assertThat(whole + partial + refused.size()).isEqualTo(files.size());
        // Every refusal names a problem in the start, the first move, or a start the engine cannot search.
        assertThat(refused).allSatisfy(r -> assertThat(r).containsAnyOf("ply 1:", "line 1,", "line 1:", "cannot analyse the start", "line 3:",
                "line 6,", "line 3,", "$schema"));

        // A real game whose board diagram has a stray character: the reader takes the board and goes on, and so
        // is the whole game taken, with the board line as a warning.
        String stray = TextDecoder.decode(TestData.bytes("csa/mog-core-scala/002.csa")).text();
        PastedRecord withStray = PastedRecord.read(stray);
        assertThat(withStray.moves()).hasSize(258).isEqualTo(Formats.read(stray, Optional.empty()).kifu().mainLine());
        assertThat(withStray.warnings()).as("the first board lines with a stray character, at most five")
                .hasSize(PastedRecord.MAX_WARNINGS)
                .startsWith("line 5, column 29: unexpected \".\" after the 9 squares of board row P2; ignored; the moves after it are read");
        System.out.printf("%d records: %d whole, %d up to a problem, %d refused%n", files.size(), whole, partial, refused.size());
        refused.forEach(System.out::println);
    }

    @Test
    void theDateIsShownInTheRecordsOwnTermsWithATimeAndAZoneOnlyWhereItGivesThem() {
        assertThat(PastedRecord.recordDate("2018/05/03 13:05:55")).isEqualTo("2018/05/03 13:05:55");
        assertThat(PastedRecord.recordDate("2008/02/18(月) 11:04:26")).isEqualTo("2008/02/18 11:04:26");
        assertThat(PastedRecord.recordDate("2006年1月10日 9:05")).isEqualTo("2006/01/10 09:05");
        assertThat(PastedRecord.recordDate("2017/03/22 10:00 JST")).as("a zone by name, at its offset").isEqualTo("2017/03/22 10:00 +09:00");
        assertThat(PastedRecord.recordDate("2017/03/22 01:00:00 GMT")).isEqualTo("2017/03/22 01:00:00 UTC");
        assertThat(PastedRecord.recordDate("2017/03/22")).as("no time is made up").isEqualTo("2017/03/22");
        assertThat(PastedRecord.recordDate("2017-3-2")).isEqualTo("2017/03/02");
        assertThat(PastedRecord.recordDate("2010/05/14(金) 10:00")).isEqualTo("2010/05/14 10:00");
        assertThat(PastedRecord.recordDate("2017年03月22日（水）")).isEqualTo("2017/03/22");
        // An ISO time in UTC stays in UTC, saying so: no zone is invented, and none is dropped.
        assertThat(PastedRecord.recordDate("2017-03-22T01:00:00.000Z")).isEqualTo("2017/03/22 01:00:00 UTC");
        assertThat(PastedRecord.recordDate("2017-03-22T10:00+0900")).isEqualTo("2017/03/22 10:00 +09:00");
        // What is no date is kept as written.
        assertThat(PastedRecord.recordDate("平成29年3月22日")).isEqualTo("平成29年3月22日");
        assertThat(PastedRecord.recordDate("2017/13/22")).isEqualTo("2017/13/22");
        assertThat(PastedRecord.recordDate("2017/02/30 10:00")).as("no such day").isEqualTo("2017/02/30 10:00");
        assertThat(PastedRecord.recordDate("2017/03/22 25:00")).as("no such time").isEqualTo("2017/03/22 25:00");
        assertThat(PastedRecord.recordDate("2017/03/22 (祝)")).as("no weekday").isEqualTo("2017/03/22 (祝)");
        assertThat(PastedRecord.recordDate(null)).isNull();
        // The records of the test data: a KIF whose 開始日時 is an ISO time in UTC, a CSA with $START_TIME.
        assertThat(PastedRecord.read(TestData.text("kif/mog-core-scala/001.kif", java.nio.charset.StandardCharsets.UTF_8)).date())
                .isEqualTo("2017/03/22 01:00:00 UTC");
        assertThat(PastedRecord.read(TestData.text("csa/wcsc28-apery/utf8_WCSC28_L3_KIN_WDF.csa", java.nio.charset.StandardCharsets.UTF_8)).date())
                .isEqualTo("2018/05/03 13:05:55");
    }

    /** A KIF, a CSA and a JKF record of two moves dated {@code date} (KIF and JKF 開始日時, CSA {@code $START_TIME}). */
    private static List<String> recordsDated(String date) {
        return List.of("開始日時：" + date + "\n手合割：平手\n手数----指手---------消費時間--\n   1 ７六歩(77)\n   2 ３四歩(33)\n",
                "V2.2\nN+Sente\nN-Gote\n$START_TIME:" + date + "\nPI\n+\n+7776FU\n-3334FU\n",
                "{\"header\": {\"開始日時\": \"" + date + "\"}, \"moves\": [{},"
                        + " {\"move\": {\"from\": {\"x\": 7, \"y\": 7}, \"to\": {\"x\": 7, \"y\": 6}, \"color\": 0, \"piece\": \"FU\"}},"
                        + " {\"move\": {\"from\": {\"x\": 3, \"y\": 3}, \"to\": {\"x\": 3, \"y\": 4}, \"color\": 1, \"piece\": \"FU\"}}]}");
    }

    @Test
    void theDatesOfPastedKifCsaAndJkfRecordsAreReadByTheRuleTheReadersReadThemBy() {
        Map<String, String> shown = new LinkedHashMap<>();
        shown.put("2017/03/22 01:00:00", "2017/03/22 01:00:00");
        shown.put("2017-03-22T01:00:00.000Z", "2017/03/22 01:00:00 UTC");
        shown.put("2017/03/22", "2017/03/22");
        shown.put("2010/05/14(金) 10:00", "2010/05/14 10:00");
        shown.put("2026-11-24T10:00:00+09:00", "2026/11/24 10:00:00 +09:00");
        shown.put("2017/02/30", "2017/02/30");
        shown.put("2017 / 3 / 22", "2017 / 3 / 22");
        shown.forEach((written, expected) -> {
            Optional<RecordDate> asRead = RecordDate.parse(written);
            for (String text : recordsDated(written)) {
                PastedRecord p = PastedRecord.read(text);
                assertThat(p.moves()).as(text).hasSize(2);
                assertThat(p.date()).as(text).isEqualTo(expected);
                // One rule: the reader's header, read as the records' dates are, gives the same day and offset, and
                // what it does not read as a date is kept as written.
                Optional<RecordDate> header = Formats.read(text, Optional.empty()).kifu().header(Headers.START_TIME).flatMap(RecordDate::parse);
                assertThat(header).as(text).isEqualTo(asRead);
                assertThat(p.date()).as(text).startsWith(asRead.map(d -> d.date().format(DateTimeFormatter.ofPattern("uuuu/MM/dd"))).orElse(written))
                        .endsWith(asRead.flatMap(RecordDate::offset).map(o -> o.equals(ZoneOffset.UTC) ? " UTC" : " " + o).orElse(""));
            }
        });
    }
}
