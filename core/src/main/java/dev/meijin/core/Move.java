package dev.meijin.core;

/**
 * Moves as ints, for hot paths. A move is never 0 except {@link #NONE}, so zeroed arrays mean "no move".
 *
 * <pre>
 * bits  0–6   destination square
 * bits  7–13  origin square, or the dropped role's code for a drop
 * bit   14    drop
 * bit   15    promotion
 * bits 16–20  the moving piece (before promotion), as a {@link Piece} code
 * </pre>
 *
 * {@link #RESIGN} and {@link #WIN} are reserved patterns whose origin equals their destination, which no real
 * move has. A pass (null-move pruning) is not a move code: search uses {@code Position.doNullMove()}. Use
 * {@link MoveOrDrop} at API edges.
 */
public final class Move {
    public static final int NONE = 0;
    /** Resignation. */
    public static final int RESIGN = (2 << 7) | 2;
    /** An impasse (entering-king) declaration win. */
    public static final int WIN = (3 << 7) | 3;

    public static final int DROP_FLAG = 1 << 14;
    public static final int PROMOTE_FLAG = 1 << 15;

    private Move() {}

    public static int normal(int from, int to, int piece, boolean promote) {
        return to | (from << 7) | (promote ? PROMOTE_FLAG : 0) | (piece << 16);
    }

    public static int normal(int from, int to, int piece) {
        return to | (from << 7) | (piece << 16);
    }

    public static int promoting(int from, int to, int piece) {
        return to | (from << 7) | PROMOTE_FLAG | (piece << 16);
    }

    public static int drop(int roleCode, int to, int color) {
        return to | (roleCode << 7) | DROP_FLAG | (Piece.of(color, roleCode) << 16);
    }

    public static int to(int m) {
        return m & 127;
    }

    /** The origin square of a board move (meaningless for a drop). */
    public static int from(int m) {
        return (m >>> 7) & 127;
    }

    /** The role code of a dropped piece (meaningless for a board move). */
    public static int dropRole(int m) {
        return (m >>> 7) & 127;
    }

    public static boolean isDrop(int m) {
        return (m & DROP_FLAG) != 0;
    }

    public static boolean isPromotion(int m) {
        return (m & PROMOTE_FLAG) != 0;
    }

    /** The moving piece before promotion, or the dropped piece. */
    public static int piece(int m) {
        return (m >>> 16) & 31;
    }

    /** The piece standing on the destination after the move. */
    public static int pieceAfter(int m) {
        return ((m >>> 16) & 31) + ((m & PROMOTE_FLAG) != 0 ? 8 : 0);
    }

    /** The 16 bits that identify a move within a position (destination, origin, drop and promotion flags). */
    public static int move16(int m) {
        return m & 0xFFFF;
    }

    /** Whether this is a real move (not NONE, RESIGN or WIN). */
    public static boolean isReal(int m) {
        return m != NONE && (isDrop(m) || from(m) != to(m));
    }

    /** The USI text of a move: {@code 7g7f}, {@code 8h2b+}, {@code P*5e}; specials as USI writes them. */
    public static String usi(int m) {
        if (m == NONE) {
            return "none";
        } else if (m == RESIGN) {
            return "resign";
        } else if (m == WIN) {
            return "win";
        }
        if (isDrop(m)) {
            return Role.of(dropRole(m)).sfenLetter() + "*" + Square.name(to(m));
        }
        return Square.name(from(m)) + Square.name(to(m)) + (isPromotion(m) ? "+" : "");
    }

    /** The API form of a real move. */
    public static MoveOrDrop toRecord(int m) {
        if (!isReal(m)) {
            throw new IllegalArgumentException("not a real move: " + usi(m));
        }
        return isDrop(m)
                ? new MoveOrDrop.Drop(Role.of(dropRole(m)), to(m))
                : new MoveOrDrop.BoardMove(from(m), to(m), isPromotion(m));
    }
}
