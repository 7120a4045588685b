package dev.meijin.core.game;

import dev.meijin.core.Color;
import dev.meijin.core.Move;
import dev.meijin.core.MoveOrDrop;
import dev.meijin.core.Piece;
import dev.meijin.core.Role;
import dev.meijin.core.Square;
import dev.meijin.core.position.IllegalMoveReason;
import dev.meijin.core.position.Position;
import dev.meijin.core.position.RepetitionState;
import dev.meijin.core.position.Setup;
import dev.meijin.core.position.Setups;
import dev.meijin.core.sfen.Sfen;
import dev.meijin.core.usi.Usi;
import dev.meijin.core.usi.UsiMoveException;
import java.util.ArrayList;
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
 * elsewhere come in through {@link #resign}, {@link #timeLoss}, {@link #illegalMove}, {@link #declare},
 * {@link #agreeImpasse}, {@link #forfeit} and {@link #abort}.
 *
 * <p>A move that breaks a rule of shogi is refused; where the rule set says an illegal move loses
 * ({@link RuleSet#illegalMoveLoses()}, as in professional and computer play) it also ends the game as a loss
 * for the side that offered it ({@link MoveResult.Illegal#outcome()}). Malformed text, a move for the wrong
 * side or an old ply, and any move after the end are only refused.
 *
 * <p>For a server: {@link #play(Color, String, int)} checks the side and the ply of a move as well;
 * {@link #restore} rebuilds a stored game; {@link #dests()} gives a board its legal destinations and
 * {@link #declarationVerdict()} the impasse counts. The moves are kept once, in the position's move stack.
 * A {@code Game} belongs to one thread (a server gives each live game one writer).
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
    /** The current position; its move stack holds the moves of the game (the only copy). */
    private final Position pos;
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

    /**
     * Rebuilds a stored game, finished or running, from its start, rules, moves and outcome.
     *
     * <p>The moves are checked and played on the position, and no ending may come before the last of them;
     * nothing else happens per move. The outcome is taken as stored (a resignation, a time loss, a forfeit…
     * cannot be derived from the moves): it is not decided again. A running game (empty {@code outcome}) gets
     * the ending the board gives after its last move, if any, exactly as {@link #play} would have given it.
     * The start is accepted as leniently as {@link #ofRecord}, so every game any factory made can be restored.
     *
     * {@snippet :
     * Game g = Game.restore(Sfen.parse(row.startSfen()), RuleSet.named(row.rules()), row.usiMoves(), row.outcome());
     * }
     *
     * @param start the start position
     * @param rules the rule set the game is played under
     * @param usiMoves the moves played, in USI
     * @param outcome the stored ending, or empty for a game still running
     * @return the game, at the position after the last move
     * @throws IllegalArgumentException if a move is malformed or illegal, or the board ends the game before the
     *     last move, naming the ply and the move
     * @throws dev.meijin.core.position.IllegalPositionException if the start is not a usable position
     */
    public static Game restore(Setup start, RuleSet rules, List<String> usiMoves, Optional<Outcome> outcome) {
        Game g = ofRecord(start, rules);
        int n = usiMoves.size();
        for (int i = 0; i < n; i++) {
            String usi = usiMoves.get(i);
            if (g.outcome != null) {
                throw new IllegalArgumentException("cannot restore: the game ended at ply " + i + " ("
                        + g.outcome.describe() + ") but move " + (i + 1) + " " + usi + " follows");
            }
            int m;
            try {
                m = Usi.parseMove(g.pos, usi);
            } catch (UsiMoveException e) {
                throw new IllegalArgumentException("cannot restore: move " + (i + 1) + ": " + e.getMessage(), e);
            }
            int mover = g.pos.sideToMove();
            g.pos.doMove(m);
            g.outcome = g.judge(mover, m);
        }
        if (outcome.isPresent()) {
            g.outcome = outcome.get();
        }
        return g;
    }

    /**
     * Points of the pieces of a full set that are in nobody's possession (a handicap's removed pieces): the
     * impasse credit of the handicap giver under {@link RuleSet#handicapCompensation()}. Captures do not change
     * it, so any position of a game gives the same figure as its start.
     */
    public static int missingPoints(Setup s) {
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

    /** The start position. */
    public Setup start() {
        return start;
    }

    /** The rule set the game is played under. */
    public RuleSet rules() {
        return rules;
    }

    /** A copy of the current position, with the game's moves on its move stack. */
    public Position position() {
        return pos.copy();
    }

    /** The SFEN of the current position. */
    public String sfen() {
        return Sfen.format(pos);
    }

    /** The side to move. */
    public Color turn() {
        return pos.turn();
    }

    /** Number of moves played: also the ply the next move must carry in {@link #play(String, int)}. */
    public int plies() {
        return pos.plies();
    }

    /** The int moves played, in order. */
    public int[] moves() {
        int n = pos.plies();
        int[] out = new int[n];
        for (int i = 0; i < n; i++) {
            out[i] = pos.moveAt(i);
        }
        return out;
    }

    /** The int move played at ply {@code i + 1} ({@code 0 ≤ i < plies()}). */
    public int moveAt(int i) {
        if (i < 0 || i >= pos.plies()) {
            throw new IndexOutOfBoundsException("move index " + i + " outside 0.." + (pos.plies() - 1));
        }
        return pos.moveAt(i);
    }

    /** The moves played, as USI text. */
    public List<String> usiMoves() {
        int n = pos.plies();
        List<String> out = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            out.add(Move.usi(pos.moveAt(i)));
        }
        return out;
    }

    /** The ending, once there is one. */
    public Optional<Outcome> outcome() {
        return Optional.ofNullable(outcome);
    }

    /** Whether the game has ended (aborted included). */
    public boolean isOver() {
        return outcome != null;
    }

    /** How many times the current position (board, hands, side to move) has occurred, this time included. */
    public int repetitions() {
        return pos.occurrences();
    }

    /** The impasse count of a side in the current position (with any handicap credit). */
    public ImpasseCount impasseCount(Color color) {
        return ImpasseCount.of(pos, color, credit[color.index()]);
    }

    /**
     * The legal destinations and drops of the side to move, and the king in check, for a board; nothing to
     * move once the game is over.
     */
    public LegalDests dests() {
        if (outcome != null) {
            int king = pos.kingSquare(pos.sideToMove());
            return new LegalDests(pos.turn(), java.util.Map.of(), java.util.Map.of(),
                    pos.inCheck() && king != Position.NO_SQUARE ? Optional.of(Square.name(king)) : Optional.empty());
        }
        return LegalDests.of(pos);
    }

    // ------------------------------------------------------------------ moves

    /**
     * Plays a USI move ({@code 7g7f}, {@code 8h2b+}, {@code P*5e}) for the side to move.
     *
     * @return {@link MoveResult.Applied}, or {@link MoveResult.Illegal} with the reason (see the class comment
     *     for when an illegal move loses)
     */
    public MoveResult play(String usi) {
        if (outcome != null) {
            return gameOver();
        }
        int m;
        try {
            m = Usi.parseMove(pos, usi);
        } catch (UsiMoveException e) {
            return illegal(Refusals.of(pos, usi, e), e.getMessage());
        }
        return apply(m);
    }

    /**
     * Plays a USI move sent for ply {@code expectedPly}: the number of moves played before it (0 for the first
     * move, {@link #plies()} when the sender is up to date). A move for another ply is refused with
     * {@link IllegalMoveReason#STALE_PLY} and changes nothing: the sender saw an older (or newer) game and must
     * resynchronise. A replayed message is refused the same way.
     *
     * {@snippet :
     * MoveResult r = game.play("7g7f", 0);   // Applied
     * MoveResult again = game.play("7g7f", 0); // Illegal(STALE_PLY, "move 7g7f was sent for ply 0, but 1 moves have been played")
     * }
     */
    public MoveResult play(String usi, int expectedPly) {
        if (outcome != null) {
            return gameOver();
        }
        if (expectedPly != pos.plies()) {
            return illegal(IllegalMoveReason.STALE_PLY, "move " + usi + " was sent for ply " + expectedPly + ", but "
                    + pos.plies() + " moves have been played");
        }
        return play(usi);
    }

    /**
     * Plays a USI move by {@code player} sent for ply {@code expectedPly}, as a server receives it: refused with
     * {@link IllegalMoveReason#GAME_OVER} after the end, {@link IllegalMoveReason#NOT_YOUR_TURN} when the other side
     * is to move, {@link IllegalMoveReason#STALE_PLY} for another ply (in this order), and otherwise as
     * {@link #play(String)}.
     */
    public MoveResult play(Color player, String usi, int expectedPly) {
        if (outcome != null) {
            return gameOver();
        }
        if (player != pos.turn()) {
            return illegal(IllegalMoveReason.NOT_YOUR_TURN, "it is " + pos.turn() + "'s turn, not " + player + "'s");
        }
        return play(usi, expectedPly);
    }

    /** Plays a move given as an API value, for the side to move. */
    public MoveResult play(MoveOrDrop move) {
        if (outcome != null) {
            return gameOver();
        }
        int m = pos.encode(move);
        if (m == Move.NONE) {
            return refuse(move);
        }
        return apply(m);
    }

    /** Plays an int move (its piece bits must match the position). */
    public MoveResult play(int move) {
        if (outcome != null) {
            return gameOver();
        }
        if (!Move.isReal(move)) {
            return illegal(IllegalMoveReason.MALFORMED, "not a move: " + move);
        }
        if (!pos.isLegal(move)) {
            MoveOrDrop mv = Move.toRecord(move);
            // An int whose piece bits do not match the board is refused like its API value.
            int asPlayed = pos.encode(mv);
            return asPlayed == Move.NONE ? refuse(mv)
                    : illegal(IllegalMoveReason.NO_SUCH_PIECE, "illegal move " + Move.usi(move) + " in " + sfen()
                            + ": the piece bits do not match the piece on " + Square.name(Move.from(move)));
        }
        return apply(move);
    }

    /** Refuses a move the position does not take, with the reason and the USI parser's message. */
    private MoveResult refuse(MoveOrDrop mv) {
        try {
            Usi.parseMove(pos, mv.usi());
        } catch (UsiMoveException e) {
            return illegal(Refusals.of(pos, mv), e.getMessage());
        }
        throw new IllegalStateException("the position refused " + mv.usi() + " but the USI parser took it in " + sfen());
    }

    private MoveResult gameOver() {
        return new MoveResult.Illegal(IllegalMoveReason.GAME_OVER, "the game is over: " + outcome.describe(), Optional.empty());
    }

    /** A refusal; where the rules make it lose and it breaks a rule of shogi, the game ends with it. */
    private MoveResult illegal(IllegalMoveReason reason, String message) {
        if (rules.illegalMoveLoses() && Refusals.breaksARule(reason)) {
            return new MoveResult.Illegal(reason, message, Optional.of(illegalMove(pos.turn(), message)));
        }
        return new MoveResult.Illegal(reason, message, Optional.empty());
    }

    private MoveResult apply(int m) {
        int mover = pos.sideToMove();
        pos.doMove(m);
        outcome = judge(mover, m);
        return new MoveResult.Applied(m, Optional.ofNullable(outcome));
    }

    /** The ending the board gives after {@code mover} played {@code m}, or null. */
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
        if (rules.maxMoves() > 0 && pos.plies() >= rules.maxMoves()) {
            return new Outcome.Draw(Ending.MOVE_LIMIT, rules.maxMoves() + " moves");
        }
        return null;
    }

    /** Occurrences of the same position, hands and side to move that make a sennichite (the JSA rule). */
    static final int SENNICHITE_OCCURRENCES = 4;

    /**
     * Sennichite: the fourth occurrence is a draw, unless one side checked with every move since the first,
     * which loses. The rule is {@link Position#sennichite(int)}, the same code search asks.
     */
    private Outcome repetitionOutcome() {
        RepetitionState state = pos.sennichite(SENNICHITE_OCCURRENCES);
        if (state == RepetitionState.NONE) {
            return null;
        }
        int first = pos.repetitionStart(SENNICHITE_OCCURRENCES);
        return switch (state) {
            // From the side to move's point of view: LOSE, it checked with every move; WIN, the opponent did.
            case LOSE, WIN -> {
                Color checker = state == RepetitionState.LOSE ? pos.turn() : pos.turn().opposite();
                yield new Outcome.Win(checker.opposite(), Ending.PERPETUAL_CHECK, checker.englishName() + " checked with every move since ply " + first);
            }
            case DRAW -> new Outcome.Draw(Ending.REPETITION, "fourfold repetition since ply " + first);
            case NONE, SUPERIOR, INFERIOR -> throw new IllegalStateException("sennichite gave " + state);
        };
    }

    // ------------------------------------------------------------------ endings from outside the board

    /**
     * The side resigns (either side may, at any time).
     *
     * @throws IllegalStateException if the game is already over
     */
    public Outcome resign(Color loser) {
        return finish(new Outcome.Win(loser.opposite(), Ending.RESIGNATION, ""));
    }

    /**
     * The side ran out of time.
     *
     * @throws IllegalStateException if the game is already over
     */
    public Outcome timeLoss(Color loser) {
        return finish(new Outcome.Win(loser.opposite(), Ending.TIME_LOSS, ""));
    }

    /**
     * The side made an illegal move that an arbiter or a record says loses; {@code reason} says what it was.
     * {@link #play} calls it itself where {@link RuleSet#illegalMoveLoses()}.
     *
     * @throws IllegalStateException if the game is already over
     */
    public Outcome illegalMove(Color offender, String reason) {
        return finish(new Outcome.Win(offender.opposite(), Ending.ILLEGAL_MOVE, reason));
    }

    /**
     * A player left the game and the opponent claims the win (不戦勝 for the opponent, 不戦敗 for the one who
     * left). When a claim is allowed (how long the player has been gone) is the server's decision.
     *
     * @param leaver the side that left
     * @throws IllegalStateException if the game is already over
     */
    public Outcome forfeit(Color leaver) {
        return finish(new Outcome.Win(leaver.opposite(), Ending.FORFEIT, leaver.englishName() + " left the game"));
    }

    /**
     * Whether the game may still be aborted: it is running and not both sides have made their first move
     * (fewer than two moves played).
     */
    public boolean canAbort() {
        return outcome == null && pos.plies() < 2;
    }

    /**
     * Calls the game off before each side has made its first move: no result ({@link Outcome.Aborted}); a record
     * of it ends with 中断.
     *
     * @param detail who or what called it off, for people (may be empty)
     * @throws IllegalStateException if the game is over or both sides have already moved
     */
    public Outcome abort(String detail) {
        if (outcome == null && !canAbort()) {
            throw new IllegalStateException("a game can be aborted only before each side's first move; "
                    + pos.plies() + " moves have been played");
        }
        return finish(new Outcome.Aborted(detail));
    }

    private Outcome finish(Outcome o) {
        if (outcome != null) {
            throw new IllegalStateException("the game is already over: " + outcome.describe());
        }
        outcome = o;
        return o;
    }

    // ------------------------------------------------------------------ impasse

    /**
     * The verdict on a declaration by the side to move now, with both sides' live counts (for a board, also
     * while the rule set has no declaration: the verdict then says so). Judged by {@link Declaration#judge}.
     */
    public Declaration.Verdict declarationVerdict() {
        return Declaration.judge(rules.impasse(), pos.turn(), impasseCount(Color.SENTE), impasseCount(Color.GOTE));
    }

    /**
     * Why a declaration by the side to move would fail now under the rule set's declaration rule (king not
     * entered, too few pieces in the enemy camp, in check, too few points), or empty if it would stand. The
     * same verdict as {@link #declarationVerdict()}, as text.
     *
     * @throws IllegalStateException if the rule set has no impasse declaration
     */
    public Optional<String> declarationFailure() {
        Declaration.Verdict v = declarationVerdict();
        if (v.reason() == Declaration.Reason.NO_DECLARATION_RULE) {
            throw new IllegalStateException(v.message());
        }
        return v.stands() ? Optional.empty() : Optional.of(v.message());
    }

    /**
     * The side to move declares an impasse win under the rule set's declaration rule. A valid declaration
     * ends the game as the rule says (a win, or a draw under the 24-point rule with 24 to 30 points); a
     * declaration that fails its conditions is an illegal move and loses, whatever
     * {@link RuleSet#illegalMoveLoses()} says (the declarer chose to end the game; a front end that would rather
     * refuse it asks {@link #declarationVerdict()} first).
     *
     * @throws IllegalStateException if the game is over or the rule set has no declaration rule
     */
    public Outcome declare() {
        if (outcome != null) {
            throw new IllegalStateException("the game is already over: " + outcome.describe());
        }
        Declaration.Verdict v = declarationVerdict();
        return finish(v.outcome().orElseThrow(() -> new IllegalStateException(v.message())));
    }

    /** The points (of all pieces, on the board and in hand) a side needs not to lose an agreed impasse. */
    public static final int IMPASSE_AGREEMENT_POINTS = 24;

    /**
     * Whether the players may agree to an impasse now (JSA 24-point rule): the game goes on under
     * {@code AGREEMENT_24} and both kings have entered the enemy camp.
     */
    public boolean canAgreeImpasse() {
        return outcome == null && rules.impasse() == RuleSet.Impasse.AGREEMENT_24 && impasseCount(Color.SENTE).kingInZone()
                && impasseCount(Color.GOTE).kingInZone();
    }

    /**
     * Both players agree to an impasse (JSA 24-point rule): both kings must have entered the enemy camp;
     * a side with fewer than {@value #IMPASSE_AGREEMENT_POINTS} points loses, otherwise the game is a draw.
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
        if (!canAgreeImpasse()) {
            throw new IllegalStateException("an impasse needs both kings in the enemy camp");
        }
        ImpasseCount s = impasseCount(Color.SENTE), g = impasseCount(Color.GOTE);
        String pts = "sente " + s.totalPoints() + ", gote " + g.totalPoints() + " points";
        if (s.totalPoints() < IMPASSE_AGREEMENT_POINTS) {
            return finish(new Outcome.Win(Color.GOTE, Ending.IMPASSE, pts));
        }
        if (g.totalPoints() < IMPASSE_AGREEMENT_POINTS) {
            return finish(new Outcome.Win(Color.SENTE, Ending.IMPASSE, pts));
        }
        return finish(new Outcome.Draw(Ending.IMPASSE, pts));
    }

    // ------------------------------------------------------------------ takebacks

    /** Whether the last move may be taken back now. */
    public boolean canTakeBack() {
        return rules.takebacks() && outcome == null && pos.plies() > 0;
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
        if (pos.plies() == 0) {
            throw new IllegalStateException("no move to take back");
        }
        pos.undoMove();
    }
}
