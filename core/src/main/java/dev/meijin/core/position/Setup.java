package dev.meijin.core.position;

import dev.meijin.core.Color;
import dev.meijin.core.Piece;
import dev.meijin.core.Role;
import dev.meijin.core.Square;
import java.util.ArrayList;
import java.util.List;

/**
 * A position as plain data that may be illegal: what an SFEN or a board diagram says. Validate it with
 * {@link Position#of(Setup)} (or {@link Position#validate(Setup, boolean)} to list the issues without throwing).
 *
 * @param board 81 {@link Piece} codes indexed by square (0 = empty)
 * @param hands 16 counts indexed {@code color * 8 + roleCode} for role codes 1–7 (index 0 and 8 unused, 0)
 * @param turn the side to move
 * @param moveNumber the SFEN move number (1 for a start position)
 */
public record Setup(List<Integer> board, List<Integer> hands, Color turn, int moveNumber) {
    public Setup {
        board = List.copyOf(board);
        hands = List.copyOf(hands);
        if (board.size() != Square.COUNT) {
            throw new IllegalArgumentException("a board has 81 squares, not " + board.size());
        }
        if (hands.size() != 16) {
            throw new IllegalArgumentException("hands need 16 entries, not " + hands.size());
        }
        for (int p : board) {
            if (p != 0 && (Piece.role(p) < 1 || Piece.role(p) > 14 || Piece.color(p) > 1)) {
                throw new IllegalArgumentException("not a piece code: " + p);
            }
        }
        for (int i = 0; i < 16; i++) {
            int role = i & 7;
            if (hands.get(i) < 0 || (role == 0 && hands.get(i) != 0)) {
                throw new IllegalArgumentException("bad hand count at " + i + ": " + hands.get(i));
            }
        }
        if (moveNumber < 1) {
            throw new IllegalArgumentException("move number " + moveNumber + " is below 1");
        }
    }

    /** An empty board, empty hands, sente to move, move 1. */
    public static Setup empty() {
        return new Setup(new ArrayList<>(java.util.Collections.nCopies(81, 0)), java.util.Collections.nCopies(16, 0), Color.SENTE, 1);
    }

    /** The piece code on a square (0 if empty). */
    public int piece(int square) {
        return board.get(square);
    }

    public int handCount(Color color, Role role) {
        return role.isHandRole() ? hands.get(color.index() * 8 + role.code()) : 0;
    }

    public Setup withTurn(Color newTurn) {
        return new Setup(board, hands, newTurn, moveNumber);
    }

    public Setup withMoveNumber(int n) {
        return new Setup(board, hands, turn, n);
    }

    /** A copy with the piece code placed on the square (0 clears it). */
    public Setup withPiece(int square, int piece) {
        List<Integer> b = new ArrayList<>(board);
        b.set(square, piece);
        return new Setup(b, hands, turn, moveNumber);
    }

    /** A copy with a hand count set. */
    public Setup withHand(Color color, Role role, int count) {
        if (!role.isHandRole()) {
            throw new IllegalArgumentException(role + " cannot be held in hand");
        }
        List<Integer> h = new ArrayList<>(hands);
        h.set(color.index() * 8 + role.code(), count);
        return new Setup(board, h, turn, moveNumber);
    }
}
