package dev.meijin.server.round;

import java.util.function.Consumer;

/**
 * Fans a game's events out to whoever watches it. In one process the {@link LocalEventBus} calls the
 * subscribers directly; across nodes an implementation over a broker (Redis pub/sub, NATS) publishes on a
 * topic per game, so any node can serve any spectator (docs/ARCHITECTURE.md).
 */
public interface EventBus {

    /** Publishes an event of a game to its subscribers, in the order of the calls for that game. */
    void publish(String gameId, ServerEvent event);

    /** Subscribes to a game's events until the returned handle is closed. */
    Subscription subscribe(String gameId, Consumer<ServerEvent> subscriber);

    /** An active subscription. */
    interface Subscription extends AutoCloseable {
        @Override
        void close();
    }
}
