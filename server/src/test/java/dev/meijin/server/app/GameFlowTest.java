package dev.meijin.server.app;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/** Whole games over real HTTP and WebSocket: create, join, watch, move, reconnect, finish and download. */
class GameFlowTest {
    /** The shortest mate from the start position: sente's pawn promotes on 2c in front of a boxed-in king. */
    static final List<String> QUICK_MATE = List.of("2g2f", "5a4b", "2f2e", "4b3b", "2e2d", "8b4b", "2d2c+");

    @TempDir
    Path dir;
    Harness h;

    @BeforeEach
    void start() {
        h = new Harness(dir);
    }

    @AfterEach
    void stop() {
        h.close();
    }

    @Test
    void aGameToCheckmateWithASpectatorAndARecord() {
        Harness.Seat[] s = h.pair("{\"name\":\"Taro\",\"side\":\"sente\",\"timeControl\":{\"mainSeconds\":600,\"byoyomiSeconds\":30}}");
        assertThat(s[0].color()).isEqualTo("sente");
        Harness.Ws sente = h.connect(s[0].gameId(), s[0].secret());
        Harness.Ws gote = h.connect(s[1].gameId(), s[1].secret());
        Harness.Ws watcher = h.connect(s[0].gameId(), null);
        JsonNode st = sente.next("state");
        assertThat(st.get("you").asString()).isEqualTo("sente");
        assertThat(st.get("status").asString()).isEqualTo("playing");
        assertThat(st.get("players").get("sente").get("name").asString()).isEqualTo("Taro");
        assertThat(st.get("dests").get("7g").get("7f").asString()).isEqualTo("none");
        assertThat(st.get("dests").size()).as("pieces that can move at the start").isEqualTo(17);
        assertThat(gote.next("state").get("you").asString()).isEqualTo("gote");
        assertThat(watcher.next("state").get("you").isNull()).isTrue();

        for (int i = 0; i < QUICK_MATE.size(); i++) {
            Harness.Ws mover = i % 2 == 0 ? sente : gote;
            mover.move(QUICK_MATE.get(i), i);
            for (Harness.Ws w : List.of(sente, gote, watcher)) {
                JsonNode m = w.next("move");
                assertThat(m.get("ply").asInt()).isEqualTo(i + 1);
                assertThat(m.get("move").get("usi").asString()).isEqualTo(QUICK_MATE.get(i));
            }
        }
        // the position before the mate: sente's pawn on 2d may promote on 2c or not
        JsonNode end = watcher.next("end");
        assertThat(end.get("outcome").get("winner").asString()).isEqualTo("sente");
        assertThat(end.get("outcome").get("reason").asString()).isEqualTo("CHECKMATE");
        assertThat(end.get("status").asString()).isEqualTo("finished");

        JsonNode after = h.get("/api/games/" + s[0].gameId()).body();
        assertThat(after.get("ply").asInt()).isEqualTo(7);
        assertThat(after.get("check").asString()).isEqualTo("3b");
        assertThat(after.get("dests").size()).isZero();
        assertThat(after.get("moves").get(6).get("kif").asString()).isEqualTo("２三歩成(24)");
        assertThat(after.get("moves").get(6).get("ki2").asString()).isEqualTo("▲２三歩成");
        assertThat(after.get("moves").get(0).get("timeMs").isIntegralNumber()).as("the first move's time, from the start of the game").isTrue();
        assertThat(after.get("moves").get(1).get("timeMs").isIntegralNumber()).isTrue();

        String kif = h.get("/api/games/" + s[0].gameId() + "/record?format=kif").text();
        assertThat(kif).contains("先手：Taro", "後手：Hanako", "手合割：平手", "２三歩成(24)", "詰み");
        String csa = h.get("/api/games/" + s[0].gameId() + "/record?format=csa").text();
        assertThat(csa).contains("+2423TO", "%TSUMI");
        JsonNode jkf = Harness.JSON.readTree(h.get("/api/games/" + s[0].gameId() + "/record?format=jkf").text());
        assertThat(jkf.get("initial").get("preset").asString()).isEqualTo("HIRATE");
        JsonNode jkfMoves = jkf.get("moves");
        // the first entry holds the start's comments, then one entry per move and one for 詰み
        assertThat(jkfMoves.size()).isEqualTo(1 + QUICK_MATE.size() + 1);
        assertThat(jkfMoves.valueStream().filter(m -> m.has("move")).count()).isEqualTo(QUICK_MATE.size());
        JsonNode mate = jkfMoves.get(QUICK_MATE.size()).get("move");
        assertThat(mate.get("piece").asString()).isEqualTo("FU");
        assertThat(mate.get("to").get("x").asInt()).isEqualTo(2);
        assertThat(mate.get("to").get("y").asInt()).isEqualTo(3);
        assertThat(mate.get("promote").asBoolean()).isTrue();
        assertThat(jkfMoves.get(QUICK_MATE.size() + 1).get("special").asString()).isEqualTo("TSUMI");
        assertThat(h.get("/api/games/" + s[0].gameId() + "/record?format=ki2").text()).contains("▲２三歩成");
        assertThat(h.get("/api/games?status=finished&player=Taro").body().get("games").get(0).get("id").asString()).isEqualTo(s[0].gameId());
    }

