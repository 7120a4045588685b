package dev.meijin.server.app;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.net.http.HttpRequest;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/** Every kind of bad request gets its own error, goes only to the sender, and changes nothing. */
class BadRequestTest {
    @TempDir
    Path dir;
    Harness h;
    Harness.Seat[] s;
    Harness.Ws sente;
    Harness.Ws gote;

    @BeforeEach
    void start() {
        h = new Harness(dir);
        s = h.pair("{\"side\":\"sente\",\"timeControl\":{\"mainSeconds\":600}}");
        sente = h.connect(s[0].gameId(), s[0].secret());
        gote = h.connect(s[1].gameId(), s[1].secret());
        sente.next("state");
        gote.next("state");
    }

    @AfterEach
    void stop() {
        h.close();
    }

    /** After the refusals, the game still goes on from where it was. */
    private void gameGoesOn(int ply, String usi) {
        (ply % 2 == 0 ? sente : gote).move(usi, ply);
        assertThat(sente.next("move").get("ply").asInt()).isEqualTo(ply + 1);
        assertThat(gote.next("move").get("ply").asInt()).isEqualTo(ply + 1);
    }

    @Test
    void illegalMovesNameTheRule() {
        String start = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1";
        sente.move("7g7e", 0);
        JsonNode e = sente.error("illegal_move");
        assertThat(e.get("message").asString()).isEqualTo("illegal move 7g7e in " + start + ": a pawn on 7g cannot move to 7e");
        assertThat(e.get("reason").asString()).isEqualTo("CANNOT_REACH");
        sente.move("P*5e", 0);
        e = sente.error("illegal_move");
        assertThat(e.get("message").asString()).isEqualTo("illegal move P*5e in " + start + ": no pawn in hand");
        assertThat(e.get("reason").asString()).isEqualTo("NOT_IN_HAND");
        sente.move("zz", 0);
        e = sente.error("illegal_move");
        assertThat(e.get("message").asString())
                .isEqualTo("malformed USI move \"zz\": expected from-square, to-square and an optional '+', or a drop such as P*5e");
        assertThat(e.get("reason").asString()).isEqualTo("MALFORMED");
        gameGoesOn(0, "7g7f");
    }

    @Test
    void notYourTurnAndStalePly() {
        gote.move("3c3d", 0);
        JsonNode e = gote.error("not_your_turn");
        assertThat(e.get("message").asString()).contains("SENTE's turn");
        assertThat(e.get("reason").isNull()).as("a reason only for an illegal move").isTrue();
        sente.move("7g7f", 1);
        assertThat(sente.error("stale_ply").get("message").asString()).contains("ply 1").contains("0 moves have been played");
        gameGoesOn(0, "7g7f");
        // the same move sent again (a double click, a resend after reconnect) is stale
        sente.move("7g7f", 0);
        sente.error("not_your_turn");
        gote.move("3c3d", 0);
        gote.error("stale_ply");
        gameGoesOn(1, "3c3d");
    }

    @Test
    void malformedMessages() {
        sente.send("{nope");
        assertThat(sente.error("bad_json").get("message").asString()).startsWith("not valid JSON");
        sente.send("[1,2]");
        assertThat(sente.error("bad_json").get("message").asString()).isEqualTo("a message must be a JSON object with a type field \"t\"");
        sente.send("{\"t\":\"fly\"}");
        assertThat(sente.error("unknown_type").get("message").asString()).isEqualTo("unknown message type \"fly\" (move, resign, declare,"
                + " takebackOffer, takebackAccept, takebackDecline, impasseOffer, impasseAccept, impasseDecline, claimWin, abort, ping)");
        sente.send("{\"usi\":\"7g7f\"}");
        assertThat(sente.error("unknown_type").get("message").asString()).isEqualTo("the message has no type field \"t\"");
        String ply = "move: \"ply\" must be the number of moves played so far (an integer ≥ 0)";
        sente.send("{\"t\":\"move\",\"usi\":\"7g7f\"}");
        assertThat(sente.error("bad_field").get("message").asString()).isEqualTo(ply);
        sente.send("{\"t\":\"move\",\"usi\":\"7g7f\",\"ply\":\"0\"}");
        assertThat(sente.error("bad_field").get("message").asString()).isEqualTo(ply);
        sente.send("{\"t\":\"move\",\"usi\":\"7g7f\",\"ply\":0,\"extra\":1}");
        assertThat(sente.error("bad_field").get("message").asString()).isEqualTo("move: unknown field \"extra\"");
        sente.send("{\"t\":\"resign\",\"now\":true}");
        assertThat(sente.error("bad_field").get("message").asString()).isEqualTo("resign: unknown field \"now\"");
        gameGoesOn(0, "7g7f");
    }

