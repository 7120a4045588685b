package dev.meijin.server.round;

import dev.meijin.core.game.LegalDests;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What the board needs for the side to move, as the protocol sends it (docs/PROTOCOL.md, section 3).
 *
 * @param dests each origin square's destinations with the promotion choice ({@code none}, {@code optional}, {@code forced})
 * @param dropDests each piece in hand (USI letter) with its drop squares
 * @param check the square of the side to move's king when in check, else null
 */
public record Targets(Map<String, Map<String, String>> dests, Map<String, List<String>> dropDests, String check) {

    /** The destinations, drops and check of a position's legal moves, in the protocol's terms. */
    public static Targets of(LegalDests d) {
        Map<String, Map<String, String>> dests = new LinkedHashMap<>();
        d.moves().forEach((from, list) -> {
            Map<String, String> m = new LinkedHashMap<>();
            for (LegalDests.Dest dest : list) {
                m.put(dest.to(), switch (dest.promotion()) {
                    case IMPOSSIBLE -> "none";
                    case OPTIONAL -> "optional";
                    case FORCED -> "forced";
                });
            }
            dests.put(from, m);
        });
        Map<String, List<String>> drops = new LinkedHashMap<>();
        d.drops().forEach((role, squares) -> drops.put(String.valueOf(role.sfenLetter()), squares));
        return new Targets(dests, drops, d.check().orElse(null));
    }
}
