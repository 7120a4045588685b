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
 * once, and the numbers of attackers and defenders of each block square are kept as bit-sliced counters that
 * stop at three (the features cap them there): two bitboards per counter, bit {@code sq} of the first and
 * second holding the low and high bit of the square's count.
 *
 * <ul>
 *   <li>Pieces that only step (pawns, knights, silvers, golds and promoted minors, kings) matter only within
 *       two files and three ranks of a king; their attack words come from tables built once.
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
    /** The squares from which a stepping piece can reach a king's block: two files and three ranks around it. */
    private static final long[] NEAR_LO = new long[81], NEAR_HI = new long[81];
    /** Role codes of the sliders. */
    private static final int LANCE = 2, BISHOP = 5, ROOK = 6, KING = 8, HORSE = 13, DRAGON = 14;
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
        for (int k = 0; k < 81; k++) {
            for (int sq = 0; sq < 81; sq++) {
                int df = Math.abs(sq / 9 - k / 9), dr = Math.abs(sq % 9 - k % 9);
                if (df <= 1 && dr <= 1) {
                    set(BLOCK_LO, BLOCK_HI, k, sq);
                }
                if (df <= 2 && dr <= 3) {
                    set(NEAR_LO, NEAR_HI, k, sq);
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

    /** Whether square {@code sq} is set in the word pair. */
    private static int bit(long lo, long hi, int sq) {
        return (int) ((sq < 63 ? lo >>> sq : hi >>> (sq - 63)) & 1);
    }

    /**
     * Counters by king colour: attackers of the block of king {@code c} are at {@code c * 8}, its defenders at
     * {@code c * 8 + 4}; each counter is low bit (lo, hi words), then high bit (lo, hi words).
     */
    private final long[] counter = new long[16];
    private final long[] tmp = new long[2];
    private final int[] kings = new int[2];

    /** Adds one to the (saturating, at most 3) counter at {@code i} on every square of the word pair. */
    private void add(int i, long lo, long hi) {
        long[] k = counter;
        long carryLo = k[i] & lo, carryHi = k[i + 1] & hi;
        k[i] = (k[i] ^ lo) | (k[i + 2] & carryLo);
        k[i + 1] = (k[i + 1] ^ hi) | (k[i + 3] & carryHi);
        k[i + 2] |= carryLo;
        k[i + 3] |= carryHi;
    }

    /**
     * The king-safety and mobility terms of a position for sente: the dot product of {@code w} with the
     * features {@link Features#dynamic} writes.
     *
     * @param pos the position
     * @param w the weights, indexed by feature
     * @return the weighted sum, from sente's point of view
     */
    int sum(Position pos, int[] w) {
        java.util.Arrays.fill(counter, 0L);
        long occLo = pos.occupiedLo(), occHi = pos.occupiedHi();
        int[] kings = this.kings;
        kings[0] = pos.kingSquare(0);
        kings[1] = pos.kingSquare(1);
        int d = 0;
        // the pieces that only step, near either king: attackers of the enemy block, defenders of their own
        for (int c = 0; c < 2; c++) {
            int k = kings[c];
            if (k == Position.NO_SQUARE) {
                continue;
            }
            long zLo = BLOCK_LO[k], zHi = BLOCK_HI[k];
            for (int side = 0; side < 2; side++) {
                // the own king does not count as a defender; the enemy king does count as an attacker
                long lo = pos.piecesLo(side) & NEAR_LO[k], hi = pos.piecesHi(side) & NEAR_HI[k];
                if (side == c) {
                    if (k < 63) {
                        lo &= ~(1L << k);
                    } else {
                        hi &= ~(1L << (k - 63));
                    }
                }
                int at = side == c ? c * 8 + 4 : c * 8;
                while ((lo | hi) != 0) {
                    int sq;
                    if (lo != 0) {
                        sq = Long.numberOfTrailingZeros(lo);
                        lo &= lo - 1;
                    } else {
                        sq = 63 + Long.numberOfTrailingZeros(hi);
                        hi &= hi - 1;
                    }
                    int i = pos.pieceAt(sq) * 81 + sq;
                    long aLo = STEP_LO[i] & zLo, aHi = STEP_HI[i] & zHi;
                    if ((aLo | aHi) != 0) {
                        add(at, aLo, aHi);
                    }
                }
            }
        }
        // the sliders: mobility, defence of the own block, attack on the enemy block
        for (int c = 0; c < 2; c++) {
            int s = c == 0 ? 1 : -1;
            int own = kings[c], enemy = kings[c ^ 1];
            long ownLo = pos.piecesLo(c), ownHi = pos.piecesHi(c);
            long ozLo = own == Position.NO_SQUARE ? 0 : BLOCK_LO[own], ozHi = own == Position.NO_SQUARE ? 0 : BLOCK_HI[own];
            long ezLo = enemy == Position.NO_SQUARE ? 0 : BLOCK_LO[enemy], ezHi = enemy == Position.NO_SQUARE ? 0 : BLOCK_HI[enemy];
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
                    if (m < 0 && (REACH_LO[i] & (ozLo | ezLo) | REACH_HI[i] & (ozHi | ezHi)) == 0) {
                        continue; // a lance that can reach neither block
                    }
                    pos.attacksFrom(pc, sq, occLo, occHi, tmp);
                    long aLo = tmp[0], aHi = tmp[1];
                    if (m >= 0) {
                        int reach = Long.bitCount(aLo & ~ownLo) + Long.bitCount(aHi & ~ownHi);
                        d += s * w[Features.MOB + m * Features.MOB_N + Math.min(reach, Features.MOB_N - 1)];
                    }
                    if ((aLo & ozLo | aHi & ozHi) != 0) {
                        add(c * 8 + 4, aLo & ozLo, aHi & ozHi);
                    }
                    if ((REACH_LO[i] & ezLo | REACH_HI[i] & ezHi) != 0) {
                        if (bit(aLo, aHi, enemy) != 0) {
                            // the enemy king blocks this piece: sweep again through it
                            long xLo = enemy < 63 ? occLo & ~(1L << enemy) : occLo;
                            long xHi = enemy < 63 ? occHi : occHi & ~(1L << (enemy - 63));
                            pos.attacksFrom(pc, sq, xLo, xHi, tmp);
                            aLo = tmp[0];
                            aHi = tmp[1];
                        }
                        if ((aLo & ezLo | aHi & ezHi) != 0) {
                            add((c ^ 1) * 8, aLo & ezLo, aHi & ezHi);
                        }
                    }
                }
            }
        }
        for (int c = 0; c < 2; c++) {
            if (kings[c] != Position.NO_SQUARE) {
                d += block(pos, w, c, kings[c]);
            }
        }
        return d;
    }

    /** The terms of the 3×3 block of the king of colour {@code c} on {@code k}, from the counters; for sente. */
    private int block(Position pos, int[] w, int c, int k) {
        long[] t = counter;
        int a = c * 8, f = a + 4;
        long a0Lo = t[a], a0Hi = t[a + 1], a1Lo = t[a + 2], a1Hi = t[a + 3];
        long d0Lo = t[f], d0Hi = t[f + 1], d1Lo = t[f + 2], d1Hi = t[f + 3];
        int kf = k / 9, kr = k % 9;
        int v = 0, attacked = 0, escape = 0;
        for (int df = -1; df <= 1; df++) {
            int file = kf + df;
            if (file < 0 || file > 8) {
                continue;
            }
            for (int dr = -1; dr <= 1; dr++) {
                int rank = kr + dr;
                if (rank < 0 || rank > 8) {
                    continue;
                }
                int sq = file * 9 + rank;
                int att = bit(a0Lo, a0Hi, sq) | bit(a1Lo, a1Hi, sq) << 1;
                int def = bit(d0Lo, d0Hi, sq) | bit(d1Lo, d1Hi, sq) << 1;
                int pc = pos.pieceAt(sq);
                int occ = pc == 0 ? 0 : Piece.color(pc) == c ? 1 : 2;
                int dy = c == 0 ? dr : -dr;
                int p = Math.abs(df) * 3 + dy + 1;
                v += w[Features.KS_SQ + ((p * 3 + occ) * 4 + att) * 4 + def];
                if (sq != k) {
                    if (att > 0) {
                        attacked++;
                    } else if (occ != 1) {
                        escape++;
                    }
                }
            }
        }
        v += w[Features.KS_ATTACKED + attacked] + w[Features.KS_ESCAPE + escape];
        int h = pos.hand(c ^ 1);
        for (int r = 1; r <= 7; r++) {
            int held = Math.min(Hand.count(h, r), 2);
            if (held > 0) {
                v -= held * w[Features.KS_HAND + (r - 1) * 9 + attacked];
            }
        }
        return c == 0 ? v : -v;
    }
}
