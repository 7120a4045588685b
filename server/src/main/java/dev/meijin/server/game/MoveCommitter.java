package dev.meijin.server.game;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Group commit of moves: callers hand in a move and wait; one thread takes every move waiting, stores them all
 * in one transaction and then releases their callers. While it commits, the next group gathers. If a group
 * fails, each of its moves is stored alone, so that one bad move fails only its own caller.
 */
final class MoveCommitter {
    private static final Logger LOG = LoggerFactory.getLogger(MoveCommitter.class);
    /** The most moves in one transaction. */
    static final int MAX_GROUP = 256;

    /** A move waiting for its commit. */
    record Pending(String gameId, StoredMove move, StoredGame.Result endedBy, CompletableFuture<Void> done) {
        Pending(String gameId, StoredMove move, StoredGame.Result endedBy) {
            this(gameId, move, endedBy, new CompletableFuture<>());
        }
    }

    /** Put in the queue by {@link #close}: the thread stops when it takes it. */
    private static final Pending STOP = new Pending("", new StoredMove(0, "", null, 0, 0, 0, 0, 0), null);

    private final LinkedBlockingQueue<Pending> queue = new LinkedBlockingQueue<>();
    private volatile boolean closed;
    private final Consumer<List<Pending>> group;
    private final Consumer<Pending> alone;
    private final Thread thread;

    /**
     * A committer.
     *
     * @param group stores moves in one transaction, all or none
     * @param alone stores one move in its own transaction
     */
    MoveCommitter(Consumer<List<Pending>> group, Consumer<Pending> alone) {
        this.group = group;
        this.alone = alone;
        this.thread = Thread.ofPlatform().name("move-committer").daemon().start(this::run);
    }

    /**
     * Stores a move and returns once it is committed.
     *
     * @throws RuntimeException what storing it threw (for example {@link IllegalStateException} for a stale ply)
     */
    void commit(Pending p) {
        if (closed || !thread.isAlive()) {
            throw new IllegalStateException("the move committer has stopped");
        }
        queue.add(p);
        if (closed) { // closed while adding: the thread may have drained the queue already
            try {
                thread.join(5_000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            failAll(new IllegalStateException("the database is closing"));
        }
        try {
            p.done().join();
        } catch (CompletionException e) {
            if (e.getCause() instanceof RuntimeException r) {
                throw r;
            }
            throw e;
        }
    }

    private void run() {
        List<Pending> batch = new ArrayList<>(MAX_GROUP);
        while (true) {
            try {
                batch.add(queue.take());
            } catch (InterruptedException e) {
                failAll(new IllegalStateException("the database is closing"));
                return;
            }
            queue.drainTo(batch, MAX_GROUP - 1);
            boolean stop = batch.remove(STOP);
            store(batch);
            batch.clear();
            if (stop) {
                failAll(new IllegalStateException("the database is closing"));
                return;
            }
        }
    }

    private void store(List<Pending> batch) {
        if (batch.isEmpty()) {
            return;
        }
        if (batch.size() > 1) {
            try {
                group.accept(batch);
                for (Pending p : batch) {
                    p.done().complete(null);
                }
                return;
            } catch (RuntimeException e) {
                LOG.debug("a group of {} moves failed ({}); storing each alone", batch.size(), e.getMessage());
            }
        }
        for (Pending p : batch) {
            try {
                alone.accept(p);
                p.done().complete(null);
            } catch (RuntimeException e) {
                p.done().completeExceptionally(e);
            }
        }
    }

    private void failAll(RuntimeException e) {
        List<Pending> left = new ArrayList<>();
        queue.drainTo(left);
        for (Pending p : left) {
            p.done().completeExceptionally(e);
        }
    }

    /** How many moves wait for the next group (tests). */
    int waiting() {
        return queue.size();
    }

    /**
     * Stops the thread once the moves already handed in are stored (never by interrupting it, which would close
     * the database's file channel under a write); waits for that at most five seconds.
     */
    void close() {
        closed = true;
        queue.add(STOP);
        try {
            thread.join(5_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
