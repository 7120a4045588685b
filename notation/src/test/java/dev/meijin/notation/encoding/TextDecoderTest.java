package dev.meijin.notation.encoding;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;

import dev.meijin.notation.kifu.KifuException;
import dev.meijin.notation.kifu.Problem;
import dev.meijin.testdata.TestData;
import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class TextDecoderTest {

    /** Every record file of the corpus, with the encoding MANIFEST.tsv records for it. */
    static Stream<Arguments> manifest() {
        return TestData.tsv("MANIFEST.tsv").stream().map(row -> Arguments.of(row[0], row[2]));
    }

    @ParameterizedTest(name = "{0}: {1}")
    @MethodSource("manifest")
    void decodesEveryCorpusFileInTheEncodingTheManifestRecords(String path, String encoding) {
        byte[] bytes = TestData.bytes(path);
        Decoded d = TextDecoder.decode(bytes);

        assertThat(d.problems()).as(path).isEmpty();
        switch (encoding) {
            case "ASCII" -> assertThat(d.text()).as(path).isEqualTo(new String(bytes, StandardCharsets.US_ASCII));
            case "UTF-8", "UTF-8 (BOM)" -> {
                assertThat(d.charset()).as(path).isEqualTo(StandardCharsets.UTF_8);
                assertThat(d.bom()).as(path).isEqualTo(encoding.endsWith("(BOM)"));
                assertThat(d.text()).as(path).isEqualTo(TestData.text(path, StandardCharsets.UTF_8));
            }
            case "Shift_JIS (CP932)" -> {
                assertThat(d.charset()).as(path).isEqualTo(TextDecoder.SHIFT_JIS);
                assertThat(d.text()).as(path).isEqualTo(TestData.text(path, TextDecoder.SHIFT_JIS));
            }
            case "EUC-JP" -> {
                assertThat(d.charset()).as(path).isEqualTo(TextDecoder.EUC_JP);
                assertThat(d.text()).as(path).isEqualTo(TestData.text(path, TextDecoder.EUC_JP));
            }
            default -> throw new AssertionError("unexpected encoding " + encoding + " for " + path);
        }
    }

    @Test
    void aUtf8ByteOrderMarkIsDroppedAndReported() {
        byte[] bytes = concat(new byte[] {(byte) 0xEF, (byte) 0xBB, (byte) 0xBF}, "手合割：平手\n".getBytes(StandardCharsets.UTF_8));

        Decoded d = TextDecoder.decode(bytes);

        assertThat(d.text()).isEqualTo("手合割：平手\n");
        assertThat(d.charset()).isEqualTo(StandardCharsets.UTF_8);
        assertThat(d.bom()).isTrue();
        assertThat(d.ok()).isTrue();
    }

    @Test
    void utf16ByteOrderMarksDecide() {
        byte[] be = concat(new byte[] {(byte) 0xFE, (byte) 0xFF}, "先手：A".getBytes(StandardCharsets.UTF_16BE));
        byte[] le = concat(new byte[] {(byte) 0xFF, (byte) 0xFE}, "先手：A".getBytes(StandardCharsets.UTF_16LE));

        assertThat(TextDecoder.decode(be).text()).isEqualTo("先手：A");
        assertThat(TextDecoder.decode(be).charset()).isEqualTo(StandardCharsets.UTF_16BE);
        assertThat(TextDecoder.decode(le).text()).isEqualTo("先手：A");
        assertThat(TextDecoder.decode(le).charset()).isEqualTo(StandardCharsets.UTF_16LE);
    }

    @Test
    void validUtf8WinsOverADeclarationOfShiftJis() {
        String text = "#KIF version=2.0 encoding=Shift_JIS\n手合割：平手\n";

        Decoded d = TextDecoder.decode(text.getBytes(StandardCharsets.UTF_8));

        assertThat(d.charset()).isEqualTo(StandardCharsets.UTF_8);
        assertThat(d.text()).isEqualTo(text);
    }

    @Test
    void aDeclarationOfUtf8ThatTheBytesContradictIsIgnored() {
        // Shogidokoro.kif says UTF-8 in its second line but was converted to Shift_JIS.
        String path = "kif/shogi-kifu-converter/Shogidokoro.kif";
        assertThat(TestData.text(path, TextDecoder.SHIFT_JIS)).contains("#KIF version=2.0 encoding=UTF-8");

        Decoded d = TextDecoder.decode(TestData.bytes(path));

        assertThat(d.charset()).isEqualTo(TextDecoder.SHIFT_JIS);
        assertThat(d.ok()).isTrue();
    }

    @Test
    void aCsaDeclarationDecidesWhenNeitherUtf8NorTheJapaneseEncodingsFit() {
        Charset latin1 = StandardCharsets.ISO_8859_1;
        String text = "'CSA encoding=ISO-8859-1\n'caf\u00e9\n";

        Decoded d = TextDecoder.decode(text.getBytes(latin1));

        assertThat(d.charset()).isEqualTo(latin1);
        assertThat(d.text()).isEqualTo(text);
        assertThat(d.ok()).isTrue();
    }

    @Test
    void declarationsAreFoundInKifAndCsaHeadersWithTheShiftJisAliases() {
        assertThat(TextDecoder.declared("#KIF version=2.0 encoding=Shift_JIS\r\n".getBytes(StandardCharsets.US_ASCII)))
                .contains(TextDecoder.SHIFT_JIS);
        assertThat(TextDecoder.declared("'encoding=SJIS\n".getBytes(StandardCharsets.US_ASCII))).contains(TextDecoder.SHIFT_JIS);
        assertThat(TextDecoder.declared("V3.0\n'CSA encoding=UTF-8\n".getBytes(StandardCharsets.US_ASCII)))
                .contains(StandardCharsets.UTF_8);
        assertThat(TextDecoder.declared("# encoding=nothing-like-this\n".getBytes(StandardCharsets.US_ASCII))).isEmpty();
        assertThat(TextDecoder.declared("'encoding=no-such-charset\n".getBytes(StandardCharsets.US_ASCII))).isEmpty();
    }

    @Test
    void eucJpIsChosenOverShiftJisWhenBothDecodeBecauseItScoresHigher() throws CharacterCodingException {
        String text = "先手：羽生善治\n後手：森内俊之\n";
        byte[] euc = text.getBytes(TextDecoder.EUC_JP);
        // The point of the test: these EUC-JP bytes are valid Shift_JIS too (as half-width katakana and kanji).
        String asShiftJis = TextDecoder.SHIFT_JIS.newDecoder().decode(ByteBuffer.wrap(euc)).toString();
        assertThat(TextDecoder.score(asShiftJis)).isLessThan(TextDecoder.score(text));

        Decoded d = TextDecoder.decode(euc);

        assertThat(d.charset()).isEqualTo(TextDecoder.EUC_JP);
        assertThat(d.text()).isEqualTo(text);
    }

    @Test
    void shiftJisTextIsShiftJis() {
        String text = "手合割：平手\n   1 ７六歩(77)   ( 0:01/00:00:01)\n   2 投了\n";

        Decoded d = TextDecoder.decode(text.getBytes(TextDecoder.SHIFT_JIS));

        assertThat(d.charset()).isEqualTo(TextDecoder.SHIFT_JIS);
        assertThat(d.text()).isEqualTo(text);
    }

    @Test
    void theScoreCountsRecordCharactersAndPenalisesHalfWidthKatakana() {
        assertThat(TextDecoder.score("先手：羽生")).isEqualTo(3);
        assertThat(TextDecoder.score("ｱｲｳ")).isEqualTo(-3);
        assertThat(TextDecoder.score("abc")).isZero();
    }

    @Test
    void malformedBytesAreReplacedAndReportedWithLineAndColumn() {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.writeBytes("手合割：平手\n先手：羽生\n後手：".getBytes(StandardCharsets.UTF_8));
        out.write(0xFF);
        out.writeBytes("森内\n".getBytes(StandardCharsets.UTF_8));

        Decoded d = TextDecoder.decode(out.toByteArray());

        assertThat(d.charset()).isEqualTo(StandardCharsets.UTF_8);
        assertThat(d.text()).isEqualTo("手合割：平手\n先手：羽生\n後手：\uFFFD森内\n");
        assertThat(d.problems()).containsExactly(
                new Problem(Problem.Kind.BAD_ENCODING, 3, 4, 0, "bytes that are not valid UTF-8 were replaced by U+FFFD"));
        assertThat(d.ok()).isFalse();
    }

    @Test
    void onlyTheFirstTenMalformedSequencesAreListed() {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (int i = 0; i < 25; i++) {
            out.writeBytes("先手後手\n".getBytes(StandardCharsets.UTF_8));
            out.write(0xFF);
        }

        Decoded d = TextDecoder.decode(out.toByteArray());

        assertThat(d.problems()).hasSize(TextDecoder.MAX_REPORTED + 1);
        assertThat(d.problems().get(0)).isEqualTo(new Problem(Problem.Kind.BAD_ENCODING, 2, 1, 0, "bytes that are not valid UTF-8 were replaced by U+FFFD"));
        assertThat(d.problems().getLast().message()).isEqualTo("15 more invalid UTF-8 byte sequences were replaced by U+FFFD");
    }

    @Test
    void strictDecodingThrowsTheFirstProblem() {
        byte[] bytes = {'a', '\n', 'b', (byte) 0xFF};
        Decoded d = TextDecoder.decode(bytes);

        KifuException e = org.assertj.core.api.Assertions.catchThrowableOfType(KifuException.class, d::orThrow);

        assertThat(e.problem()).isEqualTo(d.problems().getFirst());
        assertThat(e.problem().line()).isEqualTo(2);
        assertThat(e.problem().column()).isEqualTo(2);
    }

    @Test
    void decodingInAKnownCharsetReportsMalformedBytes() {
        byte[] bytes = "先手".getBytes(StandardCharsets.UTF_8);

        Decoded d = TextDecoder.decode(new byte[] {'a', (byte) 0xFF, 'b'}, TextDecoder.SHIFT_JIS);

        assertThat(d.charset()).isEqualTo(TextDecoder.SHIFT_JIS);
        assertThat(d.text()).isEqualTo("a\uFFFDb");
        assertThat(d.problems()).containsExactly(new Problem(Problem.Kind.BAD_ENCODING, 1, 2, 0, "bytes that are not valid Shift_JIS were replaced by U+FFFD"));
        assertThat(TextDecoder.decode(concat(new byte[] {(byte) 0xEF, (byte) 0xBB, (byte) 0xBF}, bytes), StandardCharsets.UTF_8))
                .isEqualTo(new Decoded("先手", StandardCharsets.UTF_8, true, java.util.List.of()));
    }

    @Test
    void neverThrowsOnRandomBytes() {
        Random random = new Random(20240611L);
        int listedOnly = 0, counted = 0;
        for (int i = 0; i < 500; i++) {
            byte[] bytes = new byte[random.nextInt(2000)];
            random.nextBytes(bytes);
            Decoded[] out = new Decoded[1];
            assertThatCode(() -> out[0] = TextDecoder.decode(bytes)).doesNotThrowAnyException();
            Decoded d = out[0];
            String round = "round " + i;
            assertThat(d.text()).as(round).isNotNull();
            assertThat(d.ok()).as(round).isEqualTo(d.problems().isEmpty());
            checkProblems(d, round);
            if (d.problems().size() > TextDecoder.MAX_REPORTED) {
                counted++;
            } else if (!d.ok()) {
                listedOnly++;
            }
        }
        // Both kinds of problem were met, so the checks above were exercised.
        assertThat(listedOnly).isPositive();
        assertThat(counted).isPositive();
    }

    /**
     * The problems of a decoding are of the two documented kinds: one per replaced sequence, at the line and
     * column of its U+FFFD, for the first {@link TextDecoder#MAX_REPORTED}; then one that counts the rest.
     */
    private static void checkProblems(Decoded d, String what) {
        String name = d.charset().equals(TextDecoder.SHIFT_JIS) ? "Shift_JIS" : d.charset().name();
        String[] lines = d.text().split("\r\n|\r|\n", -1);
        long replaced = d.text().chars().filter(c -> c == '\uFFFD').count();
        List<Problem> ps = d.problems();
        int listed = (int) Math.min(replaced, TextDecoder.MAX_REPORTED);
        assertThat(ps).as(what).hasSize(listed + (replaced > TextDecoder.MAX_REPORTED ? 1 : 0));
        for (int k = 0; k < listed; k++) {
            Problem p = ps.get(k);
            assertThat(p.message()).as(what).isEqualTo("bytes that are not valid " + name + " were replaced by U+FFFD");
            assertThat(p.ply()).as(what).isZero();
            assertThat(p.line()).as(what).isBetween(1, lines.length);
            assertThat(p.column()).as(what).isBetween(1, lines[p.line() - 1].length());
            assertThat(lines[p.line() - 1].charAt(p.column() - 1)).as("%s: %s", what, p).isEqualTo('\uFFFD');
        }
        if (replaced > TextDecoder.MAX_REPORTED) {
            assertThat(ps.getLast()).as(what).isEqualTo(new Problem(Problem.Kind.TOO_MANY_PROBLEMS, 0, 0, 0, (replaced - TextDecoder.MAX_REPORTED)
                    + " more invalid " + name + " byte sequences were replaced by U+FFFD"));
        }
    }

    @Test
    void emptyInputIsEmptyUtf8() {
        Decoded d = TextDecoder.decode(new byte[0]);

        assertThat(d.text()).isEmpty();
        assertThat(d.charset()).isEqualTo(StandardCharsets.UTF_8);
        assertThat(d.ok()).isTrue();
    }

    private static byte[] concat(byte[] a, byte[] b) {
        byte[] out = new byte[a.length + b.length];
        System.arraycopy(a, 0, out, 0, a.length);
        System.arraycopy(b, 0, out, a.length, b.length);
        return out;
    }
}
