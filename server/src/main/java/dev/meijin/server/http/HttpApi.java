package dev.meijin.server.http;

import dev.meijin.core.Color;
import dev.meijin.core.game.Handicap;
import dev.meijin.core.text.AsciiNumbers;
import dev.meijin.notation.Format;
import dev.meijin.notation.kifu.Problem;
import dev.meijin.server.engine.EnginePool;
import dev.meijin.server.engine.MateService;
import dev.meijin.server.game.GameRepository;
import dev.meijin.server.game.GameStatus;
import dev.meijin.server.game.PlayerKind;
import dev.meijin.server.game.Secrets;
import dev.meijin.server.game.StoredGame;
import dev.meijin.server.lobby.Lobby;
import dev.meijin.server.round.EnginePlayer;
import dev.meijin.server.round.ErrorCode;
import dev.meijin.server.round.MoveTimings;
import dev.meijin.server.round.RefusedException;
import dev.meijin.server.round.RematchAnswer;
import dev.meijin.server.round.Round;
import dev.meijin.server.round.RoundOwner;
import dev.meijin.server.round.ServerEvent;
import dev.meijin.server.round.Views;
import io.javalin.config.RoutesConfig;
import io.javalin.http.Context;
import io.javalin.http.HttpResponseException;
import io.javalin.http.MethodNotAllowedResponse;
import io.javalin.router.exception.HttpResponseExceptionMapper;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.time.InstantSource;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.core.JacksonException;
import tools.jackson.core.exc.StreamConstraintsException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;

/**
 * The HTTP API (docs/PROTOCOL.md, section 2): create and join games, read them, list them, download records,
 * read the lobby; analyse finished games and records sent as text; solve mate problems. Handlers only read the
 * request and call the rounds, the repository and the engine.
 */
public final class HttpApi {
    private static final Logger LOG = LoggerFactory.getLogger(HttpApi.class);
    /** The largest request body accepted, in bytes. */
    public static final int MAX_BODY = 4096;

    private final RoundOwner rounds;
    private final GameRepository repo;
    private final Lobby lobby;
    private final ObjectMapper json;
    private final InstantSource wall;
    /** The time zone of the dates in the games' records. */
    private final ZoneId recordZone;
    private final boolean engineAvailable;
    private final SecureRandom chance = new SecureRandom();
    private final ClientLimits writes;
    private final MoveTimings timings;
    private EnginePool engine;
    private MateService mates;
    /** Mate problems per second per client address (bursts of five). */
    private final ClientLimits mateLimits = new ClientLimits(0.5, System::nanoTime);
    /** Records sent for analysis per second per client address (bursts of five). */
    private final ClientLimits recordLimits = new ClientLimits(0.5, System::nanoTime);
    /** Positions asked for per second per client address (bursts of a hundred): a player's moves on the mate problem page. */
    private final ProblemCollection problems = ProblemCollection.bundled();
    /** Problems of the collection sent to the solver per second per client address (bursts of twenty). */
    private final ClientLimits collectionLimits = new ClientLimits(2, System::nanoTime);
    private final ClientLimits positionLimits = new ClientLimits(10, System::nanoTime);
    private long analysisNodes = 20_000;
    /** The analyses of finished games, by game id. */
    private final Map<String, EnginePool.Analysis> analyses = lru(ANALYSES_KEPT);
    /** The analyses of records sent to {@code POST /api/analyses}, by their own id. */
    private final Map<String, RecordAnalysis> recordAnalyses = lru(ANALYSES_KEPT);

    /** Analyses kept in memory, of games and of records each: the most recently asked for. */
    static final int ANALYSES_KEPT = 256;
    /** Records analysed or waiting for the engine at once; more are refused until one is done. */
    static final int RECORDS_AT_ONCE = 4;

    /** A record and the engine's analysis of it. */
    private record RecordAnalysis(PastedRecord record, EnginePool.Analysis analysis) {}

    /** A map that keeps its {@code max} most recently used entries (safe for concurrent use). */
    private static <V> Map<String, V> lru(int max) {
        return java.util.Collections.synchronizedMap(new java.util.LinkedHashMap<>(16, 0.75f, true) {
            private static final long serialVersionUID = 1L;

            @Override
            protected boolean removeEldestEntry(Map.Entry<String, V> e) {
                return size() > max;
            }
        });
    }

