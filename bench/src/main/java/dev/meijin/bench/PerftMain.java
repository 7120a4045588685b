package dev.meijin.bench;

import dev.meijin.core.movegen.Perft;
import dev.meijin.core.position.Position;
import dev.meijin.core.sfen.Sfen;
import dev.meijin.core.text.AsciiNumbers;
import java.lang.management.ManagementFactory;
import java.util.Arrays;
import java.util.Locale;

/**
 * Times perft end to end on one thread, outside JMH, the way {@code meijin perft} runs it: bulk counting
 * ({@link Perft#count}) and playing every move ({@link Perft#countFull}).
 *
 * <pre>{@code
 * java -cp bench/target/benchmarks.jar dev.meijin.bench.PerftMain [--depth N] [--runs N]
 *     [--method bulk|full|both] [startpos | SFEN]
 * }</pre>
 *
 * <p>Defaults: depth 6, one run, both methods, the start position. Each run builds a new {@link Perft} and
 * times only the counting. With several runs it also prints the best and the median time. For the start
 * position the leaf count is checked against the published values. Each line also gives the bytes the
 * counting thread allocated while counting, where the JVM can tell (style rule C9: perft allocates
 * nothing). The first run of a JVM shows some kilobytes: the JVM loading and linking classes on the
 * first execution of each code path, not the counting itself; later runs show 0.
 */
public final class PerftMain {
    /** Leaves of the start position by depth. */
    private static final long[] STARTPOS_LEAVES = {1L, 30L, 900L, 25_470L, 719_731L, 19_861_490L, 547_581_517L};

    private PerftMain() {}

    /**
     * Runs perft as the arguments say and prints one line per run.
     *
     * @throws IllegalArgumentException on unknown options or a bad number
     */
    public static void main(String[] args) {
        int depth = 6;
        int runs = 1;
        String method = "both";
        StringBuilder sfen = new StringBuilder();
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--depth" -> depth = AsciiNumbers.parseInt(value(args, ++i, "--depth"));
                case "--runs" -> runs = AsciiNumbers.parseInt(value(args, ++i, "--runs"));
                case "--method" -> method = value(args, ++i, "--method");
                case "-h", "--help" -> {
                    System.out.println("usage: PerftMain [--depth N] [--runs N] [--method bulk|full|both] [startpos | SFEN]");
                    return;
                }
                default -> {
                    if (args[i].startsWith("--")) {
                        throw new IllegalArgumentException("unknown option " + args[i]);
                    }
                    if (!sfen.isEmpty()) {
                        sfen.append(' ');
                    }
                    sfen.append(args[i]);
                }
            }
        }
        if (depth < 1 || runs < 1) {
            throw new IllegalArgumentException("depth and runs must be at least 1");
        }
        if (!method.equals("bulk") && !method.equals("full") && !method.equals("both")) {
            throw new IllegalArgumentException("--method must be bulk, full or both, not " + method);
        }
        String text = sfen.isEmpty() ? "startpos" : sfen.toString();
        Position pos = Sfen.position(text);
        boolean startpos = Sfen.format(pos).equals(Sfen.STARTPOS);
        long expected = startpos && depth < STARTPOS_LEAVES.length ? STARTPOS_LEAVES[depth] : -1;

        System.out.printf(Locale.ROOT, "position %s%n", Sfen.format(pos));
        System.out.printf(Locale.ROOT, "java %s (%s), %d processors, max heap %d MiB%n",
                System.getProperty("java.version"), System.getProperty("java.vm.name"),
                Runtime.getRuntime().availableProcessors(), Runtime.getRuntime().maxMemory() >> 20);
        if (!method.equals("full")) {
            time(pos, depth, runs, false, expected);
        }
        if (!method.equals("bulk")) {
            time(pos, depth, runs, true, expected);
        }
    }

    /** Fetched once: looking the bean up allocates, and would be counted against perft. */
    private static final java.lang.management.ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

    /** Bytes allocated so far by the current thread, or -1 where the JVM does not say. */
    private static long allocatedBytes() {
        if (THREADS instanceof com.sun.management.ThreadMXBean bean
                && bean.isThreadAllocatedMemorySupported()
                && bean.isThreadAllocatedMemoryEnabled()) {
            return bean.getCurrentThreadAllocatedBytes();
        }
        return -1;
    }

    private static String value(String[] args, int i, String option) {
        if (i >= args.length) {
            throw new IllegalArgumentException(option + " needs a value");
        }
        return args[i];
    }

    private static void time(Position pos, int depth, int runs, boolean full, long expected) {
        String name = full ? "full" : "bulk";
        double[] seconds = new double[runs];
        long nodes = 0;
        for (int r = 0; r < runs; r++) {
            Perft perft = new Perft(depth);
            long a0 = allocatedBytes();
            long t0 = System.nanoTime();
            nodes = full ? perft.countFull(pos, depth) : perft.count(pos, depth);
            long t1 = System.nanoTime();
            long a1 = allocatedBytes();
            seconds[r] = (t1 - t0) / 1e9;
            String check = expected < 0 ? "" : nodes == expected ? "  ok" : "  WRONG, expected " + expected;
            String alloc = a0 < 0 || a1 < 0 ? "" : ", " + (a1 - a0) + " B allocated";
            System.out.printf(Locale.ROOT, "%s depth %d run %d: %d leaves in %.3f s, %.2f M leaves/s%s%s%n",
                    name, depth, r + 1, nodes, seconds[r], nodes / seconds[r] / 1e6, alloc, check);
        }
        if (runs > 1) {
            double[] sorted = seconds.clone();
            Arrays.sort(sorted);
            double best = sorted[0];
            double median = runs % 2 == 1 ? sorted[runs / 2] : (sorted[runs / 2 - 1] + sorted[runs / 2]) / 2;
            System.out.printf(Locale.ROOT, "%s depth %d over %d runs: best %.3f s (%.2f M leaves/s), median %.3f s (%.2f M leaves/s)%n",
                    name, depth, runs, best, nodes / best / 1e6, median, nodes / median / 1e6);
        }
    }
}
