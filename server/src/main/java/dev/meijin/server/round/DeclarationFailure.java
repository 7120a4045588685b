package dev.meijin.server.round;

import dev.meijin.core.game.Declaration;
import dev.meijin.core.game.Ending;
import dev.meijin.core.game.Game;
import dev.meijin.core.game.ImpasseCount;
import dev.meijin.server.game.StoredGame;

/**
 * Why an impasse declaration (入玉宣言) failed, for a client to say in its own language: the reason as a name of
 * {@link Declaration.Reason} ({@code KING_NOT_ENTERED}, {@code TOO_FEW_PIECES_IN_CAMP}, {@code IN_CHECK},
 * {@code TOO_FEW_POINTS}) with the count the declarer had and the count it needed (pieces in the enemy camp
 * besides the king, or points), null where the reason has none.
 *
 * <p>The play server ends a game as an {@link Ending#ILLEGAL_MOVE} only for a failed declaration (an illegal move
 * is refused, never played), and a declaration leaves the position as it was: the verdict is judged again on the
 * game's final position by {@link Game#declarationVerdict()}, the one place the rule lives, so games stored
 * before this view existed are explained as well.
 *
 * @param reason the name of the {@link Declaration.Reason}
 * @param have the declarer's pieces in the camp or points, or null
 * @param needed the pieces or points needed, or null
 */
public record DeclarationFailure(String reason, Integer have, Integer needed) {

    /**
     * Why the declaration that ended this game failed, or null when the result is not a failed declaration.
     *
     * @param result the game's result, or null while it goes on
     * @param game the game, in its final position
     */
    static DeclarationFailure of(StoredGame.Result result, Game game) {
        if (result == null || result.reason() != Ending.ILLEGAL_MOVE || result.winner() == null
                || result.winner() != game.position().turn().opposite()) {
            return null;
        }
        Declaration.Verdict v = game.declarationVerdict();
        ImpasseCount c = v.declarerCount();
        return switch (v.reason()) {
            case KING_NOT_ENTERED, IN_CHECK -> new DeclarationFailure(v.reason().name(), null, null);
            case TOO_FEW_PIECES_IN_CAMP -> new DeclarationFailure(v.reason().name(), c.piecesInZone(), Declaration.PIECES_IN_CAMP);
            case TOO_FEW_POINTS -> new DeclarationFailure(v.reason().name(), c.declarationPoints(), v.required());
            case WIN, DRAW, NO_DECLARATION_RULE -> null;
        };
    }
}
