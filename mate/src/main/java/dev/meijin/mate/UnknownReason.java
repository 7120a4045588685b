package dev.meijin.mate;

/** Why a search ended without settling the problem. */
public enum UnknownReason {
    /** The node limit was reached. */
    NODE_LIMIT,
    /** The time limit was reached. */
    TIME_LIMIT,
    /** {@link MateSolver#stop()} was called. */
    STOPPED,
    /** The search reached its maximum depth (the line is longer than the solver follows). */
    DEPTH_LIMIT,
    /** The proof or disproof numbers outgrew their range; a larger table or another order might help. */
    EXHAUSTED
}
