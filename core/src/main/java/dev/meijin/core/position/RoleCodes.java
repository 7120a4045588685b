package dev.meijin.core.position;

/**
 * The role codes of {@link dev.meijin.core.Role} as int constants, for the hot paths of this package (a
 * piece code is {@code role | color << 4}).
 */
final class RoleCodes {
    private RoleCodes() {}

    static final int PAWN = 1, LANCE = 2, KNIGHT = 3, SILVER = 4, BISHOP = 5, ROOK = 6, GOLD = 7, KING = 8,
            TOKIN = 9, PRO_LANCE = 10, PRO_KNIGHT = 11, PRO_SILVER = 12, HORSE = 13, DRAGON = 14;
}
