package dev.meijin.core.position;

import static dev.meijin.core.bits.Attacks.*;
import static dev.meijin.core.position.RoleCodes.*;

import dev.meijin.core.Square;

/**
 * The rules of shogi that restrict where pieces may go, each written once and named. Move generation,
 * setup validation, the explanation of illegal moves ({@link Position#illegalReason}) and the notations
 * all call these methods; nothing else restates them.
 *
 * <ul>
 *   <li>{@link #isDeadSquare} — 行き所のない駒: a pawn or lance on the last rank or a knight on the last two
 *       could never move again, so no move may leave it there unpromoted and no drop may put it there.
 *   <li>{@link #canPromote} — 成り: a pawn, lance, knight, silver, bishop or rook may promote on a move that
 *       starts or ends in the promotion zone (the opponent's three ranks, {@link Square#inZone}).
 *   <li>{@link #isNifu} — 二歩: a pawn may not be dropped on a file that holds an unpromoted pawn of its side;
 *       {@link #pawnsOnFile} counts them for setups.
 *   <li>{@link #isUchifuzume} — 打ち歩詰め: a pawn drop may not checkmate.
 * </ul>
 *
 * <p>Role arguments are role codes ({@link dev.meijin.core.Role#code()}) and colours colour indices, so the
 * hot paths can call these without allocating.
 */
public final class Rules {
    private Rules() {}

    /** Squares where a piece of colour and role may stand (not dead), indexed {@code color * 16 + role}. */
    private static final long[] LIVE_LO = new long[32], LIVE_HI = new long[32];

    static {
        for (int c = 0; c < 2; c++) {
            for (int r = 1; r <= DRAGON; r++) {
                for (int sq = 0; sq < 81; sq++) {
                    if (!isDeadSquare(c, r, sq)) {
                        LIVE_LO[c * 16 + r] |= SQ_LO[sq];
                        LIVE_HI[c * 16 + r] |= SQ_HI[sq];
                    }
                }
            }
        }
    }

    /**
     * Dead squares (行き所のない駒): whether an unpromoted piece of this role and colour on {@code sq} could
     * never move again — a pawn or lance on the last rank, a knight on the last two. A move may not leave a
     * piece there unpromoted (it must promote), a drop may not put one there, and a setup may not have one.
     *
     * @param color colour index (0 sente, 1 gote)
     * @param roleCode the role code; promoted roles and the other pieces are never dead
     */
    public static boolean isDeadSquare(int color, int roleCode, int sq) {
        int rank = Square.relativeRank(color, sq);
        return switch (roleCode) {
            case PAWN, LANCE -> rank == 1;
            case KNIGHT -> rank <= 2;
            default -> false;
        };
    }

    /** The squares that are not dead for this colour and role ({@link #isDeadSquare}), low word. */
    static long liveLo(int color, int roleCode) {
        return LIVE_LO[color * 16 + roleCode];
    }

    /** The squares that are not dead for this colour and role ({@link #isDeadSquare}), high word. */
    static long liveHi(int color, int roleCode) {
        return LIVE_HI[color * 16 + roleCode];
    }

    /**
     * Promotion (成り): whether a piece of this role and colour moving from {@code from} to {@code to} may
     * promote — the role is one that promotes (pawn, lance, knight, silver, bishop, rook) and the move starts
     * or ends in the colour's promotion zone ({@link Square#inZone}).
     */
    public static boolean canPromote(int color, int roleCode, int from, int to) {
        return roleCode >= PAWN && roleCode <= ROOK && (Square.inZone(color, from) || Square.inZone(color, to));
    }

    /**
     * The number of unpromoted pawns of a colour on a file (1–9). Nifu (二歩) is two or more; see
     * {@link #isNifu} for drops.
     */
    public static int pawnsOnFile(Position p, int color, int file) {
        return Long.bitCount(p.roleLo[PAWN] & p.colorLo[color] & FILE_LO[file])
                + Long.bitCount(p.roleHi[PAWN] & p.colorHi[color] & FILE_HI[file]);
    }

    /**
     * Nifu (二歩): whether a pawn of this colour dropped on {@code sq} would stand on a file that already holds
     * an unpromoted pawn of the same colour.
     */
    public static boolean isNifu(Position p, int color, int sq) {
        return pawnsOnFile(p, color, Square.file(sq)) > 0;
    }

    /** The squares where a pawn drop of {@code color} would be nifu ({@link #isNifu}), low word. */
    static long nifuLo(Position p, int color) {
        long files = 0;
        for (int f = 1; f <= 7; f++) {
            if (pawnsOnFile(p, color, f) > 0) {
                files |= FILE_LO[f];
            }
        }
        return files;
    }

    /** The squares where a pawn drop of {@code color} would be nifu ({@link #isNifu}), high word. */
    static long nifuHi(Position p, int color) {
        long files = 0;
        for (int f = 8; f <= 9; f++) {
            if (pawnsOnFile(p, color, f) > 0) {
                files |= FILE_HI[f];
            }
        }
        return files;
    }

    /**
     * Uchifuzume (打ち歩詰め): whether a pawn dropped by the side to move on {@code sq} would checkmate the
     * opponent. Only a drop on the square in front of the enemy king can; there the pawn can be taken by
     * any enemy piece except the king when that piece is not pinned (or stays on its pin line, which a
     * capture on {@code sq} does when the pin runs through {@code sq}), and the king can take it or step
     * away only onto squares the dropping side does not attack. Whether the drop is otherwise legal (a pawn
     * in hand, nifu, the dropping side's own king) is not tested here.
     */
    public static boolean isUchifuzume(Position p, int sq) {
        int us = p.side, them = us ^ 1;
        int ek = p.kingSq[them];
        if (ek == Position.NO_SQUARE || sq != (us == 0 ? ek + 1 : ek - 1) || Square.file(sq) != Square.file(ek)
                || p.board[sq] != 0) {
            return false;
        }
        long oLo = p.occLo | SQ_LO[sq], oHi = p.occHi | SQ_HI[sq];
        AttackQueries.attackersTo(p, them, sq, oLo, oHi);
        long capLo = p.aLo & ~SQ_LO[ek], capHi = p.aHi & ~SQ_HI[ek];
        if ((capLo | capHi) != 0) {
            Pins.computePinned(p, them);
            long pinLo = p.aLo, pinHi = p.aHi;
            while ((capLo | capHi) != 0) {
                int a;
                if (capLo != 0) {
                    a = Long.numberOfTrailingZeros(capLo);
                    capLo &= capLo - 1;
                } else {
                    a = 63 + Long.numberOfTrailingZeros(capHi);
                    capHi &= capHi - 1;
                }
                if (!contains(pinLo, pinHi, a) || aligned(ek, a, sq)) {
                    return false;
                }
            }
        }
        long kLo = KING_LO[ek] & ~p.colorLo[them], kHi = KING_HI[ek] & ~p.colorHi[them];
        long xLo = oLo & ~SQ_LO[ek], xHi = oHi & ~SQ_HI[ek];
        while ((kLo | kHi) != 0) {
            int t;
            if (kLo != 0) {
                t = Long.numberOfTrailingZeros(kLo);
                kLo &= kLo - 1;
            } else {
                t = 63 + Long.numberOfTrailingZeros(kHi);
                kHi &= kHi - 1;
            }
            if (!AttackQueries.attacked(p, us, t, xLo, xHi)) {
                return false;
            }
        }
        return true;
    }
}
