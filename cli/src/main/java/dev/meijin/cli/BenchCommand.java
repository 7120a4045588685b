package dev.meijin.cli;

import dev.meijin.engine.Bench;
import java.io.PrintWriter;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code meijin bench}: the search signature and speed over fixed positions. */
@Command(name = "bench", description = "Search fixed positions to a fixed depth with one thread: prints 'Nodes searched: N' (deterministic) and nodes/s "
        + "of the searches' wall time and of the search thread's CPU time, after an uncounted warm-up.")
final class BenchCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Option(names = "--depth", paramLabel = "D", description = "Search depth (default ${DEFAULT-VALUE}).", defaultValue = "" + Bench.DEFAULT_DEPTH)
    int depth;

    @Option(names = "--warmup", paramLabel = "D", description = "First search the positions to depth D without counting it, so that "
            + "the speed figures leave out the JIT compiler's warm-up (default: the counted depth itself; 0: no warm-up).")
    Integer warmup;

    @Option(names = "--warmup-time", paramLabel = "MS", description = "Repeat the warm-up passes until at least MS milliseconds have passed, "
            + "so that the JIT compiler has compiled the search (default ${DEFAULT-VALUE}; 0: one pass).", defaultValue = "" + Bench.DEFAULT_WARMUP_MILLIS)
    int warmupMillis;

    @Option(names = "--quiet", description = "Print only the totals.")
    boolean quiet;

    @Override
    public Integer call() {
        if (depth < 1 || depth > 60) {
            throw new picocli.CommandLine.ParameterException(spec.commandLine(), "--depth must be between 1 and 60, got " + depth);
        }
        if (warmup != null && (warmup < 0 || warmup > 60)) {
            throw new picocli.CommandLine.ParameterException(spec.commandLine(), "--warmup must be between 0 and 60, got " + warmup);
        }
        if (warmupMillis < 0 || warmupMillis > 600_000) {
            throw new picocli.CommandLine.ParameterException(spec.commandLine(), "--warmup-time must be between 0 and 600000 ms, got " + warmupMillis);
        }
        PrintWriter out = spec.commandLine().getOut();
        int warmupDepth = warmup == null ? depth : warmup;
        Bench.Result r = Bench.run(depth, warmupDepth, warmupMillis, line -> {
            if (!quiet) {
                out.println(line);
                out.flush();
            }
        });
        out.println("Nodes searched: " + r.nodes());
        out.println("Time (ms): " + r.millis());
        out.println("Nodes/second: " + r.nps());
        out.println("Nodes/second (search thread CPU time): " + (r.cpuNps() < 0 ? "not measured" : Long.toString(r.cpuNps())));
        return Main.OK;
    }
}
