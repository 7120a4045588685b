package dev.meijin.core.position;

import static dev.meijin.core.position.RoleCodes.*;

import dev.meijin.core.Color;
import dev.meijin.core.Hand;
import dev.meijin.core.Piece;
import dev.meijin.core.Role;
import dev.meijin.core.Square;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;

/**
 * The rules a {@link Setup} must satisfy to be a position: one king a side (in a tsume, one side may have
 * none), no more pieces of a kind than a set holds, no nifu ({@link Rules#pawnsOnFile}), no piece on a dead
 * square ({@link Rules#isDeadSquare}), and the side not to move not in check.
 */
final class SetupValidator {
    private SetupValidator() {}

    /** One broken rule: the issue, a sentence for people, and the square at fault (-1 if none is). */
    record Finding(PositionIssue issue, String detail, int square) {}

    /**
     * Every rule the setup breaks: dead pieces in the order they were found (squares from 1a to 9i), then too many
     * kings, piece counts, missing kings, nifu and a check on the side not to move.
     */
    static List<Finding> check(Setup s, boolean tsume) {
        List<Finding> out = new ArrayList<>();
        Position board = Position.boardOf(s);
        int[] kings = new int[2];
        long[] count = new long[9]; // by unpromoted role code, both sides (a hand count may be any int)
        for (int sq = 0; sq < 81; sq++) {
            int pc = s.piece(sq);
            if (pc == 0) {
                continue;
            }
            int c = Piece.color(pc), r = Piece.role(pc);
            count[r > KING ? r - 8 : r]++;
            if (r == KING) {
                kings[c]++;
            }
            if (Rules.isDeadSquare(c, r, sq)) {
                out.add(new Finding(PositionIssue.DEAD_PIECE,
                        side(c) + "'s " + Role.of(r).englishName() + " on " + Square.name(sq) + " could never move", sq));
            }
        }
        for (int c = 0; c < 2; c++) {
            if (kings[c] > 1) {
                List<Integer> on = kingsInReadingOrder(s, c);
                out.add(new Finding(PositionIssue.TOO_MANY_KINGS, side(c) + " has " + on.size() + " kings, on " + names(on), on.get(1)));
            }
        }
        for (int c = 0; c < 2; c++) {
            for (int r = PAWN; r <= GOLD; r++) {
                count[r] += s.hands().get(c * 8 + r);
            }
        }
        for (int r = PAWN; r <= GOLD; r++) {
            if (count[r] > Hand.MAX[r]) {
                out.add(new Finding(PositionIssue.TOO_MANY_PIECES,
                        count[r] + " " + plural(Role.of(r)) + " on the board and in hand, a set has " + Hand.MAX[r], -1));
            }
        }
        if (kings[0] == 0 && kings[1] == 0) {
            out.add(new Finding(PositionIssue.NO_KING, tsume ? "neither side has a king" : "no king on the board", -1));
        } else if (!tsume) {
            for (int c = 0; c < 2; c++) {
                if (kings[c] == 0) {
                    out.add(new Finding(PositionIssue.NO_KING, side(c) + " has no king", -1));
                }
            }
        }
        for (int c = 0; c < 2; c++) {
            for (int f = 1; f <= 9; f++) {
                int pawns = Rules.pawnsOnFile(board, c, f);
                if (pawns > 1) {
                    out.add(new Finding(PositionIssue.NIFU,
                            side(c) + " has " + pawns + " unpromoted pawns on file " + f + " (nifu)", secondPawn(s, c, f)));
                }
            }
        }
        if (kings[0] <= 1 && kings[1] <= 1 && out.stream().noneMatch(x -> x.issue() == PositionIssue.TOO_MANY_PIECES)) {
            Position p = Position.load(s);
            int them = p.side ^ 1;
            int k = p.kingSq[them];
            if (k != Position.NO_SQUARE && AttackQueries.attacked(p, p.side, k, p.occLo, p.occHi)) {
                out.add(new Finding(PositionIssue.OPPONENT_IN_CHECK,
                        side(them) + " is in check but " + side(p.side) + " is to move", k));
            }
        }
        return out;
    }

    /** The issues of a list of findings. */
    static Set<PositionIssue> issues(List<Finding> findings) {
        EnumSet<PositionIssue> set = EnumSet.noneOf(PositionIssue.class);
        for (Finding f : findings) {
            set.add(f.issue());
        }
        return set;
    }

    /** The exception for a non-empty list of findings: every detail, and the first square at fault found. */
    static IllegalPositionException failure(List<Finding> findings) {
        List<String> details = new ArrayList<>();
        int square = -1;
        for (Finding f : findings) {
            details.add(f.detail());
            if (f.square() >= 0 && square < 0) {
                square = f.square();
            }
        }
        return new IllegalPositionException(issues(findings), String.join("; ", details), square);
    }

    /**
     * The squares of a colour's kings as a diagram or an SFEN board is read: rank by rank from a, each from file 9
     * to file 1. A message then lists them as the reader sees them, and the second is the extra one.
     */
    private static List<Integer> kingsInReadingOrder(Setup s, int c) {
        List<Integer> on = new ArrayList<>();
        for (int rank = 1; rank <= 9; rank++) {
            for (int file = 9; file >= 1; file--) {
                int sq = Square.of(file, rank);
                if (s.piece(sq) == Piece.of(c, KING)) {
                    on.add(sq);
                }
            }
        }
        return on;
    }

    /** Square names as a list in words: {@code 9a and 8a}, {@code 9a, 8a and 7a}. */
    private static String names(List<Integer> squares) {
        List<String> names = squares.stream().map(Square::name).toList();
        return String.join(", ", names.subList(0, names.size() - 1)) + " and " + names.getLast();
    }

    /** The square of the second unpromoted pawn of a colour on a file, from rank 1 on. */
    private static int secondPawn(Setup s, int c, int file) {
        int seen = 0;
        for (int r = 1; r <= 9; r++) {
            int sq = Square.of(file, r);
            if (s.piece(sq) == Piece.of(c, PAWN) && ++seen == 2) {
                return sq;
            }
        }
        return -1;
    }

    private static String side(int c) {
        return Color.of(c).englishName();
    }

    private static String plural(Role role) {
        return role.englishName() + "s";
    }
}
