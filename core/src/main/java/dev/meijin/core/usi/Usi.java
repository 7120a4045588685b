package dev.meijin.core.usi;

import dev.meijin.core.Move;
import dev.meijin.core.MoveOrDrop;
import dev.meijin.core.Role;
import dev.meijin.core.Square;
import dev.meijin.core.position.IllegalMove;
import dev.meijin.core.position.IllegalMoveReason;
import dev.meijin.core.position.Position;
import dev.meijin.core.sfen.Sfen;

/**
 * USI move text: {@code 7g7f} (from, to), {@code 8h2b+} (promoting), {@code P*5e} (drop). This class reads
 * it; {@link Move#usi(int)} is the one writer (and {@link MoveOrDrop#usi()} calls it).
 *
 * {@snippet :
 * Position pos = Position.startpos();
 * int m = Usi.parseMove(pos, "7g7f"); // throws UsiMoveException if malformed or illegal
 * pos.doMove(m);
 * }
 */
public final class Usi {
    private Usi() {}

    /** The most characters of the input a message quotes. */
    static final int EXCERPT = 40;

    /**
     * Parses the syntax of a USI move without a position.
     *
     * @throws UsiMoveException with reason {@link IllegalMoveReason#MALFORMED}, naming the text and what is wrong
     */
    public static MoveOrDrop parse(String text) {
        if (text == null) {
            throw new UsiMoveException(IllegalMoveReason.MALFORMED, "", "malformed USI move: no move given");
        }
        if (text.isEmpty()) {
            throw malformed(text, "empty move");
        }
        if (text.length() == 5 && text.charAt(1) == '*' && text.charAt(4) == '+') {
            throw malformed(text, "a drop cannot promote");
        }
        if (text.length() == 4 && text.charAt(1) == '*') {
            Role role = Role.ofSfenLetter(text.charAt(0));
            if (role == null || !role.isHandRole()) {
                throw malformed(text, "'" + escape(text.substring(0, 1)) + "' is not a piece that can be dropped (P L N S G B R)");
            }
            int to = Square.tryParse(text, 2);
            if (to < 0) {
                throw malformed(text, "\"" + escape(text.substring(2)) + "\" is not a square");
            }
            return new MoveOrDrop.Drop(role, to);
        }
        if (text.length() != 4 && !(text.length() == 5 && text.charAt(4) == '+')) {
            throw malformed(text, "expected from-square, to-square and an optional '+', or a drop such as P*5e");
        }
        int from = Square.tryParse(text, 0);
        if (from < 0) {
            throw malformed(text, "\"" + escape(text.substring(0, 2)) + "\" is not a square");
        }
        int to = Square.tryParse(text, 2);
        if (to < 0) {
            throw malformed(text, "\"" + escape(text.substring(2, 4)) + "\" is not a square");
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
     * @throws UsiMoveException with {@link IllegalMoveReason#MALFORMED} for bad syntax, or the rule an illegal
     *     move breaks ({@link Position#illegalMove}) with the position's SFEN
     */
    public static int parseMove(Position pos, String text) {
        MoveOrDrop mv = parse(text);
        int m = pos.encode(mv);
        if (m == Move.NONE) {
            IllegalMove why = pos.illegalMove(mv).orElseThrow();
            throw new UsiMoveException(why.reason(), text,
                    "illegal move " + text + " in " + Sfen.format(pos) + ": " + why.message());
        }
        return m;
    }

    private static UsiMoveException malformed(String text, String why) {
        return new UsiMoveException(IllegalMoveReason.MALFORMED, text,
                "malformed USI move " + quote(text) + ": " + why);
    }

    /** The input in double quotes for a message: control characters escaped, at most {@value #EXCERPT} characters. */
    static String quote(String text) {
        return text.length() <= EXCERPT ? "\"" + escape(text) + "\"" : "\"" + escape(text.substring(0, EXCERPT)) + "…\"";
    }

    private static String escape(String text) {
        StringBuilder sb = new StringBuilder(text.length());
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (Character.isISOControl(c) || Character.getType(c) == Character.FORMAT || c == '\\') {
                sb.append(c == '\\' ? "\\\\" : String.format("\\u%04x", (int) c));
            } else {
                sb.append(c);
            }
        }
        return sb.toString();
    }
}
