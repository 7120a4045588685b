package dev.meijin.server.round;

import dev.meijin.core.position.IllegalMoveReason;
import dev.meijin.notation.kifu.Problem;
import java.util.Optional;

/**
 * A request refused with an {@link ErrorCode} and a message for the person who sent it; a refused move also
 * carries the rule it breaks, and a refused game record the problem found in it.
 */
public final class RefusedException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final ErrorCode code;
    private final IllegalMoveReason reason;
    private final transient Problem problem;

    /** A refusal. */
    public RefusedException(ErrorCode code, String message) {
        this(code, message, null, null);
    }

    /** A refusal; {@code reason} is the rule an {@link ErrorCode#ILLEGAL_MOVE} breaks, null with the other codes. */
    public RefusedException(ErrorCode code, String message, IllegalMoveReason reason) {
        this(code, message, reason, null);
    }

    /** A refused game record or mate problem: {@code problem} is what is wrong with its text. */
    public RefusedException(ErrorCode code, String message, Problem problem) {
        this(code, message, null, problem);
    }

    private RefusedException(ErrorCode code, String message, IllegalMoveReason reason, Problem problem) {
        super(message, null, false, false);
        this.code = code;
        this.reason = reason;
        this.problem = problem;
    }

    /** The code. */
    public ErrorCode code() {
        return code;
    }

    /** Why the move was illegal, for {@link ErrorCode#ILLEGAL_MOVE}; empty for other refusals. */
    public Optional<IllegalMoveReason> reason() {
        return Optional.ofNullable(reason);
    }

    /** What is wrong with a refused record's text; empty for other refusals. */
    public Optional<Problem> problem() {
        return Optional.ofNullable(problem);
    }
}
