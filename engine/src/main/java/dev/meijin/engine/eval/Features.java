package dev.meijin.engine.eval;

import dev.meijin.core.Hand;
import dev.meijin.core.Piece;
import dev.meijin.core.Square;
import dev.meijin.core.position.Position;

/**
 * The features of the hand-made evaluation, each an index into a weight vector. The evaluation is linear:
 * its value for sente is the sum of {@code weight[i] * count[i]}, where sente's features count positively and
 * gote's negatively. This is what makes Texel tuning a plain logistic regression.
 *
 * <ul>
 *   <li>{@code board.<role>}: a piece of that role on the board (14 roles; the king has none);
 *   <li>{@code hand.<role>.<k>}: the k-th piece of a role in hand (k = 1…18 for pawns, 1…4 or 1…2 for the
 *       others), so that pieces in hand are worth more than on the board and less when many are held;
 *   <li>{@code own.<class>.<dx>.<dy>} and {@code enemy.<class>.<dx>.<dy>}: a piece of a class (pawn, lance,
 *       knight, silver, bishop, rook, gold or promoted minor, horse, dragon) at file offset {@code dx} (-8…8,
 *       positive toward the centre of the board from the king, negative toward the edge; folded for a king on
 *       the centre file) and rank offset {@code dy} (-8…8, negative means ahead of the king from the piece
 *       owner's side) from its own king (defenders, shells) and from the enemy king (attackers);
 *   <li>{@code king.<rank>.<file>}: the king's own rank (1 is the enemy's back rank, so this also scores an
 *       entering king's progress) and its file folded to 1–5;
 *   <li>{@code ks.sq.<dx>.<dy>.<occupant>.<attackers>.<defenders>}: each square of the 3×3 block around a king
 *       ({@code dx} 0–1 mirrored, {@code dy} -1…1 from the king owner's side), by what stands on it (empty,
 *       own piece, enemy piece), the number of enemy pieces attacking it (0–3, capped; the king itself does not
 *       block these attacks) and the number of the owner's pieces other than the king defending it (0–3);
 *   <li>{@code ks.attacked.<n>}: n of the king's neighbour squares are attacked by the enemy (0–8);
 *   <li>{@code ks.escape.<n>}: n neighbour squares the king could step to (empty or enemy, not attacked);
 *   <li>{@code ks.hand.<role>.<n>}: a piece of a role in the hand of the side attacking a king whose n
 *       neighbour squares are attacked (counted once or twice: the first two pieces of a kind), so that pieces
 *       in hand weigh with the danger of the enemy king;
 *   <li>{@code mob.<class>.<n>}: a bishop, rook, horse or dragon that reaches n squares (0–20, capped) not
 *       held by its own side;
 *   <li>{@code tempo}: the side to move;
 *   <li>{@code zone.<attackers>.<defenders>}: around each king, the enemy's pieces and the king owner's own in
 *       the 5×5 block centred on the king (pawns and kings not counted, each count capped at 6), so that the
 *       evaluation sees attack against defence together rather than piece by piece;
 *   <li>{@code zone.hand.<attackers>.<held>}: the same enemy count by the number of pieces other than pawns in
 *       the enemy's hand (capped at 6): attackers near a king weigh more when the attacker can drop more;
 *   <li>{@code kp.<own|enemy>.<class>.<bucket>.<file>.<rank>}: king-piece-square, a piece of a class (the
 *       king owner's or the enemy's) on an absolute square seen from the king owner, by a bucket of the king's own
 *       square (9: files 1–2, 3–4 and 5 folded to the owner's right, by the back rank, the second rank or any
 *       other); the board is mirrored with the king so that the table is the same on both wings. Unlike the
 *       king-relative tables, these know where on the board the king and the piece stand: a silver on 7g means
 *       one thing beside a king on 8h and another beside a king on 5i;
 *   <li>{@code ks.handesc.<role>.<n>}: a piece of a role in the hand of the side attacking a king with n escape
 *       squares (counted once or twice, as {@code ks.hand}): a drop matters more against a king that cannot run;
 *   <li>{@code file.drop.<n>.<held>}: the files of a king and its neighbours (2 or 3) on which the enemy has no
 *       unpromoted pawn, so could drop one ({@code n} of them), by the pawns in the enemy's hand (0, 1, 2 or more);
 *   <li>{@code file.rook.<n>} and {@code file.lance.<n>}: the enemy's rooks and dragons, and its lances, on those
 *       files where the enemy has no unpromoted pawn (a file open toward the king for them), capped at 2;
 *   <li>{@code threat.<mover|waiter>.<hanging|lesser>.<class>}: the pieces of a class that the enemy attacks while
 *       their own side does not defend them ({@code hanging}), and those the enemy attacks with a piece of lower
 *       value ({@code lesser}), for the side to move ({@code mover}) or the other ({@code waiter}); see
 *       {@link Threats}.
 * </ul>
 *
 * <p>The first groups (material, the king-relative tables and the king table) depend only on where pieces
 * stand, and {@link ShogiEvaluator} keeps them incrementally; the king-safety and mobility terms need attack
 * words and are computed at each evaluation by {@link #dynamic}, which both the evaluator and the tuner call.
 */
