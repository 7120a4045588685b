package dev.meijin.server.round;

import dev.meijin.core.Color;
import dev.meijin.core.game.Clock;
import dev.meijin.core.game.Ending;
import dev.meijin.core.game.Game;
import dev.meijin.core.game.Handicap;
import dev.meijin.core.game.Outcome;
import dev.meijin.core.game.RuleSet;
import dev.meijin.core.game.TimeControl;
import dev.meijin.core.sfen.Sfen;
import dev.meijin.server.game.GameStatus;
import dev.meijin.server.game.PlayerKind;
import dev.meijin.server.game.Secrets;
import dev.meijin.server.game.StoredGame;
import dev.meijin.server.game.StoredMove;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A live game: the only code that changes it. Commands arrive in a mailbox and are handled one at a time by
 * the round's own virtual thread, so no lock guards the game, its clock or its presence counts. Every change
 * is committed to the repository before its event is published.
 */
public final class Round {
    private static final Logger LOG = LoggerFactory.getLogger(Round.class);
    private static final long MS = 1_000_000L;
    /** The detail of a seek withdrawn because its owner left. */
    static final String SEEK_OWNER_LEFT = "seek withdrawn: its owner left";
    /** The detail of a seek withdrawn because it waited too long. */
    static final String SEEK_EXPIRED = "seek expired: nobody accepted it in time";

    private final RoundContext ctx;
    private final String id;
    private final LinkedBlockingQueue<RoundCommand> mailbox = new LinkedBlockingQueue<>();
    private final Consumer<Round> onIdle;
    private final RoundOwner owner;
    private volatile StoredGame stored;
    private GameAdapter game;
    private Clock clock;
    private Color takebackOffer;
    /** An impasse proposed by this player (持将棋, professional rules) and not answered yet; a move lets it lapse. */
    private Color impasseOffer;
    /** A rematch offered by this player of the finished game and not answered yet (kept in memory only). */
    private Color rematchOffer;
    /** The rematch's game, once it was created. */
    private String rematchId;
    private final int[] present = new int[2];
    private final long[] goneSince = {-1, -1};
    private int watchers;
    private ScheduledFuture<?> flagTimer;
    private ScheduledFuture<?> goneTimer;
    private EnginePlayer.Thinking thinking;
    /**
     * Since when (nanoseconds) the start position has been before the first mover: the game's start, a takeback
     * to it, or the loading of this round. The first move's time is measured from here and recorded with it, as
     * the time its player took, though no clock runs for it and nothing is charged.
     */
    private long untimedSince;
    private boolean stopped;
    private final Thread thread;

    private Round(RoundContext ctx, StoredGame stored, GameAdapter game, Clock clock, RoundOwner owner, Consumer<Round> onIdle) {
        this.ctx = ctx;
        this.owner = owner;
        this.id = stored.id();
        this.stored = stored;
        this.game = game;
        this.clock = clock;
        this.onIdle = onIdle;
        this.untimedSince = ctx.time().nanos();
        long now = ctx.wall().millis();
        for (Color c : Color.values()) {
            if (stored.player(c).kind() == PlayerKind.HUMAN) {
                goneSince[c.index()] = now;
            }
        }
        this.thread = Thread.ofVirtual().name("round-" + id).unstarted(this::run);
    }

    /**
     * A round for a stored game and its moves, its clock resumed as it stood after the last stored move (the
     * time the server was down is charged to nobody).
     *
     * @param owner where commands go once this round has stopped
     * @param onIdle told when the round has stopped because the game is over and nobody watches
     */
    static Round load(RoundContext ctx, StoredGame g, List<StoredMove> moves, RoundOwner owner, Consumer<Round> onIdle) {
        Live live = restore(ctx, g, moves);
        Round r = new Round(ctx, g, live.game(), live.clock(), owner, onIdle);
        r.thread.start();
        if (g.status() == GameStatus.PLAYING) {
            r.tell(new RoundCommand.Flag());
        }
        r.tell(new RoundCommand.Gone());
        return r;
    }

    private record Live(GameAdapter game, Clock clock) {}

    private static Live restore(RoundContext ctx, StoredGame g, List<StoredMove> moves) {
        List<String> usi = new ArrayList<>(moves.size());
        List<Long> times = new ArrayList<>(moves.size());
        for (StoredMove m : moves) {
            usi.add(m.usi());
            times.add(m.timeMs());
        }
        GameAdapter game = GameAdapter.restore(g.terms().handicap(), g.terms().rules(), usi, times, Optional.ofNullable(outcome(g.result())));
        Clock clock = Clock.of(g.terms().timeControl()).withGrace(ctx.grace());
        StoredGame.FinalClock atEnd = g.result() == null ? null : g.result().clock();
        if (atEnd != null && !g.terms().timeControl().isUnlimited()) {
            clock = finalClock(g.terms().timeControl(), ctx.grace(), atEnd);
        } else if (!moves.isEmpty() && !g.terms().timeControl().isUnlimited()) {
            StoredMove last = moves.getLast();
            Duration reserve = Clock.fullLagReserve(ctx.grace());
            clock = new Clock(clock.control(), ctx.grace(), new Clock.Side(Duration.ofMillis(last.senteMainMs()), last.sentePeriods(), Duration.ZERO, reserve),
                    new Clock.Side(Duration.ofMillis(last.goteMainMs()), last.gotePeriods(), Duration.ZERO, reserve), Optional.empty(), 0);
        }
        if (g.status() == GameStatus.PLAYING && !moves.isEmpty()) {
            clock = clock.start(game.turn(), ctx.time().nanos());
        }
        return new Live(game, clock);
    }

