package dev.meijin.engine.eval;

import dev.meijin.core.Hand;
import dev.meijin.core.Piece;
import dev.meijin.core.position.Position;

/**
 * The weighted sum of the king-safety and mobility features of {@link Features#dynamic}, computed from attack
 * words built once per evaluation instead of one attackers query per neighbour square and side.
 *
 * <p>{@link Features#dynamic} asks, for each of the up to nine squares of a king's 3×3 block, which enemy pieces
 * attack it (with the king taken off the board, so that sliders see through it) and which own pieces defend it:
 * 36 queries of up to eight rays each. Here every piece that can reach a block contributes its attack word
 * once. A king's block lies within the 21 consecutive squares from ten before the king to ten after it (the
 * board is numbered file by file), so each attack word is cut down to that window, a single {@code long}, and
 * the numbers of attackers and of defenders of each block square are kept there as bit-sliced counters that
 * stop at three (the features cap them there).
 *
 * <ul>
 *   <li>Pieces that only step (pawns, knights, silvers, golds and promoted minors) are moved all at once, one
 *       shift of a word per kind of step (ten in all: forward, the four diagonals, sideways, back, the two
 *       knight jumps); a king next to the enemy king's block counts there as an attacker.
 *   <li>Lances, bishops, rooks, horses and dragons are swept once with the board's occupancy; the sweep serves
 *       the mobility terms, the defence of the own king's block and the attack on the enemy king's block. The
 *       attack on the enemy block must see through the enemy king; that changes the word only if it contains
 *       the king's square, and only then is it swept again without the king.
 * </ul>
 *
 * <p>The result equals the dot product of the weights with the features {@link Features#dynamic} writes, for
 * any weights; {@code DynamicTermsTest} checks this on positions of real games. One instance per evaluator:
 * the counters and the scratch word pair are fields, and nothing is allocated per call.
 */
final class DynamicTerms {
    /** Attack words of the pieces that only step, indexed {@code piece * 81 + sq}; zero for the sliders. */
    private static final long[] STEP_LO = new long[Piece.CODES * 81], STEP_HI = new long[Piece.CODES * 81];
    /** Attack words of the sliders on an empty board, indexed {@code piece * 81 + sq}; zero for the others. */
    private static final long[] REACH_LO = new long[Piece.CODES * 81], REACH_HI = new long[Piece.CODES * 81];
    /** A king's 3×3 block (its square and its neighbours), by the king's square. */
    private static final long[] BLOCK_LO = new long[81], BLOCK_HI = new long[81];
    /** Role codes of the sliders. */
    private static final int PAWN = 1, LANCE = 2, KNIGHT = 3, SILVER = 4, BISHOP = 5, ROOK = 6, GOLD = 7, TOKIN = 9,
            PRO_LANCE = 10, PRO_KNIGHT = 11, PRO_SILVER = 12, HORSE = 13, DRAGON = 14;
    /** The first and last ranks (square numbers 9f and 9f + 8). */
    private static final long RANK1_LO, RANK1_HI, RANK9_LO, RANK9_HI;
    /** The longest step, a knight's (two ranks and a file: 11 square numbers). */
    private static final int REACH = 11;
    /** Role codes of the pieces with a mobility term, in the order of {@link Features#MOB_CLASSES}. */
    private static final int[] MOB_ROLES = {BISHOP, ROOK, HORSE, DRAGON};

    static {
        Position empty = Position.startpos();
        long[] out = new long[2];
        for (int c = 0; c < 2; c++) {
            for (int r = 1; r <= 14; r++) {
                int pc = Piece.of(c, r);
                boolean slider = r == LANCE || r == BISHOP || r == ROOK || r == HORSE || r == DRAGON;
                for (int sq = 0; sq < 81; sq++) {
                    empty.attacksFrom(pc, sq, 0, 0, out);
                    if (slider) {
                        REACH_LO[pc * 81 + sq] = out[0];
                        REACH_HI[pc * 81 + sq] = out[1];
                    } else {
                        STEP_LO[pc * 81 + sq] = out[0];
                        STEP_HI[pc * 81 + sq] = out[1];
                    }
                }
            }
        }
        long[] rankLo = new long[2], rankHi = new long[2]; // index 0: rank 1, index 1: rank 9
        for (int file = 0; file < 9; file++) {
            set(rankLo, rankHi, 0, file * 9);
            set(rankLo, rankHi, 1, file * 9 + 8);
        }
        RANK1_LO = rankLo[0];
        RANK1_HI = rankHi[0];
        RANK9_LO = rankLo[1];
        RANK9_HI = rankHi[1];
        for (int k = 0; k < 81; k++) {
            for (int sq = 0; sq < 81; sq++) {
                int df = Math.abs(sq / 9 - k / 9), dr = Math.abs(sq % 9 - k % 9);
                if (df <= 1 && dr <= 1) {
                    set(BLOCK_LO, BLOCK_HI, k, sq);
                }
            }
        }
    }

