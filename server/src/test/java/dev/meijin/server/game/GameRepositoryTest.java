package dev.meijin.server.game;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.meijin.core.Color;
import dev.meijin.core.game.Ending;
import dev.meijin.core.game.Furigoma;
import dev.meijin.core.game.Handicap;
import dev.meijin.core.game.TimeControl;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import java.util.random.RandomGenerator;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** The repository on the embedded H2 file database and on a real PostgreSQL started by the test. */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class GameRepositoryTest {
    private EmbeddedPostgres postgres;
    private Database h2;
    private Database pg;
    private Path h2Dir;

    @BeforeAll
    void open() throws IOException {
        h2Dir = Files.createTempDirectory("meijin-h2");
        h2 = Database.h2(h2Dir);
        postgres = EmbeddedPostgres.start();
        pg = Database.open(postgres.getJdbcUrl("postgres", "postgres"), "postgres", "postgres");
    }

    @AfterAll
    void close() throws IOException {
        h2.close();
        pg.close();
        postgres.close();
    }

    Stream<GameRepository> repositories() {
        return Stream.of(new GameRepository(h2.jdbi()), new GameRepository(pg.jdbi()));
    }

    private static String unique() {
        return UUID.randomUUID().toString().substring(0, 12);
    }

    private static StoredGame game(String player, TimeControl tc, Furigoma toss) {
        StoredGame.Terms terms = new StoredGame.Terms(toss == null ? Handicap.TWO_PIECE : Handicap.EVEN, "casual", tc, null, Color.GOTE, toss != null,
                false, toss, true);
        return new StoredGame(Secrets.newGameId(), GameStatus.WAITING, 1_000, null, 1_000, terms, StoredGame.Player.OPEN,
                new StoredGame.Player(player, PlayerKind.HUMAN, Secrets.hash("s3cret")), 0, null);
    }

    @ParameterizedTest
    @MethodSource("repositories")
    void aGameRoundTripsWithEveryField(GameRepository repo) {
        Furigoma toss = new Furigoma(List.of(Furigoma.Face.PAWN, Furigoma.Face.TOKIN, Furigoma.Face.TOKIN, Furigoma.Face.PAWN, Furigoma.Face.TOKIN));
        StoredGame g = game(unique(), new TimeControl(Duration.ofMinutes(10), Duration.ofSeconds(30), 3, Duration.ofSeconds(5)), toss);
        repo.create(g);
        assertThat(repo.find(g.id())).hasValue(g);
        StoredGame unlimited = game(unique(), TimeControl.UNLIMITED, null);
        repo.create(unlimited);
        assertThat(repo.find(unlimited.id())).hasValue(unlimited);
        StoredGame engine = new StoredGame(Secrets.newGameId(), GameStatus.PLAYING, 5, 5L, 5,
                new StoredGame.Terms(Handicap.EVEN, "csa", TimeControl.UNLIMITED, 4, Color.SENTE, false, false, null, false),
                new StoredGame.Player("Taro", PlayerKind.HUMAN, Secrets.hash("x")), new StoredGame.Player("Meijin level 4", PlayerKind.ENGINE, null), 0,
                null);
        repo.create(engine);
        assertThat(repo.find(engine.id())).hasValue(engine);
        assertThat(repo.find("nosuchid")).isEmpty();
    }

    /** Randomness that draws these booleans in turn ({@link Furigoma#toss}: true is a tokin face up). */
    private static RandomGenerator scripted(boolean... draws) {
        int[] next = {0};
        return () -> draws[next[0]++] ? -1L : 0L;
    }

    @ParameterizedTest
    @MethodSource("repositories")
    void joiningTakesTheFreeSeatOnce(GameRepository repo) {
        StoredGame g = game(unique(), TimeControl.UNLIMITED, null);
        repo.create(g);
        assertThat(repo.find(g.id()).orElseThrow().startedAt()).as("not started while it waits").isNull();
        StoredGame.Player hanako = new StoredGame.Player("Hanako", PlayerKind.HUMAN, Secrets.hash("h"));
        StoredGame joined = g.joined(hanako, null, 2_000);
        assertThat(repo.join(joined)).isTrue();
        assertThat(repo.join(g.joined(new StoredGame.Player("Late", PlayerKind.HUMAN, Secrets.hash("l")), null, 2_001))).isFalse();
        StoredGame after = repo.find(g.id()).orElseThrow();
        assertThat(after).isEqualTo(joined);
        assertThat(after.status()).isEqualTo(GameStatus.PLAYING);
        assertThat(after.sente()).isEqualTo(hanako);
        assertThat(after.gote().name()).isEqualTo(g.gote().name());
        assertThat(after.updatedAt()).isEqualTo(2_000);
        assertThat(after.startedAt()).as("started by the join").isEqualTo(2_000L);
        assertThat(after.startTime()).isEqualTo(2_000);
        assertThat(g.startTime()).as("a game not started is dated by its creation").isEqualTo(1_000);
    }

    @ParameterizedTest
    @MethodSource("repositories")
    void aGameWaitingForItsFurigomaTossIsStoredWithTheSeatsTheTossGives(GameRepository repo) {
        StoredGame.Player taro = new StoredGame.Player("Taro", PlayerKind.HUMAN, Secrets.hash("t"));
        StoredGame.Terms terms = new StoredGame.Terms(Handicap.EVEN, "csa", TimeControl.UNLIMITED, null, Color.SENTE, true, false, null, true);
        StoredGame g = new StoredGame(Secrets.newGameId(), GameStatus.WAITING, 1_000, null, 1_000, terms, taro, StoredGame.Player.OPEN, 0, null);
        repo.create(g);
        assertThat(repo.find(g.id())).hasValue(g);
        assertThat(repo.find(g.id()).orElseThrow().terms().tossPending()).isTrue();
        // Two pawns and three tokins: the tosser's opponent moves first, so the creator goes to gote.
        Furigoma toss = new Furigoma(List.of(Furigoma.Face.TOKIN, Furigoma.Face.PAWN, Furigoma.Face.TOKIN, Furigoma.Face.PAWN, Furigoma.Face.TOKIN));
        StoredGame.Player hanako = new StoredGame.Player("Hanako", PlayerKind.HUMAN, Secrets.hash("h"));
        assertThat(repo.join(g.joined(hanako, scripted(true, false, true, false, true), 3_000))).isTrue();
        StoredGame after = repo.find(g.id()).orElseThrow();
        assertThat(after.sente()).isEqualTo(hanako);
        assertThat(after.gote()).isEqualTo(taro);
        assertThat(after.terms().creator()).isEqualTo(Color.GOTE);
        assertThat(after.terms().furigoma()).isEqualTo(toss);
        assertThat(after.terms().tossPending()).isFalse();
        assertThat(after.status()).isEqualTo(GameStatus.PLAYING);
        assertThat(after.updatedAt()).isEqualTo(3_000);
    }

    @ParameterizedTest
    @MethodSource("repositories")
    void aHandicapGameWaitingForItsDrawByLotIsStoredWithTheSeatsTheDrawGives(GameRepository repo) {
        StoredGame.Player taro = new StoredGame.Player("Taro", PlayerKind.HUMAN, Secrets.hash("t"));
        StoredGame.Terms terms = new StoredGame.Terms(Handicap.BISHOP, "csa", TimeControl.UNLIMITED, null, Color.SENTE, false, true, null, true);
        for (boolean creatorSente : new boolean[] {true, false}) {
            StoredGame g = new StoredGame(Secrets.newGameId(), GameStatus.WAITING, 1_000, null, 1_000, terms, taro, StoredGame.Player.OPEN, 0, null);
            repo.create(g);
            assertThat(repo.find(g.id())).hasValue(g);
            assertThat(repo.find(g.id()).orElseThrow().sidesPending()).isTrue();
            StoredGame.Player hanako = new StoredGame.Player("Hanako", PlayerKind.HUMAN, Secrets.hash("h"));
            StoredGame joined = g.joined(hanako, scripted(creatorSente), 3_000);
            assertThat(repo.join(joined)).isTrue();
            StoredGame after = repo.find(g.id()).orElseThrow();
            assertThat(after).isEqualTo(joined);
            assertThat(after.sente()).isEqualTo(creatorSente ? taro : hanako);
            assertThat(after.gote()).isEqualTo(creatorSente ? hanako : taro);
            assertThat(after.terms().creator()).isEqualTo(creatorSente ? Color.SENTE : Color.GOTE);
            assertThat(after.terms().byLot()).isTrue();
            assertThat(after.terms().furigoma()).isNull();
            assertThat(after.sidesPending()).isFalse();
            assertThat(after.status()).isEqualTo(GameStatus.PLAYING);
        }
    }

    @Test
    void onlyAHandicapGameIsDrawnByLotAndUntilTheDrawItsCreatorWaitsInSentesPlace() {
        assertThatThrownBy(() -> new StoredGame.Terms(Handicap.EVEN, "csa", TimeControl.UNLIMITED, null, Color.SENTE, false, true, null, true))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("only the sides of a handicap game are drawn by lot");
        StoredGame.Terms gote = new StoredGame.Terms(Handicap.ROOK, "csa", TimeControl.UNLIMITED, null, Color.GOTE, false, true, null, true);
        StoredGame.Player taro = new StoredGame.Player("Taro", PlayerKind.HUMAN, Secrets.hash("t"));
        assertThatThrownBy(() -> new StoredGame("abcdefgh", GameStatus.WAITING, 0, null, 0, gote, taro, StoredGame.Player.OPEN, 0, null))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("until the draw the creator waits in sente's place");
    }

    @ParameterizedTest
    @MethodSource("repositories")
    void movesAreCommittedWithThePlyAndTheResult(GameRepository repo) {
        StoredGame g = game(unique(), TimeControl.UNLIMITED, null);
        repo.create(g);
        StoredMove m1 = new StoredMove(1, "3c3d", null, 10, 0, 0, 0, 0);
        StoredMove m2 = new StoredMove(2, "7g7f", 2_500L, 12, 1, 0, 2, 1);
        repo.recordMove(g.id(), m1, null);
        repo.recordMove(g.id(), m2, null);
        // a second writer at an old ply is refused and writes nothing
        assertThatThrownBy(() -> repo.recordMove(g.id(), new StoredMove(2, "2g2f", 1L, 13, 0, 0, 0, 0), null))
                .isInstanceOf(IllegalStateException.class).hasMessage("game " + g.id() + " is not at ply 1");
        assertThatThrownBy(() -> repo.recordMove(g.id(), new StoredMove(4, "2g2f", 1L, 13, 0, 0, 0, 0), null))
                .isInstanceOf(IllegalStateException.class).hasMessage("game " + g.id() + " is not at ply 3");
        assertThat(repo.moves(g.id())).containsExactly(m1, m2);
        StoredGame.Result r = new StoredGame.Result(Color.SENTE, Ending.CHECKMATE, "", 20);
        StoredMove m3 = new StoredMove(3, "8b2b", 700L, 20, 1, 0, 2, 1);
        repo.recordMove(g.id(), m3, r);
        StoredGame done = repo.find(g.id()).orElseThrow();
        assertThat(done.ply()).isEqualTo(3);
        assertThat(done.status()).isEqualTo(GameStatus.FINISHED);
        assertThat(done.result()).isEqualTo(r);
        assertThat(repo.moves(g.id())).containsExactly(m1, m2, m3);
    }

    @ParameterizedTest
    @MethodSource("repositories")
    void takebacksDeleteMovesAndFinishStoresTheResult(GameRepository repo) {
        StoredGame g = game(unique(), TimeControl.UNLIMITED, null);
        repo.create(g);
        for (int i = 1; i <= 3; i++) {
            repo.recordMove(g.id(), new StoredMove(i, "m" + i, null, i, 0, 0, 0, 0), null);
        }
        repo.takeBack(g.id(), 1, 50);
        assertThat(repo.moves(g.id())).extracting(StoredMove::usi).containsExactly("m1");
        assertThat(repo.find(g.id()).orElseThrow().ply()).isEqualTo(1);
        StoredGame.Result r = new StoredGame.Result(null, Ending.ABORTED, "x".repeat(300), 60);
        repo.finish(g.id(), GameStatus.ABORTED, r);
        StoredGame done = repo.find(g.id()).orElseThrow();
        assertThat(done.status()).isEqualTo(GameStatus.ABORTED);
        assertThat(done.result().detail()).as("details are clipped to the column").hasSize(200);
        assertThat(done.result().winner()).isNull();
    }

    @ParameterizedTest
    @MethodSource("repositories")
    void theClocksAtTheEndAreStoredWithTheResult(GameRepository repo) {
        TimeControl tc = new TimeControl(Duration.ofMinutes(10), Duration.ofSeconds(30), 3, Duration.ZERO);
        StoredGame resigned = game(unique(), tc, null);
        repo.create(resigned);
        StoredGame.FinalClock atResignation = new StoredGame.FinalClock(new StoredGame.FinalClock.Side(0, 12_345, 2),
                new StoredGame.FinalClock.Side(595_300, 30_000, 3));
        StoredGame.Result resignation = new StoredGame.Result(Color.SENTE, Ending.RESIGNATION, "", 40, atResignation);
        repo.finish(resigned.id(), GameStatus.FINISHED, resignation);
        assertThat(repo.find(resigned.id()).orElseThrow().result()).isEqualTo(resignation);

        // a move that ends the game stores them with it
        StoredGame mated = game(unique(), tc, null);
        repo.create(mated);
        StoredGame.FinalClock atMate = new StoredGame.FinalClock(new StoredGame.FinalClock.Side(600_000, 30_000, 3),
                new StoredGame.FinalClock.Side(0, 0, 0));
        StoredGame.Result mate = new StoredGame.Result(Color.SENTE, Ending.CHECKMATE, "", 50, atMate);
        repo.recordMove(mated.id(), new StoredMove(1, "7g7f", null, 50, 600_000, 3, 600_000, 3), mate);
        assertThat(repo.find(mated.id()).orElseThrow().result()).isEqualTo(mate);
        assertThat(repo.list(GameStatus.FINISHED, mated.gote().name(), 1)).extracting(StoredGame::result).containsExactly(mate);

        // an untimed game's result has none
        StoredGame untimed = game(unique(), TimeControl.UNLIMITED, null);
        repo.create(untimed);
        StoredGame.Result aborted = new StoredGame.Result(null, Ending.ABORTED, "gote aborted", 60);
        repo.finish(untimed.id(), GameStatus.ABORTED, aborted);
        assertThat(repo.find(untimed.id()).orElseThrow().result()).isEqualTo(aborted);
        assertThat(aborted.clock()).isNull();
    }

    @ParameterizedTest
    @MethodSource("repositories")
    void listingByStatusAndPlayerNewestFirst(GameRepository repo) {
        String player = unique();
        StoredGame a = game(player, TimeControl.UNLIMITED, null);
        StoredGame b = new StoredGame(Secrets.newGameId(), GameStatus.WAITING, 2_000, null, 2_000, a.terms(), a.sente(), a.gote(), 0, null);
        repo.create(a);
        repo.create(b);
        assertThat(repo.list(null, player, 10)).extracting(StoredGame::id).containsExactly(b.id(), a.id());
        assertThat(repo.list(GameStatus.WAITING, player, 1)).extracting(StoredGame::id).containsExactly(b.id());
        assertThat(repo.list(GameStatus.FINISHED, player, 10)).isEmpty();
        assertThat(repo.liveIds()).contains(a.id(), b.id());
        repo.finish(a.id(), GameStatus.FINISHED, new StoredGame.Result(Color.GOTE, Ending.RESIGNATION, "", 3_000));
        assertThat(repo.liveIds()).contains(b.id()).doesNotContain(a.id());
    }
}
