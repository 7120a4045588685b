package dev.meijin.bench;

import dev.meijin.core.position.Position;
import dev.meijin.notation.Formats;
import dev.meijin.notation.kifu.Kifu;
import dev.meijin.notation.kifu.ReadResult;
import dev.meijin.notation.kifu.RecordValidator;
import dev.meijin.notation.kifu.Validation;
import dev.meijin.notation.move.MoveStyle;
import dev.meijin.testdata.TestData;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.AuxCounters;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.Blackhole;

/**
 * Game records: reading and replaying whole files, and writing single moves in Japanese notation.
 *
 * <p>{@code read} and {@code readAndReplay} take one format's set of three real games from the test corpus
 * ({@link #SETS}: professional and computer games, one handicap game, Shift_JIS and UTF-8) as the bytes of the
 * files, and read them through {@link Formats#read(byte[], Optional)}: decoding, format detection, parsing, and
 * the legality check of every move. {@code readAndReplay} then replays each main line under the rules with
 * {@link RecordValidator#validate(Kifu)}, which also judges the ending. One operation is one pass over the set;
 * the secondary result {@code moves} is the throughput in moves per second.
 *
 * <p>{@code ki2Format} writes every move of the nine games ({@value #PLIES} moves) in KI2 notation
 * ({@link MoveStyle#KI2}, {@code ▲７六歩}), which works out from the legal moves of the position the
 * disambiguation a move needs (右, 左, 直, 上, 引, 寄, 打). {@link MoveStyle#format} generates the legal moves
 * for every style, to check the move, so {@code usiFormat} ({@code 7g7f}) is that shared cost alone and the
 * difference is the price of the disambiguation; {@code kifFormat} ({@code ７六歩(77)}) needs only 打, 成 and
 * 不成. One operation is one move; the positions before each move are prepared in the setup.
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
public class NotationBench {

    /** The games of each format, as paths in the test corpus, and their moves in total (checked by the setup). */
    static final Map<String, List<String>> SETS = Map.of(
            "kif", List.of(
                    "kif/python-shogi/habu-fujii-2006.kif",          // 181 moves, Shift_JIS
                    "kif/json-kifu-format/ryuou201409020101.kif",    // 117 moves, Shift_JIS
                    "kif/json-kifu-format/oui201407080101.kif"),     // 116 moves, Shift_JIS
            "ki2", List.of(
                    "ki2/json-kifu-format/denou3-1.ki2",             // 98 moves, Shift_JIS
                    "ki2/mog-core-scala/001.ki2",                    // 111 moves, UTF-8
                    "ki2/shogi-kifu-converter/4.ki2"),               // 102 moves, 四枚落ち, Shift_JIS
            "csa", List.of(
                    "csa/wcsc28-apery/utf8_WCSC28_U1_HNW_MCB.csa",   // 238 moves, UTF-8 with BOM
                    "csa/wcsc28-apery/utf8_WCSC28_U1_NZM_TKT.csa",   // 186 moves
                    "csa/sunfish4/pro10/kifu09136.csa"));            // 102 moves, CSA V2.1

    /** Moves per set. */
    static final Map<String, Integer> SET_MOVES = Map.of("kif", 414, "ki2", 311, "csa", 526);

    /** Moves of all nine games together. */
    static final int PLIES = 414 + 311 + 526;

    /** One format's files. */
    @State(Scope.Benchmark)
    public static class Files {
        @Param({"kif", "ki2", "csa"})
        public String format;

        byte[][] bytes;
        List<Optional<String>> names;

        @Setup(Level.Trial)
        public void setup() {
            List<String> paths = SETS.get(format);
            bytes = new byte[paths.size()][];
            names = new ArrayList<>();
            int moves = 0;
            for (int i = 0; i < paths.size(); i++) {
                String p = paths.get(i);
                bytes[i] = TestData.bytes(p);
                names.add(Optional.of(p.substring(p.lastIndexOf('/') + 1)));
                ReadResult r = Formats.read(bytes[i], names.get(i));
                if (!r.ok()) {
                    throw new IllegalStateException(p + " does not read cleanly: " + r.problems());
                }
                moves += r.kifu().mainLine().size();
            }
            if (moves != SET_MOVES.get(format)) {
                throw new IllegalStateException("the " + format + " set has " + moves + " moves, not " + SET_MOVES.get(format));
            }
        }
    }

    /** The moves read or replayed, reported by JMH as a rate: moves per second. */
    @State(Scope.Thread)
    @AuxCounters(AuxCounters.Type.OPERATIONS)
    public static class Counters {
        public long moves;

        @Setup(Level.Iteration)
        public void reset() {
            moves = 0;
        }
    }

    /** Every move of the nine games, with the position before it. */
    @State(Scope.Thread)
    public static class Plies {
        Position[] before;
        int[] moves;

        @Setup(Level.Trial)
        public void setup() {
            List<Position> positions = new ArrayList<>();
            List<Integer> ms = new ArrayList<>();
            for (List<String> set : SETS.values()) {
                for (String p : set) {
                    Kifu k = Formats.read(TestData.bytes(p), Optional.of(p)).kifu();
                    Position pos = k.startPosition().orElseThrow();
                    for (int m : k.mainLine()) {
                        positions.add(pos.copy());
                        ms.add(m);
                        pos.doMove(m);
                    }
                }
            }
            if (ms.size() != PLIES) {
                throw new IllegalStateException("the games have " + ms.size() + " moves, not " + PLIES);
            }
            before = positions.toArray(Position[]::new);
            moves = ms.stream().mapToInt(Integer::intValue).toArray();
        }
    }

    /** Reads the set; returns the moves read. */
    @Benchmark
    public int read(Files f, Counters c) {
        int moves = 0;
        for (int i = 0; i < f.bytes.length; i++) {
            moves += Formats.read(f.bytes[i], f.names.get(i)).kifu().mainLine().size();
        }
        c.moves += moves;
        return moves;
    }

    /** Reads the set and replays each game under the rules; returns the moves replayed. */
    @Benchmark
    public int readAndReplay(Files f, Counters c) {
        int moves = 0;
        for (int i = 0; i < f.bytes.length; i++) {
            Validation v = RecordValidator.validate(Formats.read(f.bytes[i], f.names.get(i)).kifu());
            moves += v.moves();
        }
        c.moves += moves;
        return moves;
    }

    @Benchmark
    @BenchmarkMode(Mode.AverageTime)
    @OutputTimeUnit(TimeUnit.NANOSECONDS)
    @OperationsPerInvocation(PLIES)
    public void ki2Format(Plies p, Blackhole bh) {
        format(MoveStyle.KI2, p, bh);
    }

    @Benchmark
    @BenchmarkMode(Mode.AverageTime)
    @OutputTimeUnit(TimeUnit.NANOSECONDS)
    @OperationsPerInvocation(PLIES)
    public void kifFormat(Plies p, Blackhole bh) {
        format(MoveStyle.JAPANESE_KIF, p, bh);
    }

    @Benchmark
    @BenchmarkMode(Mode.AverageTime)
    @OutputTimeUnit(TimeUnit.NANOSECONDS)
    @OperationsPerInvocation(PLIES)
    public void usiFormat(Plies p, Blackhole bh) {
        format(MoveStyle.USI, p, bh);
    }

    private static void format(MoveStyle style, Plies p, Blackhole bh) {
        Position[] before = p.before;
        int[] moves = p.moves;
        for (int i = 0; i < moves.length; i++) {
            bh.consume(style.format(before[i], moves[i]));
        }
    }
}
