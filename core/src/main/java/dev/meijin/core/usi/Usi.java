package dev.meijin.core.usi;

import dev.meijin.core.Move;
import dev.meijin.core.MoveOrDrop;
import dev.meijin.core.Piece;
import dev.meijin.core.Role;
import dev.meijin.core.Square;
import dev.meijin.core.position.Position;
import dev.meijin.core.position.Setups;

/**
 * USI move text: {@code 7g7f} (from, to), {@code 8h2b+} (promoting), {@code P*5e} (drop).
 *
 * {@snippet :
 * Position pos = Position.startpos();
 * int m = Usi.parseMove(pos, "7g7f"); // throws UsiMoveException if malformed or illegal
 * pos.doMove(m);
 * }
 */
public final class Usi {
    private Usi() {}

    /**
     * Parses the syntax of a USI move without a position.
     *
     * @throws UsiMoveException with reason MALFORMED, naming the text and what is wrong
     */
    public static MoveOrDrop parse(String text) {
        if (text == null || text.isEmpty()) {
            throw malformed(String.valueOf(text), "empty move");
        }
        if (text.length() == 5 && text.charAt(1) == '*' && text.charAt(4) == '+') {
            throw malformed(text, "a drop cannot promote");
        }
        if (text.length() == 4 && text.charAt(1) == '*') {
            Role role = switch (text.charAt(0)) {
                case 'P' -> Role.PAWN;
                case 'L' -> Role.LANCE;
                case 'N' -> Role.KNIGHT;
                case 'S' -> Role.SILVER;
                case 'G' -> Role.GOLD;
                case 'B' -> Role.BISHOP;
                case 'R' -> Role.ROOK;
                default -> throw malformed(text, "'" + text.charAt(0) + "' is not a piece that can be dropped (P L N S G B R)");
            };
            int to = Square.tryParse(text, 2);
            if (to < 0) {
                throw malformed(text, "\"" + text.substring(2) + "\" is not a square");
            }
            return new MoveOrDrop.Drop(role, to);
        }
        if (text.length() != 4 && !(text.length() == 5 && text.charAt(4) == '+')) {
            throw malformed(text, "expected from-square, to-square and an optional '+', or a drop such as P*5e");
        }
        int from = Square.tryParse(text, 0);
        if (from < 0) {
            throw malformed(text, "\"" + text.substring(0, 2) + "\" is not a square");
        }
        int to = Square.tryParse(text, 2);
        if (to < 0) {
            throw malformed(text, "\"" + text.substring(2, 4) + "\" is not a square");
        }
        if (from == to) {
            throw malformed(text, "from and to are the same square");
        }
        return new MoveOrDrop.BoardMove(from, to, text.length() == 5);
    }

    /**
     * Parses a USI move and checks it is legal in the position.
     *
     * @return the int move, ready for {@link Position#doMove(int)}
     * @throws UsiMoveException MALFORMED for bad syntax, ILLEGAL (with the position's SFEN) for an illegal move
     */
    public static int parseMove(Position pos, String text) {
        MoveOrDrop mv = parse(text);
        int m = pos.encode(mv);
        if (m == Move.NONE) {
            throw new UsiMoveException(UsiMoveException.Reason.ILLEGAL, text,
                    "illegal move " + text + " in " + Setups.sfen(pos) + illegalDetail(pos, mv));
        }
        return m;
    }

    /** Why a well-formed move is illegal in the position, as ": reason" (the rule it breaks). */
    static String illegalDetail(Position pos, MoveOrDrop mv) {
        int us = pos.sideToMove();
        return switch (mv) {
            case MoveOrDrop.BoardMove b -> {
                int pc = pos.pieceAt(b.from());
                if (pc == 0) {
                    yield ": no piece on " + Square.name(b.from());
                }
                if (Piece.color(pc) != us) {
                    yield ": the piece on " + Square.name(b.from()) + " is the opponent's";
                }
                Role role = Piece.roleOf(pc);
                String name = name(role);
                int target = pos.pieceAt(b.to());
                if (target != 0 && Piece.color(target) == us) {
                    yield ": " + Square.name(b.to()) + " holds one of the mover's own pieces";
                }
                if (!pos.attacksFrom(pc, b.from()).contains(b.to())) {
                    yield ": a " + name + " on " + Square.name(b.from()) + " cannot move to " + Square.name(b.to());
                }
                boolean zone = Square.inZone(us, b.from()) || Square.inZone(us, b.to());
                if (b.promote() && !role.canPromote()) {
                    yield ": a " + name + " cannot promote";
                }
                if (b.promote() && !zone) {
                    yield ": promotion needs a move that starts or ends in the promotion zone";
                }
                int rank = Square.relativeRank(us, b.to());
                if (!b.promote() && (((role == Role.PAWN || role == Role.LANCE) && rank == 1) || (role == Role.KNIGHT && rank <= 2))) {
                    yield ": a " + name + " must promote on " + Square.name(b.to());
                }
                yield role == Role.KING ? ": the king would be in check on " + Square.name(b.to())
                        : pos.inCheck() ? ": it does not answer the check" : ": it would leave the king in check";
            }
            case MoveOrDrop.Drop d -> {
                String name = name(d.role());
                if (pos.handCount(pos.turn(), d.role()) == 0) {
                    yield ": no " + name + " in hand";
                }
                if (pos.pieceAt(d.to()) != 0) {
                    yield ": " + Square.name(d.to()) + " is occupied";
                }
                int rank = Square.relativeRank(us, d.to());
                if (((d.role() == Role.PAWN || d.role() == Role.LANCE) && rank == 1) || (d.role() == Role.KNIGHT && rank <= 2)) {
                    yield ": a " + name + " dropped on " + Square.name(d.to()) + " could never move";
                }
                if (d.role() == Role.PAWN) {
                    int file = Square.file(d.to());
                    for (int r = 1; r <= 9; r++) {
                        if (pos.pieceAt(Square.of(file, r)) == Piece.of(us, Role.PAWN.code())) {
                            yield ": nifu, file " + file + " already holds an unpromoted pawn of the mover";
                        }
                    }
                    if (pos.isUchifuzume(d.to())) {
                        yield ": uchifuzume, a pawn drop may not give mate";
                    }
                }
                yield pos.inCheck() ? ": it does not answer the check" : ": it would leave the king in check";
            }
        };
    }

    private static String name(Role role) {
        return role.name().toLowerCase(java.util.Locale.ROOT).replace('_', ' ');
    }

    /** The USI text of an int move. */
    public static String format(int move) {
        return Move.usi(move);
    }

    private static UsiMoveException malformed(String text, String why) {
        return new UsiMoveException(UsiMoveException.Reason.MALFORMED, text, "malformed USI move \"" + text + "\": " + why);
    }
}
