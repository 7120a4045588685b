package dev.meijin.core;

/**
 * Pieces as ints: {@code role code | color << 4}, so sente's pieces are 1–14 and gote's 17–30; 0 is an
 * empty square ({@link #NONE}). Promotion adds 8 to a promotable piece.
 */
public final class Piece {
    public static final int NONE = 0;
    /** Size of arrays indexed by piece code. */
    public static final int CODES = 32;

    private Piece() {}

    public static int of(int color, int roleCode) {
        return roleCode | (color << 4);
    }

    public static int of(Color color, Role role) {
        return role.code() | (color.index() << 4);
    }

    public static int role(int piece) {
        return piece & 15;
    }

    public static int color(int piece) {
        return piece >>> 4;
    }

    public static Role roleOf(int piece) {
        return Role.of(piece & 15);
    }

    public static Color colorOf(int piece) {
        return Color.of(piece >>> 4);
    }

    /** The SFEN text of a piece: uppercase for sente, lowercase for gote, {@code +} before a promoted one. */
    public static String sfen(int piece) {
        Role r = roleOf(piece);
        char c = color(piece) == 0 ? r.sfenLetter() : Character.toLowerCase(r.sfenLetter());
        return r.isPromoted() ? "+" + c : String.valueOf(c);
    }
}
