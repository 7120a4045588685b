package dev.meijin.server.game;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DatabaseTest {

    /** Opens the H2 database of the directory given, says so on standard output and waits to be killed. */
    public static void main(String[] args) throws InterruptedException {
        try (Database db = Database.h2(Path.of(args[0]))) {
            String open = db.jdbi().withHandle(h -> h.createQuery("select 'open'").mapTo(String.class).one());
            System.out.println(open);
            System.out.flush();
            Thread.sleep(60_000);
        }
    }

    @Test
    void aDatabaseAnotherProcessHoldsOpenIsRefusedWithTheFileAndTheLikelyCauseNamed(@TempDir Path dir) throws Exception {
        String java = ProcessHandle.current().info().command().orElseThrow();
        Process other = new ProcessBuilder(java, "-cp", System.getProperty("java.class.path"), DatabaseTest.class.getName(),
                dir.toString()).redirectErrorStream(true).start();
        try {
            BufferedReader out = new BufferedReader(new InputStreamReader(other.getInputStream(), StandardCharsets.UTF_8));
            assertThat(out.readLine()).as("the other process has the database open").isEqualTo("open");
            assertThatThrownBy(() -> Database.h2(dir)).isInstanceOf(IllegalStateException.class)
                    .hasMessage("the database " + dir.toAbsolutePath().resolve("meijin") + ".mv.db is in use by another program "
                            + "(is another meijin serve running with the same data directory?)");
        } finally {
            other.destroyForcibly();
            other.waitFor(10, TimeUnit.SECONDS);
        }
        try (Database db = Database.h2(dir)) {
            int games = db.jdbi().withHandle(h -> h.createQuery("select count(*) from games").mapTo(Integer.class).one());
            assertThat(games).as("opened once the other process is gone").isZero();
        }
    }
}
