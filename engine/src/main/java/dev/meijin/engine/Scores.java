package dev.meijin.engine;

/** Score constants of the search (internal units: centipawns, and mate scores near {@link #MATE}). */
final class Scores {
    private Scores() {}

    static final int MAX_PLY = 128;
    static final int INFINITE = 32001;
    static final int MATE = 32000;
    static final int MATE_IN_MAX = MATE - 2 * MAX_PLY;
    static final int NONE = 32002;
    /** Returning to the same board holding more in hand (a superior repetition). */
    static final int SUPERIOR = 3000;

    static int mateIn(int ply) {
        return MATE - ply;
    }

    static int matedIn(int ply) {
        return -MATE + ply;
    }

    static boolean isMate(int score) {
        return Math.abs(score) >= MATE_IN_MAX && Math.abs(score) <= MATE;
    }

    /** The public form of an internal score. */
    static Score toScore(int score) {
        if (score >= MATE_IN_MAX) {
            return new Score.Mate(MATE - score);
        }
        if (score <= -MATE_IN_MAX) {
            return new Score.Mate(-(MATE + score));
        }
        return new Score.Cp(score);
    }
}
