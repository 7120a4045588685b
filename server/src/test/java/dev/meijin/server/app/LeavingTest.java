package dev.meijin.server.app;

import static org.assertj.core.api.Assertions.assertThat;

import dev.meijin.server.EngineSettings;
import dev.meijin.server.ServerConfig;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/**
 * Players who leave where nobody can claim for them: the engine claims a game its person left, and a seek is
 * withdrawn when its owner left it or when it has waited too long. Delays are short so that the tests are quick.
 */
class LeavingTest {
    @TempDir
    Path dir;
    Harness h;

    private Harness start(Duration claimAfter, Duration seekGrace, Duration seekMaxAge) {
        h = new Harness(ServerConfig.defaults().withPort(0).withDataDir(dir).withEngine(new EngineSettings(1, 500, Duration.ofSeconds(10)))
                .withClaimAfter(claimAfter).withSeekExpiry(seekGrace, seekMaxAge));
        return h;
    }

    @AfterEach
    void stop() {
        if (h != null) {
            h.close();
        }
    }

    private JsonNode state(String gameId) {
        Harness.Answer a = h.get("/api/games/" + gameId);
        assertThat(a.status()).as(a.text()).isEqualTo(200);
        return a.body();
    }

    /** Polls the game until it is no longer being played (or waited for), at most {@code seconds}. */
    private JsonNode awaitOver(String gameId, int seconds) throws InterruptedException {
        long end = System.nanoTime() + Duration.ofSeconds(seconds).toNanos();
        JsonNode s = state(gameId);
        while (s.get("outcome").isNull() && System.nanoTime() < end) {
            Thread.sleep(50);
            s = state(gameId);
        }
        return s;
    }

    @Test
    void anUnlimitedEngineGameWhosePersonLeftAfterMovingIsWonByTheEngine() throws InterruptedException {
        start(Duration.ofMillis(400), Duration.ofSeconds(20), Duration.ofMinutes(30));
        Harness.Seat me = h.create("{\"name\":\"Taro\",\"opponent\":\"engine\",\"engineLevel\":1,\"side\":\"sente\"}");
        Harness.Ws ws = h.connect(me.gameId(), me.secret());
        ws.next("state");
        ws.move("7g7f", 0);
        ws.next("move");
        assertThat(ws.next("move", 30).get("ply").asInt()).as("the engine answered").isEqualTo(2);
        long left = System.currentTimeMillis();
        ws.close();
        JsonNode s = awaitOver(me.gameId(), 10);
        assertThat(s.get("status").asString()).isEqualTo("finished");
        assertThat(s.get("outcome").get("winner").asString()).isEqualTo("gote");
        assertThat(s.get("outcome").get("reason").asString()).isEqualTo("FORFEIT");
        assertThat(System.currentTimeMillis() - left).as("not before the claim delay").isGreaterThanOrEqualTo(400);
        assertThat(h.get("/api/games/" + me.gameId() + "/record?format=kif").text()).contains("不戦");
    }

    @Test
    void anEngineGameWhosePersonLeftBeforeMovingIsAborted() throws InterruptedException {
        start(Duration.ofMillis(300), Duration.ofSeconds(20), Duration.ofMinutes(30));
        // the engine is sente here and moves first; the person never answers
        Harness.Seat me = h.create("{\"name\":\"Taro\",\"opponent\":\"engine\",\"engineLevel\":1,\"side\":\"gote\"}");
        Harness.Ws ws = h.connect(me.gameId(), me.secret());
        ws.next("state");
        assertThat(ws.next("move", 30).get("ply").asInt()).isEqualTo(1);
        ws.close();
        JsonNode s = awaitOver(me.gameId(), 10);
        assertThat(s.get("status").asString()).isEqualTo("aborted");
        assertThat(s.get("outcome").get("reason").asString()).isEqualTo("ABORTED");
        assertThat(s.get("outcome").get("detail").asString()).isEqualTo("gote left before moving");
    }

    @Test
    void aPersonWhoComesBackInTimeKeepsTheEngineGame() throws InterruptedException {
        start(Duration.ofSeconds(3), Duration.ofSeconds(20), Duration.ofMinutes(30));
        Harness.Seat me = h.create("{\"name\":\"Taro\",\"opponent\":\"engine\",\"engineLevel\":1,\"side\":\"sente\"}");
        Harness.Ws ws = h.connect(me.gameId(), me.secret());
        ws.next("state");
        ws.move("7g7f", 0);
        ws.next("move");
        ws.next("move", 30);
        ws.close();
        Thread.sleep(300);
        Harness.Ws back = h.connect(me.gameId(), me.secret());
        assertThat(back.next("state").get("ply").asInt()).isEqualTo(2);
        Thread.sleep(3_500); // past the claim deadline of the first leave
        JsonNode s = state(me.gameId());
        assertThat(s.get("status").asString()).isEqualTo("playing");
        back.move("2g2f", 2);
        assertThat(back.next("move", 30).get("ply").asInt()).isEqualTo(3);
    }

