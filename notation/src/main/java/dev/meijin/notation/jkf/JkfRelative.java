package dev.meijin.notation.jkf;

import dev.meijin.core.Move;
import dev.meijin.core.Piece;
import dev.meijin.core.Role;
import dev.meijin.core.Square;
import dev.meijin.core.position.Position;
import dev.meijin.core.position.Rules;

/**
 * The JKF {@code relative} field: which of several pieces moved, as the Japan Shogi Association's notation
 * marks it (上 U, 引 D, 寄 M, 左 L, 直 C, 右 R, and their pairs such as 左上 {@code LU}; 打 H for a drop that a
 * piece on the board could also make).
 *
 * <p>The rules are those of the reference JKF converter (shogi-kifu-converter, which uses the
 * shogi_official_kifu crate), so that Meijin's JKF equals its output:
 *
 * <ol>
 *   <li>the rivals are the pieces of the same kind and side with a legal move to the same square;
 *   <li>if the vertical direction alone (上/引/寄) singles the piece out, it is used;
 *   <li>otherwise the horizontal one: for gold-like pieces (gold, silver, promoted minor pieces) 直 when it
 *       moves straight forward, else 左 or 右 by the file it comes from; for other pieces (at most two rivals)
 *       左 or 右 by which of the two it is;
 *   <li>otherwise both, horizontal then vertical ({@code LU}, {@code RD}…).
 * </ol>
 *
 * As in the reference, a move that could promote gets no {@code relative} (its KI2 text ends in 成 or 不成,
 * which the reference does not look past); the origin square is in the JKF move anyway.
 */
final class JkfRelative {
    private JkfRelative() {}

    /**
     * The {@code relative} value for a legal move, or {@code null} when none is written.
     *
     * @param pos the position before the move
     * @param m the move
     * @param legal the legal moves of {@code pos}
     * @param count how many entries of {@code legal} are used
     */
    static String of(Position pos, int m, int[] legal, int count) {
        int us = pos.sideToMove();
        int to = Move.to(m);
        if (Move.isDrop(m)) {
            int piece = Piece.of(us, Move.dropRole(m));
            for (int i = 0; i < count; i++) {
                int o = legal[i];
                if (!Move.isDrop(o) && Move.to(o) == to && Move.piece(o) == piece) {
                    return "H";
                }
            }
            return null;
        }
        int piece = Move.piece(m);
        int from = Move.from(m);
        int[] cand = new int[10];
        int n = 0;
        for (int i = 0; i < count; i++) {
            int o = legal[i];
            if (!Move.isDrop(o) && Move.to(o) == to && Move.piece(o) == piece) {
                int f = Move.from(o);
                boolean seen = false;
                for (int j = 0; j < n; j++) {
                    seen |= cand[j] == f;
                }
                if (!seen && n < cand.length) {
                    cand[n++] = f;
                }
            }
        }
        if (n <= 1) {
            return null;
        }
        Role role = Piece.roleOf(piece);
        if (Rules.canPromote(us, role.code(), from, to)) {
            return null;
        }
        // Vertical: the sign of the move along the mover's forward direction.
        int delta = Integer.signum(rel(us, from) - rel(us, to));
        int vCount = 0;
        for (int j = 0; j < n; j++) {
            if (Integer.signum(rel(us, cand[j]) - rel(us, to)) == delta) {
                vCount++;
            }
        }
        char vertical = delta > 0 ? 'U' : delta < 0 ? 'D' : 'M';
        // Horizontal.
        char horizontal;
        boolean[] hSet = new boolean[n];
        if (goldLike(role)) {
            int fileDiff = Square.file(from) - Square.file(to);
            if (fileDiff == 0 && rel(us, from) - rel(us, to) > 0) {
                horizontal = 'C';
                for (int j = 0; j < n; j++) {
                    hSet[j] = cand[j] == from;
                }
            } else {
                int relative = fileDiff * (us == 0 ? 1 : -1);
                horizontal = relative < 0 ? 'R' : relative > 0 ? 'L' : '?';
                for (int j = 0; j < n; j++) {
                    hSet[j] = Square.file(cand[j]) - Square.file(to) == fileDiff;
                }
            }
        } else if (n != 2 || Square.file(cand[0]) == Square.file(cand[1])) {
            horizontal = '?';
            for (int j = 0; j < n; j++) {
                hSet[j] = true;
            }
        } else {
            int k0 = Square.file(cand[0]) * (us == 0 ? 1 : -1);
            int k1 = Square.file(cand[1]) * (us == 0 ? 1 : -1);
            int right = k0 <= k1 ? cand[0] : cand[1];
            horizontal = from == right ? 'R' : 'L';
            for (int j = 0; j < n; j++) {
                hSet[j] = cand[j] == from;
            }
        }
        if (vCount == 1) {
            return String.valueOf(vertical);
        }
        int hCount = 0;
        int both = 0;
        for (int j = 0; j < n; j++) {
            if (hSet[j]) {
                hCount++;
                if (Integer.signum(rel(us, cand[j]) - rel(us, to)) == delta) {
                    both++;
                }
            }
        }
        if (hCount == 1) {
            return horizontal == '?' ? null : String.valueOf(horizontal);
        }
        if (both == 1) {
            // The reference reads the last two characters of the KI2 text: only 左 and 右 combine with the
            // vertical mark; 直 (or no usable horizontal mark) leaves the vertical mark alone.
            return horizontal == 'L' || horizontal == 'R' ? "" + horizontal + vertical : String.valueOf(vertical);
        }
        return null;
    }

    /** The rank as the mover sees it: 1 is the far rank. */
    private static int rel(int us, int sq) {
        return Square.relativeRank(us, sq);
    }

    private static boolean goldLike(Role r) {
        return switch (r) {
            case GOLD, SILVER, TOKIN, PRO_LANCE, PRO_KNIGHT, PRO_SILVER -> true;
            case PAWN, LANCE, KNIGHT, BISHOP, ROOK, KING, HORSE, DRAGON -> false;
        };
    }
}
