package dev.meijin.engine.learn;

import static org.assertj.core.api.Assertions.assertThat;

import dev.meijin.core.Move;
import dev.meijin.core.position.Position;
import dev.meijin.core.usi.Usi;
import dev.meijin.engine.eval.Features;
import dev.meijin.engine.eval.Weights;
import dev.meijin.testdata.TestData;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Texel tuning on the quiet positions of real games that ended in checkmate. */
class TunerTest {

    private static Tuner.DataSet games() {
        Tuner.DataSet set = new Tuner.DataSet();
        for (String[] g : TestData.tsv("usi/shogiops-lishogi-games.tsv")) {
            Position end = Position.startpos();
            List<Integer> moves = new ArrayList<>();
            for (String u : g[1].trim().split("\\s+")) {
                int m = Usi.parseMove(end, u);
                moves.add(m);
                end.doMove(m);
            }
            if (!end.hasNoLegalMove()) {
                continue;
            }
            int winner = end.sideToMove() ^ 1;
            Position pos = Position.startpos();
            for (int i = 0; i < moves.size(); i++) {
                int m = moves.get(i);
                if (i >= 16 && !pos.inCheck() && (Move.isDrop(m) || pos.pieceAt(Move.to(m)) == 0)) {
                    set.add(pos, winner == 0 ? 1.0 : 0.0);
                }
                pos.doMove(m);
            }
        }
        return set;
    }

    @Test
    void theHeldOutTenthIsMadeOfWholeBlocksOfConsecutivePositions() {
        int b = Tuner.HOLD_BLOCK, held = 0;
        for (int i = 0; i < 20 * b; i++) {
            held += Tuner.isHeldOut(i) ? 1 : 0;
        }
        assertThat(held).isEqualTo(2 * b);
        // the tenth block is held out from its first position to its last, its neighbours are not
        assertThat(Tuner.isHeldOut(9 * b)).isTrue();
        assertThat(Tuner.isHeldOut(10 * b - 1)).isTrue();
        assertThat(Tuner.isHeldOut(9 * b - 1)).isFalse();
        assertThat(Tuner.isHeldOut(10 * b)).isFalse();
    }

    @Test
    void tuningLowersTheHeldOutLossAndKeepsExcludedFeaturesAtZero() {
        Tuner.DataSet set = games();
        assertThat(set.size()).isGreaterThan(5_000);
        boolean[] excluded = new boolean[Features.COUNT];
        for (int i = 0; i < Features.COUNT; i++) {
            excluded[i] = Features.name(i).startsWith("ks.");
        }
        Tuner.Result r = Tuner.tune(set, Weights.material(), excluded, 60, 2.0, line -> {});
        assertThat(r.lossAfter()).isLessThan(r.lossBefore());
        for (int i = 0; i < Features.COUNT; i++) {
            if (excluded[i]) {
                assertThat(r.weights().get(i)).as(Features.name(i)).isZero();
            }
        }
        // the tuner moved the features it was allowed to: mobility and king-relative placement
        int moved = 0;
        for (int i = Features.OWN; i < Features.COUNT; i++) {
            moved += !excluded[i] && r.weights().get(i) != 0 ? 1 : 0;
        }
        assertThat(moved).isGreaterThan(500);
    }

    @Test
    void rareFeaturesKeepTheirStartingWeightAndTheL2PenaltyHoldsWeightsNearTheirStart() {
        Tuner.DataSet set = games();
        Weights start = Weights.material();
        boolean[] none = new boolean[Features.COUNT];
        int[] occ = Tuner.occurrences(set);
        int minCount = 200;
        int rare = 0, common = 0;
        for (int i = Features.OWN; i < Features.COUNT; i++) {
            if (occ[i] > 0 && occ[i] < minCount) {
                rare++;
            } else if (occ[i] >= minCount) {
                common++;
            }
        }
        assertThat(rare).as("features seen in 1 to 199 positions").isGreaterThan(100);
        assertThat(common).as("features seen in at least 200 positions").isGreaterThan(100);

        Tuner.Result free = Tuner.tune(set, start, none, Tuner.Regularisation.NONE, 60, 2.0, line -> {});
        Tuner.Result limited = Tuner.tune(set, start, none, new Tuner.Regularisation(0, minCount), 60, 2.0, line -> {});
        int movedRare = 0, movedCommon = 0;
        for (int i = 0; i < Features.COUNT; i++) {
            if (occ[i] < minCount) {
                assertThat(limited.weights().get(i)).as(Features.name(i)).isEqualTo(start.get(i));
                movedRare += free.weights().get(i) != start.get(i) ? 1 : 0;
            } else {
                movedCommon += limited.weights().get(i) != start.get(i) ? 1 : 0;
            }
        }
        assertThat(movedRare).as("rare features the unregularised run moved").isGreaterThan(50);
        assertThat(movedCommon).as("common features the limited run moved").isGreaterThan(50);

        Tuner.Result penalised = Tuner.tune(set, start, none, new Tuner.Regularisation(1e-3, 0), 60, 2.0, line -> {});
        assertThat(distance(penalised.weights(), start)).isLessThan(distance(free.weights(), start) / 2);
        assertThat(penalised.lossAfter()).isLessThan(penalised.lossBefore());
    }