    private static void set(long[] lo, long[] hi, int i, int sq) {
        if (sq < 63) {
            lo[i] |= 1L << sq;
        } else {
            hi[i] |= 1L << (sq - 63);
        }
    }

    /** Bit offsets of a king's block in its window: files to the king's left, its own, to its right; ranks -1…1. */
    private static final int[] OFFSET = {0, 1, 2, 9, 10, 11, 18, 19, 20};
    /** Offset of the king's own square in its window. */
    private static final int CENTRE = 10;
    /** The block of a king on {@code k} in window form (the squares that exist), by {@code k}. */
    private static final long[] BLOCK_WINDOW = new long[81];
    /** Table position {@code p} of each window slot of {@link #OFFSET} for a king of each colour, {@code c * 9 + j}. */
    private static final int[] SLOT = new int[18];
    /** What stands on a square for a king of colour {@code c}, {@code c * 32 + piece}: 0 empty, 1 own, 2 enemy. */
    private static final int[] OCCUPANT = new int[64];
    private static final long PLANE = (1L << 21) - 1;

    static {
        for (int k = 0; k < 81; k++) {
            BLOCK_WINDOW[k] = window(BLOCK_LO[k], BLOCK_HI[k], k - CENTRE);
        }
        for (int c = 0; c < 2; c++) {
            for (int j = 0; j < 9; j++) {
                int df = j / 3 - 1, dr = j % 3 - 1;
                int dy = c == 0 ? dr : -dr;
                SLOT[c * 9 + j] = Math.abs(df) * 3 + dy + 1;
            }
            for (int pc = 1; pc < 32; pc++) {
                if (Piece.role(pc) >= 1 && Piece.role(pc) <= 14) {
                    OCCUPANT[c * 32 + pc] = Piece.color(pc) == c ? 1 : 2;
                }
            }
        }
    }

    /**
     * The 21 squares {@code base … base + 20} of a word pair as the low bits of a long: a king's window, with
     * {@code base} ten squares before the king (from the file to its left, one rank above, to the file to its
     * right, one rank below). Squares outside the board read as 0; squares that wrap round to another rank are
     * masked off by {@link #BLOCK_WINDOW}.
     */
    private static long window(long lo, long hi, int base) {
        long v;
        if (base < 0) {
            v = lo << -base;
        } else if (base >= 63) {
            v = hi >>> (base - 63);
        } else {
            v = lo >>> base | hi << (63 - base); // base 0 puts square 63 at bit 63, outside the window
        }
        return v & PLANE;
    }

    /**
     * Adds one to a saturating counter (at most 3) on every slot of {@code v}: the counter holds its low bits in
     * bits 0–20 and its high bits in bits 32–52.
     */
    private static long add(long counter, long v) {
        long x = counter & PLANE, y = counter >>> 32;
        long carry = x & v;
        x = (x ^ v) | (y & carry);
        y |= carry;
        return x | y << 32;
    }

    /** Counters of the attackers and the defenders of each king's block: {@code c * 2} and {@code c * 2 + 1}. */
    private final long[] counter = new long[4];
    private final long[] tmp = new long[2];

    /**
     * The king-safety and mobility terms of a position for sente: the dot product of {@code w} with the
     * features {@link Features#dynamic} writes.
     *
     * @param pos the position
     * @param w the weights, indexed by feature
     * @return the weighted sum, from sente's point of view
     */
    int sum(Position pos, int[] w) {
        return sum(pos, w, null);
    }

    /**
     * The same sum, also handing the attack word of every slider to {@code threats} (after clearing it), so that
     * {@link Threats#score} can follow without sweeping the sliders again.
     *
     * @param pos the position
     * @param w the weights, indexed by feature
     * @param threats receives the sliders' attack words, or {@code null}
     * @return the weighted sum, from sente's point of view
     */
    int sum(Position pos, int[] w, Threats threats) {
        if (threats != null) {
            threats.clear();
        }
        long[] cnt = counter;
        cnt[0] = 0;
        cnt[1] = 0;
        cnt[2] = 0;
        cnt[3] = 0;
        long occLo = pos.occupiedLo(), occHi = pos.occupiedHi();
        int k0 = pos.kingSquare(0), k1 = pos.kingSquare(1);
        // the pieces that only step, near either king: attackers of the enemy block, defenders of their own
        steppers(pos, 0, k0, k1);
        steppers(pos, 1, k0, k1);
        // the sliders: mobility, defence of the own block, attack on the enemy block
        int d = sliders(pos, w, 0, k0, k1, occLo, occHi, threats) - sliders(pos, w, 1, k1, k0, occLo, occHi, threats);
        if (k0 != Position.NO_SQUARE) {
            d += block(pos, w, 0, k0);
        }
        if (k1 != Position.NO_SQUARE) {
            d -= block(pos, w, 1, k1);
        }
        return d;
    }

