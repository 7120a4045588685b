package dev.meijin.server.game;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class MoveCommitterTest {
    private static MoveCommitter.Pending move(String game, int ply) {
        return new MoveCommitter.Pending(game, new StoredMove(ply, "7g7f", null, 0, 0, 0, 0, 0), null);
    }

    @Test
    void movesArrivingDuringACommitAreCommittedTogetherAndABadOneFailsAlone() throws Exception {
        CountDownLatch firstStarted = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        List<List<String>> groups = new CopyOnWriteArrayList<>();
        List<String> alone = new CopyOnWriteArrayList<>();
        MoveCommitter c = new MoveCommitter(batch -> {
            if (batch.stream().anyMatch(p -> p.gameId().equals("bad"))) {
                throw new IllegalStateException("game bad is not at ply 0");
            }
            groups.add(batch.stream().map(MoveCommitter.Pending::gameId).toList());
        }, p -> {
            if (p.gameId().equals("first")) {
                firstStarted.countDown();
                try {
                    release.await();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
            if (p.gameId().equals("bad")) {
                throw new IllegalStateException("game bad is not at ply 0");
            }
            alone.add(p.gameId());
        });
        try {
            CompletableFuture<Void> first = CompletableFuture.runAsync(() -> c.commit(move("first", 1)));
            assertThat(firstStarted.await(5, TimeUnit.SECONDS)).isTrue();
            // while "first" is being committed, ten more moves and a bad one arrive
            List<CompletableFuture<Throwable>> waiting = new ArrayList<>();
            for (int i = 0; i < 10; i++) {
                String id = "g" + i;
                waiting.add(CompletableFuture.supplyAsync(() -> attempt(c, move(id, 1)), r -> Thread.ofVirtual().start(r)));
            }
            CompletableFuture<Throwable> bad = CompletableFuture.supplyAsync(() -> attempt(c, move("bad", 1)), r -> Thread.ofVirtual().start(r));
            long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
            while (c.waiting() < 11 && System.nanoTime() < end) {
                Thread.sleep(5);
            }
            assertThat(c.waiting()).isEqualTo(11);
            assertThat(waiting.getFirst()).as("not acknowledged before its commit").isNotDone();
            release.countDown();
            first.get(5, TimeUnit.SECONDS);
            for (CompletableFuture<Throwable> w : waiting) {
                assertThat(w.get(5, TimeUnit.SECONDS)).isNull();
            }
            assertThat(bad.get(5, TimeUnit.SECONDS)).isInstanceOf(IllegalStateException.class).hasMessage("game bad is not at ply 0");
            // the group with the bad move failed as a whole, so each of its moves was stored alone
            assertThat(groups).isEmpty();
            assertThat(alone).containsExactlyInAnyOrder("first", "g0", "g1", "g2", "g3", "g4", "g5", "g6", "g7", "g8", "g9");
        } finally {
            c.close();
        }
    }

    @Test
    void aGroupWithoutABadMoveIsOneTransaction() throws Exception {
        CountDownLatch firstStarted = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        List<List<String>> groups = new CopyOnWriteArrayList<>();
        MoveCommitter c = new MoveCommitter(batch -> groups.add(batch.stream().map(MoveCommitter.Pending::gameId).toList()), p -> {
            firstStarted.countDown();
            try {
                release.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            groups.add(List.of(p.gameId()));
        });
        try {
            CompletableFuture<Void> first = CompletableFuture.runAsync(() -> c.commit(move("first", 1)));
            assertThat(firstStarted.await(5, TimeUnit.SECONDS)).isTrue();
            List<CompletableFuture<Throwable>> waiting = new ArrayList<>();
            for (int i = 0; i < 5; i++) {
                String id = "g" + i;
                waiting.add(CompletableFuture.supplyAsync(() -> attempt(c, move(id, 1)), r -> Thread.ofVirtual().start(r)));
            }
            long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
            while (c.waiting() < 5 && System.nanoTime() < end) {
                Thread.sleep(5);
            }
            release.countDown();
            first.get(5, TimeUnit.SECONDS);
            for (CompletableFuture<Throwable> w : waiting) {
                assertThat(w.get(5, TimeUnit.SECONDS)).isNull();
            }
            assertThat(groups).hasSize(2);
            assertThat(groups.get(0)).containsExactly("first");
            assertThat(groups.get(1)).containsExactlyInAnyOrder("g0", "g1", "g2", "g3", "g4");
        } finally {
            c.close();
        }
    }

    @Test
    void closingStoresWhatWasHandedInWithoutInterruptingAWriteAndRefusesTheRest() throws Exception {
        CountDownLatch firstStarted = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        List<String> stored = new CopyOnWriteArrayList<>();
        List<Boolean> interrupted = new CopyOnWriteArrayList<>();
        MoveCommitter c = new MoveCommitter(batch -> batch.forEach(p -> stored.add(p.gameId())), p -> {
            firstStarted.countDown();
            try {
                release.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            interrupted.add(Thread.currentThread().isInterrupted());
            stored.add(p.gameId());
        });
        CompletableFuture<Throwable> first = CompletableFuture.supplyAsync(() -> attempt(c, move("first", 1)), r -> Thread.ofVirtual().start(r));
        assertThat(firstStarted.await(5, TimeUnit.SECONDS)).isTrue();
        CompletableFuture<Void> closing = CompletableFuture.runAsync(c::close, r -> Thread.ofVirtual().start(r));
        Thread.sleep(100);
        assertThat(closing).as("close waits for the write under way").isNotDone();
        release.countDown();
        closing.get(10, TimeUnit.SECONDS);
        assertThat(first.get(5, TimeUnit.SECONDS)).isNull();
        assertThat(interrupted).containsExactly(false);
        assertThat(stored).containsExactly("first");
        assertThat(attempt(c, move("late", 1))).isInstanceOf(IllegalStateException.class).hasMessage("the move committer has stopped");
    }

    private static Throwable attempt(MoveCommitter c, MoveCommitter.Pending p) {
        try {
            c.commit(p);
            return null;
        } catch (RuntimeException e) {
            return e;
        }
    }
}
