package dev.meijin.notation.kifu;

import dev.meijin.core.game.Handicap;
import dev.meijin.core.position.Setup;
import dev.meijin.core.sfen.Sfen;
import java.util.Optional;

/**
 * Where a record starts: a handicap from the registry (even included), or any other position.
 *
 * @param setup the start position
 * @param handicap the registry entry when the start is a standard one (even or a handicap); empty for any
 *     other position (a mate problem, a game from a diagram)
 */
public record Start(Setup setup, Optional<Handicap> handicap) {
    /** The even-game start. */
    public static final Start EVEN = of(Handicap.EVEN);

    public static Start of(Handicap h) {
        return new Start(Sfen.parse(h.sfen()), Optional.of(h));
    }

    /** A start from a setup; recognised as a registry handicap when it equals one exactly. */
    public static Start of(Setup setup) {
        for (Handicap h : Handicap.values()) {
            if (Sfen.parse(h.sfen()).equals(setup.withMoveNumber(1))) {
                return new Start(setup, Optional.of(h));
            }
        }
        return new Start(setup, Optional.empty());
    }

    public boolean isEven() {
        return handicap.orElse(null) == Handicap.EVEN;
    }
}