public final class Features {
    private Features() {}

    /** First index of the board material features, by role code. */
    public static final int BOARD = 0;
    /** First index of the hand features: {@code HAND + role * 19 + k}. */
    public static final int HAND = 16;
    /** Piece classes of the king-relative terms. */
    public static final int CLASSES = 9;
    /** Rank offsets of the king-relative tables (-8…8); file offsets take as many values. */
    static final int DY = 17;
    /** Squares of the king-relative table per class: 17 file offsets times 17 rank offsets. */
    public static final int REL = DY * DY;
    /** First index of the pieces relative to their own king. */
    public static final int OWN = HAND + 8 * 19;
    /** First index of the pieces relative to the enemy king. */
    public static final int ENEMY = OWN + CLASSES * REL;
    /** First index of the king placement table. */
    public static final int KING = ENEMY + CLASSES * REL;
    /** First index of the king-neighbourhood square table: {@code KS_SQ + (((pos * 3 + occ) * 4 + att) * 4 + def)}. */
    public static final int KS_SQ = KING + 45;
    /** First index of the attacked-neighbours count. */
    public static final int KS_ATTACKED = KS_SQ + 6 * 3 * 4 * 4;
    /** First index of the escape-squares count. */
    public static final int KS_ESCAPE = KS_ATTACKED + 9;
    /** First index of the hand pieces by the danger of the enemy king: {@code KS_HAND + (role - 1) * 9 + n}. */
    public static final int KS_HAND = KS_ESCAPE + 9;
    /** Mobility classes: bishop, rook, horse, dragon. */
    static final int MOB_CLASSES = 4;
    /** Mobility buckets per class (0–20). */
    static final int MOB_N = 21;
    /** First index of the mobility of the major pieces: {@code MOB + class * 21 + n}. */
    public static final int MOB = KS_HAND + 7 * 9;
    /** The side-to-move bonus. */
    public static final int TEMPO = MOB + MOB_CLASSES * MOB_N;
    /** Cap of the piece counts of the king zone (0–6). */
    static final int ZONE_N = 7;
    /** First index of the king zone by attackers and defenders: {@code ZONE + attackers * 7 + defenders}. */
    public static final int ZONE = TEMPO + 1;
    /** First index of the king zone by attackers and the attacker's pieces in hand: {@code ZONE_HAND + attackers * 7 + held}. */
    public static final int ZONE_HAND = ZONE + ZONE_N * ZONE_N;
    /** Buckets of a king's own square in the king-piece-square table (see {@link #kpBucket}). */
    static final int KP_BUCKETS = 9;
    /**
     * First index of the king-piece-square table:
     * {@code KP + ((side * CLASSES + class) * KP_BUCKETS + bucket) * 81 + square}, side 0 for the king owner's pieces
     * and 1 for the enemy's, the square seen from the king owner (see {@link #kp}).
     */
    public static final int KP = ZONE_HAND + ZONE_N * ZONE_N;
    /** First index of the hand pieces by the escape squares of the enemy king: {@code KS_HAND_ESC + (role - 1) * 9 + n}. */
    public static final int KS_HAND_ESC = KP + 2 * CLASSES * KP_BUCKETS * 81;
    /** First index of the pawn-drop files near a king: {@code FILE_DROP + files * 3 + held}. */
    public static final int FILE_DROP = KS_HAND_ESC + 7 * 9;
    /** First index of the enemy rooks and dragons on the open files near a king (0–2). */
    public static final int FILE_ROOK = FILE_DROP + 4 * 3;
    /** First index of the enemy lances on the open files near a king (0–2). */
    public static final int FILE_LANCE = FILE_ROOK + 3;
    /**
     * First index of the threat features (see {@link Threats}):
     * {@code THREAT + (mover * 2 + kind) * CLASSES + class}, {@code mover} 0 for the pieces of the side to move and 1
     * for the other side's, {@code kind} 0 for a piece attacked and not defended, 1 for one attacked by a lesser piece.
     */
    public static final int THREAT = FILE_LANCE + 3;
    /** Number of features. */
    public static final int COUNT = THREAT + 2 * Threats.KINDS * CLASSES;

