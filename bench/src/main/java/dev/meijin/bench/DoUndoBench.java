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
 * {@link Position#doMove} followed by {@link Position#undoMove} for every legal move of the ten positions of
 * {@link BenchPositions#MOVEGEN_SET} (1 655 moves, generated once in the setup). One operation is one
 * do/undo pair; {@code doMove} includes the update of the checkers, which is most of its cost.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
public class DoUndoBench {
    /** Legal moves ({@link GenType#LEGAL_ALL}) in the set; checked by the setup. */
    static final int MOVES = 1655;

    /** The positions and, for each, its legal moves. */
    @State(Scope.Thread)
    public static class Moves {
        Position[] positions;
        int[][] moves;

        @Setup(Level.Trial)
        public void setup() {
            positions = BenchPositions.load(BenchPositions.MOVEGEN_SET);
            moves = new int[positions.length][];
            int total = 0;
            for (int i = 0; i < positions.length; i++) {
                moves[i] = positions[i].legalMoves();
                total += moves[i].length;
            }
            if (total != MOVES) {
                throw new IllegalStateException("the set has " + total + " legal moves, not " + MOVES);
            }
        }
    }

    /** Returns the xor of the keys reached, so that no move can be skipped. */
    @Benchmark
    @OperationsPerInvocation(MOVES)
    public long doUndo(Moves s) {
        Position[] ps = s.positions;
        int[][] moves = s.moves;
        long acc = 0;
        for (int i = 0; i < ps.length; i++) {
            Position p = ps[i];
            for (int m : moves[i]) {
                p.doMove(m);
                acc ^= p.key();
                p.undoMove();
            }
        }
        return acc;
    }
}
