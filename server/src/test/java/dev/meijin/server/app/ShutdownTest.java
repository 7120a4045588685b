package dev.meijin.server.app;

import static org.assertj.core.api.Assertions.assertThat;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.slf4j.LoggerFactory;
import tools.jackson.databind.JsonNode;

/**
 * A clean shutdown (what Ctrl-C does) in the middle of games: the rounds finish the commands already posted
 * before the database closes, nothing is logged as an error, and every game resumes on the next start with
 * the moves that were acknowledged.
 */
class ShutdownTest {
    @TempDir
    Path dir;
    private final ListAppender<ILoggingEvent> log = new ListAppender<>();
    private final Logger root = (Logger) LoggerFactory.getLogger(org.slf4j.Logger.ROOT_LOGGER_NAME);

    @BeforeEach
    void listen() {
        log.start();
        root.addAppender(log);
    }

    @AfterEach
    void unlisten() {
        root.detachAppender(log);
    }

    private List<String> errors() {
        return log.list.stream().filter(e -> e.getLevel().isGreaterOrEqual(Level.ERROR))
                .map(e -> e.getLoggerName() + ": " + e.getFormattedMessage()).toList();
    }

    @Test
    void closingMidGameLogsNoErrorAndTheGamesResumeWithTheirMoves() {
        String[] opening = {"7g7f", "3c3d", "2g2f", "4c4d", "2f2e", "2b3c"};
        Harness h = new Harness(dir);
        Harness.Seat[][] games = new Harness.Seat[4][];
        Harness.Ws[] next = new Harness.Ws[games.length];
        for (int g = 0; g < games.length; g++) {
            games[g] = h.pair("{\"side\":\"sente\",\"timeControl\":{\"mainSeconds\":600,\"byoyomiSeconds\":30,\"periods\":1}}");
            Harness.Ws sente = h.connect(games[g][0].gameId(), games[g][0].secret());
            Harness.Ws gote = h.connect(games[g][1].gameId(), games[g][1].secret());
            sente.next("state");
            gote.next("state");
            for (int ply = 0; ply <= g; ply++) {
                Harness.Ws mover = ply % 2 == 0 ? sente : gote;
                mover.move(opening[ply], ply);
                assertThat(sente.next("move").get("ply").asInt()).isEqualTo(ply + 1);
                assertThat(gote.next("move").get("ply").asInt()).isEqualTo(ply + 1);
            }
            next[g] = (g + 1) % 2 == 0 ? sente : gote;
        }
        // the players are still connected, their flag timers are set, and each game's next move is on its way
        // when the server stops as Ctrl-C does
        for (int g = 0; g < games.length; g++) {
            next[g].move(opening[g + 1], g + 1);
        }
        h.close();
        assertThat(errors()).as("errors logged while the server stopped").isEmpty();

        Harness again = new Harness(dir);
        try {
            for (int g = 0; g < games.length; g++) {
                Harness.Seat[] s = games[g];
                JsonNode st = again.connect(s[0].gameId(), s[0].secret()).next("state");
                assertThat(st.get("status").asString()).isEqualTo("playing");
                int ply = st.get("ply").asInt();
                // the move sent as the server stopped is stored whole or not at all
                assertThat(ply).as("game %d resumes with its moves", g).isBetween(g + 1, g + 2);
                assertThat(Harness.strings(st.get("moves"), "usi")).as("game %d's stored moves", g).isEqualTo(List.of(opening).subList(0, ply));
                Harness.Ws mover = again.connect(s[ply % 2].gameId(), s[ply % 2].secret());
                mover.next("state");
                mover.move(opening[ply], ply);
                assertThat(mover.next("move").get("ply").asInt()).as("game %d goes on", g).isEqualTo(ply + 1);
            }
        } finally {
            again.close();
        }
        assertThat(errors()).as("errors logged after the restart").isEmpty();
    }
}