    /**
     * A stopped clock that reads as a finished game's clocks were stored ({@link #stopClock}): no lag reserve, so
     * nothing is forgiven on the reading, and in byoyomi the time used of the current period is pending on the
     * unfinished move, as it was when the game ended.
     */
    private static Clock finalClock(TimeControl control, Duration grace, StoredGame.FinalClock f) {
        return new Clock(control, grace, finalSide(control, f.sente()), finalSide(control, f.gote()), Optional.empty(), 0);
    }

    private static Clock.Side finalSide(TimeControl control, StoredGame.FinalClock.Side s) {
        Duration pending = Duration.ZERO;
        if (s.mainMs() == 0 && s.periods() > 0) {
            pending = control.byoyomi().minusMillis(s.byoyomiMs());
            pending = pending.isNegative() ? Duration.ZERO : pending;
        }
        return new Clock.Side(Duration.ofMillis(s.mainMs()), s.periods(), pending, Duration.ZERO);
    }

    /**
     * The core game of a stored game, rebuilt from its moves and result as a round rebuilds it: for records and
     * analysis of any game, live or finished.
     *
     * @throws IllegalArgumentException if a stored move is not legal (a corrupted record)
     */
    public static Game coreGame(StoredGame g, List<StoredMove> moves) {
        return Game.restore(Sfen.parse(g.terms().handicap().sfen()), GameAdapter.rules(g.terms().rules()),
                moves.stream().map(StoredMove::usi).toList(), Optional.ofNullable(outcome(g.result())));
    }

    /** The core outcome of a stored result, or null. */
    static Outcome outcome(StoredGame.Result r) {
        if (r == null) {
            return null;
        }
        if (r.reason() == Ending.ABORTED) {
            return new Outcome.Aborted(r.detail());
        }
        return r.winner() == null ? new Outcome.Draw(r.reason(), r.detail()) : new Outcome.Win(r.winner(), r.reason(), r.detail());
    }

    /** The game id. */
    public String id() {
        return id;
    }

    /** The seat a secret acts for in this game as it now stands, or null (a spectator). */
    public Color seatFor(String secret) {
        return seatOf(Secrets.hashOf(secret));
    }

    /**
     * The seat the holder of a secret with this hash ({@link Secrets#hashOf}) acts for in this game as it now stands,
     * or null (a spectator). Until a furigoma toss or a draw by lot the creator is in sente's place; the toss or the
     * draw may move it to gote.
     */
    public Color seatOf(String secretHash) {
        StoredGame g = stored;
        for (Color c : Color.values()) {
            if (Secrets.sameHash(secretHash, g.player(c).secretHash())) {
                return c;
            }
        }
        return null;
    }

    /**
     * Posts a move in the position after {@code ply} moves, sent with the hash of a seat secret (null for none); the
     * round plays it for that secret's seat. Refusals go to {@code reply}, the move to everyone.
     */
    public void play(String secretHash, String usi, int ply, Consumer<ServerEvent> reply) {
        play(secretHash, usi, ply, Optional.empty(), reply);
    }

    /**
     * Posts a move with the player's thinking time as its client measured it, so that only the rest of the
     * time its clock ran is treated as lag ({@link Clock#step(long, Duration)}).
     */
    public void play(String secretHash, String usi, int ply, Optional<Duration> thinking, Consumer<ServerEvent> reply) {
        post(new RoundCommand.Play(secretHash, usi, ply, thinking, reply));
    }

    /** Posts a player action, sent with the hash of a seat secret (null for none); refusals go to {@code reply}. */
    public void act(String secretHash, PlayerAction action, Consumer<ServerEvent> reply) {
        post(new RoundCommand.Act(secretHash, action, reply));
    }

    /**
     * A viewer connected with the hash of a seat secret (null for a spectator); the state goes to {@code reply}.
     * The seat is looked up when the round handles each command of the viewer, so a connection made while a
     * furigoma toss or a draw by lot waits acts, after it, for the seat it gave.
     */
    public void connect(String secretHash, Consumer<ServerEvent> reply) {
        post(new RoundCommand.Connect(secretHash, reply));
    }

    /** A viewer that {@link #connect connected} to this round with this secret hash left. */
    public void disconnect(String secretHash) {
        tell(new RoundCommand.Disconnect(secretHash));
    }

    /** Takes the free seat of a waiting game; completes with the seat or a {@link RefusedException}. */
    public CompletableFuture<Color> join(String name, String secretHash) {
        CompletableFuture<Color> f = new CompletableFuture<>();
        post(new RoundCommand.Join(name, secretHash, f));
        return f;
    }

    /**
     * Asks for a rematch of this finished game for a player ({@code seat}; null for someone watching, who is
     * refused). The first player's request is an offer; the opponent's request accepts it, and the engine
     * accepts at once. The rematch keeps the terms (handicap, rules, time control, level); in an even game
     * the players change sides, in a handicap game they keep them. Each player's seat in it answers to the
     * same secret as in this game. With {@code withdraw} the offer is withdrawn (by its player) or declined (by
     * the opponent). Completes with the answer or a {@link RefusedException}.
     */
    public CompletableFuture<RematchAnswer> rematch(Color seat, boolean withdraw) {
        CompletableFuture<RematchAnswer> f = new CompletableFuture<>();
        post(new RoundCommand.Rematch(seat, withdraw, f));
        return f;
    }

    /** The state as the holder of a seat secret with this hash (null for none) sees it. */
    public CompletableFuture<ServerEvent.State> snapshot(String secretHash) {
        CompletableFuture<ServerEvent.State> f = new CompletableFuture<>();
        post(new RoundCommand.Snapshot(secretHash, f));
        return f;
    }

