package dev.meijin.server.app;

import static org.assertj.core.api.Assertions.assertThat;

import dev.meijin.server.ServerConfig;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/** Every ending the server decides or enforces, seen by the players over the WebSocket. */
class EndingsTest {
    @TempDir
    Path dir;
    Harness h;
    Harness.Ws sente;
    Harness.Ws gote;
    Harness.Seat[] s;

    @BeforeEach
    void start() {
        h = new Harness(ServerConfig.defaults().withPort(0).withDataDir(dir).withClaimAfter(Duration.ofMillis(300)));
    }

    @AfterEach
    void stop() {
        h.close();
    }

    private void pair(String options) {
        s = h.pair(options);
        sente = h.connect(s[0].gameId(), s[0].secret());
        gote = h.connect(s[1].gameId(), s[1].secret());
        sente.next("state");
        gote.next("state");
    }

    private void play(List<String> moves, int from) {
        for (int i = 0; i < moves.size(); i++) {
            int ply = from + i;
            (ply % 2 == 0 ? sente : gote).move(moves.get(i), ply);
            assertThat(sente.next("move").get("ply").asInt()).isEqualTo(ply + 1);
            gote.next("move");
        }
    }

    private JsonNode ended(String winner, String reason) {
        JsonNode e = gote.next("end");
        assertThat(sente.next("end")).isEqualTo(e);
        assertThat(e.get("outcome").get("reason").asString()).isEqualTo(reason);
        if (winner == null) {
            assertThat(e.get("outcome").get("winner").isNull()).as(e.toString()).isTrue();
        } else {
            assertThat(e.get("outcome").get("winner").asString()).as(e.toString()).isEqualTo(winner);
        }
        JsonNode stored = h.get("/api/games/" + s[0].gameId()).body();
        assertThat(stored.get("outcome")).isEqualTo(e.get("outcome"));
        return e;
    }

    @Test
    void checkmate() {
        pair("{\"side\":\"sente\"}");
        play(GameFlowTest.QUICK_MATE, 0);
        ended("sente", "CHECKMATE");
        sente.move("5i4h", 7);
        sente.error("game_over");
    }

    @Test
    void resignationOnTheOpponentsTurn() {
        pair("{\"side\":\"sente\"}");
        play(List.of("7g7f"), 0);
        sente.send("{\"t\":\"resign\"}");
        ended("gote", "RESIGNATION");
        // CSA's %TORYO is the resignation of the side to move; gote is to move, so sente's resignation is written
        // as sente's illegal action, which keeps gote the winner
        assertThat(h.get("/api/games/" + s[0].gameId() + "/record?format=csa").text()).endsWith("\nPI\n+\n+7776FU,T0\n%+ILLEGAL_ACTION\n");
    }

    @Test
    void timeLossIsFlaggedByTheServerTimer() {
        pair("{\"side\":\"sente\",\"timeControl\":{\"mainSeconds\":1}}");
        play(List.of("7g7f"), 0);
        // gote never moves: the server's timer ends the game once gote's second (and the grace) has passed
        JsonNode e = ended("sente", "TIME_LOSS");
        assertThat(e.get("clock").get("gote").get("mainMs").asLong()).isZero();
        assertThat(e.get("status").asString()).isEqualTo("finished");
        assertThat(h.get("/api/games/" + s[0].gameId() + "/record?format=kif").text()).contains("切れ負け");
    }

    @Test
    void fourfoldRepetitionIsADraw() {
        pair("{\"side\":\"sente\"}");
        List<String> cycle = List.of("2h3h", "8b7b", "3h2h", "7b8b");
        play(cycle, 0);
        play(cycle, 4);
        play(cycle.subList(0, 3), 8);
        gote.move("7b8b", 11);
        ended(null, "REPETITION");
        assertThat(h.get("/api/games/" + s[0].gameId() + "/record?format=csa").text()).contains("%SENNICHITE");
    }

    @Test
    void aDeclarationThatFailsLoses() {
        pair("{\"side\":\"sente\",\"rules\":\"csa\"}");
        JsonNode impasse = h.get("/api/games/" + s[0].gameId()).body().get("impasse");
        assertThat(impasse.get("sente").get("needed").asInt()).isEqualTo(28);
        assertThat(impasse.get("gote").get("needed").asInt()).isEqualTo(27);
        assertThat(impasse.get("sente").get("canDeclare").asBoolean()).isFalse();
        assertThat(impasse.get("relevant").asBoolean()).as("no king near the enemy camp").isFalse();
        assertThat(impasse.get("sente").get("kingNearZone").asBoolean()).isFalse();
        gote.send("{\"t\":\"declare\"}");
        gote.error("not_your_turn");
        sente.send("{\"t\":\"declare\"}");
        JsonNode e = ended("gote", "ILLEGAL_MOVE");
        assertThat(e.get("outcome").get("detail").asString()).isEqualTo("failed impasse declaration: the king has not entered the enemy camp");
        JsonNode why = e.get("outcome").get("declarationFailure");
        assertThat(why.get("reason").asString()).isEqualTo("KING_NOT_ENTERED");
        assertThat(why.get("have").isNull()).isTrue();
        assertThat(why.get("needed").isNull()).isTrue();
        assertThat(h.get("/api/games?player=Hanako").body().get("games").get(0).get("outcome").get("declarationFailure").isNull())
                .as("a list does not replay its games").isTrue();
    }

