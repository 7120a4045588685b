package dev.meijin.cli;

import dev.meijin.core.position.Position;
import dev.meijin.core.sfen.Sfen;
import dev.meijin.core.sfen.SfenException;
import java.util.List;

/** Reads the position arguments of the commands: {@code startpos} or an SFEN, in one word or several. */
final class Positions {
    private Positions() {}

    /**
     * Joins the words of a position argument, so that an SFEN works quoted ({@code "lnsgkgsnl/… b - 1"}) and
     * unquoted ({@code lnsgkgsnl/… b - 1}).
     */
    static String text(List<String> words) {
        return String.join(" ", words).strip();
    }

    /**
     * The position for {@code startpos} or an SFEN (optionally prefixed with {@code sfen}). A position whose side
     * to move has no king, such as a mate problem, is accepted: when the rules reject the position only for that,
     * it is read as a tsume position.
     *
     * @throws SfenException if the text is malformed or the position is illegal even as a mate problem; the
     *     message names the reason and the character index
     */
    static Position parse(String text) {
        try {
            return Sfen.position(text);
        } catch (SfenException e) {
            if (e.reason() != SfenException.Reason.POSITION) {
                throw e;
            }
            try {
                return Sfen.tsume(text);
            } catch (SfenException tsume) {
                throw e; // the first message lists every issue, the missing attacker king included
            }
        }
    }
}
