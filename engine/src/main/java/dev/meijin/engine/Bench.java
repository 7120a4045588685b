package dev.meijin.engine;

import dev.meijin.core.position.Setups;
import java.util.Arrays;
import java.util.List;
import java.util.function.Consumer;

/**
 * The bench: a fixed list of positions searched to a fixed depth with one thread, a fixed hash size and a
 * new game ({@link Engine#newGame}) before each position. The total node count is the search's signature: it
 * changes only when the search or the evaluation changes, and is the same on every machine and run.
 */
public final class Bench {
    private Bench() {}

    /** The default bench depth. */
    public static final int DEFAULT_DEPTH = 9;
    /** The hash size of the bench, MiB. */
    public static final int HASH_MB = 16;

    /** The bench positions: the start position and positions of real games, as USI moves from the start. */
    static final List<String> POSITIONS = List.of(
            "",
            "3g3f 8c8d 3f3e 8d8e 6i7h 8e8f 8g8f 8b8f P*8g 8f8e 2h3h 4a3b 7g7f P*8f 8g8f 8e8f 3h3f 7a6b 3i3h 6a7b 9g9f 3a4b 5i5h 5a5b",
            "3g3f 8c8d 3f3e 8d8e 6i7h 8e8f 8g8f 8b8f P*8g 8f8e 2h3h 4a3b 7g7f P*8f 8g8f 8e8f 3h3f 7a6b 3i3h 6a7b 9g9f 3a4b 5i5h 5a5b 1g1f 1c1d 2i3g 8f8d P*8g 2b1c 3e3d 1c2b 3d3c+ 4b3c 3g4e 3c4b 3f3b+ 2b8h+ 7i8h B*2h B*4a 5b6a G*5b 6a7a 5b6b 7b6b 3b4b G*6a",
            "2g2f 3c3d 7g7f 8c8d 8h2b+ 3a2b 7i8h 8d8e 6i6h 8e8f 6h7g 8f8g+ 8h8g B*5e 7g7h 5e3g+ 5i5h 3g5e 1g1f 5e9i P*8h 9i8i B*7g L*7d",
            "2g2f 3c3d 7g7f 8c8d 8h2b+ 3a2b 7i8h 8d8e 6i6h 8e8f 6h7g 8f8g+ 8h8g B*5e 7g7h 5e3g+ 5i5h 3g5e 1g1f 5e9i P*8h 9i8i B*7g L*7d 6g6f P*8f 8g8f 7d7f 5h6g 7f7g+ 6g7g 6c6d L*6g 8b8d 8h8g B*5e 2h1h 8i9i 7g7f 8d7d 7f8e P*8d 8e9f 9c9d 7h8h 9d9e 8f9e 7d7f",
            "2g2f 3c3d 6i7h 8c8d 1g1f 8d8e 2f2e 3d3e 2e2d 2c2d 2h2d 8e8f 8g8f 8b8f P*2c P*8g 2c2b+ 8g8h+ 7i8h 3a2b 2d2b+ 8f8h+ 7h8h 6a5b",
            "2g2f 3c3d 6i7h 8c8d 1g1f 8d8e 2f2e 3d3e 2e2d 2c2d 2h2d 8e8f 8g8f 8b8f P*2c P*8g 2c2b+ 8g8h+ 7i8h 3a2b 2d2b+ 8f8h+ 7h8h 6a5b 2b2a P*2b P*8b 7a8b 2a1a 8b8c 4i5h 3e3f 8h7h 3f3g 1f1e 3g3h+ 3i3h 9a9b 2i3g 9c9d 5i4i 8c7d 4i5i 8a9c 1a2b 7d7e 2b2a 9d9e",
            "2g2f 3c3d 6i7h 8c8d 1g1f 8d8e 2f2e 3d3e 2e2d 2c2d 2h2d 8e8f 8g8f 8b8f P*2c P*8g 2c2b+ 8g8h+ 7i8h 3a2b 2d2b+ 8f8h+ 7h8h 6a5b 2b2a P*2b P*8b 7a8b 2a1a 8b8c 4i5h 3e3f 8h7h 3f3g 1f1e 3g3h+ 3i3h 9a9b 2i3g 9c9d 5i4i 8c7d 4i5i 8a9c 1a2b 7d7e 2b2a 9d9e 7h7i 9c8e 7i6h B*8f 4g4f 8f7g+ P*8h 7g8h 3g4e 8e7g+ 8i7g 8h7g S*6a 5a6a 6h7g 5c5d 2a4a 6a6b 4e5c+ 6b5c 4a8a 9b9d 7g7h 9e9f",
            "7g7f 4a3b 6i7h 5a4a 4i4h 8c8d 2g2f 8d8e 8h7g 3a4b 7i6h 7a7b 2f2e 8e8f 7g8f 3c3d 8f7g 4b3c 2h2f 7c7d 2f5f 2b3a 5f2f 1c1d",
            "7g7f 4a3b 6i7h 5a4a 4i4h 8c8d 2g2f 8d8e 8h7g 3a4b 7i6h 7a7b 2f2e 8e8f 7g8f 3c3d 8f7g 4b3c 2h2f 7c7d 2f5f 2b3a 5f2f 1c1d 2e2d 2c2d P*2e 5c5d 2e2d 3a5c 2f2e P*2b 1g1f 6a5b 1f1e 1d1e 1i1e P*1d 1e1d 1a1d P*1e L*2f 1e1d 9c9d L*2h 2f2h+ 3i2h L*8c",
            "7g7f 4a3b 6i7h 5a4a 4i4h 8c8d 2g2f 8d8e 8h7g 3a4b 7i6h 7a7b 2f2e 8e8f 7g8f 3c3d 8f7g 4b3c 2h2f 7c7d 2f5f 2b3a 5f2f 1c1d 2e2d 2c2d P*2e 5c5d 2e2d 3a5c 2f2e P*2b 1g1f 6a5b 1f1e 1d1e 1i1e P*1d 1e1d 1a1d P*1e L*2f 1e1d 9c9d L*2h 2f2h+ 3i2h L*8c L*8h 7b7c 4h3h 4c4d 2h2g 4d4e 3h4h 7c6d 2e4e 5b4c 4e2e 5d5e 2g3h 3c4d 2e1e 7d7e 7f7e 3b4b 1d1c+ 4d3e 1c2b 3e2d 1e1a+ P*7f",
            "2g2f 3c3d 3i3h 6a5b 1g1f 1c1d 2f2e 4c4d 1f1e 1d1e 2e2d 2c2d 3g3f 8c8d 2h2d 2b3c 2d2a+ 4a3b 7g7f 3b2c 2a3a 5a6b P*2d 3c2b",
            "2g2f 3c3d 3i3h 6a5b 1g1f 1c1d 2f2e 4c4d 1f1e 1d1e 2e2d 2c2d 3g3f 8c8d 2h2d 2b3c 2d2a+ 4a3b 7g7f 3b2c 2a3a 5a6b P*2d 3c2b 3a3b 5b4b 2d2c+ 4b3b 2c2b 3b2b 8h4d 2b3c 4d3c+ 1e1f 8i7g 8b8c 4i3i 1a1b 7f7e 1f1g+ S*4a 1g2g 1i1b+ 2g2f 3f3e 3d3e 3c5a 6b5a");

