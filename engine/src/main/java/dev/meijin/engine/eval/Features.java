package dev.meijin.engine.eval;

import dev.meijin.core.Hand;
import dev.meijin.core.Piece;
import dev.meijin.core.Square;
import dev.meijin.core.position.Position;

/**
 * The features of the hand-made evaluation, each an index into a weight vector. The evaluation is linear:
 * its value for sente is the sum of {@code weight[i] * count[i]}, where sente's features count +1 and gote's -1.
 * This is what makes Texel tuning a plain logistic regression.
 *
 * <ul>
 *   <li>{@code board.<role>}: a piece of that role on the board (14 roles; the king has none);
 *   <li>{@code hand.<role>.<k>}: the k-th piece of a role in hand (k = 1…18 for pawns, 1…4 or 1…2 for the
 *       others), so that pieces in hand are worth more than on the board and less when many are held;
 *   <li>{@code own.<class>.<dx>.<dy>} and {@code enemy.<class>.<dx>.<dy>}: a piece of a class (pawn, lance,
 *       knight, silver, bishop, rook, gold or promoted minor, horse, dragon) at file distance {@code dx} (0–4,
 *       capped) and rank offset {@code dy} (-4…4, capped, negative means ahead of the king from the piece
 *       owner's side) from its own king (defenders, shells) and from the enemy king (attackers);
 *   <li>{@code king.<rank>.<file>}: the king's own rank (1 is the enemy's back rank, so this also scores an
 *       entering king's progress) and its file folded to 1–5;
 *   <li>{@code tempo}: the side to move.
 * </ul>
 */
public final class Features {
    private Features() {}

    /** First index of the board material features, by role code. */
    public static final int BOARD = 0;
    /** First index of the hand features: {@code HAND + role * 19 + k}. */
    public static final int HAND = 16;
    /** Piece classes of the king-relative terms. */
    public static final int CLASSES = 9;
    /** Squares of the king-relative window per class: 5 file distances times 9 rank offsets. */
    public static final int REL = 45;
    /** First index of the pieces relative to their own king. */
    public static final int OWN = HAND + 8 * 19;
    /** First index of the pieces relative to the enemy king. */
    public static final int ENEMY = OWN + CLASSES * REL;
    /** First index of the king placement table. */
    public static final int KING = ENEMY + CLASSES * REL;
    /** The side-to-move bonus. */
    public static final int TEMPO = KING + 45;
    /** Number of features. */
    public static final int COUNT = TEMPO + 1;

    /** Piece class by role code (-1 for none and the king). */
    static final int[] CLASS = {-1, 0, 1, 2, 3, 4, 5, 6, -1, 6, 6, 6, 6, 7, 8, -1};

    private static final String[] ROLE = {"", "pawn", "lance", "knight", "silver", "bishop", "rook", "gold", "king",
        "tokin", "prolance", "proknight", "prosilver", "horse", "dragon", ""};
    private static final String[] CLASS_NAME = {"pawn", "lance", "knight", "silver", "bishop", "rook", "gold", "horse", "dragon"};

    /** The hand feature of the k-th piece of a role (k from 1). */
    public static int hand(int role, int k) {
        return HAND + role * 19 + k;
    }

    /** The window offset of a piece on {@code sq} of colour {@code c} relative to a king on {@code k}. */
    static int rel(int c, int sq, int k) {
        int dx = Math.min(4, Math.abs(sq / 9 - k / 9));
        int dy = Square.relativeRank(c, sq) - Square.relativeRank(c, k);
        dy = dy < -4 ? -4 : Math.min(dy, 4);
        return dx * 9 + dy + 4;
    }

    /** The king placement feature of a king of colour {@code c} on {@code sq}. */
    static int king(int c, int sq) {
        int f = sq / 9 + 1;
        return KING + (Square.relativeRank(c, sq) - 1) * 5 + Math.min(f, 10 - f) - 1;
    }

    /**
     * Writes the active features of a position as (index, count) pairs, counts from sente's point of view, and
     * returns how many pairs were written. An index may appear more than once; counts add up.
     *
     * @param pos the position
     * @param index receives feature indices (at least 256 long)
     * @param count receives the matching counts (+1 sente, -1 gote)
     * @return the number of pairs
     */
    public static int extract(Position pos, int[] index, int[] count) {
        int n = 0;
        int[] ks = {pos.kingSquare(0), pos.kingSquare(1)};
        for (int sq = 0; sq < 81; sq++) {
            int pc = pos.pieceAt(sq);
            if (pc == 0) {
                continue;
            }
            int c = Piece.color(pc), r = Piece.role(pc), s = c == 0 ? 1 : -1;
            if (r == 8) {
                index[n] = king(c, sq);
                count[n++] = s;
                continue;
            }
            index[n] = BOARD + r;
            count[n++] = s;
            int cls = CLASS[r];
            if (ks[c] != Position.NO_SQUARE) {
                index[n] = OWN + cls * REL + rel(c, sq, ks[c]);
                count[n++] = s;
            }
            if (ks[c ^ 1] != Position.NO_SQUARE) {
                index[n] = ENEMY + cls * REL + rel(c, sq, ks[c ^ 1]);
                count[n++] = s;
            }
        }
        for (int c = 0; c < 2; c++) {
            int h = pos.hand(c);
            for (int r = 1; r <= 7; r++) {
                int k = Hand.count(h, r);
                for (int i = 1; i <= k; i++) {
                    index[n] = hand(r, i);
                    count[n++] = c == 0 ? 1 : -1;
                }
            }
        }
        index[n] = TEMPO;
        count[n++] = pos.sideToMove() == 0 ? 1 : -1;
        return n;
    }

    /** Whether a feature is part of the material (board or hand). */
    public static boolean isMaterial(int i) {
        return i < OWN;
    }

    /** A readable name of a feature index, as used in weight files. */
    public static String name(int i) {
        if (i < HAND) {
            return "board." + ROLE[i - BOARD];
        }
        if (i < OWN) {
            int r = (i - HAND) / 19, k = (i - HAND) % 19;
            return "hand." + ROLE[r] + "." + k;
        }
        if (i < KING) {
            boolean own = i < ENEMY;
            int j = i - (own ? OWN : ENEMY);
            int cls = j / REL, w = j % REL;
            return (own ? "own." : "enemy.") + CLASS_NAME[cls] + "." + (w / 9) + "." + (w % 9 - 4);
        }
        if (i < TEMPO) {
            int j = i - KING;
            return "king." + (j / 5 + 1) + "." + (j % 5 + 1);
        }
        return "tempo";
    }
}
