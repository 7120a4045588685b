package dev.meijin.core.position;

import static dev.meijin.core.bits.Attacks.*;
import static dev.meijin.core.position.RoleCodes.*;

import dev.meijin.core.Hand;
import dev.meijin.core.Move;

/**
 * Legal move generation into a caller-owned {@code int[]}, behind {@link Position#generate(GenType, int[],
 * int)}. Every move produced is legal: pins, checks and the king's safety are handled while generating,
 * and the rules of {@link Rules} (dead squares, promotion, nifu, uchifuzume) decide which moves and drops
 * exist. When the side to move is in check only evasions are produced. Allocates nothing.
 */
final class MoveGenerator {
    private MoveGenerator() {}

    /** Moves that capture. */
    static final int GEN_CAPTURES = 1;
    /** Moves that do not capture, drops included. */
    static final int GEN_QUIETS = 2;
    /** Also the non-promotions of pawn, bishop and rook (and lance to the second rank) where promotion is possible. */
    static final int GEN_ALL = 4;
    /** Only moves that give check. */
    static final int GEN_CHECKS = 8;

    /**
     * Generates the legal moves of the kinds selected by {@code flags} into {@code buf} from {@code start} and
     * returns the new end.
     */
    static int generate(Position p, int flags, int[] buf, int start) {
        int us = p.side, them = us ^ 1;
        int k = p.kingSq[us];
        boolean all = (flags & GEN_ALL) != 0;
        long enemyLo = p.colorLo[them], enemyHi = p.colorHi[them];
        long emptyLo = ~p.occLo & ALL_LO, emptyHi = ~p.occHi & ALL_HI;
        long targetLo = 0, targetHi = 0;
        if ((flags & GEN_CAPTURES) != 0) {
            targetLo |= enemyLo;
            targetHi |= enemyHi;
        }
        if ((flags & GEN_QUIETS) != 0) {
            targetLo |= emptyLo;
            targetHi |= emptyHi;
        }
        int n = start;
        long kingTargetLo = targetLo, kingTargetHi = targetHi;
        long dropLo = (flags & GEN_QUIETS) != 0 ? emptyLo : 0, dropHi = (flags & GEN_QUIETS) != 0 ? emptyHi : 0;
        boolean pieceMoves = true;
        long checkLo = p.checkLo, checkHi = p.checkHi;
        if ((checkLo | checkHi) != 0) {
            if (Long.bitCount(checkLo) + Long.bitCount(checkHi) > 1) {
                pieceMoves = false;
            } else {
                int c = checkLo != 0 ? Long.numberOfTrailingZeros(checkLo) : 63 + Long.numberOfTrailingZeros(checkHi);
                long bl = BETWEEN_LO[k * 81 + c], bh = BETWEEN_HI[k * 81 + c];
                targetLo &= bl | checkLo;
                targetHi &= bh | checkHi;
                dropLo &= bl;
                dropHi &= bh;
            }
        }
        if (pieceMoves) {
            long pinLo = 0, pinHi = 0;
            if (k != Position.NO_SQUARE) {
                Pins.computePinned(p, us);
                pinLo = p.aLo;
                pinHi = p.aHi;
            }
            n = pieceMoves(p, us, k, targetLo, targetHi, pinLo, pinHi, all, buf, n);
            if ((dropLo | dropHi) != 0 && p.hand[us] != 0) {
                n = drops(p, us, dropLo, dropHi, buf, n);
            }
        }
        if (k != Position.NO_SQUARE) {
            n = kingMoves(p, us, k, kingTargetLo, kingTargetHi, buf, n);
        }
        if ((flags & GEN_CHECKS) != 0) {
            int w = start;
            for (int i = start; i < n; i++) {
                if (AttackQueries.givesCheck(p, buf[i])) {
                    buf[w++] = buf[i];
                }
            }
            n = w;
        }
        return n;
    }

    private static int kingMoves(Position p, int us, int k, long tLo, long tHi, int[] buf, int n) {
        long lo = KING_LO[k] & tLo, hi = KING_HI[k] & tHi;
        long oLo = p.occLo & ~SQ_LO[k], oHi = p.occHi & ~SQ_HI[k];
        int pc = KING | (us << 4);
        int them = us ^ 1;
        while (lo != 0) {
            int t = Long.numberOfTrailingZeros(lo);
            lo &= lo - 1;
            if (!AttackQueries.attacked(p, them, t, oLo, oHi)) {
                buf[n++] = Move.normal(k, t, pc);
            }
        }
        while (hi != 0) {
            int t = 63 + Long.numberOfTrailingZeros(hi);
            hi &= hi - 1;
            if (!AttackQueries.attacked(p, them, t, oLo, oHi)) {
                buf[n++] = Move.normal(k, t, pc);
            }
        }
        return n;
    }

