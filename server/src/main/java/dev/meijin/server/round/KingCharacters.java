package dev.meijin.server.round;

import dev.meijin.core.Color;
import dev.meijin.core.game.Handicap;
import dev.meijin.server.game.PlayerKind;
import dev.meijin.server.game.StoredGame;

/**
 * Which king is written 王 and which 玉. Etiquette gives 王 to the senior player and 玉 to the junior; this
 * server knows no ranks of people, so it decides by what it does know:
 * <ul>
 *   <li>a handicap game: the handicap giver (上手, gote in the handicap's SFEN, moving first) is the senior;
 *   <li>an even game against the engine: the engine is the senior at levels {@value #ENGINE_SENIOR_FROM}–8
 *       (the stronger half, up to full strength), the person at the lower levels;
 *   <li>an even game between people: gote, since traditionally the senior player takes gote in an even game
 *       (and printed diagrams agree, with 玉 for ☗ and 王 for ☖).
 * </ul>
 *
 * @param sente the character on sente's king
 * @param gote the character on gote's king
 */
public record KingCharacters(String sente, String gote) {
    /** The senior player's king. */
    public static final String SENIOR = "王";
    /** The junior player's king. */
    public static final String JUNIOR = "玉";
    /** The lowest engine level that counts as senior to a person in an even game. */
    public static final int ENGINE_SENIOR_FROM = 5;

    /** The kings of a stored game. */
    public static KingCharacters of(StoredGame g) {
        return of(senior(g));
    }

    /** 王 for the senior side, 玉 for the other. */
    public static KingCharacters of(Color senior) {
        return senior == Color.SENTE ? new KingCharacters(SENIOR, JUNIOR) : new KingCharacters(JUNIOR, SENIOR);
    }

    /** The senior side of a stored game, by the rules above. */
    public static Color senior(StoredGame g) {
        if (g.terms().handicap() != Handicap.EVEN) {
            return Color.GOTE;
        }
        Integer level = g.terms().engineLevel();
        for (Color c : Color.values()) {
            if (g.player(c).kind() == PlayerKind.ENGINE && g.player(c.opposite()).kind() == PlayerKind.HUMAN) {
                int l = level == null ? 8 : level;
                return l >= ENGINE_SENIOR_FROM ? c : c.opposite();
            }
        }
        return Color.GOTE;
    }
}
