package dev.meijin.mate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.meijin.core.position.Position;
import dev.meijin.core.sfen.Sfen;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class MateSolverTest {
    private final MateSolver solver = new MateSolver(16);

    @Test
    void aPawnDropMateIsNotAMateButTheSolverFindsNoOther() {
        // P*1b would mate but is a pawn-drop mate; nothing else mates.
        Position pos = Sfen.tsume("8k/9/6NS1/9/9/9/9/9/9 b P2r2b4g3s3n4l17p 1");
        assertThat(solver.solve(pos, MateLimits.ofNodes(2_000_000))).isInstanceOf(MateResult.NoMate.class);
    }

    @Test
    void aPerpetualCheckIsNotAMate() {
        // A lone rook can check the bare king for ever (the defender interposes from a full hand), never mate.
        Position pos = Sfen.tsume("4k4/9/9/9/9/9/9/9/9 b Rr2b4g4s4n4l18p 1");
        MateResult r = solver.solve(pos, MateLimits.ofNodes(5_000_000));
        assertThat(r).isInstanceOf(MateResult.NoMate.class);
    }

    @Test
    void theRepetitionTrapOfARookAndSilverIsNoMate() {
        // Rook and silver against the king in the corner: endless checks along the edge, but the king always
        // has a square; positions repeat with the attacker no better off, which must not count as a mate.
        Position pos = Sfen.tsume("7k1/9/9/9/9/9/9/9/9 b RSr2b4g3s4n4l18p 1");
        MateResult r = solver.solve(pos, MateLimits.ofNodes(5_000_000));
        assertThat(r).isInstanceOf(MateResult.NoMate.class);
    }

    @Test
    void theSolutionIsReadWithBothConventions() {
        // tanuki-5te-0040: the lance opens a check down the file; the defender can only drop pieces in the
        // way, each taken with mate. By the printed convention that is a mate in one; by the rules alone the
        // shortest line that ends in checkmate has five plies.
        Position pos = Sfen.tsume("6G1k/9/7G1/8S/8L/9/9/9/9 b 2r2b2g3s4n3l18p 1");
        MateResult tsume = solver.solve(pos, MateLimits.ofNodes(1_000_000), Convention.TSUME);
        assertThat(tsume).isInstanceOfSatisfying(MateResult.Mate.class, m -> {
            assertThat(m.plies()).isEqualTo(1);
            Problems.assertMates(pos, m, Convention.TSUME);
        });
        MateResult strict = solver.solve(pos, MateLimits.ofNodes(1_000_000), Convention.STRICT);
        assertThat(strict).isInstanceOfSatisfying(MateResult.Mate.class, m -> {
            assertThat(m.plies()).isEqualTo(5);
            assertThat(m.usi()).isEqualTo("2c1b 1a1b 1d1c+ 1b1a 1c1b");
            Problems.assertMates(pos, m, Convention.STRICT);
        });
    }

    @Test
    void firstMoveGivesACheckAfterWhichEveryReplyIsMatedAndKeepsTheProofForTheNextMove() {
        // antma-068: mate in 9, no shorter.
        Position pos = Sfen.tsume("ln7/1k1+P5/1pp1S4/p8/9/2P6/9/9/9 b BGN2rbg2s2n3l13p 1");
        Optional<MateSolver.FirstMove> first = solver.firstMove(pos, MateLimits.ofNodes(1_000_000));
        assertThat(first).isPresent();
        int m = first.get().move();
        assertThat(pos.givesCheck(m)).isTrue();
        assertThat(first.get().plies()).isOdd().isGreaterThanOrEqualTo(9);
        long proofNodes = solver.nodes();
        pos.doMove(m);
        int[] replies = pos.legalMoves();
        assertThat(replies).isNotEmpty();
        MateSolver fresh = new MateSolver(16);
        for (int reply : replies) {
            pos.doMove(reply);
            // the kept table answers each reply's position at once; a fresh solver agrees that it mates
            Optional<MateSolver.FirstMove> next = solver.firstMove(pos, MateLimits.ofNodes(1_000_000));
            assertThat(next).as("after %s", dev.meijin.core.Move.usi(reply)).isPresent();
            assertThat(next.get().plies()).isLessThan(first.get().plies());
            assertThat(solver.nodes()).isLessThan(proofNodes);
            assertThat(fresh.solve(pos, MateLimits.ofNodes(1_000_000), Convention.STRICT)).isInstanceOf(MateResult.Mate.class);
            pos.undoMove();
        }
    }

    @Test
    void firstMoveFindsNothingWhereThereIsNoMate() {
        Position pos = Sfen.tsume("7k1/9/9/9/9/9/9/9/9 b RSr2b4g3s4n4l18p 1");
        assertThat(solver.firstMove(pos, MateLimits.ofNodes(200_000))).isEmpty();
        solver.clear();
        assertThat(solver.firstMove(Sfen.tsume("ln7/1k1+P5/1pp1S4/p8/9/2P6/9/9/9 b BGN2rbg2s2n3l13p 1"), MateLimits.ofNodes(10)))
                .as("ten nodes do not prove a mate in 9").isEmpty();
    }

    @Test
    void limitsEndTheSearchWithTheirReason() {
        // 煙詰 (117 plies) takes this solver far more than 1,000 nodes and 50 ms on any machine.
        Problems.Row kemuri = Problems.table("kif_derived.tsv").stream()
                .filter(r -> r.plies() == 117).findFirst().orElseThrow();
        assertThat(solver.solve(kemuri.position(), MateLimits.ofNodes(1000)))
                .isEqualTo(new MateResult.Unknown(UnknownReason.NODE_LIMIT));
        assertThat(solver.nodes()).isBetween(1000L, 3000L);
        assertThat(solver.solve(kemuri.position(), MateLimits.ofTime(Duration.ofMillis(50))))
                .isEqualTo(new MateResult.Unknown(UnknownReason.TIME_LIMIT));
    }

    @Test
    void aLineCutAtTheLongestPathFollowedDoesNotEndTheSearch() {
        // With paths cut two plies past each problem's length, many df-pn searches run into the cut on their
        // way (they once ended there, unknown); each still finds the mate the uncut search finds.
        MateSolver cutSolver = new MateSolver(16);
        MateSolver free = new MateSolver(16);
        List<Problems.Row> rows = Problems.table("tanuki_generated.tsv");
        int withCuts = 0;
        for (int i = 0; i < rows.size(); i += 4) {
            Problems.Row row = rows.get(i);
            cutSolver.maxPly(row.plies() + 2);
            MateResult cut = cutSolver.solve(row.position(), MateLimits.ofNodes(1_000_000), Convention.STRICT);
            MateResult.Mate expected = (MateResult.Mate) free.solve(row.position(), MateLimits.ofNodes(1_000_000),
                    Convention.STRICT);
            assertThat(cut).as(row.id()).isInstanceOfSatisfying(MateResult.Mate.class, m -> {
                assertThat(m.plies()).isEqualTo(expected.plies());
                assertThat(m.exact()).isTrue();
            });
            if (cutSolver.depthCutsForTest() > 0) {
                withCuts++;
            }
        }
        assertThat(withCuts).as("searches that met the cut").isGreaterThan(20);
    }

    @Test
    void aMateLongerThanTheLongestPathFollowedIsUnknownNotNoMate() {
        // Paths cut two plies short of the mate: the search ends without a proof, and says why instead of
        // taking the lines it could not follow to their end for no mate. (A mate at the cut itself, found by
        // the attacker's mate-in-one at expansion, may still be proven: then it is the mate.)
        MateSolver cutSolver = new MateSolver(16);
        List<Problems.Row> rows = Problems.table("tanuki_generated.tsv");
        int depthLimited = 0, tried = 0;
        for (int i = 0; i < rows.size(); i += 4) {
            Problems.Row row = rows.get(i);
            if (row.plies() < 5) {
                continue;
            }
            tried++;
            cutSolver.maxPly(row.plies() - 2);
            MateResult r = cutSolver.solve(row.position(), MateLimits.ofNodes(1_000_000), Convention.STRICT);
            assertThat(r).as(row.id()).isNotInstanceOf(MateResult.NoMate.class);
            if (r.equals(new MateResult.Unknown(UnknownReason.DEPTH_LIMIT))) {
                depthLimited++;
            } else {
                assertThat(r).as(row.id()).isInstanceOf(MateResult.Mate.class);
            }
        }
        assertThat(depthLimited).as("searches that ended at the cut").isGreaterThan(tried / 2);
        Problems.Row nine = rows.stream().filter(r -> r.id().equals("tanuki-9te-0002")).findFirst().orElseThrow();
        cutSolver.maxPly(5);
        assertThat(cutSolver.solve(nine.position(), MateLimits.ofNodes(1_000_000), Convention.STRICT))
                .isEqualTo(new MateResult.Unknown(UnknownReason.DEPTH_LIMIT));
    }

    @Test
    void stopFromAnotherThreadEndsTheSolve() throws InterruptedException {
        Position pos = Sfen.tsume("4k4/9/9/9/9/9/9/9/9 b Rr2b4g4s4n4l18p 1");
        MateSolver s = new MateSolver(16);
        Thread stopper = new Thread(() -> {
            try {
                Thread.sleep(50);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            s.stop();
        });
        stopper.start();
        MateResult r = s.solve(pos, MateLimits.NONE);
        stopper.join();
        assertThat(r).isIn(new MateResult.Unknown(UnknownReason.STOPPED), new MateResult.NoMate());
        if (r instanceof MateResult.Unknown) {
            assertThat(s.nanos()).isLessThan(Duration.ofSeconds(5).toNanos());
        }
    }

    @Test
    void progressCanBeWatchedFromAnotherThreadWhileTheSolveRuns() throws InterruptedException {
        // 図巧29: a proof of a few thousand nodes, then a reading of about 170,000.
        Problems.Row row = Problems.table("edo_classics.tsv").stream()
                .filter(r -> r.id().equals("zukou-029")).findFirst().orElseThrow();
        MateSolver s = new MateSolver(64);
        MateResult[] result = new MateResult[1];
        Thread solve = new Thread(() -> result[0] = s.solve(row.position(), MateLimits.NONE));
        solve.start();
        boolean sawReading = false;
        long provingNodes = 0, readingNodes = 0;
        while (solve.isAlive()) {
            long n = s.nodesSoFar();
            if (s.readingSolution()) {
                sawReading = true;
                readingNodes = Math.max(readingNodes, n);
            } else if (!sawReading) {
                provingNodes = Math.max(provingNodes, n);
            }
            Thread.onSpinWait();
        }
        solve.join();
        assertThat(result[0]).isInstanceOfSatisfying(MateResult.Mate.class, m -> assertThat(m.plies()).isEqualTo(15));
        assertThat(sawReading).as("the reading was seen").isTrue();
        assertThat(readingNodes).isGreaterThan(provingNodes).isLessThanOrEqualTo(s.nodes());
        assertThat(s.readingSolution()).as("after the solve").isFalse();
        assertThat(s.nodesSoFar()).isEqualTo(s.nodes());
    }

    @Test
    void aSmallTableIsCollectedRatherThanFilledUp() {
        // 1 MB holds 32,768 entries; the 11-ply problem needs more nodes than that and is still solved.
        MateSolver tiny = new MateSolver(1);
        Problems.Row row = Problems.table("tanuki_generated.tsv").stream()
                .filter(r -> r.id().equals("tanuki-11te-0056")).findFirst().orElseThrow();
        MateResult r = tiny.solve(row.position(), MateLimits.ofNodes(20_000_000), Convention.STRICT);
        assertThat(r).isInstanceOfSatisfying(MateResult.Mate.class, m -> assertThat(m.plies()).isEqualTo(11));
    }

    @Test
    void checkReportsCooksAndLeftoverPieces() {
        // tanuki-7te-0129 as published: 7 plies, but 3c1e+ 1d1c L*1d 1c2c 3b3c+ mates in 5.
        Position pos = Sfen.tsume("7r1/6R2/6BPP/8k/9/7G1/9/9/9 b Lb3g4s4n3l16p 1");
        Optional<Soundness> s = solver.check(pos, MateLimits.ofNodes(2_000_000), Convention.STRICT);
        assertThat(s).isPresent();
        assertThat(s.get().mate().usi()).isEqualTo("3c1e+ 1d1c L*1d 1c2c 3b3c+");
        assertThat(s.get().leftover()).isZero();
        assertThat(s.get().complete()).isTrue();
        // A sound 3-ply problem: no cook, nothing left in hand.
        Problems.Row sound = Problems.table("tanuki_generated.tsv").stream()
                .filter(r -> r.id().equals("tanuki-3te-0001")).findFirst().orElseThrow();
        Soundness ok = solver.check(sound.position(), MateLimits.ofNodes(2_000_000), Convention.STRICT).orElseThrow();
        assertThat(ok.mate().plies()).isEqualTo(3);
        assertThat(ok.cooks()).isEmpty();
        assertThat(ok.leftover()).isZero();
        assertThat(ok.sound()).isTrue();
    }

    @Test
    void aCookIsReportedWithItsMove() {
        // Rook and gold in hand against the cornered king: several first moves mate at once.
        Position pos = Sfen.tsume("8k/9/7G1/9/9/9/9/9/9 b RGr2b2g4s4n4l18p 1");
        Soundness s = solver.check(pos, MateLimits.ofNodes(2_000_000), Convention.TSUME).orElseThrow();
        assertThat(s.mate().plies()).isEqualTo(1);
        assertThat(s.cooks()).isEmpty();
        assertThat(s.lastMoveAlternatives()).isNotEmpty();
        assertThat(s.leftover()).isEqualTo(1);
        assertThat(s.sound()).isFalse();
    }

    @Test
    void badLimitsAreRefused() {
        assertThatThrownBy(() -> MateLimits.ofNodes(0)).hasMessageContaining("node limit");
        assertThatThrownBy(() -> new MateSolver(0)).hasMessageContaining("hash size");
    }
}