    /**
     * The API over rounds, stored games and the lobby.
     *
     * @param recordZone the time zone of the dates written in the games' records
     * @param writesPerSecond games created or joined per second per client address (bursts of ten times as many)
     * @param timings the rounds' move handling times, reported by the health check
     */
    public HttpApi(RoundOwner rounds, GameRepository repo, Lobby lobby, ObjectMapper json, InstantSource wall, ZoneId recordZone,
            boolean engineAvailable, double writesPerSecond, MoveTimings timings) {
        this.timings = timings;
        this.writes = new ClientLimits(writesPerSecond, System::nanoTime);
        this.rounds = rounds;
        this.repo = repo;
        this.lobby = lobby;
        this.json = json;
        this.wall = wall;
        this.recordZone = recordZone;
        this.engineAvailable = engineAvailable;
    }

    /** Adds the routes. */
    public void routes(RoutesConfig r) {
        r.post("/api/games", this::create);
        r.post("/api/games/{id}/join", this::join);
        r.post("/api/games/{id}/rematch", ctx -> rematch(ctx, false));
        r.delete("/api/games/{id}/rematch", ctx -> rematch(ctx, true));
        r.get("/api/games/{id}", this::state);
        r.get("/api/games/{id}/record", this::record);
        r.get("/api/games/{id}/analysis", ctx -> analysis(ctx, false));
        r.post("/api/games/{id}/analysis", ctx -> analysis(ctx, true));
        r.get("/api/games", this::list);
        r.post("/api/mate", this::mate);
        r.get("/api/mate/status", this::mateStatus);
        r.post("/api/position", this::position);
        r.get("/api/problems", ctx -> ctx.json(Map.of("counts", problems.counts())));
        r.get("/api/problems/random", this::randomProblem);
        r.get("/api/problems/{id}", this::problem);
        r.post("/api/analyses", this::analyseRecord);
        r.get("/api/analyses/{id}", this::recordAnalysis);
        r.get("/api/lobby", ctx -> ctx.json(Map.of("seeks", lobby.seeks())));
        r.get("/api/health", ctx -> ctx.json(health()));
        r.exception(RefusedException.class, (e, ctx) -> error(ctx, e.code(), e.getMessage(), e.problem()));
        r.exception(HttpResponseException.class, HttpApi::noRoute);
        r.exception(Exception.class, (e, ctx) -> {
            LOG.error("request {} {} failed", ctx.method(), ctx.path(), e);
            error(ctx, ErrorCode.INTERNAL, "the server failed; nothing was changed");
        });
    }

    /**
     * A request that no route takes: under {@code /api} a JSON error, {@code 405 method_not_allowed} with an
     * {@code Allow} header for a path that takes other methods ({@code http.prefer405over404}), else
     * {@code 404 unknown_route}; elsewhere (the web client's paths) a small page in the site's style for a
     * browser that asks for a page that is not there ({@link #NOT_FOUND_PAGE}), else Javalin's own answer.
     */
    private static void noRoute(HttpResponseException e, Context ctx) {
        String path = ctx.path();
        if (!path.equals("/api") && !path.startsWith("/api/")) {
            if (e.getStatus() == 404 && NOT_FOUND_PAGE != null && wantsPage(ctx)) {
                ctx.status(404).contentType("text/html; charset=utf-8").result(NOT_FOUND_PAGE.replace("{path}", escapeHtml(clip(path))));
            } else {
                HttpResponseExceptionMapper.INSTANCE.handle(e, ctx);
            }
            return;
        }
        String method = ctx.method().name();
        if (e instanceof MethodNotAllowedResponse) {
            // Javalin names the methods the path takes in the exception's one detail: "GET,POST"
            String allow = String.join(", ", e.getDetails().values().stream().flatMap(v -> java.util.Arrays.stream(v.split(",")))
                    .map(String::strip).filter(m -> !m.isEmpty()).toList());
            ctx.header("Allow", allow);
            error(ctx, ErrorCode.METHOD_NOT_ALLOWED, method + " is not allowed on " + clip(path) + "; it takes " + allow);
        } else if (e.getStatus() == 404) {
            error(ctx, ErrorCode.UNKNOWN_ROUTE, "there is no endpoint " + method + " " + clip(path));
        } else {
            HttpResponseExceptionMapper.INSTANCE.handle(e, ctx);
        }
    }