    /** Posts a command, or hands it to the game's new round if this one has just stopped. */
    private void post(RoundCommand c) {
        if (!tell(c)) {
            owner.round(id).ifPresent(r -> r.post(c));
        }
    }

    /** The stored game as last committed. */
    public StoredGame stored() {
        return stored;
    }

    /**
     * Posts a command.
     *
     * @return false if the round has stopped (the caller asks the registry again)
     */
    synchronized boolean tell(RoundCommand c) {
        if (stopped) {
            return false;
        }
        mailbox.add(c);
        return true;
    }

    private void run() {
        while (true) {
            RoundCommand c;
            try {
                c = mailbox.take();
            } catch (InterruptedException e) {
                return;
            }
            long began = System.nanoTime();
            try {
                handle(c);
                if (c instanceof RoundCommand.Play || c instanceof RoundCommand.EngineAnswered) {
                    ctx.timings().record(System.nanoTime() - began);
                }
            } catch (RefusedException e) {
                replyOf(c).accept(ServerEvent.Error.of(e));
            } catch (RuntimeException e) {
                LOG.error("round {} failed on {}", id, c, e);
                replyOf(c).accept(ServerEvent.Error.of(ErrorCode.INTERNAL, "the server failed; nothing was changed"));
                reloadAfterFailure();
            }
            if (c instanceof RoundCommand.Stop) {
                return;
            }
            if (watchers == 0 && !stored.status().isLive() && mailbox.isEmpty() && stopIfIdle()) {
                return;
            }
        }
    }

    /**
     * Stops the round for a server shutdown: it takes no new command, handles those already posted (so a move
     * being played is committed and acknowledged), cancels its timers and the engine's thinking, and then its
     * thread ends. The game stays stored as it is and resumes when the server next starts.
     */
    synchronized void shutdown() {
        if (stopped) {
            return;
        }
        stopped = true;
        cancelFlagTimer();
        if (goneTimer != null) {
            goneTimer.cancel(false);
        }
        cancelThinking();
        mailbox.add(new RoundCommand.Stop());
    }

    /**
     * Waits for the round's thread to end after {@link #shutdown()}.
     *
     * @param wait how long to wait at most
     * @return whether the thread has ended
     * @throws InterruptedException if the waiting thread is interrupted
     */
    boolean awaitStopped(Duration wait) throws InterruptedException {
        return thread.join(wait);
    }

    private synchronized boolean stopIfIdle() {
        if (!mailbox.isEmpty()) {
            return false;
        }
        stopped = true;
        cancelFlagTimer();
        if (goneTimer != null) {
            goneTimer.cancel(false);
        }
        cancelThinking();
        onIdle.accept(this);
        return true;
    }

    private static Consumer<ServerEvent> replyOf(RoundCommand c) {
        return switch (c) {
            case RoundCommand.Play p -> p.reply();
            case RoundCommand.Act a -> a.reply();
            case RoundCommand.Connect cn -> cn.reply();
            case RoundCommand.Join j -> e -> j.seat().completeExceptionally(new RefusedException(ErrorCode.INTERNAL, "the server failed"));
            case RoundCommand.Rematch rm -> e -> rm.answer().completeExceptionally(new RefusedException(ErrorCode.INTERNAL, "the server failed"));
            case RoundCommand.Snapshot s -> e -> s.state().completeExceptionally(new RefusedException(ErrorCode.INTERNAL, "the server failed"));
            case RoundCommand.Disconnect d -> e -> {};
            case RoundCommand.Flag f -> e -> {};
            case RoundCommand.Gone g -> e -> {};
            case RoundCommand.EngineAnswered ea -> e -> {};
            case RoundCommand.Stop st -> e -> {};
        };
    }

    /** After an unexpected failure the live state may be ahead of the database: rebuild it from there. */
    private void reloadAfterFailure() {
        try {
            StoredGame g = ctx.repository().find(id).orElseThrow();
            Live live = restore(ctx, g, ctx.repository().moves(id));
            this.stored = g;
            this.game = live.game();
            this.clock = live.clock();
            this.takebackOffer = null;
            this.impasseOffer = null;
            publish(state(null));
            scheduleFlag();
            cancelThinking();
            engineTurn();
        } catch (RuntimeException e) {
            LOG.error("round {} could not be reloaded", id, e);
        }
    }

    private void handle(RoundCommand c) {
        switch (c) {
            case RoundCommand.Play p -> play(p);
            case RoundCommand.Act a -> act(a);
            case RoundCommand.Join j -> join(j);
            case RoundCommand.Rematch rm -> rematch(rm);
            case RoundCommand.Connect cn -> connect(cn);
            case RoundCommand.Disconnect d -> disconnect(d);
            case RoundCommand.Snapshot s -> s.state().complete(state(seatOf(s.secretHash())));
            case RoundCommand.Flag f -> flag();
            case RoundCommand.Gone g -> gone();
            case RoundCommand.EngineAnswered ea -> engineAnswered(ea);
            case RoundCommand.Stop st -> {
                // the loop ends after it
            }
        }
    }

    // ---- moves and endings

    private void requirePlaying(Color seat) {
        if (seat == null) {
            throw new RefusedException(ErrorCode.NOT_A_PLAYER, "only the players of this game can do that; you are watching");
        }
        switch (stored.status()) {
            case WAITING -> throw new RefusedException(ErrorCode.NOT_STARTED, "the game has not started: the opponent has not joined yet");
            case FINISHED, ABORTED -> throw new RefusedException(ErrorCode.GAME_OVER, "the game is over");
            case PLAYING -> {}
        }
    }

