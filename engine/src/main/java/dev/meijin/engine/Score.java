package dev.meijin.engine;

/** A search score from the side to move's point of view: centipawns or a distance to mate. */
public sealed interface Score {

    /**
     * The logistic scale of the evaluation: a lead of this many centipawns is a 73% expected score
     * ({@link #expectedScore()}). The tuner fits the evaluation's weights to game results on the same curve.
     */
    double LOGISTIC_SCALE = 600;

    /**
     * The side to move's expected score (its chance of winning, a draw counting half) that this score stands for:
     * {@code 1 / (1 + exp(-cp / 600))} for centipawns, 1 for a mate it gives and 0 for one it is given.
     *
     * {@snippet :
     * new Score.Cp(0).expectedScore();    // 0.5
     * new Score.Cp(600).expectedScore();  // 0.731
     * new Score.Mate(-3).expectedScore(); // 0.0
     * }
     */
    default double expectedScore() {
        return switch (this) {
            case Cp cp -> 1 / (1 + Math.exp(-cp.value() / LOGISTIC_SCALE));
            case Mate m -> m.plies() > 0 ? 1 : 0;
        };
    }

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
