package dev.meijin.server.round;

/** A request refused with an {@link ErrorCode} and a message for the person who sent it. */
public final class RefusedException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final ErrorCode code;

    /** A refusal. */
    public RefusedException(ErrorCode code, String message) {
        super(message, null, false, false);
        this.code = code;
    }

    /** The code. */
    public ErrorCode code() {
        return code;
    }
}
