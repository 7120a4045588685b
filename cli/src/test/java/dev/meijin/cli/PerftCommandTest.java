package dev.meijin.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PerftCommandTest {

    private static final String STARTPOS = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1";
    private static final String SUMMARY = "nodes %d time \\d+\\.\\d{3} nps \\d+";

    @TempDir
    Path dir;

    @Test
    void countsTheStartPositionToDepth3OnOneLine() {
        Cli.Result r = Cli.run("perft", "startpos", "--depth", "3");
        assertThat(r.code()).isEqualTo(Main.OK);
        assertThat(r.outLines()).singleElement().asString().matches(SUMMARY.formatted(25470));
        assertThat(r.err()).isEmpty();
    }

    @Test
    void takesTheSfenQuotedUnquotedOrAsOption() {
        assertThat(Cli.run("perft", STARTPOS, "--depth", "2").lastOutLine()).matches(SUMMARY.formatted(900));
        assertThat(Cli.run("perft", "--sfen", STARTPOS, "--depth", "2").lastOutLine()).matches(SUMMARY.formatted(900));
        String[] words = STARTPOS.split(" ");
        assertThat(Cli.run("perft", words[0], words[1], words[2], words[3], "-d", "2").lastOutLine()).matches(SUMMARY.formatted(900));
        assertThat(Cli.run("perft", "--sfen", words[0], words[1], words[2], words[3], "--depth", "2").lastOutLine()).matches(SUMMARY.formatted(900));
    }

    @Test
    void divideListsEveryRootMoveSortedAndTheirSumIsTheTotal() {
        Cli.Result r = Cli.run("perft", "startpos", "--depth", "3", "--divide");
        assertThat(r.code()).isEqualTo(Main.OK);
        List<String> lines = r.outLines();
        assertThat(lines).hasSize(31);
        List<String> divisions = lines.subList(0, 30);
        assertThat(divisions).allMatch(l -> l.matches("[1-9][a-i][1-9][a-i]\\+?: \\d+"), "USI move, colon, count");
        assertThat(divisions).isSorted().contains("7g7f: 1110", "9i9h: 900");
        long sum = divisions.stream().mapToLong(l -> Long.parseLong(l.substring(l.indexOf(": ") + 2))).sum();
        assertThat(sum).isEqualTo(25470);
        assertThat(lines.getLast()).matches(SUMMARY.formatted(25470));
    }

    @Test
    void fullCountingPlaysTheLastPlyAndAgreesWithBulkCounting() {
        assertThat(Cli.run("perft", "startpos", "--depth", "3", "--full").lastOutLine()).matches(SUMMARY.formatted(25470));
        Cli.Result divided = Cli.run("perft", "startpos", "--depth", "2", "--divide", "--full");
        assertThat(divided.outLines()).hasSize(31).contains("7g7f: 30");
        assertThat(divided.lastOutLine()).matches(SUMMARY.formatted(900));
    }

    @Test
    void acceptsAMateProblemWhoseAttackerHasNoKing() {
        // python-shogi perft test_5: sente, to move, has no king.
        Cli.Result r = Cli.run("perft", "4k4/9/9/9/9/9/9/9/9 b 16P 1", "--depth", "2");
        assertThat(r.code()).isEqualTo(Main.OK);
        assertThat(r.lastOutLine()).matches(SUMMARY.formatted(355));
    }

    @Test
    void summaryHasThreeDecimalSecondsAndIntegerNodesPerSecond() {
        assertThat(PerftCommand.summary(1000, 2_000_000_000L)).isEqualTo("nodes 1000 time 2.000 nps 500");
        assertThat(PerftCommand.summary(19861490, 228_400_000L)).isEqualTo("nodes 19861490 time 0.228 nps 86959238");
        assertThat(PerftCommand.summary(1, 0)).isEqualTo("nodes 1 time 0.000 nps 0");
    }

    @Test
    void theSampleTableIsAllCorrect() throws URISyntaxException {
        Cli.Result r = Cli.run("perft", "--file", sample().toString());
        assertThat(r.code()).as(r.out()).isEqualTo(Main.OK);
        assertThat(r.outLines()).containsExactly("ok 13/13");
        assertThat(r.err()).isEmpty();
    }

    @Test
    void aWrongCountIsAMismatchAndFails() throws IOException {
        Path table = dir.resolve("wrong.tsv");
        Files.writeString(table, """
                # a comment, then a blank line

                %s\t30\t901\t25470
                4k4/4g4/9/4L4/9/9/9/4K4/9 w - 1\t5
                """.formatted(STARTPOS), StandardCharsets.UTF_8);
        Cli.Result r = Cli.run("perft", "--file", table.toString());
        assertThat(r.code()).isEqualTo(Main.FAILED);
        assertThat(r.outLines()).containsExactly(
                "mismatch line 3 depth 2: expected 901 got 900: " + STARTPOS,
                "ok 1/2");
        assertThat(r.err()).isEmpty();
    }

    @Test
    void maxDepthLimitsTheCountsChecked() throws IOException {
        Path table = dir.resolve("deep.tsv");
        Files.writeString(table, STARTPOS + "\t30\t901\n", StandardCharsets.UTF_8);
        assertThat(Cli.run("perft", "--file", table.toString(), "--max-depth", "1").outLines()).containsExactly("ok 1/1");
        assertThat(Cli.run("perft", "--file", table.toString(), "--max-depth", "2").code()).isEqualTo(Main.FAILED);
    }

    /**
     * A table line cannot ask for more depths than {@code --depth} allows: such a line would never finish, and
     * one with a great many counts ran the counter out of memory ("internal error: OutOfMemoryError").
     */
    @Test
    void aLineWithMoreCountsThanTheDeepestDepthIsMalformed() throws IOException {
        Path table = dir.resolve("too-deep.tsv");
        String counts = String.join("\t", java.util.Collections.nCopies(PerftCommand.MAX_DEPTH + 1, "1"));
        Files.writeString(table, STARTPOS + "\t30\n" + STARTPOS + "\t" + counts + "\n", StandardCharsets.UTF_8);
        Cli.Result r = Cli.run("perft", "--file", table.toString());
        assertThat(r.code()).isEqualTo(Main.FAILED);
        assertThat(r.outLines()).containsExactly(
                "line 2: 31 counts, but the deepest depth checked is 30 (give --max-depth)", "ok 1/2");
        assertThat(r.err()).isEmpty();
        assertThat(Cli.run("perft", "--file", table.toString(), "--max-depth", "1").outLines())
                .containsExactly("mismatch line 2 depth 1: expected 1 got 30: " + STARTPOS, "ok 1/2");
    }

    @Test
    void malformedLinesAreReportedWithTheirNumberAndFail() throws IOException {
        Path table = dir.resolve("bad.tsv");
        Files.writeString(table, String.join("\n",
                STARTPOS + "\t30",
                STARTPOS,
                STARTPOS + "\t30\tlots",
                "lnsgkgsnl/1r5b1/pppxppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1\t30",
                ""), StandardCharsets.UTF_8);
        Cli.Result r = Cli.run("perft", "--file", table.toString());
        assertThat(r.code()).isEqualTo(Main.FAILED);
        List<String> lines = r.outLines();
        assertThat(lines).hasSize(4);
        assertThat(lines.get(0)).startsWith("line 2: expected an SFEN, a tab");
        assertThat(lines.get(1)).isEqualTo("line 3: the count for depth 2 \"lots\" is not a whole number");
        assertThat(lines.get(2)).startsWith("line 4: invalid SFEN board at 19: unknown piece letter 'x'");
        assertThat(lines.get(3)).isEqualTo("ok 1/4");
    }

    @Test
    void aMissingFileIsOneErrorLine() {
        Cli.Result r = Cli.run("perft", "--file", dir.resolve("nothing.tsv").toString());
        assertThat(r.code()).isEqualTo(Main.FAILED);
        assertThat(r.errLines()).singleElement().asString().startsWith("meijin: cannot read ").endsWith("nothing.tsv: no such file");
        assertThat(r.out()).isEmpty();
    }

    @Test
    void aMalformedSfenIsOneLineNamingTheIndex() {
        Cli.Result r = Cli.run("perft", "lnsgkgsnl/1r5b1/pppxppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1", "--depth", "1");
        assertThat(r.code()).isEqualTo(Main.FAILED);
        assertThat(r.errLines()).singleElement().asString()
                .startsWith("meijin: invalid SFEN board at 19: unknown piece letter 'x'")
                .doesNotContain("Exception");
        assertThat(r.out()).isEmpty();
    }

    @Test
    void anIllegalPositionIsOneLineNamingTheIssue() {
        Cli.Result r = Cli.run("perft", "9/9/9/9/9/9/9/9/9 b - 1", "--depth", "1");
        assertThat(r.code()).isEqualTo(Main.FAILED);
        assertThat(r.errLines()).singleElement().asString().startsWith("meijin: invalid SFEN position: ")
                .contains("no king").doesNotContain("NO_KING");
    }

    /** A tsume position after the attacker's move: the defender is to move and the attacker has no king. */
    @Test
    void aTsumeWithTheDefenderToMoveIsAccepted() {
        Cli.Result r = Cli.run("perft", "4k4/9/9/9/9/9/9/9/9 w - 1", "--depth", "1");
        assertThat(r.code()).as(r.err()).isEqualTo(Main.OK);
        assertThat(r.outLines()).singleElement().asString().matches(SUMMARY.formatted(5));
    }

    @Test
    void badCombinationsAreUsageErrors() {
        for (Map.Entry<String[], String> c : List.of(
                Map.entry(new String[] {"perft", "startpos"}, "missing --depth N"),
                Map.entry(new String[] {"perft", "--depth", "3"},
                        "missing position: give startpos, an SFEN or --sfen SFEN (or --file FILE)"),
                Map.entry(new String[] {"perft", "startpos", "--sfen", STARTPOS, "--depth", "3"},
                        "give the position once: either as POSITION or with --sfen"),
                Map.entry(new String[] {"perft", "startpos", "--depth", "0"}, "--depth must be 1-30, not 0"),
                Map.entry(new String[] {"perft", "startpos", "--depth", "x"},
                        "Invalid value for option '--depth': 'x' is not an int"),
                Map.entry(new String[] {"perft", "startpos", "--depth", "2", "--max-depth", "2"},
                        "--max-depth goes with --file; use --depth for one position"),
                Map.entry(new String[] {"perft", "--file", "perft.tsv", "--depth", "3"},
                        "--file takes no position, --depth or --divide: the table gives the positions and depths"))) {
            String[] args = c.getKey();
            Cli.Result r = Cli.run(args);
            assertThat(r.code()).as(String.join(" ", args)).isEqualTo(Main.USAGE);
            assertThat(r.errLines()).as(String.join(" ", args))
                    .containsExactly("meijin perft: " + c.getValue() + " (see 'meijin perft --help')");
            assertThat(r.out()).isEmpty();
        }
    }

    private static Path sample() throws URISyntaxException {
        return Path.of(PerftCommandTest.class.getResource("/perft-sample.tsv").toURI());
    }
}
