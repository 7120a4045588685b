package dev.meijin.mate;

import dev.meijin.core.MoveOrDrop;
import java.util.List;
import java.util.Objects;

/**
 * The answer of the solver: a mate with its solution, a proof that there is none, or no answer within the
 * limits.
 */
public sealed interface MateResult {

    /**
     * A mate. {@code moves} is the printed solution: attacker and defender alternating, attacker first, the
     * attacker's shortest mate against the defender's longest resistance (futile interpositions not counted),
     * so its size is odd and is the problem's length.
     *
     * @param moves the solution, never empty
     * @param leftover pieces left in the attacker's hand at the end (駒余り); 0 in a sound composition
     * @param exact whether the line was read exactly (the shortest mate against the longest defence, no part
     *     of the reading cut by a budget); {@code false} when a check the reading could not settle within its
     *     budgets was left out, or the line is the one the proof's stored lengths give: a forced mate along
     *     the defender's moves shown, but another defence may last longer or another attack be shorter
     */
    record Mate(List<MoveOrDrop> moves, int leftover, boolean exact) implements MateResult {
        /** Validates and copies the move list. */
        public Mate {
            moves = List.copyOf(Objects.requireNonNull(moves, "moves"));
            if (moves.isEmpty() || moves.size() % 2 == 0) {
                throw new IllegalArgumentException("a mate has an odd number of plies, not " + moves.size());
            }
        }

        /** The number of plies of the solution. */
        public int plies() {
            return moves.size();
        }

        /** The solution as space-separated USI moves. */
        public String usi() {
            StringBuilder sb = new StringBuilder();
            for (MoveOrDrop m : moves) {
                if (!sb.isEmpty()) {
                    sb.append(' ');
                }
                sb.append(m.usi());
            }
            return sb.toString();
        }
    }

    /** Proven: the attacker has no mate (perpetual check and pawn-drop mate are not mates). */
    record NoMate() implements MateResult {}

    /**
     * Not settled within the limits.
     *
     * @param reason why the search stopped
     */
    record Unknown(UnknownReason reason) implements MateResult {
        /** Checks the reason is given. */
        public Unknown {
            Objects.requireNonNull(reason, "reason");
        }
    }
}
