package dev.meijin.core.game;

import dev.meijin.core.Color;
import dev.meijin.core.Move;
import dev.meijin.core.MoveOrDrop;
import dev.meijin.core.Piece;
import dev.meijin.core.Role;
import dev.meijin.core.Square;
import dev.meijin.core.position.Position;
import dev.meijin.core.position.Setup;
import dev.meijin.core.position.Setups;
import dev.meijin.core.sfen.Sfen;
import dev.meijin.core.usi.Usi;
import dev.meijin.core.usi.UsiMoveException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * A game: a start position, the moves played from it, and the ending once there is one, judged under a
 * {@link RuleSet}.
 *
 * <p>After every move the game looks for the endings the board decides: no legal move for the side to move
 * (checkmate, which loses), fourfold repetition of position, hands and side to move (a draw, or a loss for
 * the side whose every move in the repetition gave check), the try rule and the move limit. A start position
 * in which the side to move has no legal move is over from the start. Endings decided
 * elsewhere come in through {@link #resign}, {@link #timeLoss}, {@link #illegalMove}, {@link #declare} and
 * {@link #agreeImpasse}.
 *
 * {@snippet :
 * Game g = Game.startpos(RuleSet.CSA);
 * g.play("7g7f");
 * g.play("3c3d");
 * Optional<Outcome> end = g.outcome(); // empty: the game goes on
 * }
 */
public final class Game {
    private final Setup start;
    private final RuleSet rules;
    private final Position pos;
    private int[] moves = new int[256];
    private int plies;
    private Outcome outcome;
    /** Impasse points credited to each side (handicap compensation), indexed by colour. */
    private final int[] credit = new int[2];

    private Game(Setup start, RuleSet rules, Position pos) {
        this.start = start;
        this.rules = rules;
        this.pos = pos;
        if (rules.handicapCompensation()) {
            credit[Color.GOTE.index()] = missingPoints(start);
        }
        // A set-up position may already be lost for the side to move; nothing could ever be played in it.
        if (pos.hasNoLegalMove()) {
            outcome = new Outcome.Win(pos.turn().opposite(), pos.inCheck() ? Ending.CHECKMATE : Ending.NO_LEGAL_MOVES, "");
        }
    }

    /**
     * A game from a start position.
     *
     * @throws dev.meijin.core.position.IllegalPositionException if the setup is not a legal position
     */
    public static Game of(Setup start, RuleSet rules) {
        return new Game(start, rules, Position.of(start));
    }

    /**
     * A game from a mate-problem position: the side to move (the attacker) may have no king.
     *
     * @throws dev.meijin.core.position.IllegalPositionException if the setup is not a legal position
     */
    public static Game ofTsume(Setup start, RuleSet rules) {
        return new Game(start, rules, Position.ofTsume(start));
    }

    /**
     * A game from a recorded start position, accepted as leniently as {@link Position#ofRecord(Setup)}
     * (composed problems may lack the attacker's king or hold two pawns on a file).
     *
     * @throws dev.meijin.core.position.IllegalPositionException if the setup is not a usable position
     */
    public static Game ofRecord(Setup start, RuleSet rules) {
        return new Game(start, rules, Position.ofRecord(start));
    }

    /** An even game. */
    public static Game startpos(RuleSet rules) {
        return of(Setups.STARTPOS, rules);
    }

    /** Points of the pieces of a full set that are in nobody's possession in the start position (a handicap's removed pieces). */
    static int missingPoints(Setup s) {
        int[] count = new int[8];
        for (int sq = 0; sq < Square.COUNT; sq++) {
            int pc = s.piece(sq);
            if (pc != 0 && Piece.role(pc) != Role.KING.code()) {
                count[Role.of(Piece.role(pc)).unpromoted().code()]++;
            }
        }
        int points = 0;
        for (int r = 1; r <= 7; r++) {
            int have = count[r] + s.hands().get(r) + s.hands().get(8 + r);
            points += Math.max(0, dev.meijin.core.Hand.MAX[r] - have) * Role.of(r).impassePoints();
        }
        return points;
    }

    public Setup start() {
        return start;
    }

    public RuleSet rules() {
        return rules;
    }

    /** A copy of the current position. */
    public Position position() {
        return pos.copy();
    }

    /** The SFEN of the current position. */
    public String sfen() {
        return Sfen.format(pos);
    }

    public Color turn() {
        return pos.turn();
    }

    /** Number of moves played. */
    public int plies() {
        return plies;
    }

    /** The int moves played, in order. */
    public int[] moves() {
        return Arrays.copyOf(moves, plies);
    }

    /** The moves played, as USI text. */
    public List<String> usiMoves() {
        List<String> out = new ArrayList<>(plies);
        for (int i = 0; i < plies; i++) {
            out.add(Move.usi(moves[i]));
        }
        return out;
    }

    public Optional<Outcome> outcome() {
        return Optional.ofNullable(outcome);
    }

    public boolean isOver() {
        return outcome != null;
    }

    /** How many times the current position (board, hands, side to move) has occurred, this time included. */
    public int repetitions() {
        long key = pos.key();
        int n = 0;
        for (int i = 0; i <= plies; i++) {
            if (pos.keyAt(i) == key) {
                n++;
            }
        }
        return n;
    }

    /** The impasse count of a side in the current position (with any handicap credit). */
    public ImpasseCount impasseCount(Color color) {
        return ImpasseCount.of(pos, color, credit[color.index()]);
    }

    /** Plays a USI move ({@code 7g7f}, {@code P*5e}). */
    public MoveResult play(String usi) {
        if (outcome != null) {
            return new MoveResult.Finished(outcome);
        }
        try {
            return apply(Usi.parseMove(pos, usi));
        } catch (UsiMoveException e) {
            return new MoveResult.Illegal(e.getMessage());
        }
    }

    /** Plays a move given as an API value. */
    public MoveResult play(MoveOrDrop move) {
        if (outcome != null) {
            return new MoveResult.Finished(outcome);
        }
        int m = pos.encode(move);
        if (m == Move.NONE) {
            return new MoveResult.Illegal("illegal move " + move.usi() + " in " + sfen());
        }
        return apply(m);
    }

    /** Plays an int move (its piece bits must match the position). */
    public MoveResult play(int move) {
        if (outcome != null) {
            return new MoveResult.Finished(outcome);
        }
        if (!pos.isLegal(move)) {
            return new MoveResult.Illegal("illegal move " + Move.usi(move) + " in " + sfen());
        }
        return apply(move);
    }

    private MoveResult apply(int m) {
        int mover = pos.sideToMove();
        pos.doMove(m);
        if (plies == moves.length) {
            moves = Arrays.copyOf(moves, plies * 2);
        }
        moves[plies++] = m;
        outcome = judge(mover, m);
        return new MoveResult.Applied(m, Optional.ofNullable(outcome));
    }

    private Outcome judge(int mover, int m) {
        Color moverColor = Color.of(mover);
        if (rules.impasse() == RuleSet.Impasse.TRY && Piece.role(Move.pieceAfter(m)) == Role.KING.code()) {
            int target = mover == 0 ? Square.of(5, 1) : Square.of(5, 9);
            if (Move.to(m) == target) {
                return new Outcome.Win(moverColor, Ending.TRY, "king reached " + Square.name(target));
            }
        }
        if (pos.hasNoLegalMove()) {
            return new Outcome.Win(moverColor, pos.inCheck() ? Ending.CHECKMATE : Ending.NO_LEGAL_MOVES, "");
        }
        Outcome rep = repetitionOutcome();
        if (rep != null) {
            return rep;
        }
        if (rules.maxMoves() > 0 && plies >= rules.maxMoves()) {
            return new Outcome.Draw(Ending.MOVE_LIMIT, rules.maxMoves() + " moves");
        }
        return null;
    }

    /** Sennichite: the fourth occurrence is a draw, unless one side checked with every move since the first. */
    private Outcome repetitionOutcome() {
        long key = pos.key();
        int first = -1, count = 1;
        for (int i = plies - 4; i >= 0; i -= 2) { // a repetition needs at least four plies and the same side to move
            if (pos.keyAt(i) == key) {
                count++;
                first = i;
            }
        }
        if (count < 4) {
            return null;
        }
        boolean[] allChecks = {true, true};
        int startSide = start.turn().index();
        for (int j = first; j < plies; j++) {
            int side = (startSide + j) & 1;
            if (!pos.inCheckAt(j + 1)) {
                allChecks[side] = false;
            }
        }
        if (allChecks[0] != allChecks[1]) {
            Color checker = allChecks[0] ? Color.SENTE : Color.GOTE;
            return new Outcome.Win(checker.opposite(), Ending.PERPETUAL_CHECK, checker + " checked with every move since ply " + first);
        }
        return new Outcome.Draw(Ending.REPETITION, "fourfold repetition since ply " + first);
    }

    /** The side resigns (either side may, at any time). */
    public Outcome resign(Color loser) {
        return finish(new Outcome.Win(loser.opposite(), Ending.RESIGNATION, ""));
    }

    /** The side ran out of time. */
    public Outcome timeLoss(Color loser) {
        return finish(new Outcome.Win(loser.opposite(), Ending.TIME_LOSS, ""));
    }

    /** The side made an illegal move, which loses under these rules; {@code reason} says what it was. */
    public Outcome illegalMove(Color offender, String reason) {
        return finish(new Outcome.Win(offender.opposite(), Ending.ILLEGAL_MOVE, reason));
    }

    private Outcome finish(Outcome o) {
        if (outcome != null) {
            throw new IllegalStateException("the game is already over: " + outcome.describe());
        }
        outcome = o;
        return o;
    }

    /**
     * Why a declaration by the side to move would fail now under the rule set's declaration rule (king not
     * entered, too few pieces in the enemy camp, in check, too few points), or empty if it would stand.
     *
     * @throws IllegalStateException if the rule set has no impasse declaration
     */
    public Optional<String> declarationFailure() {
        ImpasseCount c = impasseCount(pos.turn());
        String failure = c.conditionFailure();
        int pts = c.declarationPoints();
        int need = switch (rules.impasse()) {
            case DECLARATION_27 -> pos.turn() == Color.SENTE ? 28 : 27;
            case DECLARATION_24 -> 24;
            case NONE, AGREEMENT_24, TRY -> throw new IllegalStateException("the rule set " + rules.impasse() + " has no impasse declaration");
        };
        if (failure.isEmpty() && pts < need) {
            failure = pts + " points, " + need + " needed";
        }
        return failure.isEmpty() ? Optional.empty() : Optional.of(failure);
    }

    /**
     * The side to move declares an impasse win under the rule set's declaration rule. A valid declaration
     * ends the game as the rule says; a declaration that fails its conditions is an illegal move and loses.
     *
     * @throws IllegalStateException if the game is over or the rule set has no declaration rule
     */
    public Outcome declare() {
        if (outcome != null) {
            throw new IllegalStateException("the game is already over: " + outcome.describe());
        }
        Color me = pos.turn();
        ImpasseCount c = impasseCount(me);
        String failure = c.conditionFailure();
        int pts = c.declarationPoints();
        return switch (rules.impasse()) {
            case DECLARATION_27 -> {
                int need = me == Color.SENTE ? 28 : 27;
                if (failure.isEmpty() && pts < need) {
                    failure = pts + " points, " + need + " needed";
                }
                yield finish(failure.isEmpty()
                        ? new Outcome.Win(me, Ending.DECLARATION, pts + " points")
                        : new Outcome.Win(me.opposite(), Ending.ILLEGAL_MOVE, "failed impasse declaration: " + failure));
            }
            case DECLARATION_24 -> {
                if (failure.isEmpty() && pts < 24) {
                    failure = pts + " points, at least 24 needed";
                }
                if (!failure.isEmpty()) {
                    yield finish(new Outcome.Win(me.opposite(), Ending.ILLEGAL_MOVE, "failed impasse declaration: " + failure));
                }
                yield finish(pts >= 31
                        ? new Outcome.Win(me, Ending.DECLARATION, pts + " points")
                        : new Outcome.Draw(Ending.DECLARATION, pts + " points, 24–30 draw"));
            }
            case NONE, AGREEMENT_24, TRY -> throw new IllegalStateException("the rule set " + rules.impasse() + " has no impasse declaration");
        };
    }

    /**
     * Both players agree to an impasse (JSA 24-point rule): both kings must have entered the enemy camp;
     * a side with fewer than 24 points loses, otherwise the game is a draw.
     *
     * @throws IllegalStateException if the game is over, the rule set is not {@code AGREEMENT_24}, or a king
     *     has not entered
     */
    public Outcome agreeImpasse() {
        if (outcome != null) {
            throw new IllegalStateException("the game is already over: " + outcome.describe());
        }
        if (rules.impasse() != RuleSet.Impasse.AGREEMENT_24) {
            throw new IllegalStateException("the rule set " + rules.impasse() + " has no impasse by agreement");
        }
        ImpasseCount s = impasseCount(Color.SENTE), g = impasseCount(Color.GOTE);
        if (!s.kingInZone() || !g.kingInZone()) {
            throw new IllegalStateException("an impasse needs both kings in the enemy camp");
        }
        String pts = "sente " + s.totalPoints() + ", gote " + g.totalPoints() + " points";
        if (s.totalPoints() < 24) {
            return finish(new Outcome.Win(Color.GOTE, Ending.IMPASSE, pts));
        }
        if (g.totalPoints() < 24) {
            return finish(new Outcome.Win(Color.SENTE, Ending.IMPASSE, pts));
        }
        return finish(new Outcome.Draw(Ending.IMPASSE, pts));
    }

    /** Whether the last move may be taken back now. */
    public boolean canTakeBack() {
        return rules.takebacks() && outcome == null && plies > 0;
    }

    /**
     * Takes back the last move (matta).
     *
     * @throws IllegalStateException if the rules forbid takebacks, the game is over, or no move was played
     */
    public void takeBack() {
        if (!rules.takebacks()) {
            throw new IllegalStateException("takebacks are not allowed under these rules");
        }
        if (outcome != null) {
            throw new IllegalStateException("the game is already over: " + outcome.describe());
        }
        if (plies == 0) {
            throw new IllegalStateException("no move to take back");
        }
        pos.undoMove();
        plies--;
    }
}
