package dev.meijin.notation.move;

import dev.meijin.core.Move;
import java.util.ArrayList;
import java.util.List;
import java.util.function.IntFunction;

/** Builds the exceptions of every notation, so that their messages read alike. */
final class Errors {
    private Errors() {}

    static MoveNotationException malformed(String notation, String input, Legal legal, int index, String why) {
        return new MoveNotationException(MoveNotationException.Reason.MALFORMED, input, legal.sfen(), index, List.of(),
                "malformed " + notation + " move \"" + input + "\"" + (index >= 0 ? " at " + index : "") + ": " + why
                        + " (position " + legal.sfen() + ")");
    }

    static MoveNotationException illegal(String notation, String input, Legal legal, String why) {
        return new MoveNotationException(MoveNotationException.Reason.ILLEGAL, input, legal.sfen(), -1, List.of(),
                "illegal " + notation + " move \"" + input + "\" in " + legal.sfen() + ": " + why);
    }

    /** An ambiguity; {@code writer} gives each candidate's text in the notation, {@code hint} says what to add. */
    static MoveNotationException ambiguous(String notation, String input, Legal legal, List<Integer> candidates,
            IntFunction<String> writer, String hint) {
        List<String> usi = new ArrayList<>();
        List<String> shown = new ArrayList<>();
        for (int m : candidates) {
            usi.add(Move.usi(m));
            shown.add(writer.apply(m));
        }
        return new MoveNotationException(MoveNotationException.Reason.AMBIGUOUS, input, legal.sfen(), -1, usi,
                "ambiguous " + notation + " move \"" + input + "\" in " + legal.sfen() + ": " + candidates.size()
                        + " moves match (" + String.join(", ", shown) + "); " + hint);
    }
}
