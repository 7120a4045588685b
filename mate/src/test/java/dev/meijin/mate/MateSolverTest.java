package dev.meijin.mate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.meijin.core.position.Position;
import dev.meijin.core.sfen.Sfen;
import dev.meijin.core.usi.Usi;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Tag;
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
        // 将棋無双 No.30 (119 plies): 30 million nodes (about a minute) do not prove it with this table, so
        // nothing but the stop ends the solve 50 ms in. The time limit, minutes away, only keeps a stop that
        // does nothing from hanging the build: it would end the solve with TIME_LIMIT, not STOPPED.
        Problems.Row musou30 = Problems.table("edo_classics.tsv").stream()
                .filter(r -> r.id().equals("musou-030")).findFirst().orElseThrow();
        MateSolver s = new MateSolver(16);
        long[] nodesAtStop = {-1};
        Thread stopper = new Thread(() -> {
            // A stop made before the solve has begun does not carry over to it (see stop()).
            while (!s.solving()) {
                Thread.onSpinWait();
            }
            try {
                Thread.sleep(50);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            nodesAtStop[0] = s.nodesSoFar();
            s.stop();
        });
        stopper.setDaemon(true);
        stopper.start();
        MateResult r = s.solve(musou30.position(), MateLimits.ofTime(Duration.ofMinutes(2)));
        stopper.join();
        assertThat(r).isEqualTo(new MateResult.Unknown(UnknownReason.STOPPED));
        assertThat(nodesAtStop[0]).as("nodes searched when the stop came").isPositive();
        // The df-pn polls for the stop every 1,024 nodes: the solve ends at the next poll (the other thread's
        // count may lag a little behind).
        assertThat(s.nodes()).as("nodes of the stopped solve").isBetween(nodesAtStop[0], nodesAtStop[0] + 2 * 1024);
    }

    @Test
    void aStopDuringTheReadingEndsItWithTheLineReadSoFar() throws InterruptedException {
        // 図巧29: a proof of a few thousand nodes, then a reading of about 170,000 positions that, left to
        // finish, reads the 15 plies exactly. Stopped 20,000 positions into the reading, the solve ends at the
        // reading's next look at the clock (every 1,024 positions) with a forced mate not read exactly.
        Problems.Row row = Problems.table("edo_classics.tsv").stream()
                .filter(r -> r.id().equals("zukou-029")).findFirst().orElseThrow();
        MateSolver s = new MateSolver(64);
        MateResult[] result = new MateResult[1];
        Thread solve = new Thread(() -> result[0] = s.solve(row.position(), MateLimits.NONE));
        solve.start();
        long proofNodes = -1, nodesAtStop = -1;
        while (solve.isAlive()) {
            if (s.readingSolution()) {
                long n = s.nodesSoFar();
                if (proofNodes < 0) {
                    proofNodes = n;
                } else if (n > proofNodes + 20_000) {
                    nodesAtStop = s.nodesSoFar();
                    s.stop();
                    break;
                }
            }
            Thread.onSpinWait();
        }
        solve.join();
        assertThat(nodesAtStop).as("stopped while reading").isPositive();
        assertThat(result[0]).isInstanceOfSatisfying(MateResult.Mate.class, m -> {
            assertThat(m.exact()).as("read exactly").isFalse();
            Problems.assertForcedLine(row.position(), m, Convention.TSUME);
        });
        assertThat(s.nodes()).as("nodes of the stopped solve").isBetween(nodesAtStop, nodesAtStop + 2 * 1024);
    }

    /** The problem solved with no limits by {@code solver}, checked to be a mate in {@code plies} read exactly. */
    private static MateResult exactMateAlone(MateSolver solver, Problems.Row row, int plies) {
        MateResult whole = solver.solve(row.position(), MateLimits.NONE);
        assertThat(whole).isInstanceOfSatisfying(MateResult.Mate.class, m -> {
            assertThat(m.plies()).isEqualTo(plies);
            assertThat(m.exact()).isTrue();
        });
        return whole;
    }

    @Test
    void aSolveCutShortIsResumedWithItsTableAndGivesTheAnswerOfTheSolveLeftAlone() {
        // 図巧44 (15 plies): a proof of about 150,000 nodes, then a short reading. Cut 20,000 nodes into the proof,
        // the solve goes on from the table it left: it ends with the answer the solve gives left alone, and with
        // about as many nodes (a solve started over would search the first 20,000 again).
        Problems.Row row = Problems.row("edo_classics.tsv", "zukou-044");
        MateSolver alone = new MateSolver(64);
        MateResult whole = exactMateAlone(alone, row, 15);
        assertThat(alone.resumable()).as("a settled answer is not resumed").isFalse();

        MateSolver s = new MateSolver(64);
        assertThat(s.solve(row.position(), MateLimits.ofNodes(20_000))).isEqualTo(new MateResult.Unknown(UnknownReason.NODE_LIMIT));
        assertThat(s.resumable()).isTrue();
        long cutNodes = s.nodes();
        long cutNanos = s.nanos();
        assertThat(s.resume(MateLimits.NONE)).isEqualTo(whole);
        assertThat(s.resumable()).isFalse();
        assertThat(s.nodes()).as("the cut solve's nodes and the rest's, together").isGreaterThan(cutNodes)
                .isLessThan(alone.nodes() + cutNodes / 2);
        assertThat(s.nanos()).as("the time of both calls").isGreaterThan(cutNanos);
    }

    @Test
    void aSolveStoppedWhileItReadsTheSolutionReadsItAgainWhenResumed() throws InterruptedException {
        // 図巧29: a proof of a few thousand nodes, then a reading of about 170,000 positions. Stopped 20,000
        // positions into the reading, the solve answers with a forced mate not read exactly; resumed, it reads the
        // 15 plies exactly from the proof the table kept, as the solve left alone does.
        Problems.Row row = Problems.row("edo_classics.tsv", "zukou-029");
        MateResult whole = new MateSolver(64).solve(row.position(), MateLimits.NONE);
        MateSolver s = new MateSolver(64);
        MateResult[] result = new MateResult[1];
        Thread solve = new Thread(() -> result[0] = s.solve(row.position(), MateLimits.NONE));
        solve.start();
        long proofNodes = -1;
        boolean stopped = false;
        while (solve.isAlive() && !stopped) {
            if (s.readingSolution()) {
                long n = s.nodesSoFar();
                if (proofNodes < 0) {
                    proofNodes = n;
                } else if (n > proofNodes + 20_000) {
                    s.stop();
                    stopped = true;
                }
            }
            Thread.onSpinWait();
        }
        solve.join();
        assertThat(stopped).as("stopped while reading").isTrue();
        assertThat(result[0]).isInstanceOfSatisfying(MateResult.Mate.class, m -> assertThat(m.exact()).isFalse());
        assertThat(s.resumable()).as("a reading cut short is not an answer").isTrue();
        MateResult resumed = s.resume(MateLimits.NONE);
        assertThat(resumed).isEqualTo(whole);
        assertThat(resumed).isInstanceOfSatisfying(MateResult.Mate.class, m -> {
            assertThat(m.plies()).isEqualTo(15);
            assertThat(m.exact()).isTrue();
        });
    }

    @Test
    @Tag("slow")
    void aReadingCutShortAgainAndAgainGoesOnWhereItWasAndReadsTheWholeSolvesAnswer() {
        // 図巧94 (23 plies): a proof of about 10,000 nodes, then a reading of about 1.4 M df-pn nodes whose
        // bounded searches take up to some hundred thousand each. Cut every 50,000 nodes, as a solver that gives its
        // turn to games is, the reading goes on from where each cut left it (its memos, the bounds disproven from
        // the root, what is left of its budgets) and ends with the answer of the solve left alone; read again from
        // the start after each cut, as it was before, it never ended.
        Problems.Row row = Problems.row("edo_classics.tsv", "zukou-094");
        MateSolver alone = new MateSolver(64);
        MateResult whole = exactMateAlone(alone, row, 23);

        MateSolver s = new MateSolver(64);
        MateResult r = s.solve(row.position(), MateLimits.ofNodes(50_000));
        int cuts = 0;
        int readingCuts = 0;
        while (s.resumable() && cuts < 200) {
            cuts++;
            if (s.phaseForTest() == 3) {
                readingCuts++;
                assertThat(r).as("an answer cut short in the reading").isInstanceOfSatisfying(MateResult.Mate.class,
                        m -> assertThat(m.exact()).isFalse());
            }
            r = s.resume(MateLimits.ofNodes(50_000));
        }
        assertThat(r).isEqualTo(whole);
        assertThat(readingCuts).as("cuts in the reading").isGreaterThan(20);
        assertThat(s.nodes()).as("nodes of all the calls").isLessThan(2 * alone.nodes());
    }

    @Test
    void aResumedSolveGoesOnWithThePhaseOfItsProofAndWhatIsLeftOfItsBudget() {
        // tanuki-5te-0198 takes the plain df-pn about 3,000 nodes. With a first budget of 1,000 nodes and a try
        // with floors of 500, its proof runs through all three phases; cut every 1,024 nodes (the df-pn looks at
        // its limits that often), each resumption goes on in the phase it was in, never back to an earlier one.
        Problems.Row row = Problems.row("tanuki_generated.tsv", "tanuki-5te-0198");
        MateSolver alone = new MateSolver(16);
        alone.proofBudgets(1_000, 500);
        MateResult whole = alone.solve(row.position(), MateLimits.NONE);
        assertThat(whole).isInstanceOfSatisfying(MateResult.Mate.class, m -> assertThat(m.plies()).isEqualTo(5));

        MateSolver s = new MateSolver(16);
        s.proofBudgets(1_000, 500);
        List<Integer> phases = new java.util.ArrayList<>();
        MateResult r = s.solve(row.position(), MateLimits.ofNodes(1_024));
        phases.add(s.phaseForTest());
        for (int i = 0; i < 100 && s.resumable(); i++) {
            r = s.resume(MateLimits.ofNodes(1_024));
            phases.add(s.phaseForTest());
        }
        assertThat(r).isEqualTo(whole);
        assertThat(phases).as("the phase after each call").isSorted().contains(0, 1, 2, 3).endsWith(3);
    }

    @Test
    void onlyASolveCutShortCanBeResumed() {
        Position pos = Sfen.tsume("6knl/6s2/5Pppp/9/9/9/9/9/9 b G2S2r2b3gs3n3l14p 1");
        MateSolver s = new MateSolver(16);
        assertThatThrownBy(() -> s.resume(MateLimits.NONE)).as("nothing solved yet").isInstanceOf(IllegalStateException.class);
        assertThat(s.solve(pos, MateLimits.NONE)).isInstanceOf(MateResult.Mate.class);
        assertThatThrownBy(() -> s.resume(MateLimits.NONE)).as("settled").isInstanceOf(IllegalStateException.class);

        Problems.Row kemuri = Problems.table("kif_derived.tsv").stream().filter(r -> r.plies() == 117).findFirst().orElseThrow();
        assertThat(s.solve(kemuri.position(), MateLimits.ofNodes(1_000))).isEqualTo(new MateResult.Unknown(UnknownReason.NODE_LIMIT));
        assertThat(s.resumable()).isTrue();
        s.clear();
        assertThat(s.resumable()).as("the table it would go on with is cleared").isFalse();
        assertThatThrownBy(() -> s.resume(MateLimits.NONE)).isInstanceOf(IllegalStateException.class);

        s.solve(kemuri.position(), MateLimits.ofNodes(1_000));
        s.firstMove(pos, MateLimits.ofNodes(1_000));
        assertThat(s.resumable()).as("the table has been used for another search").isFalse();
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
        assertThat(s.get().cooks()).isEmpty();
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
    void aCookAtTheFirstMoveIsReportedWithItsMoveAndLength() {
        // Composed for this test, symmetric about the 5-file: king 5a, pawns 6c and 4c, two golds in hand.
        // No mate in one (G*5b is taken; after G*4b or G*6b the king steps away from it). G*4b (held by the
        // pawn 4c, the king's only square 6a) 5a6a G*6b (held by the pawn 6c; 5a, 7a, 5b, 7b all covered by
        // the golds) mates in 3, every check adjacent so that no drop can interpose. Its mirror image
        // G*6b 5a4a G*4b mates as well: a cook at ply 1, the same under either convention. Nothing else
        // mates: no further cook, no alternative at the last move, nothing left in hand.
        Position pos = Sfen.tsume("4k4/9/3P1P3/9/9/9/9/9/9 b 2G2r2b2g4s4n4l16p 1");
        for (Convention convention : Convention.values()) {
            Soundness s = solver.check(pos, MateLimits.ofNodes(2_000_000), convention).orElseThrow();
            assertThat(s.mate().usi()).as("%s", convention).isEqualTo("G*4b 5a6a G*6b");
            assertThat(s.cooks()).as("%s", convention).containsExactly(new Soundness.Cook(1, Usi.parse("G*6b"), 3));
            assertThat(s.lastMoveAlternatives()).as("%s", convention).isEmpty();
            assertThat(s.leftover()).as("%s", convention).isZero();
            assertThat(s.complete()).as("%s", convention).isTrue();
            assertThat(s.sound()).as("%s", convention).isFalse();
        }
    }

    @Test
    void theFutilityOfChainsOfInterpositionsIsJudgedWithoutTryingEveryDrop() {
        // tanuki-3te-0307: B*4a 2c2b 4a3b+, a rook on the 5-file and one on the 1-rank, the defender with every
        // kind in hand. Judging the other checks means asking, again and again, whether a drop on a rook's line
        // is futile: taken with check into a position where the defender has only futile drops, and so on down
        // the line. Such a position is decided by its first drop that is not futile; trying every other drop
        // of every kind as well took over 6 M nodes without settling the judging.
        MateSolver fresh = new MateSolver(32);
        Position pos = Sfen.tsume("6G2/9/7k1/4R4/9/9/8R/9/9 b Bb3g4s4n4l18p 1");
        Soundness s = fresh.check(pos, MateLimits.ofNodes(2_000_000), Convention.TSUME).orElseThrow();
        assertThat(s.mate().usi()).isEqualTo("B*4a 2c2b 4a3b+");
        assertThat(s.complete()).isTrue();
        assertThat(s.sound()).isTrue();
        assertThat(fresh.nodes()).isEqualTo(2_675);
    }

    @Test
    void aCookUnderThePrintedConventionAloneIsReportedThere() {
        // tanuki-3te-0252 (king 1b, pawn 2b, dragon 2d, a gold in hand), generated unique under the rules alone:
        // G*1c 1b1a 2b2a+. Under the printed convention G*2c also mates in 3: the king can only go to 1a (2a is
        // the pawn's, 1c and 2c the dragon's, the pawn on 2b is held by the gold), and the dragon down the
        // 1-file (2d1c) then leaves the defender nothing but drops on 1b, which the dragon takes with mate, held
        // by the gold (無駄合). By the rules alone those drops are defences, and G*2c is no cook.
        Problems.Row row = Problems.table("tanuki_generated.tsv").stream()
                .filter(r -> r.id().equals("tanuki-3te-0252")).findFirst().orElseThrow();
        Soundness printed = solver.check(row.position(), MateLimits.ofNodes(2_000_000), Convention.TSUME).orElseThrow();
        assertThat(printed.mate().usi()).isEqualTo("G*1c 1b1a 2b2a+");
        assertThat(printed.cooks()).containsExactly(new Soundness.Cook(1, Usi.parse("G*2c"), 3));
        assertThat(printed.complete()).isTrue();
        assertThat(printed.sound()).isFalse();
        Soundness strict = solver.check(row.position(), MateLimits.ofNodes(2_000_000), Convention.STRICT).orElseThrow();
        assertThat(strict.mate().usi()).isEqualTo("G*1c 1b1a 2b2a+");
        assertThat(strict.cooks()).isEmpty();
        assertThat(strict.lastMoveAlternatives()).isEmpty();
        assertThat(strict.sound()).isTrue();
    }

    @Test
    void anotherMateAtTheLastMoveIsKeptApartFromTheCooks() {
        // Rook and gold in hand against the cornered king, a gold on 2c: G*1b and G*2b mate at once (each held
        // by the gold on 2c); no rook drop does (on the 1-file the king has 2a; R*2a is taken, and further along
        // the a-rank a drop on 2a blocks it). The second is an alternative at the last move (最終手余詰), not a
        // cook; the rook stays in hand.
        Position pos = Sfen.tsume("8k/9/7G1/9/9/9/9/9/9 b RGr2b2g4s4n4l18p 1");
        Soundness s = solver.check(pos, MateLimits.ofNodes(2_000_000), Convention.TSUME).orElseThrow();
        assertThat(s.mate().usi()).isEqualTo("G*1b");
        assertThat(s.cooks()).isEmpty();
        assertThat(s.lastMoveAlternatives()).containsExactly(new Soundness.Cook(1, Usi.parse("G*2b"), 1));
        assertThat(s.leftover()).isEqualTo(1);
        assertThat(s.complete()).isTrue();
        assertThat(s.sound()).isFalse();
    }

    @Test
    void anAlternativeIsSettledByItsLengthWithinThePliesLeftNotByAMateAtAll() {
        // json-kifu-format's taichitsume.kif (testdata kif/json-kifu-format/), a 7-ply problem. The alternative
        // 3b2a+ at ply 5 has no mate within the 2 plies left; whether it mates at all is a far larger search,
        // which once ran out of its budget and made the report "not every alternative could be settled".
        Position pos = Sfen.tsume("6+Pnl/6Sk1/6sp1/9/8P/9/9/9/9 b GS2r2b3gs3n3l15p 1");
        MateResult solved = solver.solve(pos, MateLimits.ofTime(Duration.ofSeconds(20)), Convention.TSUME);
        long solveNodes = solver.nodes();
        Soundness s = solver.check(pos, MateLimits.ofTime(Duration.ofSeconds(20)), Convention.TSUME).orElseThrow();
        assertThat(s.mate()).isEqualTo(solved);
        assertThat(s.mate().usi()).isEqualTo("S*1c 2a1c G*1b 2b1b 3b2a 1b2b 3a3b");
        assertThat(s.cooks()).isEmpty();
        assertThat(s.lastMoveAlternatives()).isEmpty();
        assertThat(s.complete()).isTrue();
        assertThat(s.verdict()).isEqualTo(Soundness.Verdict.SOUND);
        // The nodes of a check count the judging as well as the solve.
        assertThat(solver.nodes()).isGreaterThan(solveNodes);
    }

    @Test
    void aSoundnessTheLimitsCutShortIsUndeterminedNeverUnsound() {
        // 図巧29 (edo_classics.tsv), sound: the solve takes under 170,000 df-pn nodes, the judging of its
        // alternatives far more, so that a limit of 200,000 nodes (counting both) leaves some unsettled.
        Problems.Row row = Problems.table("edo_classics.tsv").stream()
                .filter(r -> r.id().equals("zukou-029")).findFirst().orElseThrow();
        Soundness cut = solver.check(row.position(), MateLimits.ofNodes(200_000), Convention.TSUME).orElseThrow();
        assertThat(cut.mate().plies()).isEqualTo(15);
        assertThat(cut.cooks()).isEmpty();
        assertThat(cut.complete()).isFalse();
        assertThat(cut.verdict()).isEqualTo(Soundness.Verdict.UNDETERMINED);
        assertThat(cut.sound()).isFalse();
        // Within larger limits the judging tries again with larger budgets and settles every alternative.
        Soundness whole = solver.check(row.position(), MateLimits.ofNodes(20_000_000), Convention.TSUME).orElseThrow();
        assertThat(whole.mate()).isEqualTo(cut.mate());
        assertThat(whole.cooks()).isEmpty();
        assertThat(whole.complete()).isTrue();
        assertThat(whole.verdict()).isEqualTo(Soundness.Verdict.SOUND);
    }

    @Test
    void aSolvedMateIsJudgedAsCheckJudgesIt() {
        // tanuki-3te-0252 under the printed convention: the cook G*2c at ply 1 (see above), found by a judging
        // made after the solve as by check.
        Problems.Row row = Problems.table("tanuki_generated.tsv").stream()
                .filter(r -> r.id().equals("tanuki-3te-0252")).findFirst().orElseThrow();
        MateResult solved = solver.solve(row.position(), MateLimits.ofNodes(2_000_000), Convention.TSUME);
        assertThat(solver.judgeable()).isTrue();
        Soundness s = solver.judge(MateLimits.ofNodes(2_000_000));
        assertThat(solver.judgeable()).as("as often as asked").isTrue();
        assertThat(s.mate()).isEqualTo(solved);
        assertThat(s.mate().usi()).isEqualTo("G*1c 1b1a 2b2a+");
        assertThat(s.cooks()).containsExactly(new Soundness.Cook(1, Usi.parse("G*2c"), 3));
        assertThat(s.complete()).isTrue();
        assertThat(s.verdict()).isEqualTo(Soundness.Verdict.UNSOUND);
        // Nothing to judge once the solver has answered something else than a mate.
        assertThat(solver.solve(Sfen.tsume("4k4/9/9/9/9/9/9/9/9 b P2r2b4g4s4n4l17p 1"), MateLimits.ofNodes(100_000)))
                .isInstanceOf(MateResult.NoMate.class);
        assertThat(solver.judgeable()).isFalse();
        assertThatThrownBy(() -> solver.judge(MateLimits.ofNodes(1_000)))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("no mate to judge");
    }

    @Test
    void aJudgingCutShortIsMadeAgainToTheWholeReport() throws InterruptedException {
        // 図巧29, sound: its judging takes far more than the solve. Cut short first by its node limit, then by a
        // stop from another thread as soon as it is under way, it is undetermined each time; made again with room
        // enough, it settles every alternative, as an uninterrupted check does.
        Problems.Row row = Problems.table("edo_classics.tsv").stream()
                .filter(r -> r.id().equals("zukou-029")).findFirst().orElseThrow();
        MateResult solved = solver.solve(row.position(), MateLimits.ofTime(Duration.ofSeconds(30)), Convention.TSUME);
        assertThat(solved).isInstanceOfSatisfying(MateResult.Mate.class, m -> assertThat(m.plies()).isEqualTo(15));
        Soundness cut = solver.judge(MateLimits.ofNodes(20_000));
        assertThat(cut.complete()).isFalse();
        assertThat(cut.verdict()).isEqualTo(Soundness.Verdict.UNDETERMINED);
        Soundness noTime = solver.judge(MateLimits.ofTime(Duration.ofNanos(1)));
        assertThat(noTime.cooks()).isEmpty();
        assertThat(noTime.complete()).as("nothing settled with no time").isFalse();
        assertThat(noTime.verdict()).isEqualTo(Soundness.Verdict.UNDETERMINED);
        Thread stopper = Thread.ofPlatform().start(() -> {
            while (!solver.solving()) {
                Thread.onSpinWait();
            }
            solver.stop();
        });
        Soundness stopped = solver.judge(MateLimits.ofTime(Duration.ofSeconds(30)));
        stopper.join();
        assertThat(stopped.complete()).isFalse();
        assertThat(stopped.verdict()).isEqualTo(Soundness.Verdict.UNDETERMINED);
        Soundness whole = solver.judge(MateLimits.ofNodes(20_000_000));
        assertThat(whole.mate()).isEqualTo(solved);
        assertThat(whole.cooks()).isEmpty();
        assertThat(whole.lastMoveAlternatives()).isEmpty();
        assertThat(whole.complete()).isTrue();
        assertThat(whole.verdict()).isEqualTo(Soundness.Verdict.SOUND);
    }

    @Test
    void theVerdictPutsAFoundFaultBeforeWhatIsUnsettled() {
        MateResult.Mate exact = new MateResult.Mate(List.of(Usi.parse("G*1b")), 0, true);
        MateResult.Mate inexact = new MateResult.Mate(List.of(Usi.parse("G*1b")), 0, false);
        MateResult.Mate spare = new MateResult.Mate(List.of(Usi.parse("G*1b")), 1, true);
        List<Soundness.Cook> cook = List.of(new Soundness.Cook(1, Usi.parse("G*2b"), 1));
        assertThat(new Soundness(exact, List.of(), List.of(), 0, true).verdict()).isEqualTo(Soundness.Verdict.SOUND);
        assertThat(new Soundness(exact, List.of(), cook, 0, true).verdict()).isEqualTo(Soundness.Verdict.SOUND);
        assertThat(new Soundness(exact, cook, List.of(), 0, true).verdict()).isEqualTo(Soundness.Verdict.UNSOUND);
        assertThat(new Soundness(exact, cook, List.of(), 0, false).verdict()).isEqualTo(Soundness.Verdict.UNSOUND);
        assertThat(new Soundness(spare, List.of(), List.of(), 1, true).verdict()).isEqualTo(Soundness.Verdict.UNSOUND);
        assertThat(new Soundness(spare, List.of(), List.of(), 1, false).verdict()).isEqualTo(Soundness.Verdict.UNDETERMINED);
        assertThat(new Soundness(exact, List.of(), List.of(), 0, false).verdict()).isEqualTo(Soundness.Verdict.UNDETERMINED);
        assertThat(new Soundness(inexact, List.of(), List.of(), 0, true).verdict()).isEqualTo(Soundness.Verdict.UNDETERMINED);
    }

    @Test
    void badLimitsAreRefused() {
        assertThatThrownBy(() -> MateLimits.ofNodes(0)).hasMessageContaining("node limit");
        assertThatThrownBy(() -> new MateSolver(0)).hasMessageContaining("hash size");
    }
}
