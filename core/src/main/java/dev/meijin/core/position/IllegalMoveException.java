package dev.meijin.core.position;

/**
 * Thrown by {@link Position#play} when a move is not legal in the position; the message names the move, the
 * position and the rule broken, and {@link #reason()} gives the rule as a constant.
 */
public final class IllegalMoveException extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;

    private final IllegalMoveReason reason;

    /** An exception for a move refused for {@code reason}, with the whole message. */
    public IllegalMoveException(IllegalMoveReason reason, String message) {
        super(message);
        this.reason = reason;
    }

    /** The rule the move breaks. */
    public IllegalMoveReason reason() {
        return reason;
    }
}
