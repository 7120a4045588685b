package dev.meijin.notation.kifu;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.meijin.core.Color;
import dev.meijin.core.position.Position;
import dev.meijin.core.usi.Usi;
import dev.meijin.notation.Format;
import dev.meijin.notation.Formats;
import dev.meijin.notation.WriteOptions;
import dev.meijin.notation.csa.CsaReader;
import dev.meijin.notation.csa.CsaVersion;
import dev.meijin.notation.csa.CsaWriter;
import dev.meijin.notation.jkf.JkfReader;
import dev.meijin.notation.jkf.JkfWriter;
import dev.meijin.notation.kif.KifReader;
import dev.meijin.notation.kif.KifWriter;
import dev.meijin.notation.sfen.SfenReader;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The bounds every reader and writer keeps, and what happens at them. */
class LimitsTest {

    /** An endless stream that counts what was read. */
    private static final class Endless extends InputStream {
        long read;

        @Override
        public int read() {
            read++;
            return 'x';
        }

        @Override
        public int read(byte[] b, int off, int len) {
            java.util.Arrays.fill(b, off, off + len, (byte) 'x');
            read += len;
            return len;
        }
    }

    @Test
    void aBoundedReadStopsAtTheLimitOfAnEndlessStream() {
        Endless endless = new Endless();

        assertThatThrownBy(() -> Limits.readBounded(endless, "upload"))
                .isInstanceOf(Limits.TooLargeException.class)
                .hasMessage("upload is larger than " + (Limits.MAX_BYTES >> 20) + " MiB, the most a game record may have");
        assertThat(endless.read).isLessThanOrEqualTo(Limits.MAX_BYTES + 8192L);
    }

    @Test
    void aBoundedReadReturnsEveryByteUpToTheLimit() throws IOException {
        byte[] exact = new byte[Limits.MAX_BYTES];
        exact[exact.length - 1] = 7;

        byte[] read = Limits.readBounded(new ByteArrayInputStream(exact), "file");

        assertThat(read).hasSize(Limits.MAX_BYTES);
        assertThat(read[read.length - 1]).isEqualTo((byte) 7);
        assertThat(Limits.readBounded(new ByteArrayInputStream(new byte[0]), "empty")).isEmpty();
    }

    @Test
    void excerptsAndProblemsAreShort() {
        assertThat(Limits.excerpt("+7776FU")).isEqualTo("+7776FU");
        String long10m = "9".repeat(10_000_000);
        assertThat(Limits.excerpt(long10m)).isEqualTo("9".repeat(Limits.MAX_EXCERPT - 1) + "… (10000000 characters)");
        assertThat(new Problem(1, 1, 0, long10m).message()).hasSize(Limits.MAX_MESSAGE);
        // A surrogate pair is never cut in half.
        String kings = "👑".repeat(100);
        assertThat(Limits.excerpt(kings)).doesNotContain("\uFFFD").startsWith("👑");
        assertThat(Character.isHighSurrogate(Limits.excerpt(kings).charAt(Limits.excerpt(kings).indexOf('…') - 1))).isFalse();
    }

    @Test
    void aTenMegabyteCsaLineGivesShortProblems() {
        ReadResult r = CsaReader.read("V2.2\nPI\n+\n+7776FU\n-" + "9".repeat(10_000_000) + "\n$" + "K".repeat(5_000_000) + "\n");

        assertThat(r.kifu().mainLine()).hasSize(1);
        assertThat(r.problems()).isNotEmpty().allMatch(p -> p.message().length() <= Limits.MAX_MESSAGE);
    }

    /** A CSA text of {@code n} moves shuffling the rooks, then a resignation. */
    private static String rookShuffle(int n) {
        String[] cycle = {"+2838HI", "-8272HI", "+3828HI", "-7282HI"};
        StringBuilder sb = new StringBuilder("V2.2\nPI\n+\n");
        for (int i = 0; i < n; i++) {
            sb.append(cycle[i % 4]).append('\n');
        }
        return sb.append("%TORYO\n").toString();
    }

    @Test
    void csaReadsAtMostTheMoveLimitAndSaysSo() {
        ReadResult r = CsaReader.read(rookShuffle(Limits.MAX_PLY + 3));

        assertThat(r.kifu().mainLine()).hasSize(Limits.MAX_PLY);
        assertThat(r.problems()).map(Problem::toString)
                .containsExactly("line " + (Limits.MAX_PLY + 4) + ", column 1, ply " + (Limits.MAX_PLY + 1)
                        + ": more than " + Limits.MAX_PLY + " moves; the rest was not read");
        // What was read is written as KIF that the KIF reader takes back whole.
        WriteResult kif = KifWriter.write(r.kifu());
        assertThat(kif.beyondLimits()).isEmpty();
        ReadResult back = KifReader.read(kif.text());
        assertThat(back.problems()).isEmpty();
        assertThat(back.kifu().mainLine()).isEqualTo(r.kifu().mainLine());
    }