    /**
     * Counts the stepping pieces of colour {@code x} onto the blocks of both kings: as defenders of its own
     * king (the king itself left out) and as attackers of the enemy king (the king included). Each of the ten
     * steps these pieces make (a step to a square {@code delta} away) moves all the pieces that make it at once:
     * a shift of the word of those pieces, which no two of them share a destination in. A piece on the edge
     * rank that a step would leave is taken out first, since square numbers run on into the next file there.
     */
    private void steppers(Position pos, int x, int k0, int k1) {
        long[] cnt = counter;
        int f = x == 0 ? -1 : 1; // a step forward
        long frontLo = x == 0 ? RANK1_LO : RANK9_LO, frontHi = x == 0 ? RANK1_HI : RANK9_HI;
        long backLo = x == 0 ? RANK9_LO : RANK1_LO, backHi = x == 0 ? RANK9_HI : RANK1_HI;
        long pLo = pos.piecesLo(x, PAWN), pHi = pos.piecesHi(x, PAWN);
        long nLo = pos.piecesLo(x, KNIGHT), nHi = pos.piecesHi(x, KNIGHT);
        long sLo = pos.piecesLo(x, SILVER), sHi = pos.piecesHi(x, SILVER);
        long gLo = pos.piecesLo(x, GOLD) | pos.piecesLo(x, TOKIN) | pos.piecesLo(x, PRO_LANCE)
                | pos.piecesLo(x, PRO_KNIGHT) | pos.piecesLo(x, PRO_SILVER);
        long gHi = pos.piecesHi(x, GOLD) | pos.piecesHi(x, TOKIN) | pos.piecesHi(x, PRO_LANCE)
                | pos.piecesHi(x, PRO_KNIGHT) | pos.piecesHi(x, PRO_SILVER);
        long fwdLo = (pLo | sLo | gLo) & ~frontLo, fwdHi = (pHi | sHi | gHi) & ~frontHi;
        long fdLo = (sLo | gLo) & ~frontLo, fdHi = (sHi | gHi) & ~frontHi;
        long bkLo = gLo & ~backLo, bkHi = gHi & ~backHi;
        long bdLo = sLo & ~backLo, bdHi = sHi & ~backHi;
        for (int c = 0; c < 2; c++) {
            int k = c == 0 ? k0 : k1;
            if (k == Position.NO_SQUARE) {
                continue;
            }
            int start = k - CENTRE - REACH; // bit REACH + j of a span is window slot j
            long zone = BLOCK_WINDOW[k];
            long fwd = span(fwdLo, fwdHi, start), fd = span(fdLo, fdHi, start), side = span(gLo, gHi, start);
            long bk = span(bkLo, bkHi, start), bd = span(bdLo, bdHi, start), kn = span(nLo, nHi, start);
            int at = c * 2 + (c == x ? 1 : 0);
            long n = cnt[at];
            n = add(n, fwd >>> (REACH - f) & zone);
            n = add(n, fd >>> (REACH - f + 9) & zone);
            n = add(n, fd >>> (REACH - f - 9) & zone);
            n = add(n, side >>> (REACH + 9) & zone);
            n = add(n, side >>> (REACH - 9) & zone);
            n = add(n, bk >>> (REACH + f) & zone);
            n = add(n, bd >>> (REACH + f + 9) & zone);
            n = add(n, bd >>> (REACH + f - 9) & zone);
            n = add(n, kn >>> (REACH - 2 * f + 9) & zone);
            n = add(n, kn >>> (REACH - 2 * f - 9) & zone);
            if (c != x) {
                int king = x == 0 ? k0 : k1; // the attacker's king next to the block
                if (king != Position.NO_SQUARE) {
                    int i = Piece.of(x, 8) * 81 + king;
                    n = add(n, window(STEP_LO[i], STEP_HI[i], k - CENTRE) & zone);
                }
            }
            cnt[at] = n;
        }
    }

    /**
     * The 64 squares {@code start … start + 63} of a word pair as a long, for {@code start} from -21 to 80;
     * squares outside the board read as 0.
     */
    private static long span(long lo, long hi, int start) {
        if (start < 0) {
            return lo << -start;
        } else if (start >= 63) {
            return hi >>> (start - 63);
        }
        return lo >>> start | hi << (63 - start); // start 0 puts square 63 at bit 63, where it belongs
    }

