package dev.meijin.core.position;

import java.util.Objects;

/**
 * Why a move cannot be played: the rule it breaks as a constant for code, and a sentence for people, such
 * as {@code NIFU} with "nifu: file 5 already holds an unpromoted pawn of sente's".
 *
 * @param reason the rule broken
 * @param message a short sentence without the move or the position (callers add those)
 */
public record IllegalMove(IllegalMoveReason reason, String message) {
    /** Checks that both parts are present. */
    public IllegalMove {
        Objects.requireNonNull(reason, "reason");
        Objects.requireNonNull(message, "message");
    }
}
