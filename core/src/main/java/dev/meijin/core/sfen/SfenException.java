package dev.meijin.core.sfen;

/**
 * A malformed SFEN: carries the {@link Reason}, the input and the character index where the problem is.
 * Example message: {@code invalid SFEN hand "3B" at 57: BISHOP count 3 > 2}.
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

    public SfenException(Reason reason, String input, int index, String detail) {
        super("invalid SFEN " + reason.name().toLowerCase(java.util.Locale.ROOT).replace('_', ' ') + " at " + index + ": " + detail + " in \"" + input + "\"");
        this.reason = reason;
        this.input = input;
        this.index = index;
    }

    public Reason reason() {
        return reason;
    }

    public String input() {
        return input;
    }

    /** The character index in the input where the problem was found. */
    public int index() {
        return index;
    }
}
