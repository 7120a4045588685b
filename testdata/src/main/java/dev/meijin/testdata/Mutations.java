package dev.meijin.testdata;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;

/**
 * Breaks real inputs at random, for fuzz tests: characters and lines deleted, duplicated, swapped or cut, shogi
 * characters, odd Unicode and extreme numbers inserted, bytes flipped. The seed is fixed by the caller, so that
 * every failure reproduces; {@link #show(String)} prints an input with its invisible characters escaped, for
 * failure messages.
 *
 * {@snippet :
 * Mutations m = new Mutations(1);
 * for (int i = 0; i < 1000; i++) {
 *     String broken = m.mutate(TestData.text("kif/json-kifu-format/20081220kyoochi.kif", charset));
 *     // every reader either reads it or reports what is wrong
 * }
 * }
 */
public final class Mutations {
    /** Characters that mean something in some notation: kanji numerals and pieces, marks, digits, separators. */
    private static final String PALETTE = "０１２３４５６７８９一二三四五六七八九十歩香桂銀金角飛玉王と馬龍竜成打同仝　不生行上引寄右左直"
            + "()（）：:*&#+-|▲△☗☖v・1234567890変化手まで投了中断詰千日持将棋反則切れ負勝入封\n\r \t/,._%$'\"{}[]"
            + "PLNSGBRKplnsgbrkFUKYKEGIKIKAHITONYNKUMRYabcdefghiT";
    /** Whole pieces of text that readers treat specially, and Unicode that tends to break them. */
    private static final String[] SPECIAL = {"\uFEFF", "\u0000", "\uD800", "\uDC00", "\uD83D\uDE00", "\u3000", "\u200B", "\u2028",
        "\r\n", "\r", "\u00A0", "\u0085", "\uFFFD", "\uFFFF", "ſ", "İ", "K", "\u001b[31m", "１２", "９９９９９９９９９９９９",
        "99999999999999999999", "-1", "0", "2147483648", "-2147483649", "9223372036854775808", "1e9", "00", "NaN", "-0",
        "変化：", "手数＝", "後手の持駒：", "先手：", "P1", "PI", "P+00FU", "+0000", "%TORYO", "$EVENT:", "N+", "T",
        "moves", "startpos", "sfen", "position", "\"moves\":", "{", "}", "[", "]", "null", "\"\"", "1.5"};
    /** Numbers that replace a run of digits. */
    private static final String[] NUMBERS = {"99999999999999999999", "-1", "0", "2147483648", "2147483647", "-2147483649",
        "９９９", "１０", "00000000000000000000001", "4294967296", "65536", "-0", "1000001", "100000", "一〇〇"};

    private final Random random;

    /**
     * A mutator with a fixed seed.
     *
     * @param seed the seed; the same seed gives the same mutations
     */
    public Mutations(long seed) {
        this.random = new Random(seed);
    }

    /**
     * The random source, for choosing inputs with the same seed.
     *
     * @return the generator the mutations use
     */
    public Random random() {
        return random;
    }

    /**
     * The text with one to six edits.
     *
     * @param text an input, usually a valid one
     * @return a broken copy
     */
    public String mutate(String text) {
        String s = text;
        int edits = 1 + random.nextInt(random.nextInt(6) + 1);
        for (int e = 0; e < edits; e++) {
            s = mutateOnce(s);
        }
        return s;
    }

    private String mutateOnce(String s) {
        int n = s.length();
        return switch (random.nextInt(13)) {
            case 0 -> {
                if (n == 0) {
                    yield s;
                }
                int a = random.nextInt(n);
                yield s.substring(0, a) + s.substring(a + 1 + random.nextInt(Math.min(n - a, random.nextBoolean() ? 3 : 40)));
            }
            case 1 -> {
                if (n == 0) {
                    yield s;
                }
                int a = random.nextInt(n);
                int end = a + 1 + random.nextInt(Math.min(n - a, 30));
                yield s.substring(0, end) + s.substring(a, end) + s.substring(end);
            }
            case 2 -> {
                if (n < 2) {
                    yield s;
                }
                char[] c = s.toCharArray();
                int a = random.nextInt(n);
                int b = random.nextInt(n);
                char t = c[a];
                c[a] = c[b];
                c[b] = t;
                yield new String(c);
            }
            case 3, 4 -> {
                int a = random.nextInt(n + 1);
                yield s.substring(0, a) + piece() + s.substring(a);
            }
            case 5 -> {
                if (n == 0) {
                    yield piece();
                }
                int a = random.nextInt(n);
                yield s.substring(0, a) + piece() + s.substring(a + 1);
            }
            case 6 -> s.substring(0, random.nextInt(n + 1));
            case 7 -> number(s);
            default -> lines(s);
        };
    }

    /** One inserted piece: a special string, any UTF-16 unit, a supplementary character or a palette character. */
    private String piece() {
        return switch (random.nextInt(5)) {
            case 0 -> SPECIAL[random.nextInt(SPECIAL.length)];
            case 1 -> String.valueOf((char) random.nextInt(0x10000));
            case 2 -> new String(Character.toChars(0x10000 + random.nextInt(0x10000)));
            default -> String.valueOf(PALETTE.charAt(random.nextInt(PALETTE.length())));
        };
    }