    /**
     * The page for an unknown address ({@code resources/pages/not-found.html}, outside the static files so that it
     * has no address of its own), with {@code {path}} where the address asked for goes; null in a build without
     * the browser client.
     */
    private static final String NOT_FOUND_PAGE = resource("/pages/not-found.html");

    private static String resource(String name) {
        try (InputStream in = HttpApi.class.getResourceAsStream(name)) {
            return in == null ? null : new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new java.io.UncheckedIOException("cannot read " + name, e);
        }
    }

    /** Whether a request is a browser's for a page: a GET or HEAD whose {@code Accept} names HTML. */
    private static boolean wantsPage(Context ctx) {
        String accept = ctx.header("Accept");
        String method = ctx.method().name();
        return (method.equals("GET") || method.equals("HEAD")) && accept != null && accept.toLowerCase(Locale.ROOT).contains("text/html");
    }

    private static String escapeHtml(String s) {
        StringBuilder out = new StringBuilder(s.length());
        for (char c : s.toCharArray()) {
            switch (c) {
                case '&' -> out.append("&amp;");
                case '<' -> out.append("&lt;");
                case '>' -> out.append("&gt;");
                case '"' -> out.append("&quot;");
                case '\'' -> out.append("&#39;");
                default -> out.append(c);
            }
        }
        return out.toString();
    }

    /** Liveness and load: live games, heap and resident memory (for monitoring and the load driver). */
    private Map<String, Object> health() {
        Runtime rt = Runtime.getRuntime();
        Map<String, Object> m = new java.util.LinkedHashMap<>();
        m.put("status", "ok");
        m.put("liveGames", rounds.liveCount());
        m.put("heapUsedMb", (rt.totalMemory() - rt.freeMemory()) >> 20);
        m.put("heapMaxMb", rt.maxMemory() >> 20);
        m.put("rssMb", residentMb());
        m.put("threads", Thread.activeCount());
        long gcs = 0;
        long gcMs = 0;
        for (java.lang.management.GarbageCollectorMXBean gc : java.lang.management.ManagementFactory.getGarbageCollectorMXBeans()) {
            if (!gc.getName().contains("Concurrent") && gc.getCollectionCount() > 0) { // concurrent cycles are not pauses
                gcs += gc.getCollectionCount();
                gcMs += gc.getCollectionTime();
            }
        }
        m.put("gcPauses", gcs);
        m.put("gcPauseMs", gcMs);
        m.put("allocatedMb", allocatedBytes() >> 20);
        m.put("moveHandlingBucketsUs", timings.snapshot());
        return m;
    }

    /** The bytes allocated on the heap by all threads so far, or -1 where the JVM does not count them. */
    private static long allocatedBytes() {
        if (java.lang.management.ManagementFactory.getThreadMXBean() instanceof com.sun.management.ThreadMXBean t
                && t.isThreadAllocatedMemorySupported() && t.isThreadAllocatedMemoryEnabled()) {
            return t.getTotalThreadAllocatedBytes();
        }
        return -1;
    }

    /** The process's resident set in MiB from {@code /proc/self/status}, or -1 where there is none. */
    private static long residentMb() {
        try {
            for (String line : java.nio.file.Files.readAllLines(java.nio.file.Path.of("/proc/self/status"))) {
                if (line.startsWith("VmRSS:")) {
                    return Long.parseLong(line.replaceAll("[^0-9]", "")) >> 10;
                }
            }
        } catch (IOException | RuntimeException e) {
            return -1;
        }
        return -1;
    }

    /**
     * An HTTP error's body, {@code {"error": {"code": …, "message": …}}}, its fields always in this order; a refused
     * record's also has {@code "problem"} ({@link ProblemView}).
     */
    private static void error(Context ctx, ErrorCode code, String message) {
        error(ctx, code, message, Optional.empty());
    }

    private static void error(Context ctx, ErrorCode code, String message, Optional<Problem> problem) {
        Map<String, Object> detail = new LinkedHashMap<>();
        detail.put("code", code.wire());
        detail.put("message", message);
        problem.ifPresent(p -> detail.put("problem", ProblemView.of(p)));
        ctx.status(code.httpStatus()).json(Map.of("error", detail));
    }

