package dev.meijin.notation.kifu;

import dev.meijin.core.Color;
import dev.meijin.core.Role;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The bounds every record reader and writer keeps, in one place so that they agree: what a writer produces,
 * the matching reader takes back whole.
 *
 * <ul>
 *   <li>a record file or upload is at most {@value #MAX_BYTES} bytes, checked before it is read into memory
 *       ({@link #readBounded(InputStream, String)});
 *   <li>a decoded record text is at most {@value #MAX_CHARS} characters, in at most {@value #MAX_LINES}
 *       lines of at most {@value #MAX_LINE_LENGTH} characters;
 *   <li>a line of play (the main line or a variation) has at most {@value #MAX_PLY} moves, in every format;
 *   <li>a move's time is at most {@value #MAX_MOVE_SECONDS} seconds, CSA's nine digits, and a total time at
 *       most {@value #MAX_TOTAL_SECONDS} seconds, what the longest line of play can add up to; a reader ignores a
 *       longer time, with a problem;
 *   <li>a start position's move number is at most {@value #MAX_MOVE_NUMBER}, SFEN's nine digits (KIF's
 *       {@code 手数＝} gives the moves before it);
 *   <li>a hand holds at most {@value #MAX_HAND_COUNT} pieces of a kind, as SFEN's two digits and KIF's kanji
 *       numerals ({@code 九十九}) write it (more than a set has is the start position's problem, which the
 *       position check reports);
 *   <li>a message quotes at most {@value #MAX_EXCERPT} characters of the input ({@link #excerpt(String)}),
 *       and a problem's message is at most {@value #MAX_MESSAGE} characters.
 * </ul>
 *
 * <p>The longest game on record is a few hundred moves and the largest real KIF files with every comment and
 * variation a few megabytes, so the bounds leave ample room while keeping the memory a hostile input can cost
 * to a few hundred megabytes at worst. They fit one another: a line of {@value #MAX_PLY} moves written as
 * pretty-printed JKF, the most verbose format (about 205 characters a move), stays within
 * {@value #MAX_CHARS} characters.
 */
public final class Limits {
    private Limits() {}

    /** The most bytes a record file may have. */
    public static final int MAX_BYTES = 32 << 20;
    /** The most characters a record text may have; longer text is cut, with a problem. */
    public static final int MAX_CHARS = 32 << 20;
    /** The most lines a record text may have; later lines are not read, with a problem. */
    public static final int MAX_LINES = 1_000_000;
    /** The longest line a reader reads; a longer one is skipped, with a problem. */
    public static final int MAX_LINE_LENGTH = 65_536;
    /** The most moves in one line of play; moves after it are not read, with a problem. */
    public static final int MAX_PLY = 100_000;
    /** The most whole seconds a move may take, as CSA's nine digits write it (about 31 years). */
    public static final long MAX_MOVE_SECONDS = 999_999_999L;
    /** The most whole seconds of a total time: {@value #MAX_PLY} moves of just under a billion seconds. */
    public static final long MAX_TOTAL_SECONDS = MAX_PLY * (MAX_MOVE_SECONDS + 1) - 1;
    /** The largest move number of a start position, as SFEN's nine digits write it. */
    public static final int MAX_MOVE_NUMBER = 999_999_999;
    /** The most pieces of one kind a hand may hold in a record; a reader refuses more, with a problem. */
    public static final int MAX_HAND_COUNT = 99;
    /** The most characters of input a message quotes. */
    public static final int MAX_EXCERPT = 40;
    /** The longest problem message. */
    public static final int MAX_MESSAGE = 400;

    /** A text cut to at most {@code max} characters, the last an ellipsis, never between the halves of a surrogate pair. */
    static String clip(String text, int max) {
        if (text.length() <= max) {
            return text;
        }
        int cut = max - 1;
        if (Character.isHighSurrogate(text.charAt(cut - 1))) {
            cut--;
        }
        return text.substring(0, cut) + "…";
    }

    /**
     * At most {@value #MAX_EXCERPT} characters of a text, for quoting it in a message: a longer text is cut
     * and ends with {@code …} and its length.
     *
     * @param text the input
     * @return the text, or its beginning
     */
    public static String excerpt(String text) {
        if (text.length() <= MAX_EXCERPT) {
            return text;
        }
        int cut = MAX_EXCERPT - 1;
        if (Character.isHighSurrogate(text.charAt(cut - 1))) {
            cut--;
        }
        return text.substring(0, cut) + "… (" + text.length() + " characters)";
    }

    /**
     * Reads a whole stream, refusing one of more than {@value #MAX_BYTES} bytes as soon as it gets there:
     * memory never grows beyond the bound, however long the stream is (a device such as {@code /dev/zero}
     * ends here).
     *
     * @param in the stream; it is read to its end or to the bound, and not closed
     * @param label how the message names the input
     * @return every byte of the stream
     * @throws TooLargeException if the stream holds more than {@value #MAX_BYTES} bytes
     * @throws IOException if reading fails
     */
    public static byte[] readBounded(InputStream in, String label) throws IOException {
        byte[] buf = new byte[8192];
        int n = 0;
        while (true) {
            if (n == buf.length) {
                if (n > MAX_BYTES) {
                    throw new TooLargeException(label);
                }
                buf = Arrays.copyOf(buf, Math.min(n * 2, MAX_BYTES + 1));
            }
            int r = in.read(buf, n, buf.length - n);
            if (r < 0) {
                return Arrays.copyOf(buf, n);
            }
            n += r;
        }
    }

    /**
     * What in a written text the readers would not take back whole: the text's length and line count, its
     * longest line (for the line-based formats), the longest line of play and, with {@code maxNesting}, how
     * deep the variations nest, a hand count above {@value #MAX_HAND_COUNT}, and times beyond
     * {@value #MAX_MOVE_SECONDS} and {@value #MAX_TOTAL_SECONDS} seconds. Writers put this in {@link WriteResult#beyondLimits()}, so that a write that
     * could not be read back says so.
     *
     * @param kifu the record written
     * @param text the text written
     * @param lineBased whether the format is read line by line (KIF, KI2, CSA)
     * @param maxNesting the deepest nesting of variations the format's reader takes
     * @return one entry per bound exceeded, empty if none
     */
    public static List<String> beyond(Kifu kifu, String text, boolean lineBased, int maxNesting) {
        List<String> out = new ArrayList<>();
        if (text.length() > MAX_CHARS) {
            out.add("the text has " + text.length() + " characters; readers read at most " + MAX_CHARS);
        }
        if (lineBased) {
            int lines = 0, longest = 0, longestAt = 0, start = 0;
            for (int i = 0; i <= text.length(); i++) {
                if (i == text.length() || text.charAt(i) == '\n') {
                    if (i > start || i < text.length()) {
                        lines++;
                    }
                    if (i - start > longest) {
                        longest = i - start;
                        longestAt = lines;
                    }
                    start = i + 1;
                }
            }
            if (lines > MAX_LINES) {
                out.add("the text has " + lines + " lines; readers read at most " + MAX_LINES);
            }
            if (longest > MAX_LINE_LENGTH) {
                out.add("line " + longestAt + " has " + longest + " characters; readers skip lines longer than " + MAX_LINE_LENGTH);
            }
        }
        for (Color c : Color.values()) {
            for (Role r : Role.HAND_ORDER) {
                int n = kifu.start().setup().handCount(c, r);
                if (n > MAX_HAND_COUNT) {
                    out.add(c.englishName() + "'s hand holds " + n + " " + r.englishName() + "s; readers take at most " + MAX_HAND_COUNT);
                }
            }
        }
        int[] deepest = new int[3];
        measure(kifu.moves(), 0, 0, deepest);
        if ((deepest[2] & 1) != 0) {
            out.add("a move's time is longer than " + MAX_MOVE_SECONDS + " seconds; readers ignore it");
        }
        if ((deepest[2] & 2) != 0) {
            out.add("a total time is longer than " + MAX_TOTAL_SECONDS + " seconds; readers ignore it");
        }
        if (deepest[0] > MAX_PLY) {
            out.add("a line of play has " + deepest[0] + " moves; readers read at most " + MAX_PLY);
        }
        if (deepest[1] > maxNesting) {
            out.add("variations nest " + deepest[1] + " deep; readers take at most " + maxNesting);
        }
        return out;
    }

    /**
     * The most moves from the start in any line ({@code out[0]}), the deepest nesting ({@code out[1]}), and bit 1
     * and 2 of {@code out[2]} for a move time and a total time too long to read back.
     */
    private static void measure(List<Step> line, int before, int depth, int[] out) {
        out[1] = Math.max(out[1], depth);
        if (depth > 10_000) {
            return;
        }
        int plies = before;
        for (Step s : line) {
            for (List<Step> fork : s.forks()) {
                measure(fork, plies, depth + 1, out);
            }
            if (s.time().filter(t -> t.getSeconds() > MAX_MOVE_SECONDS).isPresent()) {
                out[2] |= 1;
            }
            if (s.totalTime().filter(t -> t.getSeconds() > MAX_TOTAL_SECONDS).isPresent()) {
                out[2] |= 2;
            }
            if (s.isMove()) {
                plies++;
            }
        }
        out[0] = Math.max(out[0], plies);
    }

    /** An input that exceeds {@link #MAX_BYTES}. */
    public static final class TooLargeException extends IOException {
        private static final long serialVersionUID = 1L;

        /**
         * Creates the exception.
         *
         * @param label the input, as messages name it
         */
        public TooLargeException(String label) {
            super(label + " is larger than " + (MAX_BYTES >> 20) + " MiB, the most a game record may have");
        }
    }
}
