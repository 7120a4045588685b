package dev.meijin.mate;

/** Which replies of the defender count when the solution is read out of a proof. */
public enum Convention {
    /**
     * The printed convention of tsume shogi: futile interpositions (無駄合) are not counted as resistance, and
     * a position whose only replies are futile drops counts as mate.
     */
    TSUME,
    /**
     * The rules of the game alone: every legal reply counts, so the solution ends in a checkmate with no
     * legal reply. The length of a problem with futile interpositions grows by two plies for each.
     */
    STRICT
}
