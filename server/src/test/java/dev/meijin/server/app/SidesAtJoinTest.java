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
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import tools.jackson.databind.JsonNode;

/**
 * The sides of a game whose creator chose none, over real HTTP and WebSocket: furigoma in an even game, a draw by
 * lot in a handicap game. Such a game waits with its creator in sente's place and no side given to anyone, and the
 * sides are decided when the second player takes the seat; the creator's connections, reloads and lists then show
 * the seat the toss or the draw gave.
 */
class SidesAtJoinTest {
    @TempDir
    Path dir;
    Harness h;

    /** How the sides are decided: the options that create such a game, and what its state and summary say of it. */
    enum Chance {
        /** Five pawns tossed in an even game: the creator moves first (sente) if three or more land 歩 up. */
        FURIGOMA("EVEN", "furigoma") {
            @Override
            boolean pending(JsonNode state) {
                JsonNode f = state.get("furigoma");
                return f.get("faces").isNull() && f.get("tosser").isNull() && f.get("tosserMovesFirst").isNull();
            }

            @Override
            String creatorSide(JsonNode state) {
                JsonNode f = state.get("furigoma");
                assertThat(f.get("faces")).hasSize(5);
                long pawns = pawns(f);
                String side = pawns >= 3 ? "sente" : "gote";
                assertThat(f.get("tosserMovesFirst").asBoolean()).isEqualTo(pawns >= 3);
                assertThat(f.get("tosser").asString()).as("the creator's colour").isEqualTo(side);
                return side;
            }
        },
        /** A draw in a handicap game: who gives the handicap (上手, gote, who moves first). */
        LOT("BISHOP", "lot") {
            @Override
            boolean pending(JsonNode state) {
                return state.get("lot").get("creator").isNull();
            }

            @Override
            String creatorSide(JsonNode state) {
                String side = state.get("lot").get("creator").asString();
                assertThat(side).isIn("sente", "gote");
                return side;
            }
        };

        private final String handicap;
        /** The member of the state and the flag of the summary that say how the sides are decided. */
        private final String field;

        Chance(String handicap, String field) {
            this.handicap = handicap;
            this.field = field;
        }

        /** The options of a game whose sides this decides, created by Taro. */
        String options(boolean lobby) {
            return "{\"name\":\"Taro\",\"handicap\":\"" + handicap + "\",\"side\":\"random\",\"lobby\":" + lobby + "}";
        }

        /** Whether a state says that the toss or the draw is still to come. */
        abstract boolean pending(JsonNode state);

        /** The creator's side as a state after the toss or the draw gives it, checked against the rest of what it says. */
        abstract String creatorSide(JsonNode state);

        /** The member of the state of the other way of deciding. */
        String other() {
            return this == FURIGOMA ? LOT.field : FURIGOMA.field;
        }
    }

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

    /** What a seat of a waiting game whose toss or draw is to come shows: none yet, the creator in sente's place. */
    private static void assertWaiting(Chance chance, JsonNode state, String you) {
        assertThat(state.get("status").asString()).isEqualTo("waiting");
        assertThat(chance.pending(state)).as("nothing tossed or drawn before the second player sits").isTrue();
        assertThat(state.get(chance.other()).isNull()).isTrue();
        assertThat(state.get("players").get("sente").get("name").asString()).isEqualTo("Taro");
        assertThat(state.get("players").get("gote").get("name").isNull()).as("the free seat").isTrue();
        if (you == null) {
            assertThat(state.get("you").isNull()).isTrue();
        } else {
            assertThat(state.get("you").asString()).isEqualTo(you);
        }
    }

