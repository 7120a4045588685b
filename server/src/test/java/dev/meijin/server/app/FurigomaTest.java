package dev.meijin.server.app;

import static org.assertj.core.api.Assertions.assertThat;

import dev.meijin.server.EngineSettings;
import dev.meijin.server.ServerConfig;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/**
 * Furigoma over real HTTP and WebSocket: an even game created without a side waits with its creator in sente's place
 * and no toss, and the pieces are tossed when the second player takes the seat; the creator's connections, reloads and
 * lists then show the seat the toss gave.
 */
class FurigomaTest {
    @TempDir
    Path dir;
    Harness h;

    /** A server without the engine that lets one address create and join many games in a row. */
    private Harness server() {
        return new Harness(ServerConfig.defaults().withPort(0).withDataDir(dir).withEngine(EngineSettings.off()).withWritesPerSecond(1_000));
    }

    @BeforeEach
    void start() {
        h = server();
    }

    @AfterEach
    void stop() {
        h.close();
    }

    /** The game with this id as the lists give it (GameSummary), of the games a browser holds seats in. */
    private JsonNode summary(String id) {
        JsonNode games = h.get("/api/games?ids=" + id).body().get("games");
        assertThat(games).hasSize(1);
        return games.get(0);
    }

    private static long pawns(JsonNode furigoma) {
        long n = 0;
        for (JsonNode face : furigoma.get("faces")) {
            n += face.asString().equals("PAWN") ? 1 : 0;
        }
        return n;
    }

    /** What a seat of a waiting game whose toss is to come shows: no toss, the creator in sente's place. */
    private static void assertWaitingForTheToss(JsonNode state, String you) {
        assertThat(state.get("status").asString()).isEqualTo("waiting");
        JsonNode f = state.get("furigoma");
        assertThat(f.get("faces").isNull()).as("no toss before the second player sits").isTrue();
        assertThat(f.get("tosser").isNull()).isTrue();
        assertThat(f.get("tosserMovesFirst").isNull()).isTrue();
        assertThat(state.get("players").get("sente").get("name").asString()).isEqualTo("Taro");
        assertThat(state.get("players").get("gote").get("name").isNull()).as("the free seat").isTrue();
        if (you == null) {
            assertThat(state.get("you").isNull()).isTrue();
        } else {
            assertThat(state.get("you").asString()).isEqualTo(you);
        }
    }

    @Test
    void theSidesAreTossedWhenTheSecondPlayerTakesTheSeat() {
        Harness.Ws lobby = h.open("/ws/lobby");
        lobby.next("lobby");
        boolean creatorFirst = false;
        boolean creatorSecond = false;
        // Each toss gives the first move to either player; play until both have been seen (64 tries: never both
        // the same but with odds of 2^-63).
        for (int i = 0; i < 64 && !(creatorFirst && creatorSecond); i++) {
            Harness.Seat a = h.create("{\"name\":\"Taro\",\"side\":\"random\",\"lobby\":true}");
            assertThat(a.color()).as("the creator's side is not known until the toss").isNull();
            JsonNode seek = lobby.next("seekAdded").get("seek");
            assertThat(seek.get("furigoma").asBoolean()).isTrue();
            assertThat(seek.get("creator").asString()).as("sente's place, where the creator waits").isEqualTo("sente");
            assertThat(seek.get("sente").asString()).isEqualTo("Taro");
            assertThat(seek.get("gote").isNull()).isTrue();

            // The creator's page, and a reload of it, before the join: waiting, no toss.
            Harness.Ws creator = h.connect(a.gameId(), a.secret());
            assertWaitingForTheToss(creator.next("state"), "sente");
            assertWaitingForTheToss(h.get("/api/games/" + a.gameId(), a.secret()).body(), "sente");
            assertWaitingForTheToss(h.get("/api/games/" + a.gameId()).body(), null);

            Harness.Seat b = h.join(a.gameId(), "Hanako");
            assertThat(lobby.next("seekRemoved").get("id").asString()).isEqualTo(a.gameId());
            creator.next("started");
            JsonNode st = creator.next("state");
            assertThat(st.get("status").asString()).isEqualTo("playing");
            JsonNode f = st.get("furigoma");
            assertThat(f.get("faces")).hasSize(5);
            long pawns = pawns(f);
            // Three or more pawns face up: the tosser (the creator) moves first and plays sente.
            String mine = pawns >= 3 ? "sente" : "gote";
            String theirs = pawns >= 3 ? "gote" : "sente";
            assertThat(f.get("tosserMovesFirst").asBoolean()).isEqualTo(pawns >= 3);
            assertThat(f.get("tosser").asString()).as("the creator's colour").isEqualTo(mine);
            assertThat(st.get("you").asString()).as("the creator's connection from before the toss").isEqualTo(mine);
            assertThat(b.color()).isEqualTo(theirs);
            assertThat(st.get("players").get(mine).get("name").asString()).isEqualTo("Taro");
            assertThat(st.get("players").get(theirs).get("name").asString()).isEqualTo("Hanako");
            if (mine.equals("gote")) {
                // The creator's connection went with it from sente's place to gote.
                JsonNode presence = creator.next("presence");
                assertThat(presence.get("gote").asBoolean()).isTrue();
                assertThat(presence.get("sente").asBoolean()).as("Hanako has not connected").isFalse();
            }

            // A reload and a new connection of the creator after the join, and the lists: the seat the toss gave.
            assertThat(h.get("/api/games/" + a.gameId(), a.secret()).body().get("you").asString()).isEqualTo(mine);
            Harness.Ws again = h.connect(a.gameId(), a.secret());
            JsonNode reconnected = again.next("state");
            assertThat(reconnected.get("you").asString()).isEqualTo(mine);
            assertThat(reconnected.get("furigoma")).isEqualTo(f);
            JsonNode listed = summary(a.gameId());
            assertThat(listed.get("creator").asString()).isEqualTo(mine);
            assertThat(listed.get(mine).asString()).isEqualTo("Taro");
            assertThat(listed.get(theirs).asString()).isEqualTo("Hanako");
            assertThat(listed.get("furigoma").asBoolean()).isTrue();

            // The connection from before the toss plays for the seat it gave.
            Harness.Ws hanako = h.connect(a.gameId(), b.secret());
            assertThat(hanako.next("state").get("you").asString()).isEqualTo(theirs);
            if (mine.equals("sente")) {
                creator.move("7g7f", 0);
                assertThat(hanako.next("move").get("move").get("usi").asString()).isEqualTo("7g7f");
                creatorFirst = true;
            } else {
                creator.move("7g7f", 0);
                assertThat(creator.error("not_your_turn").get("message").asString()).isNotEmpty();
                hanako.move("7g7f", 0);
                hanako.next("move");
                assertThat(creator.next("move").get("move").get("usi").asString()).isEqualTo("7g7f");
                creator.move("3c3d", 1);
                assertThat(hanako.next("move").get("move").get("usi").asString()).isEqualTo("3c3d");
                creatorSecond = true;
            }
            creator.close();
            again.close();
            hanako.close();
        }
        assertThat(creatorFirst).as("a toss that gave the creator the first move").isTrue();
        assertThat(creatorSecond).as("a toss that gave the second player the first move").isTrue();
    }

