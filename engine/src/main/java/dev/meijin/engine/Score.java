package dev.meijin.engine;

/** A search score from the side to move's point of view: centipawns or a distance to mate. */
public sealed interface Score {

    /**
     * A score in centipawns (a pawn is about 100).
     *
     * @param value the score
     */
    record Cp(int value) implements Score {}

    /**
     * A mate: in {@code plies} plies if positive (the side to move mates), being mated in {@code -plies} if
     * negative.
     *
     * @param plies signed distance to mate in plies
     */
    record Mate(int plies) implements Score {}
}
