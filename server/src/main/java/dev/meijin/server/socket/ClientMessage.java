package dev.meijin.server.socket;

import dev.meijin.server.round.ErrorCode;
import dev.meijin.server.round.PlayerAction;
import dev.meijin.server.round.RefusedException;
import java.util.Iterator;
import java.util.OptionalLong;
import java.util.Set;
import tools.jackson.core.JacksonException;
import tools.jackson.core.exc.StreamConstraintsException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;

/**
 * What a client sends on a game socket, one record per message type (docs/PROTOCOL.md, section 4). Parsing
 * is strict: the type must be known, every field present with the right type, and no other field.
 */
public sealed interface ClientMessage {

    /**
     * A move in USI, played in the position after {@code ply} moves, with the player's own thinking time for
     * it in milliseconds when the client measured it.
     */
    record Move(String usi, int ply, OptionalLong ms) implements ClientMessage {}

    /** An action without arguments. */
    record Act(PlayerAction action) implements ClientMessage {}

    /** A keep-alive. */
    record Ping(long n) implements ClientMessage {}

    /**
     * Parses one message.
     *
     * @throws RefusedException with {@code bad_json}, {@code unknown_type} or {@code bad_field}
     */
    static ClientMessage parse(ObjectMapper json, String text) {
        JsonNode node;
        try {
            node = json.readTree(text);
        } catch (StreamConstraintsException e) {
            throw new RefusedException(ErrorCode.BAD_JSON, "the message " + e.getOriginalMessage()); // Json's limits, in plain words
        } catch (JacksonException e) {
            throw new RefusedException(ErrorCode.BAD_JSON, "not valid JSON: " + e.getOriginalMessage());
        }
        if (node == null || !node.isObject()) {
            throw new RefusedException(ErrorCode.BAD_JSON, "a message must be a JSON object with a type field \"t\"");
        }
        JsonNode t = node.get("t");
        if (t == null || !t.isString()) {
            throw new RefusedException(ErrorCode.UNKNOWN_TYPE, "the message has no type field \"t\"");
        }
        String type = t.asString();
        return switch (type) {
            case "move" -> {
                only(node, type, Set.of("t", "usi", "ply", "ms"));
                JsonNode usi = node.get("usi");
                if (usi == null || !usi.isString() || usi.asString().isEmpty() || usi.asString().length() > 8) {
                    throw new RefusedException(ErrorCode.BAD_FIELD, "move: \"usi\" must be a USI move such as \"7g7f\", \"8h2b+\" or \"P*5e\"");
                }
                String plyRule = "move: \"ply\" must be the number of moves played so far (an integer ≥ 0)";
                long ply = integer(node, "ply", 0, Integer.MAX_VALUE, plyRule)
                        .orElseThrow(() -> new RefusedException(ErrorCode.BAD_FIELD, plyRule));
                OptionalLong ms = integer(node, "ms", 0, Long.MAX_VALUE,
                        "move: \"ms\" must be the thinking time for the move in milliseconds (an integer ≥ 0)");
                yield new Move(usi.asString(), (int) ply, ms);
            }
            case "ping" -> {
                only(node, type, Set.of("t", "n"));
                OptionalLong n = integer(node, "n", Long.MIN_VALUE, Long.MAX_VALUE,
                        "ping: \"n\" must be an integer from " + Long.MIN_VALUE + " to " + Long.MAX_VALUE);
                yield new Ping(n.orElse(0));
            }
            case "resign" -> act(node, type, PlayerAction.RESIGN);
            case "declare" -> act(node, type, PlayerAction.DECLARE);
            case "takebackOffer" -> act(node, type, PlayerAction.TAKEBACK_OFFER);
            case "takebackAccept" -> act(node, type, PlayerAction.TAKEBACK_ACCEPT);
            case "takebackDecline" -> act(node, type, PlayerAction.TAKEBACK_DECLINE);
            case "impasseOffer" -> act(node, type, PlayerAction.IMPASSE_OFFER);
            case "impasseAccept" -> act(node, type, PlayerAction.IMPASSE_ACCEPT);
            case "impasseDecline" -> act(node, type, PlayerAction.IMPASSE_DECLINE);
            case "claimWin" -> act(node, type, PlayerAction.CLAIM_WIN);
            case "abort" -> act(node, type, PlayerAction.ABORT);
            default -> throw new RefusedException(ErrorCode.UNKNOWN_TYPE, "unknown message type \"" + clip(type) + "\" (move, resign, declare,"
                    + " takebackOffer, takebackAccept, takebackDecline, impasseOffer, impasseAccept, impasseDecline, claimWin, abort, ping)");
        };
    }

    /**
     * An integer field from {@code min} to {@code max}, or empty when the message has no such field. Anything
     * else in it (null, a string, a fraction, a number out of the range however large) is refused with
     * {@code bad_field} and {@code rule}. Every number of every message is read here.
     */
    private static OptionalLong integer(JsonNode node, String field, long min, long max, String rule) {
        JsonNode v = node.get(field);
        if (v == null) {
            return OptionalLong.empty();
        }
        if (!v.isIntegralNumber() || !v.canConvertToLong() || v.longValue() < min || v.longValue() > max) {
            throw new RefusedException(ErrorCode.BAD_FIELD, rule);
        }
        return OptionalLong.of(v.longValue());
    }

    private static Act act(JsonNode node, String type, PlayerAction a) {
        only(node, type, Set.of("t"));
        return new Act(a);
    }

    private static void only(JsonNode node, String type, Set<String> allowed) {
        Iterator<String> names = node.propertyNames().iterator();
        while (names.hasNext()) {
            String f = names.next();
            if (!allowed.contains(f)) {
                throw new RefusedException(ErrorCode.BAD_FIELD, type + ": unknown field \"" + clip(f) + "\"");
            }
        }
    }

    private static String clip(String s) {
        return s.length() > 40 ? s.substring(0, 40) + "…" : s;
    }
}