    private static int pieceMoves(Position p, int us, int k, long tLo, long tHi, long pinLo, long pinHi, boolean all,
            int[] buf, int n) {
        long ownLo = p.colorLo[us] & ~p.roleLo[KING], ownHi = p.colorHi[us] & ~p.roleHi[KING];
        long zoneLo = ZONE_LO[us], zoneHi = ZONE_HI[us];
        while ((ownLo | ownHi) != 0) {
            int f;
            boolean pinned;
            if (ownLo != 0) {
                f = Long.numberOfTrailingZeros(ownLo);
                ownLo &= ownLo - 1;
                pinned = (pinLo >>> f & 1) != 0;
            } else {
                f = 63 + Long.numberOfTrailingZeros(ownHi);
                ownHi &= ownHi - 1;
                pinned = (pinHi >>> (f - 63) & 1) != 0;
            }
            int pc = p.board[f];
            AttackQueries.pieceAttacks(p, pc, f, p.occLo, p.occHi);
            long lo = p.aLo & tLo, hi = p.aHi & tHi;
            if (pinned) {
                lo &= LINE_LO[k * 81 + f];
                hi &= LINE_HI[k * 81 + f];
            }
            if ((lo | hi) == 0) {
                continue;
            }
            int r = pc & 15;
            if (r >= GOLD) {
                n = emit(f, pc, lo, hi, buf, n);
                continue;
            }
            // Promotion (Rules.canPromote) in mask form: from the zone every destination, else those in the zone.
            boolean fromZone = f < 63 ? (zoneLo >>> f & 1) != 0 : (zoneHi >>> (f - 63) & 1) != 0;
            switch (r) {
                case PAWN, LANCE, KNIGHT -> n = emitForward(us, f, pc, r, lo, hi, all, buf, n);
                case SILVER -> {
                    if (fromZone) {
                        n = emitPromo(f, pc, lo, hi, buf, n);
                    } else {
                        n = emitPromo(f, pc, lo & zoneLo, hi & zoneHi, buf, n);
                    }
                    n = emit(f, pc, lo, hi, buf, n);
                }
                default -> { // bishop, rook
                    if (fromZone) {
                        n = emitPromo(f, pc, lo, hi, buf, n);
                        if (all) {
                            n = emit(f, pc, lo, hi, buf, n);
                        }
                    } else {
                        n = emitPromo(f, pc, lo & zoneLo, hi & zoneHi, buf, n);
                        if (all) {
                            n = emit(f, pc, lo, hi, buf, n);
                        } else {
                            n = emit(f, pc, lo & ~zoneLo, hi & ~zoneHi, buf, n);
                        }
                    }
                }
            }
        }
        return n;
    }

    /**
     * Pawn, lance and knight: they move forward only, so promotion depends on the destination rank alone, and
     * the non-promotion is never generated onto a dead square ({@link Rules#isDeadSquare}).
     */
    private static int emitForward(int us, int f, int pc, int r, long lo, long hi, boolean all, int[] buf, int n) {
        long zoneLo = ZONE_LO[us], zoneHi = ZONE_HI[us];
        n = emitPromo(f, pc, lo & zoneLo, hi & zoneHi, buf, n);
        long keepLo = lo & Rules.liveLo(us, r), keepHi = hi & Rules.liveHi(us, r); // where not promoting is legal
        if (!all) {
            if (r == PAWN) { // a pawn that could promote always should
                keepLo &= ~zoneLo;
                keepHi &= ~zoneHi;
            } else if (r == LANCE) { // nor is a lance left unpromoted on the second rank
                keepLo &= NOT_LAST2_LO[us];
                keepHi &= NOT_LAST2_HI[us];
            }
        }
        return emit(f, pc, keepLo, keepHi, buf, n);
    }

    private static int emit(int f, int pc, long lo, long hi, int[] buf, int n) {
        int base = (f << 7) | (pc << 16);
        while (lo != 0) {
            buf[n++] = base | Long.numberOfTrailingZeros(lo);
            lo &= lo - 1;
        }
        while (hi != 0) {
            buf[n++] = base | (63 + Long.numberOfTrailingZeros(hi));
            hi &= hi - 1;
        }
        return n;
    }

    private static int emitPromo(int f, int pc, long lo, long hi, int[] buf, int n) {
        int base = (f << 7) | (pc << 16) | Move.PROMOTE_FLAG;
        while (lo != 0) {
            buf[n++] = base | Long.numberOfTrailingZeros(lo);
            lo &= lo - 1;
        }
        while (hi != 0) {
            buf[n++] = base | (63 + Long.numberOfTrailingZeros(hi));
            hi &= hi - 1;
        }
        return n;
    }

    /** Drops on the given squares: never on a dead square, no nifu, no uchifuzume. */
    private static int drops(Position p, int us, long lo, long hi, int[] buf, int n) {
        int h = p.hand[us];
        for (int r = GOLD; r >= PAWN; r--) {
            if (!Hand.has(h, r)) {
                continue;
            }
            long dl = lo & Rules.liveLo(us, r), dh = hi & Rules.liveHi(us, r);
            if (r == PAWN) {
                dl &= ~Rules.nifuLo(p, us);
                dh &= ~Rules.nifuHi(p, us);
                int ek = p.kingSq[us ^ 1];
                if (ek != Position.NO_SQUARE) {
                    int front = us == 0 ? ek + 1 : ek - 1; // the square from which a pawn checks the king
                    if (front >= 0 && front < 81 && contains(dl, dh, front) && Rules.isUchifuzume(p, front)) {
                        dl &= ~SQ_LO[front];
                        dh &= ~SQ_HI[front];
                    }
                }
            }
            int base = (r << 7) | Move.DROP_FLAG | ((r | (us << 4)) << 16);
            while (dl != 0) {
                buf[n++] = base | Long.numberOfTrailingZeros(dl);
                dl &= dl - 1;
            }
            while (dh != 0) {
                buf[n++] = base | (63 + Long.numberOfTrailingZeros(dh));
                dh &= dh - 1;
            }
        }
        return n;
    }
}
