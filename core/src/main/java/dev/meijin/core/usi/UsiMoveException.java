package dev.meijin.core.usi;

/**
 * A USI move that cannot be played: malformed text, or well-formed but illegal in the position. Carries
 * the {@link Reason} and the input.
 */
public final class UsiMoveException extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;

    /** What is wrong. */
    public enum Reason {
        /** Not USI move syntax ({@code 7g7f}, {@code 8h2b+}, {@code P*5e}). */
        MALFORMED,
        /** Well-formed, but not a legal move in the position. */
        ILLEGAL
    }

    private final Reason reason;
    private final String input;

    public UsiMoveException(Reason reason, String input, String message) {
        super(message);
        this.reason = reason;
        this.input = input;
    }

    public Reason reason() {
        return reason;
    }

    public String input() {
        return input;
    }
}
