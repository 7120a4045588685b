package dev.meijin.core.position;

import static org.assertj.core.api.Assertions.assertThat;

import dev.meijin.core.Fixtures;
import dev.meijin.core.Move;
import dev.meijin.core.sfen.Sfen;
import dev.meijin.core.usi.Usi;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@link Position#seeGe(int, int, int[])}: exchanges worked out by hand (a free pawn, an even trade, x-rays
 * behind the mover and behind a recapturer, a king that may not recapture), and agreement with a plain
 * reference that recomputes every attacker of the square after each capture, for every legal move and many
 * thresholds of the perft positions and seeded playouts.
 */
class StaticExchangeTest {
    /** Piece values by role code: pawn 90 … dragon 950, the king far above the rest. */
    private static final int[] VALUES = {0, 90, 230, 260, 370, 560, 640, 440, 15000, 530, 490, 510, 495, 830, 950, 0};

    private static boolean see(String sfen, String usi, int threshold) {
        Position pos = Fixtures.load(sfen);
        return pos.seeGe(Usi.parseMove(pos, usi), threshold, VALUES);
    }

    @Test
    void anUndefendedPawnIsWonWhole() {
        String sfen = "4k4/9/9/4p4/4P4/9/9/9/4K4 b - 1";
        assertThat(see(sfen, "5e5d", 90)).isTrue();
        assertThat(see(sfen, "5e5d", 91)).isFalse();
    }

    @Test
    void aPawnDefendedByAGoldIsAnEvenTrade() {
        String sfen = "4k4/9/4g4/4p4/4P4/9/9/9/4K4 b - 1";
        assertThat(see(sfen, "5e5d", 0)).isTrue();
        assertThat(see(sfen, "5e5d", 1)).isFalse();
    }

    @Test
    void aRookBehindTheMoverKeepsTheDefenderFromRecapturing() {
        // After 5e5d the rook on 5f sees 5d through the vacated 5e: the gold would be lost for the pawn.
        String sfen = "4k4/9/4g4/4p4/4P4/4R4/9/9/4K4 b - 1";
        assertThat(see(sfen, "5e5d", 90)).isTrue();
        assertThat(see(sfen, "5e5d", 91)).isFalse();
    }

    @Test
    void aRookBehindTheRecapturingGoldJoinsIn() {
        // Gote's rook on 5b backs the gold on 5c: taking the gold with the rook would lose the rook, so the
        // pawn trade is even again.
        String sfen = "4k4/4r4/4g4/4p4/4P4/4R4/9/9/4K4 b - 1";
        assertThat(see(sfen, "5e5d", 0)).isTrue();
        assertThat(see(sfen, "5e5d", 1)).isFalse();
    }

    @Test
    void aKingRecapturesOnlyAnUndefendedPiece() {
        // The gold on 5d takes the pawn on 5c next to gote's king on 4b; the king may not take back while the
        // lance on 5i still guards the square, so the pawn is won.
        assertThat(see("9/5k3/4p4/4G4/9/9/9/9/4L3K b - 1", "5d5c", 90)).isTrue();
        // Without the lance the king recaptures and the gold is lost for a pawn.
        assertThat(see("9/5k3/4p4/4G4/9/9/9/9/8K b - 1", "5d5c", 0)).isFalse();
        assertThat(see("9/5k3/4p4/4G4/9/9/9/9/8K b - 1", "5d5c", -350)).isTrue();
    }

    @Test
    void agreesWithAReferenceThatRecomputesTheAttackers() {
        List<String> sfens = new ArrayList<>();
        for (String sfen : Fixtures.perftSfens()) {
            sfens.addAll(Fixtures.playoutSfens(sfen, sfen.hashCode(), 40));
        }
        for (long seed = 0; seed < 10; seed++) {
            sfens.addAll(Fixtures.playoutSfens(Sfen.STARTPOS, seed, 120));
        }
        sfens.removeIf(s -> !CheckGeneratorTest.loadable(s));
        int[] thresholds = {-700, -300, -90, -1, 0, 1, 90, 300, 700};
        int exchanges = 0;
        for (String sfen : sfens) {
            Position pos = Fixtures.load(sfen);
            for (int m : pos.legalMoves()) {
                for (int t : thresholds) {
                    assertThat(pos.seeGe(m, t, VALUES)).as("%s in %s, threshold %d", Move.usi(m), sfen, t)
                            .isEqualTo(reference(pos, m, t));
                }
                exchanges++;
            }
        }
        // Every legal move of fixed positions (seeded playouts, which pick from the generator's move order).
        assertThat(exchanges).as("moves compared").isEqualTo(1_142_986);
    }

    /** The exchange with every attacker recomputed from the occupancy after each capture. */
    private static boolean reference(Position pos, int m, int threshold) {
        int to = Move.to(m);
        int gain = VALUES[pos.pieceAt(to) & 15];
        int moved = Move.pieceAfter(m) & 15;
        if (Move.isPromotion(m)) {
            gain += VALUES[moved] - VALUES[moved - 8];
        }
        long occLo = pos.occupiedLo(), occHi = pos.occupiedHi();
        if (!Move.isDrop(m)) {
            int from = Move.from(m);
            if (from < 63) {
                occLo &= ~(1L << from);
            } else {
                occHi &= ~(1L << (from - 63));
            }
        }
        long[] a = new long[2];
        int[] g = new int[40];
        g[0] = gain;
        int onSquare = VALUES[moved];
        int side = pos.sideToMove() ^ 1;
        int d = 0;
        while (d < g.length - 1) {
            pos.attackersTo(side, to, occLo, occHi, a);
            long lo = a[0] & occLo, hi = a[1] & occHi;
            if ((lo | hi) == 0) {
                break;
            }
            int bestSq = -1, bestVal = Integer.MAX_VALUE;
            for (int sq = 0; sq < 81; sq++) {
                boolean in = sq < 63 ? (lo >>> sq & 1) != 0 : (hi >>> (sq - 63) & 1) != 0;
                if (in && VALUES[pos.pieceAt(sq) & 15] < bestVal) {
                    bestVal = VALUES[pos.pieceAt(sq) & 15];
                    bestSq = sq;
                }
            }
            if (bestSq < 63) {
                occLo &= ~(1L << bestSq);
            } else {
                occHi &= ~(1L << (bestSq - 63));
            }
            if (bestVal >= 15000) {
                pos.attackersTo(side ^ 1, to, occLo, occHi, a);
                if (((a[0] & occLo) | (a[1] & occHi)) != 0) {
                    break;
                }
            }
            d++;
            g[d] = onSquare - g[d - 1];
            onSquare = bestVal;
            side ^= 1;
        }
        while (d > 0) {
            g[d - 1] = -Math.max(-g[d - 1], g[d]);
            d--;
        }
        return g[0] >= threshold;
    }
}
