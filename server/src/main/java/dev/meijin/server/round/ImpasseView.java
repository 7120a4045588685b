package dev.meijin.server.round;

/** The live impasse (入玉宣言) counts of both sides. */
public record ImpasseView(Side sente, Side gote) {
    /**
     * One side's count.
     *
     * @param kingInZone its king is in the enemy camp
     * @param piecesInZone its other pieces there
     * @param points declaration points: pieces in the zone plus in hand
     * @param needed the points the rule set needs
     * @param inCheck its king is in check
     * @param canDeclare whether its declaration would stand if it were to move
     */
    public record Side(boolean kingInZone, int piecesInZone, int points, int needed, boolean inCheck, boolean canDeclare) {}
}
