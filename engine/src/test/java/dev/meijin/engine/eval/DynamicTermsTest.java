package dev.meijin.engine.eval;

import static org.assertj.core.api.Assertions.assertThat;

import dev.meijin.core.Move;
import dev.meijin.core.Piece;
import dev.meijin.core.position.Position;
import dev.meijin.core.sfen.Sfen;
import dev.meijin.core.usi.Usi;
import dev.meijin.testdata.TestData;
import java.util.List;
import java.util.Random;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

/**
 * The attack-word computation of the king-safety and mobility terms ({@link DynamicTerms}) against their
 * definition, the features {@link Features#dynamic} lists from one attackers query per square: the weighted
 * sums must be equal on every position of the recorded games in the test data, on the positions one legal
 * move after many of them, and on mate problems (where the defender alone has a king).
 *
 * <p>Each position is checked with the shipped weights and with random weights that are large and different
 * for every feature, so that a single miscounted feature (one attacker too many on one block square, a wrong
 * mobility bucket) changes the sum.
 */
class DynamicTermsTest {

    private static int[] randomWeights(long seed) {
        Random r = new Random(seed);
        int[] w = new int[Features.COUNT];
        for (int i = 0; i < w.length; i++) {
            w[i] = r.nextInt(2_000_001) - 1_000_000;
        }
        return w;
    }

    private final int[][] weights = {Weights.tuned().raw(), randomWeights(1), randomWeights(2)};
    private final int[] index = new int[Features.MAX_ACTIVE], count = new int[Features.MAX_ACTIVE];
    private final long[] tmp = new long[2];
    private final DynamicTerms fast = new DynamicTerms();

    /** The straightforward reference: the dot product of the weights with the listed features. */
    private int reference(Position pos, int[] w) {
        int n = Features.dynamic(pos, index, count, 0, tmp);
        int s = 0;
        for (int i = 0; i < n; i++) {
            s += w[index[i]] * count[i];
        }
        return s;
    }

    private void check(Position pos, Supplier<String> where) {
        for (int[] w : weights) {
            int expected = reference(pos, w);
            if (fast.sum(pos, w) != expected) {
                assertThat(fast.sum(pos, w)).as("%s: %s", where.get(), Sfen.format(pos)).isEqualTo(expected);
            }
        }
    }

    @Test
    void equalsTheReferenceOnEveryPositionOfTheRecordedGamesAndTheirChildren() {
        List<String[]> games = TestData.tsv("usi/shogiops-lishogi-games.tsv");
        Random random = new Random(5);
        int positions = 0, kingsClose = 0, checks = 0;
        for (String[] g : games) {
            Position pos = Position.startpos();
            for (String u : g[1].trim().split("\\s+")) {
                pos.doMove(Usi.parseMove(pos, u));
                check(pos, () -> g[0] + " after " + u);
                positions++;
                int k0 = pos.kingSquare(0), k1 = pos.kingSquare(1);
                if (Math.abs(k0 / 9 - k1 / 9) <= 3 && Math.abs(k0 % 9 - k1 % 9) <= 3) {
                    kingsClose++;
                }
                if (random.nextInt(16) == 0) {
                    for (int m : pos.legalMoves()) {
                        pos.doMove(m);
                        check(pos, () -> g[0] + " after " + u + " " + Move.usi(m));
                        checks += pos.inCheck() ? 1 : 0;
                        positions++;
                        pos.undoMove();
                    }
                }
            }
        }
        assertThat(positions).isGreaterThan(50_000);
        assertThat(kingsClose).as("positions with the kings near each other").isGreaterThan(100);
        assertThat(checks).as("positions in check (sliders seeing through the king)").isGreaterThan(500);
    }

    @Test
    void equalsTheReferenceOnMateProblemsWithOneKing() {
        int oneKing = 0, broken = 0, all = 0;
        for (String file : List.of("tsume/tanuki_generated.tsv", "tsume/antma_positions.tsv")) {
            for (String[] row : TestData.tsv(file)) {
                all++;
                Position pos;
                try {
                    pos = Position.ofTsume(Sfen.parse(row[1]));
                } catch (IllegalArgumentException e) {
                    broken++; // some generated problems break a rule (nifu)
                    continue;
                }
                check(pos, () -> row[0]);
                oneKing += pos.kingSquare(0) == Position.NO_SQUARE ? 1 : 0;
                for (int m : pos.legalMoves()) {
                    pos.doMove(m);
                    check(pos, () -> row[0] + " " + Move.usi(m));
                    pos.undoMove();
                }
            }
        }
        assertThat(oneKing).isGreaterThan(1_000);
        assertThat(broken).isLessThan(all / 10);
    }

    @Test
    void countsKingsOnTheEdgesOfTheTwoBoardWords() {
        // squares 62 (7i) and 63 (8a) are the last of the low word and the first of the high word; kings there
        // and next to them have blocks that span both words, with sliders aimed through them
        String[] sfens = {
            "1k7/9/9/9/9/9/9/9/2K6 b RBGSNLPrbgsnlp 1",
            "1kg6/1s7/9/9/9/9/9/r1l6/1LK6 b BGSNPrbgsnlp 1",
            "1k7/9/1p7/9/1+R7/9/+b8/9/2K6 b G 1",
            "2k6/9/9/9/9/9/1n7/2g6/1K+r6 b BGSNLPbg2s2n2l16p 1",
        };
        for (String sfen : sfens) {
            Position pos = Position.of(Sfen.parse(sfen));
            check(pos, () -> sfen);
            for (int m : pos.legalMoves()) {
                pos.doMove(m);
                check(pos, () -> sfen + " " + Move.usi(m));
                pos.undoMove();
            }
        }
        assertThat(Piece.role(Position.of(Sfen.parse(sfens[0])).pieceAt(63))).isEqualTo(8);
    }
}
