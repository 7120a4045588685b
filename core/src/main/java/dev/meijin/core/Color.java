package dev.meijin.core;

/**
 * The two sides. Sente (先手, black, moves first in an even game) has index 0 and moves towards rank 1;
 * gote (後手, white) has index 1. In handicap games the handicap giver (上手, uwate) plays gote and moves
 * first.
 */
public enum Color {
    SENTE,
    GOTE;

    private static final Color[] BY_INDEX = values();

    /** The index used by int-coded hot paths: 0 for sente, 1 for gote. */
    public int index() {
        return ordinal();
    }

    public Color opposite() {
        return this == SENTE ? GOTE : SENTE;
    }

    /**
     * The colour with the given index.
     *
     * @throws IllegalArgumentException if the index is not 0 or 1
     */
    public static Color of(int index) {
        if (index != 0 && index != 1) {
            throw new IllegalArgumentException("colour index " + index + " is not 0 or 1");
        }
        return BY_INDEX[index];
    }

    /** The name as players write it in English: {@code sente} or {@code gote}. */
    public String englishName() {
        return this == SENTE ? "sente" : "gote";
    }

    /** The CSA sign: {@code +} for sente, {@code -} for gote. */
    public char csaSign() {
        return this == SENTE ? '+' : '-';
    }
}
