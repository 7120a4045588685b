package dev.meijin.core.position;

import java.util.EnumSet;
import java.util.Set;

/** Thrown when a {@link Setup} is not a legal position; carries every issue found. */
public final class IllegalPositionException extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;

    private final transient Set<PositionIssue> issues;

    public IllegalPositionException(Set<PositionIssue> issues, String detail) {
        super("illegal position: " + detail);
        this.issues = Set.copyOf(EnumSet.copyOf(issues));
    }

    public Set<PositionIssue> issues() {
        return issues;
    }
}