    /** The squares of each file (index 0 is file 1), as low (squares 0–62) and high (63–80) bit words. */
    private static final long[] FILE_LO = new long[9], FILE_HI = new long[9];

    static {
        for (int sq = 0; sq < 81; sq++) {
            if (sq < 63) {
                FILE_LO[sq / 9] |= 1L << sq;
            } else {
                FILE_HI[sq / 9] |= 1L << (sq - 63);
            }
        }
    }

    /** The bucket of a king of colour {@code c} on each square, by {@code c * 81 + square}. */
    private static final int[] KP_BUCKET = new int[2 * 81];
    /** The square seen from a king owner, by {@code (c * 81 + king square) * 81 + square}: rotated for gote, mirrored for a king on the far side. */
    private static final short[] KP_SQ = new short[2 * 81 * 81];

    static {
        for (int c = 0; c < 2; c++) {
            for (int k = 0; k < 81; k++) {
                int vk = c == 0 ? k : 80 - k;
                boolean mirror = vk / 9 > 4;
                int vf = mirror ? 8 - vk / 9 : vk / 9;
                int rank = Square.relativeRank(c, k);
                KP_BUCKET[c * 81 + k] = (vf <= 1 ? 0 : vf <= 3 ? 1 : 2) * 3 + (rank == 9 ? 0 : rank == 8 ? 1 : 2);
                for (int sq = 0; sq < 81; sq++) {
                    int v = c == 0 ? sq : 80 - sq;
                    KP_SQ[(c * 81 + k) * 81 + sq] = (short) (mirror ? (8 - v / 9) * 9 + v % 9 : v);
                }
            }
        }
    }

    /** The 5×5 block of squares around each square, as low (squares 0–62) and high (63–80) bit words. */
    private static final long[] ZONE_LO = new long[81], ZONE_HI = new long[81];

    static {
        for (int k = 0; k < 81; k++) {
            for (int f = Math.max(0, k / 9 - 2); f <= Math.min(8, k / 9 + 2); f++) {
                for (int r = Math.max(0, k % 9 - 2); r <= Math.min(8, k % 9 + 2); r++) {
                    int sq = f * 9 + r;
                    if (sq < 63) {
                        ZONE_LO[k] |= 1L << sq;
                    } else {
                        ZONE_HI[k] |= 1L << (sq - 63);
                    }
                }
            }
        }
    }

    /** The length {@link #extract} and {@link #dynamic} need in their output arrays. */
    public static final int MAX_ACTIVE = 460;

    /** Piece class by role code (-1 for none and the king). */
    static final int[] CLASS = {-1, 0, 1, 2, 3, 4, 5, 6, -1, 6, 6, 6, 6, 7, 8, -1};
    /** Mobility class by role code (-1 for the pieces without one). */
    static final int[] MOB_CLASS = {-1, -1, -1, -1, -1, 0, 1, -1, -1, -1, -1, -1, -1, 2, 3, -1};
    private static final int[] MOB_ROLES = {5, 6, 13, 14};