    private void play(RoundCommand.Play p) {
        Color seat = seatOf(p.secretHash());
        requirePlaying(seat);
        if (stored.player(seat).kind() != PlayerKind.HUMAN) {
            throw new RefusedException(ErrorCode.NOT_A_PLAYER, "that seat is the engine's");
        }
        move(seat, p.usi(), p.ply(), p.thinking());
    }

    /**
     * Plays a move for a seat: commits it, steps the clock, tells everyone; refusals are thrown. With the
     * player's thinking time known, only the rest of the time its clock ran is forgiven as lag: a move can
     * then be out of time although the flag timer, which allows for the most lag, has not fallen yet. The
     * engine's moves are forgiven nothing: it plays in this process, so it has no lag.
     */
    private void move(Color seat, String usi, int expectedPly, Optional<Duration> thinking) {
        long now = ctx.time().nanos();
        if (endIfFlagged(now)) {
            throw new RefusedException(ErrorCode.GAME_OVER, "the game is over: you ran out of time before moving");
        }
        Clock.Side before = clock.side(seat);
        long usedNanos = clock.running().isPresent() ? before.pending().toNanos() + (now - clock.since()) : -1;
        // The engine runs in this process: its move reaches the clock at once, so all of its time is its thinking.
        Duration reported = stored.player(seat).kind() == PlayerKind.ENGINE && usedNanos >= 0
                ? Duration.ofNanos(usedNanos) : thinking.orElse(Duration.ZERO);
        Clock stepped = clock.running().isPresent() ? clock.step(now, reported) : null;
        if (stepped != null && clock.running().get() == seat && stepped.flagged(now).isPresent()) {
            end(GameStatus.FINISHED, result(game.game().timeLoss(seat), ctx.wall().millis()));
            throw new RefusedException(ErrorCode.GAME_OVER, "the game is over: you ran out of time before moving");
        }
        int ply = game.plies();
        // The first move's time runs from the start, though its clock does not run.
        Long timeMs = usedNanos >= 0 ? Long.valueOf(usedNanos / MS) : ply == 0 ? Long.valueOf((now - untimedSince) / MS) : null;
        switch (game.play(seat, usi, expectedPly, timeMs)) {
            case GameAdapter.Played.Refused r -> throw new RefusedException(r.code(), r.message(), r.reason());
            case GameAdapter.Played.Applied a -> {
                clock = stepped != null ? stepped : clock.start(game.turn(), now);
                takebackOffer = null;
                impasseOffer = null;
                long wall = ctx.wall().millis();
                StoredGame.Result result = a.outcome().map(o -> result(o, wall)).orElse(null);
                if (result != null) {
                    result = stopClock(result, now);
                }
                StoredMove m = new StoredMove(ply + 1, a.view().usi(), timeMs, wall, clock.sente().main().toMillis(), clock.sente().periods(),
                        clock.gote().main().toMillis(), clock.gote().periods());
                ctx.repository().recordMove(id, m, result);
                stored = stored.with(result == null ? GameStatus.PLAYING : GameStatus.FINISHED, ply + 1, result, wall);
                Targets t = game.targets();
                publish(new ServerEvent.MoveMade(ply + 1, game.lastMoveView(), game.sfen(), Views.color(game.turn()), game.lastMove(), t.check(),
                        t.dests(), t.dropDests(), Views.clock(clock, now, wall), game.impasse(), abortable()));
                if (result != null) {
                    cancelFlagTimer();
                    publish(new ServerEvent.End(outcomeView(result), Views.clock(clock, now, wall), stored.status().wire()));
                } else {
                    scheduleFlag();
                    engineTurn();
                }
            }
        }
    }

    /** A result as sent, with why a failed declaration failed, judged on the final position. */
    private OutcomeView outcomeView(StoredGame.Result r) {
        return Views.outcome(r, DeclarationFailure.of(r, game.game()));
    }

    private static StoredGame.Result result(Outcome o, long wall) {
        return StoredGame.Result.of(o, wall);
    }

    private boolean abortable() {
        return stored.status() == GameStatus.WAITING || stored.status() == GameStatus.PLAYING && game.plies() < 2;
    }

    /** Ends the game (no move) with a result: stops the clock, commits the result with the clocks, tells everyone. */
    private void end(GameStatus status, StoredGame.Result ending) {
        long now = ctx.time().nanos();
        StoredGame.Result r = stopClock(ending, now);
        ctx.repository().finish(id, status, r);
        boolean wasWaiting = stored.status() == GameStatus.WAITING;
        stored = stored.with(status, stored.ply(), r, r.endedAt());
        takebackOffer = null;
        cancelFlagTimer();
        cancelThinking();
        if (wasWaiting && stored.terms().inLobby()) {
            ctx.seekClosed().accept(id);
        }
        publish(new ServerEvent.End(outcomeView(r), Views.clock(clock, now, r.endedAt()), status.wire()));
    }

