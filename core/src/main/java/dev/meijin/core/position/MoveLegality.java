package dev.meijin.core.position;

import static dev.meijin.core.bits.Attacks.*;
import static dev.meijin.core.position.RoleCodes.*;

import dev.meijin.core.Hand;
import dev.meijin.core.Move;

/**
 * Tests one int move against the position directly, without generating moves: for transposition-table and
 * killer moves, which may come from another position or be any int at all. Allocates nothing.
 *
 * <p>Pseudo-legal: a well-formed move of the side to move whose piece bits match the board, whose piece can
 * reach the destination (not one of its own pieces), whose promotion is allowed or not forced as the rules
 * say, or a drop of a piece in hand on an empty square that is not dead for it and not a second pawn on a
 * file. Legal: pseudo-legal, the mover's king not left in check, and not a mating pawn drop. The legal moves
 * are exactly those of {@code generate(LEGAL_ALL, …)}.
 */
final class MoveLegality {
    /** Bits a move may use: destination, origin, drop and promote flags, piece. */
    private static final int MOVE_BITS = (1 << 21) - 1;

    private final Position p;

    MoveLegality(Position p) {
        this.p = p;
    }

    boolean isPseudoLegal(int m) {
        if ((m & ~MOVE_BITS) != 0) {
            return false;
        }
        int to = m & 127, code = (m >>> 7) & 127, pc = (m >>> 16) & 31, us = p.side;
        if (to >= 81) {
            return false;
        }
        if ((m & Move.DROP_FLAG) != 0) {
            if ((m & Move.PROMOTE_FLAG) != 0 || code < PAWN || code > GOLD || pc != (code | (us << 4))
                    || !Hand.has(p.hand[us], code) || p.board[to] != 0) {
                return false;
            }
            return !Rules.isDeadSquare(us, code, to) && (code != PAWN || !Rules.isNifu(p, us, to));
        }
        int from = code;
        if (from >= 81 || from == to || p.board[from] != pc || pc == 0 || (pc >>> 4) != us) {
            return false;
        }
        int target = p.board[to];
        if (target != 0 && (target >>> 4) == us) {
            return false;
        }
        if (!AttackQueries.attacks(p, pc, from, to, p.occLo, p.occHi)) {
            return false;
        }
        int r = pc & 15;
        if ((m & Move.PROMOTE_FLAG) != 0) {
            return Rules.canPromote(us, r, from, to);
        }
        return !Rules.isDeadSquare(us, r, to);
    }

    boolean isLegal(int m) {
        if (!isPseudoLegal(m)) {
            return false;
        }
        int us = p.side, them = us ^ 1;
        int k = p.kingSq[us];
        int to = m & 127;
        long chLo = p.checkLo, chHi = p.checkHi;
        if ((m & Move.DROP_FLAG) != 0) {
            if ((chLo | chHi) != 0) {
                if (Long.bitCount(chLo) + Long.bitCount(chHi) > 1) {
                    return false;
                }
                int c = chLo != 0 ? Long.numberOfTrailingZeros(chLo) : 63 + Long.numberOfTrailingZeros(chHi);
                if (!contains(BETWEEN_LO[k * 81 + c], BETWEEN_HI[k * 81 + c], to)) {
                    return false;
                }
            }
            return ((m >>> 7) & 127) != PAWN || !Rules.isUchifuzume(p, to);
        }
        if (k == Position.NO_SQUARE) {
            return true; // the attacker of a mate problem without a king
        }
        int from = (m >>> 7) & 127;
        if (from == k) {
            return !AttackQueries.attacked(p, them, to, p.occLo & ~SQ_LO[k], p.occHi & ~SQ_HI[k]);
        }
        if ((chLo | chHi) != 0) {
            if (Long.bitCount(chLo) + Long.bitCount(chHi) > 1) {
                return false;
            }
            int c = chLo != 0 ? Long.numberOfTrailingZeros(chLo) : 63 + Long.numberOfTrailingZeros(chHi);
            if (to != c && !contains(BETWEEN_LO[k * 81 + c], BETWEEN_HI[k * 81 + c], to)) {
                return false;
            }
        }
        return !pinnedOff(us, k, from, to);
    }

    /**
     * Whether the piece of {@code us} on {@code from} is pinned against its king on {@code k} and the move
     * to {@code to} leaves the pin line.
     */
    private boolean pinnedOff(int us, int k, int from, int to) {
        int d = DIRECTION[k * 81 + from];
        if (d < 0 || aligned(k, from, to)) {
            return false;
        }
        int b = blocker(d, k, p.occLo & ~SQ_LO[from], p.occHi & ~SQ_HI[from]);
        if (b == 81) {
            return false;
        }
        int pc = p.board[b];
        if ((pc >>> 4) == us) {
            return false;
        }
        int r = pc & 15;
        return switch (d) {
            case UP, DOWN -> r == ROOK || r == DRAGON || (r == LANCE && d == (us == 0 ? UP : DOWN));
            case LEFT, RIGHT -> r == ROOK || r == DRAGON;
            default -> r == BISHOP || r == HORSE;
        };
    }
}