    @Test
    void aPlayerWithoutANameHasOneDefaultNameWhateverTheLanguageOfThePage() {
        Harness.Seat creator = h.create("{\"side\":\"sente\"}");
        Harness.Answer joined = h.post("/api/games/" + creator.gameId() + "/join", "{}");
        assertThat(joined.status()).as(joined.text()).isEqualTo(200);
        JsonNode players = h.get("/api/games/" + creator.gameId()).body().get("players");
        assertThat(players.get("sente").get("name").asString()).isEqualTo("Anonymous");
        assertThat(players.get("gote").get("name").asString()).isEqualTo("Anonymous");
        assertThat(h.get("/api/games/" + creator.gameId() + "/record?format=kif").text()).contains("先手：Anonymous\n", "後手：Anonymous\n");
        assertThat(h.get("/api/games/" + creator.gameId() + "/record?format=csa").text()).contains("N+Anonymous\n", "N-Anonymous\n");

        // Pages in Japanese used to send 名無し for a player who gave no name: such a game is the same default player's.
        Harness.Seat older = h.create("{\"name\":\"名無し\",\"side\":\"gote\"}");
        assertThat(h.get("/api/games/" + older.gameId()).body().get("players").get("gote").get("name").asString()).isEqualTo("Anonymous");
        assertThat(h.get("/api/games/" + older.gameId() + "/record?format=kif").text()).contains("後手：Anonymous\n");
        JsonNode waiting = h.get("/api/games?status=waiting").body().get("games");
        assertThat(waiting.size()).isEqualTo(1);
        assertThat(waiting.get(0).get("gote").asString()).isEqualTo("Anonymous");
        assertThat(waiting.get(0).get("sente").isNull()).as("the free seat").isTrue();
        for (String name : List.of("Anonymous", "名無し")) {
            JsonNode games = h.get("/api/games?player=" + java.net.URLEncoder.encode(name, java.nio.charset.StandardCharsets.UTF_8)).body().get("games");
            assertThat(Harness.strings(games, "id")).as("the games of %s, newest first", name).containsExactly(older.gameId(), creator.gameId());
        }
    }

    @Test
    void gamesAreListedByTheIdsOfABrowsersSeats() {
        Harness.Seat first = h.create("{\"side\":\"sente\"}");
        Harness.Seat[] second = h.pair("{\"side\":\"gote\"}");
        Harness.Seat other = h.create("{\"name\":\"Someone\",\"side\":\"sente\"}");
        JsonNode games = h.get("/api/games?ids=" + first.gameId() + "," + second[0].gameId() + ",zzzzzzzz").body().get("games");
        assertThat(Harness.strings(games, "id")).as("these games only; an id of no game left out")
                .containsExactlyInAnyOrder(second[0].gameId(), first.gameId());
        for (JsonNode g : games) {
            boolean isFirst = g.get("id").asString().equals(first.gameId());
            assertThat(g.get("status").asString()).isEqualTo(isFirst ? "waiting" : "playing");
            assertThat(g.get(isFirst ? "sente" : "gote").asString()).isEqualTo("Anonymous");
        }
        assertThat(Harness.strings(h.get("/api/games?status=waiting&ids=" + first.gameId() + "," + second[0].gameId()).body().get("games"), "id"))
                .containsExactly(first.gameId());
        assertThat(h.get("/api/games?ids=").body().get("games").size()).isZero();
        assertThat(other.gameId()).isNotIn(Harness.strings(games, "id"));
        String many = String.join(",", java.util.Collections.nCopies(51, first.gameId()));
        for (String bad : List.of("not-an-id", first.gameId() + ",,", many)) {
            Harness.Answer a = h.get("/api/games?ids=" + bad);
            assertThat(a.status()).as(bad).isEqualTo(400);
            assertThat(a.errorMessage()).isEqualTo("ids must be at most 50 game ids separated by commas");
        }
        Harness.Answer both = h.get("/api/games?player=Someone&ids=" + first.gameId());
        assertThat(both.status()).isEqualTo(400);
        assertThat(both.errorMessage()).isEqualTo("ids and player exclude each other");
    }

