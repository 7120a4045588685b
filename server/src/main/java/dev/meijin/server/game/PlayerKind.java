package dev.meijin.server.game;

import java.util.Locale;

/** Who sits at a seat. */
public enum PlayerKind {
    HUMAN,
    ENGINE;

    /** The lower-case name used on the wire ({@code "human"}). */
    public String wire() {
        return name().toLowerCase(Locale.ROOT);
    }
}
