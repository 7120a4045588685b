package dev.meijin.server.game;

import dev.meijin.core.Color;
import dev.meijin.core.game.Furigoma;
import dev.meijin.core.game.Ending;
import dev.meijin.core.game.Handicap;
import dev.meijin.core.game.TimeControl;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.jdbi.v3.core.Handle;
import org.jdbi.v3.core.Jdbi;
import org.jdbi.v3.core.statement.PreparedBatch;
import org.jdbi.v3.core.statement.SqlStatement;
import org.jdbi.v3.core.statement.Update;

/**
 * Stored games and their moves over JDBI. Every write is one transaction, so a move and the game's ply (and
 * its result, when the move ends the game) are committed together or not at all.
 */
public final class GameRepository {
    private static final String COLUMNS = "id, status, created_at, started_at, updated_at, handicap, rules, main_ms, byoyomi_ms, periods, increment_ms,"
            + " sente_name, gote_name, sente_kind, gote_kind, engine_level, sente_secret, gote_secret, creator, by_furigoma, by_lot, furigoma,"
            + " in_lobby, ply, winner, reason, detail, ended_at, sente_final_main_ms, sente_final_byoyomi_ms, sente_final_periods, gote_final_main_ms,"
            + " gote_final_byoyomi_ms, gote_final_periods";

    private final Jdbi jdbi;
    private volatile MoveCommitter committer;

    /** A repository over a database. */
    public GameRepository(Jdbi jdbi) {
        this.jdbi = jdbi;
    }

    /** Stores a new game. */
    public void create(StoredGame g) {
        jdbi.useHandle(h -> {
            Update u = h.createUpdate("insert into games (" + COLUMNS + ") values (:id, :status, :created_at, :started_at, :updated_at, :handicap, :rules,"
                    + " :main_ms, :byoyomi_ms, :periods, :increment_ms, :sente_name, :gote_name, :sente_kind, :gote_kind, :engine_level,"
                    + " :sente_secret, :gote_secret, :creator, :by_furigoma, :by_lot, :furigoma, :in_lobby, :ply, :winner, :reason, :detail,"
                    + " :ended_at, :sente_final_main_ms, :sente_final_byoyomi_ms, :sente_final_periods, :gote_final_main_ms,"
                    + " :gote_final_byoyomi_ms, :gote_final_periods)");
            bindAll(u, g).execute();
        });
    }

    private static Update bindAll(Update u, StoredGame g) {
        StoredGame.Terms t = g.terms();
        TimeControl tc = t.timeControl();
        boolean unlimited = tc.isUnlimited();
        u.bind("id", g.id()).bind("status", g.status().name()).bind("created_at", g.createdAt()).bind("started_at", g.startedAt())
                .bind("updated_at", g.updatedAt())
                .bind("handicap", t.handicap().id()).bind("rules", t.rules())
                .bind("main_ms", unlimited ? null : tc.main().toMillis()).bind("byoyomi_ms", unlimited ? null : tc.byoyomi().toMillis())
                .bind("periods", unlimited ? null : tc.periods()).bind("increment_ms", unlimited ? null : tc.increment().toMillis())
                .bind("sente_name", g.sente().name()).bind("gote_name", g.gote().name())
                .bind("sente_kind", g.sente().kind().name()).bind("gote_kind", g.gote().kind().name())
                .bind("engine_level", t.engineLevel()).bind("sente_secret", g.sente().secretHash()).bind("gote_secret", g.gote().secretHash())
                .bind("creator", t.creator().name()).bind("by_furigoma", t.byFurigoma()).bind("by_lot", t.byLot())
                .bind("furigoma", t.furigoma() == null ? null : faces(t.furigoma())).bind("in_lobby", t.inLobby()).bind("ply", g.ply());
        bindResult(u, g.result());
        return u;
    }

    private static void bindResult(SqlStatement<?> u, StoredGame.Result r) {
        u.bind("winner", r == null || r.winner() == null ? null : r.winner().name()).bind("reason", r == null ? null : r.reason().name())
                .bind("detail", r == null ? null : clip(r.detail(), 200)).bind("ended_at", r == null ? null : r.endedAt());
        StoredGame.FinalClock c = r == null ? null : r.clock();
        for (Color color : Color.values()) {
            String p = color == Color.SENTE ? "sente_final_" : "gote_final_";
            StoredGame.FinalClock.Side s = c == null ? null : c.side(color);
            u.bind(p + "main_ms", s == null ? null : s.mainMs()).bind(p + "byoyomi_ms", s == null ? null : s.byoyomiMs())
                    .bind(p + "periods", s == null ? null : s.periods());
        }
    }

