package dev.meijin.notation.kifu;

/** A record that cannot be read (strict mode) or written; carries the {@link Problem} with its line and column. */
public final class KifuException extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;

    private final transient Problem problem;

    public KifuException(Problem problem) {
        super(problem.toString());
        this.problem = problem;
    }

    public Problem problem() {
        return problem;
    }
}