    /**
     * The result of a bench run.
     *
     * @param nodes nodes searched in total
     * @param millis wall time of the searches in milliseconds
     * @param cpuNanos CPU time of the search thread over all positions in nanoseconds, or -1 if the JVM cannot
     *     measure thread CPU time
     */
    public record Result(long nodes, long millis, long cpuNanos) {
        /** Nodes per second of wall time. */
        public long nps() {
            return millis == 0 ? nodes * 1000 : nodes * 1000 / millis;
        }

        /**
         * Nodes per second of the search thread's CPU time: on a shared machine this depends much less on the
         * load than {@link #nps()}, so it is the figure to compare changes with. -1 if not measured.
         */
        public long cpuNps() {
            return cpuNanos < 0 ? -1 : cpuNanos == 0 ? nodes * 1_000_000_000L : (long) (nodes * 1e9 / cpuNanos);
        }
    }

    /** The default least wall time of the warm-up, milliseconds. */
    public static final int DEFAULT_WARMUP_MILLIS = 4000;

    /**
     * Runs the bench without a warm-up.
     *
     * @param depth the search depth
     * @param progress receives one line per position
     * @return the totals
     */
    public static Result run(int depth, Consumer<String> progress) {
        return run(depth, 0, 0, progress);
    }

    /**
     * Runs the bench after one uncounted warm-up pass at {@code warmupDepth} (0 for none); see
     * {@link #run(int, int, int, Consumer)} for a warm-up of a given least duration.
     *
     * @param depth the search depth
     * @param warmupDepth the depth of the uncounted warm-up pass, 0 for no warm-up
     * @param progress receives one line per position
     * @return the totals of the counted pass
     */
    public static Result run(int depth, int warmupDepth, Consumer<String> progress) {
        return run(depth, warmupDepth, 0, progress);
    }