    /** A body that must be a JSON value (an object, as the endpoint then checks) of at most {@link #MAX_BODY} bytes. */
    private JsonNode body(Context ctx) {
        return body(ctx, MAX_BODY);
    }

    /**
     * A body that must be a JSON value of at most {@code max} bytes.
     *
     * @throws RefusedException {@code too_large} over the cap (declared or sent), {@code bad_json} when empty or
     *     not JSON
     */
    private JsonNode body(Context ctx, int max) {
        String text = text(ctx, max);
        if (text.isBlank()) {
            throw new RefusedException(ErrorCode.BAD_JSON, "the request body is empty; expected a JSON object");
        }
        return parse(text);
    }

    /**
     * The body of an endpoint that takes none: nothing, or an empty JSON object. A body that is there must be
     * JSON, an object, and without fields, as other endpoints read theirs.
     */
    private void noBody(Context ctx) {
        String text = text(ctx, MAX_BODY);
        if (text.isBlank()) {
            return;
        }
        JsonNode b = parse(text);
        if (!b.isObject()) {
            throw new RefusedException(ErrorCode.BAD_FIELD, "the body must be empty or a JSON object without fields");
        }
        CreateGame.only(b, Set.of(), "");
    }

    /** The body as text, refused at once when its declared length is over {@code max} bytes, or when more is sent. */
    private static String text(Context ctx, int max) {
        long declared = ctx.req().getContentLengthLong();
        if (declared > max) {
            throw new RefusedException(ErrorCode.TOO_LARGE, "request body over " + max + " bytes");
        }
        byte[] b;
        try (InputStream in = ctx.req().getInputStream()) {
            b = in.readNBytes(max + 1);
        } catch (IOException e) {
            throw new RefusedException(ErrorCode.BAD_JSON, "the request body could not be read");
        }
        if (b.length > max) {
            throw new RefusedException(ErrorCode.TOO_LARGE, "request body over " + max + " bytes");
        }
        return new String(b, StandardCharsets.UTF_8);
    }

    private JsonNode parse(String text) {
        try {
            return json.readTree(text);
        } catch (StreamConstraintsException e) {
            throw new RefusedException(ErrorCode.BAD_JSON, "the body " + e.getOriginalMessage()); // Json's limits, in plain words
        } catch (JacksonException e) {
            throw new RefusedException(ErrorCode.BAD_JSON, "the body is not valid JSON: " + e.getOriginalMessage());
        }
    }

    /**
     * Analyses finished games and records sent as text with this engine.
     *
     * @param pool the engine, or null for none
     * @param nodesPerPosition nodes searched per position
     */
    public void analyseWith(EnginePool pool, long nodesPerPosition) {
        this.engine = pool;
        this.analysisNodes = nodesPerPosition;
    }

    /**
     * The engine's evaluation of every position of a finished game (docs/PROTOCOL.md): {@code GET} reads it
     * ({@code none} until asked for), {@code POST} starts it.
     */
    private void analysis(Context ctx, boolean start) {
        Round r = round(ctx);
        if (start) {
            noBody(ctx);
        }
        if (engine == null) {
            throw new RefusedException(ErrorCode.ENGINE_UNAVAILABLE, "this server runs without the engine; there is no analysis");
        }
        ServerEvent.State st = await(r.snapshot(null));
        if (st.outcome() == null) {
            throw new RefusedException(ErrorCode.NOT_ALLOWED, "a game is analysed once it is over");
        }
        EnginePool.Analysis a;
        if (start) {
            limit(ctx);
            List<String> moves = st.moves().stream().map(dev.meijin.server.round.MoveView::usi).toList();
            a = analyses.computeIfAbsent(r.id(), k -> engine.analyse(st.initialSfen(), moves, analysisNodes));
        } else {
            a = analyses.get(r.id());
        }
        if (a == null) {
            ctx.json(Map.of("gameId", r.id(), "status", "none", "plies", List.of()));
            return;
        }
        if (a.failed()) {
            analyses.remove(r.id());
            throw new RefusedException(ErrorCode.INTERNAL, "the analysis failed; ask for it again");
        }
        ctx.json(Map.of("gameId", r.id(), "status", a.done() ? "done" : "running", "nodesPerPosition", a.nodesPerPosition(), "plies",
                a.evaluations()));
    }

