package dev.meijin.core.movegen;

import dev.meijin.core.position.Position;

/**
 * What {@link MoveGen#generate} produces. Every type yields legal moves only.
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
    CAPTURES(Position.GEN_CAPTURES, Mode.ANY),
    CAPTURES_ALL(Position.GEN_CAPTURES | Position.GEN_ALL, Mode.ANY),
    QUIETS(Position.GEN_QUIETS, Mode.ANY),
    QUIETS_ALL(Position.GEN_QUIETS | Position.GEN_ALL, Mode.ANY),
    EVASIONS(Position.LEGAL, Mode.IN_CHECK),
    EVASIONS_ALL(Position.LEGAL_ALL, Mode.IN_CHECK),
    NON_EVASIONS(Position.LEGAL, Mode.NOT_IN_CHECK),
    NON_EVASIONS_ALL(Position.LEGAL_ALL, Mode.NOT_IN_CHECK),
    CHECKS(Position.LEGAL | Position.GEN_CHECKS, Mode.ANY),
    CHECKS_ALL(Position.LEGAL_ALL | Position.GEN_CHECKS, Mode.ANY),
    LEGAL(Position.LEGAL, Mode.ANY),
    LEGAL_ALL(Position.LEGAL_ALL, Mode.ANY);

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

    /** The generation flags of {@link Position#generate(int, int[], int)}. */
    public int flags() {
        return flags;
    }
}