    @Test
    void numbersOutOfRangeInEveryFieldAreRefusedAndTheConnectionKept() {
        String huge = "99999999999999999999";
        String n = "ping: \"n\" must be an integer from -9223372036854775808 to 9223372036854775807";
        for (String bad : List.of(huge, "-" + huge, "9223372036854775808", "1.5", "1e3", "\"7\"", "null", "true")) {
            sente.send("{\"t\":\"ping\",\"n\":" + bad + "}");
            assertThat(sente.error("bad_field").get("message").asString()).as(bad).isEqualTo(n);
        }
        String ply = "move: \"ply\" must be the number of moves played so far (an integer ≥ 0)";
        for (String bad : List.of(huge, "2147483648", "-1", "0.0", "null")) {
            sente.send("{\"t\":\"move\",\"usi\":\"7g7f\",\"ply\":" + bad + "}");
            assertThat(sente.error("bad_field").get("message").asString()).as(bad).isEqualTo(ply);
        }
        String ms = "move: \"ms\" must be the thinking time for the move in milliseconds (an integer ≥ 0)";
        for (String bad : List.of(huge, "9223372036854775808", "-1", "2.5", "null")) {
            sente.send("{\"t\":\"move\",\"usi\":\"7g7f\",\"ply\":0,\"ms\":" + bad + "}");
            assertThat(sente.error("bad_field").get("message").asString()).as(bad).isEqualTo(ms);
        }
        // the extremes of the range are answered, on the same connection
        sente.send("{\"t\":\"ping\",\"n\":9223372036854775807}");
        assertThat(sente.next("pong").get("n").asLong()).isEqualTo(Long.MAX_VALUE);
        sente.send("{\"t\":\"ping\",\"n\":-9223372036854775808}");
        assertThat(sente.next("pong").get("n").asLong()).isEqualTo(Long.MIN_VALUE);
        sente.send("{\"t\":\"ping\"}");
        assertThat(sente.next("pong").get("n").asLong()).isZero();
        sente.send("{\"t\":\"move\",\"usi\":\"7g7f\",\"ply\":0,\"ms\":9223372036854775807}");
        assertThat(sente.next("move").get("ply").asInt()).isEqualTo(1);
        assertThat(gote.next("move").get("ply").asInt()).isEqualTo(1);
        gameGoesOn(1, "3c3d");
    }

    @Test
    void anOversizeMessageClosesOnlyThatConnection() {
        sente.send("{\"t\":\"ping\",\"pad\":\"" + "x".repeat(5000) + "\"}");
        assertThat(sente.error("too_large").get("message").asString()).contains("4096");
        assertThat(sente.awaitClosed()).isEqualTo(1009);
        Harness.Ws again = h.connect(s[0].gameId(), s[0].secret());
        again.next("state");
        again.move("7g7f", 0);
        assertThat(gote.next("move").get("ply").asInt()).isEqualTo(1);
    }

    @Test
    void tooManyMessagesAreDropped() {
        for (int i = 0; i < 80; i++) {
            sente.send("{\"t\":\"ping\",\"n\":" + i + "}");
        }
        JsonNode e = sente.error("rate_limited");
        assertThat(e.get("message").asString()).contains("20 a second");
    }

    @Test
    void spectatorsAndForeignSecretsCannotAct() {
        Harness.Ws watcher = h.connect(s[0].gameId(), null);
        assertThat(watcher.next("state").get("you").isNull()).isTrue();
        watcher.move("7g7f", 0);
        watcher.error("not_a_player");
        watcher.send("{\"t\":\"resign\"}");
        watcher.error("not_a_player");
        // a secret of another game makes its holder a spectator here
        Harness.Seat[] other = h.pair("{\"side\":\"sente\"}");
        Harness.Ws intruder = h.connect(s[0].gameId(), other[0].secret());
        assertThat(intruder.next("state").get("you").isNull()).isTrue();
        intruder.move("7g7f", 0);
        intruder.error("not_a_player");
        // gote acting for sente: it is not gote's move
        gote.move("7g7f", 0);
        gote.error("not_your_turn");
        // pings are answered for everyone
        watcher.send("{\"t\":\"ping\",\"n\":7}");
        assertThat(watcher.next("pong").get("n").asLong()).isEqualTo(7);
        gameGoesOn(0, "7g7f");
    }

