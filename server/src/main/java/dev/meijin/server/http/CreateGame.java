package dev.meijin.server.http;

import dev.meijin.core.game.Handicap;
import dev.meijin.core.game.TimeControl;
import dev.meijin.engine.Levels;
import dev.meijin.notation.kifu.Problem;
import dev.meijin.server.round.ErrorCode;
import dev.meijin.server.round.RefusedException;
import dev.meijin.server.round.Views;
import java.time.Duration;
import java.util.Iterator;
import java.util.Locale;
import java.util.Set;
import tools.jackson.databind.JsonNode;

/**
 * A request to create a game, read strictly from its JSON body (docs/PROTOCOL.md, CreateGame).
 *
 * @param name the creator's display name
 * @param engine whether the opponent is the engine
 * @param engineLevel the engine's level (1–8), or null
 * @param handicap the start position
 * @param side {@code sente}, {@code gote} or {@code random}
 * @param rules the rule-set name
 * @param timeControl the time control
 * @param lobby whether to post the game as a seek
 */
record CreateGame(String name, boolean engine, Integer engineLevel, Handicap handicap, String side, String rules, TimeControl timeControl,
        boolean lobby) {

    static final Set<String> RULES = Set.of("csa", "amateur", "try", "casual", "professional");
    private static final Set<String> FIELDS = Set.of("name", "opponent", "engineLevel", "handicap", "side", "rules", "timeControl", "lobby");
    private static final Set<String> TC_FIELDS = Set.of("mainSeconds", "byoyomiSeconds", "periods", "incrementSeconds");

    static CreateGame parse(JsonNode n) {
        if (n == null || !n.isObject()) {
            throw bad("the body must be a JSON object");
        }
        only(n, FIELDS, "");
        String name = name(n.get("name"));
        String opponent = string(n, "opponent", "human");
        if (!opponent.equals("human") && !opponent.equals("engine")) {
            throw bad("opponent must be \"human\" or \"engine\", not \"" + clip(opponent) + "\"");
        }
        boolean engine = opponent.equals("engine");
        Integer level = null;
        JsonNode lv = n.get("engineLevel");
        if (lv != null && !lv.isNull()) {
            if (!lv.isInt() || lv.asInt() < Levels.MIN || lv.asInt() > Levels.MAX) {
                throw bad("engineLevel must be an integer from " + Levels.MIN + " to " + Levels.MAX);
            }
            level = lv.asInt();
        }
        if (engine && level == null) {
            level = 1;
        }
        String h = string(n, "handicap", "EVEN");
        Handicap handicap = Handicap.byId(h.toUpperCase(Locale.ROOT)).orElseThrow(() -> bad("unknown handicap \"" + clip(h) + "\" (EVEN, LANCE, BISHOP, ROOK, TWO_PIECE, …)"));
        String side = string(n, "side", "random");
        if (!Set.of("sente", "gote", "random").contains(side)) {
            throw bad("side must be \"sente\", \"gote\" or \"random\", not \"" + clip(side) + "\"");
        }
        String rules = string(n, "rules", "csa");
        if (!RULES.contains(rules)) {
            throw bad("rules must be one of csa, amateur, try, casual, professional, not \"" + clip(rules) + "\"");
        }
        TimeControl tc = timeControl(n.get("timeControl"));
        JsonNode lb = n.get("lobby");
        if (lb != null && !lb.isNull() && !lb.isBoolean()) {
            throw bad("lobby must be true or false");
        }
        boolean lobby = lb != null && lb.asBoolean();
        if (lobby && engine) {
            throw bad("a game against the engine cannot be posted to the lobby");
        }
        return new CreateGame(name, engine, level, handicap, side, rules, tc, lobby);
    }

    /** A display name: 1–32 characters without control characters; {@link Views#ANONYMOUS} when absent. */
    static String name(JsonNode v) {
        if (v == null || v.isNull()) {
            return Views.ANONYMOUS;
        }
        if (!v.isString()) {
            throw bad("name must be a string");
        }
        String s = v.asString().strip();
        if (s.isEmpty() || s.length() > 32) {
            throw bad("name must have 1 to 32 characters");
        }
        if (s.chars().anyMatch(Character::isISOControl)) {
            throw bad("name must not contain control characters");
        }
        return s;
    }

    private static TimeControl timeControl(JsonNode t) {
        if (t == null || t.isNull()) {
            return TimeControl.UNLIMITED;
        }
        if (!t.isObject()) {
            throw bad("timeControl must be an object or null");
        }
        only(t, TC_FIELDS, "timeControl.");
        long main = seconds(t, "mainSeconds", 36000);
        long byo = seconds(t, "byoyomiSeconds", 600);
        long periods = seconds(t, "periods", 10);
        long inc = seconds(t, "incrementSeconds", 600);
        if (byo > 0 && periods == 0) {
            periods = 1;
        }
        if (byo == 0) {
            periods = 0;
        }
        if (main == 0 && byo == 0 && inc == 0) {
            throw bad("timeControl needs main time, byoyomi or an increment (use null for no clock)");
        }
        try {
            return new TimeControl(Duration.ofSeconds(main), Duration.ofSeconds(byo), (int) periods, Duration.ofSeconds(inc));
        } catch (IllegalArgumentException e) {
            throw bad("timeControl: " + e.getMessage());
        }
    }

    private static long seconds(JsonNode t, String f, int max) {
        JsonNode v = t.get(f);
        if (v == null || v.isNull()) {
            return 0;
        }
        if (!v.isInt() || v.asInt() < 0 || v.asInt() > max) {
            throw bad("timeControl." + f + " must be an integer from 0 to " + max);
        }
        return v.asInt();
    }

    private static String string(JsonNode n, String f, String dflt) {
        JsonNode v = n.get(f);
        if (v == null || v.isNull()) {
            return dflt;
        }
        if (!v.isString()) {
            throw bad(f + " must be a string");
        }
        return v.asString();
    }

    static void only(JsonNode n, Set<String> allowed, String prefix) {
        Iterator<String> it = n.propertyNames().iterator();
        while (it.hasNext()) {
            String f = it.next();
            if (!allowed.contains(f)) {
                throw bad("unknown field \"" + prefix + clip(f) + "\"");
            }
        }
    }

    /**
     * The text of a required field of a body that must be a JSON object with only the given fields.
     *
     * @param what what to say when the field is missing, empty or not a string
     */
    static String text(JsonNode body, Set<String> fields, String field, String what) {
        if (body == null || !body.isObject()) {
            throw bad("the body must be a JSON object");
        }
        only(body, fields, "");
        JsonNode v = body.get(field);
        if (v == null || !v.isString() || v.asString().isBlank()) {
            throw bad(what);
        }
        return v.asString();
    }

    static RefusedException bad(String message) {
        return new RefusedException(ErrorCode.BAD_FIELD, message);
    }

    /** A record or problem text refused for {@code problem}: the message is {@code prefix} and the problem in English. */
    static RefusedException bad(String prefix, Problem problem) {
        return new RefusedException(ErrorCode.BAD_FIELD, prefix + problem, problem);
    }

    static String clip(String s) {
        return s.length() > 40 ? s.substring(0, 40) + "…" : s;
    }
}
