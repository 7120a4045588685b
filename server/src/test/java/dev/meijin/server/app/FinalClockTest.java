package dev.meijin.server.app;

import static org.assertj.core.api.Assertions.assertThat;

import dev.meijin.server.EngineSettings;
import dev.meijin.server.ServerConfig;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/**
 * A finished game's clocks are stored with its result: once its live round is dropped (nobody watches) and
 * after a restart, the game reads with the clocks its {@code end} event showed, the time of the unfinished move
 * counted and a side that lost on time at zero. Exact values on a fake time source, and a flag that the server's
 * own timer sees fall on the real one.
 */
class FinalClockTest {
    private static final long S = 1_000_000_000L;

    @TempDir
    Path dir;
    final AtomicLong now = new AtomicLong(1_000 * S);
    ServerConfig cfg;
    Harness h;
    Harness.Seat[] s;
    Harness.Ws sente;
    Harness.Ws gote;

    @AfterEach
    void stop() {
        h.close();
    }

    /** A server on the fake time source with this grace, and a game between two people on this time control. */
    private void start(String tc, Duration grace) {
        start(ServerConfig.defaults().withPort(0).withDataDir(dir).withEngine(EngineSettings.off()).withGrace(grace)
                .withTime(now::get, () -> Instant.ofEpochMilli(now.get() / 1_000_000)), tc);
    }

    private void start(ServerConfig c, String tc) {
        cfg = c;
        h = new Harness(cfg);
        s = h.pair("{\"side\":\"sente\",\"timeControl\":" + tc + "}");
        sente = h.connect(s[0].gameId(), s[0].secret());
        gote = h.connect(s[1].gameId(), s[1].secret());
        sente.next("state");
        gote.next("state");
    }

    /** Plays a move after {@code seconds} on the fake clock; both players see it. */
    private void move(String usi, int ply, long seconds) {
        now.addAndGet(seconds * S);
        (ply % 2 == 0 ? sente : gote).move(usi, ply);
        sente.next("move");
        gote.next("move");
    }

    /** Both sides of a clock reading: "mainMs byoyomiMs periods", and "byoyomi" while in byoyomi. */
    private static String sides(JsonNode clock) {
        assertThat(clock.get("running").isNull()).as("no clock runs once the game is over: %s", clock).isTrue();
        return side(clock.get("sente")) + " | " + side(clock.get("gote"));
    }

    private static String side(JsonNode c) {
        return c.get("mainMs").asLong() + " " + c.get("byoyomiMs").asLong() + " " + c.get("periods").asInt()
                + (c.get("inByoyomi").asBoolean() ? " byoyomi" : "");
    }

    /** The game as {@code GET /api/games/{id}} answers it. */
    private JsonNode read() {
        Harness.Answer a = h.get("/api/games/" + s[0].gameId());
        assertThat(a.status()).as(a.text()).isEqualTo(200);
        return a.body();
    }

    /**
     * Asserts the game's clocks: as it is read while the players are there, once they have left and the live round
     * is dropped, and after a restart of the server on the same database.
     */
    private void storedAs(String reason, String clocks) throws InterruptedException {
        JsonNode live = read();
        assertThat(live.get("outcome").get("reason").asString()).isEqualTo(reason);
        assertThat(sides(live.get("clock"))).as("while the players are there").isEqualTo(clocks);
        sente.close();
        gote.close();
        sente.awaitClosed();
        gote.awaitClosed();
        for (int i = 0; i < 100 && h.get("/api/health").body().get("liveGames").asInt() > 0; i++) {
            Thread.sleep(50);
        }
        assertThat(h.get("/api/health").body().get("liveGames").asInt()).as("the finished game's round is dropped").isZero();
        JsonNode dropped = read();
        assertThat(dropped.get("status").asString()).isEqualTo("finished");
        assertThat(dropped.get("outcome").get("reason").asString()).isEqualTo(reason);
        assertThat(sides(dropped.get("clock"))).as("read back from the store").isEqualTo(clocks);
        h.close();
        h = new Harness(cfg);
        JsonNode restarted = read();
        assertThat(sides(restarted.get("clock"))).as("after a restart").isEqualTo(clocks);
        assertThat(Harness.strings(restarted.get("moves"), "usi")).isEqualTo(Harness.strings(live.get("moves"), "usi"));
    }

