package dev.meijin.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.meijin.notation.kifu.Limits;
import java.io.IOException;
import java.io.InputStream;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Input at the edges of the command line: every file and stream is bounded, what is not a file is not read
 * as one, and every message is one short line with the input's control characters escaped.
 */
class EdgesTest {

    @TempDir
    Path dir;

    /** An endless stream of zero bytes, like {@code /dev/zero}, that counts what was read from it. */
    static final class Zeros extends InputStream {
        long read;

        @Override
        public int read() {
            read++;
            return 0;
        }

        @Override
        public int read(byte[] b, int off, int len) {
            java.util.Arrays.fill(b, off, off + len, (byte) 0);
            read += len;
            return len;
        }
    }

    @Test
    void playOnAnEndlessStreamEndsWithAClearMessageAfterReadingLittle() {
        Zeros zeros = new Zeros();

        Cli.Result r = Cli.runWithStream(zeros, false, "play");

        assertThat(r.code()).isEqualTo(Main.FAILED);
        assertThat(r.errLines()).containsExactly("meijin: input line 1 is longer than " + PlayCommand.MAX_LINE
                + " characters; the input is not a list of commands");
        assertThat(r.out()).contains("game suspended (中断): an input line longer than 1000 characters");
        // Only a bounded amount was read (the reader's buffer), not the stream until memory ran out.
        assertThat(zeros.read).isLessThan(1 << 20);
    }

    @Test
    void playEscapesControlCharactersInEchoesAndRefusals() {
        Cli.Result r = Cli.runWithInput("7g7f\n\u001B[31mred\nquit\n", "play");

        assertThat(r.code()).isEqualTo(Main.OK);
        assertThat(r.out()).doesNotContain("\u001B");
        assertThat(r.outLines()).anyMatch(l -> l.endsWith("> \\u001b[31mred"));
        assertThat(r.outLines()).anyMatch(l -> l.startsWith("refused: ") && l.contains("\\u001b[31mred"));
    }

    @Test
    void playQuotesOnlyAnExcerptOfALongCommand() {
        String word = "x".repeat(900);

        Cli.Result r = Cli.runWithInput(word + "\nquit\n", "play");

        String refusal = r.outLines().stream().filter(l -> l.startsWith("refused: ")).findFirst().orElseThrow();
        assertThat(refusal).contains("x".repeat(Limits.MAX_EXCERPT - 1) + "… (900 characters)").hasSizeLessThan(200);
    }

    @Test
    void devicesAreNotReadAsFiles() {
        assumeTrue(Files.exists(Path.of("/dev/zero")), "a system with /dev/zero");
        for (String[] args : new String[][] {{"convert", "/dev/zero"}, {"notate", "/dev/zero"}, {"perft", "--file", "/dev/zero"}}) {
            Cli.Result r = Cli.run(args);
            assertThat(r.code()).as(String.join(" ", args)).isEqualTo(Main.FAILED);
            assertThat(r.errLines()).as(String.join(" ", args))
                    .containsExactly("meijin: cannot read /dev/zero: not a regular file (a device, FIFO or socket)");
        }
        Cli.Result v = Cli.run("validate", "/dev/zero");
        assertThat(v.code()).isEqualTo(Main.FAILED);
        assertThat(v.outLines()).contains("  cannot read /dev/zero: not a regular file (a device, FIFO or socket)");
    }

    @Test
    void aFifoIsNotReadAsAFile() throws IOException, InterruptedException {
        Path fifo = dir.resolve("game.kif");
        boolean made;
        try {
            Process p = new ProcessBuilder("mkfifo", fifo.toString()).start();
            made = p.waitFor(10, TimeUnit.SECONDS) && p.exitValue() == 0;
        } catch (IOException e) {
            made = false;
        }
        assumeTrue(made, "mkfifo is available");

        // Reading a FIFO nobody writes to would block forever; it is refused before it is opened.
        Cli.Result r = Cli.run("convert", fifo.toString());

        assertThat(r.code()).isEqualTo(Main.FAILED);
        assertThat(r.errLines()).containsExactly("meijin: cannot read " + fifo + ": not a regular file (a device, FIFO or socket)");
    }

    @Test
    void aFileLargerThanTheLimitIsRefusedUnread() throws IOException {
        Path big = dir.resolve("big.kif");
        try (RandomAccessFile f = new RandomAccessFile(big.toFile(), "rw")) {
            f.setLength(Limits.MAX_BYTES + 1L);
        }
        for (String command : new String[] {"convert", "notate"}) {
            Cli.Result r = Cli.run(command, big.toString());
            assertThat(r.code()).isEqualTo(Main.FAILED);
            assertThat(r.errLines()).containsExactly("meijin: cannot read " + big + ": the file has " + (Limits.MAX_BYTES + 1L)
                    + " bytes; a game record may have at most " + Limits.MAX_BYTES + " (" + (Limits.MAX_BYTES >> 20) + " MiB)");
        }
    }