    @Test
    void fixedFeaturesKeepTheirStartingWeightsWhileTheOthersAreFittedAgainstThem() {
        Tuner.DataSet set = games();
        Weights start = Weights.material();
        boolean[] none = new boolean[Features.COUNT];
        boolean[] fixed = new boolean[Features.COUNT];
        for (int i = 0; i < Features.COUNT; i++) {
            fixed[i] = !Features.name(i).startsWith("ks.");
        }
        Tuner.Result r = Tuner.tune(set, start, none, fixed, Tuner.Regularisation.NONE, 60, 2.0, 2.0, line -> {});
        int moved = 0;
        for (int i = 0; i < Features.COUNT; i++) {
            if (fixed[i]) {
                assertThat(r.weights().get(i)).as(Features.name(i)).isEqualTo(start.get(i));
            } else {
                moved += r.weights().get(i) != start.get(i) ? 1 : 0;
            }
        }
        assertThat(moved).as("king-safety features the run moved").isGreaterThan(20);
        assertThat(r.lossAfter()).isLessThan(r.lossBefore());
    }

    @Test
    void theStepSizeFallsInAStraightLineFromTheFirstEpochToTheLast() {
        assertThat(Tuner.stepSize(1, 101, 2.0, 0.2)).isEqualTo(2.0);
        assertThat(Tuner.stepSize(51, 101, 2.0, 0.2)).isCloseTo(1.1, org.assertj.core.data.Offset.offset(1e-12));
        assertThat(Tuner.stepSize(101, 101, 2.0, 0.2)).isCloseTo(0.2, org.assertj.core.data.Offset.offset(1e-12));
        assertThat(Tuner.stepSize(1, 1, 2.0, 0.2)).isEqualTo(2.0);
        Tuner.DataSet set = games();
        boolean[] none = new boolean[Features.COUNT];
        org.assertj.core.api.Assertions.assertThatThrownBy(
                () -> Tuner.tune(set, Weights.material(), none, Tuner.Regularisation.NONE, 10, 2.0, 0.0, line -> {}))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("step sizes");
    }

    @Test
    void aConstantStepIsTheSameRunAndAFallingStepStillLowersTheHeldOutLoss() {
        Tuner.DataSet set = games();
        boolean[] none = new boolean[Features.COUNT];
        Tuner.Regularisation reg = new Tuner.Regularisation(1e-5, 200);
        Tuner.Result constant = Tuner.tune(set, Weights.material(), none, reg, 40, 2.0, line -> {});
        Tuner.Result same = Tuner.tune(set, Weights.material(), none, reg, 40, 2.0, 2.0, line -> {});
        assertThat(distance(same.weights(), constant.weights())).isZero();
        assertThat(same.lossAfter()).isEqualTo(constant.lossAfter());
        Tuner.Result falling = Tuner.tune(set, Weights.material(), none, reg, 40, 2.0, 0.2, line -> {});
        assertThat(falling.lossAfter()).isLessThan(falling.lossBefore());
        // smaller late steps leave the weights nearer their start than the constant step does
        assertThat(distance(falling.weights(), Weights.material())).isLessThan(distance(constant.weights(), Weights.material()));
        assertThat(distance(falling.weights(), constant.weights())).isPositive();
    }

    private static long distance(Weights a, Weights b) {
        long d = 0;
        for (int i = 0; i < Features.COUNT; i++) {
            d += Math.abs(a.get(i) - b.get(i));
        }
        return d;
    }
}
