package dev.meijin.core.position;

/** Why a {@link Setup} is not a legal position. */
public enum PositionIssue {
    /** A side lacks its king (the attacker may lack one in a tsume position). */
    NO_KING,
    /** A side has more than one king. */
    TOO_MANY_KINGS,
    /** More pieces of a kind on the board and in hands than a set holds (18 pawns, 4 lances, …). */
    TOO_MANY_PIECES,
    /** Two unpromoted pawns of one side on one file. */
    NIFU,
    /** A piece that could never move again: pawn or lance on the last rank, knight on the last two. */
    DEAD_PIECE,
    /** The side not to move is in check (its opponent could capture the king). */
    OPPONENT_IN_CHECK
}