    /**
     * Runs the bench, first searching every position to {@code warmupDepth} without counting it, pass after pass
     * until at least {@code warmupMillis} have passed (one pass at least): the JIT compiler compiles and
     * recompiles the search while the warm-up runs, so the speed figures of the counted pass are those of
     * compiled code, as in a game. The node count does not depend on the warm-up (each position starts with a
     * cleared table, fresh histories and an empty evaluation cache: {@link Engine#newGame}).
     *
     * @param depth the search depth
     * @param warmupDepth the depth of the uncounted warm-up passes, 0 for no warm-up
     * @param warmupMillis the least wall time of the warm-up passes together, milliseconds
     * @param progress receives one line per position
     * @return the totals of the counted pass
     */
    public static Result run(int depth, int warmupDepth, int warmupMillis, Consumer<String> progress) {
        if (warmupDepth > 0) {
            long start = System.nanoTime();
            long nodes = 0;
            int passes = 0;
            do {
                nodes += pass(warmupDepth, line -> {}).nodes();
                passes++;
            } while ((System.nanoTime() - start) / 1_000_000 < warmupMillis);
            progress.accept("warm-up: depth " + warmupDepth + ", " + passes + (passes == 1 ? " pass, " : " passes, ") + nodes + " nodes in "
                    + (System.nanoTime() - start) / 1_000_000 + " ms (not counted)");
        }
        return pass(depth, progress);
    }

    /**
     * One pass over the positions. The time counted is that of the searches: clearing the table and the
     * histories and setting up each position (a new game before every position) are left out.
     */
    private static Result pass(int depth, Consumer<String> progress) {
        long nodes = 0;
        long cpu = 0;
        long searchNanos = 0;
        try (Engine engine = new Engine()) {
            engine.setOption("USI_Hash", Integer.toString(HASH_MB));
            engine.setOption("Threads", "1");
            int i = 0;
            for (String line : POSITIONS) {
                i++;
                engine.newGame();
                List<String> moves = line.isEmpty() ? List.of() : Arrays.asList(line.split(" "));
                engine.setPosition(Setups.STARTPOS, moves);
                long t0 = System.nanoTime();
                Engine.SearchResult r = engine.think(SearchLimits.depth(depth));
                searchNanos += System.nanoTime() - t0;
                long n = r.line().map(SearchInfo.Line::nodes).orElse(0L);
                nodes += n;
                long c = engine.lastSearchCpuNanos();
                cpu = cpu < 0 || c < 0 ? -1 : cpu + c;
                progress.accept("position " + i + "/" + POSITIONS.size() + ": " + n + " nodes, best " + describe(r.bestMove()));
            }
        }
        return new Result(nodes, searchNanos / 1_000_000, cpu);
    }

    private static String describe(BestMove b) {
        return switch (b) {
            case BestMove.Play p -> p.move();
            case BestMove.Resign r -> "resign";
            case BestMove.Win w -> "win";
        };
    }
}
