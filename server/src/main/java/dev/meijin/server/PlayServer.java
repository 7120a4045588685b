package dev.meijin.server;

import dev.meijin.server.engine.EnginePool;
import dev.meijin.server.engine.MateService;
import dev.meijin.server.game.Database;
import dev.meijin.server.game.GameRepository;
import dev.meijin.server.http.HttpApi;
import dev.meijin.server.lobby.Lobby;
import dev.meijin.server.round.LocalEventBus;
import dev.meijin.server.round.LocalRounds;
import dev.meijin.server.round.MoveTimings;
import dev.meijin.server.round.RoundContext;
import dev.meijin.server.round.RoundOwner;
import dev.meijin.server.socket.GameSockets;
import dev.meijin.server.socket.Json;
import io.javalin.Javalin;
import io.javalin.http.staticfiles.Location;
import io.javalin.json.JavalinJackson3;
import io.javalin.websocket.WsContext;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.databind.json.JsonMapper;

/**
 * The play server: the database, the rounds, the lobby, the HTTP API, the WebSockets and the browser client
 * as static files, on one Javalin (Jetty) server with virtual threads.
 *
 * {@snippet :
 * try (PlayServer s = PlayServer.start(ServerConfig.defaults().withPort(0))) {
 *     System.out.println(s.url());
 * }
 * }
 */