    /** The columns of a result, set by {@link #bindResult}. */
    private static final String SET_RESULT = "winner = :winner, reason = :reason, detail = :detail, ended_at = :ended_at,"
            + " sente_final_main_ms = :sente_final_main_ms, sente_final_byoyomi_ms = :sente_final_byoyomi_ms,"
            + " sente_final_periods = :sente_final_periods, gote_final_main_ms = :gote_final_main_ms,"
            + " gote_final_byoyomi_ms = :gote_final_byoyomi_ms, gote_final_periods = :gote_final_periods";

    private static String clip(String s, int n) {
        return s == null || s.length() <= n ? s : s.substring(0, n);
    }

    private static String faces(Furigoma f) {
        StringBuilder sb = new StringBuilder(5);
        for (Furigoma.Face face : f.faces()) {
            sb.append(face == Furigoma.Face.PAWN ? 'P' : 'T');
        }
        return sb.toString();
    }

    private static Furigoma furigoma(String s) {
        List<Furigoma.Face> faces = new ArrayList<>(5);
        for (char c : s.toCharArray()) {
            faces.add(c == 'P' ? Furigoma.Face.PAWN : Furigoma.Face.TOKIN);
        }
        return new Furigoma(faces);
    }

    /** The game with this id. */
    public Optional<StoredGame> find(String id) {
        return jdbi.withHandle(h -> h.createQuery("select " + COLUMNS + " from games where id = :id").bind("id", id)
                .map((rs, ctx) -> game(rs)).findOne());
    }

    /** The moves of a game in order. */
    public List<StoredMove> moves(String id) {
        return jdbi.withHandle(h -> h.createQuery("select ply, usi, time_ms, played_at, sente_main_ms, sente_periods, gote_main_ms, gote_periods"
                + " from moves where game_id = :id order by ply").bind("id", id).map((rs, ctx) -> move(rs)).list());
    }

    /**
     * Stores a waiting game as joined ({@link StoredGame#joined}): both seats, since the furigoma toss or the draw
     * by lot made at the join may move the creator to gote, the creator's colour, the toss, the status, the
     * start and the time, unless the game is no longer waiting (someone was faster).
     *
     * @return whether the game was joined by this call
     */
    public boolean join(StoredGame joined) {
        StoredGame.Terms t = joined.terms();
        return jdbi.withHandle(h -> h.createUpdate("update games set sente_name = :sente_name, sente_secret = :sente_secret,"
                + " gote_name = :gote_name, gote_secret = :gote_secret, creator = :creator, furigoma = :furigoma, status = :status,"
                + " started_at = :started_at, updated_at = :now where id = :id and status = 'WAITING'")
                .bind("sente_name", joined.sente().name()).bind("sente_secret", joined.sente().secretHash())
                .bind("gote_name", joined.gote().name()).bind("gote_secret", joined.gote().secretHash())
                .bind("creator", t.creator().name()).bind("furigoma", t.furigoma() == null ? null : faces(t.furigoma()))
                .bind("status", joined.status().name()).bind("started_at", joined.startedAt()).bind("now", joined.updatedAt()).bind("id", joined.id()).execute()) == 1;
    }

    /**
     * Stores a move and the game's new ply, and the result if the move ended the game, and returns once they are
     * committed. Moves of many games that arrive together are committed in one transaction (group commit): the
     * committer thread takes every move waiting, writes them all and commits once, so that a thousand games
     * moving at once cost tens of commits a second rather than a thousand. A move is never acknowledged before
     * its commit, and a move that cannot be stored fails alone: the others of its group are committed without it.
     *
     * @throws IllegalStateException if the game's stored ply is not the move's ply minus one (a second writer)
     */
    public void recordMove(String id, StoredMove m, StoredGame.Result endedBy) {
        committer().commit(new MoveCommitter.Pending(id, m, endedBy));
    }