    /**
     * Stops the clock as the game ends and returns the result with both clocks read at {@code now}, the
     * unfinished move's time counted, as the {@code end} event shows them and the result stores them. A side that
     * lost on time reads zero, whatever lag the reading would still forgive it (a move whose reported thinking
     * overran the clock).
     */
    private StoredGame.Result stopClock(StoredGame.Result r, long now) {
        if (clock.running().isPresent()) {
            clock = clock.stop(now);
        }
        if (clock.control().isUnlimited()) {
            return r;
        }
        if (r.reason() == Ending.TIME_LOSS && r.winner() != null) {
            Color loser = r.winner().opposite();
            Clock.Side out = new Clock.Side(Duration.ZERO, 0, Duration.ZERO, clock.side(loser).lagReserve());
            clock = new Clock(clock.control(), clock.grace(), loser == Color.SENTE ? out : clock.sente(), loser == Color.GOTE ? out : clock.gote(),
                    clock.running(), clock.since());
        }
        return r.withClock(new StoredGame.FinalClock(readSide(Color.SENTE, now), readSide(Color.GOTE, now)));
    }

    private StoredGame.FinalClock.Side readSide(Color c, long now) {
        Clock.Reading r = clock.remaining(c, now);
        return new StoredGame.FinalClock.Side(r.main().toMillis(), r.byoyomi().toMillis(), r.periods());
    }

    private boolean endIfFlagged(long now) {
        if (stored.status() != GameStatus.PLAYING || clock.running().isEmpty()) {
            return false;
        }
        Optional<Color> out = clock.flagged(now);
        if (out.isEmpty()) {
            return false;
        }
        end(GameStatus.FINISHED, result(game.game().timeLoss(out.get()), ctx.wall().millis()));
        return true;
    }

    private void flag() {
        if (!endIfFlagged(ctx.time().nanos())) {
            scheduleFlag();
            engineTurn();
        }
    }

    // ---- the engine

    /** If the engine is to move and not yet thinking, asks it. */
    private void engineTurn() {
        if (thinking != null || stored.status() != GameStatus.PLAYING || stored.player(game.turn()).kind() != PlayerKind.ENGINE) {
            return;
        }
        if (ctx.engine() == null) {
            LOG.warn("game {} waits for an engine move but this server has no engine", id);
            return;
        }
        int ply = game.plies();
        long now = ctx.time().nanos();
        EnginePlayer.Clocks clocks = null;
        if (!clock.control().isUnlimited()) {
            Clock.Reading s = clock.remaining(Color.SENTE, now);
            Clock.Reading g = clock.remaining(Color.GOTE, now);
            Clock.Reading own = game.turn() == Color.SENTE ? s : g;
            clocks = new EnginePlayer.Clocks(s.main().toMillis(), g.main().toMillis(), own.periods() > 0 ? own.byoyomi().toMillis() : 0,
                    clock.control().increment().toMillis());
        }
        List<String> usi = new ArrayList<>(ply);
        for (MoveView m : game.moves()) {
            usi.add(m.usi());
        }
        Integer level = stored.terms().engineLevel();
        EnginePlayer.Request req = new EnginePlayer.Request(id, game.initialSfen(), usi, game.turn(), level == null ? 8 : level,
                game.game().rules(), clocks, now);
        thinking = ctx.engine().think(req, a -> tell(new RoundCommand.EngineAnswered(ply, a)));
    }

    private void cancelThinking() {
        if (thinking != null) {
            thinking.cancel();
            thinking = null;
        }
    }

    private void engineAnswered(RoundCommand.EngineAnswered ea) {
        if (ea.ply() != game.plies() || stored.status() != GameStatus.PLAYING || stored.player(game.turn()).kind() != PlayerKind.ENGINE) {
            return; // an answer about a position that is gone (takeback, end)
        }
        thinking = null;
        Color seat = game.turn();
        long wall = ctx.wall().millis();
        switch (ea.answer()) {
            case EnginePlayer.Answer.Play p -> {
                try {
                    move(seat, p.usi(), ea.ply(), Optional.empty());
                } catch (RefusedException e) {
                    if (stored.status() == GameStatus.PLAYING) {
                        LOG.error("game {}: the engine's move {} was refused ({}); it resigns", id, p.usi(), e.getMessage());
                        end(GameStatus.FINISHED, result(game.game().resign(seat), wall));
                    }
                }
            }
            case EnginePlayer.Answer.Resign r -> {
                if (!endIfFlagged(ctx.time().nanos())) {
                    end(GameStatus.FINISHED, result(game.game().resign(seat), wall));
                }
            }
            case EnginePlayer.Answer.Declare d -> {
                if (!endIfFlagged(ctx.time().nanos())) {
                    end(GameStatus.FINISHED, result(game.hasDeclaration() ? game.game().declare() : game.game().resign(seat), wall));
                }
            }
            case EnginePlayer.Answer.Failed f -> {
                LOG.error("game {}: the engine could not move ({}); asking again in a second", id, f.reason());
                ctx.timers().schedule(() -> tell(new RoundCommand.Flag()), 1, TimeUnit.SECONDS);
            }
        }
    }

    private void scheduleFlag() {
        cancelFlagTimer();
        if (stored.status() != GameStatus.PLAYING || clock.running().isEmpty() || clock.control().isUnlimited()) {
            return;
        }
        Color c = clock.running().get();
        Clock.Reading r = clock.remaining(c, ctx.time().nanos());
        long byo = clock.control().byoyomi().toNanos();
        long left = r.main().toNanos() + (r.periods() > 0 ? r.byoyomi().toNanos() + (r.periods() - 1L) * byo : 0);
        flagTimer = ctx.timers().schedule(() -> tell(new RoundCommand.Flag()), left + MS, TimeUnit.NANOSECONDS);
    }

    private void cancelFlagTimer() {
        if (flagTimer != null) {
            flagTimer.cancel(false);
            flagTimer = null;
        }
    }

