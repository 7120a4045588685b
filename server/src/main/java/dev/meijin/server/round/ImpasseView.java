package dev.meijin.server.round;

/**
 * The live impasse counts of both sides: for a declaration (入玉宣言) the declaration points, for an impasse
 * by agreement (持将棋, professional rules) every piece's points, against the 24 a side needs not to lose.
 *
 * @param relevant whether the counts matter yet: a king stands in the enemy camp or on the rank next to it
 *     (either side's {@link Side#kingNearZone}); a client shows them, and the declaration, only then
 * @param sente sente's count
 * @param gote gote's count
 */
public record ImpasseView(boolean relevant, Side sente, Side gote) {
    /** The rank counted from the far side, at most which a king is near the enemy camp: the camp's three ranks and the next. */
    static final int NEAR_ZONE_RANK = 4;

    /** The counts of both sides, relevant when either king is near the enemy camp. */
    static ImpasseView of(Side sente, Side gote) {
        return new ImpasseView(sente.kingNearZone() || gote.kingNearZone(), sente, gote);
    }

    /**
     * One side's count.
     *
     * @param kingInZone its king is in the enemy camp
     * @param kingNearZone its king is in the enemy camp or on the rank next to it (sente's king on ranks 1–4,
     *     gote's on ranks 6–9): its declaration, or an impasse, may come within a move
     * @param piecesInZone its other pieces there
     * @param points declaration points (pieces in the zone plus in hand), or under an agreement rule the
     *     points of all its pieces on the board and in hand
     * @param needed the points the rule set needs
     * @param inCheck its king is in check
     * @param canDeclare whether its declaration would stand if it were to move; under an agreement rule,
     *     whether an impasse can be proposed now (both kings in the enemy camp)
     */
    public record Side(boolean kingInZone, boolean kingNearZone, int piecesInZone, int points, int needed, boolean inCheck, boolean canDeclare) {}
}
