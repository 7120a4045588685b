package dev.meijin.core.position;

/** Thrown by {@link Position#play} when a move is not legal in the position; the message names both. */
public final class IllegalMoveException extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;

    public IllegalMoveException(String message) {
        super(message);
    }
}
