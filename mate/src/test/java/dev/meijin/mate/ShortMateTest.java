package dev.meijin.mate;

import static org.assertj.core.api.Assertions.assertThat;

import dev.meijin.core.Move;
import dev.meijin.core.position.GenType;
import dev.meijin.core.position.Position;
import dev.meijin.core.sfen.Sfen;
import dev.meijin.testdata.TestData;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

class ShortMateTest {
    private final ShortMate shortMate = new ShortMate();

    /** Mate in one by brute force: some legal move (any, not only checks) after which the defender has no move. */
    private static boolean bruteMate1(Position pos) {
        for (int m : pos.legalMoves()) {
            pos.doMove(m);
            boolean mate = pos.inCheck() && pos.hasNoLegalMove();
            pos.undoMove();
            if (mate) {
                return true;
            }
        }
        return false;
    }

    /** Mate in at most three plies by brute force over every legal move. */
    private static boolean bruteMate3(Position pos) {
        if (bruteMate1(pos)) {
            return true;
        }
        for (int m : pos.legalMoves()) {
            pos.doMove(m);
            boolean forced = pos.inCheck();
            if (forced) {
                for (int reply : pos.legalMoves()) {
                    pos.doMove(reply);
                    forced = bruteMate1(pos);
                    pos.undoMove();
                    if (!forced) {
                        break;
                    }
                }
            }
            pos.undoMove();
            if (forced) {
                return true;
            }
        }
        return false;
    }

    private static List<Problems.Row> shortRows() {
        return Problems.table("tanuki_generated.tsv").stream().filter(r -> r.plies() <= 5).toList();
    }

    @Test
    void mateInOneAgreesWithBruteForceOnTheOneToFivePlyProblemsAndTheirReplies() {
        int mates = 0, checked = 0;
        for (Problems.Row row : shortRows()) {
            Position pos = row.position();
            int m = shortMate.mate1(pos);
            boolean brute = bruteMate1(pos);
            assertThat(m != Move.NONE).as(row.id()).isEqualTo(brute);
            if (m != Move.NONE) {
                mates++;
                pos.doMove(m);
                assertThat(pos.inCheck() && pos.hasNoLegalMove()).as(row.id() + " " + Move.usi(m)).isTrue();
                pos.undoMove();
            }
            checked++;
            // Also the positions after each first check and reply, where mates in one abound.
            for (int c : firstChecks(pos)) {
                pos.doMove(c);
                for (int e : pos.legalMoves()) {
                    pos.doMove(e);
                    assertThat(shortMate.mate1(pos) != Move.NONE).as(row.id()).isEqualTo(bruteMate1(pos));
                    checked++;
                    pos.undoMove();
                }
                pos.undoMove();
            }
        }
        assertThat(mates).isGreaterThanOrEqualTo(182); // every 1-ply problem, at least
        assertThat(checked).isGreaterThan(5000);
    }

    private static int[] firstChecks(Position pos) {
        int[] buf = new int[Position.MAX_MOVES];
        int n = pos.generate(GenType.CHECKS_ALL, buf, 0);
        return java.util.Arrays.copyOf(buf, Math.min(n, 3));
    }

    @Test
    void mateInThreeAgreesWithBruteForceOnTheOneToFivePlyProblems() {
        int found = 0;
        for (Problems.Row row : shortRows()) {
            Position pos = row.position();
            int m = shortMate.mate3(pos);
            assertThat(m != Move.NONE).as(row.id()).isEqualTo(bruteMate3(pos));
            if (row.plies() <= 3) {
                assertThat(m).as(row.id() + " has a mate in " + row.plies()).isNotEqualTo(Move.NONE);
            }
            if (m != Move.NONE) {
                found++;
            }
        }
        assertThat(found).isGreaterThanOrEqualTo(182 + 434);
    }

    @Test
    void mateInOneAndThreeOnRandomGamePositionsAgreeWithBruteForce() {
        Random random = new Random(20261124L);
        int positions = 0;
        for (String[] row : TestData.tsv("perft/perft.tsv")) {
            Position pos;
            try {
                pos = Sfen.position(row[0]);
            } catch (RuntimeException e) {
                continue;
            }
            if (pos.inCheck() || pos.hasNoLegalMove()) {
                continue;
            }
            assertThat(shortMate.mate1(pos) != Move.NONE).as(row[0]).isEqualTo(bruteMate1(pos));
            if (random.nextInt(4) == 0) {
                assertThat(shortMate.mate3(pos) != Move.NONE).as(row[0]).isEqualTo(bruteMate3(pos));
            }
            positions++;
        }
        assertThat(positions).isGreaterThan(200);
    }

    @Test
    void aPawnDropMateIsNoMate() {
        // The only mate would be P*1b, a pawn-drop mate (uchifuzume): the knight on 3c takes 2a from the
        // king, the silver on 2c takes 2b and guards the pawn.
        Position pos = Sfen.tsume("8k/9/6NS1/9/9/9/9/9/9 b P2r2b4g3s3n4l17p 1");
        assertThat(bruteMate1(pos)).isFalse();
        assertThat(shortMate.mate1(pos)).isEqualTo(Move.NONE);
    }
}
