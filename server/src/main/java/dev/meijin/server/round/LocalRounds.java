package dev.meijin.server.round;

import dev.meijin.server.game.Secrets;
import dev.meijin.server.game.StoredGame;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/** The rounds of a single node: every game is owned here, loaded on first use and dropped when over and unwatched. */
public final class LocalRounds implements RoundOwner {
    private final RoundContext ctx;
    private final ConcurrentHashMap<String, Round> rounds = new ConcurrentHashMap<>();

    /** Rounds sharing a context. */
    public LocalRounds(RoundContext ctx) {
        this.ctx = ctx;
    }

    @Override
    public Optional<Round> round(String id) {
        if (!Secrets.isGameId(id)) {
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
}