    private MoveCommitter committer() {
        MoveCommitter c = committer;
        if (c == null) {
            synchronized (this) {
                c = committer;
                if (c == null) {
                    c = new MoveCommitter(this::recordMoves, this::recordMoveAlone);
                    committer = c;
                }
            }
        }
        return c;
    }

    private static final String INSERT_MOVE = "insert into moves (game_id, ply, usi, time_ms, played_at, sente_main_ms, sente_periods,"
            + " gote_main_ms, gote_periods) values (:id, :ply, :usi, :time, :at, :sm, :sp, :gm, :gp)";
    private static final String UPDATE_PLY = "update games set ply = :ply, updated_at = :at, status = :status, " + SET_RESULT
            + " where id = :id and ply = :prev";

    /** One move in its own transaction. */
    private void recordMoveAlone(MoveCommitter.Pending p) {
        recordMoves(List.of(p));
    }

    /**
     * Moves of several games in one transaction: all of them or none.
     *
     * @throws IllegalStateException if a game's stored ply is not its move's ply minus one (nothing is stored)
     */
    private void recordMoves(List<MoveCommitter.Pending> moves) {
        jdbi.useTransaction(h -> {
            PreparedBatch insert = h.prepareBatch(INSERT_MOVE);
            PreparedBatch update = h.prepareBatch(UPDATE_PLY);
            for (MoveCommitter.Pending p : moves) {
                StoredMove m = p.move();
                insert.bind("id", p.gameId()).bind("ply", m.ply()).bind("usi", m.usi()).bind("time", m.timeMs()).bind("at", m.playedAt())
                        .bind("sm", m.senteMainMs()).bind("sp", m.sentePeriods()).bind("gm", m.goteMainMs()).bind("gp", m.gotePeriods()).add();
                StoredGame.Result r = p.endedBy();
                update.bind("ply", m.ply()).bind("at", m.playedAt()).bind("id", p.gameId()).bind("prev", m.ply() - 1)
                        .bind("status", r == null ? GameStatus.PLAYING.name() : GameStatus.FINISHED.name());
                bindResult(update, r);
                update.add();
            }
            // The games' plies first: a stale ply (a second writer) is then refused by its own check rather than by
            // the moves' primary key, and the transaction rolls back with nothing stored.
            int[] counts = update.execute();
            for (int i = 0; i < counts.length; i++) {
                if (counts[i] != 1) {
                    MoveCommitter.Pending p = moves.get(i);
                    throw new IllegalStateException("game " + p.gameId() + " is not at ply " + (p.move().ply() - 1));
                }
            }
            insert.execute();
        });
    }

    /** Stops the committer thread; moves recorded afterwards start a new one. */
    public void close() {
        MoveCommitter c;
        synchronized (this) {
            c = committer;
            committer = null;
        }
        if (c != null) {
            c.close();
        }
    }

    /** Ends a game without a move (resignation, time loss, declaration, abort, claim). */
    public void finish(String id, GameStatus status, StoredGame.Result r) {
        jdbi.useHandle(h -> {
            Update u = h.createUpdate("update games set status = :status, updated_at = :ended_at, " + SET_RESULT + " where id = :id")
                    .bind("id", id).bind("status", status.name());
            bindResult(u, r);
            u.execute();
        });
    }

    /** Takes moves back: deletes those after {@code ply} and sets the game's ply. */
    public void takeBack(String id, int ply, long now) {
        jdbi.useTransaction(h -> {
            h.createUpdate("delete from moves where game_id = :id and ply > :ply").bind("id", id).bind("ply", ply).execute();
            h.createUpdate("update games set ply = :ply, updated_at = :now where id = :id").bind("id", id).bind("ply", ply).bind("now", now)
                    .execute();
        });
    }

    /**
     * Games by status (any when null) and player name (any when null), newest first.
     *
     * @param limit at most this many (1–200)
     */
    public List<StoredGame> list(GameStatus status, String player, int limit) {
        return list(status, player, null, limit);
    }

