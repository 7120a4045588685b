package dev.meijin.core.position;

import static dev.meijin.core.bits.Attacks.*;
import static dev.meijin.core.position.MoveGenerator.GEN_ALL;
import static dev.meijin.core.position.MoveGenerator.GEN_CAPTURES;
import static dev.meijin.core.position.MoveGenerator.GEN_CHECKS;
import static dev.meijin.core.position.MoveGenerator.GEN_QUIETS;
import static dev.meijin.core.position.RoleCodes.*;

import dev.meijin.core.Hand;
import dev.meijin.core.Move;

/**
 * Generates the legal moves that give check, without generating every move and filtering. For each kind
 * of piece the squares from which it would attack the enemy king are computed once from the king's square
 * (a piece of ours on {@code t} attacks the king exactly when the same piece of the king's colour on the
 * king's square attacks {@code t}); each piece and each piece in hand is then sent only to those squares,
 * promoted or not as the rules allow. A piece standing alone between one of our sliders and the enemy king
 * gives discovered check with every move that leaves that line. The moving piece's own square never hides a
 * direct check: a slider that could see the king through it would be giving check already, which the side
 * to move never does.
 *
 * <p>When the side to move is in check, the evasions are generated and the checking ones kept (there are
 * few evasions). Allocates nothing.
 */
final class CheckGenerator {
    private final Position p;

    // Destinations from which each kind of our piece checks the enemy king, masked by the allowed targets.
    private long tPawnLo, tPawnHi, tLanceLo, tLanceHi, tKnightLo, tKnightHi, tSilverLo, tSilverHi, tGoldLo, tGoldHi;
    private long tBishopLo, tBishopHi, tRookLo, tRookHi, tHorseLo, tHorseHi, tDragonLo, tDragonHi;

    CheckGenerator(Position p) {
        this.p = p;
    }

