package dev.meijin.server.load;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.WebSocket;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;
import dev.meijin.server.round.MoveTimings;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Holds {@code games} concurrent games on a running play server, two WebSocket players each, every game played
 * with a clock by two players that think a while and then make a random legal move from the destinations the
 * server sent. A finished game is replaced by a new one, so the number of games stays the same. The latency of
 * a move is the time from sending it to receiving its {@code move} acknowledgement on the mover's socket (the
 * move committed to the database and broadcast). Games are set up first; only moves inside the measured
 * window count.
 *
 * {@snippet :
 * LoadDriver.Report r = new LoadDriver(new LoadDriver.Settings(URI.create("http://127.0.0.1:8080"), 100,
 *         Duration.ofSeconds(60), Duration.ofSeconds(1), 1)).run(System.out::println);
 * System.out.println(r.summary());
 * }
 */
public final class LoadDriver {
    private static final JsonMapper JSON = JsonMapper.builder().build();
    private static final String CREATE = "{\"name\":\"load\",\"side\":\"sente\",\"rules\":\"csa\","
            + "\"timeControl\":{\"mainSeconds\":1800,\"byoyomiSeconds\":60}}";

    private final Settings settings;
    private final HttpClient[] clients;
    private final ExecutorService executor = Executors.newVirtualThreadPerTaskExecutor();
    private volatile boolean measuring;
    private volatile boolean stopping;
    private final AtomicLong moves = new AtomicLong();
    private final AtomicLong errors = new AtomicLong();
    private final AtomicLong finished = new AtomicLong();
    private final ConcurrentLinkedQueue<String> errorSamples = new ConcurrentLinkedQueue<>();
    private final ConcurrentLinkedQueue<long[]> latencies = new ConcurrentLinkedQueue<>();

    /**
     * What to run.
     *
     * @param server the server's base URL, e.g. {@code http://127.0.0.1:8080}
     * @param games how many games to hold at once
     * @param duration how long to measure once every game is set up
     * @param think the average time a player thinks before a move (each wait is drawn from 0.5–1.5 times it)
     * @param seed the seed of the players' random choices
     */
    public record Settings(URI server, int games, Duration duration, Duration think, long seed) {
        /** Checks the numbers. */
        public Settings {
            if (games < 1 || duration.isNegative() || duration.isZero() || think.isNegative()) {
                throw new IllegalArgumentException("games must be at least 1 and the duration positive");
            }
        }
    }

    /**
     * What was measured.
     *
     * @param games games held
     * @param seconds length of the measured window
     * @param moves moves acknowledged in the window
     * @param p50Ms median move round trip in milliseconds
     * @param p99Ms 99th percentile
     * @param maxMs slowest
     * @param errors refused moves, lost connections and timeouts
     * @param errorSamples the first few errors
     * @param gamesFinished games that ended (and were replaced) in the window
     * @param server the server's health readings: before the games, and the peak during the window
     * @param setupSeconds how long setting up the games took
     * @param serverP50Ms the median time the server's rounds took to handle a move (rules, commit, fan-out), as
     *     the upper bound of its power-of-two bucket
     * @param serverP99Ms the same at the 99th percentile
     */
    public record Report(int games, double seconds, long moves, double p50Ms, double p99Ms, double maxMs, long errors, List<String> errorSamples,
            long gamesFinished, Map<String, Object> server, double setupSeconds, double serverP50Ms, double serverP99Ms, long gcPauses,
            long gcPauseMs, double allocatedKbPerMove) {

        /** Moves acknowledged per second. */
        public double movesPerSecond() {
            return moves / seconds;
        }

        /** The report as lines of text. */
        public String summary() {
            return String.format(java.util.Locale.ROOT,
                    "games %d, window %.0f s (setup %.1f s): %d moves, %.1f moves/s; round trip p50 %.1f ms, p99 %.1f ms, max %.1f ms; "
                            + "in the round (rules, commit, fan-out) p50 < %.3f ms, p99 < %.3f ms; errors %d; games finished %d;%n"
                            + "server in the window: %d GC pauses, %d ms paused in all, %.1f KB allocated per move handled%nserver: %s%s",
                    games, seconds, setupSeconds, moves, movesPerSecond(), p50Ms, p99Ms, maxMs, serverP50Ms, serverP99Ms, errors, gamesFinished,
                    gcPauses, gcPauseMs, allocatedKbPerMove, server,
                    errorSamples.isEmpty() ? "" : "\nfirst errors: " + errorSamples);
        }
    }

