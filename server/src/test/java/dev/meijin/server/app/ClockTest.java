package dev.meijin.server.app;

import static org.assertj.core.api.Assertions.assertThat;

import dev.meijin.server.ServerConfig;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/** The server's clocks on a fake time source: what is charged, stored and sent with each move. */
class ClockTest {
    private static final long S = 1_000_000_000L;

    @TempDir
    Path dir;
    final AtomicLong now = new AtomicLong(1_000 * S);
    Harness h;
    Harness.Ws sente;
    Harness.Ws gote;
    Harness.Seat[] s;

    @AfterEach
    void stop() {
        h.close();
    }

    private void start(String tc, Duration grace) {
        h = new Harness(ServerConfig.defaults().withPort(0).withDataDir(dir).withGrace(grace)
                .withTime(now::get, () -> Instant.ofEpochMilli(now.get() / 1_000_000)));
        s = h.pair("{\"side\":\"sente\",\"timeControl\":" + tc + "}");
        sente = h.connect(s[0].gameId(), s[0].secret());
        gote = h.connect(s[1].gameId(), s[1].secret());
        sente.next("state");
        gote.next("state");
    }

    private JsonNode move(String usi, int ply, long afterSeconds) {
        now.addAndGet(afterSeconds * S);
        (ply % 2 == 0 ? sente : gote).move(usi, ply);
        gote.next("move");
        return sente.next("move");
    }

    private static JsonNode side(JsonNode move, String color) {
        return move.get("clock").get(color);
    }

    @Test
    void byoyomiWithPeriods() {
        start("{\"mainSeconds\":10,\"byoyomiSeconds\":5,\"periods\":2}", Duration.ZERO);
        JsonNode m1 = move("7g7f", 0, 7);
        // The first move is untimed: its 7 s, counted from the start of the game, are recorded but not charged.
        assertThat(m1.get("move").get("timeMs").asLong()).as("the first move's time, from the start").isEqualTo(7_000);
        assertThat(side(m1, "sente").get("mainMs").asLong()).isEqualTo(10_000);
        assertThat(m1.get("clock").get("running").asString()).isEqualTo("gote");
        JsonNode m2 = move("3c3d", 1, 3);
        assertThat(m2.get("move").get("timeMs").asLong()).isEqualTo(3_000);
        assertThat(side(m2, "gote").get("mainMs").asLong()).isEqualTo(7_000);
        // 12 s: main time gone, 2 s into the first period, which is kept
        JsonNode m3 = move("2g2f", 2, 12);
        assertThat(m3.get("move").get("timeMs").asLong()).isEqualTo(12_000);
        assertThat(side(m3, "sente").get("mainMs").asLong()).isZero();
        assertThat(side(m3, "sente").get("periods").asInt()).isEqualTo(2);
        assertThat(side(m3, "sente").get("inByoyomi").asBoolean()).isTrue();
        move("8c8d", 3, 1);
        // 7 s in byoyomi: one period used up
        JsonNode m5 = move("2f2e", 4, 7);
        assertThat(side(m5, "sente").get("periods").asInt()).isEqualTo(1);
        assertThat(side(m5, "sente").get("byoyomiMs").asLong()).isEqualTo(5_000);
        // the stored record keeps each move's time
        String kif = h.get("/api/games/" + s[0].gameId() + "/record?format=kif").text();
        assertThat(kif).contains("1 ７六歩(77)   ( 0:07/00:00:07)", "0:03/", "0:12/00:00:19", "0:07/00:00:26");
        // gote needs more than main time 6 s plus both periods: flagged when it tries to move
        now.addAndGet(17 * S);
        gote.move("8d8e", 5);
        gote.error("game_over");
        JsonNode end = sente.next("end");
        assertThat(end.get("outcome").get("reason").asString()).isEqualTo("TIME_LOSS");
        assertThat(end.get("outcome").get("winner").asString()).isEqualTo("sente");
    }

    @Test
    void incrementAndGrace() {
        start("{\"mainSeconds\":10,\"incrementSeconds\":5}", Duration.ofMillis(500));
        move("7g7f", 0, 1);
        JsonNode m2 = move("3c3d", 1, 3);
        // 10 s less 3 s used plus 0.5 s forgiven, plus 5 s increment
        assertThat(side(m2, "gote").get("mainMs").asLong()).isEqualTo(12_500);
        assertThat(m2.get("move").get("timeMs").asLong()).as("the time used is what passed").isEqualTo(3_000);
        JsonNode st = h.get("/api/games/" + s[0].gameId()).body();
        assertThat(st.get("timeControl").get("incrementMs").asLong()).isEqualTo(5_000);
    }

    @Test
    void suddenDeathReadsOnTheRunningClock() {
        start("{\"mainSeconds\":60}", Duration.ZERO);
        move("7g7f", 0, 0);
        now.addAndGet(20 * S);
        JsonNode st = h.get("/api/games/" + s[0].gameId()).body();
        assertThat(st.get("clock").get("gote").get("mainMs").asLong()).isEqualTo(40_000);
        assertThat(st.get("clock").get("gote").get("periods").asInt()).isZero();
        assertThat(st.get("clock").get("sente").get("mainMs").asLong()).isEqualTo(60_000);
        now.addAndGet(40 * S);
        gote.move("3c3d", 1);
        gote.error("game_over");
        assertThat(sente.next("end").get("outcome").get("reason").asString()).isEqualTo("TIME_LOSS");
    }

    @Test
    void aReportedThinkingTimeLeavesOnlyTheRestAsLag() {
        start("{\"mainSeconds\":10}", Duration.ofMillis(300));
        move("7g7f", 0, 0);
        now.addAndGet(2 * S);
        gote.send("{\"t\":\"move\",\"usi\":\"3c3d\",\"ply\":1,\"ms\":1900}");
        sente.next("move");
        JsonNode m2 = gote.next("move");
        // 2 s on the server's clock, 1.9 s of it thinking: 0.1 s forgiven as lag, where 0.3 s would be without "ms"
        assertThat(side(m2, "gote").get("mainMs").asLong()).isEqualTo(8_100);
        assertThat(m2.get("move").get("timeMs").asLong()).as("the time stored is what passed").isEqualTo(2_000);
        sente.send("{\"t\":\"move\",\"usi\":\"2g2f\",\"ply\":2,\"ms\":-5}");
        assertThat(sente.error("bad_field").get("message").asString()).contains("\"ms\"", "milliseconds");
        sente.send("{\"t\":\"move\",\"usi\":\"2g2f\",\"ply\":2,\"ms\":\"fast\"}");
        sente.error("bad_field");
    }

    @Test
    void aMoveWhoseReportedThinkingOverrunsTheClockLosesOnTime() {
        start("{\"mainSeconds\":10}", Duration.ofMillis(300));
        move("7g7f", 0, 0);
        // 10.2 s: within the lag the flag allows for, but the client says its player thought for all of it
        now.addAndGet(10_200_000_000L);
        gote.send("{\"t\":\"move\",\"usi\":\"3c3d\",\"ply\":1,\"ms\":10200}");
        gote.error("game_over");
        JsonNode end = sente.next("end");
        assertThat(end.get("outcome").get("reason").asString()).isEqualTo("TIME_LOSS");
        assertThat(end.get("outcome").get("winner").asString()).isEqualTo("sente");
        assertThat(h.get("/api/games/" + s[0].gameId()).body().get("moves").size()).as("the late move is not played").isEqualTo(1);
    }
}
