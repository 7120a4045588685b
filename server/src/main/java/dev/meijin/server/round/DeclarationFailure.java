package dev.meijin.server.round;

import dev.meijin.core.game.Declaration;
import dev.meijin.core.game.Ending;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Why an impasse declaration (入玉宣言) failed, for a client to say in its own language: the reason as a name of
 * {@link Declaration.Reason} ({@code KING_NOT_ENTERED}, {@code TOO_FEW_PIECES_IN_CAMP}, {@code IN_CHECK},
 * {@code TOO_FEW_POINTS}) with the count the declarer had and the count it needed (pieces in the enemy camp
 * besides the king, or points), null where the reason has none.
 *
 * <p>A failed declaration is stored as an {@link Ending#ILLEGAL_MOVE} whose detail is the text
 * {@link Declaration.Verdict#outcome()} writes ({@code failed impasse declaration: the king has not entered the
 * enemy camp}); {@link #of} reads it back, for the games stored before as well. {@code DeclarationFailureTest}
 * reads every text the core writes.
 *
 * @param reason the name of the {@link Declaration.Reason}
 * @param have the declarer's pieces in the camp or points, or null
 * @param needed the pieces or points needed, or null
 */
public record DeclarationFailure(String reason, Integer have, Integer needed) {

    private static final String PREFIX = "failed impasse declaration: ";
    private static final Pattern PIECES = Pattern.compile("only (\\d+) pieces besides the king in the enemy camp \\((\\d+) needed\\)");
    private static final Pattern POINTS = Pattern.compile("(\\d+) points, (?:at least )?(\\d+) needed");

    /** The failure an ending's detail describes, or null when the ending is not a failed declaration. */
    static DeclarationFailure of(Ending ending, String detail) {
        if (ending != Ending.ILLEGAL_MOVE || detail == null || !detail.startsWith(PREFIX)) {
            return null;
        }
        String why = detail.substring(PREFIX.length());
        if (why.equals("the king has not entered the enemy camp")) {
            return new DeclarationFailure(Declaration.Reason.KING_NOT_ENTERED.name(), null, null);
        }
        if (why.equals("the king is in check")) {
            return new DeclarationFailure(Declaration.Reason.IN_CHECK.name(), null, null);
        }
        Matcher m = PIECES.matcher(why);
        if (m.matches()) {
            return new DeclarationFailure(Declaration.Reason.TOO_FEW_PIECES_IN_CAMP.name(), Integer.valueOf(m.group(1)), Integer.valueOf(m.group(2)));
        }
        m = POINTS.matcher(why);
        if (m.matches()) {
            return new DeclarationFailure(Declaration.Reason.TOO_FEW_POINTS.name(), Integer.valueOf(m.group(1)), Integer.valueOf(m.group(2)));
        }
        return null;
    }
}
