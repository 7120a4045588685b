package dev.meijin.server.browser;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.WebSocket;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * A seat played over the game socket with its secret, beside the pages: for tests that need a long stretch of
 * moves (a real game's opening and middle game) before what the pages are to show.
 */
final class SocketPlayer implements AutoCloseable {
    private final WebSocket socket;
    private final BlockingQueue<String> received = new LinkedBlockingQueue<>();

    SocketPlayer(String base, String gameId, String secret) {
        URI uri = URI.create(base.replaceFirst("^http", "ws") + "/ws/game/" + gameId + "?secret=" + secret);
        socket = HttpClient.newHttpClient().newWebSocketBuilder().buildAsync(uri, new WebSocket.Listener() {
            private final StringBuilder text = new StringBuilder();

            @Override
            public CompletionStage<?> onText(WebSocket ws, CharSequence data, boolean last) {
                text.append(data);
                if (last) {
                    received.add(text.toString());
                    text.setLength(0);
                }
                ws.request(1);
                return null;
            }
        }).join();
    }

    /** Plays a move in the position after {@code ply} moves and waits for the server's echo of it. */
    void move(String usi, int ply) throws InterruptedException {
        socket.sendText("{\"t\":\"move\",\"usi\":\"" + usi + "\",\"ply\":" + ply + "}", true).join();
        String echo = "\"t\":\"move\",\"ply\":" + (ply + 1) + ",";
        while (true) {
            String m = received.poll(5, TimeUnit.SECONDS);
            if (m == null) {
                throw new AssertionError("no echo of " + usi + " at ply " + ply);
            }
            if (m.contains("\"t\":\"error\"")) {
                throw new AssertionError("move " + usi + " at ply " + ply + " refused: " + m);
            }
            if (m.contains(echo)) {
                return;
            }
        }
    }

    @Override
    public void close() {
        socket.sendClose(WebSocket.NORMAL_CLOSURE, "done").join();
    }
}