    /**
     * Writes the legal checking moves of the kinds selected by {@code flags} (the {@link Position} generation
     * flags of {@link MoveGenerator}: captures, quiets, and {@code GEN_ALL} for the non-promotions that are never better than
     * promoting) from {@code start} on, and returns the new end.
     */
    int generate(int flags, int[] buf, int start) {
        int us = p.side, them = us ^ 1;
        int ek = p.kingSq[them];
        if (ek == Position.NO_SQUARE) {
            return start;
        }
        if (p.inCheck()) {
            int end = MoveGenerator.generate(p, flags & ~GEN_CHECKS, buf, start);
            int n = start;
            for (int i = start; i < end; i++) {
                if (p.givesCheck(buf[i])) {
                    buf[n++] = buf[i];
                }
            }
            return n;
        }
        boolean all = (flags & GEN_ALL) != 0;
        long occLo = p.occLo, occHi = p.occHi;
        long emptyLo = ~occLo & ALL_LO, emptyHi = ~occHi & ALL_HI;
        long allowLo = 0, allowHi = 0;
        if ((flags & GEN_CAPTURES) != 0) {
            allowLo |= p.colorLo[them];
            allowHi |= p.colorHi[them];
        }
        if ((flags & GEN_QUIETS) != 0) {
            allowLo |= emptyLo;
            allowHi |= emptyHi;
        }
        targets(them, ek, allowLo, allowHi);
        int n = start;
        if ((flags & GEN_QUIETS) != 0 && p.hand[us] != 0) {
            n = drops(us, ek, emptyLo, emptyHi, buf, n);
        }
        int k = p.kingSq[us];
        long pinLo = 0, pinHi = 0;
        if (k != Position.NO_SQUARE) {
            Pins.blockers(p, us, us);
            pinLo = p.aLo;
            pinHi = p.aHi;
        }
        Pins.blockers(p, them, us);
        long dcLo = p.aLo, dcHi = p.aHi;
        long zoneLo = ZONE_LO[us], zoneHi = ZONE_HI[us];
        long ownLo = p.colorLo[us] & ~p.roleLo[KING], ownHi = p.colorHi[us] & ~p.roleHi[KING];
        while ((ownLo | ownHi) != 0) {
            int f;
            if (ownLo != 0) {
                f = Long.numberOfTrailingZeros(ownLo);
                ownLo &= ownLo - 1;
            } else {
                f = 63 + Long.numberOfTrailingZeros(ownHi);
                ownHi &= ownHi - 1;
            }
            int pc = p.board[f];
            int r = pc & 15;
            long tkLo, tkHi, tpLo, tpHi; // targets unpromoted and promoted
            switch (r) {
                case PAWN -> { tkLo = tPawnLo; tkHi = tPawnHi; tpLo = tGoldLo; tpHi = tGoldHi; }
                case LANCE -> { tkLo = tLanceLo; tkHi = tLanceHi; tpLo = tGoldLo; tpHi = tGoldHi; }
                case KNIGHT -> { tkLo = tKnightLo; tkHi = tKnightHi; tpLo = tGoldLo; tpHi = tGoldHi; }
                case SILVER -> { tkLo = tSilverLo; tkHi = tSilverHi; tpLo = tGoldLo; tpHi = tGoldHi; }
                case BISHOP -> { tkLo = tBishopLo; tkHi = tBishopHi; tpLo = tHorseLo; tpHi = tHorseHi; }
                case ROOK -> { tkLo = tRookLo; tkHi = tRookHi; tpLo = tDragonLo; tpHi = tDragonHi; }
                case HORSE -> { tkLo = tHorseLo; tkHi = tHorseHi; tpLo = 0; tpHi = 0; }
                case DRAGON -> { tkLo = tDragonLo; tkHi = tDragonHi; tpLo = 0; tpHi = 0; }
                default -> { tkLo = tGoldLo; tkHi = tGoldHi; tpLo = 0; tpHi = 0; } // gold and the promoted minors
            }
            boolean dc = contains(dcLo, dcHi, f);
            long offLo = 0, offHi = 0; // destinations off the line to the enemy king: discovered check
            if (dc) {
                offLo = ~LINE_LO[ek * 81 + f] & allowLo;
                offHi = ~LINE_HI[ek * 81 + f] & allowHi;
            } else if ((tkLo | tpLo | tkHi | tpHi) == 0) {
                continue;
            }
            AttackQueries.pieceAttacks(p, pc, f, occLo, occHi);
            long aLo = p.aLo & allowLo, aHi = p.aHi & allowHi;
            if (contains(pinLo, pinHi, f)) {
                aLo &= LINE_LO[k * 81 + f];
                aHi &= LINE_HI[k * 81 + f];
            }
            long wantKLo = aLo & (tkLo | offLo), wantKHi = aHi & (tkHi | offHi);
            long wantPLo = aLo & (tpLo | offLo), wantPHi = aHi & (tpHi | offHi);
            if ((wantKLo | wantKHi | wantPLo | wantPHi) == 0) {
                continue;
            }
            boolean fromZone = contains(zoneLo, zoneHi, f);
            long pLo, pHi, kLo, kHi; // destinations where promoting / not promoting is generated
            switch (r) {
                // Not promoting: never onto a dead square (Rules.isDeadSquare); without GEN_ALL not where promoting
                // is always better either (a pawn in the zone, a lance on the second rank).
                case PAWN -> {
                    pLo = zoneLo;
                    pHi = zoneHi;
                    kLo = Rules.liveLo(us, PAWN) & (all ? -1L : ~zoneLo);
                    kHi = Rules.liveHi(us, PAWN) & (all ? -1L : ~zoneHi);
                }
                case LANCE -> {
                    pLo = zoneLo;
                    pHi = zoneHi;
                    kLo = Rules.liveLo(us, LANCE) & (all ? -1L : NOT_LAST2_LO[us]);
                    kHi = Rules.liveHi(us, LANCE) & (all ? -1L : NOT_LAST2_HI[us]);
                }
                case KNIGHT -> {
                    pLo = zoneLo;
                    pHi = zoneHi;
                    kLo = Rules.liveLo(us, KNIGHT);
                    kHi = Rules.liveHi(us, KNIGHT);
                }
                case SILVER -> {
                    pLo = fromZone ? -1L : zoneLo;
                    pHi = fromZone ? -1L : zoneHi;
                    kLo = -1L;
                    kHi = -1L;
                }
                case BISHOP, ROOK -> {
                    pLo = fromZone ? -1L : zoneLo;
                    pHi = fromZone ? -1L : zoneHi;
                    kLo = all ? -1L : fromZone ? 0 : ~zoneLo;
                    kHi = all ? -1L : fromZone ? 0 : ~zoneHi;
                }
                default -> {
                    pLo = 0;
                    pHi = 0;
                    kLo = -1L;
                    kHi = -1L;
                }
            }
            n = emit(f, pc, wantPLo & pLo, wantPHi & pHi, Move.PROMOTE_FLAG, buf, n);
            n = emit(f, pc, wantKLo & kLo, wantKHi & kHi, 0, buf, n);
        }
        if (k != Position.NO_SQUARE && contains(dcLo, dcHi, k)) {
            long tLo = KING_LO[k] & allowLo & ~LINE_LO[ek * 81 + k], tHi = KING_HI[k] & allowHi & ~LINE_HI[ek * 81 + k];
            long xLo = occLo & ~SQ_LO[k], xHi = occHi & ~SQ_HI[k];
            while ((tLo | tHi) != 0) {
                int t;
                if (tLo != 0) {
                    t = Long.numberOfTrailingZeros(tLo);
                    tLo &= tLo - 1;
                } else {
                    t = 63 + Long.numberOfTrailingZeros(tHi);
                    tHi &= tHi - 1;
                }
                if (!AttackQueries.attacked(p, them, t, xLo, xHi)) {
                    buf[n++] = Move.normal(k, t, p.board[k]);
                }
            }
        }
        return n;
    }