    @Test
    void promotionChoiceAndDropsComeFromTheServer() {
        Harness.Seat[] s = h.pair("{\"side\":\"sente\"}");
        Harness.Ws sente = h.connect(s[0].gameId(), s[0].secret());
        Harness.Ws gote = h.connect(s[1].gameId(), s[1].secret());
        sente.next("state");
        gote.next("state");
        List<String> line = List.of("7g7f", "3c3d");
        for (int i = 0; i < line.size(); i++) {
            (i % 2 == 0 ? sente : gote).move(line.get(i), i);
            sente.next("move");
            gote.next("move");
        }
        // the bishop can take on 2b with or without promotion
        JsonNode st = h.get("/api/games/" + s[0].gameId()).body();
        assertThat(st.get("dests").get("8h").get("2b").asString()).isEqualTo("optional");
        sente.move("8h2b+", 2);
        JsonNode m = gote.next("move");
        sente.next("move");
        assertThat(m.get("move").get("kif").asString()).isEqualTo("２二角成(88)");
        // gote recaptures; then sente has a bishop in hand to drop
        gote.move("3a2b", 3);
        JsonNode m2 = sente.next("move");
        gote.next("move");
        // 81 squares hold the 40 pieces less the two bishops taken: the bishop may be dropped on each of the 43 empty ones
        assertThat(m2.get("dropDests").get("B")).as("empty squares for sente's bishop").hasSize(43);
        assertThat(m2.get("dropDests").get("B")).extracting(JsonNode::asString).contains("5e").doesNotContain("7f");
        sente.move("B*5e", 4);
        assertThat(gote.next("move").get("move").get("kif").asString()).isEqualTo("５五角打");
    }

    @Test
    void reconnectingResumesTheGameExactly() {
        Harness.Seat[] s = h.pair("{\"side\":\"gote\",\"timeControl\":{\"mainSeconds\":300}}");
        Harness.Ws sente = h.connect(s[0].gameId(), s[0].secret());
        Harness.Ws gote = h.connect(s[1].gameId(), s[1].secret());
        sente.next("state");
        gote.next("state");
        sente.move("7g7f", 0);
        gote.next("move");
        sente.next("move");
        gote.move("3c3d", 1);
        gote.next("move");
        JsonNode last = sente.next("move");
        sente.close();
        assertThat(gote.next("presence").get("sente").asBoolean()).isFalse();
        Harness.Ws again = h.connect(s[0].gameId(), s[0].secret());
        JsonNode st = again.next("state");
        assertThat(st.get("you").asString()).isEqualTo("sente");
        assertThat(st.get("ply").asInt()).isEqualTo(2);
        assertThat(st.get("sfen").asString()).isEqualTo(last.get("sfen").asString());
        assertThat(st.get("clock").get("running").asString()).isEqualTo("sente");
        assertThat(st.get("clock").get("gote").get("mainMs").asLong()).isEqualTo(last.get("clock").get("gote").get("mainMs").asLong());
        assertThat(gote.next("presence").get("sente").asBoolean()).isTrue();
        again.move("2g2f", 2);
        assertThat(gote.next("move").get("ply").asInt()).isEqualTo(3);
    }

    @Test
    void aSeekInTheLobbyIsAnnouncedAndRemovedWhenTaken() {
        Harness.Ws lobby = h.open("/ws/lobby");
        assertThat(lobby.next("lobby").get("seeks").size()).isZero();
        Harness.Seat a = h.create("{\"name\":\"Taro\",\"lobby\":true,\"handicap\":\"BISHOP\",\"side\":\"gote\"}");
        JsonNode added = lobby.next("seekAdded");
        assertThat(added.get("seek").get("id").asString()).isEqualTo(a.gameId());
        assertThat(added.get("seek").get("handicap").asString()).isEqualTo("BISHOP");
        // The creator took gote, the giver's side: whoever accepts plays sente, the receiver (下手).
        assertThat(added.get("seek").get("creator").asString()).isEqualTo("gote");
        assertThat(added.get("seek").get("furigoma").asBoolean()).isFalse();
        assertThat(added.get("seek").get("rules").asString()).isEqualTo("csa");
        JsonNode handicap = h.get("/api/games/" + a.gameId()).body().get("handicap");
        assertThat(handicap.toString()).as("the English name as pages show it").isEqualTo("{\"id\":\"BISHOP\",\"ja\":\"角落ち\",\"en\":\"Bishop handicap\"}");
        assertThat(h.get("/api/lobby").body().get("seeks").size()).isEqualTo(1);
        Harness.Ws creator = h.connect(a.gameId(), a.secret());
        assertThat(creator.next("state").get("status").asString()).isEqualTo("waiting");
        Harness.Seat b = h.join(a.gameId(), "Hanako");
        assertThat(b.color()).isEqualTo("sente");
        assertThat(lobby.next("seekRemoved").get("id").asString()).isEqualTo(a.gameId());
        creator.next("started");
        JsonNode st = creator.next("state");
        assertThat(st.get("status").asString()).isEqualTo("playing");
        assertThat(st.get("you").asString()).as("a broadcast state is written for each viewer").isEqualTo("gote");
        // the handicap giver (gote) moves first
        assertThat(st.get("turn").asString()).isEqualTo("gote");
        assertThat(st.get("initialSfen").asString()).isEqualTo("lnsgkgsnl/1r7/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1");
        creator.move("3c3d", 0);
        assertThat(creator.next("move").get("turn").asString()).isEqualTo("sente");
    }
}