    /**
     * Starts the engine's analysis of a record sent as text (docs/PROTOCOL.md): {@code 202} with the record as
     * read and the id to follow the analysis by.
     */
    private void analyseRecord(Context ctx) {
        admit(ctx, engine != null, "there is no analysis", recordLimits, "records");
        PastedRecord p = PastedRecord.parse(body(ctx, MAX_RECORD_BODY));
        String id = Secrets.newAnalysisId();
        RecordAnalysis ra;
        synchronized (recordAnalyses) {
            long running = recordAnalyses.values().stream().filter(x -> !x.analysis().result().isDone()).count();
            if (running >= RECORDS_AT_ONCE) {
                throw new RefusedException(ErrorCode.ENGINE_BUSY, "the engine is analysing " + running + " records; try again in a minute");
            }
            ra = new RecordAnalysis(p, engine.analyse(p.initialSfen(), p.usiMoves(), analysisNodes));
            recordAnalyses.put(id, ra);
        }
        ctx.status(202).json(p.view(id, ra.analysis()));
    }

    /** The analysis of a record sent to {@code POST /api/analyses}: progress, the record as read, the evaluations so far. */
    private void recordAnalysis(Context ctx) {
        String id = ctx.pathParam("id");
        RecordAnalysis ra = recordAnalyses.get(id);
        if (ra == null) {
            throw new RefusedException(ErrorCode.UNKNOWN_ANALYSIS, "no analysis with id \"" + clip(id) + "\" (the server keeps the last "
                    + ANALYSES_KEPT + " in memory)");
        }
        if (ra.analysis().failed()) {
            recordAnalyses.remove(id);
            throw new RefusedException(ErrorCode.INTERNAL, "the analysis failed; send the record again");
        }
        ctx.json(ra.record().view(id, ra.analysis()));
    }

    /**
     * Solves mate problems with this service.
     *
     * @param service the solver, or null for none
     */
    public void solveMatesWith(MateService service) {
        this.mates = service;
    }

    /** The largest body of a mate problem or a record to analyse, in bytes: room for a whole game record in UTF-8. */
    public static final int MAX_RECORD_BODY = 65536;

    /**
     * Lets a request for the engine's work through, or refuses it: without the engine, or when its address has
     * sent too many lately.
     *
     * @param missing what the server lacks without the engine, for the refusal
     * @param things what the address has sent too many of
     */
    private static void admit(Context ctx, boolean available, String missing, ClientLimits limits, String things) {
        if (!available) {
            throw new RefusedException(ErrorCode.ENGINE_UNAVAILABLE, "this server runs without the engine; " + missing);
        }
        if (!limits.tryAcquire(ctx.ip())) {
            throw new RefusedException(ErrorCode.RATE_LIMITED, "too many " + things + " sent from your address; wait a few seconds");
        }
    }

    private void mate(Context ctx) {
        if (mates == null) {
            throw new RefusedException(ErrorCode.ENGINE_UNAVAILABLE, "this server runs without the engine; there is no mate solver");
        }
        // The collection's problems (a page's "next problem") are short and sound, solved in milliseconds: they
        // have a limit of their own, so that someone solving them quickly is not refused. Anything else, a
        // refused request included, counts against the limit of problems.
        MateProblem p;
        try {
            p = MateProblem.parse(body(ctx, MAX_RECORD_BODY));
        } catch (RefusedException e) {
            limit(ctx, mateLimits);
            throw e;
        }
        // A problem judged once its solution is known (the tsume page's second request for a pasted problem) is
        // charged as the collection's are: a pasted problem and its judging count as one problem.
        boolean light = problems.contains(p.position()) || p.judge() && mates.keepsSolution(p.position());
        limit(ctx, light ? collectionLimits : mateLimits);
        CompletableFuture<MateService.Solved> answer = mates.solve(p.position(), p.limit(), p.judge())
                .orElseThrow(() -> new RefusedException(ErrorCode.SOLVER_BUSY, "the mate solver is busy with other problems; try again in a moment"));
        MateService.Solved solved;
        try {
            // The service answers every problem within its time limit and the longest wait it allows (for the
            // problems ahead and for the turns the engine's games leave it); this is only a guard beyond that.
            solved = answer.get(mates.answeredWithin(p.limit()).toSeconds() + 10, TimeUnit.SECONDS);
        } catch (ExecutionException e) {
            throw new RefusedException(ErrorCode.INTERNAL, "the mate solver failed on this problem");
        } catch (TimeoutException e) {
            throw new RefusedException(ErrorCode.INTERNAL, "the mate solver did not answer in time");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new RefusedException(ErrorCode.INTERNAL, "interrupted");
        }
        ctx.json(MateProblem.view(solved));
    }

