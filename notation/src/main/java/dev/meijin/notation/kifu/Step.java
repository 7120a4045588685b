package dev.meijin.notation.kifu;

import dev.meijin.core.Move;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * One step of a line of play: a move or a special ending, with its comments, time and the alternative
 * lines (variations) that replace it.
 *
 * @param move the int move ({@link Move}), or {@link Move#NONE} for a special step
 * @param special the special ending, or empty for a move
 * @param comments comments on this step ({@code *} in KIF, {@code '} in CSA), one entry per line
 * @param engineComments engine output on this step ({@code **} in KIF, {@code '*} in CSA)
 * @param time the time spent on this move, if recorded
 * @param totalTime the mover's total time used so far, if recorded
 * @param forks alternative lines that start at this step's ply instead of it; each is a non-empty list
 */
public record Step(int move, Optional<Special> special, List<String> comments, List<String> engineComments,
        Optional<Duration> time, Optional<Duration> totalTime, List<List<Step>> forks) {

    public Step {
        comments = List.copyOf(comments);
        engineComments = List.copyOf(engineComments);
        forks = forks.stream().map(List::copyOf).toList();
        if ((move == Move.NONE) == special.isEmpty()) {
            throw new IllegalArgumentException("a step is either a move or a special, not both or neither");
        }
        for (List<Step> f : forks) {
            if (f.isEmpty()) {
                throw new IllegalArgumentException("a fork must hold at least one step");
            }
        }
    }

    /** A bare move step. */
    public static Step move(int move) {
        return new Step(move, Optional.empty(), List.of(), List.of(), Optional.empty(), Optional.empty(), List.of());
    }

    /** A bare special step. */
    public static Step special(Special special) {
        return new Step(Move.NONE, Optional.of(special), List.of(), List.of(), Optional.empty(), Optional.empty(), List.of());
    }

    public boolean isMove() {
        return special.isEmpty();
    }

    public Step withComments(List<String> c) {
        return new Step(move, special, c, engineComments, time, totalTime, forks);
    }

    public Step withEngineComments(List<String> c) {
        return new Step(move, special, comments, c, time, totalTime, forks);
    }

    public Step withTime(Optional<Duration> t, Optional<Duration> total) {
        return new Step(move, special, comments, engineComments, t, total, forks);
    }

    public Step withForks(List<List<Step>> f) {
        return new Step(move, special, comments, engineComments, time, totalTime, f);
    }
}
