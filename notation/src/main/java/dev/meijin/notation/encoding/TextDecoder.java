package dev.meijin.notation.encoding;

import dev.meijin.notation.kifu.Problem;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.Charset;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Decodes the bytes of a record file whose encoding is not known. File extensions are not trusted: a
 * {@code .kif} file is as often UTF-8 as Shift_JIS, and some files even declare the wrong encoding.
 *
 * <p>The encoding is chosen in this order:
 *
 * <ol>
 *   <li>a byte-order mark (UTF-8, UTF-16 BE or LE) decides;
 *   <li>bytes that are valid UTF-8 are UTF-8 (Shift_JIS and EUC-JP text with any non-ASCII character is
 *       practically never valid UTF-8);
 *   <li>an explicit declaration in the first lines, {@code #KIF version=2.0 encoding=Shift_JIS} (KIF) or
 *       {@code 'encoding=Shift_JIS} / {@code 'CSA encoding=...} (CSA), is used if the bytes are valid in it;
 *   <li>otherwise Shift_JIS ({@code windows-31j}, the Windows variant every Japanese shogi program writes)
 *       and EUC-JP are both tried strictly. Many EUC-JP files are also valid Shift_JIS (EUC's two-byte
 *       codes land on half-width katakana and kanji there), so when both succeed the text with the higher
 *       <em>record score</em> wins: the number of characters from a set that every record is full of
 *       ({@value #COMMON}), minus the number of half-width katakana (U+FF61–U+FF9F), which records almost
 *       never use but which EUC-JP bytes read as Shift_JIS produce in bulk. A tie goes to Shift_JIS, by far
 *       the more common of the two;
 *   <li>if no encoding accepts every byte, the one with the fewest malformed sequences is used (then the
 *       higher score, then UTF-8, Shift_JIS, EUC-JP in that order), each malformed sequence is replaced by
 *       U+FFFD, and a {@link Problem} names the line and column of the first {@value #MAX_REPORTED}.
 * </ol>
 *
 * {@snippet :
 * Decoded d = TextDecoder.decode(Files.readAllBytes(path));
 * ReadResult r = KifReader.read(d.text());
 * }
 */
public final class TextDecoder {
    private TextDecoder() {}

    /** Shift_JIS as Windows (and so every Japanese shogi program) writes it: Microsoft's code page 932. */
    public static final Charset SHIFT_JIS = Charset.forName("windows-31j");

    /** EUC-JP, found in old Unix-made records. */
    public static final Charset EUC_JP = Charset.forName("EUC-JP");

    /** Characters that records are full of; used to choose between Shift_JIS and EUC-JP. */
    public static final String COMMON = "先手後手歩香桂銀金角飛玉王龍竜馬と同成打投了手合割持駒変化中断詰一二三四五六七八九１２３４５６７８９▲△：";

    /** How many malformed sequences are reported one by one before the rest are only counted. */
    public static final int MAX_REPORTED = 10;

    /** How many leading lines are searched for an encoding declaration. */
    private static final int DECLARATION_LINES = 10;

    private static final Pattern DECLARATION =
            Pattern.compile("^(?:#KIF\\b[^\\r\\n]*?\\s|'(?:CSA\\s+)?)encoding\\s*=\\s*([A-Za-z0-9_.:\\-]+)");

    /**
     * Decodes bytes of unknown encoding, leniently: malformed sequences are replaced and reported, never
     * thrown. See the class comment for how the encoding is chosen.
     *
     * @param bytes the file's bytes
     * @return the text, the encoding chosen, whether there was a byte-order mark, and any problems
     */
    public static Decoded decode(byte[] bytes) {
        // 1. Byte-order marks.
        if (startsWith(bytes, 0xEF, 0xBB, 0xBF)) {
            return lenient(bytes, 3, StandardCharsets.UTF_8, true);
        }
        if (startsWith(bytes, 0xFE, 0xFF)) {
            return lenient(bytes, 2, StandardCharsets.UTF_16BE, true);
        }
        if (startsWith(bytes, 0xFF, 0xFE)) {
            return lenient(bytes, 2, StandardCharsets.UTF_16LE, true);
        }
        Optional<Charset> declared = declared(bytes);
        // 2. Strict UTF-8. Pure ASCII is valid in every candidate; report the declared charset for it if any.
        Optional<String> utf8 = strict(bytes, StandardCharsets.UTF_8);
        if (utf8.isPresent()) {
            Charset cs = isAscii(bytes) && declared.isPresent() ? declared.get() : StandardCharsets.UTF_8;
            return new Decoded(utf8.get(), cs, false, List.of());
        }
        // 3. An explicit declaration, if the bytes agree with it.
        if (declared.isPresent()) {
            Optional<String> text = strict(bytes, declared.get());
            if (text.isPresent()) {
                return new Decoded(text.get(), declared.get(), false, List.of());
            }
        }
        // 4. Shift_JIS against EUC-JP.
        Optional<String> sjis = strict(bytes, SHIFT_JIS);
        Optional<String> euc = strict(bytes, EUC_JP);
        if (sjis.isPresent() && euc.isPresent()) {
            boolean eucWins = score(euc.get()) > score(sjis.get());
            return new Decoded(eucWins ? euc.get() : sjis.get(), eucWins ? EUC_JP : SHIFT_JIS, false, List.of());
        }
        if (sjis.isPresent()) {
            return new Decoded(sjis.get(), SHIFT_JIS, false, List.of());
        }
        if (euc.isPresent()) {
            return new Decoded(euc.get(), EUC_JP, false, List.of());
        }
        // 5. Nothing fits: the least damaged reading.
        Decoded best = null;
        for (Charset cs : List.of(StandardCharsets.UTF_8, SHIFT_JIS, EUC_JP)) {
            Decoded d = lenient(bytes, 0, cs, false);
            if (best == null || better(d, best)) {
                best = d;
            }
        }
        return best;
    }

    /**
     * Decodes bytes in a known encoding (skipping a UTF-8 byte-order mark when the encoding is UTF-8),
     * replacing and reporting malformed sequences.
     *
     * @param bytes the file's bytes
     * @param charset the encoding to use
     * @return the text and any problems
     */
    public static Decoded decode(byte[] bytes, Charset charset) {
        boolean bom = charset.equals(StandardCharsets.UTF_8) && startsWith(bytes, 0xEF, 0xBB, 0xBF);
        return lenient(bytes, bom ? 3 : 0, charset, bom);
    }

    /**
     * The encoding a file declares in its first lines ({@code #KIF version=2.0 encoding=Shift_JIS},
     * {@code 'encoding=Shift_JIS}, {@code 'CSA encoding=UTF-8}), if any and if the JDK knows it.
     * {@code Shift_JIS}, {@code SJIS}, {@code MS932} and {@code CP932} all mean {@link #SHIFT_JIS}.
     *
     * @param bytes the file's bytes (the declaration itself is ASCII)
     * @return the declared charset
     */
    public static Optional<Charset> declared(byte[] bytes) {
        String head = new String(bytes, 0, Math.min(bytes.length, 4096), StandardCharsets.ISO_8859_1);
        String[] lines = head.split("\r\n|\r|\n", DECLARATION_LINES + 1);
        for (int i = 0; i < Math.min(lines.length, DECLARATION_LINES); i++) {
            String line = lines[i].startsWith("\u00EF\u00BB\u00BF") ? lines[i].substring(3) : lines[i];
            Matcher m = DECLARATION.matcher(line);
            if (m.find()) {
                return charsetNamed(m.group(1));
            }
        }
        return Optional.empty();
    }

    /** The charset for a declared name, folding the Shift_JIS aliases to {@link #SHIFT_JIS}. */
    static Optional<Charset> charsetNamed(String name) {
        String n = name.toUpperCase(Locale.ROOT).replace('-', '_');
        switch (n) {
            case "SHIFT_JIS", "SJIS", "SHIFTJIS", "MS932", "CP932", "WINDOWS_31J" -> {
                return Optional.of(SHIFT_JIS);
            }
            case "UTF_8", "UTF8" -> {
                return Optional.of(StandardCharsets.UTF_8);
            }
            case "EUC_JP", "EUCJP" -> {
                return Optional.of(EUC_JP);
            }
            default -> {
                // Unknown or unsupported names are ignored; IllegalArgumentException covers both
                // IllegalCharsetNameException and UnsupportedCharsetException.
                try {
                    return Optional.of(Charset.forName(name));
                } catch (IllegalArgumentException e) {
                    return Optional.empty();
                }
            }
        }
    }

    /**
     * The record score of a text: characters from {@link #COMMON} minus half-width katakana. Higher means
     * more likely to be a correctly decoded shogi record.
     */
    public static int score(String text) {
        int score = 0;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c >= '\uFF61' && c <= '\uFF9F') {
                score--;
            } else if (COMMON.indexOf(c) >= 0) {
                score++;
            }
        }
        return score;
    }

    private static boolean better(Decoded a, Decoded b) {
        int ea = errorCount(a);
        int eb = errorCount(b);
        if (ea != eb) {
            return ea < eb;
        }
        return score(a.text()) > score(b.text());
    }

    private static int errorCount(Decoded d) {
        int n = 0;
        for (int i = 0; i < d.text().length(); i++) {
            if (d.text().charAt(i) == '\uFFFD') {
                n++;
            }
        }
        return n;
    }

    private static Optional<String> strict(byte[] bytes, Charset cs) {
        CharsetDecoder dec = cs.newDecoder()
                .onMalformedInput(CodingErrorAction.REPORT)
                .onUnmappableCharacter(CodingErrorAction.REPORT);
        try {
            return Optional.of(dec.decode(ByteBuffer.wrap(bytes)).toString());
        } catch (CharacterCodingException e) {
            return Optional.empty();
        }
    }

    /** Decodes from {@code offset}, replacing each malformed or unmappable sequence by U+FFFD and noting where. */
    private static Decoded lenient(byte[] bytes, int offset, Charset cs, boolean bom) {
        CharsetDecoder dec = cs.newDecoder()
                .onMalformedInput(CodingErrorAction.REPORT)
                .onUnmappableCharacter(CodingErrorAction.REPORT);
        ByteBuffer in = ByteBuffer.wrap(bytes, offset, bytes.length - offset);
        CharBuffer out = CharBuffer.allocate(Math.max(16, bytes.length - offset + 16));
        List<Integer> errors = new ArrayList<>();
        boolean flushed = false;
        while (true) {
            CoderResult r = flushed ? dec.flush(out) : dec.decode(in, out, true);
            if (r.isOverflow()) {
                CharBuffer bigger = CharBuffer.allocate(out.capacity() * 2 + 16);
                out.flip();
                bigger.put(out);
                out = bigger;
                continue;
            }
            if (r.isError()) {
                if (out.remaining() < 1) {
                    CharBuffer bigger = CharBuffer.allocate(out.capacity() * 2 + 16);
                    out.flip();
                    bigger.put(out);
                    out = bigger;
                }
                errors.add(out.position());
                out.put('\uFFFD');
                in.position(in.position() + r.length());
                continue;
            }
            // Underflow: all input consumed (end of input was signalled), so flush once and stop.
            if (flushed) {
                break;
            }
            flushed = true;
        }
        out.flip();
        String text = out.toString();
        return new Decoded(text, cs, bom, problems(text, errors, cs));
    }

    private static List<Problem> problems(String text, List<Integer> errors, Charset cs) {
        List<Problem> problems = new ArrayList<>();
        int line = 1;
        int lineStart = 0;
        int scanned = 0;
        for (int k = 0; k < errors.size() && k < MAX_REPORTED; k++) {
            int at = errors.get(k);
            for (; scanned < at; scanned++) {
                char c = text.charAt(scanned);
                if (c == '\n' || (c == '\r' && (scanned + 1 >= text.length() || text.charAt(scanned + 1) != '\n'))) {
                    line++;
                    lineStart = scanned + 1;
                }
            }
            problems.add(new Problem(Problem.Kind.BAD_ENCODING, line, at - lineStart + 1, 0,
                    "bytes that are not valid " + displayName(cs) + " were replaced by U+FFFD"));
        }
        if (errors.size() > MAX_REPORTED) {
            problems.add(new Problem(Problem.Kind.TOO_MANY_PROBLEMS, 0, 0, 0, (errors.size() - MAX_REPORTED)
                    + " more invalid " + displayName(cs) + " byte sequences were replaced by U+FFFD"));
        }
        return problems;
    }

    /** The usual name of a charset in messages ({@code Shift_JIS} rather than {@code windows-31j}). */
    static String displayName(Charset cs) {
        return cs.equals(SHIFT_JIS) ? "Shift_JIS" : cs.name();
    }

    private static boolean startsWith(byte[] bytes, int... prefix) {
        if (bytes.length < prefix.length) {
            return false;
        }
        for (int i = 0; i < prefix.length; i++) {
            if ((bytes[i] & 0xFF) != prefix[i]) {
                return false;
            }
        }
        return true;
    }

    private static boolean isAscii(byte[] bytes) {
        for (byte b : bytes) {
            if (b < 0) {
                return false;
            }
        }
        return true;
    }
}
