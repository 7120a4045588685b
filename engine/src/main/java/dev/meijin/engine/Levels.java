package dev.meijin.engine;

/**
 * The computer opponent's levels, 1 (a beginner's opponent) to 8 (full strength), as the play server and
 * {@code meijin play --engine} offer them: each is a {@code Skill Level} of the engine and a time to think.
 */
public final class Levels {
    /** The weakest level. */
    public static final int MIN = 1;
    /** Full strength. */
    public static final int MAX = 8;

    private Levels() {}

    /**
     * The engine's {@code Skill Level} for a level: 0, 3, 6, 9, 12, 15, 18 and 20 (full strength) for levels 1–8.
     *
     * @throws IllegalArgumentException for a level outside 1–8
     */
    public static int skill(int level) {
        check(level);
        return level == MAX ? 20 : (level - 1) * 3;
    }

    /**
     * How long the engine thinks about a move at a level when no clock bounds it: half a second per level.
     *
     * @throws IllegalArgumentException for a level outside 1–8
     */
    public static long moveMillis(int level) {
        check(level);
        return 500L * level;
    }

    /**
     * The computer's name at a level, the same in every language and in records: {@code Meijin level 3} (a page in
     * Japanese shows 名人 レベル3).
     *
     * @throws IllegalArgumentException for a level outside 1–8
     */
    public static String name(int level) {
        check(level);
        return "Meijin level " + level;
    }

    private static void check(int level) {
        if (level < MIN || level > MAX) {
            throw new IllegalArgumentException("level " + level + " is outside " + MIN + "–" + MAX);
        }
    }
}
