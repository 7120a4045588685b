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
        assertThat(new Problem(Problem.Kind.UNKNOWN_LINE, 1, 1, 0, long10m).message()).hasSize(Limits.MAX_MESSAGE);
        // A surrogate pair is never cut in half.
        String kings = "👑".repeat(100);
        assertThat(Limits.excerpt(kings)).doesNotContain("\uFFFD").startsWith("👑");
        assertThat(Character.isHighSurrogate(Limits.excerpt(kings).charAt(Limits.excerpt(kings).indexOf('…') - 1))).isFalse();
    }

    @Test
    void aTenMegabyteCsaLineGivesShortProblems() {
        ReadResult r = CsaReader.read("V2.2\nPI\n+\n+7776FU\n-" + "9".repeat(10_000_000) + "\n$" + "K".repeat(5_000_000) + "\n");

        assertThat(r.kifu().mainLine()).hasSize(1);
        // Each line is quoted as its first 39 characters and its length (the sign or '$' and 10 000 000 or
        // 5 000 000 more characters).
        assertThat(r.problems()).containsExactly(
                new Problem(Problem.Kind.UNREADABLE_MOVE, 5, 1, 2, "malformed CSA move \"-" + "9".repeat(Limits.MAX_EXCERPT - 2) + "… (10000001 characters)\": "
                        + "expected a sign, four digits and a piece, as +7776FU "
                        + "(position lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2); the main line stops here", "-" + "9".repeat(Limits.MAX_EXCERPT - 2) + "… (10000001 characters)"),
                new Problem(Problem.Kind.BAD_HEADER, 6, 1, 0, "information line \"$" + "K".repeat(Limits.MAX_EXCERPT - 2) + "… (5000001 characters)\" "
                        + "has no ':' between key and value", "$" + "K".repeat(Limits.MAX_EXCERPT - 2) + "… (5000001 characters)"));
        assertThat(r.problems()).allMatch(p -> p.message().length() <= Limits.MAX_MESSAGE);
    }

    @Test
    void longKifAndJkfTextIsQuotedAsAnExcerpt() {
        String junk = "x".repeat(60_000);
        ReadResult kif = KifReader.read("手合割：平手\n手数----指手---------消費時間--\n   1 ７六歩(77)\n" + junk + "\n   2 "
                + "３四歩".repeat(5_000) + "\n");
        ReadResult jkf = JkfReader.read("{\"header\":{},\"initial\":{\"preset\":\"" + junk + "\"},\"moves\":[{}]}");

        assertThat(kif.kifu().mainLine()).hasSize(1);
        assertThat(kif.problems()).extracting(Problem::message).containsExactly(
                "unrecognised line \"" + "x".repeat(Limits.MAX_EXCERPT - 1) + "… (60000 characters)\"",
                "malformed Japanese move \"" + "３四歩".repeat(13) + "… (15000 characters)\" at 3: unexpected '３'"
                        + " (position lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2)");
        assertThat(jkf.problems()).extracting(Problem::message)
                .containsExactly("initial.preset: unknown preset \"" + "x".repeat(Limits.MAX_EXCERPT - 1)
                        + "… (60000 characters)\"; the even start is assumed");
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
        // moves[0] is the start's entry, so the first move too many is moves[MAX_PLY + 1].
        assertThat(jkfBack.problems()).containsExactly(new Problem(Problem.Kind.TOO_MANY_MOVES, 0, 0, Limits.MAX_PLY + 1,
                "moves[" + (Limits.MAX_PLY + 1) + "]: more than " + Limits.MAX_PLY + " moves; the rest was not read", "moves[" + (Limits.MAX_PLY + 1) + "]"));
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

        // The comment line is '*' or '\'' and the comment: 65 547 characters. KIF writes it fifth, after its
        // declaration, 手合割, the column header and the move; CSA sixth, after its declaration, V3.0, PI, + and the move.
        int length = Limits.MAX_LINE_LENGTH + 11;
        assertThat(kif.beyondLimits()).containsExactly(
                "line 5 has " + length + " characters; readers skip lines longer than " + Limits.MAX_LINE_LENGTH);
        assertThat(kif.text().lines().toList().get(4)).isEqualTo("*" + "x".repeat(Limits.MAX_LINE_LENGTH + 10));
        assertThat(csa.beyondLimits()).containsExactly(
                "line 6 has " + length + " characters; readers skip lines longer than " + Limits.MAX_LINE_LENGTH);
        assertThat(csa.text().lines().toList().get(5)).isEqualTo("'" + "x".repeat(Limits.MAX_LINE_LENGTH + 10));
        // And the reader does skip it, as the writer said.
        assertThat(KifReader.read(kif.text()).problems())
                .containsExactly(new Problem(Problem.Kind.LINE_TOO_LONG, 5, 0, 0, "line of " + length + " characters skipped (at most " + Limits.MAX_LINE_LENGTH + ")"));
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

        // Without a side-to-move line the record is finished at the end of the text: sente is assumed, the
        // missing rows are empty, and a board without kings is no position.
        assertThat(r.problems()).map(Problem::toString).containsExactly(
                "line 1, column 6: board row P1 has only 1 square, not 9",
                "the record has no side-to-move line (+ or -); sente is assumed to move",
                "board rows P2, P3, P4, P5, P6, P7, P8, P9 are missing; those ranks are empty",
                "the start position is not legal: neither side has a king; no moves were read");
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
