package dev.meijin.core.game;

import dev.meijin.core.Color;
import java.util.Optional;

/**
 * The impasse declaration (入玉宣言) judged in one place: {@link Game#declare()}, {@link Game#declarationFailure()}
 * and a board that shows the live point counts all ask {@link #judge}.
 *
 * <p>The rule (CSA and the 24-point amateur rule alike): the declarer's king stands in the enemy camp (the
 * three farthest ranks), at least ten of its other pieces stand there, the king is not in check, and the
 * points of those pieces plus the pieces in hand (rook and bishop, promoted or not, 5; every other piece but
 * the king 1; see {@link dev.meijin.core.Role#impassePoints()}) reach the threshold: under
 * {@link RuleSet.Impasse#DECLARATION_27} 28 for sente and 27 for gote, a win; under
 * {@link RuleSet.Impasse#DECLARATION_24} 31 or more wins, 24 to 30 draws. A declaration that fails is an
 * illegal move and loses.
 *
 * {@snippet :
 * Declaration.Verdict v = game.declarationVerdict();
 * if (v.stands()) {
 *     game.declare();                  // ends the game with v.outcome()
 * } else {
 *     show(v.reason(), v.message());   // e.g. TOO_FEW_POINTS, "26 points, 27 needed"
 * }
 * int sentePoints = v.sente().declarationPoints(), gotePoints = v.gote().declarationPoints();
 * }
 */
public final class Declaration {
    private Declaration() {}

    /** Pieces besides the king that must stand in the enemy camp. */
    public static final int PIECES_IN_CAMP = 10;

    /** What a declaration would give, or why it fails. */
    public enum Reason {
        /** The declaration stands and wins. */
        WIN,
        /** The declaration stands and draws (24-point rule, 24 to 30 points). */
        DRAW,
        /** The declarer's king has not entered the enemy camp. */
        KING_NOT_ENTERED,
        /** Fewer than {@value Declaration#PIECES_IN_CAMP} of the declarer's other pieces stand in the enemy camp. */
        TOO_FEW_PIECES_IN_CAMP,
        /** The declarer's king is in check. */
        IN_CHECK,
        /** The points in the enemy camp and in hand fall short of the threshold. */
        TOO_FEW_POINTS,
        /** The rule set has no impasse declaration ({@code NONE}, {@code AGREEMENT_24} or {@code TRY}). */
        NO_DECLARATION_RULE;

        /** Whether a declaration with this reason stands (a win or a draw) rather than failing. */
        public boolean stands() {
            return this == WIN || this == DRAW;
        }
    }

    /**
     * The verdict on a declaration, with the live counts of both sides.
     *
     * @param rule the impasse rule it was judged under
     * @param declarer the side that declares (or would)
     * @param reason what the declaration gives, or why it fails
     * @param required the points the declarer needs for a declaration that stands (28 or 27 under the 27-point
     *     rule, 24 under the 24-point rule; 0 without a declaration rule)
     * @param toWin the points the declarer needs to win (as {@code required}, but 31 under the 24-point rule)
     * @param sente sente's count
     * @param gote gote's count
     */
    public record Verdict(RuleSet.Impasse rule, Color declarer, Reason reason, int required, int toWin,
            ImpasseCount sente, ImpasseCount gote) {

        /** Whether the declaration stands (a win or, under the 24-point rule, a draw). */
        public boolean stands() {
            return reason.stands();
        }

        /** The declarer's count. */
        public ImpasseCount declarerCount() {
            return declarer == Color.SENTE ? sente : gote;
        }

        /**
         * Why the declaration stands or fails, for people: {@code 27 points}, {@code 26 points, 27 needed},
         * {@code the king has not entered the enemy camp}…
         */
        public String message() {
            ImpasseCount c = declarerCount();
            int pts = c.declarationPoints();
            return switch (reason) {
                case WIN -> pts + " points";
                case DRAW -> pts + " points, 24–30 draw";
                case KING_NOT_ENTERED -> "the king has not entered the enemy camp";
                case TOO_FEW_PIECES_IN_CAMP -> "only " + c.piecesInZone() + " pieces besides the king in the enemy camp ("
                        + PIECES_IN_CAMP + " needed)";
                case IN_CHECK -> "the king is in check";
                case TOO_FEW_POINTS -> rule == RuleSet.Impasse.DECLARATION_24
                        ? pts + " points, at least " + required + " needed"
                        : pts + " points, " + required + " needed";
                case NO_DECLARATION_RULE -> "the rule set " + rule + " has no impasse declaration";
            };
        }

        /**
         * The ending the declaration gives: a win for the declarer, a draw, or, for a failed declaration, a
         * loss as an illegal move ({@code failed impasse declaration: …}). Empty without a declaration rule.
         */
        public Optional<Outcome> outcome() {
            return switch (reason) {
                case WIN -> Optional.of(new Outcome.Win(declarer, Ending.DECLARATION, message()));
                case DRAW -> Optional.of(new Outcome.Draw(Ending.DECLARATION, message()));
                case KING_NOT_ENTERED, TOO_FEW_PIECES_IN_CAMP, IN_CHECK, TOO_FEW_POINTS ->
                        Optional.of(new Outcome.Win(declarer.opposite(), Ending.ILLEGAL_MOVE, "failed impasse declaration: " + message()));
                case NO_DECLARATION_RULE -> Optional.empty();
            };
        }
    }

    /**
     * Judges a declaration by {@code declarer} from the counts of both sides (see {@link ImpasseCount#of}, which
     * adds any handicap credit).
     *
     * @param rule the impasse rule
     * @param declarer the declaring side
     * @param sente sente's count
     * @param gote gote's count
     * @return the verdict; never throws, also without a declaration rule ({@link Reason#NO_DECLARATION_RULE})
     */
    public static Verdict judge(RuleSet.Impasse rule, Color declarer, ImpasseCount sente, ImpasseCount gote) {
        if (sente.color() != Color.SENTE || gote.color() != Color.GOTE) {
            throw new IllegalArgumentException("counts given in the wrong order: " + sente.color() + ", " + gote.color());
        }
        int required = switch (rule) {
            case DECLARATION_27 -> declarer == Color.SENTE ? 28 : 27;
            case DECLARATION_24 -> 24;
            case NONE, AGREEMENT_24, TRY -> 0;
        };
        int toWin = rule == RuleSet.Impasse.DECLARATION_24 ? 31 : required;
        ImpasseCount c = declarer == Color.SENTE ? sente : gote;
        Reason reason;
        if (required == 0) {
            reason = Reason.NO_DECLARATION_RULE;
        } else {
            reason = conditionFailure(c).orElse(c.declarationPoints() < required ? Reason.TOO_FEW_POINTS
                    : c.declarationPoints() >= toWin ? Reason.WIN : Reason.DRAW);
        }
        return new Verdict(rule, declarer, reason, required, toWin, sente, gote);
    }

    /** The first condition other than points that a side's count fails (king entered, pieces in the camp, not in check). */
    static Optional<Reason> conditionFailure(ImpasseCount c) {
        if (!c.kingInZone()) {
            return Optional.of(Reason.KING_NOT_ENTERED);
        }
        if (c.piecesInZone() < PIECES_IN_CAMP) {
            return Optional.of(Reason.TOO_FEW_PIECES_IN_CAMP);
        }
        if (c.inCheck()) {
            return Optional.of(Reason.IN_CHECK);
        }
        return Optional.empty();
    }
}
