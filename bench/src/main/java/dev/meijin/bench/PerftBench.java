package dev.meijin.bench;

import dev.meijin.core.movegen.Perft;
import dev.meijin.core.position.Position;
import dev.meijin.core.sfen.Sfen;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Perft from the start position to depth 4 (719 731 leaves) and from three middlegames to depth 3, by bulk
 * counting ({@link Perft#count}: the last ply is counted from the generated list) and by playing every move
 * ({@link Perft#countFull}). One operation is one whole perft; divide the leaf count by the score for
 * leaves per second. The setup checks the leaf counts, so a wrong generator cannot post a fast figure.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 5, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
public class PerftBench {

    /** The start position and its counter, reused by every invocation. */
    @State(Scope.Thread)
    public static class Start {
        Position pos;
        Perft perft;

        @Setup(Level.Trial)
        public void setup() {
            pos = Sfen.position(BenchPositions.STARTPOS);
            perft = new Perft(4);
            check(perft.count(pos, 4), 719_731L, "startpos bulk");
            check(perft.countFull(pos, 4), 719_731L, "startpos full");
        }
    }

    /** A middlegame chosen by name, with its depth-3 leaf count. */
    @State(Scope.Thread)
    public static class Middlegame {
        /** {@code MAX_593}: 53 393 368 leaves; {@code MID_227}: 9 345 408; {@code MID_240}: 7 032 965. */
        @Param({"MAX_593", "MID_227", "MID_240"})
        public String position;

        Position pos;
        Perft perft;

        @Setup(Level.Trial)
        public void setup() {
            String sfen;
            long expected;
            switch (position) {
                case "MAX_593" -> {
                    sfen = BenchPositions.MAX_593;
                    expected = 53_393_368L;
                }
                case "MID_227" -> {
                    sfen = BenchPositions.MID_227;
                    expected = 9_345_408L;
                }
                case "MID_240" -> {
                    sfen = BenchPositions.MID_240;
                    expected = 7_032_965L;
                }
                default -> throw new IllegalArgumentException("unknown position " + position);
            }
            pos = Sfen.position(sfen);
            perft = new Perft(3);
            check(perft.count(pos, 3), expected, position + " bulk");
            check(perft.countFull(pos, 3), expected, position + " full");
        }
    }

    private static void check(long got, long expected, String what) {
        if (got != expected) {
            throw new IllegalStateException(what + ": perft gave " + got + " leaves, expected " + expected);
        }
    }

    @Benchmark
    public long startposDepth4Bulk(Start s) {
        return s.perft.count(s.pos, 4);
    }

    @Benchmark
    public long startposDepth4Full(Start s) {
        return s.perft.countFull(s.pos, 4);
    }

    @Benchmark
    public long middlegameDepth3Bulk(Middlegame s) {
        return s.perft.count(s.pos, 3);
    }

    @Benchmark
    public long middlegameDepth3Full(Middlegame s) {
        return s.perft.countFull(s.pos, 3);
    }
}
