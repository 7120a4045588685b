package dev.meijin.bench;

import dev.meijin.core.position.GenType;
import dev.meijin.core.position.Position;
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
 * Legal move generation ({@link GenType#LEGAL_ALL}) on the ten positions of
 * {@link BenchPositions#MOVEGEN_SET}, 1 655 moves in all. One operation is one generation, so the score is
 * the mean time of one call of {@link Position#generate} over the set; the positions differ a lot (from 6
 * to 593 moves), so this is a mix, not a per-move figure.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
public class MoveGenBench {
    static final int POSITIONS = 10;

    /** The positions and one preallocated move buffer. */
    @State(Scope.Thread)
    public static class Positions {
        Position[] positions;
        int[] buf;
        /** Moves in the whole set, for converting the score to moves per second. */
        int totalMoves;

        @Setup(Level.Trial)
        public void setup() {
            positions = BenchPositions.load(BenchPositions.MOVEGEN_SET);
            if (positions.length != POSITIONS) {
                throw new IllegalStateException("the set has " + positions.length + " positions, not " + POSITIONS);
            }
            buf = new int[Position.MAX_MOVES];
            for (Position p : positions) {
                totalMoves += p.generate(GenType.LEGAL_ALL, buf, 0);
            }
        }
    }

    @Benchmark
    @OperationsPerInvocation(POSITIONS)
    public int legalAll(Positions s) {
        Position[] ps = s.positions;
        int[] buf = s.buf;
        int total = 0;
        for (Position p : ps) {
            total += p.generate(GenType.LEGAL_ALL, buf, 0);
        }
        return total;
    }
}