    @Test
    void aLoopOfSymbolicLinksIsNamedByValidateAsByConvert() throws IOException {
        Path loop = dir.resolve("loop.kif");
        try {
            Files.createSymbolicLink(loop, loop.getFileName());
        } catch (UnsupportedOperationException | IOException e) {
            assumeTrue(false, "symbolic links are supported");
        }

        Cli.Result convert = Cli.run("convert", loop.toString());
        Cli.Result validate = Cli.run("validate", loop.toString());

        assertThat(convert.errLines()).containsExactly("meijin: cannot read " + loop + ": a loop of symbolic links");
        assertThat(validate.outLines()).contains("  cannot read " + loop + ": a loop of symbolic links");
        assertThat(validate.code()).isEqualTo(Main.FAILED);
        // Found in a directory, it is reported too, not passed over.
        Cli.Result walked = Cli.run("validate", dir.toString());
        assertThat(walked.outLines()).contains("  cannot read " + loop + ": a loop of symbolic links", "1 file, 1 with problems");
    }

    @Test
    void aRecordWithAnIllegalStartIsNamedByNotateAndConvertedLeniently() throws IOException {
        Path x = dir.resolve("x.csa");
        Files.writeString(x, "P1-KY", StandardCharsets.US_ASCII);

        Cli.Result notate = Cli.run("notate", x.toString());
        Cli.Result convert = Cli.run("convert", x.toString(), "--to", "csa");
        Cli.Result strict = Cli.run("convert", x.toString(), "--strict");

        assertThat(notate.code()).isEqualTo(Main.FAILED);
        // Every line names the file, the reason is given once, and the last line says why nothing follows.
        assertThat(notate.errLines()).contains(x + ":1:6: board row P1 has only 1 square, not 9",
                x + ": the start position is not legal: neither side has a king; no moves were read");
        assertThat(notate.errLines()).last().isEqualTo("meijin: " + x + ": nothing to notate, the start position is not legal");
        assertThat(notate.errLines()).filteredOn(l -> l.contains("has a king") || l.contains("has no king")).hasSize(1);
        assertThat(convert.code()).isEqualTo(Main.OK);
        assertThat(convert.errLines()).anyMatch(l -> l.startsWith(x + ": the start position is not legal"));
        // The position is written as it was read: the lance on 9a, nothing else.
        assertThat(convert.outLines()).contains("P1-KY *  *  *  *  *  *  *  * ");
        assertThat(strict.code()).isEqualTo(Main.FAILED);
        // validate reports the illegal start once, as the reader found it.
        Cli.Result validate = Cli.run("validate", x.toString());
        assertThat(validate.outLines()).filteredOn(l -> l.contains("neither side has a king")).hasSize(1);
    }

    @Test
    void aLongCsaLineGivesAShortMessage() throws IOException {
        Path x = dir.resolve("long.csa");
        Files.writeString(x, "V2.2\nPI\n+\n+7776FU\n-" + "9".repeat(2_000_000) + "\n", StandardCharsets.US_ASCII);

        Cli.Result r = Cli.run("convert", x.toString(), "--to", "usi");

        assertThat(r.code()).isEqualTo(Main.OK);
        // The 2,000,001-character line is quoted by its first 39 characters, an ellipsis and its length.
        assertThat(r.errLines()).containsExactly(x + ":5:1: malformed CSA move \"-" + "9".repeat(38) + "… (2000001 characters)\":"
                + " expected a sign, four digits and a piece, as +7776FU"
                + " (position lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2); the main line stops here");
        assertThat(r.errLines()).allMatch(l -> l.length() < 600);
        assertThat(r.outLines()).containsExactly("position startpos moves 7g7f");
    }

    @Test
    void validateLabelsAnIllegalActionBySideToMoveAsConvertDoes() throws IOException {
        Path x = dir.resolve("foul.csa");
        Files.writeString(x, "V2.2\nPI\n+\n+7776FU\n%+ILLEGAL_ACTION\n", StandardCharsets.US_ASCII);

        Cli.Result validate = Cli.run("validate", x.toString());
        Cli.Result convert = Cli.run("convert", x.toString());

        // Sente acted illegally and gote is to move: gote wins, 反則勝ち in KIF's words for the side to move.
        assertThat(validate.outLines().getFirst()).contains("\t反則勝ち %+ILLEGAL_ACTION\t");
        assertThat(convert.outLines()).anyMatch(l -> l.matches(" *2 反則勝ち.*"));
    }
}