    private void act(RoundCommand.Act a) {
        Color seat = seatOf(a.secretHash());
        if (a.action() == PlayerAction.ABORT) {
            abort(seat);
            return;
        }
        requirePlaying(seat);
        long now = ctx.time().nanos();
        if (endIfFlagged(now)) {
            throw new RefusedException(ErrorCode.GAME_OVER, "the game is over: time ran out");
        }
        long wall = ctx.wall().millis();
        switch (a.action()) {
            case RESIGN -> end(GameStatus.FINISHED, result(game.game().resign(seat), wall));
            case DECLARE -> {
                if (!game.hasDeclaration()) {
                    throw new RefusedException(ErrorCode.NOT_ALLOWED, "the rule set " + stored.terms().rules() + " has no impasse declaration");
                }
                if (seat != game.turn()) {
                    throw new RefusedException(ErrorCode.NOT_YOUR_TURN, "only the side to move can declare");
                }
                end(GameStatus.FINISHED, result(game.game().declare(), wall));
            }
            case TAKEBACK_OFFER -> {
                if (!game.game().rules().takebacks()) {
                    throw new RefusedException(ErrorCode.NOT_ALLOWED, "takebacks are not allowed under the rule set " + stored.terms().rules());
                }
                if (movesToTakeBack(seat) == 0) {
                    throw new RefusedException(ErrorCode.NOT_ALLOWED, "you have no move to take back");
                }
                if (takebackOffer == seat.opposite()) {
                    takeBack(seat.opposite());
                    return;
                }
                if (stored.player(seat.opposite()).kind() == PlayerKind.ENGINE) {
                    takeBack(seat); // the engine always consents in a friendly game
                    return;
                }
                takebackOffer = seat;
                publish(new ServerEvent.TakebackOffered(Views.color(seat)));
            }
            case TAKEBACK_ACCEPT -> {
                if (takebackOffer == null || takebackOffer == seat) {
                    throw new RefusedException(ErrorCode.NO_OFFER, "there is no takeback offer from your opponent");
                }
                takeBack(takebackOffer);
            }
            case TAKEBACK_DECLINE -> {
                if (takebackOffer == null) {
                    throw new RefusedException(ErrorCode.NO_OFFER, "there is no takeback offer");
                }
                takebackOffer = null;
                publish(new ServerEvent.TakebackDeclined(Views.color(seat)));
            }
            case IMPASSE_OFFER -> {
                if (!game.hasAgreement()) {
                    throw new RefusedException(ErrorCode.NOT_ALLOWED, "the rule set " + stored.terms().rules() + " has no impasse by agreement");
                }
                if (!game.game().canAgreeImpasse()) {
                    throw new RefusedException(ErrorCode.NOT_ALLOWED, "an impasse can be proposed once both kings are in the enemy camp");
                }
                if (impasseOffer == seat.opposite() || stored.player(seat.opposite()).kind() == PlayerKind.ENGINE) {
                    // accepted: by the opponent's own proposal, or at once by the engine
                    end(GameStatus.FINISHED, result(game.game().agreeImpasse(), wall));
                    return;
                }
                impasseOffer = seat;
                publish(new ServerEvent.ImpasseOffered(Views.color(seat)));
            }
            case IMPASSE_ACCEPT -> {
                if (impasseOffer == null || impasseOffer == seat) {
                    throw new RefusedException(ErrorCode.NO_OFFER, "there is no impasse proposal from your opponent");
                }
                end(GameStatus.FINISHED, result(game.game().agreeImpasse(), wall));
            }
            case IMPASSE_DECLINE -> {
                if (impasseOffer == null) {
                    throw new RefusedException(ErrorCode.NO_OFFER, "there is no impasse proposal");
                }
                impasseOffer = null;
                publish(new ServerEvent.ImpasseDeclined(Views.color(seat)));
            }
            case CLAIM_WIN -> claim(seat, wall);
            case ABORT -> throw new IllegalStateException("handled above");
        }
    }

    private void rematch(RoundCommand.Rematch rm) {
        try {
            rm.answer().complete(rematchFor(rm.seat(), rm.withdraw()));
        } catch (RefusedException e) {
            rm.answer().completeExceptionally(e);
        }
    }

    private RematchAnswer rematchFor(Color seat, boolean withdraw) {
        if (seat == null) {
            throw new RefusedException(ErrorCode.NOT_A_PLAYER, "only the players of this game can ask for a rematch; you are watching");
        }
        switch (stored.status()) {
            case WAITING, PLAYING -> throw new RefusedException(ErrorCode.NOT_ALLOWED, "a rematch can be asked for once the game is over");
            case ABORTED -> throw new RefusedException(ErrorCode.NOT_ALLOWED, "the game was aborted: start a new one instead of a rematch");
            case FINISHED -> {}
        }
        if (withdraw) {
            if (rematchId != null) {
                throw new RefusedException(ErrorCode.NOT_ALLOWED, "the rematch has already started: game " + rematchId);
            }
            if (rematchOffer == null) {
                throw new RefusedException(ErrorCode.NO_OFFER, "there is no rematch offer");
            }
            rematchOffer = null;
            publish(new ServerEvent.RematchDeclined(Views.color(seat)));
            return new RematchAnswer.Declined();
        }
        if (rematchId == null) {
            if (rematchOffer == null && stored.player(seat.opposite()).kind() != PlayerKind.ENGINE) {
                rematchOffer = seat;
                publish(new ServerEvent.RematchOffered(Views.color(seat)));
                return new RematchAnswer.Offered();
            }
            if (rematchOffer == seat) {
                return new RematchAnswer.Offered();
            }
            startRematch();
        }
        return new RematchAnswer.Created(rematchId, rematchSeat(seat));
    }

