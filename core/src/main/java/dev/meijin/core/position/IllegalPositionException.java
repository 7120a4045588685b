package dev.meijin.core.position;

import java.util.EnumSet;
import java.util.Set;

/** Thrown when a {@link Setup} is not a legal position; carries every issue found. */
public final class IllegalPositionException extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;

    private final transient Set<PositionIssue> issues;
    private final int square;
    private final String detail;

    public IllegalPositionException(Set<PositionIssue> issues, String detail) {
        this(issues, detail, -1);
    }

    /**
     * With the first square at fault (a dead piece, the second pawn of a nifu, the second king as a diagram is read,
     * the king in check), or -1.
     */
    public IllegalPositionException(Set<PositionIssue> issues, String detail, int square) {
        super("illegal position: " + detail);
        this.detail = detail;
        this.issues = Set.copyOf(EnumSet.copyOf(issues));
        this.square = square;
    }

    /** The first square at fault, or -1 when the fault is no single square's (a missing king, piece counts). */
    public int square() {
        return square;
    }

    /**
     * Why the position is illegal, without the {@code illegal position:} of the message, for a caller that says
     * so itself (such as "the start position is not legal: neither side has a king").
     *
     * @return the reason, such as {@code GOTE has no king}
     */
    public String detail() {
        return detail;
    }

    /** Every issue found. */
    public Set<PositionIssue> issues() {
        return issues;
    }
}
