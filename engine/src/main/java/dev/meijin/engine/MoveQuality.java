package dev.meijin.engine;

import java.util.Optional;

/**
 * How much a move played gave away, as a record analysis marks it: by the fall of the mover's expected score
 * ({@link Score#expectedScore()}) from the position before the move, searched, to the position after it. The
 * grades are those of lishogi's analysis (a fall of 5, 10 and 15 points of expected score), with the Japanese
 * terms of game commentary.
 */
public enum MoveQuality {
    /** An inaccuracy (疑問手): the mover's expected score fell by at least 5 points. */
    INACCURACY("疑問手", "inaccuracy", 0.05),
    /** A mistake (悪手): a fall of at least 10 points. */
    MISTAKE("悪手", "mistake", 0.10),
    /** A blunder (大悪手): a fall of at least 15 points. */
    BLUNDER("大悪手", "blunder", 0.15);

    private final String japanese;
    private final String english;
    private final double loss;

    MoveQuality(String japanese, String english, double loss) {
        this.japanese = japanese;
        this.english = english;
        this.loss = loss;
    }

    /** The term of commentary: 疑問手, 悪手, 大悪手. */
    public String japanese() {
        return japanese;
    }

    /** The English word: inaccuracy, mistake, blunder. */
    public String english() {
        return english;
    }

    /** The least fall of expected score (0 to 1) that earns this grade. */
    public double loss() {
        return loss;
    }

    /**
     * The grade of a move by what it gave away: the mover's expected score before it (the engine's score of the
     * position, the mover to move) and after it (the engine's score of the next position, from the opponent's
     * side, so that the mover's is its complement).
     *
     * {@snippet :
     * MoveQuality.of(new Score.Cp(300), new Score.Cp(400)); // Optional[BLUNDER]: 62% fell to 34%
     * }
     *
     * @param before the score before the move, for the mover
     * @param after the score after the move, for the opponent (now to move)
     * @return the grade, or empty for a move that gave away less than 5 points
     */
    public static Optional<MoveQuality> of(Score before, Score after) {
        double fall = fall(before, after);
        MoveQuality grade = null;
        for (MoveQuality q : values()) {
            if (fall >= q.loss) {
                grade = q;
            }
        }
        return Optional.ofNullable(grade);
    }

    /** The fall of the mover's expected score by a move: {@code before} for the mover, {@code after} for the opponent. */
    public static double fall(Score before, Score after) {
        return before.expectedScore() - (1 - after.expectedScore());
    }
}