public final class PlayServer implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(PlayServer.class);

    private final Database db;
    private final ScheduledExecutorService timers;
    private final Javalin app;
    private final RoundOwner rounds;
    private final GameRepository repo;
    private final String host;
    private final EnginePool engine;
    private final MateService mates;

    private PlayServer(Database db, GameRepository repo, ScheduledExecutorService timers, Javalin app, RoundOwner rounds, String host,
            EnginePool engine, MateService mates) {
        this.repo = repo;
        this.engine = engine;
        this.mates = mates;
        this.db = db;
        this.timers = timers;
        this.app = app;
        this.rounds = rounds;
        this.host = host;
    }

    /**
     * Opens the database (migrating it), resumes the games in progress and starts listening.
     *
     * @throws IllegalArgumentException if the database URL is not a JDBC URL
     * @throws IllegalStateException if the data directory cannot be created or the port is taken
     */
    public static PlayServer start(ServerConfig cfg) {
        Database db;
        if (cfg.dbUrl() == null) {
            try {
                Files.createDirectories(cfg.dataDir());
            } catch (IOException e) {
                throw new IllegalStateException("cannot create the data directory " + cfg.dataDir() + ": " + e.getMessage(), e);
            }
            db = Database.h2(cfg.dataDir());
        } else {
            db = Database.open(cfg.dbUrl(), cfg.dbUser(), cfg.dbPassword());
        }
        GameRepository repo = new GameRepository(db.jdbi());
        // Every move replaces its game's flag timer: a cancelled timer leaves the queue at once rather than when it
        // would have fired (thirty minutes later in a long game), so the queue holds one timer per game, not one per move.
        ScheduledThreadPoolExecutor timers = new ScheduledThreadPoolExecutor(1, Thread.ofPlatform().name("flag-timer").daemon().factory());
        timers.setRemoveOnCancelPolicy(true);
        Lobby lobby = new Lobby();
        lobby.load(repo);
        LocalEventBus bus = new LocalEventBus();
        EnginePool engine = cfg.engine().threads() > 0 ? new EnginePool(cfg.engine(), cfg.time()) : null;
        RoundContext ctx = new RoundContext(repo, bus, cfg.time(), cfg.wall(), timers, cfg.grace(), cfg.claimAfter(), cfg.seekGrace(), cfg.seekMaxAge(), lobby::remove, engine,
                new MoveTimings(), new SecureRandom());
        LocalRounds rounds = new LocalRounds(ctx);
        int resumed = rounds.resumeAll();
        JsonMapper json = Json.mapper();
        HttpApi api = new HttpApi(rounds, repo, lobby, json, cfg.wall(), cfg.recordZone(), engine != null, cfg.writesPerSecond(), ctx.timings());
        api.analyseWith(engine, 20_000);
        MateService mates = engine != null ? new MateService(engine) : null;
        api.solveMatesWith(mates);
        GameSockets sockets = new GameSockets(rounds, bus, json, cfg.time());
        Set<WsContext> lobbyConns = ConcurrentHashMap.newKeySet();
        boolean hasClient = PlayServer.class.getResource("/web/index.html") != null;
        Javalin app = Javalin.create(c -> {
            c.concurrency.useVirtualThreads = true;
            c.startup.showJavalinBanner = false;
            c.jsonMapper(new JavalinJackson3(json, true));
            c.http.maxRequestSize = HttpApi.MAX_RECORD_BODY;
            c.http.prefer405over404 = true; // a wrong method on a known path: 405 with Allow (HttpApi's JSON under /api)
            c.jetty.modifyWebSocketServletFactory(f -> {
                f.setMaxTextMessageSize(65536);
                f.setIdleTimeout(java.time.Duration.ofMinutes(2));
            });
            if (hasClient) {
                c.staticFiles.add(sf -> {
                    sf.hostedPath = "/";
                    sf.directory = "/web";
                    sf.location = Location.CLASSPATH;
                });
            }
            api.routes(c.routes);
            c.routes.get("/game/{id}", PlayServer::index);
            c.routes.get("/lobby", PlayServer::index);
            c.routes.get("/tsume", PlayServer::index);
            c.routes.get("/kifu", PlayServer::index);
            if (!hasClient) {
                c.routes.get("/", PlayServer::index);
            }
            c.routes.ws("/ws/game/{id}", sockets::configure);
            c.routes.ws("/ws/lobby", ws -> {
                ws.onConnect(wc -> {
                    lobbyConns.add(wc);
                    wc.enableAutomaticPings(15, TimeUnit.SECONDS);
                    Runnable stop = lobby.watch(e -> wc.send(json.writeValueAsString(e)));
                    wc.attribute("stop", stop);
                });
                ws.onClose(wc -> {
                    lobbyConns.remove(wc);
                    Runnable stop = wc.attribute("stop");
                    if (stop != null) {
                        stop.run();
                    }
                });
            });
        });
        app.start(cfg.host(), cfg.port());
        PlayServer s = new PlayServer(db, repo, timers, app, rounds, cfg.host(), engine, mates);
        LOG.info("Meijin play server on {} ({} resumed)", s.url(), resumed == 1 ? "1 game" : resumed + " games");
        return s;
    }

    private static void index(io.javalin.http.Context ctx) throws IOException {
        try (InputStream in = PlayServer.class.getResourceAsStream("/web/index.html")) {
            if (in == null) {
                ctx.contentType("text/html; charset=utf-8").result("<!doctype html><meta charset=utf-8><title>Meijin</title>"
                        + "<p>The Meijin play server runs; the browser client is not part of this build.");
                return;
            }
            ctx.contentType("text/html; charset=utf-8").result(in.readAllBytes());
        }
    }

    /** The port listened on. */
    public int port() {
        return app.port();
    }

    /** The URL to open. */
    public String url() {
        String h = host.equals("0.0.0.0") ? "localhost" : host;
        return "http://" + h + ":" + port() + "/";
    }

    /** The engine pool, or null when the server has no engine. */
    public EnginePool engine() {
        return engine;
    }

    /** The rounds (for tests and the load driver). */
    public RoundOwner rounds() {
        return rounds;
    }

    /** Stops listening and closes the database; games in progress stay stored and resume on the next start. */
    @Override
    public void close() {
        app.stop();
        rounds.close(Duration.ofSeconds(5));
        if (mates != null) {
            mates.close(); // before the pool: its problem holds one of the pool's turns
        }
        if (engine != null) {
            engine.close();
        }
        timers.shutdownNow();
        repo.close();
        db.close();
    }

    /** The default data directory. */
    public static Path defaultDataDir() {
        return ServerConfig.defaults().dataDir();
    }
}