    private static final String[] ROLE = {"", "pawn", "lance", "knight", "silver", "bishop", "rook", "gold", "king",
        "tokin", "prolance", "proknight", "prosilver", "horse", "dragon", ""};
    private static final String[] CLASS_NAME = {"pawn", "lance", "knight", "silver", "bishop", "rook", "gold", "horse", "dragon"};
    private static final String[] OCCUPANT = {"empty", "own", "enemy"};

    /** The hand feature of the k-th piece of a role (k from 1). */
    public static int hand(int role, int k) {
        return HAND + role * 19 + k;
    }

    /**
     * The table offset of a piece on {@code sq} of colour {@code c} relative to a king on {@code k}: the file
     * offset signed so that positive is toward the centre of the board from the king (on the centre file, the
     * two sides are folded), the rank offset from the piece owner's side.
     */
    static int rel(int c, int sq, int k) {
        int kf = k / 9, df = sq / 9 - kf;
        int dx = kf < 4 ? df : kf > 4 ? -df : Math.abs(df);
        int dy = Square.relativeRank(c, sq) - Square.relativeRank(c, k);
        return (dx + 8) * DY + dy + 8;
    }

    /**
     * The bucket of a king of colour {@code c} on {@code k} in the king-piece-square table: its file seen from its
     * owner and folded toward the owner's right (files 1–2, 3–4, 5) by its rank from the owner's side (the back
     * rank, the second, any other).
     */
    static int kpBucket(int c, int k) {
        return KP_BUCKET[c * 81 + k];
    }