    @Test
    void jkfAndUsiReadAtMostTheMoveLimit() {
        Kifu k = CsaReader.read(rookShuffle(Limits.MAX_PLY)).kifu();
        Position pos = k.finalPosition().orElseThrow();
        int extra = Usi.parseMove(pos, pos.turn() == Color.SENTE ? "2h3h" : "8b7b");
        List<Step> longer = new ArrayList<>(k.moves().subList(0, Limits.MAX_PLY));
        longer.add(Step.move(extra));
        Kifu over = k.withMoves(longer);

        WriteResult jkf = JkfWriter.write(over);
        WriteResult usi = Formats.write(over, Format.USI, WriteOptions.UTF8);

        String said = "a line of play has " + (Limits.MAX_PLY + 1) + " moves; readers read at most " + Limits.MAX_PLY;
        assertThat(jkf.beyondLimits()).containsExactly(said);
        assertThat(usi.beyondLimits()).containsExactly(said);
        ReadResult jkfBack = JkfReader.read(jkf.text());
        assertThat(jkfBack.kifu().mainLine()).hasSize(Limits.MAX_PLY);
        assertThat(jkfBack.problems()).map(Problem::message).anyMatch(m -> m.endsWith("more than " + Limits.MAX_PLY + " moves; the rest was not read"));
        ReadResult usiBack = SfenReader.read(usi.text());
        assertThat(usiBack.kifu().mainLine()).hasSize(Limits.MAX_PLY);
        assertThat(usiBack.problems()).map(Problem::message).containsExactly("more than " + Limits.MAX_PLY + " moves; the rest was not read");
    }

    @Test
    void aCommentLineTooLongForTheReaderIsReportedWhenWriting() {
        Kifu k = SfenReader.read("position startpos moves 7g7f").kifu();
        Kifu commented = k.withMoves(List.of(k.moves().getFirst().withComments(List.of("x".repeat(Limits.MAX_LINE_LENGTH + 10)))));

        WriteResult kif = KifWriter.write(commented);
        WriteResult csa = CsaWriter.write(commented, CsaVersion.V3_0, StandardCharsets.UTF_8);

        assertThat(kif.beyondLimits()).singleElement().asString()
                .endsWith(" has " + (Limits.MAX_LINE_LENGTH + 11) + " characters; readers skip lines longer than " + Limits.MAX_LINE_LENGTH);
        assertThat(csa.beyondLimits()).hasSize(1);
        // And the reader does skip it, as the writer said.
        assertThat(KifReader.read(kif.text()).problems()).map(Problem::message)
                .anyMatch(m -> m.startsWith("line of " + (Limits.MAX_LINE_LENGTH + 11) + " characters skipped"));
        assertThat(KifWriter.write(k).beyondLimits()).isEmpty();
    }

    @Test
    void deeplyNestedJsonIsRefusedInAPlayersWords() {
        String deep = "{\"header\":{},\"moves\":[" + "[".repeat(2_000) + "]".repeat(2_000) + "]}";

        ReadResult r = JkfReader.read(deep);

        assertThat(r.kifu()).isEqualTo(Kifu.empty());
        assertThat(r.problems()).singleElement().extracting(Problem::message).asString()
                .isEqualTo("the JSON is nested more than 1000 levels deep (a JKF record needs far fewer); not read")
                .doesNotContain("StreamReadConstraints");
    }

    @Test
    void aLenientRecordWithAnIllegalStartNeverThrowsLater() {
        ReadResult r = CsaReader.read("P1-KY");

        assertThat(r.problems()).map(Problem::message).contains("board row P1 has only 1 square, not 9")
                .anyMatch(m -> m.startsWith("the start position is not legal"));
        Kifu k = r.kifu();
        assertThat(k.startPosition()).isEmpty();
        assertThat(k.finalPosition()).isEmpty();
        assertThat(k.startProblem()).contains("neither side has a king");
        assertThat(k.hasMoves()).isFalse();
        // Every writer writes the position as it was read, and reading it back gives the same start.
        for (Format f : List.of(Format.KIF, Format.KI2, Format.CSA, Format.JKF, Format.SFEN, Format.USI)) {
            WriteResult w = Formats.write(k, f, WriteOptions.UTF8);
            ReadResult back = Formats.of(f).orElseThrow().read(w.text());
            assertThat(back.kifu().start().setup()).as("%s: %s", f, w.text()).isEqualTo(k.start().setup());
            assertThat(back.kifu().startPosition()).as("%s", f).isEmpty();
        }
    }

    @Test
    void anIllegalActionIsWordedForTheSideToMove() {
        assertThat(Special.SENTE_ILLEGAL_ACTION.japanese(Color.GOTE)).isEqualTo("反則勝ち");
        assertThat(Special.SENTE_ILLEGAL_ACTION.japanese(Color.SENTE)).isEqualTo("反則負け");
        assertThat(Special.GOTE_ILLEGAL_ACTION.japanese(Color.SENTE)).isEqualTo("反則勝ち");
        assertThat(Special.GOTE_ILLEGAL_ACTION.japanese(Color.GOTE)).isEqualTo("反則負け");
        assertThat(Special.TORYO.japanese(Color.GOTE)).isEqualTo("投了");
    }
}