    @ParameterizedTest
    @EnumSource(Chance.class)
    void theSidesAreDecidedWhenTheSecondPlayerTakesTheSeat(Chance chance) {
        Harness.Ws lobby = h.open("/ws/lobby");
        lobby.next("lobby");
        boolean creatorSente = false;
        boolean creatorGote = false;
        // Each toss or draw gives either side to the creator; play until both have been seen (64 tries: never both
        // but with odds of 2^-63).
        for (int i = 0; i < 64 && !(creatorSente && creatorGote); i++) {
            Harness.Seat a = h.create(chance.options(true));
            assertThat(a.color()).as("the creator's side is not known until the toss or the draw").isNull();
            JsonNode seek = lobby.next("seekAdded").get("seek");
            assertThat(seek.get(chance.field).asBoolean()).isTrue();
            assertThat(seek.get(chance.other()).asBoolean()).isFalse();
            assertThat(seek.get("creator").asString()).as("sente's place, where the creator waits").isEqualTo("sente");
            assertThat(seek.get("sente").asString()).isEqualTo("Taro");
            assertThat(seek.get("gote").isNull()).isTrue();

            // The creator's page, a reload of it and a spectator before the join: waiting, nothing decided.
            Harness.Ws creator = h.connect(a.gameId(), a.secret());
            assertWaiting(chance, creator.next("state"), "sente");
            assertWaiting(chance, h.get("/api/games/" + a.gameId(), a.secret()).body(), "sente");
            assertWaiting(chance, h.get("/api/games/" + a.gameId()).body(), null);

            Harness.Seat b = h.join(a.gameId(), "Hanako");
            assertThat(lobby.next("seekRemoved").get("id").asString()).isEqualTo(a.gameId());
            creator.next("started");
            JsonNode st = creator.next("state");
            assertThat(st.get("status").asString()).isEqualTo("playing");
            String mine = chance.creatorSide(st);
            String theirs = mine.equals("sente") ? "gote" : "sente";
            assertThat(st.get("you").asString()).as("the creator's connection from before the join").isEqualTo(mine);
            assertThat(b.color()).isEqualTo(theirs);
            assertThat(st.get("players").get(mine).get("name").asString()).isEqualTo("Taro");
            assertThat(st.get("players").get(theirs).get("name").asString()).isEqualTo("Hanako");
            if (mine.equals("gote")) {
                // The creator's connection went with it from sente's place to gote.
                JsonNode presence = creator.next("presence");
                assertThat(presence.get("gote").asBoolean()).isTrue();
                assertThat(presence.get("sente").asBoolean()).as("Hanako has not connected").isFalse();
            }

            // A reload and a new connection of the creator after the join, and the lists: the seat it was given.
            assertThat(h.get("/api/games/" + a.gameId(), a.secret()).body().get("you").asString()).isEqualTo(mine);
            Harness.Ws again = h.connect(a.gameId(), a.secret());
            JsonNode reconnected = again.next("state");
            assertThat(reconnected.get("you").asString()).isEqualTo(mine);
            assertThat(reconnected.get(chance.field)).isEqualTo(st.get(chance.field));
            JsonNode listed = summary(a.gameId());
            assertThat(listed.get("creator").asString()).isEqualTo(mine);
            assertThat(listed.get(mine).asString()).isEqualTo("Taro");
            assertThat(listed.get(theirs).asString()).isEqualTo("Hanako");
            assertThat(listed.get(chance.field).asBoolean()).isTrue();

            // The connection from before the join plays for the seat it was given: sente moves first in an even
            // game, the giver (gote) in a handicap game.
            Harness.Ws hanako = h.connect(a.gameId(), b.secret());
            assertThat(hanako.next("state").get("you").asString()).isEqualTo(theirs);
            String first = chance == Chance.FURIGOMA ? "sente" : "gote";
            assertThat(st.get("turn").asString()).isEqualTo(first);
            Harness.Ws mover = mine.equals(first) ? creator : hanako;
            Harness.Ws waiter = mover == creator ? hanako : creator;
            String[] moves = first.equals("sente") ? new String[] {"7g7f", "3c3d"} : new String[] {"3c3d", "7g7f"};
            waiter.move(moves[1], 0);
            assertThat(waiter.error("not_your_turn").get("message").asString()).isNotEmpty();
            mover.move(moves[0], 0);
            mover.next("move");
            assertThat(waiter.next("move").get("move").get("usi").asString()).isEqualTo(moves[0]);
            waiter.move(moves[1], 1);
            assertThat(mover.next("move").get("move").get("usi").asString()).isEqualTo(moves[1]);
            if (mine.equals("sente")) {
                creatorSente = true;
            } else {
                creatorGote = true;
            }
            creator.close();
            again.close();
            hanako.close();
        }
        assertThat(creatorSente).as("a toss or draw that gave the creator sente").isTrue();
        assertThat(creatorGote).as("a toss or draw that gave the creator gote").isTrue();
    }

    @ParameterizedTest
    @EnumSource(Chance.class)
    void aGameWaitingForItsSidesIsKeptAcrossARestartAndDecidedAtTheJoin(Chance chance) {
        Harness.Seat a = h.create(chance.options(false));
        h.close();
        h = server();
        assertWaiting(chance, h.get("/api/games/" + a.gameId(), a.secret()).body(), "sente");
        Harness.Seat b = h.join(a.gameId(), "Hanako");
        JsonNode st = h.get("/api/games/" + a.gameId(), a.secret()).body();
        String mine = chance.creatorSide(st);
        assertThat(st.get("you").asString()).isEqualTo(mine);
        assertThat(b.color()).isIn("sente", "gote").isNotEqualTo(mine);
        h.close();
        h = server();
        JsonNode after = h.get("/api/games/" + a.gameId(), a.secret()).body();
        assertThat(after.get("you").asString()).as("the toss or the draw is stored with the seats").isEqualTo(mine);
        assertThat(after.get(chance.field)).isEqualTo(st.get(chance.field));
    }

    @ParameterizedTest
    @EnumSource(Chance.class)
    void aGameAgainstTheEngineIsDecidedWhenItIsCreated(Chance chance) {
        h.close();
        h = new Harness(dir, new EngineSettings(1, 2_000, Duration.ofSeconds(10)));
        Harness.Seat a = h.create(chance.options(false).replace("}", ",\"opponent\":\"engine\",\"engineLevel\":1}"));
        JsonNode st = h.get("/api/games/" + a.gameId(), a.secret()).body();
        assertThat(st.get("status").asString()).isEqualTo("playing");
        String mine = chance.creatorSide(st);
        assertThat(a.color()).as("both players are seated at once: decided at once").isEqualTo(mine);
        assertThat(st.get("you").asString()).isEqualTo(mine);
        assertThat(st.get("players").get(mine).get("name").asString()).isEqualTo("Taro");
        assertThat(summary(a.gameId()).get(chance.field).asBoolean()).isTrue();
    }

    @Test
    void aChosenSideIsNeitherTossedNorDrawn() {
        for (String handicap : new String[] {"EVEN", "ROOK"}) {
            Harness.Seat chosen = h.create("{\"handicap\":\"" + handicap + "\",\"side\":\"gote\"}");
            assertThat(chosen.color()).isEqualTo("gote");
            JsonNode st = h.get("/api/games/" + chosen.gameId()).body();
            assertThat(st.get("furigoma").isNull()).isTrue();
            assertThat(st.get("lot").isNull()).isTrue();
            JsonNode listed = summary(chosen.gameId());
            assertThat(listed.get("furigoma").asBoolean()).isFalse();
            assertThat(listed.get("lot").asBoolean()).isFalse();
            assertThat(listed.get("creator").asString()).isEqualTo("gote");
        }
    }
}