    @Test
    void unknownGames() {
        Harness.Ws ws = h.connect("zzzzzzzz", null);
        ws.error("unknown_game");
        assertThat(ws.awaitClosed()).isEqualTo(4404);
        Harness.Answer a = h.get("/api/games/zzzzzzzz");
        assertThat(a.status()).isEqualTo(404);
        assertThat(a.body().get("error").get("code").asString()).isEqualTo("unknown_game");
        assertThat(h.get("/api/games/..%2F..%2Fetc/record").status()).isEqualTo(404);
        assertThat(h.post("/api/games/zzzzzzzz/join", "{}").status()).isEqualTo(404);
    }

    @Test
    void badHttpRequests() {
        Harness.Answer big = h.post("/api/games", "{\"name\":\"" + "x".repeat(5000) + "\"}");
        assertThat(big.status()).isEqualTo(413);
        assertThat(big.body().get("error").get("code").asString()).isEqualTo("too_large");
        Harness.Answer json = h.post("/api/games", "{\"name\":");
        assertThat(json.status()).isEqualTo(400);
        assertThat(json.body().get("error").get("code").asString()).isEqualTo("bad_json");
        badField(h.post("/api/games", "{\"handicap\":\"QUEEN\"}"), "unknown handicap \"QUEEN\" (EVEN, LANCE, BISHOP, ROOK, TWO_PIECE, …)");
        badField(h.post("/api/games", "{\"rules\":\"chess\"}"), "rules must be one of csa, amateur, try, casual, professional, not \"chess\"");
        badField(h.post("/api/games", "{\"timeControl\":{\"mainSeconds\":-5}}"), "timeControl.mainSeconds must be an integer from 0 to 36000");
        badField(h.post("/api/games", "{\"timeControl\":{\"mainSeconds\":0}}"),
                "timeControl needs main time, byoyomi or an increment (use null for no clock)");
        badField(h.post("/api/games", "{\"name\":\"a\\u0000b\"}"), "name must not contain control characters");
        assertThat(h.post("/api/games", "{\"opponent\":\"engine\"}").status()).isEqualTo(503);
        Harness.Answer full = h.post("/api/games/" + s[0].gameId() + "/join", "{\"name\":\"Late\"}");
        assertThat(full.status()).isEqualTo(409);
        assertThat(full.body().get("error").get("code").asString()).isEqualTo("seat_taken");
        badField(h.get("/api/games/" + s[0].gameId() + "/record?format=pdf"), "format must be kif, ki2, csa, jkf or sfen");
        badField(h.get("/api/games?limit=0"), "limit must be an integer from 1 to 200");
        // Integer.parseInt reads full-width digits: this was a limit of 10.
        badField(h.get("/api/games?limit=%EF%BC%91%EF%BC%90"), "limit must be an integer from 1 to 200");
        badField(h.get("/api/games?status=sleeping"), "status must be waiting, playing, finished or aborted");
        gameGoesOn(0, "7g7f");
    }

    private Harness.Answer request(String method, String path) {
        return h.send(HttpRequest.newBuilder(URI.create(h.base() + path)).method(method, HttpRequest.BodyPublishers.noBody()).build());
    }

    /** A JSON error with this status, code and message. */
    private static void refused(Harness.Answer a, int status, String code, String message) {
        assertThat(a.status()).as(a.text()).isEqualTo(status);
        assertThat(a.headers().firstValue("Content-Type")).as(a.text()).hasValueSatisfying(t -> assertThat(t).startsWith("application/json"));
        assertThat(a.errorCode()).isEqualTo(code);
        assertThat(a.errorMessage()).isEqualTo(message);
    }