    /** The squares from which each kind of piece of the side to move attacks the king of {@code them} on {@code ek}. */
    private void targets(int them, int ek, long allowLo, long allowHi) {
        int ti = them * 81 + ek;
        long occLo = p.occLo, occHi = p.occHi;
        tPawnLo = PAWN_LO[ti] & allowLo;
        tPawnHi = PAWN_HI[ti] & allowHi;
        tKnightLo = KNIGHT_LO[ti] & allowLo;
        tKnightHi = KNIGHT_HI[ti] & allowHi;
        tSilverLo = SILVER_LO[ti] & allowLo;
        tSilverHi = SILVER_HI[ti] & allowHi;
        tGoldLo = GOLD_LO[ti] & allowLo;
        tGoldHi = GOLD_HI[ti] & allowHi;
        AttackQueries.pieceAttacks(p, BISHOP, ek, occLo, occHi);
        tBishopLo = p.aLo & allowLo;
        tBishopHi = p.aHi & allowHi;
        AttackQueries.pieceAttacks(p, ROOK, ek, occLo, occHi);
        tRookLo = p.aLo & allowLo;
        tRookHi = p.aHi & allowHi;
        tLanceLo = tRookLo & LANCE_EMPTY_LO[ti];
        tLanceHi = tRookHi & LANCE_EMPTY_HI[ti];
        tHorseLo = tBishopLo | KING_LO[ek] & allowLo;
        tHorseHi = tBishopHi | KING_HI[ek] & allowHi;
        tDragonLo = tRookLo | KING_LO[ek] & allowLo;
        tDragonHi = tRookHi | KING_HI[ek] & allowHi;
    }

    private int drops(int us, int ek, long emptyLo, long emptyHi, int[] buf, int n) {
        int h = p.hand[us];
        if (Hand.has(h, PAWN)) {
            long lo = tPawnLo & emptyLo & Rules.liveLo(us, PAWN), hi = tPawnHi & emptyHi & Rules.liveHi(us, PAWN);
            if ((lo | hi) != 0) {
                int t = lo != 0 ? Long.numberOfTrailingZeros(lo) : 63 + Long.numberOfTrailingZeros(hi);
                if (!Rules.isNifu(p, us, t) && !Rules.isUchifuzume(p, t)) {
                    buf[n++] = Move.drop(PAWN, t, us);
                }
            }
        }
        if (Hand.has(h, LANCE)) {
            n = emitDrops(LANCE, us, tLanceLo & emptyLo & Rules.liveLo(us, LANCE), tLanceHi & emptyHi & Rules.liveHi(us, LANCE), buf, n);
        }
        if (Hand.has(h, KNIGHT)) {
            n = emitDrops(KNIGHT, us, tKnightLo & emptyLo & Rules.liveLo(us, KNIGHT), tKnightHi & emptyHi & Rules.liveHi(us, KNIGHT), buf, n);
        }
        if (Hand.has(h, SILVER)) {
            n = emitDrops(SILVER, us, tSilverLo & emptyLo, tSilverHi & emptyHi, buf, n);
        }
        if (Hand.has(h, GOLD)) {
            n = emitDrops(GOLD, us, tGoldLo & emptyLo, tGoldHi & emptyHi, buf, n);
        }
        if (Hand.has(h, BISHOP)) {
            n = emitDrops(BISHOP, us, tBishopLo & emptyLo, tBishopHi & emptyHi, buf, n);
        }
        if (Hand.has(h, ROOK)) {
            n = emitDrops(ROOK, us, tRookLo & emptyLo, tRookHi & emptyHi, buf, n);
        }
        return n;
    }

    private static int emitDrops(int r, int us, long lo, long hi, int[] buf, int n) {
        return MoveGenerator.emitSquares(MoveGenerator.dropBase(r, us), lo, hi, buf, n);
    }

    private static int emit(int f, int pc, long lo, long hi, int flag, int[] buf, int n) {
        return MoveGenerator.emitSquares((f << 7) | (pc << 16) | flag, lo, hi, buf, n);
    }
}
