package dev.meijin.server.app;

import static org.assertj.core.api.Assertions.assertThat;

import dev.meijin.server.EngineSettings;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpRequest;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/**
 * Request bodies over HTTP, on every endpoint that takes one or takes none: an empty body where a JSON object is
 * wanted, a body where none is, a declared length over the cap, JSON beyond the reader's limits. Each refusal is
 * a JSON error with its exact message, and nothing is created or started.
 */
class RequestBodyTest {
    private static final String EMPTY = "the request body is empty; expected a JSON object";

    @TempDir
    Path dir;
    @AutoClose
    Harness h;

    @BeforeEach
    void start() {
        h = new Harness(dir, new EngineSettings(1, 1_000, Duration.ofSeconds(10)));
    }

    /** A request with this method, body and content type (none when null). */
    private Harness.Answer send(String method, String path, String body, String contentType) {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(h.base() + path)).method(method, HttpRequest.BodyPublishers.ofString(body));
        if (contentType != null) {
            b.header("Content-Type", contentType);
        }
        return h.send(b.build());
    }

    /** A JSON error with this status, code and message. */
    private static void refused(Harness.Answer a, int status, String code, String message) {
        assertThat(a.status()).as(a.text()).isEqualTo(status);
        assertThat(a.body()).as(a.text()).isNotNull();
        assertThat(a.errorCode()).as(a.text()).isEqualTo(code);
        assertThat(a.errorMessage()).isEqualTo(message);
    }

    private int games() {
        return h.get("/api/games?limit=200").body().get("games").size();
    }

    @Test
    void anEmptyBodyIsRefusedByEveryEndpointThatTakesOne() {
        Harness.Seat waiting = h.create("{\"name\":\"Taro\"}");
        int before = games();
        for (String path : List.of("/api/games", "/api/games/" + waiting.gameId() + "/join", "/api/mate", "/api/analyses")) {
            refused(send("POST", path, "", null), 400, "bad_json", EMPTY);
            refused(send("POST", path, "", "application/json"), 400, "bad_json", EMPTY);
            refused(send("POST", path, " \r\n\t", "application/json"), 400, "bad_json", EMPTY);
        }
        // a body that is JSON but not an object is a bad field, as before
        for (String body : List.of("null", "[]", "\"str\"", "7")) {
            refused(h.post("/api/games", body), 400, "bad_field", "the body must be a JSON object");
        }
        assertThat(games()).as("no game created").isEqualTo(before);
        JsonNode st = h.get("/api/games/" + waiting.gameId()).body();
        assertThat(st.get("status").asString()).as("nobody joined").isEqualTo("waiting");
        assertThat(st.get("players").get("sente").get("name").isNull() || st.get("players").get("gote").get("name").isNull()).isTrue();
    }

    /** A game between two people that sente has resigned. */
    private Harness.Seat[] finishedGame() {
        Harness.Seat[] s = h.pair("{\"side\":\"sente\"}");
        Harness.Ws sente = h.connect(s[0].gameId(), s[0].secret());
        sente.next("state");
        sente.send("{\"t\":\"resign\"}");
        assertThat(sente.next("end").get("outcome").get("reason").asString()).isEqualTo("RESIGNATION");
        return s;
    }

    @Test
    void endpointsThatTakeNoBodyRefuseAnyButNothingOrAnEmptyObject() {
        Harness.Seat[] s = finishedGame();
        String analysis = "/api/games/" + s[0].gameId() + "/analysis";
        String rematch = "/api/games/" + s[0].gameId() + "/rematch";
        for (String[] call : new String[][] {{"POST", analysis}, {"POST", rematch}, {"DELETE", rematch}}) {
            String m = call[0];
            String p = call[1];
            refused(send(m, p, "{bad", "application/json"), 400, "bad_json",
                    "the body is not valid JSON: Unexpected character ('b' (code 98)): was expecting double-quote to start property name");
            refused(send(m, p, "{\"x\":1}", "application/json"), 400, "bad_field", "unknown field \"x\"");
            refused(send(m, p, "[]", "application/json"), 400, "bad_field", "the body must be empty or a JSON object without fields");
            refused(send(m, p, "null", "application/json"), 400, "bad_field", "the body must be empty or a JSON object without fields");
        }
        assertThat(h.get(analysis).body().get("status").asString()).as("no analysis started").isEqualTo("none");
        assertThat(h.get("/api/games/" + s[0].gameId()).body().get("rematchOffer").isNull()).as("no rematch offered").isTrue();

        // what the web client sends: no body at all; or an empty object
        Harness.Answer started = send("POST", analysis, "", null);
        assertThat(started.status()).as(started.text()).isEqualTo(200);
        assertThat(started.body().get("status").asString()).isIn("running", "done");
        Harness.Answer again = send("POST", analysis, "{}", "application/json");
        assertThat(again.status()).as(again.text()).isEqualTo(200);
        HttpRequest offer = HttpRequest.newBuilder(URI.create(h.base() + rematch)).header("X-Meijin-Secret", s[0].secret())
                .POST(HttpRequest.BodyPublishers.noBody()).build();
        Harness.Answer offered = h.send(offer);
        assertThat(offered.status()).as(offered.text()).isEqualTo(202);
        assertThat(offered.body().get("status").asString()).isEqualTo("offered");
        HttpRequest withdraw = HttpRequest.newBuilder(URI.create(h.base() + rematch)).header("X-Meijin-Secret", s[0].secret())
                .method("DELETE", HttpRequest.BodyPublishers.ofString("{}")).build();
        Harness.Answer declined = h.send(withdraw);
        assertThat(declined.status()).as(declined.text()).isEqualTo(200);
        assertThat(declined.body().get("status").asString()).isEqualTo("declined");
    }

    /**
     * Sends a request over a plain socket, its {@code Content-Length} declared as {@code declared} but only
     * {@code body} sent, and reads the answer: the status line and the body.
     */
    private String[] rawPost(String path, long declared, String body) throws IOException {
        try (Socket socket = new Socket("127.0.0.1", h.port)) {
            socket.setSoTimeout(10_000);
            OutputStream out = socket.getOutputStream();
            out.write(("POST " + path + " HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: " + declared
                    + "\r\n\r\n" + body).getBytes(StandardCharsets.UTF_8));
            out.flush();
            InputStream in = socket.getInputStream();
            String head = readHead(in);
            String status = head.substring(0, head.indexOf("\r\n"));
            String lower = head.toLowerCase(Locale.ROOT);
            String text;
            int cl = lower.indexOf("\r\ncontent-length:");
            if (cl >= 0) {
                int len = Integer.parseInt(lower.substring(cl + 17, lower.indexOf("\r\n", cl + 2)).strip());
                text = new String(in.readNBytes(len), StandardCharsets.UTF_8);
            } else {
                assertThat(lower).contains("\r\ntransfer-encoding: chunked");
                ByteArrayOutputStream all = new ByteArrayOutputStream();
                while (true) {
                    int size = Integer.parseInt(readLine(in).strip(), 16);
                    if (size == 0) {
                        break;
                    }
                    all.write(in.readNBytes(size));
                    readLine(in);
                }
                text = all.toString(StandardCharsets.UTF_8);
            }
            return new String[] {status, text};
        }
    }

    private static String readHead(InputStream in) throws IOException {
        StringBuilder sb = new StringBuilder();
        while (sb.length() < 4 || !sb.substring(sb.length() - 4).equals("\r\n\r\n")) {
            int c = in.read();
            if (c < 0) {
                throw new IOException("the connection closed after " + sb);
            }
            sb.append((char) c);
        }
        return sb.toString();
    }

    private static String readLine(InputStream in) throws IOException {
        StringBuilder sb = new StringBuilder();
        int c;
        while ((c = in.read()) >= 0 && c != '\n') {
            sb.append((char) c);
        }
        return sb.toString();
    }

    private static void tooLarge(String body, int cap) {
        JsonNode e = Harness.JSON.readTree(body).get("error");
        assertThat(e.get("code").asString()).as(body).isEqualTo("too_large");
        assertThat(e.get("message").asString()).isEqualTo("request body over " + cap + " bytes");
        assertThat(e.size()).as(body).isEqualTo(2);
    }

    @Test
    void aDeclaredLengthOverTheCapIsRefusedAtOnce() throws IOException {
        int before = games();
        long began = System.nanoTime();
        String[] a = rawPost("/api/games", 100_000_000, "{}");
        assertThat(a[0]).isEqualTo("HTTP/1.1 413 Payload Too Large");
        tooLarge(a[1], 4096);
        String[] join = rawPost("/api/games/" + h.create("{}").gameId() + "/join", 4097, "{}");
        tooLarge(join[1], 4096);
        String[] mate = rawPost("/api/mate", 65_537, "{}");
        assertThat(mate[0]).isEqualTo("HTTP/1.1 413 Payload Too Large");
        tooLarge(mate[1], 65536);
        String[] record = rawPost("/api/analyses", 100_000_000, "{}");
        tooLarge(record[1], 65536);
        assertThat(Duration.ofNanos(System.nanoTime() - began)).as("answered without waiting for the body").isLessThan(Duration.ofSeconds(5));
        assertThat(games()).as("only the game to join was created").isEqualTo(before + 1);
        // a body within the cap, as declared, is read
        String[] fine = rawPost("/api/games", 2, "{}");
        assertThat(fine[0]).isEqualTo("HTTP/1.1 201 Created");
    }

    @Test
    void jsonBeyondTheReadersLimitsIsRefusedInPlainWords() {
        String deep = "[".repeat(501) + "]".repeat(501);
        refused(h.post("/api/games", deep), 400, "bad_json", "the body is nested too deeply (at most 500 levels of arrays and objects)");
        refused(h.post("/api/games", "{\"timeControl\":" + "{\"a\":".repeat(500) + "1" + "}".repeat(501)), 400, "bad_json",
                "the body is nested too deeply (at most 500 levels of arrays and objects)");
        refused(h.post("/api/games", "[".repeat(500) + "]".repeat(500)), 400, "bad_field", "the body must be a JSON object");
        refused(h.post("/api/games", "{\"engineLevel\":" + "1".repeat(1001) + "}"), 400, "bad_json",
                "the body has a number of 1001 characters (at most 1000)");
        // a long fraction is read as a double (Jackson limits its length only for BigDecimal) and refused by its field
        refused(h.post("/api/games", "{\"engineLevel\":0." + "5".repeat(1000) + "}"), 400, "bad_field", "engineLevel must be an integer from 1 to 8");
        refused(h.post("/api/mate", "{\"" + "p".repeat(50_001) + "\":1}"), 400, "bad_json",
                "the body has a field name of 50001 characters (at most 50000)");
        // and on the game socket, whose messages are read by the same mapper
        Harness.Seat[] s = h.pair("{\"side\":\"sente\"}");
        Harness.Ws ws = h.connect(s[0].gameId(), s[0].secret());
        ws.next("state");
        ws.send(deep);
        assertThat(ws.error("bad_json").get("message").asString()).isEqualTo("the message is nested too deeply (at most 500 levels of arrays and objects)");
        ws.send("{\"t\":\"ping\",\"n\":" + "9".repeat(1001) + "}");
        assertThat(ws.error("bad_json").get("message").asString()).isEqualTo("the message has a number of 1001 characters (at most 1000)");
        ws.send("{\"t\":\"ping\",\"n\":5}");
        assertThat(ws.next("pong").get("n").asLong()).isEqualTo(5);
    }
}
