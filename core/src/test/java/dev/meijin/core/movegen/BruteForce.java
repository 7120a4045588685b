package dev.meijin.core.movegen;

import dev.meijin.core.Hand;
import dev.meijin.core.Move;
import dev.meijin.core.Piece;
import dev.meijin.core.Square;
import dev.meijin.core.position.Position;
import java.util.ArrayList;
import java.util.List;

/**
 * A slow move generator written from the rules alone, to check the real one against. It shares nothing with
 * the core's generator but the int encodings of squares, pieces and moves: piece movements are listed here as
 * (file, rank) steps, sliding is walked square by square, and every candidate — each piece to each square,
 * promoting or not, and each piece in hand to each empty square — is tried and then filtered by the rules:
 * dead-piece ranks, forced promotion, nifu, uchifuzume and the mover's own king not being attacked afterwards.
 */
final class BruteForce {
    private BruteForce() {}

    private static final int PAWN = 1, LANCE = 2, KNIGHT = 3, SILVER = 4, BISHOP = 5, ROOK = 6, GOLD = 7, KING = 8,
            HORSE = 13, DRAGON = 14;

    // Steps as sente sees them: rank -1 is forward (toward rank 1); file +1 is toward file 9.
    private static final int[][] GOLD_STEPS = {{0, -1}, {1, -1}, {-1, -1}, {1, 0}, {-1, 0}, {0, 1}};
    private static final int[][] SILVER_STEPS = {{0, -1}, {1, -1}, {-1, -1}, {1, 1}, {-1, 1}};
    private static final int[][] KING_STEPS = {{0, -1}, {1, -1}, {-1, -1}, {1, 0}, {-1, 0}, {0, 1}, {1, 1}, {-1, 1}};
    private static final int[][] ORTHO = {{0, -1}, {0, 1}, {1, 0}, {-1, 0}};
    private static final int[][] DIAG = {{1, -1}, {-1, -1}, {1, 1}, {-1, 1}};

    /** A board as plain arrays: piece codes by square, hand counts by colour and role code, side to move. */
    static final class Board {
        final int[] sq = new int[81];
        final int[][] hand = new int[2][8];
        int side;

        static Board of(Position p) {
            Board b = new Board();
            for (int s = 0; s < 81; s++) {
                b.sq[s] = p.pieceAt(s);
            }
            for (int c = 0; c < 2; c++) {
                for (int r = 1; r <= 7; r++) {
                    b.hand[c][r] = Hand.count(p.hand(c), r);
                }
            }
            b.side = p.sideToMove();
            return b;
        }

        Board copy() {
            Board b = new Board();
            System.arraycopy(sq, 0, b.sq, 0, 81);
            for (int c = 0; c < 2; c++) {
                System.arraycopy(hand[c], 0, b.hand[c], 0, 8);
            }
            b.side = side;
            return b;
        }

        int king(int color) {
            for (int s = 0; s < 81; s++) {
                if (sq[s] == Piece.of(color, KING)) {
                    return s;
                }
            }
            return -1;
        }

        /** The board after a move (not checked). */
        Board after(int m) {
            Board b = copy();
            int us = side;
            int to = Move.to(m);
            if (Move.isDrop(m)) {
                b.hand[us][Move.dropRole(m)]--;
                b.sq[to] = Piece.of(us, Move.dropRole(m));
            } else {
                int from = Move.from(m);
                int pc = b.sq[from];
                int cap = b.sq[to];
                if (cap != 0) {
                    int r = Piece.role(cap);
                    b.hand[us][r > KING ? r - 8 : r]++;
                }
                b.sq[from] = 0;
                b.sq[to] = Move.isPromotion(m) ? pc + 8 : pc;
            }
            b.side = us ^ 1;
            return b;
        }
    }

    /** Single steps of a piece, in absolute (file, rank) deltas. */
    private static List<int[]> steps(int pc) {
        int r = Piece.role(pc);
        int[][] base = switch (r) {
            case PAWN -> new int[][] {{0, -1}};
            case KNIGHT -> new int[][] {{1, -2}, {-1, -2}};
            case SILVER -> SILVER_STEPS;
            case GOLD, 9, 10, 11, 12 -> GOLD_STEPS;
            case KING -> KING_STEPS;
            case HORSE -> ORTHO;
            case DRAGON -> DIAG;
            default -> new int[0][];
        };
        return orient(base, Piece.color(pc));
    }

    /** Sliding directions of a piece, in absolute (file, rank) deltas. */
    private static List<int[]> slides(int pc) {
        int[][] base = switch (Piece.role(pc)) {
            case LANCE -> new int[][] {{0, -1}};
            case BISHOP, HORSE -> DIAG;
            case ROOK, DRAGON -> ORTHO;
            default -> new int[0][];
        };
        return orient(base, Piece.color(pc));
    }

    private static List<int[]> orient(int[][] base, int color) {
        List<int[]> out = new ArrayList<>();
        for (int[] d : base) {
            out.add(color == 0 ? d : new int[] {-d[0], -d[1]});
        }
        return out;
    }

    /** Whether the piece on {@code from} attacks {@code to} (could capture there if an enemy stood there). */
    static boolean attacks(Board b, int from, int to) {
        int pc = b.sq[from];
        if (pc == 0 || from == to) {
            return false;
        }
        int df = Square.file(to) - Square.file(from), dr = Square.rank(to) - Square.rank(from);
        for (int[] s : steps(pc)) {
            if (s[0] == df && s[1] == dr) {
                return true;
            }
        }
        for (int[] d : slides(pc)) {
            int f = Square.file(from), r = Square.rank(from);
            while (true) {
                f += d[0];
                r += d[1];
                if (f < 1 || f > 9 || r < 1 || r > 9) {
                    break;
                }
                int s = Square.of(f, r);
                if (s == to) {
                    return true;
                }
                if (b.sq[s] != 0) {
                    break;
                }
            }
        }
        return false;
    }

