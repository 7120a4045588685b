package dev.meijin.notation.kifu;

import dev.meijin.core.game.Handicap;
import dev.meijin.core.position.Setup;
import dev.meijin.core.sfen.Sfen;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

/**
 * Where a record starts: a handicap from the registry (even included), or any other position.
 *
 * @param setup the start position
 * @param handicap the registry entry when the start is a standard one (even or a handicap); empty for any
 *     other position (a mate problem, a game from a diagram)
 */
public record Start(Setup setup, Optional<Handicap> handicap) {
    /** The registry's start setups (move number 1), parsed once. */
    private static final Map<Setup, Handicap> BY_SETUP = new HashMap<>();

    static {
        for (Handicap h : Handicap.values()) {
            BY_SETUP.putIfAbsent(Sfen.parse(h.sfen()), h);
        }
    }

    /** The even-game start. */
    public static final Start EVEN = of(Handicap.EVEN);

    public static Start of(Handicap h) {
        return new Start(Sfen.parse(h.sfen()), Optional.of(h));
    }

    /** A start from a setup; recognised as a registry handicap when it equals one exactly. */
    public static Start of(Setup setup) {
        return new Start(setup, Optional.ofNullable(BY_SETUP.get(setup.withMoveNumber(1))));
    }

    public boolean isEven() {
        return handicap.orElse(null) == Handicap.EVEN;
    }
}
