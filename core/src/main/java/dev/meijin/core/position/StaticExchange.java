package dev.meijin.core.position;

import static dev.meijin.core.bits.Attacks.*;
import static dev.meijin.core.position.RoleCodes.*;

import dev.meijin.core.Move;

/**
 * Static exchange evaluation behind {@link Position#seeGe(int, int, int[])}: the captures on one square are
 * played out in thought, each side recapturing with its least valuable attacker, and either side may stop
 * when going on would lose. The attackers of both colours are found once; when a capturer leaves its square,
 * the one square behind it on the line to the target is looked at for a slider that now joins in (an x-ray),
 * instead of computing the attackers again. Allocates nothing (the gain stack belongs to the position).
 */
final class StaticExchange {
    private StaticExchange() {}

    /** Captures looked at at most (far more than any square can see: 2 × 10 attackers, x-rays included). */
    static final int MAX_CAPTURES = 40;

    static boolean seeGe(Position p, int m, int threshold, int[] values, int[] gains) {
        int to = m & 127;
        int us = p.side;
        int gain = values[p.board[to] & 15];
        int moved = Move.pieceAfter(m) & 15;
        if ((m & Move.PROMOTE_FLAG) != 0) {
            gain += values[moved] - values[moved - 8];
        }
        if (gain < threshold) {
            return false;
        }
        // The opponent recaptures at most the piece now on the square.
        if (gain - values[moved] >= threshold) {
            return true;
        }
        long occLo = p.occLo, occHi = p.occHi;
        if ((m & Move.DROP_FLAG) == 0) {
            int from = (m >>> 7) & 127;
            occLo &= ~SQ_LO[from];
            occHi &= ~SQ_HI[from];
        }
        AttackQueries.attackersTo(p, us ^ 1, to, occLo, occHi);
        long atLo = p.aLo, atHi = p.aHi;
        if (((atLo & occLo) | (atHi & occHi)) == 0) {
            return true; // no recapture: the gain stands, and it is at least the threshold
        }
        AttackQueries.attackersTo(p, us, to, occLo, occHi);
        atLo |= p.aLo;
        atHi |= p.aHi;
        int[] g = gains;
        g[0] = gain;
        int onSquare = values[moved];
        int side = us ^ 1;
        int d = 0;
        while (d < MAX_CAPTURES - 1) {
            long lo = atLo & occLo & p.colorLo[side], hi = atHi & occHi & p.colorHi[side];
            if ((lo | hi) == 0) {
                break;
            }
            int bestSq = -1, bestVal = Integer.MAX_VALUE;
            for (; lo != 0; lo &= lo - 1) {
                int sq = Long.numberOfTrailingZeros(lo);
                int v = values[p.board[sq] & 15];
                if (v < bestVal) {
                    bestVal = v;
                    bestSq = sq;
                }
            }
            for (; hi != 0; hi &= hi - 1) {
                int sq = 63 + Long.numberOfTrailingZeros(hi);
                int v = values[p.board[sq] & 15];
                if (v < bestVal) {
                    bestVal = v;
                    bestSq = sq;
                }
            }
            occLo &= ~SQ_LO[bestSq];
            occHi &= ~SQ_HI[bestSq];
            int dir = DIRECTION[to * 81 + bestSq];
            if (dir >= 0) { // a slider behind the capturer may now reach the square
                int b = blocker(dir, to, occLo, occHi);
                if (b != 81 && AttackQueries.SLIDES[p.board[b] * 8 + (dir ^ 1)]) {
                    atLo |= SQ_LO[b];
                    atHi |= SQ_HI[b];
                }
            }
            if ((p.board[bestSq] & 15) == KING
                    && ((atLo & occLo & p.colorLo[side ^ 1]) | (atHi & occHi & p.colorHi[side ^ 1])) != 0) {
                break; // a king captures only onto a square the other side no longer attacks
            }
            d++;
            g[d] = onSquare - g[d - 1];
            onSquare = bestVal;
            side ^= 1;
        }
        while (d > 0) {
            g[d - 1] = -Math.max(-g[d - 1], g[d]);
            d--;
        }
        return g[0] >= threshold;
    }
}
