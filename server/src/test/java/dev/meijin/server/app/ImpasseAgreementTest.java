package dev.meijin.server.app;

import static org.assertj.core.api.Assertions.assertThat;

import dev.meijin.notation.csa.CsaReader;
import dev.meijin.notation.kifu.GameRecords;
import dev.meijin.testdata.TestData;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/**
 * An impasse by agreement (持将棋) under professional rules, over the real protocol. The moves are those of a
 * real game of the test data ({@code csa/mog-core-scala/002.csa}, Apache-2.0), in which both kings have
 * entered the enemy camp after 199 moves, sente with 39 points and gote with 15.
 */
class ImpasseAgreementTest {
    private static final int BOTH_ENTERED = 199;

    @TempDir
    Path dir;
    Harness h;

    @AfterEach
    void stop() {
        if (h != null) {
            h.close();
        }
    }

    @Test
    void bothKingsEnteredAProposalIsDeclinedThenAcceptedAndTheCountDecides() throws InterruptedException {
        List<String> moves = GameRecords.fromKifu(CsaReader.read(TestData.text("csa/mog-core-scala/002.csa", StandardCharsets.UTF_8)).kifu())
                .game().usiMoves().subList(0, BOTH_ENTERED);
        h = new Harness(dir);
        Harness.Seat[] s = h.pair("{\"name\":\"Taro\",\"side\":\"sente\",\"rules\":\"professional\"}");
        String id = s[0].gameId();
        Harness.Ws sente = h.connect(id, s[0].secret());
        Harness.Ws gote = h.connect(id, s[1].secret());
        JsonNode st = sente.next("state");
        gote.next("state");
        assertThat(st.get("rules").get("impasse").asString()).isEqualTo("AGREEMENT_24");
        assertThat(st.get("impasse").get("sente").get("needed").asInt()).isEqualTo(24);
        assertThat(st.get("impasse").get("sente").get("canDeclare").asBoolean()).as("no proposal yet").isFalse();
        assertThat(st.get("impasse").get("relevant").asBoolean()).as("both kings at home").isFalse();
        sente.send("{\"t\":\"impasseOffer\"}");
        assertThat(sente.error("not_allowed").get("message").asString()).contains("both kings");

        int firstRelevant = -1;
        for (int i = 0; i < moves.size(); i++) {
            Harness.Ws mover = i % 2 == 0 ? sente : gote;
            mover.move(moves.get(i), i);
            JsonNode impasse = sente.next("move").get("impasse");
            gote.next("move");
            if (firstRelevant < 0 && impasse.get("relevant").asBoolean()) {
                firstRelevant = i + 1;
                // Gote's king has come to 4f, the rank next to sente's camp; sente's is on the fifth rank.
                assertThat(impasse.get("gote").get("kingNearZone").asBoolean()).isTrue();
                assertThat(impasse.get("gote").get("kingInZone").asBoolean()).isFalse();
                assertThat(impasse.get("sente").get("kingNearZone").asBoolean()).isFalse();
                assertThat(impasse.get("sente").get("canDeclare").asBoolean()).as("no proposal before both have entered").isFalse();
            }
            Thread.sleep(30); // each socket may send 20 messages a second
        }
        assertThat(firstRelevant).as("the first ply with a king next to the enemy camp").isEqualTo(180);
        JsonNode now = h.get("/api/games/" + id).body();
        assertThat(now.get("ply").asInt()).isEqualTo(BOTH_ENTERED);
        assertThat(now.get("impasse").get("sente").get("points").asInt()).isEqualTo(39);
        assertThat(now.get("impasse").get("gote").get("points").asInt()).isEqualTo(15);
        assertThat(now.get("impasse").get("gote").get("canDeclare").asBoolean()).isTrue();

        gote.send("{\"t\":\"impasseOffer\"}");
        assertThat(sente.next("impasseOffered").get("by").asString()).isEqualTo("gote");
        assertThat(h.get("/api/games/" + id).body().get("impasseOffer").asString()).isEqualTo("gote");
        gote.send("{\"t\":\"impasseAccept\"}");
        assertThat(gote.error("no_offer").get("message").asString()).contains("opponent");
        sente.send("{\"t\":\"impasseDecline\"}");
        assertThat(gote.next("impasseDeclined").get("by").asString()).isEqualTo("sente");
        assertThat(h.get("/api/games/" + id).body().get("impasseOffer").isNull()).isTrue();

        sente.send("{\"t\":\"impasseOffer\"}");
        gote.next("impasseOffered");
        gote.send("{\"t\":\"impasseAccept\"}");
        JsonNode end = sente.next("end");
        assertThat(end.get("outcome").get("reason").asString()).isEqualTo("IMPASSE");
        assertThat(end.get("outcome").get("winner").asString()).as("gote has fewer than 24 points").isEqualTo("sente");
        assertThat(end.get("outcome").get("detail").asString()).isEqualTo("sente 39, gote 15 points");
        // KIF has no ending for an impasse lost on points: the side short of 24 is written as resigning.
        String kif = h.get("/api/games/" + id + "/record?format=kif").text();
        assertThat(kif).contains("200 投了", "まで199手で先手の勝ち");
    }

    @Test
    void aProposalIsRefusedUnderADeclarationRule() {
        h = new Harness(dir);
        Harness.Seat[] s = h.pair("{\"name\":\"Taro\",\"side\":\"sente\",\"rules\":\"csa\"}");
        Harness.Ws sente = h.connect(s[0].gameId(), s[0].secret());
        sente.next("state");
        sente.send("{\"t\":\"impasseOffer\"}");
        assertThat(sente.error("not_allowed").get("message").asString()).contains("no impasse by agreement");
    }
}
