package dev.meijin.notation;

import java.util.Locale;

/**
 * How a record is written. Each writer reads the options that apply to its format and ignores the others.
 *
 * @param utf8 write UTF-8 ({@code true}) or Shift_JIS ({@code false}). This decides the encoding a writer
 *     declares in the text ({@code #KIF version=2.0 encoding=…}, CSA {@code 'encoding=…}) and which characters
 *     it must replace; the bytes themselves are made by {@link dev.meijin.notation.encoding.TextEncoder}
 */
public record WriteOptions(boolean utf8) {
    /** UTF-8, the default. */
    public static final WriteOptions UTF8 = new WriteOptions(true);

    /** Shift_JIS, as {@code .kif}, {@code .ki2} and older {@code .csa} files are by convention. */
    public static final WriteOptions SHIFT_JIS = new WriteOptions(false);

    /** The default options: UTF-8. */
    public static WriteOptions defaults() {
        return UTF8;
    }

    /**
     * The options a file's extension implies: Shift_JIS for {@code .kif} and {@code .ki2}, UTF-8 for everything
     * else ({@code .kifu}, {@code .ki2u}, {@code .csa}, {@code .jkf}, {@code .json}).
     *
     * @param fileName a file name or path
     * @return the options
     */
    public static WriteOptions forFileName(String fileName) {
        String n = fileName.toLowerCase(Locale.ROOT);
        return n.endsWith(".kif") || n.endsWith(".ki2") ? SHIFT_JIS : UTF8;
    }

    public WriteOptions withUtf8(boolean u) {
        return new WriteOptions(u);
    }
}
