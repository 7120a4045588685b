package dev.meijin.server.round;

import dev.meijin.server.game.Secrets;
import dev.meijin.server.game.StoredGame;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** The rounds of a single node: every game is owned here, loaded on first use and dropped when over and unwatched. */
public final class LocalRounds implements RoundOwner {
    private final RoundContext ctx;
    private static final Logger LOG = LoggerFactory.getLogger(LocalRounds.class);

    private final ConcurrentHashMap<String, Round> rounds = new ConcurrentHashMap<>();
    private volatile boolean closed;

    /** Rounds sharing a context. */
    public LocalRounds(RoundContext ctx) {
        this.ctx = ctx;
    }

    @Override
    public Optional<Round> round(String id) {
        if (closed || !Secrets.isGameId(id)) {
            return Optional.empty();
        }
        Round r = rounds.get(id);
        if (r != null) {
            return Optional.of(r);
        }
        return Optional.ofNullable(rounds.computeIfAbsent(id, k -> ctx.repository().find(k)
                .map(g -> Round.load(ctx, g, ctx.repository().moves(k), this, this::evict)).orElse(null)));
    }

    private void evict(Round r) {
        rounds.remove(r.id(), r);
    }

    @Override
    public Round create(StoredGame game) {
        if (closed) {
            throw new IllegalStateException("the server is shutting down");
        }
        ctx.repository().create(game);
        Round r = Round.load(ctx, game, List.of(), this, this::evict);
        rounds.put(game.id(), r);
        return r;
    }

    @Override
    public int liveCount() {
        return rounds.size();
    }

    @Override
    public int resumeAll() {
        int n = 0;
        for (String id : ctx.repository().liveIds()) {
            if (round(id).isPresent()) {
                n++;
            }
        }
        return n;
    }

    @Override
    public void close(Duration wait) {
        closed = true;
        List<Round> all = List.copyOf(rounds.values());
        all.forEach(Round::shutdown);
        long deadline = System.nanoTime() + wait.toNanos();
        int unfinished = 0;
        for (Round r : all) {
            try {
                if (!r.awaitStopped(Duration.ofNanos(Math.max(1, deadline - System.nanoTime())))) {
                    unfinished++;
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
        if (unfinished > 0) {
            LOG.warn("{} of {} games were still busy when the server stopped; each resumes from its last stored move", unfinished, all.size());
        }
        rounds.clear();
    }
}
