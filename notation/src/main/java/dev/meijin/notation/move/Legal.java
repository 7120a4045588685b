package dev.meijin.notation.move;

import dev.meijin.core.Square;
import dev.meijin.core.Color;
import dev.meijin.core.Bitboard;
import dev.meijin.core.Move;
import dev.meijin.core.MoveOrDrop;
import dev.meijin.core.Piece;
import dev.meijin.core.Role;
import dev.meijin.core.position.GenType;
import dev.meijin.core.position.IllegalMove;
import dev.meijin.core.position.Position;
import dev.meijin.core.sfen.Sfen;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.IntPredicate;

/**
 * The disambiguation engine shared by every notation: the legal moves of one position, generated once
 * ({@link GenType#LEGAL_ALL}, so non-promotions count), and the questions the notations ask of them. Which
 * pieces are rivals is decided by legal moves for the origins and suffixes of Western notation; KI2 markers
 * and 打 are written against every piece of the kind that reaches the square by its movement
 * ({@link #reachers}), a pinned one included, because the common KI2 readers count those as candidates.
 */
final class Legal {
    final Position pos;
    /** The side to move, 0 or 1. */
    final int us;
    private final int[] moves = new int[Position.MAX_MOVES];
    private final int count;

    Legal(Position pos) {
        this.pos = pos;
        this.us = pos.sideToMove();
        this.count = pos.generate(GenType.LEGAL_ALL, moves, 0);
    }

    int count() {
        return count;
    }

    int move(int i) {
        return moves[i];
    }

    boolean contains(int m) {
        for (int i = 0; i < count; i++) {
            if (moves[i] == m) {
                return true;
            }
        }
        return false;
    }

    /** Throws {@link MoveNotationException.Reason#ILLEGAL} unless {@code m} is a legal move here. */
    void requireLegal(int m) {
        if (!contains(m)) {
            throw new MoveNotationException(MoveNotationException.Reason.ILLEGAL, Move.usi(m), sfen(), -1, List.of(),
                    "cannot write move " + Move.usi(m) + ": it is not legal in " + sfen());
        }
    }

    /**
     * Whether a board move that does not promote could have promoted: its promoting twin is legal too. This is
     * when notations write 不成 or {@code =}.
     */
    boolean couldPromote(int m) {
        return !Move.isDrop(m) && !Move.isPromotion(m) && contains(m | Move.PROMOTE_FLAG);
    }

    /**
     * The distinct origins of the legal board moves of {@code piece} to {@code to}, in generation order, into
     * {@code out}; returns how many.
     */
    int origins(int piece, int to, int[] out) {
        int n = 0;
        for (int i = 0; i < count; i++) {
            int m = moves[i];
            if (!Move.isDrop(m) && Move.to(m) == to && Move.piece(m) == piece) {
                int from = Move.from(m);
                boolean seen = false;
                for (int j = 0; j < n; j++) {
                    seen |= out[j] == from;
                }
                if (!seen) {
                    out[n++] = from;
                }
            }
        }
        return n;
    }

    /**
     * The squares of the pieces equal to {@code piece} that reach {@code to} by their movement, whether or not
     * the move would be legal (a pinned piece, a move that leaves the king in check), into {@code out}; returns
     * how many (at most {@code out.length}). Every legal origin is among them. Other readers of KI2 count these
     * as candidates, so a KI2 writer tells the moving piece apart from all of them.
     */
    int reachers(int piece, int to, int[] out) {
        Bitboard attackers = pos.attackers(Color.of(Piece.color(piece)), to);
        int n = 0;
        for (int sq = 0; sq < Square.COUNT && n < out.length; sq++) {
            if (attackers.contains(sq) && pos.pieceAt(sq) == piece) {
                out[n++] = sq;
            }
        }
        return n;
    }

    /**
     * Why the board move from {@code from} to {@code to} is illegal, as the core says it
     * ({@code Position.illegalMove}): the rule and its sentence. Every notation explains a move its text names
     * through here, so that the same move is refused for the same rule whatever the notation. Empty when the
     * move is legal or does not move ({@code from == to}).
     */
    Optional<IllegalMove> whyIllegal(int from, int to, boolean promote) {
        return from == to ? Optional.empty() : pos.illegalMove(new MoveOrDrop.BoardMove(from, to, promote));
    }

    /** Why dropping {@code role} on {@code to} is illegal, as the core says it; empty if the drop is legal. */
    Optional<IllegalMove> whyIllegalDrop(Role role, int to) {
        return pos.illegalMove(new MoveOrDrop.Drop(role, to));
    }

    /**
     * Whether another legal board move of the same piece kind to the same square has the same Western
     * promotion suffix ({@code +}, {@code =} or none), so that the origin must be written.
     */
    boolean needsOrigin(int m) {
        if (Move.isDrop(m)) {
            return false;
        }
        int suffix = suffix(m);
        for (int i = 0; i < count; i++) {
            int o = moves[i];
            if (o != m && !Move.isDrop(o) && Move.to(o) == Move.to(m) && Move.piece(o) == Move.piece(m)
                    && Move.from(o) != Move.from(m) && suffix(o) == suffix) {
                return true;
            }
        }
        return false;
    }

    /** The Western promotion suffix: {@code '+'} promotes, {@code '='} declines, 0 when there was no choice. */
    char suffix(int m) {
        return Move.isPromotion(m) ? '+' : couldPromote(m) ? '=' : 0;
    }

    /** The destination of the last move played on the position, or -1 (none, or a pass). */
    int lastTo() {
        int last = pos.lastMove();
        return Move.isReal(last) ? Move.to(last) : -1;
    }

    /** The legal moves for which {@code filter} holds, in generation order. */
    List<Integer> select(IntPredicate filter) {
        List<Integer> out = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            if (filter.test(moves[i])) {
                out.add(moves[i]);
            }
        }
        return out;
    }

    /** Whether the square is occupied (the move captures). */
    boolean captures(int m) {
        return !Move.isDrop(m) && pos.pieceAt(Move.to(m)) != Piece.NONE;
    }

    String sfen() {
        return Sfen.format(pos);
    }

    static boolean validSquare(int file, int rank) {
        return file >= 1 && file <= 9 && rank >= 1 && rank <= 9;
    }
}
