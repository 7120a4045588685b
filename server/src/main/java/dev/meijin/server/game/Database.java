package dev.meijin.server.game;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import java.nio.file.Path;
import java.sql.SQLException;
import org.flywaydb.core.Flyway;
import org.jdbi.v3.core.Jdbi;

/**
 * The connection pool and schema: an H2 file database by default, any JDBC URL (PostgreSQL) when given. The
 * schema is brought up to date by the Flyway migrations under {@code db/migration} on every open.
 */
public final class Database implements AutoCloseable {
    private final HikariDataSource dataSource;
    private final Jdbi jdbi;

    private Database(HikariDataSource ds) {
        this.dataSource = ds;
        Flyway.configure().dataSource(ds).locations("classpath:db/migration").load().migrate();
        this.jdbi = Jdbi.create(ds);
    }

    /**
     * The H2 database file {@code meijin} under a directory. {@code WRITE_DELAY=0} makes every commit reach
     * the file before the commit returns, so a killed server loses no acknowledged move.
     *
     * @throws IllegalStateException if another process (another server) has the file open
     */
    public static Database h2(Path dir) {
        Path file = dir.toAbsolutePath().resolve("meijin");
        try {
            return open("jdbc:h2:file:" + file + ";WRITE_DELAY=0", "sa", "");
        } catch (RuntimeException e) {
            if (heldByAnotherProcess(e)) {
                throw new IllegalStateException("the database " + file + ".mv.db is in use by another program "
                        + "(is another meijin serve running with the same data directory?)", e);
            }
            throw e;
        }
    }

    /** H2's error code for a database file that another process holds open. */
    private static final int H2_DATABASE_ALREADY_OPEN = 90020;

    /** Whether opening failed because another process holds the H2 file open. */
    private static boolean heldByAnotherProcess(Throwable t) {
        for (Throwable c = t; c != null; c = c.getCause()) {
            if (c instanceof SQLException s && s.getErrorCode() == H2_DATABASE_ALREADY_OPEN) {
                return true;
            }
        }
        return false;
    }

    /**
     * A database by JDBC URL ({@code jdbc:postgresql://host/db?user=…&password=…} or {@code jdbc:h2:…}).
     *
     * @throws IllegalArgumentException if the URL is not a JDBC URL
     */
    public static Database open(String url, String user, String password) {
        if (url == null || !url.startsWith("jdbc:")) {
            throw new IllegalArgumentException("not a JDBC URL: \"" + url + "\" (expected jdbc:postgresql://… or jdbc:h2:…)");
        }
        HikariConfig c = new HikariConfig();
        c.setJdbcUrl(url);
        if (user != null) {
            c.setUsername(user);
        }
        if (password != null) {
            c.setPassword(password);
        }
        c.setMaximumPoolSize(8);
        c.setPoolName("meijin");
        return new Database(new HikariDataSource(c));
    }

    /** The JDBI handle factory. */
    public Jdbi jdbi() {
        return jdbi;
    }

    @Override
    public void close() {
        dataSource.close();
    }
}
