package dev.meijin.server.app;

import static org.assertj.core.api.Assertions.assertThat;

import dev.meijin.server.EngineSettings;
import dev.meijin.server.ServerConfig;
import dev.meijin.server.engine.EnginePool;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/**
 * Games against the computer over the real protocol, the engine limited by nodes so that the tests are fast
 * and do not depend on the machine's speed.
 */
class EngineGameTest {
    @TempDir
    Path dir;
    Harness h;

    private Harness start(int threads, long nodes) {
        h = new Harness(ServerConfig.defaults().withPort(0).withDataDir(dir).withEngine(new EngineSettings(threads, nodes, Duration.ofSeconds(10))));
        return h;
    }

    @AfterEach
    void stop() {
        if (h != null) {
            h.close();
        }
    }

    /** The first legal move the server offers, in its own order: a naive player that never looks ahead. */
    static String firstLegal(JsonNode ev) {
        Iterator<Map.Entry<String, JsonNode>> from = ev.get("dests").properties().iterator();
        if (from.hasNext()) {
            Map.Entry<String, JsonNode> f = from.next();
            Map.Entry<String, JsonNode> to = f.getValue().properties().iterator().next();
            return f.getKey() + to.getKey() + (to.getValue().asString().equals("none") ? "" : "+");
        }
        Map.Entry<String, JsonNode> drop = ev.get("dropDests").properties().iterator().next();
        return drop.getKey() + "*" + drop.getValue().get(0).asString();
    }

    @Test
    void theEngineAtFullStrengthCheckmatesANaivePlayer() throws InterruptedException {
        start(1, 3_000);
        Harness.Seat me = h.create("{\"name\":\"Taro\",\"opponent\":\"engine\",\"engineLevel\":8,\"side\":\"sente\","
                + "\"timeControl\":{\"mainSeconds\":600,\"byoyomiSeconds\":30}}");
        Harness.Ws ws = h.connect(me.gameId(), me.secret());
        Harness.Ws watcher = h.connect(me.gameId(), null);
        JsonNode st = ws.next("state");
        watcher.next("state");
        assertThat(st.get("status").asString()).isEqualTo("playing");
        assertThat(st.get("players").get("gote").get("kind").asString()).isEqualTo("engine");
        assertThat(st.get("players").get("gote").get("engineLevel").asInt()).isEqualTo(8);
        assertThat(st.get("players").get("gote").get("connected").asBoolean()).isTrue();

        Harness.Answer early = h.get("/api/games/" + me.gameId() + "/analysis");
        assertThat(early.status()).as("no analysis while the game is played").isEqualTo(409);

        JsonNode position = st;
        JsonNode end = null;
        List<String> played = new ArrayList<>();
        for (int ply = 0; ply < 300 && end == null; ply += 2) {
            String usi = firstLegal(position);
            ws.move(usi, ply);
            JsonNode mine = ws.next("move");
            assertThat(mine.get("ply").asInt()).isEqualTo(ply + 1);
            played.add(usi);
            if (mine.get("dests").isEmpty() && mine.get("dropDests").isEmpty()) {
                end = ws.next("end");
                break;
            }
            JsonNode reply = ws.next("move", 30);
            assertThat(reply.get("ply").asInt()).as("the engine answers each move once").isEqualTo(ply + 2);
            assertThat(reply.get("turn").asString()).isEqualTo("sente");
            assertThat(reply.get("move").get("timeMs").isNumber()).as("the engine's time is stored with its move").isTrue();
            assertThat(watcher.next("move").get("ply").asInt()).isEqualTo(ply + 1);
            assertThat(watcher.next("move").get("move").get("usi").asString()).isEqualTo(reply.get("move").get("usi").asString());
            played.add(reply.get("move").get("usi").asString());
            if (reply.get("dests").isEmpty() && reply.get("dropDests").isEmpty()) {
                end = ws.next("end");
            }
            position = reply;
        }
        assertThat(end).as("the game ended within 300 plies").isNotNull();
        assertThat(end.get("outcome").get("winner").asString()).isEqualTo("gote");
        assertThat(end.get("outcome").get("reason").asString()).isEqualTo("CHECKMATE");
        JsonNode stored = h.get("/api/games/" + me.gameId()).body();
        assertThat(stored.get("status").asString()).isEqualTo("finished");
        assertThat(stored.get("ply").asInt()).isEqualTo(played.size());
        String csa = h.get("/api/games/" + me.gameId() + "/record?format=csa").text();
        assertThat(csa).as("the CSA record ends in the mate").contains("N-Meijin level 8").contains("\n%TSUMI");

        Harness.Answer a = h.get("/api/games/" + me.gameId() + "/analysis");
        assertThat(a.body().get("status").asString()).as("nothing until asked for").isEqualTo("none");
        a = h.post("/api/games/" + me.gameId() + "/analysis", "{}");
        assertThat(a.status()).as(a.text()).isEqualTo(200);
        assertThat(a.body().get("status").asString()).isIn("running", "done");
        for (int i = 0; i < 600 && !a.body().get("status").asString().equals("done"); i++) {
            Thread.sleep(100);
            a = h.get("/api/games/" + me.gameId() + "/analysis");
        }
        assertThat(a.body().get("status").asString()).isEqualTo("done");
        JsonNode plies = a.body().get("plies");
        assertThat(plies).as("one evaluation per position, the start included").hasSize(played.size() + 1);
        assertThat(plies.get(0).get("ply").asInt()).isZero();
        assertThat(plies.get(0).get("cp").isInt()).isTrue();
        JsonNode beforeMate = plies.get(played.size() - 1);
        assertThat(beforeMate.get("mate").asInt()).as("gote mates in one: negative from sente's side").isEqualTo(-1);
        JsonNode mated = plies.get(played.size());
        assertThat(mated.get("best").isNull()).as("no move in the final position").isTrue();
    }

