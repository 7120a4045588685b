package dev.meijin.server.game;

import java.util.Locale;

/** Where a stored game stands. */
public enum GameStatus {
    /** Created against a person; one seat is free. */
    WAITING,
    /** Both seats taken; moves are being played. */
    PLAYING,
    /** Over, with a result. */
    FINISHED,
    /** Cancelled before it really started (no result). */
    ABORTED;

    /** The lower-case name used on the wire ({@code "playing"}). */
    public String wire() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** Whether the game can still change (waiting or playing). */
    public boolean isLive() {
        return this == WAITING || this == PLAYING;
    }
}
