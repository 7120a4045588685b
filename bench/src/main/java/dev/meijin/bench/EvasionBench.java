package dev.meijin.bench;

import dev.meijin.core.position.GenType;
import dev.meijin.core.position.Position;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
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
 * Evasion generation ({@link GenType#EVASIONS_ALL}) on {@value #POSITIONS} positions in check, met along random
 * games from the start position that give check whenever one of eight random moves does (a fixed seed, so the
 * same positions on every run and build). One operation is one generation: the score is its mean time.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
public class EvasionBench {
    static final int POSITIONS = 4096;

    /** The positions in check and one preallocated move buffer. */
    @State(Scope.Thread)
    public static class Checks {
        Position[] positions;
        int[] buf;

        @Setup(Level.Trial)
        public void setup() {
            positions = positionsInCheck(POSITIONS, 7);
            buf = new int[Position.MAX_MOVES];
        }
    }

    /** The first {@code count} positions in check along random games that seek checks, from {@code seed}. */
    static Position[] positionsInCheck(int count, long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        int[] buf = new int[Position.MAX_MOVES];
        List<Position> out = new ArrayList<>(count);
        while (out.size() < count) {
            Position p = Position.startpos();
            for (int ply = 0; ply < 200 && out.size() < count; ply++) {
                int n = p.generate(GenType.LEGAL_ALL, buf, 0);
                if (n == 0) {
                    break;
                }
                int move = buf[random.nextInt(n)];
                for (int t = 0; t < 8; t++) {
                    int other = buf[random.nextInt(n)];
                    if (p.givesCheck(other)) {
                        move = other;
                        break;
                    }
                }
                p.doMove(move);
                if (p.inCheck()) {
                    out.add(p.copy());
                }
            }
        }
        return out.toArray(new Position[0]);
    }

    @Benchmark
    @OperationsPerInvocation(POSITIONS)
    public int evasionsAll(Checks s) {
        int[] buf = s.buf;
        int total = 0;
        for (Position p : s.positions) {
            total += p.generate(GenType.EVASIONS_ALL, buf, 0);
        }
        return total;
    }
}
