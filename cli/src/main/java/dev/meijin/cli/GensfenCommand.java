package dev.meijin.cli;

import dev.meijin.engine.learn.GenSfen;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/** {@code meijin gensfen}: self-play training positions for the evaluation tuner. */
@Command(name = "gensfen", description = "Play node- or depth-limited self-play games from random openings and append their quiet positions with the result (SFEN, result, score) to a file.")
final class GensfenCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Option(names = {"-o", "--out"}, required = true, paramLabel = "FILE", description = "File the positions are appended to.")
    Path out;

    @Option(names = "--games", defaultValue = "100", description = "Games to play (default ${DEFAULT-VALUE}).")
    int games;

    @Option(names = "--threads", defaultValue = "1", description = "Games played at once (default ${DEFAULT-VALUE}).")
    int threads;

    @Option(names = "--nodes", defaultValue = "3000", description = "Nodes per move (default ${DEFAULT-VALUE}).")
    long nodes;

    @Option(names = "--depth", defaultValue = "0", description = "Search depth per move, for scores from deeper searches; --nodes still caps each search (--nodes 0: no cap). Default ${DEFAULT-VALUE}: node-limited only.")
    int depth;

    @Option(names = "--seed", defaultValue = "1", description = "Seed of the random openings (default ${DEFAULT-VALUE}).")
    long seed;

    @Override
    public Integer call() throws IOException, InterruptedException {
        Options.inRange(spec, "--games", games, 1, Long.MAX_VALUE);
        Options.inRange(spec, "--threads", threads, 1, 64);
        Options.inRange(spec, "--nodes", nodes, 0, Long.MAX_VALUE);
        Options.inRange(spec, "--depth", depth, 0, 64);
        if (nodes == 0 && depth == 0) {
            throw new ParameterException(spec.commandLine(), "--nodes 0 needs a --depth: a search must have a limit");
        }
        Options.writableFile(spec, "--out", out);
        PrintWriter err = spec.commandLine().getErr();
        try (Writer w = Files.newBufferedWriter(out, StandardCharsets.UTF_8, StandardOpenOption.CREATE, StandardOpenOption.APPEND)) {
            long n = GenSfen.run(new GenSfen.Settings(games, threads, nodes, seed, depth), w, line -> {
                err.println(line);
                err.flush();
            });
            spec.commandLine().getOut().println("positions " + n);
        }
        return Main.OK;
    }
}