    /** A run of ASCII digits replaced by an extreme number. */
    private String number(String s) {
        List<int[]> runs = new ArrayList<>();
        for (int i = 0; i < s.length(); i++) {
            if (s.charAt(i) >= '0' && s.charAt(i) <= '9') {
                int j = i;
                while (j < s.length() && s.charAt(j) >= '0' && s.charAt(j) <= '9') {
                    j++;
                }
                runs.add(new int[] {i, j});
                i = j;
            }
        }
        if (runs.isEmpty()) {
            return s;
        }
        int[] r = runs.get(random.nextInt(runs.size()));
        return s.substring(0, r[0]) + NUMBERS[random.nextInt(NUMBERS.length)] + s.substring(r[1]);
    }

    /** A line deleted, duplicated, swapped, cut, repeated many times, or a block of lines moved. */
    private String lines(String s) {
        List<String> lines = new ArrayList<>(Arrays.asList(s.split("\n", -1)));
        int m = lines.size();
        int a = random.nextInt(m);
        switch (random.nextInt(6)) {
            case 0 -> lines.remove(a);
            case 1 -> lines.add(a, lines.get(random.nextInt(m)));
            case 2 -> {
                int b = random.nextInt(m);
                String t = lines.get(a);
                lines.set(a, lines.get(b));
                lines.set(b, t);
            }
            case 3 -> lines.set(a, lines.get(a).substring(0, random.nextInt(lines.get(a).length() + 1)));
            case 4 -> {
                String l = lines.get(a);
                int times = random.nextInt(4) == 0 ? 500 : 2 + random.nextInt(20);
                if ((long) l.length() * times <= 50_000) {
                    lines.addAll(a, java.util.Collections.nCopies(times, l));
                }
            }
            default -> {
                int end = Math.min(m, a + 1 + random.nextInt(10));
                List<String> block = new ArrayList<>(lines.subList(a, end));
                lines.subList(a, end).clear();
                lines.addAll(random.nextInt(lines.size() + 1), block);
            }
        }
        return String.join(random.nextInt(10) == 0 ? "\r\n" : "\n", lines);
    }

    /**
     * The bytes with one to four edits: bits flipped, bytes replaced, inserted or deleted, the end cut, a
     * byte-order mark or an encoding declaration put in front.
     *
     * @param bytes an input, usually a valid file
     * @return a broken copy
     */
    public byte[] mutate(byte[] bytes) {
        byte[] out = bytes;
        int edits = 1 + random.nextInt(4);
        for (int e = 0; e < edits; e++) {
            int n = out.length;
            switch (random.nextInt(6)) {
                case 0 -> {
                    if (n > 0) {
                        out = out.clone();
                        out[random.nextInt(n)] ^= (byte) (1 << random.nextInt(8));
                    }
                }
                case 1 -> {
                    byte[] ins = new byte[1 + random.nextInt(6)];
                    random.nextBytes(ins);
                    int a = random.nextInt(n + 1);
                    out = concat(Arrays.copyOf(out, a), ins, Arrays.copyOfRange(out, a, n));
                }
                case 2 -> out = Arrays.copyOf(out, random.nextInt(n + 1));
                case 3 -> {
                    if (n > 1) {
                        int a = random.nextInt(n);
                        out = concat(Arrays.copyOf(out, a), new byte[0], Arrays.copyOfRange(out, a + 1 + random.nextInt(Math.min(n - a, 20)), n));
                    }
                }
                case 4 -> {
                    byte[][] boms = {{(byte) 0xEF, (byte) 0xBB, (byte) 0xBF}, {(byte) 0xFF, (byte) 0xFE}, {(byte) 0xFE, (byte) 0xFF}};
                    out = concat(boms[random.nextInt(boms.length)], out, new byte[0]);
                }
                default -> {
                    String[] declarations = {"#KIF version=2.0 encoding=UTF-8\n", "#KIF version=2.0 encoding=Shift_JIS\n",
                        "'encoding=SHIFT_JIS\n", "#KIF version=2.0 encoding=EUC-JP\n", "#KIF encoding=bogus\n", "'encoding=\n"};
                    byte[] d = declarations[random.nextInt(declarations.length)].getBytes(java.nio.charset.StandardCharsets.US_ASCII);
                    out = concat(d, out, new byte[0]);
                }
            }
        }
        return out;
    }

    private static byte[] concat(byte[] a, byte[] b, byte[] c) {
        byte[] r = Arrays.copyOf(a, a.length + b.length + c.length);
        System.arraycopy(b, 0, r, a.length, b.length);
        System.arraycopy(c, 0, r, a.length + b.length, c.length);
        return r;
    }

    /**
     * An input for a failure message: control, format, surrogate and separator characters escaped as
     * {@code \}{@code uXXXX}, cut after 2,000 characters.
     *
     * @param text the input
     * @return the text, printable
     */
    public static String show(String text) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < Math.min(text.length(), 2_000); i++) {
            char c = text.charAt(i);
            int type = Character.getType(c);
            if (c == '\n') {
                sb.append("\\n");
            } else if (Character.isISOControl(c) || type == Character.FORMAT || type == Character.SURROGATE
                    || type == Character.LINE_SEPARATOR || type == Character.PARAGRAPH_SEPARATOR || c == '\\') {
                sb.append(c == '\\' ? "\\\\" : String.format("\\u%04x", (int) c));
            } else {
                sb.append(c);
            }
        }
        return text.length() > 2_000 ? sb + "… (" + text.length() + " characters)" : sb.toString();
    }
}