    /**
     * Games by status (any when null), player name (any when null) and id (any when null; none when empty),
     * newest first. Ids that name no game are left out.
     *
     * @param ids the ids of the games wanted (a browser's seats), or null for any game
     * @param limit at most this many (1–200)
     */
    public List<StoredGame> list(GameStatus status, String player, java.util.Collection<String> ids, int limit) {
        if (ids != null && ids.isEmpty()) {
            return List.of();
        }
        StringBuilder sql = new StringBuilder("select " + COLUMNS + " from games where 1 = 1");
        if (status != null) {
            sql.append(" and status = :status");
        }
        if (player != null) {
            sql.append(" and (sente_name = :player or gote_name = :player)");
        }
        if (ids != null) {
            sql.append(" and id in (<ids>)");
        }
        sql.append(" order by created_at desc, id limit :limit");
        return jdbi.withHandle(h -> {
            var q = h.createQuery(sql.toString()).bind("limit", Math.clamp(limit, 1, 200));
            if (status != null) {
                q.bind("status", status.name());
            }
            if (player != null) {
                q.bind("player", player);
            }
            if (ids != null) {
                q.bindList("ids", List.copyOf(ids));
            }
            return q.map((rs, ctx) -> game(rs)).list();
        });
    }

    /** The ids of the games still waiting or being played (to resume after a restart). */
    public List<String> liveIds() {
        return jdbi.withHandle(h -> h.createQuery("select id from games where status in ('WAITING', 'PLAYING') order by created_at")
                .mapTo(String.class).list());
    }

    /** Runs work in one transaction (tests and maintenance). */
    public void inTransaction(java.util.function.Consumer<Handle> work) {
        jdbi.useTransaction(work::accept);
    }

    private static StoredGame game(ResultSet rs) throws SQLException {
        Long main = rs.getObject("main_ms", Long.class);
        TimeControl tc = main == null ? TimeControl.UNLIMITED
                : new TimeControl(Duration.ofMillis(main), Duration.ofMillis(rs.getLong("byoyomi_ms")), rs.getInt("periods"),
                        Duration.ofMillis(rs.getLong("increment_ms")));
        String fg = rs.getString("furigoma");
        Integer level = rs.getObject("engine_level", Integer.class);
        StoredGame.Terms terms = new StoredGame.Terms(Handicap.byId(rs.getString("handicap")).orElseThrow(), rs.getString("rules"), tc, level,
                Color.valueOf(rs.getString("creator")), rs.getBoolean("by_furigoma"), rs.getBoolean("by_lot"), fg == null ? null : furigoma(fg),
                rs.getBoolean("in_lobby"));
        StoredGame.Player sente = new StoredGame.Player(rs.getString("sente_name"), PlayerKind.valueOf(rs.getString("sente_kind")),
                rs.getString("sente_secret"));
        StoredGame.Player gote = new StoredGame.Player(rs.getString("gote_name"), PlayerKind.valueOf(rs.getString("gote_kind")),
                rs.getString("gote_secret"));
        String reason = rs.getString("reason");
        StoredGame.Result result = null;
        if (reason != null) {
            String w = rs.getString("winner");
            result = new StoredGame.Result(w == null ? null : Color.valueOf(w), Ending.valueOf(reason),
                    rs.getString("detail") == null ? "" : rs.getString("detail"), rs.getLong("ended_at"), finalClock(rs));
        }
        return new StoredGame(rs.getString("id"), GameStatus.valueOf(rs.getString("status")), rs.getLong("created_at"),
                rs.getObject("started_at", Long.class), rs.getLong("updated_at"), terms, sente, gote, rs.getInt("ply"), result);
    }

    /** The clocks stored with a result, or null when there are none (an untimed game, or one ended before they were stored). */
    private static StoredGame.FinalClock finalClock(ResultSet rs) throws SQLException {
        Long senteMain = rs.getObject("sente_final_main_ms", Long.class);
        Long goteMain = rs.getObject("gote_final_main_ms", Long.class);
        if (senteMain == null || goteMain == null) {
            return null;
        }
        return new StoredGame.FinalClock(
                new StoredGame.FinalClock.Side(senteMain, rs.getLong("sente_final_byoyomi_ms"), rs.getInt("sente_final_periods")),
                new StoredGame.FinalClock.Side(goteMain, rs.getLong("gote_final_byoyomi_ms"), rs.getInt("gote_final_periods")));
    }

    private static StoredMove move(ResultSet rs) throws SQLException {
        return new StoredMove(rs.getInt("ply"), rs.getString("usi"), rs.getObject("time_ms", Long.class), rs.getLong("played_at"),
                rs.getLong("sente_main_ms"), rs.getInt("sente_periods"), rs.getLong("gote_main_ms"), rs.getInt("gote_periods"));
    }
}
