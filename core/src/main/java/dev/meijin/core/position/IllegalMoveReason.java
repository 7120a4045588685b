package dev.meijin.core.position;

/**
 * Why a move is refused: the rule it breaks, or why the game cannot take it. Callers branch on the constant;
 * the message that goes with it is for people.
 */
public enum IllegalMoveReason {
    /** The text is not a move at all (bad syntax). */
    MALFORMED,
    /** No piece stands on the origin square. */
    NO_SUCH_PIECE,
    /** The piece on the origin square belongs to the opponent. */
    NOT_YOUR_PIECE,
    /** The destination holds one of the mover's own pieces. */
    OWN_PIECE_ON_TARGET,
    /** The piece cannot move from its square to the destination (not its move, or the way is blocked). */
    CANNOT_REACH,
    /** A pawn, lance or knight moves to a rank from which it could never move again without promoting. */
    MUST_PROMOTE,
    /** The piece cannot promote (gold, king, an already promoted piece) or the move neither starts nor ends in the zone. */
    CANNOT_PROMOTE,
    /** The piece to drop is not in the mover's hand. */
    NOT_IN_HAND,
    /** The drop square is occupied. */
    DROP_ON_OCCUPIED,
    /** A pawn, lance or knight dropped where it could never move (行き所のない駒). */
    DEAD_DROP,
    /** A pawn dropped on a file that already holds an unpromoted pawn of the same side (二歩). */
    NIFU,
    /** A pawn dropped to give checkmate (打ち歩詰め). */
    UCHIFUZUME,
    /** The move leaves (or puts) the mover's king in check, or does not answer a check. */
    KING_LEFT_IN_CHECK,
    /** It is the other side's turn. */
    NOT_YOUR_TURN,
    /** The game is over. */
    GAME_OVER,
    /** The move was sent for another ply than the game's current one (a stale or replayed message). */
    STALE_PLY
}
