package dev.meijin.server.round;

import java.util.List;

/**
 * The furigoma of a game whose sides it decides (docs/PROTOCOL.md, {@code state.furigoma}): the five faces
 * ({@code PAWN} or {@code TOKIN}), the creator's colour and whether the creator moves first; all three null while
 * the toss waits for the second player to take the seat.
 */
public record FurigomaView(List<String> faces, String tosser, Boolean tosserMovesFirst) {
    /** The sides are to be tossed when the second player takes the seat. */
    public static final FurigomaView PENDING = new FurigomaView(null, null, null);
}