    /** A driver for these settings. */
    public LoadDriver(Settings settings) {
        this.settings = settings;
        this.clients = new HttpClient[Math.max(1, Math.min(8, settings.games() / 100 + 1))];
        for (int i = 0; i < clients.length; i++) {
            clients[i] = HttpClient.newBuilder().executor(executor).connectTimeout(Duration.ofSeconds(10)).build();
        }
    }

    /**
     * Sets the games up, measures for the set duration, stops and reports.
     *
     * @param progress where a line of progress goes now and then
     * @throws IllegalStateException if the server cannot be reached
     */
    public Report run(Consumer<String> progress) throws InterruptedException {
        Map<String, Object> before = health();
        long setupStart = System.nanoTime();
        CountDownLatch ready = new CountDownLatch(settings.games());
        Semaphore setupSlots = new Semaphore(32);
        List<Thread> players = new ArrayList<>();
        for (int i = 0; i < settings.games(); i++) {
            int n = i;
            players.add(Thread.ofVirtual().name("load-game-" + i).start(() -> playGames(n, ready, setupSlots)));
        }
        while (!ready.await(5, TimeUnit.SECONDS)) {
            progress.accept(String.format("setting up: %d of %d games ready", settings.games() - ready.getCount(), settings.games()));
        }
        double setup = (System.nanoTime() - setupStart) / 1e9;
        progress.accept(String.format(java.util.Locale.ROOT, "%d games ready in %.1f s; measuring for %d s", settings.games(), setup,
                settings.duration().toSeconds()));
        long errorsAtStart = errors.get();
        Map<String, Object> atStart = health();
        long[] bucketsAtStart = buckets(atStart);
        measuring = true;
        long start = System.nanoTime();
        long end = start + settings.duration().toNanos();
        Map<String, Object> peak = new java.util.TreeMap<>();

        while (System.nanoTime() < end) {
            Thread.sleep(Math.min(5_000, Math.max(1, (end - System.nanoTime()) / 1_000_000)));
            Map<String, Object> h = health();
            h.remove(BUCKETS);
            for (Map.Entry<String, Object> e : h.entrySet()) {
                if (e.getValue() instanceof Number v) {
                    peak.merge(e.getKey(), v, (a, b) -> ((Number) a).doubleValue() >= ((Number) b).doubleValue() ? a : b);
                }
            }
            progress.accept(String.format(java.util.Locale.ROOT, "%.0f s: %d moves, %d errors, server %s", (System.nanoTime() - start) / 1e9,
                    moves.get(), errors.get() - errorsAtStart, h));
        }
        measuring = false;
        double seconds = (System.nanoTime() - start) / 1e9;
        Map<String, Object> atEnd = health();
        long[] window = buckets(atEnd);
        for (int i = 0; i < window.length && i < bucketsAtStart.length; i++) {
            window[i] -= bucketsAtStart[i];
        }
        long movesInWindow = moves.get();
        long handled = Arrays.stream(window).sum();
        long allocatedMb = number(atEnd, "allocatedMb") - number(atStart, "allocatedMb");
        long errorsInWindow = errors.get() - errorsAtStart;
        stopping = true;
        for (Thread t : players) {
            t.join(15_000);
        }
        long[] all = latencies.stream().flatMapToLong(Arrays::stream).filter(x -> x >= 0).sorted().toArray();
        Map<String, Object> server = new java.util.LinkedHashMap<>();
        before.remove(BUCKETS);
        server.put("before", before);
        server.put("peak", peak);
        executor.shutdownNow();
        return new Report(settings.games(), seconds, movesInWindow, pct(all, 50), pct(all, 99), all.length == 0 ? 0 : all[all.length - 1] / 1e6,
                errorsInWindow, List.copyOf(errorSamples).subList(0, Math.min(5, errorSamples.size())), finished.get(), server, setup,
                MoveTimings.percentileMs(window, 50), MoveTimings.percentileMs(window, 99), number(atEnd, "gcPauses") - number(atStart, "gcPauses"),
                number(atEnd, "gcPauseMs") - number(atStart, "gcPauseMs"), handled == 0 ? 0 : allocatedMb * 1024.0 / handled);
    }

