package dev.meijin.server.app;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import dev.meijin.server.EngineSettings;
import dev.meijin.server.PlayServer;
import dev.meijin.server.ServerConfig;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.WebSocket;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** A running server on a free port with a fresh H2 database, and clients that talk to it over real HTTP and WebSocket. */
final class Harness implements AutoCloseable {
    static final JsonMapper JSON = JsonMapper.builder().build();
    final PlayServer server;
    final int port;
    final HttpClient http = HttpClient.newHttpClient();
    private final List<Ws> sockets = new ArrayList<>();

    Harness(Path dir) {
        this(ServerConfig.defaults().withPort(0).withDataDir(dir).withEngine(EngineSettings.off()));
    }

    /** A server on a fresh database in {@code dir}, with this engine. */
    Harness(Path dir, EngineSettings engine) {
        this(ServerConfig.defaults().withPort(0).withDataDir(dir).withEngine(engine));
    }

    Harness(ServerConfig cfg) {
        this.server = PlayServer.start(cfg.withHost("127.0.0.1"));
        this.port = server.port();
    }

    private Harness(int port) {
        this.server = null;
        this.port = port;
    }

    /** Clients of a server running in another process. */
    static Harness remote(int port) {
        return new Harness(port);
    }

    String base() {
        return "http://127.0.0.1:" + port;
    }

    /** An HTTP answer: status and parsed JSON body (null when not JSON). */
    record Answer(int status, JsonNode body, String text, java.net.http.HttpHeaders headers) {
        /** The code of an error answer. */
        String errorCode() {
            return body.get("error").get("code").asString();
        }

        /** The message of an error answer. */
        String errorMessage() {
            return body.get("error").get("message").asString();
        }
    }

    /** A text field of each element of a JSON array: the {@code usi} of each move. */
    static List<String> strings(JsonNode items, String field) {
        List<String> out = new ArrayList<>();
        items.forEach(m -> out.add(m.get(field).asString()));
        return out;
    }

    Answer post(String path, String body) {
        return send(HttpRequest.newBuilder(URI.create(base() + path)).POST(HttpRequest.BodyPublishers.ofString(body)).build());
    }

    Answer get(String path) {
        return send(HttpRequest.newBuilder(URI.create(base() + path)).GET().build());
    }

    Answer send(HttpRequest r) {
        try {
            HttpResponse<String> res = http.send(r, HttpResponse.BodyHandlers.ofString());
            JsonNode n = null;
            if (res.headers().firstValue("Content-Type").orElse("").startsWith("application/json")) {
                n = JSON.readTree(res.body());
            }
            return new Answer(res.statusCode(), n, res.body(), res.headers());
        } catch (IOException e) {
            throw new IllegalStateException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /** A seat: the game id, colour (null for the creator of a game whose furigoma toss or draw by lot waits) and secret. */
    record Seat(String gameId, String color, String secret) {}

    Seat create(String body) {
        Answer a = post("/api/games", body);
        assertThat(a.status()).as(a.text()).isEqualTo(201);
        return seat(a.body());
    }

    Seat join(String gameId, String name) {
        Answer a = post("/api/games/" + gameId + "/join", "{\"name\":\"" + name + "\"}");
        assertThat(a.status()).as(a.text()).isEqualTo(200);
        return seat(a.body());
    }

    private static Seat seat(JsonNode b) {
        JsonNode color = b.get("color");
        return new Seat(b.get("gameId").asString(), color.isNull() ? null : color.asString(), b.get("secret").asString());
    }

    /** Creates a game with these options and seats a second player: {sente, gote}, as the join answered. */
    Seat[] pair(String options) {
        Seat a = create(options);
        Seat b = join(a.gameId(), "Hanako");
        return b.color().equals("gote") ? new Seat[] {a, b} : new Seat[] {b, a};
    }

    /** {@code GET} with a seat's secret, as a page with the seat's cookie asks. */
    Answer get(String path, String secret) {
        return send(HttpRequest.newBuilder(URI.create(base() + path)).header("X-Meijin-Secret", secret).GET().build());
    }

    Ws connect(String gameId, String secret) {
        String q = secret == null ? "" : "?secret=" + secret;
        return open("/ws/game/" + gameId + q);
    }

    Ws open(String path) {
        Ws ws = new Ws();
        try {
            ws.socket = http.newWebSocketBuilder().buildAsync(URI.create("ws://127.0.0.1:" + port + path), ws).get(5, TimeUnit.SECONDS);
        } catch (Exception e) {
            throw new IllegalStateException("cannot connect to " + path, e);
        }
        sockets.add(ws);
        return ws;
    }

    /** A WebSocket client that queues every message it receives. */
    static final class Ws implements WebSocket.Listener {
        final LinkedBlockingQueue<JsonNode> inbox = new LinkedBlockingQueue<>();
        final CompletableFuture<Integer> closed = new CompletableFuture<>();
        WebSocket socket;
        private final StringBuilder partial = new StringBuilder();

        @Override
        public CompletionStage<?> onText(WebSocket ws, CharSequence data, boolean last) {
            partial.append(data);
            if (last) {
                inbox.add(JSON.readTree(partial.toString()));
                partial.setLength(0);
            }
            ws.request(1);
            return null;
        }

        @Override
        public CompletionStage<?> onClose(WebSocket ws, int status, String reason) {
            closed.complete(status);
            return null;
        }

        void send(String text) {
            socket.sendText(text, true).join();
        }

        void move(String usi, int ply) {
            send("{\"t\":\"move\",\"usi\":\"" + usi + "\",\"ply\":" + ply + "}");
        }

        /** The next message of type {@code t}, skipping others; fails after five seconds. */
        JsonNode next(String t) {
            return next(t, 5);
        }

        /** The next message of type {@code t}, skipping others; fails after {@code seconds}. */
        JsonNode next(String t, int seconds) {
            long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
            List<String> skipped = new ArrayList<>();
            while (true) {
                long left = end - System.nanoTime();
                JsonNode n;
                try {
                    n = left <= 0 ? null : inbox.poll(left, TimeUnit.NANOSECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new IllegalStateException(e);
                }
                if (n == null) {
                    return fail("no \"" + t + "\" message within " + seconds + " s; skipped " + skipped);
                }
                if (n.get("t").asString().equals(t)) {
                    return n;
                }
                skipped.add(n.toString().length() > 200 ? n.toString().substring(0, 200) : n.toString());
            }
        }

        /** The next error, asserting its code. */
        JsonNode error(String code) {
            JsonNode e = next("error");
            assertThat(e.get("code").asString()).as(e.toString()).isEqualTo(code);
            return e;
        }

        void close() {
            socket.sendClose(WebSocket.NORMAL_CLOSURE, "bye");
        }

        int awaitClosed() {
            return closed.orTimeout(5, TimeUnit.SECONDS).join();
        }
    }

    @Override
    public void close() {
        for (Ws w : sockets) {
            w.socket.abort();
        }
        if (server != null) {
            server.close();
        }
    }

    static Duration seconds(long s) {
        return Duration.ofSeconds(s);
    }
}
