package dev.meijin.server.round;

/**
 * The draw by lot of a handicap game whose sides it decides (docs/PROTOCOL.md, {@code state.lot}): the colour the
 * draw gave the creator (gote: the creator gives the handicap; sente: it receives it); null while the draw waits
 * for the second player to take the seat.
 */
public record LotView(String creator) {
    /** The sides are to be drawn when the second player takes the seat. */
    public static final LotView PENDING = new LotView(null);
}
