package dev.meijin.core.usi;

import dev.meijin.core.position.IllegalMoveReason;

/**
 * A USI move that cannot be played: malformed text ({@link IllegalMoveReason#MALFORMED}), or well-formed but
 * illegal in the position (the rule it breaks). Carries the reason and the input.
 */
public final class UsiMoveException extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;

    private final IllegalMoveReason reason;
    private final String input;

    /** An exception for {@code input} refused for {@code reason}, with the whole message. */
    public UsiMoveException(IllegalMoveReason reason, String input, String message) {
        super(message);
        this.reason = reason;
        this.input = input;
    }

    /** Why the move was refused: {@link IllegalMoveReason#MALFORMED} for bad syntax, else the rule it breaks. */
    public IllegalMoveReason reason() {
        return reason;
    }

    /** Whether the text is not USI move syntax at all. */
    public boolean isMalformed() {
        return reason == IllegalMoveReason.MALFORMED;
    }

    /** The text as given. */
    public String input() {
        return input;
    }
}
