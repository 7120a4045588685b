package dev.meijin.server.app;

import static org.assertj.core.api.Assertions.assertThat;

import dev.meijin.server.EngineSettings;
import dev.meijin.server.ServerConfig;
import java.net.URI;
import java.net.http.HttpRequest;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/** Rematches of finished games over the real protocol: offer, decline, accept, and against the engine. */
class RematchTest {
    @TempDir
    Path dir;
    Harness h;

    @AfterEach
    void stop() {
        if (h != null) {
            h.close();
        }
    }

    private Harness.Answer rematch(String gameId, String secret, String method) {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(h.base() + "/api/games/" + gameId + "/rematch"));
        if (secret != null) {
            b.header("X-Meijin-Secret", secret);
        }
        return h.send(method.equals("POST") ? b.POST(HttpRequest.BodyPublishers.noBody()).build() : b.DELETE().build());
    }

    @Test
    void anOfferIsDeclinedThenAcceptedAndThePlayersChangeSidesWithTheirSecrets() {
        h = new Harness(dir);
        Harness.Seat[] s = h.pair("{\"name\":\"Taro\",\"side\":\"sente\",\"timeControl\":{\"mainSeconds\":300,\"byoyomiSeconds\":10}}");
        String id = s[0].gameId();
        Harness.Ws sente = h.connect(id, s[0].secret());
        Harness.Ws gote = h.connect(id, s[1].secret());
        Harness.Ws watcher = h.connect(id, null);
        sente.next("state");
        gote.next("state");
        watcher.next("state");

        assertThat(rematch(id, s[0].secret(), "POST").body().get("error").get("code").asString())
                .as("not while the game is played").isEqualTo("not_allowed");
        sente.send("{\"t\":\"resign\"}");
        assertThat(gote.next("end").get("outcome").get("winner").asString()).isEqualTo("gote");

        Harness.Answer spectator = rematch(id, null, "POST");
        assertThat(spectator.status()).isEqualTo(403);
        assertThat(spectator.body().get("error").get("code").asString()).isEqualTo("not_a_player");

        Harness.Answer offer = rematch(id, s[0].secret(), "POST");
        assertThat(offer.status()).isEqualTo(202);
        assertThat(offer.body().get("status").asString()).isEqualTo("offered");
        assertThat(gote.next("rematchOffered").get("by").asString()).isEqualTo("sente");
        assertThat(h.get("/api/games/" + id).body().get("rematchOffer").asString()).isEqualTo("sente");

        Harness.Answer declined = rematch(id, s[1].secret(), "DELETE");
        assertThat(declined.status()).isEqualTo(200);
        assertThat(sente.next("rematchDeclined").get("by").asString()).isEqualTo("gote");
        assertThat(rematch(id, s[1].secret(), "DELETE").body().get("error").get("code").asString()).isEqualTo("no_offer");

        assertThat(rematch(id, s[0].secret(), "POST").status()).isEqualTo(202);
        gote.next("rematchOffered");
        Harness.Answer accepted = rematch(id, s[1].secret(), "POST");
        assertThat(accepted.status()).isEqualTo(201);
        String next = accepted.body().get("gameId").asString();
        assertThat(next).isNotEqualTo(id);
        assertThat(accepted.body().get("color").asString()).as("gote of the first game is sente now").isEqualTo("sente");
        assertThat(accepted.body().get("secret").asString()).isEqualTo(s[1].secret());
        assertThat(accepted.headers().firstValue("Set-Cookie").orElseThrow()).startsWith("mj_" + next + "=" + s[1].secret());
        assertThat(sente.next("rematch").get("gameId").asString()).isEqualTo(next);
        assertThat(watcher.next("rematch").get("gameId").asString()).isEqualTo(next);
        assertThat(h.get("/api/games/" + id).body().get("rematch").asString()).isEqualTo(next);

        // The offerer fetches its own seat in the rematch with its secret.
        Harness.Answer mine = rematch(id, s[0].secret(), "POST");
        assertThat(mine.status()).isEqualTo(201);
        assertThat(mine.body().get("gameId").asString()).isEqualTo(next);
        assertThat(mine.body().get("color").asString()).isEqualTo("gote");
        assertThat(rematch(id, s[0].secret(), "DELETE").body().get("error").get("code").asString()).isEqualTo("not_allowed");

        JsonNode st = h.get("/api/games/" + next).body();
        assertThat(st.get("status").asString()).isEqualTo("playing");
        assertThat(st.get("players").get("sente").get("name").asString()).isEqualTo("Hanako");
        assertThat(st.get("players").get("gote").get("name").asString()).isEqualTo("Taro");
        assertThat(st.get("timeControl").get("byoyomiMs").asLong()).isEqualTo(10_000);
        Harness.Ws newSente = h.connect(next, s[1].secret());
        Harness.Ws newGote = h.connect(next, s[0].secret());
        assertThat(newSente.next("state").get("you").asString()).isEqualTo("sente");
        assertThat(newGote.next("state").get("you").asString()).isEqualTo("gote");
        newSente.move("7g7f", 0);
        assertThat(newSente.next("move").get("ply").asInt()).isEqualTo(1);
        assertThat(newGote.next("move").get("move").get("usi").asString()).isEqualTo("7g7f");
        newGote.move("3c3d", 1);
        assertThat(newSente.next("move").get("ply").asInt()).isEqualTo(2);
    }

    @Test
    void theEngineAcceptsARematchAtOnceAndAHandicapGameKeepsItsSides() {
        h = new Harness(ServerConfig.defaults().withPort(0).withDataDir(dir).withEngine(new EngineSettings(1, 2_000, Duration.ofSeconds(10))));
        Harness.Seat me = h.create("{\"name\":\"Taro\",\"opponent\":\"engine\",\"engineLevel\":2,\"side\":\"sente\"}");
        Harness.Ws ws = h.connect(me.gameId(), me.secret());
        ws.next("state");
        ws.send("{\"t\":\"resign\"}");
        ws.next("end");
        Harness.Answer a = rematch(me.gameId(), me.secret(), "POST");
        assertThat(a.status()).isEqualTo(201);
        assertThat(a.body().get("color").asString()).isEqualTo("gote");
        String next = a.body().get("gameId").asString();
        // The engine is sente in the rematch and moves first.
        Harness.Ws mine = h.connect(next, me.secret());
        JsonNode first = mine.next("state");
        assertThat(first.get("you").asString()).isEqualTo("gote");
        assertThat(first.get("players").get("sente").get("kind").asString()).isEqualTo("engine");
        int ply = first.get("ply").asInt() > 0 ? first.get("ply").asInt() : mine.next("move", 10).get("ply").asInt();
        assertThat(ply).isEqualTo(1);

        Harness.Seat[] hc = h.pair("{\"name\":\"Taro\",\"side\":\"gote\",\"handicap\":\"BISHOP\"}");
        String hid = hc[0].gameId();
        Harness.Ws uwate = h.connect(hid, hc[1].secret());
        uwate.next("state");
        uwate.send("{\"t\":\"resign\"}");
        uwate.next("end");
        assertThat(rematch(hid, hc[1].secret(), "POST").status()).isEqualTo(202);
        Harness.Answer kept = rematch(hid, hc[0].secret(), "POST");
        assertThat(kept.status()).isEqualTo(201);
        assertThat(kept.body().get("color").asString()).as("the receiver stays sente").isEqualTo("sente");
        JsonNode st = h.get("/api/games/" + kept.body().get("gameId").asString()).body();
        assertThat(st.get("handicap").get("id").asString()).isEqualTo("BISHOP");
        assertThat(st.get("players").get("gote").get("name").asString()).isEqualTo("Taro");
    }
}
