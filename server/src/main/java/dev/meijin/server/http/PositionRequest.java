package dev.meijin.server.http;

import dev.meijin.core.Move;
import dev.meijin.core.game.LegalDests;
import dev.meijin.core.position.IllegalMoveReason;
import dev.meijin.core.position.Position;
import dev.meijin.core.sfen.Sfen;
import dev.meijin.core.sfen.SfenException;
import dev.meijin.core.usi.Usi;
import dev.meijin.core.usi.UsiMoveException;
import dev.meijin.notation.kifu.Problem;
import dev.meijin.server.round.LastMove;
import dev.meijin.server.round.MoveView;
import dev.meijin.server.round.Targets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import tools.jackson.databind.JsonNode;

/**
 * A position sent to {@code POST /api/position}, read strictly from its JSON body (docs/PROTOCOL.md, section 2):
 * a start position and the moves played from it, each checked by the rules. The answer is what a board needs to
 * let the side to move play on (the client holds no rules), so that a page can let a player move in a position
 * of no game: the mate problem page's "solve it yourself".
 *
 * @param start the start position, read as leniently as mate problems need ({@link Sfen#problem})
 * @param moves the moves played from it, each legal
 */
record PositionRequest(Position start, List<Integer> moves) {
    /** The most moves a request may carry: more than the longest mate problem known (寿, 611 plies). */
    static final int MAX_MOVES = 1024;
    private static final Set<String> FIELDS = Set.of("sfen", "moves");

    static PositionRequest parse(JsonNode n) {
        String sfen = CreateGame.text(n, FIELDS, "sfen", "sfen must be the SFEN of the start position");
        Position start;
        try {
            start = Sfen.problem(sfen.strip().replaceFirst("^sfen\\s+", ""));
        } catch (SfenException e) {
            throw CreateGame.bad("sfen: ", Problem.ofSfen(0, e.index() >= 0 ? e.index() + 1 : 0, e.getMessage(), null, e));
        }
        JsonNode list = n.get("moves");
        List<Integer> moves = new ArrayList<>();
        if (list == null || list.isNull()) {
            return new PositionRequest(start, moves);
        }
        if (!list.isArray()) {
            throw CreateGame.bad("moves must be an array of USI moves");
        }
        if (list.size() > MAX_MOVES) {
            throw CreateGame.bad("moves: " + list.size() + " moves; at most " + MAX_MOVES + " are taken");
        }
        Position pos = start.copy();
        for (int i = 0; i < list.size(); i++) {
            JsonNode m = list.get(i);
            int ply = i + 1;
            if (!m.isString()) {
                throw CreateGame.bad("moves[" + i + "] must be a USI move in a string");
            }
            String usi = m.asString();
            int move;
            try {
                move = Usi.parseMove(pos, usi);
            } catch (UsiMoveException e) {
                boolean unreadable = e.reason() == IllegalMoveReason.MALFORMED;
                String text = usi.length() > 40 ? usi.substring(0, 39) + "…" : usi;
                throw CreateGame.bad("moves[" + i + "]: ", new Problem(unreadable ? Problem.Kind.UNREADABLE_MOVE : Problem.Kind.ILLEGAL_MOVE,
                        0, 0, ply, e.getMessage(), text, unreadable ? null : e.reason()));
            }
            moves.add(move);
            pos.doMove(move);
        }
        return new PositionRequest(start, moves);
    }

    /**
     * The answer: the position reached, its moves written out, the last move, and for the side to move its
     * destinations, drops and check, and whether it is checkmated.
     */
    Map<String, Object> view() {
        Position pos = start.copy();
        List<MoveView> written = new ArrayList<>(moves.size());
        for (int m : moves) {
            written.add(MoveView.of(pos, m, written.size() + 1, null));
            pos.doMove(m);
        }
        Targets t = Targets.of(LegalDests.of(pos));
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("initialSfen", Sfen.format(start));
        out.put("sfen", Sfen.format(pos));
        out.put("ply", moves.size());
        out.put("turn", pos.turn().name().toLowerCase(java.util.Locale.ROOT));
        out.put("moves", written);
        int last = moves.isEmpty() ? Move.NONE : moves.getLast();
        out.put("lastMove", last == Move.NONE ? null : LastMove.of(last));
        out.put("check", t.check());
        out.put("checkmate", pos.isCheckmate());
        out.put("dests", t.dests());
        out.put("dropDests", t.dropDests());
        return out;
    }
}
