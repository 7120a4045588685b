package dev.meijin.notation.kifu;

import dev.meijin.core.game.Outcome;
import java.util.List;
import java.util.Optional;

/**
 * What replaying a record under the rules found.
 *
 * @param moves the main-line moves replayed legally
 * @param recorded the ending the record states
 * @param judged the ending the rules give for the record (the recorded ending applied through the rules,
 *     or one the rules reached by themselves, such as a checkmate or repetition)
 * @param problems disagreements between the record and the rules (illegal moves, a 千日手 that is no
 *     fourfold repetition, a declaration the rules reject, moves after the game ended…)
 * @param notes observations that are not errors (e.g. the rules end the game where the record stops
 *     without an ending)
 */
public record Validation(int moves, Optional<Special> recorded, Optional<Outcome> judged, List<Problem> problems, List<String> notes) {
    public Validation {
        problems = List.copyOf(problems);
        notes = List.copyOf(notes);
    }

    public boolean ok() {
        return problems.isEmpty();
    }
}
