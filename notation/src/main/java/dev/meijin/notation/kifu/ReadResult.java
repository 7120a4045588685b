package dev.meijin.notation.kifu;

import java.util.List;

/**
 * What a lenient reader returns: the record as far as it could be read, and every problem found. The main
 * line stops before the first illegal move, but headers and earlier moves are kept, and so is an ending
 * recorded right after that move which says its mover lost by it ({@link Special#afterIllegalMove}).
 */
public record ReadResult(Kifu kifu, List<Problem> problems) {
    public ReadResult {
        problems = List.copyOf(problems);
    }

    public boolean ok() {
        return problems.isEmpty();
    }

    /**
     * The record, or an exception for the first problem (strict reading).
     *
     * @throws KifuException for the first problem found
     */
    public Kifu orThrow() {
        if (!problems.isEmpty()) {
            throw new KifuException(problems.getFirst());
        }
        return kifu;
    }
}