    @Test
    void aGameWaitingForItsTossIsKeptAcrossARestartAndTossedAtTheJoin() {
        Harness.Seat a = h.create("{\"name\":\"Taro\",\"side\":\"random\",\"lobby\":false}");
        h.close();
        h = server();
        assertWaitingForTheToss(h.get("/api/games/" + a.gameId(), a.secret()).body(), "sente");
        Harness.Seat b = h.join(a.gameId(), "Hanako");
        JsonNode st = h.get("/api/games/" + a.gameId(), a.secret()).body();
        assertThat(st.get("furigoma").get("faces")).hasSize(5);
        String mine = pawns(st.get("furigoma")) >= 3 ? "sente" : "gote";
        assertThat(st.get("you").asString()).isEqualTo(mine);
        assertThat(b.color()).isNotEqualTo(mine);
        h.close();
        h = server();
        JsonNode after = h.get("/api/games/" + a.gameId(), a.secret()).body();
        assertThat(after.get("you").asString()).as("the toss is stored with the seats").isEqualTo(mine);
        assertThat(after.get("furigoma")).isEqualTo(st.get("furigoma"));
    }

    @Test
    void aGameAgainstTheEngineIsTossedWhenItIsCreatedAndAChosenSideHasNoFurigoma() {
        h.close();
        h = new Harness(dir, new EngineSettings(1, 2_000, Duration.ofSeconds(10)));
        Harness.Seat a = h.create("{\"name\":\"Taro\",\"opponent\":\"engine\",\"engineLevel\":1,\"side\":\"random\"}");
        JsonNode st = h.get("/api/games/" + a.gameId(), a.secret()).body();
        assertThat(st.get("status").asString()).isEqualTo("playing");
        JsonNode f = st.get("furigoma");
        assertThat(f.get("faces")).as("both players are seated at once: tossed at once").hasSize(5);
        String mine = pawns(f) >= 3 ? "sente" : "gote";
        assertThat(a.color()).isEqualTo(mine);
        assertThat(f.get("tosser").asString()).isEqualTo(mine);
        assertThat(st.get("you").asString()).isEqualTo(mine);

        Harness.Seat chosen = h.create("{\"side\":\"gote\"}");
        assertThat(chosen.color()).isEqualTo("gote");
        assertThat(h.get("/api/games/" + chosen.gameId()).body().get("furigoma").isNull()).isTrue();
        assertThat(summary(chosen.gameId()).get("furigoma").asBoolean()).isFalse();
        assertThat(summary(chosen.gameId()).get("creator").asString()).isEqualTo("gote");
    }
}
