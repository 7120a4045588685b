package dev.meijin.engine.eval;

import static org.assertj.core.api.Assertions.assertThat;

import dev.meijin.core.position.Position;
import dev.meijin.core.sfen.Sfen;
import dev.meijin.core.usi.Usi;
import dev.meijin.testdata.TestData;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * The threat features on hand-checked positions: which pieces are attacked and undefended, which are attacked by a
 * lesser piece, for the side to move and the other, as {@link Features#extract} lists them and as the evaluator's
 * sum weighs them.
 */
class ThreatsTest {

    /** The threat features of a position by name, counts from sente's view. */
    private static Map<String, Integer> threats(String sfen) {
        Position pos = Position.of(Sfen.parse(sfen));
        int[] index = new int[Features.MAX_ACTIVE], count = new int[Features.MAX_ACTIVE];
        int n = Features.extract(pos, index, count);
        Map<String, Integer> out = new TreeMap<>();
        for (int i = 0; i < n; i++) {
            if (index[i] >= Features.THREAT) {
                out.merge(Features.name(index[i]), count[i], Integer::sum);
            }
        }
        return out;
    }

    @Test
    void aSilverAttackedByAPawnIsOutrankedAndHangingAndThePawnItAttacksHangsToo() {
        // sente's silver on 5e faces gote's pawn on 5d; the kings are far away; sente to move
        assertThat(threats("8k/9/9/4p4/4S4/9/9/9/K8 b - 1")).containsExactlyInAnyOrderEntriesOf(Map.of(
                "threat.mover.hanging.silver", 1,
                "threat.mover.lesser.silver", 1,
                "threat.waiter.hanging.pawn", -1));
        // the same with gote to move: the sides' roles swap, the signs stay with the owners
        assertThat(threats("8k/9/9/4p4/4S4/9/9/9/K8 w - 1")).containsExactlyInAnyOrderEntriesOf(Map.of(
                "threat.waiter.hanging.silver", 1,
                "threat.waiter.lesser.silver", 1,
                "threat.mover.hanging.pawn", -1));
    }

    @Test
    void aDefenderTakesAPieceOffTheHangingListButNotOffTheOutrankedOne() {
        // gote's gold on 4c defends the pawn on 5d; sente's gold on 4f defends the silver, which the pawn still outranks
        assertThat(threats("8k/9/5g3/4p4/4S4/5G3/9/9/K8 b - 1")).containsExactlyInAnyOrderEntriesOf(Map.of(
                "threat.mover.lesser.silver", 1));
    }

    @Test
    void theEvaluatorWeighsTheThreatFeaturesLikeTheFeatureList() {
        int[] w = new int[Features.COUNT];
        for (int i = Features.THREAT; i < Features.COUNT; i++) {
            w[i] = 7 + i % 13;
        }
        Weights weights = Weights.of(w);
        for (String sfen : new String[] {"8k/9/9/4p4/4S4/9/9/9/K8 b - 1", "8k/9/9/4p4/4S4/9/9/9/K8 w - 1",
            "lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2",
            "ln1g3nl/1r1sk2b1/p1pp1pppp/1p2p4/7P1/2P3P2/PPSPPP2P/1B1K3R1/LN1G1GSNL b Gs 15"}) {
            Position pos = Position.of(Sfen.parse(sfen));
            int[] index = new int[Features.MAX_ACTIVE], count = new int[Features.MAX_ACTIVE];
            int n = Features.extract(pos, index, count), dot = 0;
            for (int i = 0; i < n; i++) {
                dot += w[index[i]] * count[i];
            }
            assertThat(new Threats().sum(pos, w)).as(sfen).isEqualTo(dot);
            ShogiEvaluator e = new ShogiEvaluator(weights);
            e.reset(pos);
            assertThat(e.evaluate(pos)).as(sfen).isEqualTo(pos.sideToMove() == 0 ? dot : -dot);
        }
    }

    @Test
    void theShiftedWordsAndTheSharedSliderSweepWeighLikeThePlainAttackQueriesOverRealGames() {
        // random weights on every threat feature and every king-safety and mobility feature
        Random random = new Random(5);
        int[] w = new int[Features.COUNT];
        for (int i = Features.KS_SQ; i < Features.COUNT; i++) {
            w[i] = random.nextInt(201) - 100;
        }
        int[] threatOnly = new int[Features.COUNT];
        System.arraycopy(w, Features.THREAT, threatOnly, Features.THREAT, Features.COUNT - Features.THREAT);
        Threats alone = new Threats(), shared = new Threats();
        DynamicTerms dynamic = new DynamicTerms();
        int[] index = new int[Features.MAX_ACTIVE], count = new int[Features.MAX_ACTIVE];
        int checked = 0, threatened = 0;
        for (String[] g : TestData.tsv("usi/shogiops-lishogi-games.tsv")) {
            Position pos = Position.startpos();
            for (String u : g[1].trim().split("\\s+")) {
                pos.doMove(Usi.parseMove(pos, u));
                int n = new Threats().write(pos, index, count, 0), dot = 0;
                for (int i = 0; i < n; i++) {
                    dot += w[index[i]] * count[i];
                }
                String where = g[0] + " after " + u + ": " + Sfen.format(pos);
                assertThat(alone.sum(pos, threatOnly)).as(where).isEqualTo(dot);
                int kingSafety = dynamic.sum(pos, w);
                assertThat(dynamic.sum(pos, w, shared) + shared.score(pos, w)).as(where).isEqualTo(kingSafety + dot);
                threatened += n > 0 ? 1 : 0;
                checked++;
            }
        }
        assertThat(checked).isGreaterThan(20_000);
        assertThat(threatened).isGreaterThan(checked / 2);
    }
}
