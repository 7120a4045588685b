package dev.meijin.mate;

import dev.meijin.core.MoveOrDrop;
import java.util.List;
import java.util.Objects;

/**
 * Whether a mate problem is sound as a composition, judged along its solution (see
 * {@link MateSolver#check}).
 *
 * @param mate the solution the checks were made along
 * @param cooks alternative attacker moves (余詰) that also mate within the plies left at that point, the last
 *     attacker move excepted
 * @param lastMoveAlternatives alternative mating moves at the last attacker move (最終手余詰), which
 *     composers tolerate and are therefore kept apart from the cooks
 * @param leftover pieces left in the attacker's hand at the end (駒余り)
 * @param complete whether every alternative was settled; {@code false} when the search limits cut some
 *     short, so that a cook may have been missed: then, unless a fault was found anyway, the problem's
 *     soundness is {@link Verdict#UNDETERMINED}, never unsound
 */
public record Soundness(
        MateResult.Mate mate, List<Cook> cooks, List<Cook> lastMoveAlternatives, int leftover, boolean complete) {

    /**
     * An alternative attacker move that also mates.
     *
     * @param ply the ply of the solution it replaces (1 for the first move)
     * @param move the alternative move
     * @param plies the length of its mate from the position before it, under the same conventions
     */
    public record Cook(int ply, MoveOrDrop move, int plies) {
        /** Checks the move is given. */
        public Cook {
            Objects.requireNonNull(move, "move");
        }
    }

    /** Copies the lists. */
    public Soundness {
        Objects.requireNonNull(mate, "mate");
        cooks = List.copyOf(cooks);
        lastMoveAlternatives = List.copyOf(lastMoveAlternatives);
    }

    /** What the judging found: the problem is sound, unsound, or could not be judged within the limits. */
    public enum Verdict {
        /** The solution is unique (last-move alternatives aside), read exactly, and leaves no piece in hand. */
        SOUND,
        /** A cook was found, or the exact solution leaves pieces in hand. */
        UNSOUND,
        /**
         * No fault was found, but not every alternative could be settled, or the solution was not read
         * exactly, within the limits: a cook may have been missed.
         */
        UNDETERMINED
    }

    /**
     * The verdict: {@link Verdict#UNSOUND} as soon as a cook is found (it is a real mate whatever was left
     * unsettled) or the exactly read solution leaves pieces in hand; else {@link Verdict#UNDETERMINED} if an
     * alternative was left unsettled or the solution was not read exactly; else {@link Verdict#SOUND}.
     */
    public Verdict verdict() {
        if (!cooks.isEmpty()) {
            return Verdict.UNSOUND;
        }
        if (!complete || !mate.exact()) {
            return Verdict.UNDETERMINED;
        }
        return leftover == 0 ? Verdict.SOUND : Verdict.UNSOUND;
    }

    /** Whether the problem is sound: {@link #verdict()} is {@link Verdict#SOUND}. */
    public boolean sound() {
        return verdict() == Verdict.SOUND;
    }
}
