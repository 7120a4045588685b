package dev.meijin.server.socket;

import dev.meijin.core.game.TimeSource;
import dev.meijin.server.game.Secrets;
import dev.meijin.server.round.ErrorCode;
import dev.meijin.server.round.EventBus;
import dev.meijin.server.round.RefusedException;
import dev.meijin.server.round.Round;
import dev.meijin.server.round.RoundOwner;
import dev.meijin.server.round.ServerEvent;
import dev.meijin.server.round.Views;
import io.javalin.websocket.WsCloseContext;
import io.javalin.websocket.WsConfig;
import io.javalin.websocket.WsConnectContext;
import io.javalin.websocket.WsContext;
import io.javalin.websocket.WsMessageContext;
import java.time.Duration;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArraySet;
import java.util.concurrent.TimeUnit;
import tools.jackson.databind.ObjectMapper;

/**
 * The game WebSocket ({@code /ws/game/{id}}): translates client messages into round commands and round
 * events into JSON, nothing else. Each connection keeps the hash of the seat secret it came with (query
 * parameter {@code secret} or cookie {@code mj_<id>}), and the round maps it to a seat when it handles each of the
 * connection's commands ({@link Round#seatOf}), so that the creator of a game whose sides a furigoma toss or a draw
 * by lot decides, who waits in sente's place, acts for the seat the toss or the draw gives at the join; without a
 * matching secret it only watches.
 */
public final class GameSockets {
    /** The largest message accepted, in characters. */
    public static final int MAX_MESSAGE = 4096;
    private static final String CONN = "meijin.conn";

    private final RoundOwner owner;
    private final EventBus bus;
    private final ObjectMapper json;
    private final TimeSource time;
    private final ConcurrentHashMap<String, Hub> hubs = new ConcurrentHashMap<>();

    /** Sockets over the rounds of an owner and the events of a bus. */
    public GameSockets(RoundOwner owner, EventBus bus, ObjectMapper json, TimeSource time) {
        this.owner = owner;
        this.bus = bus;
        this.json = json;
        this.time = time;
    }

    /** The handlers of the endpoint. */
    public void configure(WsConfig ws) {
        ws.onConnect(this::connect);
        ws.onMessage(this::message);
        ws.onClose(this::close);
        ws.onBinaryMessage(ctx -> refuse(ctx, ErrorCode.BAD_JSON, "binary messages are not accepted; send JSON text"));
    }

    /** One open socket. */
    private static final class Conn {
        final WsContext ctx;
        final String gameId;
        final Round round;
        /** The hash of the seat secret the connection came with, or null. */
        final String secretHash;
        final RateLimiter limiter;
        volatile boolean ready;

        Conn(WsContext ctx, String gameId, Round round, String secretHash, RateLimiter limiter) {
            this.ctx = ctx;
            this.round = round;
            this.gameId = gameId;
            this.secretHash = secretHash;
            this.limiter = limiter;
        }

        /** The seat the connection acts for as the game now stands ({@code sente}, {@code gote}), or null. */
        String seatName() {
            return Views.color(round.seatOf(secretHash));
        }
    }

    /** The connections of one game on this node, subscribed once to the game's events. */
    private final class Hub {
        final Set<Conn> conns = new CopyOnWriteArraySet<>();
        EventBus.Subscription subscription;

        void deliver(ServerEvent e) {
            if (e instanceof ServerEvent.State s) {
                for (Conn c : conns) {
                    if (c.ready) {
                        c.ctx.send(write(s.forViewer(c.seatName())));
                    }
                }
                return;
            }
            String text = write(e);
            for (Conn c : conns) {
                if (c.ready) {
                    c.ctx.send(text);
                }
            }
        }
    }

    private String write(ServerEvent e) {
        return json.writeValueAsString(e);
    }

    private void connect(WsConnectContext ctx) {
        String id = ctx.pathParam("id");
        Round round = owner.round(id).orElse(null);
        if (round == null) {
            ctx.send(write(ServerEvent.Error.of(ErrorCode.UNKNOWN_GAME, "no game with id \"" + clip(id) + "\"")));
            ctx.closeSession(4404, "unknown game");
            return;
        }
        String secret = ctx.queryParam("secret");
        if (secret == null) {
            secret = ctx.cookie("mj_" + id);
        }
        Conn conn = new Conn(ctx, id, round, Secrets.hashOf(secret), new RateLimiter(20, 40, time.nanos()));
        ctx.attribute(CONN, conn);
        ctx.enableAutomaticPings(15, TimeUnit.SECONDS);
        hubs.compute(id, (k, hub) -> {
            Hub h = hub == null ? new Hub() : hub;
            if (h.subscription == null) {
                h.subscription = bus.subscribe(k, h::deliver);
            }
            h.conns.add(conn);
            return h;
        });
        round.connect(conn.secretHash, e -> {
            ctx.send(write(e));
            if (e instanceof ServerEvent.State) {
                conn.ready = true;
            }
        });
    }

    private void message(WsMessageContext ctx) {
        Conn conn = ctx.attribute(CONN);
        if (conn == null) {
            return;
        }
        String text = ctx.message();
        if (text.length() > MAX_MESSAGE) {
            refuse(ctx, ErrorCode.TOO_LARGE, "message of " + text.length() + " characters; at most " + MAX_MESSAGE);
            ctx.closeSession(1009, "message too large");
            return;
        }
        if (!conn.limiter.tryAcquire(time.nanos())) {
            refuse(ctx, ErrorCode.RATE_LIMITED, "too many messages: at most 20 a second");
            return;
        }
        ClientMessage m;
        try {
            m = ClientMessage.parse(json, text);
        } catch (RefusedException e) {
            refuse(ctx, e.code(), e.getMessage());
            return;
        }
        switch (m) {
            case ClientMessage.Ping p -> ctx.send(write(new ServerEvent.Pong(p.n())));
            case ClientMessage.Move mv -> conn.round.play(conn.secretHash, mv.usi(), mv.ply(),
                    mv.ms().isPresent() ? Optional.of(Duration.ofMillis(mv.ms().getAsLong())) : Optional.empty(), e -> ctx.send(write(e)));
            case ClientMessage.Act a -> conn.round.act(conn.secretHash, a.action(), e -> ctx.send(write(e)));
        }
    }

    private void close(WsCloseContext ctx) {
        Conn conn = ctx.attribute(CONN);
        if (conn == null) {
            return;
        }
        hubs.computeIfPresent(conn.gameId, (k, h) -> {
            h.conns.remove(conn);
            if (h.conns.isEmpty()) {
                h.subscription.close();
                return null;
            }
            return h;
        });
        conn.round.disconnect(conn.secretHash);
    }

    private void refuse(WsContext ctx, ErrorCode code, String message) {
        ctx.send(write(ServerEvent.Error.of(code, message)));
    }

    private static String clip(String s) {
        return s == null ? "" : s.length() > 40 ? s.substring(0, 40) + "…" : s;
    }
}