    @Test
    void aFlagSeenByTheServersTimerIsStoredAtZero() throws InterruptedException {
        // the real time source: sente's two seconds of byoyomi (and the lag the flag timer allows for) run out
        start(ServerConfig.defaults().withPort(0).withDataDir(dir).withEngine(EngineSettings.off()),
                "{\"mainSeconds\":0,\"byoyomiSeconds\":2,\"periods\":1}");
        sente.move("7g7f", 0);
        sente.next("move");
        gote.next("move");
        gote.move("3c3d", 1);
        sente.next("move");
        gote.next("move");
        JsonNode end = sente.next("end", 10);
        assertThat(end.get("outcome").get("reason").asString()).isEqualTo("TIME_LOSS");
        assertThat(end.get("outcome").get("winner").asString()).isEqualTo("gote");
        String clocks = "0 0 0 byoyomi | 0 2000 1 byoyomi";
        assertThat(sides(end.get("clock"))).isEqualTo(clocks);
        storedAs("TIME_LOSS", clocks);
    }

    @Test
    void aResignationStoresTheTimeOfTheUnfinishedMove() throws InterruptedException {
        start("{\"mainSeconds\":600}", Duration.ofMillis(300));
        move("7g7f", 0, 1);
        move("3c3d", 1, 3);
        // sente thinks for 5 s and resigns: 4.7 s charged (0.3 s forgiven as lag), as a move would be
        now.addAndGet(5 * S);
        sente.send("{\"t\":\"resign\"}");
        JsonNode end = gote.next("end");
        assertThat(end.get("outcome").get("reason").asString()).isEqualTo("RESIGNATION");
        String clocks = "595300 0 0 | 597300 0 0";
        assertThat(sides(end.get("clock"))).isEqualTo(clocks);
        storedAs("RESIGNATION", clocks);
    }

    @Test
    void aResignationInByoyomiStoresWhatIsLeftOfThePeriod() throws InterruptedException {
        start("{\"mainSeconds\":10,\"byoyomiSeconds\":5,\"periods\":2}", Duration.ZERO);
        move("7g7f", 0, 0);
        move("3c3d", 1, 1);
        // sente has thought for 12 s: main time gone and 2 s of its first period; gote resigns meanwhile
        now.addAndGet(12 * S);
        gote.send("{\"t\":\"resign\"}");
        JsonNode end = sente.next("end");
        assertThat(end.get("outcome").get("winner").asString()).isEqualTo("sente");
        String clocks = "0 3000 2 byoyomi | 9000 5000 2";
        assertThat(sides(end.get("clock"))).isEqualTo(clocks);
        storedAs("RESIGNATION", clocks);
    }

    @Test
    void aMoveThatOverranTheClockLosesWithNoTimeLeft() throws InterruptedException {
        start("{\"mainSeconds\":10}", Duration.ofMillis(300));
        move("7g7f", 0, 0);
        // 10.2 s: within the lag the flag allows for, but the client says its player thought for all of it
        now.addAndGet(10_200_000_000L);
        gote.send("{\"t\":\"move\",\"usi\":\"3c3d\",\"ply\":1,\"ms\":10200}");
        assertThat(gote.error("game_over").get("message").asString()).isEqualTo("the game is over: you ran out of time before moving");
        JsonNode end = sente.next("end");
        assertThat(end.get("outcome").get("reason").asString()).isEqualTo("TIME_LOSS");
        String clocks = "10000 0 0 | 0 0 0";
        assertThat(sides(end.get("clock"))).as("the loser on time has nothing left, whatever lag a reading would forgive").isEqualTo(clocks);
        storedAs("TIME_LOSS", clocks);
    }
}
