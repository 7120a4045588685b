package dev.meijin.core.position;

import static dev.meijin.core.bits.Attacks.*;
import static dev.meijin.core.position.RoleCodes.*;

import dev.meijin.core.Hand;
import dev.meijin.core.Move;
import dev.meijin.core.Square;

/**
 * Mate in one: the checks come from the check generator (drops first), and each is played and answered by
 * a test of whether the defender has any legal reply, decided from attack words without generating the
 * replies: a king step to a square the attacker does not attack (the king taken off the board, so that a
 * slider's line through it counts), a capture of a single checker by a piece that is not pinned or stays on
 * its pin line, or an interposition on the line of a distant slider by a drop (no dead square, no second
 * pawn on a file, no mating pawn drop) or by a move of a piece that may leave its square. Pawn drops are
 * skipped: the generator leaves out a pawn drop that mates (uchifuzume), so none that remains mates.
 * Non-promotions are not tried: a promoted pawn, lance, bishop or rook attacks every square its unpromoted
 * form does, so when a non-promotion mates the promotion mates too. Allocates nothing.
 */
final class MateOnePly {
    private final Position p;
    private final int[] checks = new int[Position.MAX_MOVES];

    MateOnePly(Position p) {
        this.p = p;
    }

    /** The defender king's escapes as the board stands, set by {@link #escapes}, and the board without it. */
    private long uLo, uHi, xLo, xHi;

    /**
     * Sets {@link #uLo}/{@link #uHi} to the squares next to the defender's king on {@code k}, free of its own
     * pieces, that the attacker does not attack (the king taken off the board, so that a line through it
     * counts), and {@link #xLo}/{@link #xHi} to the occupancy without the king; returns whether there is one.
     */
    private boolean escapes(int a, int d, int k) {
        xLo = p.occLo & ~SQ_LO[k];
        xHi = p.occHi & ~SQ_HI[k];
        long lo = 0, hi = 0;
        for (long e = KING_LO[k] & ~p.colorLo[d]; e != 0; e &= e - 1) {
            int s = Long.numberOfTrailingZeros(e);
            if (!AttackQueries.attacked(p, a, s, xLo, xHi)) {
                lo |= 1L << s;
            }
        }
        for (long e = KING_HI[k] & ~p.colorHi[d]; e != 0; e &= e - 1) {
            int s = 63 + Long.numberOfTrailingZeros(e);
            if (!AttackQueries.attacked(p, a, s, xLo, xHi)) {
                hi |= 1L << (s - 63);
            }
        }
        uLo = lo;
        uHi = hi;
        return (lo | hi) != 0;
    }

    /** A move of the side to move that checkmates, or {@link Move#NONE}. */
    int find() {
        return scan(GenType.CHECKS, true, found, 0, true) > 0 ? found[0] : Move.NONE;
    }

    private final int[] found = new int[1];

    /**
     * The checks of the side to move (non-promotions included, in the order of {@link GenType#CHECKS_ALL})
     * after which the defender has no legal reply but drops, written to {@code out} from {@code start}; returns
     * the new end. The mates are among them.
     */
    int checksLeavingOnlyDrops(int[] out, int start) {
        return scan(GenType.CHECKS_ALL, false, out, start, false);
    }

    /**
     * The checks of {@code type} after which the defender has no legal reply ({@code drops}) or none but drops
     * (not {@code drops}), into {@code out} from {@code start}, stopping at the first if {@code first}; returns
     * the new end. A pawn drop is never one: it checks from the next square, where no drop can block it, so it
     * would have to mate, which the generator leaves out (uchifuzume). A check after which an escape of the
     * king certainly stays open is not played.
     */
    private int scan(GenType type, boolean drops, int[] out, int start, boolean first) {
        int a = p.side, d = a ^ 1;
        int k = p.kingSq[d];
        if (k == Position.NO_SQUARE) {
            return start;
        }
        boolean escapes = escapes(a, d, k);
        long eLo = uLo, eHi = uHi, oLo = xLo, oHi = xHi;
        int n = p.generate(type, checks, 0);
        int end = start;
        for (int i = 0; i < n; i++) {
            int m = checks[i];
            if ((m & Move.DROP_FLAG) != 0 && ((m >>> 7) & 127) == PAWN) {
                continue;
            }
            if (escapes && keepsEscape(m, eLo, eHi, oLo, oHi)) {
                continue;
            }
            p.doMove(m);
            boolean none = !hasReply(drops);
            p.undoMove();
            if (none) {
                out[end++] = m;
                if (first) {
                    break;
                }
            }
        }
        return end;
    }

