package dev.meijin.cli;

import dev.meijin.core.Move;
import dev.meijin.core.position.Position;
import dev.meijin.notation.move.MoveNotationException;
import dev.meijin.notation.move.MoveStyle;
import java.util.List;

/**
 * A move typed by a person, in whichever notation they write: USI ({@code 7g7f}), Japanese in KIF or KI2 style
 * ({@code ７六歩}, {@code 76歩}, {@code 同歩}, {@code ５八金右}), CSA ({@code +7776FU}), Western in Hodges or
 * Hosking style ({@code P-7f}, {@code P-76}) or Kitao–Kawasaki ({@code 歩-76}).
 *
 * <p>The notations are tried in that order. The first that reads the text decides: its move, or its refusal when
 * the text is its notation but names no legal move (an illegal move, or a Japanese move that needs 右 or 左). No
 * text is read two ways, since the notations' shapes do not overlap. When none reads it, the refusal is the one
 * of the notation the text looks like: Japanese or Kitao–Kawasaki for text with kanji or full-width characters,
 * CSA for text that starts with its sign, Western for text with its {@code -} or {@code x}, USI otherwise.
 */
final class MoveInput {
    private static final List<MoveStyle> ORDER =
            List.of(MoveStyle.USI, MoveStyle.JAPANESE_KIF, MoveStyle.CSA, MoveStyle.HODGES, MoveStyle.KAWASAKI);

    private MoveInput() {}

    /**
     * The USI text of the move a person typed.
     *
     * @param before the position the move is played in (its last move gives the square of 同)
     * @param text the move, stripped
     * @return the legal move in USI; for USI text, the text itself, so that the game judges it and names the rule a
     *     move breaks
     * @throws MoveNotationException the refusal of the notation that reads the text, or of the one it looks like
     */
    static String usi(Position before, String text) {
        MoveNotationException[] refusals = new MoveNotationException[MoveStyle.values().length];
        for (MoveStyle style : ORDER) {
            try {
                int move = style.parse(before, text);
                return style == MoveStyle.USI ? text : Move.usi(move);
            } catch (MoveNotationException e) {
                if (e.reason() != MoveNotationException.Reason.MALFORMED) {
                    if (style == MoveStyle.USI) {
                        return text; // an illegal USI move: the game refuses it with the rule it breaks
                    }
                    throw e;
                }
                refusals[style.ordinal()] = e;
            }
        }
        MoveStyle like = lookalike(text);
        if (like == MoveStyle.USI) {
            return text; // the game refuses it as malformed USI, saying what a USI move is
        }
        if (like == MoveStyle.JAPANESE_KIF && text.indexOf('-') > 0) {
            like = MoveStyle.KAWASAKI;
        }
        throw refusals[like.ordinal()];
    }

    /** The notation a text that no notation reads looks like, to explain what is wrong with it in that one's terms. */
    static MoveStyle lookalike(String text) {
        if (text.chars().anyMatch(c -> c > 0x7F)) {
            return MoveStyle.JAPANESE_KIF;
        }
        if (text.startsWith("+") || text.startsWith("-")) {
            return MoveStyle.CSA;
        }
        if (text.indexOf('-') > 0 || text.indexOf('x') > 0) {
            return MoveStyle.HODGES;
        }
        return MoveStyle.USI;
    }
}