    /** A player's seat in the rematch: the other side in an even game, the same in a handicap game. */
    private Color rematchSeat(Color seat) {
        return stored.terms().handicap() == Handicap.EVEN ? seat.opposite() : seat;
    }

    private void startRematch() {
        long wall = ctx.wall().millis();
        StoredGame.Terms t = stored.terms();
        Color offerer = rematchOffer != null ? rematchOffer : stored.player(Color.SENTE).kind() == PlayerKind.HUMAN ? Color.SENTE : Color.GOTE;
        StoredGame.Terms terms = new StoredGame.Terms(t.handicap(), t.rules(), t.timeControl(), t.engineLevel(), rematchSeat(offerer), false, false,
                null, false);
        StoredGame g = new StoredGame(Secrets.newGameId(), GameStatus.PLAYING, wall, wall, wall, terms, stored.player(rematchSeat(Color.SENTE)),
                stored.player(rematchSeat(Color.GOTE)), 0, null);
        owner.create(g);
        rematchId = g.id();
        rematchOffer = null;
        LOG.info("game {}: rematch {}", id, g.id());
        publish(new ServerEvent.Rematch(g.id()));
    }

    /** How many plies go back when {@code offerer}'s takeback is accepted: back to before its last move. */
    private int movesToTakeBack(Color offerer) {
        int plies = game.plies();
        Color first = game.game().start().turn();
        int n = game.turn() == offerer ? 2 : 1;
        // the offerer's last move must exist: with n == 2 it is the move before the last
        if (n > plies || (n == 1 && plies == 0) || (n == 2 && plies == 1 && first != offerer)) {
            return 0;
        }
        return n;
    }

    private void takeBack(Color offerer) {
        int n = movesToTakeBack(offerer);
        long now = ctx.time().nanos();
        int newPly = game.plies() - n;
        ctx.repository().takeBack(id, newPly, ctx.wall().millis());
        game.takeBack(n);
        if (clock.running().isPresent()) {
            clock = clock.stop(now);
        }
        if (newPly > 0) {
            clock = clock.start(game.turn(), now);
        } else {
            untimedSince = now;
        }
        takebackOffer = null;
        impasseOffer = null;
        stored = stored.with(stored.status(), newPly, null, ctx.wall().millis());
        cancelThinking();
        publish(state(null));
        scheduleFlag();
        engineTurn();
    }

    private void claim(Color seat, long wall) {
        Color opp = seat.opposite();
        if (stored.player(opp).kind() != PlayerKind.HUMAN || present[opp.index()] > 0 || goneSince[opp.index()] < 0) {
            throw new RefusedException(ErrorCode.CANNOT_CLAIM, "your opponent is connected");
        }
        long gone = wall - goneSince[opp.index()];
        long need = ctx.claimAfter().toMillis();
        if (gone < need) {
            throw new RefusedException(ErrorCode.CANNOT_CLAIM, "your opponent left " + gone / 1000 + " s ago; you can claim after " + need / 1000 + " s");
        }
        end(GameStatus.FINISHED, result(game.game().forfeit(opp), wall));
    }

    /**
     * A player who left, where nobody else can claim: in a game against the engine the engine claims once the
     * person has been gone for the claim delay (the game is aborted instead if it may still be aborted, as an
     * abandoned game is on lishogi); a seek is withdrawn once its owner has been gone for the seek grace, or when
     * it has waited its maximum age. Otherwise the check is scheduled again for when it could be due.
     */
    private void gone() {
        long wall = ctx.wall().millis();
        switch (stored.status()) {
            case WAITING -> {
                if (!stored.terms().inLobby()) {
                    return;
                }
                int owner = stored.terms().creator().index();
                long expires = stored.createdAt() + ctx.seekMaxAge().toMillis();
                if (wall >= expires) {
                    end(GameStatus.ABORTED, result(game.game().abort(SEEK_EXPIRED), wall));
                    return;
                }
                long left = expires - wall;
                if (present[owner] == 0) {
                    long due = goneSince[owner] + ctx.seekGrace().toMillis();
                    if (wall >= due) {
                        end(GameStatus.ABORTED, result(game.game().abort(SEEK_OWNER_LEFT), wall));
                        return;
                    }
                    left = Math.min(left, due - wall);
                }
                scheduleGone(left);
            }
            case PLAYING -> {
                Color person = engineOpponentOf();
                if (person == null || present[person.index()] > 0) {
                    return;
                }
                long due = goneSince[person.index()] + ctx.claimAfter().toMillis();
                if (wall < due) {
                    scheduleGone(due - wall);
                } else if (game.game().canAbort()) {
                    end(GameStatus.ABORTED, result(game.game().abort(Views.color(person) + " left before moving"), wall));
                } else {
                    end(GameStatus.FINISHED, result(game.game().forfeit(person), wall));
                }
            }
            case FINISHED, ABORTED -> {}
        }
    }

    /** The person's seat in a game against the engine, or null when both or neither seat is the engine's. */
    private Color engineOpponentOf() {
        for (Color c : Color.values()) {
            if (stored.player(c).kind() == PlayerKind.HUMAN && stored.player(c.opposite()).kind() == PlayerKind.ENGINE) {
                return c;
            }
        }
        return null;
    }

    private void scheduleGone(long millis) {
        if (goneTimer != null) {
            goneTimer.cancel(false);
        }
        try {
            goneTimer = ctx.timers().schedule(() -> tell(new RoundCommand.Gone()), millis + 1, TimeUnit.MILLISECONDS);
        } catch (RejectedExecutionException e) {
            goneTimer = null; // the server is shutting down; the game is stored and the check runs again when it is loaded
        }
    }

