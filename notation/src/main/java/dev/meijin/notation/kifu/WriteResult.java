package dev.meijin.notation.kifu;

import java.util.List;

/**
 * What a writer returns: the text, and what the target format could not hold (branches in CSA, times in
 * KI2, comments in SFEN…), one human-readable entry per kind of loss.
 */
public record WriteResult(String text, List<String> dropped) {
    public WriteResult {
        dropped = List.copyOf(dropped);
    }
}
