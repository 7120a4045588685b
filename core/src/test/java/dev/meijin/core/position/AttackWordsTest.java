package dev.meijin.core.position;

import static org.assertj.core.api.Assertions.assertThat;

import dev.meijin.core.Bitboard;
import dev.meijin.core.Color;
import dev.meijin.core.Fixtures;
import dev.meijin.core.sfen.Sfen;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The attack queries that return long words agree with the position's {@link Bitboard} queries, which are
 * computed by the move generator's own kernels, on the perft positions and seeded playouts; the discovered
 * checkers are exactly the pieces whose removal from the occupancy passed to {@code attackersTo} adds an
 * attacker of the enemy king.
 */
class AttackWordsTest {

    @Test
    void agreeWithTheBitboardQueries() {
        List<String> sfens = new ArrayList<>();
        for (String sfen : Fixtures.perftSfens()) {
            sfens.addAll(Fixtures.playoutSfens(sfen, sfen.hashCode(), 30));
        }
        for (long seed = 0; seed < 10; seed++) {
            sfens.addAll(Fixtures.playoutSfens(Sfen.STARTPOS, seed, 150));
        }
        sfens.removeIf(s -> !CheckGeneratorTest.loadable(s));
        long[] out = new long[2], more = new long[2];
        int discovered = 0;
        for (String sfen : sfens) {
            Position pos = Fixtures.load(sfen);
            long oLo = pos.occupiedLo(), oHi = pos.occupiedHi();
            assertThat(new Bitboard(oLo, oHi)).isEqualTo(pos.occupied());
            for (int c = 0; c < 2; c++) {
                Color color = Color.of(c);
                assertThat(new Bitboard(pos.piecesLo(c), pos.piecesHi(c))).isEqualTo(pos.pieces(color));
                pos.pinned(c, out);
                assertThat(new Bitboard(out[0], out[1])).as("pinned %s in %s", color, sfen).isEqualTo(pos.pinned(color));
                for (int sq = 0; sq < 81; sq++) {
                    pos.attackersTo(c, sq, oLo, oHi, out);
                    assertThat(new Bitboard(out[0], out[1])).as("attackers of %d by %s in %s", sq, color, sfen)
                            .isEqualTo(pos.attackers(color, sq));
                    int pc = pos.pieceAt(sq);
                    if (pc != 0) {
                        pos.attacksFrom(pc, sq, oLo, oHi, out);
                        assertThat(new Bitboard(out[0], out[1])).as("attacks from %d in %s", sq, sfen).isEqualTo(pos.attacksFrom(pc, sq));
                    }
                }
                int ek = pos.kingSquare(c ^ 1);
                pos.discoveredCheckers(c, out);
                long dLo = out[0], dHi = out[1];
                for (int sq = 0; sq < 81; sq++) {
                    int pc = pos.pieceAt(sq);
                    boolean expected = false;
                    if (pc != 0 && ek != Position.NO_SQUARE && (pc >>> 4) == c) {
                        pos.attackersTo(c, ek, oLo, oHi, out);
                        long lo = sq < 63 ? oLo & ~(1L << sq) : oLo, hi = sq < 63 ? oHi : oHi & ~(1L << (sq - 63));
                        pos.attackersTo(c, ek, lo, hi, more);
                        long newLo = more[0] & ~out[0] & ~bit(sq)[0], newHi = more[1] & ~out[1] & ~bit(sq)[1];
                        expected = (newLo | newHi) != 0;
                    }
                    boolean actual = sq < 63 ? (dLo >>> sq & 1) != 0 : (dHi >>> (sq - 63) & 1) != 0;
                    assertThat(actual).as("discovered checker on %d for %s in %s", sq, color, sfen).isEqualTo(expected);
                    discovered += actual ? 1 : 0;
                }
            }
        }
        // Fixed positions (seeded playouts, which pick from the generator's move order); the count is the
        // removal test's above.
        assertThat(discovered).as("discovered checkers met").isEqualTo(411);
    }

    private static long[] bit(int sq) {
        return sq < 63 ? new long[] {1L << sq, 0} : new long[] {0, 1L << (sq - 63)};
    }
}
