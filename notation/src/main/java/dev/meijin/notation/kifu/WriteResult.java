package dev.meijin.notation.kifu;

import java.util.List;

/**
 * What a writer returns: the text, what the target format could not hold (branches in CSA, times in KI2,
 * comments in SFEN…), one human-readable entry per kind of loss, and what in the text a reader would not take
 * back whole because it exceeds the {@link Limits} every reader keeps (a line longer than
 * {@value Limits#MAX_LINE_LENGTH} characters, more than {@value Limits#MAX_PLY} moves in a line of play…).
 *
 * @param text the written text
 * @param dropped what the format could not hold and was left out
 * @param beyondLimits what was written but would be cut or skipped when read back; empty for every record the
 *     readers returned
 */
public record WriteResult(String text, List<String> dropped, List<String> beyondLimits) {
    public WriteResult {
        dropped = List.copyOf(dropped);
        beyondLimits = List.copyOf(beyondLimits);
    }

    /**
     * A result whose text every reader takes back whole.
     *
     * @param text the written text
     * @param dropped what the format could not hold
     */
    public WriteResult(String text, List<String> dropped) {
        this(text, dropped, List.of());
    }
}