    /** A problem of the collection of the given length ({@code plies}), drawn at random, other than {@code not}. */
    private void randomProblem(Context ctx) {
        String text = ctx.queryParam("plies");
        Map<Integer, Integer> counts = problems.counts();
        int plies;
        try {
            plies = text == null ? counts.keySet().iterator().next() : Integer.parseInt(text);
        } catch (NumberFormatException e) {
            plies = -1;
        }
        if (!counts.containsKey(plies)) {
            throw new RefusedException(ErrorCode.BAD_FIELD, "plies must be one of the collection's lengths " + counts.keySet()
                    + ", not " + CreateGame.clip(String.valueOf(text)));
        }
        ctx.json(problems.random(plies, ctx.queryParam("not"), java.util.concurrent.ThreadLocalRandom.current()).orElseThrow().view());
    }

    private void problem(Context ctx) {
        String id = ctx.pathParam("id");
        ctx.json(problems.byId(id).orElseThrow(() -> new RefusedException(ErrorCode.UNKNOWN_PROBLEM,
                "no problem \"" + CreateGame.clip(id) + "\" in the collection")).view());
    }

    /** A position with its legal moves, reached by moves from a start position that the rules check one by one. */
    private void position(Context ctx) {
        if (!positionLimits.tryAcquire(ctx.ip())) {
            throw new RefusedException(ErrorCode.RATE_LIMITED, "too many positions asked for from your address; wait a few seconds");
        }
        ctx.json(PositionRequest.parse(body(ctx, MAX_RECORD_BODY)).view());
    }

    /**
     * What the mate solver is doing, for the tsume page while it waits for its answer: solving, or waiting for a
     * turn of the engine while games have it.
     */
    private void mateStatus(Context ctx) {
        if (mates == null) {
            throw new RefusedException(ErrorCode.ENGINE_UNAVAILABLE, "this server runs without the engine; there is no mate solver");
        }
        ctx.json(Map.of("state", mates.state().name().toLowerCase(Locale.ROOT), "queued", mates.queued()));
    }

    /** Takes a token of a limit of mate problems for the request's address, or refuses the request. */
    private static void limit(Context ctx, ClientLimits limits) {
        if (!limits.tryAcquire(ctx.ip())) {
            throw new RefusedException(ErrorCode.RATE_LIMITED, "too many problems sent from your address; wait a few seconds");
        }
    }

    private void limit(Context ctx) {
        if (!writes.tryAcquire(ctx.ip())) {
            throw new RefusedException(ErrorCode.RATE_LIMITED, "too many games created or joined from your address; wait a few seconds");
        }
    }

    private void create(Context ctx) {
        limit(ctx);
        CreateGame c = CreateGame.parse(body(ctx));
        if (c.engine() && !engineAvailable) {
            throw new RefusedException(ErrorCode.ENGINE_UNAVAILABLE, "this server runs without the engine; play against a person");
        }
        long now = wall.millis();
        // A creator who chose no side waits in sente's place until both players are seated; the sides are then
        // decided (StoredGame.joined): by furigoma in an even game, by lot in a handicap game. Against the engine
        // that is at once; against a person when the second player takes the seat (Round.join).
        boolean random = c.side().equals("random");
        boolean even = c.handicap() == Handicap.EVEN;
        Color creator = random || c.side().equals("sente") ? Color.SENTE : Color.GOTE;
        String secret = Secrets.newSecret();
        StoredGame.Player me = new StoredGame.Player(c.name(), PlayerKind.HUMAN, Secrets.hash(secret));
        StoredGame.Terms terms = new StoredGame.Terms(c.handicap(), c.rules(), c.timeControl(), c.engineLevel(), creator, random && even,
                random && !even, null, c.lobby());
        StoredGame g = new StoredGame(Secrets.newGameId(), GameStatus.WAITING, now, null, now, terms, creator == Color.SENTE ? me : StoredGame.Player.OPEN,
                creator == Color.SENTE ? StoredGame.Player.OPEN : me, 0, null);
        if (c.engine()) {
            g = g.joined(new StoredGame.Player(EnginePlayer.displayName(c.engineLevel()), PlayerKind.ENGINE, null), chance, now);
        }
        rounds.create(g);
        if (c.lobby()) {
            lobby.add(g);
        }
        seat(ctx.status(201), g.id(), g.sidesPending() ? null : g.terms().creator(), secret);
    }

