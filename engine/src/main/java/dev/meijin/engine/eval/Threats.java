package dev.meijin.engine.eval;

import dev.meijin.core.Piece;
import dev.meijin.core.position.Position;

/**
 * The threat features ({@code threat.<mover|waiter>.<hanging|lesser>.<class>}, see {@link Features#THREAT}): the
 * pieces of each side that the enemy attacks while no piece of their own side (the king included) defends them,
 * and the pieces the enemy attacks with a piece of lower value, each counted by the class of the attacked piece
 * and by whether its side is to move. Quiescence settles the captures the side to move can make, but not the
 * ones its opponent threatens next: the side to move's hanging and outranked pieces are what a quiet position's
 * static score otherwise misses.
 *
 * <p>Built from one attack word per piece on the board: the union of each side's attacks, and the union of its
 * attacks by each value level, so that "attacked by a lesser piece" is one mask per level. One instance per
 * evaluator (the words are fields); nothing is allocated per call.
 */
final class Threats {
    /** Value levels by role code, for "attacked by a lesser piece": pawn, lance and knight, silver, gold and the promoted minors, bishop, rook, horse, dragon. */
    private static final int[] LEVEL = {0, 0, 1, 1, 2, 4, 5, 3, 8, 3, 3, 3, 3, 6, 7, 0};
    /** Number of value levels of the pieces other than the king. */
    private static final int LEVELS = 8;
    /** The attacked-piece kinds: not defended, attacked by a lesser piece. */
    static final int KINDS = 2;

    /** All attacks of each colour, {@code c * 2} (low word) and {@code c * 2 + 1} (high word). */
    private final long[] all = new long[4];
    /** The attacks of colour {@code c} by pieces of a level below {@code L}, at {@code (c * (LEVELS + 1) + L) * 2}. */
    private final long[] below = new long[2 * (LEVELS + 1) * 2];
    private final long[] tmp = new long[2];

    /** Builds the attack words of a position; {@link #sum} and {@link #write} then read them. */
    private void build(Position pos) {
        long[] a = all, b = below;
        java.util.Arrays.fill(a, 0);
        java.util.Arrays.fill(b, 0);
        long occLo = pos.occupiedLo(), occHi = pos.occupiedHi();
        for (int part = 0; part < 2; part++) {
            long bits = part == 0 ? occLo : occHi;
            while (bits != 0) {
                int sq = Long.numberOfTrailingZeros(bits) + (part == 0 ? 0 : 63);
                bits &= bits - 1;
                int pc = pos.pieceAt(sq), c = Piece.color(pc), r = Piece.role(pc);
                pos.attacksFrom(pc, sq, occLo, occHi, tmp);
                a[c * 2] |= tmp[0];
                a[c * 2 + 1] |= tmp[1];
                if (r != 8) {
                    // a level-L attacker is below every level from L + 1 up
                    int i = (c * (LEVELS + 1) + LEVEL[r] + 1) * 2;
                    b[i] |= tmp[0];
                    b[i + 1] |= tmp[1];
                }
            }
        }
        for (int c = 0; c < 2; c++) {
            for (int l = 1; l <= LEVELS; l++) {
                int i = (c * (LEVELS + 1) + l) * 2;
                b[i] |= b[i - 2];
                b[i + 1] |= b[i - 1];
            }
        }
    }

    /** The feature index of an attacked piece of role {@code r} for its side's turn ({@code mover} 0 or 1) and kind. */
    private static int index(int mover, int kind, int r) {
        return Features.THREAT + (mover * KINDS + kind) * Features.CLASSES + Features.CLASS[r];
    }

    /**
     * The threat terms for sente: the dot product of {@code w} with the features {@link #write} lists.
     *
     * @param pos the position
     * @param w the weights, indexed by feature
     * @return the weighted sum, from sente's point of view
     */
    int sum(Position pos, int[] w) {
        build(pos);
        int v = 0;
        for (int c = 0; c < 2; c++) {
            int e = c ^ 1, mover = pos.sideToMove() == c ? 0 : 1;
            long hangLo = all[e * 2] & ~all[c * 2], hangHi = all[e * 2 + 1] & ~all[c * 2 + 1];
            int s = 0;
            for (int r = 1; r <= 14; r++) {
                if (r == 8) {
                    continue;
                }
                long lo = pos.piecesLo(c, r), hi = pos.piecesHi(c, r);
                if ((lo | hi) == 0) {
                    continue;
                }
                int j = (e * (LEVELS + 1) + LEVEL[r]) * 2;
                int hang = Long.bitCount(lo & hangLo) + Long.bitCount(hi & hangHi);
                int lesser = Long.bitCount(lo & below[j]) + Long.bitCount(hi & below[j + 1]);
                s += hang * w[index(mover, 0, r)] + lesser * w[index(mover, 1, r)];
            }
            v += c == 0 ? s : -s;
        }
        return v;
    }

    /**
     * Appends the threat features as (index, count) pairs from sente's point of view, starting at {@code n}.
     *
     * @param pos the position
     * @param index receives feature indices
     * @param count receives the matching counts
     * @param n the first free slot
     * @return the next free slot
     */
    int write(Position pos, int[] index, int[] count, int n) {
        build(pos);
        for (int c = 0; c < 2; c++) {
            int e = c ^ 1, mover = pos.sideToMove() == c ? 0 : 1, s = c == 0 ? 1 : -1;
            long hangLo = all[e * 2] & ~all[c * 2], hangHi = all[e * 2 + 1] & ~all[c * 2 + 1];
            for (int r = 1; r <= 14; r++) {
                if (r == 8) {
                    continue;
                }
                long lo = pos.piecesLo(c, r), hi = pos.piecesHi(c, r);
                int j = (e * (LEVELS + 1) + LEVEL[r]) * 2;
                int hang = Long.bitCount(lo & hangLo) + Long.bitCount(hi & hangHi);
                int lesser = Long.bitCount(lo & below[j]) + Long.bitCount(hi & below[j + 1]);
                if (hang != 0) {
                    index[n] = index(mover, 0, r);
                    count[n++] = s * hang;
                }
                if (lesser != 0) {
                    index[n] = index(mover, 1, r);
                    count[n++] = s * lesser;
                }
            }
        }
        return n;
    }
}
