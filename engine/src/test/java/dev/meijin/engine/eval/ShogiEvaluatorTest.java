package dev.meijin.engine.eval;

import static org.assertj.core.api.Assertions.assertThat;

import dev.meijin.core.Move;
import dev.meijin.core.Piece;
import dev.meijin.core.position.Position;
import dev.meijin.core.sfen.Sfen;
import dev.meijin.core.usi.Usi;
import dev.meijin.testdata.TestData;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The evaluation against its own definition: the incremental evaluator must equal a fresh one and the dot
 * product of the weights with {@link Features#extract} after every move and take-back of real games, and the
 * king-safety features must count a hand-checked position right.
 */
class ShogiEvaluatorTest {

    /** Random weights for every feature, so that any feature the evaluator miscounts shows. */
    private static Weights randomWeights(long seed) {
        Random r = new Random(seed);
        int[] w = new int[Features.COUNT];
        for (int i = 0; i < w.length; i++) {
            w[i] = r.nextInt(61) - 30;
        }
        w[Features.BOARD + 8] = 0;
        return Weights.of(w);
    }

    /** The linear evaluation from the feature list, from the side to move's view. */
    private static int dot(Position pos, Weights w) {
        int[] index = new int[Features.MAX_ACTIVE], count = new int[Features.MAX_ACTIVE];
        int n = Features.extract(pos, index, count);
        int s = 0;
        for (int i = 0; i < n; i++) {
            s += w.get(index[i]) * count[i];
        }
        return pos.sideToMove() == 0 ? s : -s;
    }

    private static int fresh(Position pos, Weights w) {
        ShogiEvaluator e = new ShogiEvaluator(w);
        e.reset(pos);
        return e.evaluate(pos);
    }

    @Test
    void incrementalEvaluationEqualsTheFromScratchOneOverRealGames() {
        Weights w = randomWeights(7);
        Random random = new Random(3);
        List<String[]> games = TestData.tsv("usi/shogiops-lishogi-games.tsv");
        int checked = 0, kingMoves = 0;
        for (String[] g : games.subList(0, 40)) {
            Position pos = Position.startpos();
            ShogiEvaluator inc = new ShogiEvaluator(w);
            inc.reset(pos);
            for (String u : g[1].trim().split("\\s+")) {
                int played = Usi.parseMove(pos, u);
                // every legal move of a few plies, played and taken back, the evaluation compared each time
                if (random.nextInt(4) == 0) {
                    int before = inc.evaluate(pos);
                    for (int m : pos.legalMoves()) {
                        inc.beforeMove(pos, m);
                        pos.doMove(m);
                        assertThat(inc.evaluate(pos)).as("after %s in %s", Move.usi(m), g[0]).isEqualTo(fresh(pos, w));
                        checked++;
                        pos.undoMove();
                        inc.afterUndo(pos);
                        assertThat(inc.evaluate(pos)).isEqualTo(before);
                    }
                }
                kingMoves += !Move.isDrop(played) && Piece.role(pos.pieceAt(Move.from(played))) == 8 ? 1 : 0;
                inc.beforeMove(pos, played);
                pos.doMove(played);
                // some plies are not evaluated, so that stale placements carry over several moves
                if (random.nextBoolean()) {
                    int v = inc.evaluate(pos);
                    assertThat(v).as("after %s in %s", u, g[0]).isEqualTo(fresh(pos, w)).isEqualTo(dot(pos, w));
                    checked++;
                }
            }
        }
        assertThat(checked).isGreaterThan(10_000);
        assertThat(kingMoves).isGreaterThan(100);
    }

    @Test
    void nullMovesKeepTheEvaluationInStep() {
        Weights w = randomWeights(11);
        Position pos = Position.of(Sfen.parse("ln1g1g1nl/1r1sk2b1/p1pppp1pp/6s2/1p7/2P6/PPSPPPP1P/1B2K2R1/LN1G1GSNL b Pp 13"));
        ShogiEvaluator e = new ShogiEvaluator(w);
        e.reset(pos);
        int v = e.evaluate(pos);
        e.beforeNullMove();
        pos.doNullMove();
        assertThat(e.evaluate(pos)).isEqualTo(fresh(pos, w)).isEqualTo(dot(pos, w));
        pos.undoNullMove();
        e.afterNullUndo();
        assertThat(e.evaluate(pos)).isEqualTo(v);
    }

    /** Feature counts by name, from sente's point of view. */
    private static Map<String, Integer> features(Position pos) {
        int[] index = new int[Features.MAX_ACTIVE], count = new int[Features.MAX_ACTIVE];
        int n = Features.extract(pos, index, count);
        Map<String, Integer> out = new HashMap<>();
        for (int i = 0; i < n; i++) {
            out.merge(Features.name(index[i]), count[i], Integer::sum);
        }
        return out;
    }

    @Test
    void kingSafetyCountsAttackedAndEscapeSquaresOfAKnownPosition() {
        // Sente's king on 5i; gote's rook on 4a sweeps the 4th file (4h, 4i) and gote's gold on 5g covers 4h, 5h
        // and 6h: four of the king's five neighbours are attacked and only 6i is left to step to. Gote's own
        // king on 5a has its rook beside it and four free, unattacked neighbours. Gote holds a silver.
        Position pos = Position.of(Sfen.parse("4kr3/9/9/9/9/9/4g4/9/4K4 b s 1"));
        Map<String, Integer> f = features(pos);
        // sente's king: features count +1; gote's king: -1
        assertThat(f).containsEntry("ks.attacked.4", 1).containsEntry("ks.escape.1", 1)
                .containsEntry("ks.attacked.0", -1).containsEntry("ks.escape.4", -1);
        // 4h: one file aside, one rank ahead of sente's king, empty, two attackers (rook, gold), no defender
        assertThat(f).containsEntry("ks.sq.1.-1.empty.2.0", 1);
        // 5h straight ahead: attacked by the gold only
        assertThat(f).containsEntry("ks.sq.0.-1.empty.1.0", 1);
        // 4a beside gote's king holds gote's rook, which the king defends... but the king is not counted
        assertThat(f).containsEntry("ks.sq.1.0.own.0.0", -1);
        // gote's silver in hand weighs against a king with four attacked neighbours
        assertThat(f).containsEntry("ks.hand.silver.4", -1);
        // the rook reaches 4b–4i and 3a–1a: eleven squares
        assertThat(f).containsEntry("mob.rook.11", -1);
    }

    @Test
    void kingZoneCountsPiecesAroundEachKingAndTheAttackersHand() {
        // Sente's king on 5i has gote's gold on 5g two ranks ahead in its 5x5 block and no piece of its own
        // there; gote holds a silver. Gote's king on 5a has its rook beside it; sente holds nothing.
        Map<String, Integer> f = features(Position.of(Sfen.parse("4kr3/9/9/9/9/9/4g4/9/4K4 b s 1")));
        assertThat(f).containsEntry("zone.1.0", 1).containsEntry("zone.hand.1.1", 1)
                .containsEntry("zone.0.1", -1).containsEntry("zone.hand.0.0", -1);
        // Pawns are not counted, a gold three files away is outside the block, and a tokin counts.
        f = features(Position.of(Sfen.parse("4k4/9/9/9/9/9/1g1pPp3/4+p4/4K4 b 2P 1")));
        assertThat(f).containsEntry("zone.1.0", 1).containsEntry("zone.hand.1.0", 1).containsEntry("zone.hand.0.0", -1);
    }

    @Test
    void kingPieceSquareSeesTheBoardFromEachKingOwnerAndFoldsTheWings() {
        // Sente's king on 8h (files 7-9 are sente's left, so the board is mirrored: 8h reads as 2h, bucket files 1-2,
        // second rank = 0 * 3 + 1) with a gold on 7h (read as 3h). Gote's king on 5a (its back rank, the centre file:
        // bucket 2 * 3 + 0 = 6), seen rotated: 5a reads as 5i; sente's gold on 7h reads for gote as 3b.
        Map<String, Integer> f = features(Position.of(Sfen.parse("4k4/9/9/9/9/9/9/1KG6/9 b - 1")));
        assertThat(f).containsEntry("kp.own.gold.1.3.8", 1).containsEntry("kp.enemy.gold.6.3.2", -1);
        // The same position mirrored left to right and with colours swapped gives the same features for the other
        // side: gote's king on 2b (its 8h) with a gold on 3b.
        Map<String, Integer> g = features(Position.of(Sfen.parse("9/6gk1/9/9/9/9/9/9/4K4 w - 1")));
        assertThat(g).containsEntry("kp.own.gold.1.3.8", -1).containsEntry("kp.enemy.gold.6.3.2", 1);
        // a king on the same file one rank higher falls into the next bucket, the piece square unchanged
        Map<String, Integer> h = features(Position.of(Sfen.parse("4k4/9/9/9/9/9/1K7/2G6/9 b - 1")));
        assertThat(h).containsEntry("kp.own.gold.2.3.8", 1);
    }

    @Test
    void pawnDropFilesOpenFilesAndHandAgainstEscapeSquaresOfAKnownPosition() {
        // Sente's king on 5i: gote has a pawn on 6g only, so it could drop on files 4 and 5 and holds two pawns;
        // gote's rook on 4c stands on a file without a gote pawn, gote's lance on 6a on one with. Gote's king on 5a:
        // sente's only pawn is on 5g, sente holds one pawn, and sente's lance on 4i is on a file free of sente pawns.
        Map<String, Integer> f = features(Position.of(Sfen.parse("3lk4/9/5r3/9/9/9/3pP4/9/4KL3 b P2p 1")));
        assertThat(f).containsEntry("file.drop.2.2", 1).containsEntry("file.rook.1", 1).containsEntry("file.lance.0", 1)
                .containsEntry("file.drop.2.1", -1).containsEntry("file.rook.0", -1).containsEntry("file.lance.1", -1);
        // the rook attacks 4h and 4i, the pawn 6h: sente's king can step to 5h and 6i only, and gote's two pawns in
        // hand count against those two escape squares; gote's king has four free neighbours (6a holds its lance)
        assertThat(f).containsEntry("ks.escape.2", 1).containsEntry("ks.handesc.pawn.2", -2)
                .containsEntry("ks.escape.4", -1).containsEntry("ks.handesc.pawn.4", 1);
    }

    @Test
    void everyFeatureHasItsOwnNameAndTheShippedWeightsLoad() {
        Set<String> names = new HashSet<>();
        // the placeholders of role code 0 and of the king's material and hand slots share names; all others differ
        for (int i = Features.OWN; i < Features.COUNT; i++) {
            assertThat(names.add(Features.name(i))).as("name of %d: %s", i, Features.name(i)).isTrue();
        }
        Weights tuned = Weights.tuned();
        assertThat(tuned.get(Features.BOARD + 6)).isGreaterThan(tuned.get(Features.BOARD + 1));
    }
}
