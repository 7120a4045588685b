package dev.meijin.notation.kifu;

import dev.meijin.core.Move;
import dev.meijin.core.position.Position;
import dev.meijin.core.sfen.Sfen;

/** A record that cannot be read (strict mode) or written; carries the {@link Problem} with its line and column. */
public final class KifuException extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;

    private final transient Problem problem;

    public KifuException(Problem problem) {
        super(problem.toString());
        this.problem = problem;
    }

    /**
     * A writer refuses a move that is not legal where the record plays it: {@code cannot write move 7g7e: it is
     * not legal in <sfen>}, at {@code ply}. Every record writer says it in these words.
     */
    public static KifuException illegalMove(int ply, Position pos, int move) {
        return new KifuException(new Problem(Problem.Kind.CANNOT_WRITE, 0, 0, ply, "cannot write move " + Move.usi(move) + ": it is not legal in " + Sfen.format(pos)));
    }

    /**
     * A writer refuses a record with moves whose start position is not legal (a lenient reader keeps such a
     * record, without its moves): {@code cannot write the record: the start position is not legal: <why>}.
     */
    public static KifuException illegalStart(Kifu kifu) {
        return new KifuException(new Problem(Problem.Kind.CANNOT_WRITE, 0, 0, 0, "cannot write the record: the start position is not legal: "
                + kifu.startProblem().orElse("")));
    }

    public Problem problem() {
        return problem;
    }
}
