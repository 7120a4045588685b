package dev.meijin.server.lobby;

import dev.meijin.server.game.GameRepository;
import dev.meijin.server.game.GameStatus;
import dev.meijin.server.game.StoredGame;
import dev.meijin.server.round.GameSummary;
import dev.meijin.server.round.ServerEvent;
import dev.meijin.server.round.Views;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArraySet;
import java.util.function.Consumer;

/**
 * The seeks: games against a person that wait for an opponent and were posted to the lobby. Lobby sockets
 * get the whole list when they connect, then each seek added or removed.
 */
public final class Lobby {
    private final Map<String, GameSummary> seeks = new ConcurrentHashMap<>();
    private final Set<Consumer<ServerEvent>> watchers = new CopyOnWriteArraySet<>();

    /** Loads the waiting lobby games of a repository (after a restart). */
    public void load(GameRepository repo) {
        for (StoredGame g : repo.list(GameStatus.WAITING, null, 200)) {
            if (g.terms().inLobby()) {
                seeks.put(g.id(), Views.summary(g));
            }
        }
    }

    /** Posts a seek. */
    public void add(StoredGame g) {
        GameSummary s = Views.summary(g);
        seeks.put(g.id(), s);
        tell(new ServerEvent.SeekAdded(s));
    }

    /** Removes a seek (joined or withdrawn). */
    public void remove(String id) {
        if (seeks.remove(id) != null) {
            tell(new ServerEvent.SeekRemoved(id));
        }
    }

    /** The seeks, oldest first. */
    public List<GameSummary> seeks() {
        List<GameSummary> l = new ArrayList<>(seeks.values());
        l.sort(Comparator.comparingLong(GameSummary::createdAt).thenComparing(GameSummary::id));
        return l;
    }

    /** Adds a watcher; it gets the list at once, then the changes. */
    public Runnable watch(Consumer<ServerEvent> w) {
        watchers.add(w);
        w.accept(new ServerEvent.Lobby(seeks()));
        return () -> watchers.remove(w);
    }

    private void tell(ServerEvent e) {
        for (Consumer<ServerEvent> w : watchers) {
            w.accept(e);
        }
    }
}
