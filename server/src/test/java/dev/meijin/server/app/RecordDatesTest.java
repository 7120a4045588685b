package dev.meijin.server.app;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.meijin.core.game.TimeSource;
import dev.meijin.server.EngineSettings;
import dev.meijin.server.ServerConfig;
import dev.meijin.server.game.Database;
import dev.meijin.server.game.GameRepository;
import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneId;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The dates of the records the server writes (KIF 開始日時 and 終了日時, CSA {@code $START_TIME} and
 * {@code $END_TIME}) are the local times of the configured zone, whatever the machine's zone, and the start is when
 * the game began, both players seated, not when it was created: a game created, joined and resigned at known
 * instants, on a wall clock the test sets.
 */
class RecordDatesTest {
    /** 2026-03-01 16:05:00 UTC: the game is created and waits for its second player. */
    private static final Instant CREATED = Instant.parse("2026-03-01T16:05:00Z");
    /**
     * 2026-03-01 16:30:00 UTC, 25 minutes later: the second player joins and the game starts; already 2 March in Japan
     * (01:30), still the morning of 1 March in New York (11:30).
     */
    private static final Instant START = Instant.parse("2026-03-01T16:30:00Z");
    /** 95 minutes and 5 seconds later. */
    private static final Instant END = Instant.parse("2026-03-01T18:05:05Z");

    @TempDir
    Path dir;
    private final AtomicLong wallMillis = new AtomicLong(CREATED.toEpochMilli());
    private Harness h;

    @AfterEach
    void stop() {
        if (h != null) {
            h.close();
        }
    }

    /**
     * A game between people created at {@link #CREATED}, joined at {@link #START} and resigned by sente at
     * {@link #END}: its id.
     */
    private String gameResignedAtTheEnd(ServerConfig cfg) {
        h = new Harness(config(cfg));
        Harness.Seat creator = h.create("{\"side\":\"sente\"}");
        wallMillis.set(START.toEpochMilli());
        h.join(creator.gameId(), "Hanako");
        Harness.Ws sente = h.connect(creator.gameId(), creator.secret());
        sente.next("state");
        sente.move("7g7f", 0);
        sente.next("move");
        wallMillis.set(END.toEpochMilli());
        sente.send("{\"t\":\"resign\"}");
        assertThat(sente.next("end").get("outcome").get("reason").asString()).isEqualTo("RESIGNATION");
        return creator.gameId();
    }

    private ServerConfig config(ServerConfig cfg) {
        return cfg.withPort(0).withDataDir(dir).withEngine(EngineSettings.off()).withTime(TimeSource.SYSTEM, () -> Instant.ofEpochMilli(wallMillis.get()));
    }

    private String record(String id, String format) {
        Harness.Answer a = h.get("/api/games/" + id + "/record?format=" + format);
        assertThat(a.status()).as(a.text()).isEqualTo(200);
        return a.text();
    }

    @Test
    void recordsAreDatedInJapanTimeByDefault() {
        ServerConfig cfg = ServerConfig.defaults();
        if (System.getenv(ServerConfig.RECORD_ZONE_VARIABLE) != null) {
            cfg = cfg.withRecordZone(ServerConfig.DEFAULT_RECORD_ZONE); // the default, whatever this machine's environment says
        }
        assertThat(cfg.recordZone()).isEqualTo(ZoneId.of("Asia/Tokyo"));
        String id = gameResignedAtTheEnd(cfg);
        assertThat(record(id, "kif").lines()).contains("開始日時：2026/03/02 01:30:00", "終了日時：2026/03/02 03:05:05");
        assertThat(record(id, "csa").lines()).contains("$START_TIME:2026/03/02 01:30:00", "$END_TIME:2026/03/02 03:05:05");
    }

    @Test
    void recordsAreDatedInTheConfiguredZone() {
        String id = gameResignedAtTheEnd(ServerConfig.defaults().withRecordZone(ZoneId.of("America/New_York")));
        assertThat(record(id, "kif").lines()).contains("開始日時：2026/03/01 11:30:00", "終了日時：2026/03/01 13:05:05");
        assertThat(record(id, "csa").lines()).contains("$START_TIME:2026/03/01 11:30:00", "$END_TIME:2026/03/01 13:05:05");
    }

    @Test
    void aGameStoredBeforeItsStartWasRecordedIsDatedByItsCreation() {
        ServerConfig cfg = ServerConfig.defaults().withRecordZone(ZoneId.of("UTC"));
        String id = gameResignedAtTheEnd(cfg);
        assertThat(record(id, "kif").lines()).contains("開始日時：2026/03/01 16:30:00");
        h.close();
        try (Database db = Database.h2(dir)) {
            new GameRepository(db.jdbi()).inTransaction(t -> t.execute("update games set started_at = null where id = ?", id));
        }
        h = new Harness(config(cfg));
        assertThat(record(id, "kif").lines()).contains("開始日時：2026/03/01 16:05:00", "終了日時：2026/03/01 18:05:05");
        assertThat(record(id, "csa").lines()).contains("$START_TIME:2026/03/01 16:05:00", "$END_TIME:2026/03/01 18:05:05");
    }

    @Test
    void theZoneIsReadFromItsSettingAndABadOneIsRefusedByName() {
        assertThat(ServerConfig.recordZone(null)).isEqualTo(ZoneId.of("Asia/Tokyo"));
        assertThat(ServerConfig.recordZone(" ")).isEqualTo(ZoneId.of("Asia/Tokyo"));
        assertThat(ServerConfig.recordZone("UTC")).isEqualTo(ZoneId.of("UTC"));
        assertThat(ServerConfig.recordZone(" Europe/Paris ")).isEqualTo(ZoneId.of("Europe/Paris"));
        assertThat(ServerConfig.recordZone("+05:30")).isEqualTo(ZoneId.of("+05:30"));
        assertThatThrownBy(() -> ServerConfig.recordZone("Mars/Olympus_Mons"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("MEIJIN_RECORD_ZONE \"Mars/Olympus_Mons\" is not a time zone; give a region such as Asia/Tokyo, UTC or an offset"
                        + " such as +09:00");
    }
}