    /**
     * The mobility terms of the sliders of colour {@code c} (for {@code c}, not for sente), counting them on
     * the blocks: as defenders of the own king on {@code own}, as attackers of the enemy king on {@code enemy};
     * every slider's attack word also goes to {@code threats} unless it is {@code null}.
     */
    private int sliders(Position pos, int[] w, int c, int own, int enemy, long occLo, long occHi, Threats threats) {
        long[] cnt = counter;
        boolean hasOwn = own != Position.NO_SQUARE, hasEnemy = enemy != Position.NO_SQUARE;
        int ownBase = own - CENTRE, enemyBase = enemy - CENTRE;
        long ownZone = hasOwn ? BLOCK_WINDOW[own] : 0, enemyZone = hasEnemy ? BLOCK_WINDOW[enemy] : 0;
        long ownLo = pos.piecesLo(c), ownHi = pos.piecesHi(c);
        int v = 0;
        for (int m = -1; m < MOB_ROLES.length; m++) {
            int r = m < 0 ? LANCE : MOB_ROLES[m];
            int pc = Piece.of(c, r);
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
                int i = pc * 81 + sq;
                boolean reachesOwn = hasOwn && (window(REACH_LO[i], REACH_HI[i], ownBase) & ownZone) != 0;
                boolean reachesEnemy = hasEnemy && (window(REACH_LO[i], REACH_HI[i], enemyBase) & enemyZone) != 0;
                if (m < 0 && !reachesOwn && !reachesEnemy && threats == null) {
                    continue; // a lance that can reach neither block
                }
                pos.attacksFrom(pc, sq, occLo, occHi, tmp);
                long aLo = tmp[0], aHi = tmp[1];
                if (threats != null) {
                    threats.addSlider(c, r, aLo, aHi);
                }
                if (m >= 0) {
                    int reach = Long.bitCount(aLo & ~ownLo) + Long.bitCount(aHi & ~ownHi);
                    v += w[Features.MOB + m * Features.MOB_N + Math.min(reach, Features.MOB_N - 1)];
                }
                if (reachesOwn) {
                    long a = window(aLo, aHi, ownBase) & ownZone;
                    if (a != 0) {
                        cnt[c * 2 + 1] = add(cnt[c * 2 + 1], a);
                    }
                }
                if (reachesEnemy) {
                    long a = window(aLo, aHi, enemyBase);
                    if ((a >>> CENTRE & 1) != 0) {
                        // the enemy king blocks this piece: sweep again through it
                        long xLo = enemy < 63 ? occLo & ~(1L << enemy) : occLo;
                        long xHi = enemy < 63 ? occHi : occHi & ~(1L << (enemy - 63));
                        pos.attacksFrom(pc, sq, xLo, xHi, tmp);
                        a = window(tmp[0], tmp[1], enemyBase);
                    }
                    a &= enemyZone;
                    if (a != 0) {
                        int e = (c ^ 1) * 2;
                        cnt[e] = add(cnt[e], a);
                    }
                }
            }
        }
        return v;
    }

    /** The terms of the 3×3 block of the king of colour {@code c} on {@code k}, from the counters; for {@code c}. */
    private int block(Position pos, int[] w, int c, int k) {
        long att = counter[c * 2], def = counter[c * 2 + 1];
        long a0 = att & PLANE, a1 = att >>> 32, d0 = def & PLANE, d1 = def >>> 32;
        long zone = BLOCK_WINDOW[k];
        int base = k - CENTRE;
        int v = 0;
        for (int j = 0; j < 9; j++) {
            int o = OFFSET[j];
            if ((zone >>> o & 1) == 0) {
                continue;
            }
            int a = (int) (a0 >>> o & 1 | (a1 >>> o & 1) << 1);
            int df = (int) (d0 >>> o & 1 | (d1 >>> o & 1) << 1);
            int occ = OCCUPANT[c * 32 + pos.pieceAt(base + o)];
            v += w[Features.KS_SQ + ((SLOT[c * 9 + j] * 3 + occ) * 4 + a) * 4 + df];
        }
        long neighbours = zone & ~(1L << CENTRE);
        long attacked = (a0 | a1) & neighbours;
        long own = window(pos.piecesLo(c), pos.piecesHi(c), base);
        int nAttacked = Long.bitCount(attacked);
        int nEscape = Long.bitCount(neighbours & ~attacked & ~own);
        v += w[Features.KS_ATTACKED + nAttacked] + w[Features.KS_ESCAPE + nEscape];
        int h = pos.hand(c ^ 1);
        for (int r = 1; r <= 7; r++) {
            int held = Math.min(Hand.count(h, r), 2);
            if (held > 0) {
                v -= held * (w[Features.KS_HAND + (r - 1) * 9 + nAttacked] + w[Features.KS_HAND_ESC + (r - 1) * 9 + nEscape]);
            }
        }
        return v;
    }
}
