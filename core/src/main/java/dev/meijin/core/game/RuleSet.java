package dev.meijin.core.game;

/**
 * The rules a game is played under beyond the moves themselves: how an impasse (jishōgi) is settled,
 * whether handicap givers are credited with the pieces they removed, a move limit, takebacks, and whether
 * an illegal move loses.
 *
 * @param impasse how entering-king positions end
 * @param handicapCompensation in point counts, credit the handicap giver (gote) with the points of the
 *     pieces removed from the start position
 * @param maxMoves the game is a draw when this many moves have been played without another ending; 0 for
 *     no limit
 * @param takebacks whether a move may be taken back (matta); never in rated or professional play
 * @param illegalMoveLoses whether an illegal move loses at once, as in professional and computer play:
 *     {@link Game#play(String)} then ends the game as a loss for the side that offered a well-formed move
 *     breaking a rule of shogi; when false such a move is refused and the game goes on (malformed text, a move
 *     for the wrong side or ply, and moves after the end are refused either way). A declaration is different:
 *     {@link Game#declare()} always ends the game, and a failed one loses as an illegal move; front ends that
 *     want to refuse it first ask {@link Game#declarationVerdict()}.
 */
public record RuleSet(Impasse impasse, boolean handicapCompensation, int maxMoves, boolean takebacks, boolean illegalMoveLoses) {

    /** How an impasse (both kings entered, nobody can mate) is settled. */
    public enum Impasse {
        /** No impasse rule: the game goes on (to a move limit, if any). */
        NONE,
        /**
         * The 27-point declaration (CSA, computer shogi): the side to move declares; it wins if its king is in
         * the enemy zone, at least ten of its other pieces are there, it is not in check, and its points in
         * the zone plus in hand reach 28 (sente) or 27 (gote). Otherwise the declaration is an illegal move.
         */
        DECLARATION_27,
        /**
         * The 24-point declaration (amateur tournaments): conditions as for 27 points; 31 points or more
         * win, 24–30 draw, fewer is an illegal declaration.
         */
        DECLARATION_24,
        /**
         * The JSA professional rule: with both kings entered the players agree to an impasse; each side
         * counts every piece it has on the board and in hand; a side with fewer than 24 points loses,
         * otherwise the game is a draw.
         */
        AGREEMENT_24,
        /** The try rule: moving one's king legally onto the enemy king's start square (5a or 5i) wins. */
        TRY
    }

    public RuleSet {
        if (impasse == null) {
            throw new IllegalArgumentException("impasse rule is required");
        }
        if (maxMoves < 0) {
            throw new IllegalArgumentException("maxMoves " + maxMoves + " is negative");
        }
    }

    /** Professional (JSA) rules: 24-point agreement, no move limit, no takebacks, illegal moves lose. */
    public static final RuleSet PROFESSIONAL = new RuleSet(Impasse.AGREEMENT_24, false, 0, false, true);

    /** Computer shogi (CSA/floodgate): 27-point declaration, 256-move limit, illegal moves lose. */
    public static final RuleSet CSA = new RuleSet(Impasse.DECLARATION_27, false, 256, false, true);

    /** Amateur tournaments: 24-point declaration, illegal moves lose. */
    public static final RuleSet AMATEUR = new RuleSet(Impasse.DECLARATION_24, false, 0, false, true);

    /** Friendly games: 27-point declaration, takebacks allowed, illegal moves are refused. */
    public static final RuleSet CASUAL = new RuleSet(Impasse.DECLARATION_27, false, 0, true, false);

    /** Try rule games, as some online servers play. */
    public static final RuleSet TRY_RULE = new RuleSet(Impasse.TRY, false, 0, false, true);

    public RuleSet withImpasse(Impasse i) {
        return new RuleSet(i, handicapCompensation, maxMoves, takebacks, illegalMoveLoses);
    }

    public RuleSet withMaxMoves(int n) {
        return new RuleSet(impasse, handicapCompensation, n, takebacks, illegalMoveLoses);
    }

    public RuleSet withTakebacks(boolean allowed) {
        return new RuleSet(impasse, handicapCompensation, maxMoves, allowed, illegalMoveLoses);
    }

    public RuleSet withHandicapCompensation(boolean on) {
        return new RuleSet(impasse, on, maxMoves, takebacks, illegalMoveLoses);
    }

    public RuleSet withIllegalMoveLoses(boolean loses) {
        return new RuleSet(impasse, handicapCompensation, maxMoves, takebacks, loses);
    }

    /**
     * A named preset: {@code professional}, {@code csa}, {@code amateur}, {@code casual} or {@code try}.
     *
     * @throws IllegalArgumentException listing the names if the name is unknown
     */
    public static RuleSet named(String name) {
        return switch (name.toLowerCase(java.util.Locale.ROOT)) {
            case "professional", "jsa" -> PROFESSIONAL;
            case "csa", "computer" -> CSA;
            case "amateur" -> AMATEUR;
            case "casual", "friendly" -> CASUAL;
            case "try" -> TRY_RULE;
            default -> throw new IllegalArgumentException("unknown rule set \"" + name + "\" (professional, csa, amateur, casual, try)");
        };
    }
}
