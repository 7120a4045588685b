package dev.meijin.core.sfen;

import dev.meijin.core.position.IllegalPositionException;
import dev.meijin.core.position.PositionIssue;
import java.util.Set;

/**
 * A malformed SFEN: carries the {@link Reason}, the input and the character index where the problem is.
 * Example message: {@code invalid SFEN hands at 57: 3 bishops in sente's hand, a set has 2 in "…/LNSGKGSNL b 3B 1"}.
 * The message quotes at most {@value #EXCERPT} characters of the input, around the index, with control
 * characters escaped ({@code \n}, {@code \u001b}); {@link #input()} keeps the whole text.
 */
public final class SfenException extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;

    /** What is wrong. */
    public enum Reason {
        /** Empty input or the wrong number of fields. */
        FIELDS,
        /** The board field: wrong number of ranks or files, or an unknown piece letter. */
        BOARD,
        /** The side-to-move field is not {@code b} or {@code w}. */
        TURN,
        /** The hands field is malformed or holds impossible counts. */
        HANDS,
        /** The move number is not a positive integer. */
        MOVE_NUMBER,
        /** The text is well formed but the position breaks a rule (see the message for the issues). */
        POSITION
    }

    private final Reason reason;
    private final String input;
    private final int index;
    private final transient Set<PositionIssue> issues;

    /**
     * A malformed or illegal SFEN.
     *
     * @param reason what is wrong
     * @param input the text
     * @param index the character index of the problem, or -1 when it is the whole position's (a missing king),
     *     which the message then does not give
     * @param detail why, in a few words
     */
    public SfenException(Reason reason, String input, int index, String detail) {
        this(reason, input, index, detail, java.util.Set.of());
    }

    /**
     * A well-formed SFEN whose position breaks a rule ({@link Reason#POSITION}).
     *
     * @param input the text
     * @param index the character index of the square concerned, or -1
     * @param e the rules' verdict: its detail and issues
     */
    public SfenException(String input, int index, IllegalPositionException e) {
        this(Reason.POSITION, input, index, e.detail(), e.issues());
        initCause(e);
    }

    private SfenException(Reason reason, String input, int index, String detail, Set<PositionIssue> issues) {
        super("invalid SFEN " + reason.name().toLowerCase(java.util.Locale.ROOT).replace('_', ' ')
                + (index >= 0 ? " at " + index : "") + ": " + detail + " in " + excerpt(input, index));
        this.reason = reason;
        this.input = input;
        this.index = index;
        this.issues = Set.copyOf(issues);
    }

    /**
     * For {@link Reason#POSITION}, every rule the position breaks (as {@link IllegalPositionException#issues()});
     * empty for the other reasons.
     */
    public Set<PositionIssue> issues() {
        return issues;
    }

    public Reason reason() {
        return reason;
    }

    public String input() {
        return input;
    }

    /** The character index in the input where the problem was found, or -1 if it is no single place's. */
    public int index() {
        return index;
    }

    /** The most input characters a message quotes. */
    public static final int EXCERPT = 80;

    /** A bounded, escaped excerpt of the input around {@code index}, in double quotes, with … where cut. */
    static String excerpt(String input, int index) {
        if (input.length() <= EXCERPT) {
            return "\"" + escape(input) + "\"";
        }
        int from = Math.max(0, Math.min(index - EXCERPT / 2, input.length() - EXCERPT));
        int to = from + EXCERPT;
        return "\"" + (from > 0 ? "…" : "") + escape(input.substring(from, to)) + (to < input.length() ? "…" : "") + "\"";
    }

    /** Text of the input for a message: escaped and cut to {@value #EXCERPT} characters, in double quotes. */
    static String quote(String text) {
        return text.length() <= EXCERPT ? "\"" + escape(text) + "\"" : "\"" + escape(text.substring(0, EXCERPT)) + "…\"";
    }

    /** One input character for a message, in single quotes, escaped if it is a control character. */
    static String quote(char c) {
        return "'" + escape(String.valueOf(c)) + "'";
    }

    /** The text with control characters (and backslashes) written as Java-style escapes. */
    static String escape(String text) {
        StringBuilder sb = new StringBuilder(text.length());
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            switch (c) {
                case '\n' -> sb.append("\\n");
                case '\r' -> sb.append("\\r");
                case '\t' -> sb.append("\\t");
                case '\\' -> sb.append("\\\\");
                default -> {
                    if (Character.isISOControl(c) || Character.getType(c) == Character.FORMAT) {
                        sb.append(String.format("\\u%04x", (int) c));
                    } else {
                        sb.append(c);
                    }
                }
            }
        }
        return sb.toString();
    }
}
