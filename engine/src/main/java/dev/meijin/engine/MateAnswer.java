package dev.meijin.engine;

import java.util.List;

/** The answer to a mate search ({@link Engine#goMate}), as USI {@code checkmate} reports it. */
public sealed interface MateAnswer {

    /**
     * A mate: the attacker's and defender's moves in USI, the last one mating.
     *
     * @param moves the mating line
     */
    record Mate(List<String> moves) implements MateAnswer {
        /** Copies the line. */
        public Mate {
            moves = List.copyOf(moves);
        }
    }

    /** There is no mate (USI {@code checkmate nomate}). */
    record NoMate() implements MateAnswer {}

    /** The time ran out or the search was stopped before an answer (USI {@code checkmate timeout}). */
    record Timeout() implements MateAnswer {}
}