    @Test
    void wrongMethodsAndUnknownPathsUnderTheApiGetJsonErrors() {
        String game = "/api/games/" + s[0].gameId();
        Object[][] wrongMethods = {
            {"DELETE", game, "GET"},
            {"PUT", "/api/games", "GET, POST"},
            {"OPTIONS", "/api/games", "GET, POST"},
            {"GET", "/api/mate", "POST"},
            {"GET", "/api/analyses", "POST"},
            {"PATCH", game + "/rematch", "POST, DELETE"},
            {"DELETE", "/api/health", "GET"},
        };
        for (Object[] w : wrongMethods) {
            Harness.Answer a = request((String) w[0], (String) w[1]);
            refused(a, 405, "method_not_allowed", w[0] + " is not allowed on " + w[1] + "; it takes " + w[2]);
            assertThat(a.headers().allValues("Allow")).as(w[0] + " " + w[1]).containsExactly((String) w[2]);
        }
        refused(h.get("/api/nothing"), 404, "unknown_route", "there is no endpoint GET /api/nothing");
        refused(h.get("/api"), 404, "unknown_route", "there is no endpoint GET /api");
        refused(h.post("/api/games/" + s[0].gameId() + "/moves", "{}"), 404, "unknown_route",
                "there is no endpoint POST /api/games/" + s[0].gameId() + "/moves");
        refused(request("DELETE", "/api/" + "x".repeat(100)), 404, "unknown_route", "there is no endpoint DELETE /api/" + "x".repeat(35) + "…");
        // the web client's pages and files are served as before
        Harness.Answer page = h.get("/game/" + s[0].gameId());
        assertThat(page.status()).isEqualTo(200);
        assertThat(page.headers().firstValue("Content-Type")).hasValue("text/html;charset=utf-8");
        assertThat(page.text()).startsWith("<!doctype html>");
        assertThat(h.get("/").status()).isEqualTo(200);
        Harness.Answer missing = h.get("/nothing.js");
        assertThat(missing.status()).isEqualTo(404);
        assertThat(missing.body()).as("not an API path: no JSON error").isNull();
        assertThat(missing.text()).as("not asked as a page: the plain answer").isEqualTo("Endpoint GET /nothing.js not found");
        // A browser that asks for a page that is not there gets a small page in the site's style, in both
        // languages, with a link back to the lobby; the API keeps its JSON errors whatever is asked for.
        String browserAccept = "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8";
        Harness.Answer notFound = h.send(HttpRequest.newBuilder(URI.create(h.base() + "/nosuchpage")).header("Accept", browserAccept).GET().build());
        assertThat(notFound.status()).isEqualTo(404);
        assertThat(notFound.headers().firstValue("Content-Type")).hasValue("text/html;charset=utf-8");
        assertThat(notFound.text()).startsWith("<!doctype html>")
                .contains("<title>ページが見つかりません Page not found | 名人 Meijin</title>")
                .contains("<link rel=\"stylesheet\" href=\"/css/app.css\">")
                .contains("<h1>ページが見つかりません <span class=\"muted\" lang=\"en\">Page not found</span></h1>")
                .contains("<p>このアドレスにはページがありません。<br><span lang=\"en\">There is no page at this address.</span></p>")
                .contains("<code id=\"path\">/nosuchpage</code>")
                .contains("<a class=\"button primary\" id=\"to-lobby\" href=\"/\">ロビーへ <span lang=\"en\">· To the lobby</span></a>");
        Harness.Answer odd = h.send(HttpRequest.newBuilder(URI.create(h.base() + "/a&b'c")).header("Accept", browserAccept).GET().build());
        assertThat(odd.status()).isEqualTo(404);
        assertThat(odd.text()).as("the address is escaped").contains("<code id=\"path\">/a&amp;b&#39;c</code>");
        refused(h.send(HttpRequest.newBuilder(URI.create(h.base() + "/api/nothing")).header("Accept", browserAccept).GET().build()), 404,
                "unknown_route", "there is no endpoint GET /api/nothing");
        Harness.Answer posted = h.post("/lobby", "");
        assertThat(posted.status()).as(posted.text()).isEqualTo(405);
        assertThat(posted.body()).as("not an API path: no JSON error").isNull();
        gameGoesOn(0, "7g7f");
    }

    /** A 400 refusal of a bad field, with this message. */
    private static void badField(Harness.Answer a, String message) {
        assertThat(a.status()).as(a.text()).isEqualTo(400);
        assertThat(a.errorCode()).isEqualTo("bad_field");
        assertThat(a.errorMessage()).isEqualTo(message);
    }

    @Test
    void anAddressThatCreatesGamesTooFastIsSlowedDown() {
        // the default allows 2 a second with bursts of 20; the requests above in this class used their own server
        int created = 0;
        Harness.Answer last = null;
        for (int i = 0; i < 40; i++) {
            last = h.post("/api/games", "{}");
            if (last.status() != 201) {
                break;
            }
            created++;
        }
        assertThat(created).as("the burst allowed before the limit").isBetween(17, 25);
        assertThat(last.status()).isEqualTo(429);
        assertThat(last.body().get("error").get("code").asString()).isEqualTo("rate_limited");
        assertThat(h.post("/api/games/" + s[0].gameId() + "/join", "{}").status()).as("joining counts too").isEqualTo(429);
        gameGoesOn(0, "7g7f");
    }
}
