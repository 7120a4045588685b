package dev.meijin.server.round;

import dev.meijin.core.Color;
import dev.meijin.core.Move;
import dev.meijin.core.Role;
import dev.meijin.core.Square;
import dev.meijin.core.game.Game;
import dev.meijin.core.game.Handicap;
import dev.meijin.core.game.ImpasseCount;
import dev.meijin.core.game.MoveResult;
import dev.meijin.core.game.Outcome;
import dev.meijin.core.game.RuleSet;
import dev.meijin.core.position.Position;
import dev.meijin.core.sfen.Sfen;
import dev.meijin.notation.move.JapaneseNotation;
import dev.meijin.notation.move.WesternNotation;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * The one place the server calls into the rules core's {@link Game}: plays moves with their ply checked,
 * writes their notation, and reads what the board needs (destinations with the promotion choice, drop
 * squares, the checked king, impasse counts). Everything here is rules; the round only orchestrates.
 */
final class GameAdapter {
    private final Game game;
    private final List<MoveView> moves = new ArrayList<>();

    private GameAdapter(Game game) {
        this.game = game;
    }

    /** A new game from a handicap's start position under a rule set. */
    static GameAdapter start(Handicap handicap, RuleSet rules) {
        return new GameAdapter(Game.of(Sfen.parse(handicap.sfen()), rules));
    }

    /**
     * A game rebuilt from its stored moves.
     *
     * @throws IllegalStateException if a stored move is not legal (a corrupted record)
     */
    static GameAdapter restore(Handicap handicap, RuleSet rules, List<String> usiMoves, List<Long> timesMs) {
        GameAdapter g = start(handicap, rules);
        for (int i = 0; i < usiMoves.size(); i++) {
            Played p = g.play(usiMoves.get(i), i);
            if (!(p instanceof Played.Applied a)) {
                throw new IllegalStateException("stored move " + (i + 1) + " " + usiMoves.get(i) + " is not legal: " + p);
            }
            g.setTime(i, timesMs.get(i));
        }
        return g;
    }

    /** What playing a move did. */
    sealed interface Played {
        /** Played; {@code outcome} is set when it ended the game. */
        record Applied(MoveView view, Optional<Outcome> outcome) implements Played {}

        /** Refused; nothing changed. */
        record Refused(ErrorCode code, String message) implements Played {}
    }

    /** Plays a USI move if {@code ply} is the current ply and the move is legal. */
    Played play(String usi, int ply) {
        if (game.isOver()) {
            return new Played.Refused(ErrorCode.GAME_OVER, "the game is over: " + game.outcome().orElseThrow().describe());
        }
        if (ply != game.plies()) {
            return new Played.Refused(ErrorCode.STALE_PLY, "move " + usi + " sent for ply " + ply + " but the game is at ply " + game.plies());
        }
        Position before = game.position();
        MoveResult r = game.play(usi);
        return switch (r) {
            case MoveResult.Applied a -> {
                int m = a.move();
                MoveView v = new MoveView(game.plies(), Move.usi(m), JapaneseNotation.formatKif(before, m),
                        JapaneseNotation.formatKi2(before, m, true), WesternNotation.formatHodges(before, m), null);
                moves.add(v);
                yield new Played.Applied(v, a.outcome());
            }
            case MoveResult.Illegal i -> new Played.Refused(ErrorCode.ILLEGAL_MOVE, i.reason());
            case MoveResult.Finished f -> new Played.Refused(ErrorCode.GAME_OVER, "the game is over: " + f.outcome().describe());
        };
    }

    /** Records the time used on move {@code index} (0-based). */
    void setTime(int index, Long timeMs) {
        MoveView v = moves.get(index);
        moves.set(index, new MoveView(v.ply(), v.usi(), v.kif(), v.ki2(), v.western(), timeMs));
    }