    private static long number(Map<String, Object> health, String key) {
        return health.get(key) instanceof Number n ? n.longValue() : 0;
    }

    private static final String BUCKETS = "moveHandlingBucketsUs";

    /** The server's move handling histogram in a health reading (empty for a server that has none). */
    private static long[] buckets(Map<String, Object> health) {
        if (!(health.get(BUCKETS) instanceof List<?> l)) {
            return new long[0];
        }
        long[] out = new long[l.size()];
        for (int i = 0; i < out.length; i++) {
            out[i] = ((Number) l.get(i)).longValue();
        }
        return out;
    }

    private static double pct(long[] sorted, int p) {
        if (sorted.length == 0) {
            return 0;
        }
        int i = (int) Math.ceil(p / 100.0 * sorted.length) - 1;
        return sorted[Math.max(0, Math.min(sorted.length - 1, i))] / 1e6;
    }

    private Map<String, Object> health() {
        try {
            HttpResponse<String> r = clients[0].send(HttpRequest.newBuilder(settings.server().resolve("/api/health")).GET().build(),
                    HttpResponse.BodyHandlers.ofString());
            @SuppressWarnings("unchecked")
            Map<String, Object> m = JSON.readValue(r.body(), Map.class);
            return m;
        } catch (java.io.IOException e) {
            throw new IllegalStateException("cannot reach " + settings.server() + ": " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
    }

    private void error(String what) {
        if (measuring) {
            errors.incrementAndGet();
            if (errorSamples.size() < 20) {
                errorSamples.add(what);
            }
        }
    }

    /** One game slot: plays games one after another until the driver stops. */
    private void playGames(int n, CountDownLatch ready, Semaphore setupSlots) {
        SplittableRandom random = new SplittableRandom(settings.seed() * 1_000_003L + n);
        HttpClient http = clients[n % clients.length];
        long[] buf = new long[1024];
        int len = 0;
        boolean first = true;
        try {
            while (!stopping) {
                Table t;
                try {
                    if (first) {
                        setupSlots.acquire();
                    }
                    try {
                        t = Table.open(http, settings.server());
                    } finally {
                        if (first) {
                            setupSlots.release();
                        }
                    }
                } catch (Exception e) {
                    error("setting up a game: " + e.getMessage());
                    if (first) {
                        first = false;
                        ready.countDown();
                    }
                    Thread.sleep(1000);
                    continue;
                }
                if (first) {
                    first = false;
                    ready.countDown();
                }
                try {
                    Msg st = t.sente.next("state", 10);
                    if (st == null || t.gote.next("state", 10) == null) {
                        throw new IllegalStateException("no state within 10 s");
                    }
                    JsonNode pos = st.json();
                    while (!stopping) {
                        if (t.ended()) {
                            break;
                        }
                        long think = settings.think().toNanos();
                        if (think > 0) {
                            Thread.sleep(Duration.ofNanos(think / 2 + random.nextLong(think + 1)));
                        }
                        if (stopping || t.ended()) {
                            break;
                        }
                        String usi = randomMove(pos, random);
                        if (usi == null) {
                            t.awaitEnd();
                            break;
                        }
                        boolean senteMoves = pos.get("turn").asString().equals("sente");
                        Player mover = senteMoves ? t.sente : t.gote;
                        Player other = senteMoves ? t.gote : t.sente;
                        int ply = pos.get("ply").asInt();
                        boolean counted = measuring;
                        long t0 = System.nanoTime();
                        mover.send("{\"t\":\"move\",\"usi\":\"" + usi + "\",\"ply\":" + ply + "}");
                        Msg ack = mover.next("move", 10);
                        if (ack == null || ack.type().equals("error")) {
                            if (!t.endedWithin(1)) {
                                JsonNode e = ack == null ? null : ack.json();
                                error("game " + t.id + ": " + usi + " at ply " + ply + (e == null ? " not acknowledged within 10 s" + mover.lastError()
                                        : " refused: " + e.get("code").asString() + ": " + e.get("message").asString()));
                            }
                            break;
                        }
                        // from sending the move to the arrival of its acknowledgement on the mover's socket
                        long dt = ack.at() - t0;
                        if (counted && measuring) {
                            if (len == buf.length) {
                                latencies.add(buf);
                                buf = new long[1024];
                                len = 0;
                            }
                            buf[len++] = dt;
                            moves.incrementAndGet();
                        }
                        if (other.next("move", 10) == null) {
                            error("game " + t.id + ": the opponent did not see move " + (ply + 1));
                            break;
                        }
                        pos = ack.json();
                    }
                    if (t.ended()) {
                        finished.incrementAndGet();
                    }
                } catch (RuntimeException e) {
                    error("game " + t.id + ": " + e);
                } finally {
                    t.close();
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            if (first) {
                ready.countDown();
            }
            long[] last = Arrays.copyOf(buf, len);
            latencies.add(last);
        }
    }

    /** A random legal move from the destinations and drops the server sent, or null if there is none. */
    static String randomMove(JsonNode pos, SplittableRandom random) {
        List<String> all = new ArrayList<>();
        for (Map.Entry<String, JsonNode> f : pos.get("dests").properties()) {
            for (Map.Entry<String, JsonNode> to : f.getValue().properties()) {
                String promo = to.getValue().asString();
                String m = f.getKey() + to.getKey();
                if (!promo.equals("forced")) {
                    all.add(m);
                }
                if (!promo.equals("none")) {
                    all.add(m + "+");
                }
            }
        }
        for (Map.Entry<String, JsonNode> d : pos.get("dropDests").properties()) {
            for (JsonNode sq : d.getValue()) {
                all.add(d.getKey() + "*" + sq.asString());
            }
        }
        return all.isEmpty() ? null : all.get(random.nextInt(all.size()));
    }

    /** A game with its two players. */
    private static final class Table {
        final String id;
        final Player sente;
        final Player gote;

        private Table(String id, Player sente, Player gote) {
            this.id = id;
            this.sente = sente;
            this.gote = gote;
        }

        static Table open(HttpClient http, URI base) throws Exception {
            JsonNode created = post(http, base.resolve("/api/games"), CREATE, 201);
            String id = created.get("gameId").asString();
            JsonNode joined = post(http, base.resolve("/api/games/" + id + "/join"), "{\"name\":\"load\"}", 200);
            String ws = base.toString().replaceFirst("^http", "ws").replaceAll("/$", "");
            Player s = Player.connect(http, URI.create(ws + "/ws/game/" + id + "?secret=" + created.get("secret").asString()));
            Player g = Player.connect(http, URI.create(ws + "/ws/game/" + id + "?secret=" + joined.get("secret").asString()));
            return new Table(id, s, g);
        }

        private static JsonNode post(HttpClient http, URI uri, String body, int expect) throws Exception {
            HttpResponse<String> r = http.send(HttpRequest.newBuilder(uri).timeout(Duration.ofSeconds(30)).POST(HttpRequest.BodyPublishers.ofString(body))
                    .build(), HttpResponse.BodyHandlers.ofString());
            if (r.statusCode() != expect) {
                throw new IllegalStateException(uri.getPath() + " answered " + r.statusCode() + ": " + r.body());
            }
            return JSON.readTree(r.body());
        }

        boolean ended() {
            return sente.ended || gote.ended;
        }

        /** Whether the game ends within {@code seconds} (a refusal may just have crossed the game's end). */
        boolean endedWithin(int seconds) {
            long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
            while (!ended() && System.nanoTime() < end) {
                try {
                    Thread.sleep(20);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return ended();
                }
            }
            return ended();
        }

        void awaitEnd() {
            sente.next("end", 5);
        }

        void close() {
            sente.close();
            gote.close();
        }
    }

    /**
     * A message as it arrived: its type, read without parsing the rest, its text, parsed only when the driver
     * needs it (the position it moves in next), and when it arrived.
     */
    record Msg(String type, String text, long at) {
        JsonNode json() {
            return JSON.readTree(text);
        }

        /** The type field {@code t}: the server writes it first, so it is read from the front of the text. */
        static String typeOf(String text) {
            String head = "{\"t\":\"";
            if (text.startsWith(head)) {
                int end = text.indexOf('"', head.length());
                if (end > 0) {
                    return text.substring(head.length(), end);
                }
            }
            JsonNode t = JSON.readTree(text).get("t");
            return t == null ? "" : t.asString();
        }
    }

    /** One player's WebSocket: messages are queued as they come. */
    private static final class Player implements WebSocket.Listener {
        private final LinkedBlockingQueue<Msg> inbox = new LinkedBlockingQueue<>();
        private final StringBuilder partial = new StringBuilder();
        private WebSocket socket;
        private volatile boolean ended;
        private volatile String lastError = "";

        static Player connect(HttpClient http, URI uri) throws Exception {
            Player p = new Player();
            p.socket = http.newWebSocketBuilder().connectTimeout(Duration.ofSeconds(30)).buildAsync(uri, p).get(30, TimeUnit.SECONDS);
            return p;
        }

        @Override
        public CompletionStage<?> onText(WebSocket ws, CharSequence data, boolean last) {
            long at = System.nanoTime();
            String text = null;
            if (last && partial.isEmpty()) {
                text = data.toString();
            } else {
                partial.append(data);
                if (last) {
                    text = partial.toString();
                    partial.setLength(0);
                }
            }
            if (text != null) {
                String t = Msg.typeOf(text);
                if (t.equals("end")) {
                    ended = true;
                } else if (t.equals("error")) {
                    JsonNode n = JSON.readTree(text);
                    lastError = "; error " + n.get("code").asString() + ": " + n.get("message").asString();
                }
                inbox.add(new Msg(t, text, at));
            }
            ws.request(1);
            return null;
        }

        @Override
        public CompletionStage<?> onClose(WebSocket ws, int status, String reason) {
            ended = true;
            return null;
        }

        @Override
        public void onError(WebSocket ws, Throwable error) {
            lastError = "; socket error " + error;
            ended = true;
        }

        void send(String text) {
            socket.sendText(text, true).join();
        }

        String lastError() {
            return lastError;
        }

        /**
         * The next message of a type (or, when waiting for a {@code move}, an {@code error}), skipping others;
         * null after {@code seconds} or once the game ended.
         */
        Msg next(String type, int seconds) {
            long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
            try {
                while (true) {
                    long left = end - System.nanoTime();
                    Msg n = left <= 0 ? null : inbox.poll(Math.min(left, 50_000_000L), TimeUnit.NANOSECONDS);
                    if (n == null) {
                        if (left <= 0 || ended && !type.equals("end") && inbox.isEmpty()) {
                            return null;
                        }
                        continue;
                    }
                    String t = n.type();
                    if (t.equals(type) || t.equals("error") && type.equals("move")) {
                        return n;
                    }
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return null;
            }
        }

        void close() {
            try {
                socket.sendClose(WebSocket.NORMAL_CLOSURE, "done").orTimeout(2, TimeUnit.SECONDS).exceptionally(x -> null);
                socket.abort();
            } catch (RuntimeException e) {
                // already closed
            }
        }
    }
}
