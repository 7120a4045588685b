package dev.meijin.server.round;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArraySet;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** The event bus of a single node: subscribers are called on the publishing (round) thread. */
public final class LocalEventBus implements EventBus {
    private static final Logger LOG = LoggerFactory.getLogger(LocalEventBus.class);

    private final ConcurrentHashMap<String, Set<Consumer<ServerEvent>>> topics = new ConcurrentHashMap<>();

    @Override
    public void publish(String gameId, ServerEvent event) {
        Set<Consumer<ServerEvent>> subs = topics.get(gameId);
        if (subs == null) {
            return;
        }
        for (Consumer<ServerEvent> s : subs) {
            try {
                s.accept(event);
            } catch (RuntimeException e) {
                LOG.warn("subscriber of game {} failed", gameId, e);
            }
        }
    }

    @Override
    public Subscription subscribe(String gameId, Consumer<ServerEvent> subscriber) {
        topics.computeIfAbsent(gameId, k -> new CopyOnWriteArraySet<>()).add(subscriber);
        return () -> topics.computeIfPresent(gameId, (k, set) -> {
            set.remove(subscriber);
            return set.isEmpty() ? null : set;
        });
    }
}
