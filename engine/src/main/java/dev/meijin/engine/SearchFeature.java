package dev.meijin.engine;

import java.util.Locale;

/**
 * A part of the search that the USI option {@code DisableSearchFeature} can switch off, so that its gain in play
 * is measured by a match of the engine against itself without it (an ablation match). Off by default: every
 * feature is on in normal play.
 */
public enum SearchFeature {
    /** Null-move pruning. */
    NULL_MOVE("NullMove"),
    /** Late-move reductions. */
    LATE_MOVE_REDUCTIONS("LateMoveReductions"),
    /** Shallow-depth pruning of moves: late-move pruning, futility pruning and static-exchange pruning. */
    SHALLOW_PRUNING("ShallowPruning"),
    /** Reverse futility (static null-move) pruning. */
    REVERSE_FUTILITY("ReverseFutility"),
    /** Razoring. */
    RAZORING("Razoring"),
    /** The one-ply mate test at every node of the main search. */
    ONE_PLY_MATE("OnePlyMate"),
    /** Check extensions. */
    CHECK_EXTENSION("CheckExtension"),
    /** Aspiration windows at the root. */
    ASPIRATION_WINDOWS("AspirationWindows"),
    /** Internal iterative reduction. */
    INTERNAL_ITERATIVE_REDUCTION("InternalIterativeReduction"),
    /** In quiescence in check, quiet evasions after the first two left out once one evasion escapes the mate. */
    QUIESCENCE_EVASION_PRUNING("QuiescenceEvasionPruning"),
    /** Continuation history: quiet moves ordered also by how they did after the moves one and two plies before. */
    CONTINUATION_HISTORY("ContinuationHistory"),
    /** Correction history: the static evaluation corrected by how it erred in positions sharing pawns, hands or kings. */
    CORRECTION_HISTORY("CorrectionHistory"),
    /** The mate solver's search at the root of a timed search, before the alpha-beta (a tenth of the time). */
    ROOT_MATE("RootMate");

    /** The option value that disables nothing. */
    public static final String NONE = "None";

    private final String usiName;

    SearchFeature(String usiName) {
        this.usiName = usiName;
    }

    /** The name used as a value of the USI option. */
    public String usiName() {
        return usiName;
    }

    /**
     * The feature with a USI option value (case-insensitive), or null for {@link #NONE}.
     *
     * @param name the option value
     * @return the feature, or null
     * @throws IllegalArgumentException listing the valid values
     */
    public static SearchFeature ofUsi(String name) {
        if (name.equalsIgnoreCase(NONE)) {
            return null;
        }
        for (SearchFeature f : values()) {
            if (f.usiName.toLowerCase(Locale.ROOT).equals(name.toLowerCase(Locale.ROOT))) {
                return f;
            }
        }
        StringBuilder valid = new StringBuilder(NONE);
        for (SearchFeature f : values()) {
            valid.append(", ").append(f.usiName);
        }
        throw new IllegalArgumentException("unknown search feature \"" + name + "\" (" + valid + ")");
    }
}
