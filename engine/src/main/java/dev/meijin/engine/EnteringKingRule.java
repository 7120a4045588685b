package dev.meijin.engine;

import dev.meijin.core.game.RuleSet;
import java.util.Locale;

/** The entering-king (impasse declaration) rule, as the USI option {@code EnteringKingRule} names it. */
public enum EnteringKingRule {
    /** No declaration. */
    NO_ENTERING_KING("NoEnteringKing"),
    /** 24-point rule: a declaration with 31 points or more wins (CSA rule). */
    CSA_RULE_24("CSARule24"),
    /** 24-point rule, the handicap giver needing fewer points by the value of the pieces missing from the set. */
    CSA_RULE_24H("CSARule24H"),
    /** 27-point rule: sente needs 28 points, gote 27 (CSA rule, computer shogi). */
    CSA_RULE_27("CSARule27"),
    /** 27-point rule with the handicap allowance. */
    CSA_RULE_27H("CSARule27H"),
    /** Try rule: a king that reaches the enemy king's starting square wins (by a normal move). */
    TRY_RULE("TryRule");

    private final String usiName;

    EnteringKingRule(String usiName) {
        this.usiName = usiName;
    }

    /**
     * The rule the engine plays a game's rule set by: its impasse declaration (27 or 24 points, with the handicap
     * allowance where the game counts it) or the try rule; none where an impasse is agreed (professional rules) or
     * there is none.
     */
    public static EnteringKingRule of(RuleSet rules) {
        return switch (rules.impasse()) {
            case DECLARATION_27 -> rules.handicapCompensation() ? CSA_RULE_27H : CSA_RULE_27;
            case DECLARATION_24 -> rules.handicapCompensation() ? CSA_RULE_24H : CSA_RULE_24;
            case TRY -> TRY_RULE;
            case NONE, AGREEMENT_24 -> NO_ENTERING_KING;
        };
    }

    /** The name used in the USI option. */
    public String usiName() {
        return usiName;
    }

    /**
     * The rule with a USI option name (case-insensitive).
     *
     * @param name the option value
     * @return the rule
     * @throws IllegalArgumentException listing the valid names
     */
    public static EnteringKingRule ofUsi(String name) {
        for (EnteringKingRule r : values()) {
            if (r.usiName.toLowerCase(Locale.ROOT).equals(name.toLowerCase(Locale.ROOT))) {
                return r;
            }
        }
        throw new IllegalArgumentException("unknown EnteringKingRule \"" + name
                + "\" (NoEnteringKing, CSARule24, CSARule24H, CSARule27, CSARule27H or TryRule)");
    }
}
