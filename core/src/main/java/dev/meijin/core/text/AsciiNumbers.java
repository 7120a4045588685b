package dev.meijin.core.text;

/**
 * Whole numbers written in ASCII digits, as USI, SFEN, CSA and command lines write them.
 *
 * <p>{@link Long#parseLong} and {@link Integer#parseInt} take any Unicode decimal digit, so full-width
 * {@code １０００} or Arabic-Indic {@code ١٠٠٠} would be read as 1000: a number a GUI or a file never meant is
 * accepted without a word. Readers of outside text read numbers here instead. Where a format does allow other
 * digits (KIF's full-width counts and squares), its reader handles them itself, deliberately.
 *
 * {@snippet :
 * long ms = AsciiNumbers.parseLong("-1000");   // -1000
 * AsciiNumbers.parseLong("１０００");           // NumberFormatException
 * }
 */
public final class AsciiNumbers {
    private AsciiNumbers() {}

    /**
     * Whether the text is one or more ASCII digits {@code 0}–{@code 9} and nothing else (no sign, no space).
     *
     * @param text the text, or null
     * @return true for {@code "007"}, false for {@code ""}, {@code "+7"} or {@code "７"}
     */
    public static boolean isDigits(CharSequence text) {
        if (text == null || text.isEmpty()) {
            return false;
        }
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c < '0' || c > '9') {
                return false;
            }
        }
        return true;
    }

    /**
     * Reads a whole number as {@link Long#parseLong} does, with ASCII digits only: an optional {@code +} or
     * {@code -}, then one or more of {@code 0}–{@code 9}.
     *
     * @param text the text
     * @return its value
     * @throws NumberFormatException if the text is not such a number or lies outside the range of a long
     */
    public static long parseLong(String text) {
        return Long.parseLong(checked(text));
    }

    /**
     * Reads a whole number as {@link Integer#parseInt} does, with ASCII digits only (see {@link #parseLong}).
     *
     * @param text the text
     * @return its value
     * @throws NumberFormatException if the text is not such a number or lies outside the range of an int
     */
    public static int parseInt(String text) {
        return Integer.parseInt(checked(text));
    }

    private static String checked(String text) {
        if (text == null) {
            throw new NumberFormatException("no number given");
        }
        int digits = !text.isEmpty() && (text.charAt(0) == '+' || text.charAt(0) == '-') ? 1 : 0;
        if (!isDigits(text.subSequence(digits, text.length()))) {
            throw new NumberFormatException("\"" + text + "\" is not a whole number in ASCII digits");
        }
        return text;
    }
}
