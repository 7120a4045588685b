package dev.meijin.notation.move;

import dev.meijin.core.Move;
import dev.meijin.core.position.IllegalMove;
import dev.meijin.core.position.IllegalMoveReason;
import java.util.ArrayList;
import java.util.List;
import java.util.function.IntFunction;

/** Builds the exceptions of every notation, so that their messages read alike. */
final class Errors {
    private Errors() {}

    /**
     * The most characters of the input a message quotes: the same bound as the records' {@code Limits.MAX_EXCERPT},
     * kept here because move notation does not depend on the record packages.
     */
    static final int MAX_EXCERPT = 40;

    /** The input for a message: at most {@value #MAX_EXCERPT} characters, then … and the full length. */
    static String excerpt(String input) {
        if (input.length() <= MAX_EXCERPT) {
            return input;
        }
        int cut = MAX_EXCERPT - 1;
        if (Character.isHighSurrogate(input.charAt(cut - 1))) {
            cut--;
        }
        return input.substring(0, cut) + "… (" + input.length() + " characters)";
    }

    static MoveNotationException malformed(String notation, String input, Legal legal, int index, String why) {
        return new MoveNotationException(MoveNotationException.Reason.MALFORMED, input, legal.sfen(), index, List.of(),
                "malformed " + notation + " move \"" + excerpt(input) + "\"" + (index >= 0 ? " at " + index : "") + ": " + why
                        + " (position " + legal.sfen() + ")");
    }

    /** An illegal move whose text names no single move, so no rule is given. */
    static MoveNotationException illegal(String notation, String input, Legal legal, String why) {
        return illegal(notation, input, legal, null, why);
    }

    /** An illegal move refused by the core's rule: its reason and sentence ({@code Position.illegalMove}). */
    static MoveNotationException illegal(String notation, String input, Legal legal, IllegalMove why) {
        return illegal(notation, input, legal, why.reason(), why.message());
    }

    /** An illegal move with the rule it breaks ({@code null} for none) and the sentence that says why. */
    static MoveNotationException illegal(String notation, String input, Legal legal, IllegalMoveReason rule,
            String why) {
        return new MoveNotationException(MoveNotationException.Reason.ILLEGAL, input, legal.sfen(), -1, List.of(),
                rule, "illegal " + notation + " move \"" + excerpt(input) + "\" in " + legal.sfen() + ": " + why);
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
                "ambiguous " + notation + " move \"" + excerpt(input) + "\" in " + legal.sfen() + ": " + candidates.size()
                        + " moves match (" + String.join(", ", shown) + "); " + hint);
    }
}
