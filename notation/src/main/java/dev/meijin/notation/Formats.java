package dev.meijin.notation;

import dev.meijin.notation.csa.CsaReader;
import dev.meijin.notation.csa.CsaVersion;
import dev.meijin.notation.csa.CsaWriter;
import dev.meijin.notation.encoding.TextDecoder;
import dev.meijin.notation.jkf.JkfReader;
import dev.meijin.notation.jkf.JkfWriter;
import dev.meijin.notation.ki2.Ki2Reader;
import dev.meijin.notation.ki2.Ki2Writer;
import dev.meijin.notation.kif.KifReader;
import dev.meijin.notation.kif.KifWriter;
import dev.meijin.notation.kifu.Kifu;
import dev.meijin.notation.kifu.Problem;
import dev.meijin.notation.kifu.ReadResult;
import dev.meijin.notation.kifu.WriteResult;
import dev.meijin.notation.sfen.SfenReader;
import dev.meijin.notation.sfen.SfenWriter;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * Record formats by name and by content: finds which format a text is in and dispatches to its reader and
 * writer.
 *
 * <p>{@link #detect(String, Optional)} looks at the content first and uses the file name only to break a
 * tie, because extensions lie ({@code .kif} files are often UTF-8, KI2 text is saved as {@code .kif}…):
 *
 * <ol>
 *   <li>a text whose first non-blank character is <code>{</code> is JKF;
 *   <li>a first line {@code position …}, {@code startpos …} or {@code sfen … moves …} is USI;
 *   <li>a single line of 3 or 4 fields whose first has eight {@code /} and whose second is {@code b} or
 *       {@code w} is SFEN;
 *   <li>otherwise lines are counted (the first {@value #SCAN_LINES} non-blank ones): numbered KIF move lines
 *       ({@code   1 ７六歩(77)}), KI2 move lines ({@code ▲７六歩}), CSA lines ({@code +7776FU}, {@code PI},
 *       {@code P1…}, {@code N+…}, {@code $EVENT:…}, {@code V2.2}, {@code %TORYO}) and Kakinoki header lines
 *       ({@code 手合割：…}, {@code 先手：…}, {@code 変化：…}, board diagrams). KIF move lines make it KIF, else KI2
 *       move lines make it KI2, else CSA lines (more of them than Kakinoki lines) make it CSA;
 *   <li>a Kakinoki text without moves is KI2 if the file name says so, else KIF; a text with no signal at
 *       all takes the file name's format, else KIF (whose lenient reader then lists what it did not
 *       understand).
 * </ol>
 *
 * <p>Readers and writers are registered here per format: KIF and KI2, CSA (written as V2.2, declaring
 * Shift_JIS when the options ask for it; {@link CsaWriter} writes V3.0 too), JKF, USI ({@code position …})
 * and SFEN ({@code sfen … moves …}, or the bare SFEN of a record without moves). A format without a
 * registered reader gives a problem, and one without a writer throws {@link UnsupportedOperationException}.
 *
 * {@snippet :
 * ReadResult r = Formats.read(Files.readAllBytes(path), Optional.of(path.getFileName().toString()));
 * WriteResult w = Formats.write(r.kifu(), Format.KIF, WriteOptions.forFileName("out.kif"));
 * }
 */
public final class Formats {
    private Formats() {}

    /** How many non-blank lines {@link #detect} looks at. */
    public static final int SCAN_LINES = 400;

    private static final Map<Format, KifuFormat> REGISTRY = registry();

    private static Map<Format, KifuFormat> registry() {
        Map<Format, KifuFormat> m = new EnumMap<>(Format.class);
        m.put(Format.KIF, KifuFormat.of(KifReader::read, KifWriter::write));
        m.put(Format.KI2, KifuFormat.of(Ki2Reader::read, Ki2Writer::write));
        m.put(Format.CSA, KifuFormat.of(CsaReader::read,
                (k, o) -> CsaWriter.write(k, CsaVersion.V2_2, o.utf8() ? StandardCharsets.UTF_8 : TextDecoder.SHIFT_JIS)));
        m.put(Format.JKF, KifuFormat.of(JkfReader::read, (k, o) -> JkfWriter.write(k)));
        m.put(Format.USI, KifuFormat.of(SfenReader::read, (k, o) -> SfenWriter.write(k, SfenWriter.Style.POSITION)));
        m.put(Format.SFEN, KifuFormat.of(SfenReader::read, (k, o) -> SfenWriter.write(k, SfenWriter.Style.SFEN)));
        return Collections.unmodifiableMap(m);
    }

    private static final Pattern KIF_MOVE = Pattern.compile("^\\d{1,10}\\s+[１-９1-9同仝投中千持詰不切反入封Tt].*");
    private static final Pattern CSA_LINE = Pattern.compile(
            "^(?:[+-]\\d{4}[A-Z]{2}.*|[+-]|V\\d(?:\\.\\d)?|PI.*|P[1-9+-].*|N[+-].*|\\$[A-Z_]+:.*|%[A-Z_+-]+.*|T\\d+.*)$");
    private static final Pattern SFEN_BOARD = Pattern.compile("^[1-9+a-zA-Z]+(?:/[1-9+a-zA-Z]+){8}$");

    /**
     * The format of a record text; see the class comment for the rules.
     *
     * @param text the record's text
     * @param fileName the file's name, used only to break ties
     * @return the format
     */
    public static Format detect(String text, Optional<String> fileName) {
        Optional<Format> byName = fileName.flatMap(Format::byFileName);
        List<String> lines = firstLines(text == null ? "" : text, SCAN_LINES);
        if (lines.isEmpty()) {
            return byName.orElse(Format.KIF);
        }
        String first = lines.getFirst();
        if (first.startsWith("{")) {
            return Format.JKF;
        }
        if (first.equals("position") || first.startsWith("position ") || first.equals("startpos")
                || first.startsWith("startpos ") || (first.startsWith("sfen ") && first.contains(" moves"))) {
            return Format.USI;
        }
        if (lines.size() == 1 && isSfen(first)) {
            return Format.SFEN;
        }
        int kif = 0;
        int ki2 = 0;
        int csa = 0;
        int kakinoki = 0;
        for (String t : lines) {
            char c = t.charAt(0);
            if (c == '*' || c == '#' || c == '\'') {
                continue;
            }
            if (KIF_MOVE.matcher(t).matches()) {
                kif++;
            } else if ("▲△☗☖".indexOf(c) >= 0) {
                ki2++;
            } else if (CSA_LINE.matcher(t).matches()) {
                csa++;
            } else if (t.startsWith("変化") || t.startsWith("手数") || t.startsWith("まで") || t.startsWith("|")
                    || t.indexOf('：') > 0 || t.contains("の持駒")) {
                kakinoki++;
            }
        }
        if (kif > 0 && kif >= ki2) {
            return Format.KIF;
        }
        if (ki2 > 0) {
            return Format.KI2;
        }
        if (csa > 0 && csa > kakinoki) {
            return Format.CSA;
        }
        if (kakinoki > 0) {
            return byName.filter(f -> f == Format.KI2).orElse(Format.KIF);
        }
        return byName.orElse(Format.KIF);
    }

    private static boolean isSfen(String line) {
        String s = line.startsWith("sfen ") ? line.substring(5).strip() : line;
        String[] f = s.split("\\s+");
        return (f.length == 3 || f.length == 4) && SFEN_BOARD.matcher(f[0]).matches()
                && (f[1].equals("b") || f[1].equals("w"));
    }

    /** The first {@code max} non-blank lines, stripped, without a leading byte-order mark. */
    private static List<String> firstLines(String text, int max) {
        List<String> out = new ArrayList<>();
        int i = !text.isEmpty() && text.charAt(0) == '\uFEFF' ? 1 : 0;
        int n = text.length();
        while (i < n && out.size() < max) {
            int end = i;
            while (end < n && text.charAt(end) != '\n' && text.charAt(end) != '\r') {
                end++;
            }
            // Only the start of a line matters; long lines are not copied whole.
            String t = text.substring(i, Math.min(end, i + 256)).strip();
            if (!t.isEmpty()) {
                out.add(t);
            }
            i = end + 1;
        }
        return out;
    }

    /**
     * The reader and writer of a format.
     *
     * @param format the format
     * @return them, or empty while the format's package has not registered them
     */
    public static Optional<KifuFormat> of(Format format) {
        return Optional.ofNullable(REGISTRY.get(format));
    }

    /**
     * Detects the format of a text and reads it.
     *
     * @param text the record's text
     * @param fileName the file's name, a tie-breaker for detection
     * @return the record and every problem (a single problem if the format has no reader)
     */
    public static ReadResult read(String text, Optional<String> fileName) {
        Format f = detect(text, fileName);
        Optional<KifuFormat> kf = of(f);
        if (kf.isEmpty()) {
            return new ReadResult(Kifu.empty(), List.of(new Problem(Problem.Kind.WRONG_FORMAT, 0, 0, 0, "the text looks like " + f
                    + ", which cannot be read yet")));
        }
        return kf.get().read(text == null ? "" : text);
    }

    /**
     * Decodes a file's bytes ({@link TextDecoder#decode(byte[])}), detects its format and reads it. Malformed
     * bytes are reported before the record's own problems.
     *
     * @param bytes the file's bytes
     * @param fileName the file's name, a tie-breaker for detection
     * @return the record and every problem
     */
    public static ReadResult read(byte[] bytes, Optional<String> fileName) {
        return TextDecoder.decode(bytes).read(text -> read(text, fileName));
    }

    /**
     * Writes a record in a format.
     *
     * @param kifu the record
     * @param format the format
     * @param options the options that apply to it
     * @return the text and what the format could not hold
     * @throws dev.meijin.notation.kifu.KifuException if the record cannot be written
     * @throws UnsupportedOperationException if the format has no writer yet
     */
    public static WriteResult write(Kifu kifu, Format format, WriteOptions options) {
        return of(format).orElseThrow(() -> new UnsupportedOperationException("no writer for " + format + " yet"))
                .write(kifu, options);
    }
}
