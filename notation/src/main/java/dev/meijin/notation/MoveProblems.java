package dev.meijin.notation;

import dev.meijin.core.position.IllegalMoveReason;
import dev.meijin.notation.kifu.Limits;
import dev.meijin.notation.kifu.Problem;
import dev.meijin.notation.move.MoveNotationException;

/**
 * The {@link Problem} a record reader reports for a move it cannot read or play: the one place where a move
 * notation's failure ({@link MoveNotationException}, which must not know of records) becomes a record's problem.
 */
public final class MoveProblems {
    private MoveProblems() {}

    /**
     * A move text that failed: {@link Problem.Kind#UNREADABLE_MOVE}, {@link Problem.Kind#AMBIGUOUS_MOVE} or
     * {@link Problem.Kind#ILLEGAL_MOVE} with the rule it breaks when the notation knows it; the move text is the
     * problem's text.
     */
    public static Problem of(MoveNotationException e, int line, int column, int ply, String message) {
        Problem.Kind kind = switch (e.reason()) {
            case MALFORMED -> Problem.Kind.UNREADABLE_MOVE;
            case ILLEGAL -> Problem.Kind.ILLEGAL_MOVE;
            case AMBIGUOUS -> Problem.Kind.AMBIGUOUS_MOVE;
        };
        IllegalMoveReason rule = kind == Problem.Kind.ILLEGAL_MOVE ? e.rule().orElse(null) : null;
        return new Problem(kind, line, column, ply, message, e.input(), rule);
    }
}
