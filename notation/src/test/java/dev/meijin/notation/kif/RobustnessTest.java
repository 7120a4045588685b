package dev.meijin.notation.kif;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.tuple;

import dev.meijin.notation.Format;
import dev.meijin.notation.Formats;
import dev.meijin.notation.KifuFormat;
import dev.meijin.notation.encoding.Decoded;
import dev.meijin.notation.encoding.TextDecoder;
import dev.meijin.notation.kifu.Kifu;
import dev.meijin.notation.kifu.Limits;
import dev.meijin.notation.kifu.Problem;
import dev.meijin.notation.kifu.ReadResult;
import dev.meijin.notation.kifu.WriteResult;
import dev.meijin.testdata.TestData;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * No input may make a reader throw, hang or use unbounded memory, and whatever a reader returns can be
 * written and read back without problems. Inputs are corpus files broken at random (with fixed seeds, so
 * failures reproduce) and synthetic worst cases.
 */
@Tag("slow")
class RobustnessTest {
    private static final String PALETTE = "０１２３４５６７８９一二三四五六七八九歩香桂銀金角飛玉と馬龍成打同　不生行上引寄右左直"
            + "()（）：:*&#+-|▲△v・1234567890変化手まで投了中断\n\r ";

    static Stream<String> kakinokiFiles() {
        return Stream.concat(TestData.list("kif").stream(), TestData.list("ki2").stream());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("kakinokiFiles")
    @Timeout(60)
    void brokenCorpusFilesNeverMakeTheReadersThrow(String path) {
        String text = Trees.text(path);
        Random random = new Random(path.hashCode());
        for (int i = 0; i < 30; i++) {
            String broken = mutate(text, random);
            for (Dialect d : Dialect.values()) {
                ReadResult r = readSafely(broken, d);
                writeAndReadBack(r, d, path + " mutation " + i);
            }
        }
    }

    @Test
    void randomGarbageNeverMakesTheReadersThrow() {
        Random random = new Random(7L);
        for (int i = 0; i < 300; i++) {
            StringBuilder sb = new StringBuilder();
            int n = random.nextInt(400);
            for (int k = 0; k < n; k++) {
                sb.append(random.nextInt(8) == 0 ? (char) random.nextInt(0x10000) : PALETTE.charAt(random.nextInt(PALETTE.length())));
            }
            String text = sb.toString();
            for (Dialect d : Dialect.values()) {
                writeAndReadBack(readSafely(text, d), d, "garbage " + i);
            }
            ReadResult[] detected = new ReadResult[1];
            assertThatCode(() -> detected[0] = Formats.read(text, Optional.empty())).doesNotThrowAnyException();
            checkProblems(detected[0], text, "garbage " + i);
            writeAndReadBack(detected[0], Formats.detect(text, Optional.empty()), "garbage " + i);

            byte[] bytes = new byte[random.nextInt(300)];
            random.nextBytes(bytes);
            ReadResult[] fromBytes = new ReadResult[1];
            assertThatCode(() -> fromBytes[0] = Formats.read(bytes, Optional.of("x.kif"))).doesNotThrowAnyException();
            Decoded decoded = TextDecoder.decode(bytes);
            // The bytes' decoding problems come first, then the record's.
            List<Problem> all = fromBytes[0].problems();
            assertThat(all.size()).as("bytes %d", i).isGreaterThanOrEqualTo(decoded.problems().size());
            assertThat(all.subList(0, decoded.problems().size())).as("bytes %d", i).isEqualTo(decoded.problems());
            checkProblems(fromBytes[0], decoded.text(), "bytes " + i);
            writeAndReadBack(fromBytes[0], Formats.detect(decoded.text(), Optional.of("x.kif")), "bytes " + i);
        }
    }

    /** Every problem names a line of the text (or none, 0), a column and ply that are not negative, and says something. */
    private static void checkProblems(ReadResult r, String text, String what) {
        int lines = text.split("\r\n|\r|\n", -1).length;
        for (Problem p : r.problems()) {
            assertThat(p.line()).as("%s: %s", what, p).isBetween(0, lines);
            assertThat(p.column()).as("%s: %s", what, p).isNotNegative();
            assertThat(p.ply()).as("%s: %s", what, p).isNotNegative();
            assertThat(p.message()).as("%s: %s", what, p).isNotBlank();
        }
    }

    /** What a reader of any format returned is written in that format and read back as the same start and main line. */
    private static void writeAndReadBack(ReadResult r, Format f, String what) {
        KifuFormat io = Formats.of(f).orElseThrow();
        WriteResult w = io.write(r.kifu(), dev.meijin.notation.WriteOptions.UTF8);
        ReadResult again = io.read(w.text());
        String as = what + " as " + f + "\n" + w.text();
        assertThat(again.kifu().start().setup()).as(as).isEqualTo(r.kifu().start().setup());
        if (r.kifu().startPosition().isEmpty()) {
            assertThat(again.kifu().startProblem()).as(as).isEqualTo(r.kifu().startProblem());
            return;
        }
        assertThat(again.problems()).as(as).isEmpty();
        assertThat(again.kifu().mainLine()).as(as).isEqualTo(r.kifu().mainLine());
    }

    @Test
    @Timeout(60)
    void manyLinesAreCut() {
        String text = "*\n".repeat(KifReader.MAX_LINES + 5);

        ReadResult r = KifReader.read(text);

        assertThat(r.problems()).singleElement().satisfies(p -> {
            assertThat(p.line()).isEqualTo(KifReader.MAX_LINES + 1);
            assertThat(p.message()).isEqualTo("more than 1000000 lines; the rest was not read");
        });
    }

    @Test
    @Timeout(60)
    void variationsJumpingAlongALongLineAreStopped() {
        // A long main line of kings walking back and forth, then variations alternating between its two ends:
        // each one makes the reader replay or take back almost the whole line.
        String[] cycle = {"５一玉(52)", "５八玉(59)", "５二玉(51)", "５九玉(58)"};
        int length = 20_000;
        StringBuilder sb = new StringBuilder();
        for (int ply = 1; ply <= length; ply++) {
            sb.append(ply).append(' ').append(cycle[ply % 4]).append('\n');
        }
        for (int i = 0; i < 3_000; i++) {
            int ply = i % 2 == 0 ? length : 2;
            sb.append("変化：").append(ply).append("手\n").append(ply).append(' ').append(cycle[ply % 4]).append('\n');
        }

        ReadResult r = KifReader.read(sb.toString());

        assertThat(r.kifu().mainLine()).hasSize(length);
        assertThat(r.problems()).extracting(p -> p.message()).contains(
                "the variations make the reader move back and forth more than 20000000 moves; reading stopped");
    }

    @Test
    @Timeout(30)
    void oneHugeLineIsSkippedQuickly() {
        char[] chars = new char[5_000_000];
        Arrays.fill(chars, '歩');

        ReadResult r = KifReader.read("先手：A\n" + new String(chars) + "\n");

        assertThat(r.problems()).containsExactly(new Problem(Problem.Kind.LINE_TOO_LONG, 2, 0, 0, "line of 5000000 characters skipped (at most 65536)"));
        assertThat(r.kifu().header("先手")).contains("A");
    }

    @Test
    void oddTimesAndNumbersAreBounded() {
        // 999999999 minutes were read and written back as 1000000000:39, which the reader took for part of the
        // move text: the main line stopped there.
        ReadResult r = KifReader.read("1 ７六歩(77) (999999999:99/999999999:99:99)\n2 ３四歩(33) (16666666:39/9999999999:0:0)\n"
                + "3 ２六歩(27) (0:0/27777777777:46:40)\n");

        assertThat(r.problems()).containsExactly(
                new Problem(Problem.Kind.BAD_TIME, 1, 0, 1, "move time of 60000000039 seconds is more than 999999999; ignored"),
                new Problem(Problem.Kind.BAD_TIME, 3, 0, 3, "total time of 100000000000000 seconds is more than 99999999999999; ignored"));
        assertThat(r.kifu().moves()).extracting(s -> s.time(), s -> s.totalTime()).containsExactly(
                tuple(Optional.empty(), Optional.of(Duration.ofSeconds(999_999_999L * 3600 + 99 * 60 + 99))),
                tuple(Optional.of(Duration.ofSeconds(999_999_999)), Optional.of(Duration.ofHours(9_999_999_999L))),
                tuple(Optional.of(Duration.ZERO), Optional.empty()));
        Kifu longest = r.kifu().withMoves(List.of(r.kifu().moves().get(0), r.kifu().moves().get(1).withTime(
                Optional.of(Duration.ofSeconds(Limits.MAX_MOVE_SECONDS)), Optional.of(Duration.ofSeconds(Limits.MAX_TOTAL_SECONDS)))));
        for (Format f : List.of(Format.KIF, Format.CSA, Format.JKF)) {
            KifuFormat io = Formats.of(f).orElseThrow();
            WriteResult w = io.write(longest, dev.meijin.notation.WriteOptions.UTF8);
            assertThat(w.beyondLimits()).as("%s", f).isEmpty();
            assertThat(io.read(w.text()).problems()).as("%s\n%s", f, w.text()).isEmpty();
        }
    }

    private static ReadResult readSafely(String text, Dialect d) {
        ReadResult[] out = new ReadResult[1];
        assertThatCode(() -> out[0] = KifReader.read(text, d)).doesNotThrowAnyException();
        return out[0];
    }

    /**
     * A reader's result can be written and read back without problems; one whose start position is illegal
     * (which the reader returns without moves) is written as it is and reads back as the same start, with the
     * same problem.
     */
    private static void writeAndReadBack(ReadResult r, Dialect d, String what) {
        WriteResult w = KifWriter.write(r.kifu(), dev.meijin.notation.WriteOptions.UTF8, d);
        if (r.kifu().startPosition().isEmpty()) {
            assertThat(r.kifu().hasMoves()).as(what).isFalse();
            ReadResult again = KifReader.read(w.text(), d);
            assertThat(again.kifu().start().setup()).as(what + "\n" + w.text()).isEqualTo(r.kifu().start().setup());
            assertThat(again.kifu().startProblem()).as(what).isEqualTo(r.kifu().startProblem());
            return;
        }
        ReadResult again = KifReader.read(w.text(), d);
        assertThat(again.problems()).as(what + "\n" + w.text()).isEmpty();
        assertThat(Trees.forks(again.kifu())).as(what).isEqualTo(Trees.forks(r.kifu()));
        assertThat(again.kifu().mainLine()).as(what).isEqualTo(r.kifu().mainLine());
    }

    private static String mutate(String text, Random random) {
        List<String> lines = new ArrayList<>(Arrays.asList(text.split("\n", -1)));
        int edits = 1 + random.nextInt(4);
        for (int e = 0; e < edits && !lines.isEmpty(); e++) {
            int at = random.nextInt(lines.size());
            switch (random.nextInt(6)) {
                case 0 -> lines.remove(at);
                case 1 -> lines.add(at, lines.get(random.nextInt(lines.size())));
                case 2 -> {
                    int other = random.nextInt(lines.size());
                    String tmp = lines.get(at);
                    lines.set(at, lines.get(other));
                    lines.set(other, tmp);
                }
                case 3 -> {
                    String line = lines.get(at);
                    if (!line.isEmpty()) {
                        int c = random.nextInt(line.length());
                        lines.set(at, line.substring(0, c) + PALETTE.charAt(random.nextInt(PALETTE.length())) + line.substring(c + 1));
                    }
                }
                case 4 -> lines.set(at, lines.get(at).substring(0, random.nextInt(lines.get(at).length() + 1)));
                default -> lines.add(at, "変化：" + (1 + random.nextInt(200)) + "手");
            }
        }
        return String.join("\n", lines);
    }
}