    @Test
    void aListedGameSaysWhichSeatIsTheEngineAndItsLevelBesideItsFixedName() {
        start(1, 3_000);
        Harness.Seat me = h.create("{\"name\":\"Taro\",\"opponent\":\"engine\",\"engineLevel\":5,\"side\":\"sente\"}");
        Harness.Seat[] people = h.pair("{\"name\":\"Ayumi\",\"side\":\"sente\"}");
        JsonNode games = h.get("/api/games?status=playing").body().get("games");
        assertThat(games.size()).isEqualTo(2);
        JsonNode people0 = games.get(0);
        assertThat(people0.get("id").asString()).isEqualTo(people[0].gameId());
        assertThat(people0.get("sente").asString()).isEqualTo("Ayumi");
        assertThat(people0.get("gote").asString()).isEqualTo("Hanako");
        assertThat(people0.get("engineColor").isNull()).isTrue();
        assertThat(people0.get("engineLevel").isNull()).isTrue();
        JsonNode engine = games.get(1);
        assertThat(engine.get("id").asString()).isEqualTo(me.gameId());
        assertThat(engine.get("sente").asString()).isEqualTo("Taro");
        assertThat(engine.get("gote").asString()).isEqualTo("Meijin level 5");
        assertThat(engine.get("engineColor").asString()).isEqualTo("gote");
        assertThat(engine.get("engineLevel").asInt()).isEqualTo(5);
    }

    @Test
    void theEngineIsChargedAllTheTimeItsClockRanWithNoLagForgiven() {
        h = new Harness(ServerConfig.defaults().withPort(0).withDataDir(dir).withGrace(Duration.ofMillis(300))
                .withEngine(new EngineSettings(1, 40_000, Duration.ofSeconds(10))));
        Harness.Seat me = h.create("{\"opponent\":\"engine\",\"engineLevel\":8,\"side\":\"sente\",\"timeControl\":{\"mainSeconds\":600}}");
        Harness.Ws ws = h.connect(me.gameId(), me.secret());
        ws.next("state");
        JsonNode position = null;
        for (int ply = 0; ply < 6; ply += 2) {
            ws.move(position == null ? "7g7f" : firstLegal(position), ply);
            ws.next("move");
            JsonNode reply = ws.next("move", 30);
            long used = reply.get("move").get("timeMs").asLong();
            long spentBefore = 600_000 - (position == null ? 600_000 : position.get("clock").get("gote").get("mainMs").asLong());
            long left = reply.get("clock").get("gote").get("mainMs").asLong();
            // A person's move would be forgiven up to 300 ms of it as lag; the engine has none.
            assertThat(used).as("the engine's search took some time").isPositive();
            assertThat(left).as("the engine's main time after ply %d, its move stored as %d ms", ply + 2, used)
                    .isBetween(600_000 - spentBefore - used - 1, 600_000 - spentBefore - used);
            position = reply;
        }
    }

