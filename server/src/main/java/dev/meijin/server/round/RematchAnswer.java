package dev.meijin.server.round;

import dev.meijin.core.Color;

/** What a request for a rematch of a finished game came to ({@link Round#rematch}). */
public sealed interface RematchAnswer {

    /** The offer stands and waits for the opponent (who sees a {@code rematchOffered} event). */
    record Offered() implements RematchAnswer {}

    /** The offer was withdrawn or declined. */
    record Declined() implements RematchAnswer {}

    /** The rematch was created (now, or earlier by the opponent's acceptance): the asking player's seat in it. */
    record Created(String gameId, Color color) implements RematchAnswer {}
}
