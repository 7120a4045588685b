package dev.meijin.server.round;

import dev.meijin.core.Color;
import dev.meijin.core.Move;
import dev.meijin.core.game.Declaration;
import dev.meijin.core.game.Game;
import dev.meijin.core.game.Handicap;
import dev.meijin.core.game.ImpasseCount;
import dev.meijin.core.game.MoveResult;
import dev.meijin.core.game.Outcome;
import dev.meijin.core.game.RuleSet;
import dev.meijin.core.Square;
import dev.meijin.core.position.IllegalMoveReason;
import dev.meijin.core.position.Position;
import dev.meijin.core.position.Setup;
import dev.meijin.core.sfen.Sfen;
import dev.meijin.core.usi.Usi;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The one place the server calls into the rules core's {@link Game}: plays moves with the player and ply
 * checked, writes their notation, and reads what the board needs (destinations with the promotion choice,
 * drop squares, the checked king, the declaration verdicts). Every rule stays in the core; the round only
 * orchestrates.
 *
 * <p>An illegal move is refused and changes nothing, whatever the rule set says about illegal moves: the
 * board only offers legal moves, and a forged message must not end a game.
 */
final class GameAdapter {
    private final Game game;
    private final List<MoveView> moves;
    /**
     * The game's position kept alongside it, for writing each new move in notation from the position before it
     * without copying the game's position on every move.
     */
    private final Position shadow;

    private GameAdapter(Game game, List<MoveView> moves, Position shadow) {
        this.game = game;
        this.moves = moves;
        this.shadow = shadow;
    }

    /** The rule set a game is played under on this server. */
    static RuleSet rules(String name) {
        return RuleSet.named(name).withIllegalMoveLoses(false);
    }

    /** A new game from a handicap's start position under a named rule set. */
    static GameAdapter start(Handicap handicap, String rules) {
        Setup start = Sfen.parse(handicap.sfen());
        return new GameAdapter(Game.of(start, rules(rules)), new ArrayList<>(), Position.of(start));
    }

    /**
     * A game rebuilt from its stored moves and outcome ({@link Game#restore}).
     *
     * @throws IllegalArgumentException if a stored move is not legal (a corrupted record)
     */
    static GameAdapter restore(Handicap handicap, String rules, List<String> usiMoves, List<Long> timesMs, Optional<Outcome> outcome) {
        Setup start = Sfen.parse(handicap.sfen());
        Game g = Game.restore(start, rules(rules), usiMoves, outcome);
        List<MoveView> views = new ArrayList<>(usiMoves.size());
        Position pos = Position.of(start);
        for (int i = 0; i < usiMoves.size(); i++) {
            int m = Usi.parseMove(pos, usiMoves.get(i));
            views.add(MoveView.of(pos, m, i + 1, timesMs.get(i)));
            pos.doMove(m);
        }
        return new GameAdapter(g, views, pos);
    }

    /** What playing a move did. */
    sealed interface Played {
        /** Played; {@code outcome} is set when it ended the game. */
        record Applied(MoveView view, Optional<Outcome> outcome) implements Played {}

        /** Refused; nothing changed. {@code reason}: the rule an {@link ErrorCode#ILLEGAL_MOVE} breaks, else null. */
        record Refused(ErrorCode code, String message, IllegalMoveReason reason) implements Played {}
    }

    /** Plays a USI move by {@code player} in the position after {@code ply} moves ({@link Game#play(Color, String, int)}). */
    Played play(Color player, String usi, int ply, Long timeMs) {
        return switch (game.play(player, usi, ply)) {
            case MoveResult.Applied a -> {
                MoveView v = MoveView.of(shadow, a.move(), game.plies(), timeMs);
                shadow.doMove(a.move());
                moves.add(v);
                yield new Played.Applied(v, a.outcome());
            }
            case MoveResult.Illegal i -> switch (i.reason()) {
                case NOT_YOUR_TURN -> new Played.Refused(ErrorCode.NOT_YOUR_TURN, i.message(), null);
                case STALE_PLY -> new Played.Refused(ErrorCode.STALE_PLY, i.message(), null);
                case GAME_OVER -> new Played.Refused(ErrorCode.GAME_OVER, i.message(), null);
                default -> new Played.Refused(ErrorCode.ILLEGAL_MOVE, i.message(), i.reason());
            };
        };
    }

    /** Takes back the last {@code n} moves. */
    void takeBack(int n) {
        for (int i = 0; i < n; i++) {
            game.takeBack();
            shadow.undoMove();
            moves.removeLast();
        }
    }

    Game game() {
        return game;
    }

    List<MoveView> moves() {
        return List.copyOf(moves);
    }

    MoveView lastMoveView() {
        return moves.getLast();
    }

    int plies() {
        return game.plies();
    }

    Color turn() {
        return game.turn();
    }

    String sfen() {
        return game.sfen();
    }

    /** Whether the rule set has an impasse declaration the players can make. */
    boolean hasDeclaration() {
        return verdict(Color.SENTE).reason() != Declaration.Reason.NO_DECLARATION_RULE;
    }

    private Declaration.Verdict verdict(Color declarer) {
        return Declaration.judge(game.rules().impasse(), declarer, game.impasseCount(Color.SENTE), game.impasseCount(Color.GOTE));
    }

    /** Whether the rule set settles an impasse by the players' agreement (持将棋, professional rules). */
    boolean hasAgreement() {
        return game.rules().impasse() == RuleSet.Impasse.AGREEMENT_24;
    }

    /**
     * The live impasse counts with each side's verdict as if it declared now; under an agreement rule every
     * piece's points against the 24 needed; null without either rule. They are {@linkplain ImpasseView#relevant
     * relevant} once a king stands in the enemy camp or on the rank next to it.
     */
    ImpasseView impasse() {
        if (hasAgreement()) {
            boolean both = game.canAgreeImpasse();
            return ImpasseView.of(agreementSide(Color.SENTE, both), agreementSide(Color.GOTE, both));
        }
        if (!hasDeclaration()) {
            return null;
        }
        return ImpasseView.of(impasseSide(Color.SENTE), impasseSide(Color.GOTE));
    }

    private ImpasseView.Side agreementSide(Color c, boolean both) {
        ImpasseCount n = game.impasseCount(c);
        return new ImpasseView.Side(n.kingInZone(), kingNearZone(c), n.piecesInZone(), n.totalPoints(), Game.IMPASSE_AGREEMENT_POINTS,
                n.inCheck(), both);
    }

    private ImpasseView.Side impasseSide(Color c) {
        Declaration.Verdict v = verdict(c);
        ImpasseCount n = v.declarerCount();
        return new ImpasseView.Side(n.kingInZone(), kingNearZone(c), n.piecesInZone(), n.declarationPoints(), v.required(), n.inCheck(),
                v.stands());
    }

    /** Whether a side's king is in the enemy camp or on the rank next to it (the shadow is the game's position). */
    private boolean kingNearZone(Color c) {
        int k = shadow.kingSquare(c.index());
        return k != Position.NO_SQUARE && Square.relativeRank(c.index(), k) <= ImpasseView.NEAR_ZONE_RANK;
    }

    /** The side to move's destinations, drops and check ({@link Game#dests()}); no destinations once the game is over. */
    Targets targets() {
        return Targets.of(game.dests());
    }

    /** The last move as the board highlights it, or null before the first move. */
    LastMove lastMove() {
        if (game.plies() == 0) {
            return null;
        }
        return LastMove.of(game.moveAt(game.plies() - 1));
    }

    /** The initial SFEN. */
    String initialSfen() {
        return Sfen.format(game.start());
    }
}
