package dev.meijin.bench;

import dev.meijin.core.Move;
import dev.meijin.core.position.Position;
import dev.meijin.core.sfen.Sfen;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * What the engine and the mate solver call at every node, on fifteen positions: the ten of
 * {@link BenchPositions#MOVEGEN_SET} and five mate-in-one problems ({@link #MATE_IN_ONE}). One operation is one
 * call on one position, averaged over the set. Each dedicated routine is paired with the way it would be
 * done without it, as a baseline: the check generator ({@code checks}) with filtering the legal moves by
 * {@code givesCheck} ({@code checksByFilter}), and the one-ply mate test ({@code mate1Ply}) with playing
 * every legal move and asking whether it mates ({@code mate1PlyByGeneration}).
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
public class SearchSupportBench {
    static final int POSITIONS = 15;

    /** Five mate-in-one problems from the test data ({@code tsume/tanuki_generated.tsv}), attacker without a king. */
    static final String[] MATE_IN_ONE = {
        "9/7Sk/1+R7/9/9/9/9/9/9 b r2b4g3s4n4l18p 1",
        "9/8k/7P1/7+R1/9/9/9/9/9 b r2b4g4s4n4l17p 1",
        "6gk1/9/7G1/8L/9/9/9/9/9 b 2r2b2g4s4n3l17p 1",
        "9/7kS/9/6L2/9/9/9/9/9 b G2r2b3g3s4n3l18p 1",
        "6Ss1/5Sk2/5s3/9/9/9/9/9/9 b B2rb4g4n4l18p 1",
    };

    /** The positions and one preallocated move buffer. */
    @State(Scope.Thread)
    public static class Positions {
        Position[] positions;
        int[] buf;

        @Setup(Level.Trial)
        public void setup() {
            positions = new Position[POSITIONS];
            Position[] set = BenchPositions.load(BenchPositions.MOVEGEN_SET);
            System.arraycopy(set, 0, positions, 0, set.length);
            for (int i = 0; i < MATE_IN_ONE.length; i++) {
                positions[set.length + i] = Sfen.tsume(MATE_IN_ONE[i]);
            }
            buf = new int[Position.MAX_MOVES];
            int mates = 0;
            for (Position p : positions) {
                if (p.mate1Ply() != Move.NONE) {
                    mates++;
                }
            }
            if (mates != MATE_IN_ONE.length) {
                throw new IllegalStateException(mates + " positions with a mate in one, expected " + MATE_IN_ONE.length);
            }
        }
    }

    @Benchmark
    @OperationsPerInvocation(POSITIONS)
    public int checks(Positions s) {
        int total = 0;
        for (Position p : s.positions) {
            total += p.generateChecks(false, s.buf, 0);
        }
        return total;
    }

    @Benchmark
    @OperationsPerInvocation(POSITIONS)
    public int checksByFilter(Positions s) {
        int total = 0;
        int[] buf = s.buf;
        for (Position p : s.positions) {
            int n = p.generate(Position.LEGAL, buf, 0);
            for (int i = 0; i < n; i++) {
                if (p.givesCheck(buf[i])) {
                    total++;
                }
            }
        }
        return total;
    }

    @Benchmark
    @OperationsPerInvocation(POSITIONS)
    public int mate1Ply(Positions s) {
        int found = 0;
        for (Position p : s.positions) {
            found += p.mate1Ply();
        }
        return found;
    }

    @Benchmark
    @OperationsPerInvocation(POSITIONS)
    public int mate1PlyByGeneration(Positions s) {
        int found = 0;
        int[] buf = s.buf;
        for (Position p : s.positions) {
            int n = p.generate(Position.LEGAL, buf, 0);
            for (int i = 0; i < n; i++) {
                p.doMove(buf[i]);
                boolean mate = p.isCheckmate();
                p.undoMove();
                if (mate) {
                    found += buf[i];
                    break;
                }
            }
        }
        return found;
    }
}