    @Test
    void theEngineMovesFirstWhenItHasSenteAndTheGameResumesOnRestart() {
        start(1, 2_000);
        Harness.Seat me = h.create("{\"opponent\":\"engine\",\"engineLevel\":3,\"side\":\"gote\"}");
        assertThat(me.color()).isEqualTo("gote");
        Harness.Ws ws = h.connect(me.gameId(), me.secret());
        JsonNode first = ws.next("move", 30);
        assertThat(first.get("ply").asInt()).isEqualTo(1);
        // The first move's time is recorded from the start of the game: the engine's thinking.
        assertThat(first.get("move").get("timeMs").isIntegralNumber()).as("the first move's time, from the start of the game").isTrue();
        assertThat(first.get("turn").asString()).isEqualTo("gote");
        String usi = firstLegal(first);
        ws.move(usi, 1);
        assertThat(ws.next("move").get("move").get("usi").asString()).isEqualTo(usi);
        JsonNode third = ws.next("move", 30);
        assertThat(third.get("ply").asInt()).isEqualTo(3);
        h.close();

        start(1, 2_000);
        Harness.Ws again = h.connect(me.gameId(), me.secret());
        JsonNode st = again.next("state");
        assertThat(st.get("ply").asInt()).isEqualTo(3);
        assertThat(st.get("sfen").asString()).isEqualTo(third.get("sfen").asString());
        again.move(firstLegal(st), 3);
        again.next("move");
        assertThat(again.next("move", 30).get("ply").asInt()).as("the engine of the restarted server answers").isEqualTo(5);
    }

    @Test
    void theEngineConsentsToATakebackInAFriendlyGameOnly() {
        start(1, 1_000);
        Harness.Seat me = h.create("{\"opponent\":\"engine\",\"engineLevel\":1,\"side\":\"sente\",\"rules\":\"casual\"}");
        Harness.Ws ws = h.connect(me.gameId(), me.secret());
        JsonNode st = ws.next("state");
        String start = st.get("sfen").asString();
        ws.move("7g7f", 0);
        ws.next("move");
        ws.next("move", 30);
        ws.send("{\"t\":\"takebackOffer\"}");
        JsonNode back = ws.next("state");
        assertThat(back.get("ply").asInt()).as("my move and the engine's reply are taken back").isZero();
        assertThat(back.get("sfen").asString()).isEqualTo(start);
        assertThat(back.get("turn").asString()).isEqualTo("sente");
        ws.move("2g2f", 0);
        assertThat(ws.next("move").get("ply").asInt()).isEqualTo(1);
        assertThat(ws.next("move", 30).get("ply").asInt()).as("the engine answers the new move").isEqualTo(2);

        Harness.Seat rated = h.create("{\"opponent\":\"engine\",\"engineLevel\":1,\"side\":\"sente\",\"rules\":\"csa\"}");
        Harness.Ws ws2 = h.connect(rated.gameId(), rated.secret());
        ws2.next("state");
        ws2.move("7g7f", 0);
        ws2.next("move");
        ws2.next("move", 30);
        ws2.send("{\"t\":\"takebackOffer\"}");
        ws2.error("not_allowed");
    }

    @Test
    void engineGamesWaitForTheBoundedPoolWhileAGameBetweenPeopleGoesOn() {
        start(1, 100_000);
        EnginePool pool = h.server.engine();
        List<Harness.Ws> engineGames = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            Harness.Seat s = h.create("{\"opponent\":\"engine\",\"engineLevel\":8,\"side\":\"gote\"}");
            engineGames.add(h.connect(s.gameId(), s.secret()));
        }
        Harness.Seat[] people = h.pair("{\"side\":\"sente\",\"timeControl\":{\"mainSeconds\":600,\"byoyomiSeconds\":30}}");
        Harness.Ws sente = h.connect(people[0].gameId(), people[0].secret());
        Harness.Ws gote = h.connect(people[1].gameId(), people[1].secret());
        sente.next("state");
        gote.next("state");
        int waitingSeen = 0;
        for (int i = 0; i < GameFlowTest.QUICK_MATE.size(); i++) {
            waitingSeen = Math.max(waitingSeen, pool.waiting());
            (i % 2 == 0 ? sente : gote).move(GameFlowTest.QUICK_MATE.get(i), i);
            assertThat(sente.next("move").get("ply").asInt()).isEqualTo(i + 1);
            gote.next("move");
        }
        assertThat(sente.next("end").get("outcome").get("reason").asString()).isEqualTo("CHECKMATE");
        assertThat(waitingSeen).as("engine games were queued while the people played").isPositive();
        for (Harness.Ws w : engineGames) {
            assertThat(w.next("move", 60).get("ply").asInt()).as("every engine game gets its move in the end").isEqualTo(1);
        }
        assertThat(pool.peakRunning()).as("never more searches than the pool has threads").isEqualTo(1);
    }
}
