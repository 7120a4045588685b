package dev.meijin.core.position;

import static dev.meijin.core.position.MoveGenerator.*;

/**
 * What {@link Position#generate(GenType, int[], int)} produces. Every type yields legal moves only.
 *
 * <ul>
 *   <li>{@link #CAPTURES} and {@link #QUIETS} are disjoint; together they are {@link #LEGAL}.
 *   <li>When the side to move is in check, every type yields only evasions: {@link #EVASIONS} equals
 *       {@link #LEGAL} then, and {@link #NON_EVASIONS} is empty; when not in check it is the reverse.
 *   <li>The plain types leave out non-promotions that are never better than promoting: pawn, bishop and
 *       rook moves that could promote, and lance moves to the second rank. The {@code _ALL} types include
 *       them, as game records and mate proofs need (perft counts {@link #LEGAL_ALL}).
 *   <li>{@link #CHECKS} (and {@link #CHECKS_ALL}) is the subset of {@link #LEGAL} that gives check.
 * </ul>
 */
public enum GenType {
    /** Legal moves that capture. */
    CAPTURES(GEN_CAPTURES, Mode.ANY),
    /** Legal captures, useless non-promotions included. */
    CAPTURES_ALL(GEN_CAPTURES | GEN_ALL, Mode.ANY),
    /** Legal moves that do not capture, drops included. */
    QUIETS(GEN_QUIETS, Mode.ANY),
    /** Legal quiet moves, useless non-promotions included. */
    QUIETS_ALL(GEN_QUIETS | GEN_ALL, Mode.ANY),
    /** Every legal move when in check; nothing otherwise. */
    EVASIONS(GEN_CAPTURES | GEN_QUIETS, Mode.IN_CHECK),
    /** {@link #EVASIONS} with useless non-promotions. */
    EVASIONS_ALL(GEN_CAPTURES | GEN_QUIETS | GEN_ALL, Mode.IN_CHECK),
    /**
     * {@link #EVASIONS_ALL} with one drop per square (the strongest piece that may drop there): as many moves as
     * a reply count needs where drops of different pieces on one square count once, the other drops not
     * generated.
     */
    EVASIONS_ALL_ONE_DROP_PER_SQUARE(GEN_CAPTURES | GEN_QUIETS | GEN_ALL | GEN_ONE_DROP_PER_SQUARE, Mode.IN_CHECK),
    /** Every legal move when not in check; nothing otherwise. */
    NON_EVASIONS(GEN_CAPTURES | GEN_QUIETS, Mode.NOT_IN_CHECK),
    /** {@link #NON_EVASIONS} with useless non-promotions. */
    NON_EVASIONS_ALL(GEN_CAPTURES | GEN_QUIETS | GEN_ALL, Mode.NOT_IN_CHECK),
    /** Legal moves that give check. */
    CHECKS(GEN_CAPTURES | GEN_QUIETS | GEN_CHECKS, Mode.ANY),
    /** Legal moves that give check, useless non-promotions included. */
    CHECKS_ALL(GEN_CAPTURES | GEN_QUIETS | GEN_ALL | GEN_CHECKS, Mode.ANY),
    /** Every legal move a player would consider (no useless non-promotions). */
    LEGAL(GEN_CAPTURES | GEN_QUIETS, Mode.ANY),
    /** Every legal move, useless non-promotions included: what perft counts and records may contain. */
    LEGAL_ALL(GEN_CAPTURES | GEN_QUIETS | GEN_ALL, Mode.ANY);

    enum Mode {
        ANY,
        IN_CHECK,
        NOT_IN_CHECK
    }

    final int flags;
    final Mode mode;

    GenType(int flags, Mode mode) {
        this.flags = flags;
        this.mode = mode;
    }
}