    /**
     * The king-piece-square feature of a piece of class {@code cls} on {@code sq} for the king of colour {@code c}
     * on {@code k}: {@code side} 0 for a piece of the king's owner, 1 for an enemy piece; the square is seen from
     * the king's owner (rotated for gote) and mirrored left to right when the king stands on the owner's left
     * half, so that a king on 2h and one on 8h use the same table. Counted for the king's owner.
     */
    static int kp(int c, int k, int side, int cls, int sq) {
        int ck = c * 81 + k;
        return KP + ((side * CLASSES + cls) * KP_BUCKETS + KP_BUCKET[ck]) * 81 + KP_SQ[ck * 81 + sq];
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
     * @param index receives feature indices (at least {@link #MAX_ACTIVE} long)
     * @param count receives the matching counts (positive for sente, negative for gote)
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
                index[n] = kp(c, ks[c], 0, cls, sq);
                count[n++] = s;
            }
            if (ks[c ^ 1] != Position.NO_SQUARE) {
                index[n] = ENEMY + cls * REL + rel(c, sq, ks[c ^ 1]);
                count[n++] = s;
                index[n] = kp(c ^ 1, ks[c ^ 1], 1, cls, sq);
                count[n++] = -s;
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
        n = dynamic(pos, index, count, n, new long[2]);
        index[n] = TEMPO;
        count[n++] = pos.sideToMove() == 0 ? 1 : -1;
        for (int c = 0; c < 2; c++) {
            if (pos.kingSquare(c) != Position.NO_SQUARE) {
                index[n] = zone(pos, c);
                count[n++] = c == 0 ? 1 : -1;
                index[n] = zoneHand(pos, c);
                count[n++] = c == 0 ? 1 : -1;
                index[n] = fileDrop(pos, c);
                count[n++] = c == 0 ? 1 : -1;
                index[n] = fileRook(pos, c);
                count[n++] = c == 0 ? 1 : -1;
                index[n] = fileLance(pos, c);
                count[n++] = c == 0 ? 1 : -1;
            }
        }
        return new Threats().write(pos, index, count, n);
    }

    /**
     * Appends the features that need attack words (king safety and mobility) as (index, count) pairs from
     * sente's point of view, starting at {@code n}. Allocates nothing.
     *
     * @param pos the position
     * @param index receives feature indices
     * @param count receives the matching counts
     * @param n the first free slot
     * @param tmp two longs of scratch space
     * @return the next free slot
     */
    public static int dynamic(Position pos, int[] index, int[] count, int n, long[] tmp) {
        long occLo = pos.occupiedLo(), occHi = pos.occupiedHi();
        for (int c = 0; c < 2; c++) {
            int k = pos.kingSquare(c);
            if (k == Position.NO_SQUARE) {
                continue;
            }
            n = kingSafety(pos, c, k, index, count, n, tmp);
        }
        for (int c = 0; c < 2; c++) {
            int s = c == 0 ? 1 : -1;
            long ownLo = pos.piecesLo(c), ownHi = pos.piecesHi(c);
            for (int m = 0; m < MOB_CLASSES; m++) {
                int r = MOB_ROLES[m];
                long lo = pos.piecesLo(c, r), hi = pos.piecesHi(c, r);
                while ((lo | hi) != 0) {
                    int sq;
                    if (lo != 0) {
                        sq = Long.numberOfTrailingZeros(lo);
                        lo &= lo - 1;
                    } else {
                        sq = 63 + Long.numberOfTrailingZeros(hi);
                        hi &= hi - 1;
                    }
                    pos.attacksFrom(Piece.of(c, r), sq, occLo, occHi, tmp);
                    int reach = Long.bitCount(tmp[0] & ~ownLo) + Long.bitCount(tmp[1] & ~ownHi);
                    index[n] = MOB + m * MOB_N + Math.min(reach, MOB_N - 1);
                    count[n++] = s;
                }
            }
        }
        return n;
    }

    /** The king-safety features of the king of colour {@code c} on {@code k}; returns the next free slot. */
    private static int kingSafety(Position pos, int c, int k, int[] index, int[] count, int n, long[] tmp) {
        int e = c ^ 1, s = c == 0 ? 1 : -1;
        long occLo = pos.occupiedLo(), occHi = pos.occupiedHi();
        // the enemy's attacks are counted as if the king were not there, so squares behind it stay attacked
        long xLo = k < 63 ? occLo & ~(1L << k) : occLo, xHi = k < 63 ? occHi : occHi & ~(1L << (k - 63));
        int kf = k / 9, kr = k % 9;
        int attacked = 0, escape = 0;
        for (int df = -1; df <= 1; df++) {
            int f = kf + df;
            if (f < 0 || f > 8) {
                continue;
            }
            for (int dr = -1; dr <= 1; dr++) {
                int r = kr + dr;
                if (r < 0 || r > 8) {
                    continue;
                }
                int sq = f * 9 + r;
                pos.attackersTo(e, sq, xLo, xHi, tmp);
                int att = Long.bitCount(tmp[0]) + Long.bitCount(tmp[1]);
                pos.attackersTo(c, sq, occLo, occHi, tmp);
                int def = Long.bitCount(tmp[0]) + Long.bitCount(tmp[1]) - (sq == k ? 0 : 1);
                int pc = pos.pieceAt(sq);
                int occ = pc == 0 ? 0 : Piece.color(pc) == c ? 1 : 2;
                int dy = c == 0 ? dr : -dr;
                int p = Math.abs(df) * 3 + dy + 1;
                index[n] = KS_SQ + ((p * 3 + occ) * 4 + Math.min(att, 3)) * 4 + Math.min(def, 3);
                count[n++] = s;
                if (sq != k) {
                    if (att > 0) {
                        attacked++;
                    } else if (occ != 1) {
                        escape++;
                    }
                }
            }
        }
        index[n] = KS_ATTACKED + attacked;
        count[n++] = s;
        index[n] = KS_ESCAPE + escape;
        count[n++] = s;
        int h = pos.hand(e);
        for (int r = 1; r <= 7; r++) {
            int held = Math.min(Hand.count(h, r), 2);
            if (held > 0) {
                index[n] = KS_HAND + (r - 1) * 9 + attacked;
                count[n++] = -s * held;
                index[n] = KS_HAND_ESC + (r - 1) * 9 + escape;
                count[n++] = -s * held;
            }
        }
        return n;
    }

    /**
     * Whether colour {@code e} has no unpromoted pawn on file index {@code f} (0 for file 1), so that it may drop
     * one there as far as the two-pawn rule goes.
     */
    private static boolean noPawn(Position pos, int e, int f) {
        return (pos.piecesLo(e, 1) & FILE_LO[f]) == 0 && (pos.piecesHi(e, 1) & FILE_HI[f]) == 0;
    }

    /** The pieces of colour {@code e} and role {@code r} on file index {@code f}. */
    private static int onFile(Position pos, int e, int r, int f) {
        return Long.bitCount(pos.piecesLo(e, r) & FILE_LO[f]) + Long.bitCount(pos.piecesHi(e, r) & FILE_HI[f]);
    }

    /**
     * The pawn-drop file feature of the king of colour {@code c} (on the board): on how many of the king's file and
     * its neighbours the enemy has no unpromoted pawn, by the pawns in the enemy's hand (0, 1, 2 or more).
     *
     * @param pos the position
     * @param c the king's colour
     * @return the feature index
     */
    static int fileDrop(Position pos, int c) {
        int e = c ^ 1, kf = pos.kingSquare(c) / 9, n = 0;
        for (int f = Math.max(0, kf - 1); f <= Math.min(8, kf + 1); f++) {
            if (noPawn(pos, e, f)) {
                n++;
            }
        }
        return FILE_DROP + n * 3 + Math.min(Hand.count(pos.hand(e), 1), 2);
    }

    /**
     * The open-file feature of the king of colour {@code c} (on the board) for the enemy's pieces of the roles
     * {@code r1} and {@code r2} (rook and dragon, or lance twice with {@code r2} 0): how many stand on the king's
     * file or its neighbours where the enemy has no unpromoted pawn, capped at 2, from index {@code first}.
     */
    private static int fileOpen(Position pos, int c, int r1, int r2, int first) {
        int e = c ^ 1, kf = pos.kingSquare(c) / 9, n = 0;
        for (int f = Math.max(0, kf - 1); f <= Math.min(8, kf + 1); f++) {
            if (noPawn(pos, e, f)) {
                n += onFile(pos, e, r1, f) + (r2 == 0 ? 0 : onFile(pos, e, r2, f));
            }
        }
        return first + Math.min(n, 2);
    }

    /**
     * The enemy's rooks and dragons on the open files near the king of colour {@code c} (on the board).
     *
     * @param pos the position
     * @param c the king's colour
     * @return the feature index
     */
    static int fileRook(Position pos, int c) {
        return fileOpen(pos, c, 6, 14, FILE_ROOK);
    }

    /**
     * The enemy's lances on the open files near the king of colour {@code c} (on the board).
     *
     * @param pos the position
     * @param c the king's colour
     * @return the feature index
     */
    static int fileLance(Position pos, int c) {
        return fileOpen(pos, c, 2, 0, FILE_LANCE);
    }

    /**
     * The pieces other than kings and unpromoted pawns of colour {@code owner} in the 5×5 block around the king of
     * colour {@code c} (which must be on the board), capped at 6.
     */
    private static int zoneCount(Position pos, int c, int owner) {
        int k = pos.kingSquare(c);
        long lo = ZONE_LO[k], hi = ZONE_HI[k];
        int n = Long.bitCount(pos.piecesLo(owner) & lo) + Long.bitCount(pos.piecesHi(owner) & hi)
                - Long.bitCount(pos.piecesLo(owner, 1) & lo) - Long.bitCount(pos.piecesHi(owner, 1) & hi);
        int ok = pos.kingSquare(owner);
        if (ok != Position.NO_SQUARE && (ok < 63 ? (lo >>> ok & 1) != 0 : (hi >>> (ok - 63) & 1) != 0)) {
            n--;
        }
        return Math.min(n, ZONE_N - 1);
    }

    /**
     * The king-zone feature of the king of colour {@code c} (on the board): the enemy's pieces (not pawns, not
     * the king) in the 5×5 block around it against its own, each count capped at 6.
     *
     * @param pos the position
     * @param c the king's colour
     * @return the feature index
     */
    static int zone(Position pos, int c) {
        return ZONE + zoneCount(pos, c, c ^ 1) * ZONE_N + zoneCount(pos, c, c);
    }

    /**
     * The king-zone feature of the king of colour {@code c} (on the board) by the enemy's pieces in its 5×5
     * block and the number of pieces other than pawns in the enemy's hand, each capped at 6.
     *
     * @param pos the position
     * @param c the king's colour
     * @return the feature index
     */
    static int zoneHand(Position pos, int c) {
        int h = pos.hand(c ^ 1), held = 0;
        for (int r = 2; r <= 7; r++) {
            held += Hand.count(h, r);
        }
        return ZONE_HAND + zoneCount(pos, c, c ^ 1) * ZONE_N + Math.min(held, ZONE_N - 1);
    }

    /** Whether a feature is part of the material (board or hand). */
    public static boolean isMaterial(int i) {
        return i < OWN;
    }

    /** A readable name of a feature index, as used in weight files. */
    public static String name(int i) {
        if (i >= THREAT) {
            int j = i - THREAT, cls = j % CLASSES, kind = j / CLASSES % Threats.KINDS, mover = j / CLASSES / Threats.KINDS;
            return "threat." + (mover == 0 ? "mover." : "waiter.") + (kind == 0 ? "hanging." : "lesser.") + CLASS_NAME[cls];
        }
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
            return (own ? "own." : "enemy.") + CLASS_NAME[cls] + "." + (w / DY - 8) + "." + (w % DY - 8);
        }
        if (i < KS_SQ) {
            int j = i - KING;
            return "king." + (j / 5 + 1) + "." + (j % 5 + 1);
        }
        if (i < KS_ATTACKED) {
            int j = i - KS_SQ;
            int def = j % 4, att = j / 4 % 4, occ = j / 16 % 3, p = j / 48;
            return "ks.sq." + (p / 3) + "." + (p % 3 - 1) + "." + OCCUPANT[occ] + "." + att + "." + def;
        }
        if (i < KS_ESCAPE) {
            return "ks.attacked." + (i - KS_ATTACKED);
        }
        if (i < KS_HAND) {
            return "ks.escape." + (i - KS_ESCAPE);
        }
        if (i < MOB) {
            int j = i - KS_HAND;
            return "ks.hand." + ROLE[j / 9 + 1] + "." + (j % 9);
        }
        if (i < TEMPO) {
            int j = i - MOB;
            return "mob." + ROLE[MOB_ROLES[j / MOB_N]] + "." + (j % MOB_N);
        }
        if (i == TEMPO) {
            return "tempo";
        }
        if (i < ZONE_HAND) {
            return "zone." + (i - ZONE) / ZONE_N + "." + (i - ZONE) % ZONE_N;
        }
        if (i < KP) {
            return "zone.hand." + (i - ZONE_HAND) / ZONE_N + "." + (i - ZONE_HAND) % ZONE_N;
        }
        if (i >= FILE_LANCE) {
            return "file.lance." + (i - FILE_LANCE);
        }
        if (i >= FILE_ROOK) {
            return "file.rook." + (i - FILE_ROOK);
        }
        if (i >= FILE_DROP) {
            return "file.drop." + (i - FILE_DROP) / 3 + "." + (i - FILE_DROP) % 3;
        }
        if (i >= KS_HAND_ESC) {
            int j = i - KS_HAND_ESC;
            return "ks.handesc." + ROLE[j / 9 + 1] + "." + (j % 9);
        }
        int j = i - KP, sq = j % 81, b = j / 81 % KP_BUCKETS, cls = j / 81 / KP_BUCKETS % CLASSES, side = j / 81 / KP_BUCKETS / CLASSES;
        return "kp." + (side == 0 ? "own." : "enemy.") + CLASS_NAME[cls] + "." + b + "." + (sq / 9 + 1) + "." + (sq % 9 + 1);
    }
}
