package dev.meijin.notation.move;

import dev.meijin.core.Move;
import dev.meijin.core.position.Position;
import dev.meijin.core.usi.Usi;
import dev.meijin.core.usi.UsiMoveException;
import java.util.List;

/**
 * USI move text ({@code 7g7f}, {@code 8h2b+}, {@code P*5e}) with this package's exception, so that
 * {@link MoveStyle} treats every notation alike. The text itself is the core's {@link Usi}.
 *
 * {@snippet :
 * int m = UsiNotation.parse(pos, "7g7f");
 * UsiNotation.format(pos, m); // "7g7f"
 * }
 */
public final class UsiNotation {
    private UsiNotation() {}

    /**
     * Writes a move as USI text.
     *
     * @param before the position before the move
     * @param move a legal move of that position
     * @return the USI text
     * @throws MoveNotationException ILLEGAL if the move is not legal in the position
     */
    public static String format(Position before, int move) {
        new Legal(before).requireLegal(move);
        return Move.usi(move);
    }

    /**
     * Reads USI move text.
     *
     * @param before the position before the move
     * @param text the move text
     * @return the legal int move
     * @throws MoveNotationException MALFORMED or ILLEGAL, as {@link Usi#parseMove} decides
     */
    public static int parse(Position before, String text) {
        try {
            return Usi.parseMove(before, text == null ? "" : text.strip());
        } catch (UsiMoveException e) {
            MoveNotationException.Reason reason =
                    e.isMalformed() ? MoveNotationException.Reason.MALFORMED : MoveNotationException.Reason.ILLEGAL;
            MoveNotationException wrapped = new MoveNotationException(reason, String.valueOf(text),
                    dev.meijin.core.sfen.Sfen.format(before), -1, List.of(), e.isMalformed() ? null : e.reason(),
                    e.getMessage());
            wrapped.initCause(e);
            throw wrapped;
        }
    }

    static String write(int m) {
        return Move.usi(m);
    }
}
