package dev.meijin.server.round;

/**
 * The live impasse counts of both sides: for a declaration (入玉宣言) the declaration points, for an impasse
 * by agreement (持将棋, professional rules) every piece's points, against the 24 a side needs not to lose.
 */
public record ImpasseView(Side sente, Side gote) {
    /**
     * One side's count.
     *
     * @param kingInZone its king is in the enemy camp
     * @param piecesInZone its other pieces there
     * @param points declaration points (pieces in the zone plus in hand), or under an agreement rule the
     *     points of all its pieces on the board and in hand
     * @param needed the points the rule set needs
     * @param inCheck its king is in check
     * @param canDeclare whether its declaration would stand if it were to move; under an agreement rule,
     *     whether an impasse can be proposed now (both kings in the enemy camp)
     */
    public record Side(boolean kingInZone, int piecesInZone, int points, int needed, boolean inCheck, boolean canDeclare) {}
}
