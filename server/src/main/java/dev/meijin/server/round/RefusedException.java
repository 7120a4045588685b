package dev.meijin.server.round;

import dev.meijin.core.position.IllegalMoveReason;
import java.util.Optional;

/**
 * A request refused with an {@link ErrorCode} and a message for the person who sent it; a refused move also
 * carries the rule it breaks.
 */
public final class RefusedException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final ErrorCode code;
    private final IllegalMoveReason reason;

    /** A refusal. */
    public RefusedException(ErrorCode code, String message) {
        this(code, message, null);
    }

    /** A refusal; {@code reason} is the rule an {@link ErrorCode#ILLEGAL_MOVE} breaks, null with the other codes. */
    public RefusedException(ErrorCode code, String message, IllegalMoveReason reason) {
        super(message, null, false, false);
        this.code = code;
        this.reason = reason;
    }

    /** The code. */
    public ErrorCode code() {
        return code;
    }

    /** Why the move was illegal, for {@link ErrorCode#ILLEGAL_MOVE}; empty for other refusals. */
    public Optional<IllegalMoveReason> reason() {
        return Optional.ofNullable(reason);
    }
}