    /**
     * A seat's answer ({@code Seat}, docs/PROTOCOL.md), with its cookie.
     *
     * @param color the seat's colour; null for the creator of a game whose sides wait for the second player (a
     *     furigoma toss or a draw by lot)
     */
    private void seat(Context ctx, String id, Color color, String secret) {
        ctx.header("Set-Cookie", "mj_" + id + "=" + secret + "; Path=/; Max-Age=2592000; HttpOnly; SameSite=Lax");
        ctx.json(new SeatView(id, Views.color(color), secret, "/game/" + id));
    }

    /** The answer to a creation, join or rematch: the game, the seat's colour (null until a toss or draw gives it), its secret, the page. */
    private record SeatView(String gameId, String color, String secret, String url) {}

    private Round round(Context ctx) {
        String id = ctx.pathParam("id");
        return rounds.round(id).orElseThrow(() -> new RefusedException(ErrorCode.UNKNOWN_GAME, "no game with id \"" + clip(id) + "\""));
    }

    private void join(Context ctx) {
        limit(ctx);
        Round r = round(ctx);
        JsonNode b = body(ctx);
        if (!b.isObject()) {
            throw new RefusedException(ErrorCode.BAD_FIELD, "the body must be a JSON object");
        }
        CreateGame.only(b, Set.of("name"), "");
        String name = CreateGame.name(b.get("name"));
        String secret = Secrets.newSecret();
        Color c = await(r.join(name, Secrets.hash(secret)));
        seat(ctx, r.id(), c, secret);
    }

    /**
     * A player's request for a rematch of a finished game ({@code POST}: offer, accept, or fetch one's seat in
     * the rematch once it exists; {@code DELETE}: withdraw or decline the offer), the player known by its
     * seat secret (cookie or {@code X-Meijin-Secret}). A seat in the rematch comes with the same secret.
     */
    private void rematch(Context ctx, boolean withdraw) {
        limit(ctx);
        Round r = round(ctx);
        noBody(ctx);
        String secret = secret(ctx, r.id());
        Color seat = secret == null ? null : r.seatFor(secret);
        switch (await(r.rematch(seat, withdraw))) {
            case RematchAnswer.Created c -> seat(ctx.status(201), c.gameId(), c.color(), secret);
            case RematchAnswer.Offered o -> ctx.status(202).json(Map.of("status", "offered"));
            case RematchAnswer.Declined d -> ctx.json(Map.of("status", "declined"));
        }
    }

    /** The seat secret a request carries for a game: its cookie, else the {@code X-Meijin-Secret} header. */
    private static String secret(Context ctx, String id) {
        String secret = ctx.cookie("mj_" + id);
        return secret != null ? secret : ctx.header("X-Meijin-Secret");
    }

    private void state(Context ctx) {
        Round r = round(ctx);
        String secret = secret(ctx, r.id());
        ServerEvent.State s = await(r.snapshot(Secrets.hashOf(secret)));
        ctx.json(s);
    }