    /**
     * Whether one of the escapes {@code (uLo, uHi)} certainly stays open after the check {@code m}, so that it
     * cannot mate: a square the moved piece does not attack (computed with its origin and the king off the
     * board, which can only add squares), that is not its destination, and that is not on a line through its
     * origin (only there could the move uncover an attack). A drop only blocks lines and adds its own attacks.
     */
    private boolean keepsEscape(int m, long uLo, long uHi, long xLo, long xHi) {
        int to = m & 127;
        long oLo = xLo, oHi = xHi;
        long lo = uLo & ~SQ_LO[to], hi = uHi & ~SQ_HI[to];
        if ((m & Move.DROP_FLAG) == 0) {
            int from = (m >>> 7) & 127;
            oLo &= ~SQ_LO[from];
            oHi &= ~SQ_HI[from];
            lo &= ~(ROOK_EMPTY_LO[from] | BISHOP_EMPTY_LO[from] | SQ_LO[from]);
            hi &= ~(ROOK_EMPTY_HI[from] | BISHOP_EMPTY_HI[from] | SQ_HI[from]);
        }
        if ((lo | hi) == 0) {
            return false;
        }
        AttackQueries.pieceAttacks(p, Move.pieceAfter(m), to, oLo, oHi);
        return ((lo & ~p.aLo) | (hi & ~p.aHi)) != 0;
    }

    /**
     * Whether the side to move, in check, has a legal move; with {@code drops} false, a legal move that is not a
     * drop (a king step, a capture of the checker, an interposition by a piece on the board).
     */
    boolean hasReply(boolean drops) {
        int d = p.side, a = d ^ 1;
        int k = p.kingSq[d];
        long occLo = p.occLo, occHi = p.occHi;
        long xLo = occLo & ~SQ_LO[k], xHi = occHi & ~SQ_HI[k];
        long tLo = KING_LO[k] & ~p.colorLo[d], tHi = KING_HI[k] & ~p.colorHi[d];
        while ((tLo | tHi) != 0) {
            int t;
            if (tLo != 0) {
                t = Long.numberOfTrailingZeros(tLo);
                tLo &= tLo - 1;
            } else {
                t = 63 + Long.numberOfTrailingZeros(tHi);
                tHi &= tHi - 1;
            }
            if (!AttackQueries.attacked(p, a, t, xLo, xHi)) {
                return true;
            }
        }
        long chLo = p.checkLo, chHi = p.checkHi;
        if (Long.bitCount(chLo) + Long.bitCount(chHi) != 1) {
            return false; // double check: only the king could move
        }
        int c = chLo != 0 ? Long.numberOfTrailingZeros(chLo) : 63 + Long.numberOfTrailingZeros(chHi);
        Pins.blockers(p, d, d);
        long pinLo = p.aLo, pinHi = p.aHi;
        if (canMoveTo(d, k, c, pinLo, pinHi)) {
            return true;
        }
        long bLo = BETWEEN_LO[k * 81 + c], bHi = BETWEEN_HI[k * 81 + c];
        if ((bLo | bHi) == 0) {
            return false;
        }
        int h = drops ? p.hand[d] : 0;
        if (Hand.has(h, SILVER) || Hand.has(h, GOLD) || Hand.has(h, BISHOP) || Hand.has(h, ROOK)) {
            return true; // any square between is empty and open to these
        }
        while ((bLo | bHi) != 0) {
            int s;
            if (bLo != 0) {
                s = Long.numberOfTrailingZeros(bLo);
                bLo &= bLo - 1;
            } else {
                s = 63 + Long.numberOfTrailingZeros(bHi);
                bHi &= bHi - 1;
            }
            if (h != 0 && canDrop(d, h, s)) {
                return true;
            }
            if (canMoveTo(d, k, s, pinLo, pinHi)) {
                return true;
            }
        }
        return false;
    }

    /** Whether a piece of {@code d} other than its king on {@code k} can legally move to {@code s}. */
    private boolean canMoveTo(int d, int k, int s, long pinLo, long pinHi) {
        AttackQueries.attackersTo(p, d, s, p.occLo, p.occHi);
        long lo = p.aLo & ~SQ_LO[k], hi = p.aHi & ~SQ_HI[k];
        while ((lo | hi) != 0) {
            int f;
            if (lo != 0) {
                f = Long.numberOfTrailingZeros(lo);
                lo &= lo - 1;
            } else {
                f = 63 + Long.numberOfTrailingZeros(hi);
                hi &= hi - 1;
            }
            if (!contains(pinLo, pinHi, f) || aligned(k, f, s)) {
                return true;
            }
        }
        return false;
    }

    /** Whether {@code d} can drop a lance, knight or pawn from hand {@code h} on the empty square {@code s}. */
    private boolean canDrop(int d, int h, int s) {
        if (Hand.has(h, LANCE) && !Rules.isDeadSquare(d, LANCE, s) || Hand.has(h, KNIGHT) && !Rules.isDeadSquare(d, KNIGHT, s)) {
            return true;
        }
        return Hand.has(h, PAWN) && !Rules.isDeadSquare(d, PAWN, s) && !Rules.isNifu(p, d, s) && !Rules.isUchifuzume(p, s);
    }
}
