package dev.meijin.core.position;

import static dev.meijin.core.bits.Attacks.*;
import static dev.meijin.core.position.AttackWords.*;

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
    private final AttackWords w;
    private final int[] checks = new int[Position.MAX_MOVES];

    MateOnePly(Position p, AttackWords w) {
        this.p = p;
        this.w = w;
    }

    /** A move of the side to move that checkmates, or {@link Move#NONE}. */
    int find() {
        if (p.kingSq[p.side ^ 1] == Position.NO_SQUARE) {
            return Move.NONE;
        }
        int n = p.generate(Position.LEGAL | Position.GEN_CHECKS, checks, 0);
        for (int i = 0; i < n; i++) {
            int m = checks[i];
            if ((m & Move.DROP_FLAG) != 0 && ((m >>> 7) & 127) == PAWN) {
                continue;
            }
            p.doMove(m);
            boolean mate = !hasReply();
            p.undoMove();
            if (mate) {
                return m;
            }
        }
        return Move.NONE;
    }

    /** Whether the side to move, in check, has a legal move. */
    boolean hasReply() {
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
            if (!w.attacked(a, t, xLo, xHi)) {
                return true;
            }
        }
        long chLo = p.checkLo, chHi = p.checkHi;
        if (Long.bitCount(chLo) + Long.bitCount(chHi) != 1) {
            return false; // double check: only the king could move
        }
        int c = chLo != 0 ? Long.numberOfTrailingZeros(chLo) : 63 + Long.numberOfTrailingZeros(chHi);
        w.blockers(d, d);
        long pinLo = w.lo, pinHi = w.hi;
        if (canMoveTo(d, k, c, pinLo, pinHi)) {
            return true;
        }
        long bLo = BETWEEN_LO[k * 81 + c], bHi = BETWEEN_HI[k * 81 + c];
        if ((bLo | bHi) == 0) {
            return false;
        }
        int h = p.hand[d];
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
        w.attackersTo(d, s, p.occLo, p.occHi);
        long lo = w.lo & ~SQ_LO[k], hi = w.hi & ~SQ_HI[k];
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
        int rel = Square.relativeRank(d, s);
        if (rel > 1 && Hand.has(h, LANCE)) {
            return true;
        }
        if (rel > 2 && Hand.has(h, KNIGHT)) {
            return true;
        }
        if (rel > 1 && Hand.has(h, PAWN)) {
            int file = s / 9 + 1;
            boolean nifu = ((p.roleLo[PAWN] & p.colorLo[d] & FILE_LO[file]) | (p.roleHi[PAWN] & p.colorHi[d] & FILE_HI[file])) != 0;
            return !nifu && !p.isUchifuzume(s);
        }
        return false;
    }
}
