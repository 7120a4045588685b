package dev.meijin.core.position;

import static dev.meijin.core.bits.Attacks.*;
import static dev.meijin.core.position.RoleCodes.*;

/**
 * Pinned pieces: a piece is pinned when it is the only piece between its own king and an enemy slider
 * (rook, bishop, lance, dragon, horse) aimed at that king. A pinned piece may move only along the pin line.
 * The same scan over the enemy king finds the pieces that give discovered check when they leave the line.
 */
final class Pins {
    private Pins() {}

    /** Sets the position's scratch pair (aLo, aHi) to the pieces of colour {@code kc} pinned against their king. */
    static void computePinned(Position p, int kc) {
        blockers(p, kc, kc);
    }

    /**
     * Sets the scratch pair (aLo, aHi) to the pieces of colour {@code owner} that stand alone between the king
     * of colour {@code kc} and a slider of the king's opponent aimed at it. With {@code owner == kc} these are
     * the pieces pinned against their king; with {@code owner != kc}, the pieces whose move off the line
     * uncovers a check (discovered check). Empty if {@code kc} has no king.
     */
    static void blockers(Position p, int kc, int owner) {
        int k = p.kingSq[kc];
        p.aLo = 0;
        p.aHi = 0;
        if (k == Position.NO_SQUARE) {
            return;
        }
        int them = kc ^ 1;
        long[] rl = p.roleLo, rh = p.roleHi;
        // An enemy lance attacks the king from the squares ahead of the king in the king side's own lance direction.
        int li = kc * 81 + k;
        long sl = (ROOK_EMPTY_LO[k] & (rl[ROOK] | rl[DRAGON]) | BISHOP_EMPTY_LO[k] & (rl[BISHOP] | rl[HORSE])
                        | LANCE_EMPTY_LO[li] & rl[LANCE])
                & p.colorLo[them];
        long sh = (ROOK_EMPTY_HI[k] & (rh[ROOK] | rh[DRAGON]) | BISHOP_EMPTY_HI[k] & (rh[BISHOP] | rh[HORSE])
                        | LANCE_EMPTY_HI[li] & rh[LANCE])
                & p.colorHi[them];
        long outLo = 0, outHi = 0;
        while ((sl | sh) != 0) {
            int s;
            if (sl != 0) {
                s = Long.numberOfTrailingZeros(sl);
                sl &= sl - 1;
            } else {
                s = 63 + Long.numberOfTrailingZeros(sh);
                sh &= sh - 1;
            }
            long bl = BETWEEN_LO[k * 81 + s] & p.occLo, bh = BETWEEN_HI[k * 81 + s] & p.occHi;
            if (Long.bitCount(bl) + Long.bitCount(bh) == 1) {
                outLo |= bl & p.colorLo[owner];
                outHi |= bh & p.colorHi[owner];
            }
        }
        p.aLo = outLo;
        p.aHi = outHi;
    }
}