    /** Whether any piece of {@code color} attacks {@code target}. */
    static boolean attacked(Board b, int target, int color) {
        for (int s = 0; s < 81; s++) {
            if (b.sq[s] != 0 && Piece.color(b.sq[s]) == color && attacks(b, s, target)) {
                return true;
            }
        }
        return false;
    }

    /** The squares of the pieces of {@code color} attacking {@code target}. */
    static List<Integer> attackers(Board b, int target, int color) {
        List<Integer> out = new ArrayList<>();
        for (int s = 0; s < 81; s++) {
            if (b.sq[s] != 0 && Piece.color(b.sq[s]) == color && attacks(b, s, target)) {
                out.add(s);
            }
        }
        return out;
    }

    /**
     * The pieces of {@code color} pinned against their king: walking from the king in each of the eight
     * directions, the first piece met is pinned if it is the king's own and the next piece met is an enemy
     * that slides back along that line toward the king.
     */
    static List<Integer> pinned(Board b, int color) {
        List<Integer> out = new ArrayList<>();
        int k = b.king(color);
        if (k < 0) {
            return out;
        }
        for (int[] d : KING_STEPS) {
            int f = Square.file(k), r = Square.rank(k);
            int first = -1;
            while (true) {
                f += d[0];
                r += d[1];
                if (f < 1 || f > 9 || r < 1 || r > 9) {
                    break;
                }
                int s = Square.of(f, r);
                int pc = b.sq[s];
                if (pc == 0) {
                    continue;
                }
                if (first < 0) {
                    if (Piece.color(pc) != color) {
                        break;
                    }
                    first = s;
                    continue;
                }
                if (Piece.color(pc) != color) {
                    for (int[] sl : slides(pc)) {
                        if (sl[0] == -d[0] && sl[1] == -d[1]) {
                            out.add(first);
                        }
                    }
                }
                break;
            }
        }
        out.sort(null);
        return out;
    }

    private static int relativeRank(int color, int sq) {
        return color == 0 ? Square.rank(sq) : 10 - Square.rank(sq);
    }

    /** Whether a piece of the role, standing on the square, could never move again. */
    private static boolean dead(int role, int color, int sq) {
        int rel = relativeRank(color, sq);
        return ((role == PAWN || role == LANCE) && rel == 1) || (role == KNIGHT && rel <= 2);
    }

    /** Every legal move of the side to move, non-promotions included (what perft counts). */
    static List<Integer> legalMoves(Board b) {
        return moves(b, true);
    }

    private static List<Integer> moves(Board b, boolean checkUchifuzume) {
        int us = b.side, them = us ^ 1;
        List<Integer> candidates = new ArrayList<>();
        for (int from = 0; from < 81; from++) {
            int pc = b.sq[from];
            if (pc == 0 || Piece.color(pc) != us) {
                continue;
            }
            int role = Piece.role(pc);
            for (int to = 0; to < 81; to++) {
                if (b.sq[to] != 0 && Piece.color(b.sq[to]) == us || !attacks(b, from, to)) {
                    continue;
                }
                boolean canPromote = role <= ROOK && (relativeRank(us, from) <= 3 || relativeRank(us, to) <= 3);
                if (canPromote) {
                    candidates.add(Move.normal(from, to, pc, true));
                }
                if (!dead(role, us, to)) {
                    candidates.add(Move.normal(from, to, pc, false));
                }
            }
        }
        for (int r = PAWN; r <= GOLD; r++) {
            if (b.hand[us][r] == 0) {
                continue;
            }
            for (int to = 0; to < 81; to++) {
                if (b.sq[to] != 0 || dead(r, us, to) || r == PAWN && hasPawnOnFile(b, us, Square.file(to))) {
                    continue;
                }
                candidates.add(Move.drop(r, to, us));
            }
        }
        List<Integer> legal = new ArrayList<>();
        for (int m : candidates) {
            Board after = b.after(m);
            int k = after.king(us);
            if (k >= 0 && attacked(after, k, them)) {
                continue;
            }
            if (checkUchifuzume && Move.isDrop(m) && Move.dropRole(m) == PAWN) {
                int ek = after.king(them);
                if (ek >= 0 && attacks(after, Move.to(m), ek) && moves(after, false).isEmpty()) {
                    continue;
                }
            }
            legal.add(m);
        }
        return legal;
    }

    private static boolean hasPawnOnFile(Board b, int color, int file) {
        for (int r = 1; r <= 9; r++) {
            if (b.sq[Square.of(file, r)] == Piece.of(color, PAWN)) {
                return true;
            }
        }
        return false;
    }

    /** Whether the side to move is in check, by brute force. */
    static boolean inCheck(Board b) {
        int k = b.king(b.side);
        return k >= 0 && attacked(b, k, b.side ^ 1);
    }

    /** Whether {@code m} is a pawn drop that checkmates (uchifuzume), by brute force. */
    static boolean isPawnDropMate(Board b, int m) {
        if (!Move.isDrop(m) || Move.dropRole(m) != PAWN) {
            return false;
        }
        Board after = b.after(m);
        int ek = after.king(b.side ^ 1);
        return ek >= 0 && attacks(after, Move.to(m), ek) && moves(after, false).isEmpty();
    }
}