    @Test
    void noDeclarationUnderTheTryRule() {
        pair("{\"side\":\"sente\",\"rules\":\"try\"}");
        assertThat(h.get("/api/games/" + s[0].gameId()).body().get("impasse").isNull()).isTrue();
        sente.send("{\"t\":\"declare\"}");
        sente.error("not_allowed");
        play(List.of("7g7f"), 0);
    }

    @Test
    void abortBeforeEachSidesFirstMoveOnly() {
        pair("{\"side\":\"sente\"}");
        play(List.of("7g7f"), 0);
        gote.send("{\"t\":\"abort\"}");
        JsonNode e = ended(null, "ABORTED");
        assertThat(e.get("status").asString()).isEqualTo("aborted");

        pair("{\"side\":\"sente\"}");
        play(List.of("7g7f", "3c3d"), 0);
        sente.send("{\"t\":\"abort\"}");
        sente.error("not_allowed");
        play(List.of("2g2f"), 2);
    }

    @Test
    void withdrawingASeek() {
        Harness.Ws lobby = h.open("/ws/lobby");
        lobby.next("lobby");
        Harness.Seat a = h.create("{\"lobby\":true}");
        lobby.next("seekAdded");
        Harness.Ws creator = h.connect(a.gameId(), a.secret());
        assertThat(creator.next("state").get("abortable").asBoolean()).isTrue();
        creator.move("7g7f", 0);
        creator.error("not_started");
        creator.send("{\"t\":\"abort\"}");
        assertThat(creator.next("end").get("status").asString()).isEqualTo("aborted");
        assertThat(lobby.next("seekRemoved").get("id").asString()).isEqualTo(a.gameId());
        assertThat(h.post("/api/games/" + a.gameId() + "/join", "{}").body().get("error").get("code").asString()).isEqualTo("game_over");
    }

    @Test
    void claimingAWinAfterTheOpponentLeft() throws InterruptedException {
        pair("{\"side\":\"sente\"}");
        play(List.of("7g7f", "3c3d"), 0);
        sente.send("{\"t\":\"claimWin\"}");
        sente.error("cannot_claim");
        gote.close();
        JsonNode p = sente.next("presence");
        assertThat(p.get("gote").asBoolean()).isFalse();
        assertThat(p.get("claimAfterMs").asLong()).isEqualTo(300);
        Thread.sleep(400);
        sente.send("{\"t\":\"claimWin\"}");
        JsonNode e = sente.next("end");
        assertThat(e.get("outcome").get("winner").asString()).isEqualTo("sente");
        assertThat(e.get("outcome").get("reason").asString()).isEqualTo("FORFEIT");
    }

    @Test
    void takebacksOnlyInCasualGamesAndOnlyWithConsent() {
        pair("{\"side\":\"sente\",\"rules\":\"csa\"}");
        play(List.of("7g7f"), 0);
        sente.send("{\"t\":\"takebackOffer\"}");
        sente.error("not_allowed");

        pair("{\"side\":\"sente\",\"rules\":\"casual\"}");
        play(List.of("7g7f", "3c3d"), 0);
        gote.send("{\"t\":\"takebackAccept\"}");
        gote.error("no_offer");
        // sente, to move, wants its 7g7f back: two plies go back
        sente.send("{\"t\":\"takebackOffer\"}");
        assertThat(gote.next("takebackOffered").get("by").asString()).isEqualTo("sente");
        gote.send("{\"t\":\"takebackDecline\"}");
        assertThat(sente.next("takebackDeclined").get("by").asString()).isEqualTo("gote");
        sente.send("{\"t\":\"takebackOffer\"}");
        gote.next("takebackOffered");
        gote.send("{\"t\":\"takebackAccept\"}");
        JsonNode st = sente.next("state");
        assertThat(st.get("ply").asInt()).isZero();
        assertThat(st.get("you").asString()).isEqualTo("sente");
        assertThat(st.get("moves").size()).isZero();
        assertThat(h.get("/api/games/" + s[0].gameId() + "/record?format=csa").text()).doesNotContain("+7776FU");
        play(List.of("2g2f"), 0);
    }
}