    @Test
    void anEngineGameResumedAfterARestartIsClaimedIfThePersonNeverReturns() throws InterruptedException {
        start(Duration.ofMillis(300), Duration.ofSeconds(20), Duration.ofMinutes(30));
        Harness.Seat me = h.create("{\"name\":\"Taro\",\"opponent\":\"engine\",\"engineLevel\":1,\"side\":\"sente\"}");
        Harness.Ws ws = h.connect(me.gameId(), me.secret());
        ws.next("state");
        ws.move("7g7f", 0);
        ws.next("move");
        ws.next("move", 30);
        h.close();
        start(Duration.ofMillis(300), Duration.ofSeconds(20), Duration.ofMinutes(30));
        JsonNode s = awaitOver(me.gameId(), 10);
        assertThat(s.get("outcome").get("reason").asString()).isEqualTo("FORFEIT");
        assertThat(s.get("outcome").get("winner").asString()).isEqualTo("gote");
    }

    @Test
    void aSeekIsWithdrawnWhenItsOwnerLeavesAndDoesNotComeBack() throws InterruptedException {
        start(Duration.ofSeconds(60), Duration.ofSeconds(3), Duration.ofMinutes(30));
        Harness.Ws lobby = h.open("/ws/lobby");
        lobby.next("lobby");
        Harness.Seat a = h.create("{\"name\":\"Taro\",\"lobby\":true}");
        assertThat(lobby.next("seekAdded").get("seek").get("id").asString()).isEqualTo(a.gameId());
        Harness.Ws owner = h.connect(a.gameId(), a.secret());
        owner.next("state");
        // a reload: the owner is back within the grace, the seek stays
        owner.close();
        Thread.sleep(150);
        Harness.Ws again = h.connect(a.gameId(), a.secret());
        again.next("state");
        Thread.sleep(3500);
        assertThat(h.get("/api/lobby").body().get("seeks").size()).isEqualTo(1);
        long left = System.currentTimeMillis();
        again.close();
        assertThat(lobby.next("seekRemoved", 5).get("id").asString()).isEqualTo(a.gameId());
        assertThat(System.currentTimeMillis() - left).as("not before the grace").isGreaterThanOrEqualTo(3000);
        assertThat(h.get("/api/lobby").body().get("seeks").size()).isZero();
        JsonNode s = state(a.gameId());
        assertThat(s.get("status").asString()).isEqualTo("aborted");
        assertThat(s.get("outcome").get("detail").asString()).isEqualTo("seek withdrawn: its owner left");
        assertThat(h.post("/api/games/" + a.gameId() + "/join", "{}").body().get("error").get("code").asString()).isEqualTo("game_over");
    }

    @Test
    void aSeekWhoseOwnerNeverConnectsIsWithdrawnAfterTheGrace() {
        start(Duration.ofSeconds(60), Duration.ofMillis(300), Duration.ofMinutes(30));
        Harness.Ws lobby = h.open("/ws/lobby");
        lobby.next("lobby");
        Harness.Seat a = h.create("{\"lobby\":true}");
        lobby.next("seekAdded");
        assertThat(lobby.next("seekRemoved", 5).get("id").asString()).isEqualTo(a.gameId());
    }

    @Test
    void aSeekExpiresAtItsMaximumAgeEvenWithItsOwnerWaiting() throws InterruptedException {
        start(Duration.ofSeconds(60), Duration.ofSeconds(20), Duration.ofSeconds(3));
        Harness.Ws lobby = h.open("/ws/lobby");
        lobby.next("lobby");
        long posted = System.currentTimeMillis();
        Harness.Seat a = h.create("{\"lobby\":true}");
        lobby.next("seekAdded");
        Harness.Ws owner = h.connect(a.gameId(), a.secret());
        owner.next("state");
        JsonNode end = owner.next("end", 10);
        assertThat(System.currentTimeMillis() - posted).isGreaterThanOrEqualTo(3000);
        assertThat(end.get("status").asString()).isEqualTo("aborted");
        assertThat(end.get("outcome").get("detail").asString()).isEqualTo("seek expired: nobody accepted it in time");
        assertThat(lobby.next("seekRemoved").get("id").asString()).isEqualTo(a.gameId());
        // a game shared by link, not posted to the lobby, is not a seek and does not expire
        Harness.Seat b = h.create("{}");
        Thread.sleep(3500);
        assertThat(state(b.gameId()).get("status").asString()).isEqualTo("waiting");
    }
}
