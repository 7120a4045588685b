package dev.meijin.notation.encoding;

import dev.meijin.notation.kifu.KifuException;
import dev.meijin.notation.kifu.Problem;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.Charset;
import java.nio.charset.CharsetEncoder;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * Encodes record text for writing, strictly: a character the target encoding cannot hold is an error,
 * never a silent {@code ?}. Writers that target Shift_JIS replace such characters themselves (and say so in
 * their {@link dev.meijin.notation.kifu.WriteResult}), so their output always encodes.
 *
 * {@snippet :
 * byte[] bytes = TextEncoder.encode(text, TextDecoder.SHIFT_JIS);
 * }
 */
public final class TextEncoder {
    private TextEncoder() {}

    /**
     * Encodes text in UTF-8 (without a byte-order mark) or Shift_JIS ({@code windows-31j}).
     *
     * @param text the text
     * @param utf8 {@code true} for UTF-8, {@code false} for Shift_JIS
     * @return the bytes
     * @throws KifuException naming the line and column of the first character Shift_JIS cannot hold
     */
    public static byte[] encode(String text, boolean utf8) {
        return encode(text, utf8 ? StandardCharsets.UTF_8 : TextDecoder.SHIFT_JIS);
    }

    /**
     * Encodes text in a charset.
     *
     * @param text the text
     * @param charset the target encoding
     * @return the bytes
     * @throws KifuException naming the line and column of the first character the charset cannot hold
     */
    public static byte[] encode(String text, Charset charset) {
        CharsetEncoder enc = charset.newEncoder()
                .onMalformedInput(CodingErrorAction.REPORT)
                .onUnmappableCharacter(CodingErrorAction.REPORT);
        try {
            ByteBuffer out = enc.encode(CharBuffer.wrap(text));
            return Arrays.copyOfRange(out.array(), out.arrayOffset() + out.position(), out.arrayOffset() + out.limit());
        } catch (CharacterCodingException e) {
            int at = firstUnencodable(text, charset);
            throw new KifuException(problemAt(text, Math.max(0, at), charset));
        }
    }

    /**
     * Whether a charset can hold every character of a text.
     *
     * @param text the text
     * @param charset the target encoding
     * @return {@code true} if {@link #encode(String, Charset)} would succeed
     */
    public static boolean canEncode(String text, Charset charset) {
        return firstUnencodable(text, charset) < 0;
    }

    /**
     * The text with every character the charset cannot hold replaced, so that it encodes.
     *
     * @param text the text
     * @param charset the target encoding
     * @param replacement what to put instead of each unencodable character (or surrogate pair)
     * @return the text, unchanged if it already encodes
     */
    public static String replaceUnencodable(String text, Charset charset, String replacement) {
        CharsetEncoder enc = charset.newEncoder();
        StringBuilder sb = null;
        int i = 0;
        while (i < text.length()) {
            int cp = text.codePointAt(i);
            int n = Character.charCount(cp);
            String s = text.substring(i, i + n);
            boolean ok = !Character.isSurrogate(s.charAt(0)) || n == 2;
            ok = ok && enc.canEncode(s);
            if (!ok && sb == null) {
                sb = new StringBuilder(text.length());
                sb.append(text, 0, i);
            }
            if (sb != null) {
                sb.append(ok ? s : replacement);
            }
            i += n;
        }
        return sb == null ? text : sb.toString();
    }

    private static int firstUnencodable(String text, Charset charset) {
        CharsetEncoder enc = charset.newEncoder();
        int i = 0;
        while (i < text.length()) {
            int cp = text.codePointAt(i);
            int n = Character.charCount(cp);
            String s = text.substring(i, i + n);
            if ((Character.isSurrogate(s.charAt(0)) && n == 1) || !enc.canEncode(s)) {
                return i;
            }
            i += n;
        }
        return -1;
    }

    private static Problem problemAt(String text, int at, Charset charset) {
        int line = 1;
        int lineStart = 0;
        for (int i = 0; i < at; i++) {
            char c = text.charAt(i);
            if (c == '\n' || (c == '\r' && (i + 1 >= text.length() || text.charAt(i + 1) != '\n'))) {
                line++;
                lineStart = i + 1;
            }
        }
        String ch = at >= 0 && at < text.length() ? new String(Character.toChars(text.codePointAt(at))) : "?";
        return new Problem(Problem.Kind.CANNOT_ENCODE, line, at - lineStart + 1, 0, "character \"" + ch + "\" (U+"
                + String.format("%04X", ch.codePointAt(0)) + ") cannot be written in "
                + TextDecoder.displayName(charset), ch);
    }
}