    private void record(Context ctx) {
        String id = ctx.pathParam("id");
        StoredGame g = (Secrets.isGameId(id) ? repo.find(id) : java.util.Optional.<StoredGame>empty())
                .orElseThrow(() -> new RefusedException(ErrorCode.UNKNOWN_GAME, "no game with id \"" + clip(id) + "\""));
        String f = ctx.queryParam("format");
        Format format = Records.format(f == null ? null : f.toLowerCase(Locale.ROOT))
                .orElseThrow(() -> new RefusedException(ErrorCode.BAD_FIELD, "format must be kif, ki2, csa, jkf or sfen"));
        String text = Records.write(Records.kifu(g, repo.moves(id), format, recordZone), format);
        ctx.header("Content-Disposition", "attachment; filename=\"meijin-" + id + "." + Records.extension(format) + "\"");
        ctx.contentType(format == Format.JKF ? "application/json; charset=utf-8" : "text/plain; charset=utf-8");
        ctx.result(text);
    }

    private void list(Context ctx) {
        String st = ctx.queryParam("status");
        GameStatus status = null;
        if (st != null) {
            status = switch (st) {
                case "waiting" -> GameStatus.WAITING;
                case "playing" -> GameStatus.PLAYING;
                case "finished" -> GameStatus.FINISHED;
                case "aborted" -> GameStatus.ABORTED;
                default -> throw new RefusedException(ErrorCode.BAD_FIELD, "status must be waiting, playing, finished or aborted");
            };
        }
        String player = ctx.queryParam("player");
        if (player != null && (player.isBlank() || player.length() > 32)) {
            throw new RefusedException(ErrorCode.BAD_FIELD, "player must have 1 to 32 characters");
        }
        int limit = 50;
        String l = ctx.queryParam("limit");
        if (l != null) {
            try {
                limit = AsciiNumbers.parseInt(l);
            } catch (NumberFormatException e) {
                throw new RefusedException(ErrorCode.BAD_FIELD, "limit must be an integer from 1 to 200");
            }
            if (limit < 1 || limit > 200) {
                throw new RefusedException(ErrorCode.BAD_FIELD, "limit must be an integer from 1 to 200");
            }
        }
        List<String> ids = ids(ctx.queryParam("ids"));
        if (ids != null && player != null) {
            throw new RefusedException(ErrorCode.BAD_FIELD, "ids and player exclude each other");
        }
        String name = player == null ? null : player.strip();
        List<StoredGame> games;
        if (ids != null) {
            games = repo.list(status, null, ids, limit);
        } else if (name != null && Views.isAnonymous(name)) {
            // Games stored before the default name was fixed carry the Japanese one: the same default player.
            List<StoredGame> both = new ArrayList<>(repo.list(status, Views.ANONYMOUS, limit));
            both.addAll(repo.list(status, Views.ANONYMOUS_JA, limit));
            both.sort(Comparator.comparingLong(StoredGame::createdAt).reversed().thenComparing(StoredGame::id));
            games = both.subList(0, Math.min(limit, both.size()));
        } else {
            games = repo.list(status, name, limit);
        }
        ctx.json(Map.of("games", games.stream().map(Views::summary).toList()));
    }

    /** The most game ids {@code GET /api/games?ids=} takes at once: a browser's seats, as the lobby lists them. */
    static final int MAX_IDS = 50;

    /**
     * The game ids of {@code ?ids=ID,ID,…} (a browser's seats, for its lobby's "my games"), or null without the
     * parameter.
     *
     * @throws RefusedException {@code bad_field} for a text that is not a game id, or more than {@link #MAX_IDS}
     */
    private static List<String> ids(String param) {
        if (param == null) {
            return null;
        }
        List<String> ids = param.isEmpty() ? List.of() : List.of(param.split(",", -1));
        if (ids.size() > MAX_IDS || !ids.stream().allMatch(Secrets::isGameId)) {
            throw new RefusedException(ErrorCode.BAD_FIELD, "ids must be at most " + MAX_IDS + " game ids separated by commas");
        }
        return ids.stream().distinct().toList();
    }

    private static <T> T await(CompletableFuture<T> f) {
        try {
            return f.get(10, TimeUnit.SECONDS);
        } catch (ExecutionException e) {
            if (e.getCause() instanceof RefusedException r) {
                throw r;
            }
            throw new IllegalStateException(e.getCause());
        } catch (TimeoutException e) {
            throw new RefusedException(ErrorCode.INTERNAL, "the game did not answer in time");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new RefusedException(ErrorCode.INTERNAL, "interrupted");
        }
    }

    private static String clip(String s) {
        return s == null ? "" : s.length() > 40 ? s.substring(0, 40) + "…" : s;
    }
}