    /** Takes back the last {@code n} moves. */
    void takeBack(int n) {
        for (int i = 0; i < n; i++) {
            game.takeBack();
            moves.removeLast();
        }
    }

    Game game() {
        return game;
    }

    List<MoveView> moves() {
        return List.copyOf(moves);
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
        return switch (game.rules().impasse()) {
            case DECLARATION_27, DECLARATION_24 -> true;
            case NONE, AGREEMENT_24, TRY -> false;
        };
    }

    /** The declaration points a side needs under the rule set: 28 (sente) or 27 (gote) under the 27-point rule, 24 under the 24-point rule. */
    int declarationPointsNeeded(Color c) {
        return switch (game.rules().impasse()) {
            case DECLARATION_27 -> c == Color.SENTE ? 28 : 27;
            case DECLARATION_24 -> 24;
            case NONE, AGREEMENT_24, TRY -> 0;
        };
    }

    /** The live impasse counts, or null without a declaration rule. */
    ImpasseView impasse() {
        if (!hasDeclaration()) {
            return null;
        }
        return new ImpasseView(impasseSide(Color.SENTE), impasseSide(Color.GOTE));
    }

    private ImpasseView.Side impasseSide(Color c) {
        ImpasseCount n = game.impasseCount(c);
        int need = declarationPointsNeeded(c);
        boolean can = n.meetsDeclarationConditions() && n.declarationPoints() >= need;
        return new ImpasseView.Side(n.kingInZone(), n.piecesInZone(), n.declarationPoints(), need, n.inCheck(), can);
    }

    /**
     * What the board needs for the side to move, from one generation of its legal moves.
     *
     * @param dests each origin square's destinations with the promotion choice ({@code none}, {@code optional}, {@code forced})
     * @param dropDests each piece in hand (USI letter) with its drop squares
     * @param check the square of the side to move's king when in check, else null
     */
    record Targets(Map<String, Map<String, String>> dests, Map<String, List<String>> dropDests, String check) {}

    /** The side to move's destinations, drops and check; no destinations once the game is over. */
    Targets targets() {
        Position p = game.position();
        String check = p.inCheck() ? Square.name(p.kingSquare(p.sideToMove())) : null;
        Map<String, Map<String, String>> dests = new TreeMap<>();
        Map<String, List<String>> drops = new TreeMap<>();
        if (game.isOver()) {
            return new Targets(dests, drops, check);
        }
        // bit 1: a non-promoting move exists, bit 2: a promoting one
        Map<String, Map<String, Integer>> kinds = new LinkedHashMap<>();
        for (int m : p.legalMoves()) {
            if (Move.isDrop(m)) {
                drops.computeIfAbsent(String.valueOf(Role.of(Move.dropRole(m)).sfenLetter()), k -> new ArrayList<>()).add(Square.name(Move.to(m)));
            } else {
                kinds.computeIfAbsent(Square.name(Move.from(m)), k -> new TreeMap<>())
                        .merge(Square.name(Move.to(m)), Move.isPromotion(m) ? 2 : 1, (a, b) -> a | b);
            }
        }
        kinds.forEach((from, tos) -> {
            Map<String, String> choice = new TreeMap<>();
            tos.forEach((to, k) -> choice.put(to, switch (k) {
                case 1 -> "none";
                case 2 -> "forced";
                default -> "optional";
            }));
            dests.put(from, choice);
        });
        drops.values().forEach(l -> l.sort(null));
        return new Targets(dests, drops, check);
    }

    /** The last move as the board highlights it, or null before the first move. */
    LastMove lastMove() {
        if (moves.isEmpty()) {
            return null;
        }
        int m = game.moves()[game.plies() - 1];
        return new LastMove(Move.usi(m), Move.isDrop(m) ? null : Square.name(Move.from(m)), Square.name(Move.to(m)));
    }

    /** The initial SFEN. */
    String initialSfen() {
        return dev.meijin.core.position.Setups.sfen(game.start());
    }
}
