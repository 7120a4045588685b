package dev.meijin.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.meijin.testdata.TestData;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ValidateCommandTest {

    /** A WCSC28 game that ends in a real fourfold repetition. */
    private static final String SENNICHITE = "csa/wcsc28-apery/utf8_WCSC28_U1_SSE_YMT.csa";
    /** A WCSC28 game won by a valid %KACHI declaration. */
    private static final String KACHI = "csa/wcsc28-apery/utf8_WCSC28_U1_TSG_HFW.csa";
    /** shogi-server's declaration fixture: gote declares with exactly the 27 points the CSA rule asks of gote. */
    private static final String SHOGI_SERVER_KACHI = "csa/shogi-server/jishogi_kachi.csa";
    /** A CSA file with a malformed first move. */
    private static final String MALFORMED = "csa/errors/ruby-json-kifu-format/piece01.csa";

    @TempDir
    Path dir;

    private Path games;

    @BeforeEach
    void corpus() throws IOException {
        games = dir.resolve("games");
        Files.createDirectories(games.resolve("csa"));
        copy(SENNICHITE, "csa/sennichite.csa");
        copy(KACHI, "csa/kachi.csa");
        copy(SHOGI_SERVER_KACHI, "jishogi_kachi.csa");
        copy(MALFORMED, "csa/malformed.csa");
        // Sente declares at move 3 with its king at home: the rules reject the declaration.
        Files.writeString(games.resolve("rejected_kachi.csa"), "V2.2\nPI\n+\n+7776FU\n-3334FU\n%KACHI\n");
        Files.writeString(games.resolve("README.txt"), "not a record, and not picked up\n");
    }

    private void copy(String testData, String name) throws IOException {
        Files.write(games.resolve(name), TestData.bytes(testData));
    }

    private String path(String name) {
        return games.resolve(name).toString();
    }

    @Test
    void aDirectoryIsWalkedInOrderAndEachFileGetsOneLineThenItsProblems() {
        Cli.Result r = Cli.run("validate", games.toString());

        assertThat(r.code()).isEqualTo(Main.FAILED);
        assertThat(r.err()).isEmpty();
        assertThat(r.outLines()).containsExactly(
                String.join("\t", path("csa/kachi.csa"), "CSA", "248 moves", "入玉勝ち %KACHI",
                        "Sente wins by impasse declaration (34 points)", "ok"),
                String.join("\t", path("csa/malformed.csa"), "CSA", "0 moves", "-", "-", "PROBLEM"),
                "  line 18, column 6, ply 1: malformed CSA move \"+777675\" at 5: \"75\" is not a CSA piece name "
                        + "(position lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1); the main line stops here",
                String.join("\t", path("csa/sennichite.csa"), "CSA", "100 moves", "千日手 %SENNICHITE",
                        "Draw by repetition (sennichite) (fourfold repetition since ply 88)", "ok"),
                String.join("\t", path("jishogi_kachi.csa"), "CSA", "315 moves", "入玉勝ち %KACHI",
                        "Gote wins by impasse declaration (27 points)", "ok"),
                String.join("\t", path("rejected_kachi.csa"), "CSA", "2 moves", "入玉勝ち %KACHI",
                        "Gote wins by illegal move (failed impasse declaration: the king has not entered the enemy camp)", "PROBLEM"),
                "  ply 2: recorded 入玉勝ち, but the rules reject the declaration: failed impasse declaration: "
                        + "the king has not entered the enemy camp",
                "5 files, 2 with problems");
    }

    @Test
    void anEmptyOrBlankFileIsAProblemNotAnEmptyGame() throws IOException {
        Path empty = games.resolve("empty.kif");
        Path blank = games.resolve("blank.kifu");
        Files.write(empty, new byte[0]);
        Files.writeString(blank, " \r\n\u3000\n");

        Cli.Result r = Cli.run("validate", empty.toString(), blank.toString());

        assertThat(r.code()).isEqualTo(Main.FAILED);
        assertThat(r.outLines()).containsExactly(
                String.join("\t", empty.toString(), "KIF", "0 moves", "-", "-", "PROBLEM"),
                "  the file is empty",
                String.join("\t", blank.toString(), "KIF", "0 moves", "-", "-", "PROBLEM"),
                "  the file holds nothing but white space",
                "2 files, 2 with problems");
    }

    @Test
    void quietPrintsOnlyTheFilesWithProblems() {
        Cli.Result r = Cli.run("validate", "--quiet", games.toString());

        assertThat(r.code()).isEqualTo(Main.FAILED);
        assertThat(r.outLines()).hasSize(5).last().isEqualTo("5 files, 2 with problems");
        assertThat(r.outLines()).filteredOn(l -> !l.startsWith("  ")).hasSize(3)
                .allMatch(l -> l.endsWith("\tPROBLEM") || l.endsWith("with problems"));
    }

    @Test
    void namedFilesAreCheckedAndAllGoodMeansExitCodeZero() {
        Cli.Result r = Cli.run("validate", path("csa/sennichite.csa"), path("csa/kachi.csa"));

        assertThat(r.code()).isEqualTo(Main.OK);
        assertThat(r.outLines()).hasSize(3).allMatch(l -> l.endsWith("\tok") || l.equals("2 files, 0 with problems"));
    }

    /** A directory without a single record file (a typo, the wrong folder) is an error, not "0 files, 0 with problems". */
    @Test
    void aDirectoryWithoutRecordFilesIsAnError() throws IOException {
        Path empty = Files.createDirectory(dir.resolve("empty"));
        Files.writeString(empty.resolve("notes.txt"), "not a record\n");
        Cli.Result r = Cli.run("validate", empty.toString());
        assertThat(r.code()).isEqualTo(Main.FAILED);
        assertThat(r.out()).isEmpty();
        assertThat(r.errLines()).containsExactly("meijin: no record files in " + empty
                + ": a directory is searched for .kif .kifu .ki2 .ki2u .csa .jkf .json .sfen .usi files");
    }

    @Test
    void aMissingPathIsOneErrorLine() {
        Cli.Result r = Cli.run("validate", path("nowhere.kif"));

        assertThat(r.code()).isEqualTo(Main.FAILED);
        assertThat(r.errLines()).containsExactly("meijin: cannot read " + path("nowhere.kif") + ": no such file or directory");
        assertThat(Cli.run("validate").code()).isEqualTo(Main.USAGE);
    }

    @Test
    void manyFilesOnATerminalGetAProgressBarThatIsClearedAtTheEnd() throws IOException {
        Path many = dir.resolve("many");
        Files.createDirectories(many);
        List<String> wcsc = TestData.list("csa/wcsc28-apery").subList(0, ValidateCommand.BAR_THRESHOLD);
        for (String p : wcsc) {
            Files.write(many.resolve(p.substring(p.lastIndexOf('/') + 1)), TestData.bytes(p));
        }

        Cli.Result terminal = Cli.runWithInput("", true, "validate", "--quiet", many.toString());
        Cli.Result pipe = Cli.runWithInput("", false, "validate", "--quiet", many.toString());
        Cli.Result fewFiles = Cli.runWithInput("", true, "validate", games.toString());

        assertThat(terminal.code()).isEqualTo(Main.OK);
        assertThat(terminal.outLines()).containsExactly("20 files, 0 with problems");
        assertThat(terminal.err()).startsWith("\r[" + "-".repeat(30) + "] 1/20 ").contains("] 20/20 ").endsWith("\r");
        assertThat(terminal.err().substring(terminal.err().lastIndexOf('\r', terminal.err().length() - 2))).isBlank();
        assertThat(pipe.err()).isEmpty();
        assertThat(fewFiles.err()).isEmpty();
    }

    @Test
    void helpPrintsCleanly() {
        // picocli reports a description it cannot format (an unescaped %) on System.err itself.
        PrintStream systemErr = System.err;
        ByteArrayOutputStream warnings = new ByteArrayOutputStream();
        Cli.Result r;
        try {
            System.setErr(new PrintStream(warnings, true, StandardCharsets.UTF_8));
            r = Cli.run("validate", "--help");
        } finally {
            System.setErr(systemErr);
        }

        assertThat(r.code()).isEqualTo(Main.OK);
        assertThat(r.out()).startsWith("Usage: meijin validate").contains("入玉勝ち/%KACHI", "Examples:");
        assertThat(r.err()).isEmpty();
        assertThat(warnings.toString(StandardCharsets.UTF_8)).isEmpty();
    }
}