    private void abort(Color seat) {
        if (seat == null) {
            throw new RefusedException(ErrorCode.NOT_A_PLAYER, "only the players of this game can abort it; you are watching");
        }
        long wall = ctx.wall().millis();
        switch (stored.status()) {
            case FINISHED, ABORTED -> throw new RefusedException(ErrorCode.GAME_OVER, "the game is over");
            case WAITING -> end(GameStatus.ABORTED, result(game.game().abort("seek withdrawn"), wall));
            case PLAYING -> {
                if (!game.game().canAbort()) {
                    throw new RefusedException(ErrorCode.NOT_ALLOWED, "a game can be aborted only before each side has made its first move");
                }
                end(GameStatus.ABORTED, result(game.game().abort(Views.color(seat) + " aborted"), wall));
            }
        }
    }

    private void join(RoundCommand.Join j) {
        if (stored.status() != GameStatus.WAITING) {
            j.seat().completeExceptionally(new RefusedException(stored.status().isLive() ? ErrorCode.SEAT_TAKEN : ErrorCode.GAME_OVER,
                    stored.status().isLive() ? "both seats of this game are taken" : "the game is over"));
            return;
        }
        long wall = ctx.wall().millis();
        StoredGame.Player p = new StoredGame.Player(j.name(), PlayerKind.HUMAN, j.secretHash());
        // Both players are seated now: a game whose creator chose no side gets its furigoma toss or its draw by lot,
        // which may move the creator from sente's place, where it waited, to gote.
        StoredGame joined = stored.joined(p, ctx.tosses(), wall);
        if (!ctx.repository().join(joined)) {
            j.seat().completeExceptionally(new RefusedException(ErrorCode.SEAT_TAKEN, "both seats of this game are taken"));
            return;
        }
        boolean creatorMoved = joined.terms().creator() != stored.terms().creator();
        stored = joined;
        if (creatorMoved) {
            // The creator's connections and absence go with it to its new seat; the joiner has none yet.
            swap(present);
            swap(goneSince);
        }
        untimedSince = ctx.time().nanos();
        if (stored.terms().inLobby()) {
            ctx.seekClosed().accept(id);
        }
        j.seat().complete(stored.terms().creator().opposite());
        publish(new ServerEvent.Started(id));
        publish(state(null));
        if (creatorMoved) {
            publish(presence());
        }
    }

    private static void swap(int[] bySeat) {
        int s = bySeat[0];
        bySeat[0] = bySeat[1];
        bySeat[1] = s;
    }

    private static void swap(long[] bySeat) {
        long s = bySeat[0];
        bySeat[0] = bySeat[1];
        bySeat[1] = s;
    }

    // ---- presence

    private void connect(RoundCommand.Connect c) {
        watchers++;
        Color seat = seatOf(c.secretHash());
        if (seat != null) {
            int i = seat.index();
            if (present[i]++ == 0) {
                goneSince[i] = -1;
                publish(presence());
            }
        }
        c.reply().accept(state(seat));
    }

    private void disconnect(RoundCommand.Disconnect d) {
        watchers--;
        Color seat = seatOf(d.secretHash());
        if (seat != null) {
            int i = seat.index();
            if (--present[i] == 0) {
                goneSince[i] = ctx.wall().millis();
                if (stored.status().isLive()) {
                    publish(presence());
                    gone();
                }
            }
        }
    }

    private ServerEvent.Presence presence() {
        Map<String, Long> gone = new HashMap<>();
        for (Color c : Color.values()) {
            gone.put(Views.color(c), goneSince[c.index()] < 0 || stored.player(c).kind() != PlayerKind.HUMAN ? null : goneSince[c.index()]);
        }
        return new ServerEvent.Presence(connected(Color.SENTE), connected(Color.GOTE), ctx.claimAfter().toMillis(), gone);
    }

    private boolean connected(Color c) {
        return stored.player(c).kind() == PlayerKind.ENGINE || present[c.index()] > 0;
    }

    private void publish(ServerEvent e) {
        ctx.bus().publish(id, e);
    }

    /** The whole game as a viewer sees it. */
    private ServerEvent.State state(Color viewer) {
        StoredGame g = stored;
        long now = ctx.time().nanos();
        Targets t = g.status() == GameStatus.PLAYING ? game.targets()
                : new Targets(Map.of(), Map.of(), game.targets().check());
        RuleSet rs = game.game().rules();
        Players players = new Players(player(g, Color.SENTE), player(g, Color.GOTE));
        return new ServerEvent.State(id, g.status().wire(), Views.color(viewer), players, Views.handicap(g.terms().handicap()),
                new RulesView(g.terms().rules(), rs.impasse().name(), rs.maxMoves(), rs.takebacks()), Views.timeControl(g.terms().timeControl()),
                Views.furigoma(g.terms()), Views.lot(g), game.initialSfen(), game.sfen(), game.plies(), Views.color(game.turn()),
                game.moves(), game.lastMove(), t.check(), t.dests(), t.dropDests(), Views.clock(clock, now, ctx.wall().millis()), game.impasse(),
                abortable(), Views.color(takebackOffer), Views.color(impasseOffer), outcomeView(g.result()), KingCharacters.of(g), Views.color(rematchOffer),
                rematchId);
    }

    private PlayerView player(StoredGame g, Color c) {
        StoredGame.Player p = g.player(c);
        return new PlayerView(Views.name(p), p.kind().wire(), p.kind() == PlayerKind.ENGINE ? g.terms().engineLevel() : null, connected(c));
    }
}
