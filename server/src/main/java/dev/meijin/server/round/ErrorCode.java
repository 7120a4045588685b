package dev.meijin.server.round;

import java.util.Locale;

/** Why a request or message was refused, with its HTTP status; the wire name is the lower-case constant. */
public enum ErrorCode {
    BAD_JSON(400),
    UNKNOWN_TYPE(400),
    BAD_FIELD(400),
    TOO_LARGE(413),
    RATE_LIMITED(429),
    UNKNOWN_GAME(404),
    UNKNOWN_ANALYSIS(404),
    UNKNOWN_PROBLEM(404),
    UNKNOWN_ROUTE(404),
    METHOD_NOT_ALLOWED(405),
    NOT_A_PLAYER(403),
    SEAT_TAKEN(409),
    NOT_STARTED(409),
    GAME_OVER(409),
    NOT_YOUR_TURN(409),
    STALE_PLY(409),
    ILLEGAL_MOVE(422),
    NOT_ALLOWED(409),
    NO_OFFER(409),
    CANNOT_CLAIM(409),
    ENGINE_UNAVAILABLE(503),
    SOLVER_BUSY(503),
    ENGINE_BUSY(503),
    INTERNAL(500);

    private final int httpStatus;

    ErrorCode(int httpStatus) {
        this.httpStatus = httpStatus;
    }

    /** The HTTP status that goes with the code. */
    public int httpStatus() {
        return httpStatus;
    }

    /** The code as sent: {@code stale_ply}. */
    public String wire() {
        return name().toLowerCase(Locale.ROOT);
    }
}
