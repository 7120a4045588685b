package dev.meijin.mate;

/** Why a search ended without settling the problem. */
public enum UnknownReason {
    /** The node limit was reached. */
    NODE_LIMIT,
    /** The time limit was reached. */
    TIME_LIMIT,
    /** {@link MateSolver#stop()} was called. */
    STOPPED,
    /**
     * No mate was found, but some line was cut at the longest the solver follows (2,000 plies), so a mate
     * longer than that is not ruled out.
     */
    DEPTH_LIMIT,
    /**
     * The proof or disproof numbers outgrew their range, or a mate was proven but no line could be read out of
     * the table; a larger table or another order might help.
     */
    EXHAUSTED
}
