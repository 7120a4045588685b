package dev.meijin.cli;

import dev.meijin.core.Color;
import dev.meijin.core.Move;
import dev.meijin.core.position.Position;
import dev.meijin.core.usi.Usi;
import dev.meijin.engine.eval.Features;
import dev.meijin.engine.eval.Weights;
import dev.meijin.engine.learn.Tuner;
import dev.meijin.notation.Formats;
import dev.meijin.notation.kifu.Kifu;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.stream.Stream;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/** {@code meijin tune}: Texel tuning of the evaluation weights from self-play data and game records. */
@Command(name = "tune", description = "Fit the evaluation weights to game results (Texel tuning) and write a weight file.")
final class TuneCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Option(names = "--data", paramLabel = "FILE", description = "Positions from gensfen (SFEN, result, score), repeatable.")
    List<Path> data = new ArrayList<>();

    @Option(names = "--records", paramLabel = "DIR", description = "A folder of game records (KIF, KI2, CSA, JKF) with a stated winner, repeatable.")
    List<Path> records = new ArrayList<>();

    @Option(names = "--usi-games", paramLabel = "FILE", description = "Games as 'id<TAB>USI moves from the start position', used when they end in checkmate; repeatable.")
    List<Path> usiGames = new ArrayList<>();

    @Option(names = {"-o", "--out"}, required = true, paramLabel = "FILE", description = "Weight file to write.")
    Path out;

    @Option(names = "--epochs", defaultValue = "400", description = "Gradient steps (default ${DEFAULT-VALUE}).")
    int epochs;

    @Option(names = "--rate", defaultValue = "2.0", description = "Adam step size in centipawns (default ${DEFAULT-VALUE}).")
    double rate;

    @Option(names = "--final-rate", paramLabel = "R", description = "Adam step size at the last epoch, falling linearly from --rate (default: --rate, a constant step).")
    Double finalRate;

    @Option(names = "--lambda", defaultValue = "0.7", description = "Weight of the game result against the search score (default ${DEFAULT-VALUE}).")
    double lambda;

    @Option(names = "--exclude", paramLabel = "PREFIX", description = "Hold the features whose names start with PREFIX at zero (e.g. ks. or mob.), repeatable.")
    List<String> exclude = new ArrayList<>();

    @Option(names = "--only", paramLabel = "PREFIX", description = "Tune only the features whose names start with PREFIX; the others keep their starting weights (repeatable).")
    List<String> only = new ArrayList<>();

    @Option(names = "--init", paramLabel = "FILE", description = "Starting weights (default: material only), also the prior that --l2 pulls toward.")
    Path init;

    @Option(names = "--l2", defaultValue = "0", paramLabel = "K", description = "L2 penalty K * sum(((w - start) / 100)^2) added to the training loss (default ${DEFAULT-VALUE}: none).")
    double l2;

    @Option(names = "--min-count", defaultValue = "0", paramLabel = "N", description = "Features active in fewer than N training positions keep their starting weight (default ${DEFAULT-VALUE}).")
    int minCount;

    @Override
    public Integer call() throws IOException {
        if (data.isEmpty() && records.isEmpty() && usiGames.isEmpty()) {
            throw new ParameterException(spec.commandLine(), "give --data, --records or --usi-games");
        }
        Options.inRange(spec, "--epochs", epochs, 1, Long.MAX_VALUE);
        Options.inRange(spec, "--lambda", lambda, 0.0, 1.0);
        Options.inRange(spec, "--l2", l2, 0.0, Double.MAX_VALUE);
        Options.inRange(spec, "--min-count", minCount, 0, Long.MAX_VALUE);
        positive("--rate", rate);
        double last = finalRate == null ? rate : finalRate;
        positive("--final-rate", last);
        // Every file before the data, whose reading can take minutes, and the tuning, which can take hours.
        for (Path p : data) {
            Options.readable(spec, "--data", p, false);
        }
        for (Path p : records) {
            Options.readable(spec, "--records", p, true);
        }
        for (Path p : usiGames) {
            Options.readable(spec, "--usi-games", p, false);
        }
        Weights initial = Weights.material();
        if (init != null) {
            Options.readable(spec, "--init", init, false);
            try (BufferedReader r = Files.newBufferedReader(init, StandardCharsets.UTF_8)) {
                initial = Weights.read(r, Weights.material());
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("--init " + init + ": " + e.getMessage(), e);
            }
        }
        Options.writableFile(spec, "--out", out);
        // The feature prefixes before the data, whose reading can take minutes.
        boolean[] excluded = byPrefix("--exclude", exclude);
        boolean[] fixed = new boolean[Features.COUNT];
        if (!only.isEmpty()) {
            boolean[] tuned = byPrefix("--only", only);
            for (int i = 0; i < fixed.length; i++) {
                fixed[i] = !tuned[i];
            }
        }
        PrintWriter err = spec.commandLine().getErr();
        Tuner.DataSet set = new Tuner.DataSet();
        for (Path p : data) {
            try (BufferedReader r = Files.newBufferedReader(p, StandardCharsets.UTF_8)) {
                int bad = set.read(r, lambda);
                err.println(p + ": " + set.size() + " positions so far" + (bad > 0 ? ", " + bad + " lines skipped" : ""));
            }
        }
        int games = 0;
        for (Path dir : records) {
            List<Path> files;
            try (Stream<Path> s = Files.walk(dir)) {
                files = s.filter(Files::isRegularFile).sorted().toList();
            }
            for (Path f : files) {
                if (Files.size(f) > 4 << 20) {
                    continue;
                }
                try {
                    Kifu k = Formats.read(Files.readAllBytes(f), Optional.of(f.getFileName().toString())).kifu();
                    Optional<Color> winner = k.recordedWinner();
                    if (winner.isEmpty() || !k.start().isEven()) {
                        continue;
                    }
                    List<Integer> line = k.mainLine();
                    Optional<Position> start = k.startPosition();
                    if (start.isEmpty()) {
                        continue;
                    }
                    Position pos = start.get();
                    for (int i = 0; i < line.size(); i++) {
                        int m = line.get(i);
                        addIfQuiet(set, pos, m, i, winner.get());
                        pos.doMove(m);
                    }
                    games++;
                } catch (RuntimeException e) {
                    err.println(f + ": skipped (" + e.getMessage() + ")");
                }
            }
        }
        for (Path p : usiGames) {
            for (String row : Files.readAllLines(p, StandardCharsets.UTF_8)) {
                String[] f = row.split("\t");
                if (f.length < 2 || f[0].equals("id")) {
                    continue;
                }
                try {
                    Position end = Position.startpos();
                    List<Integer> moves = new ArrayList<>();
                    for (String u : f[1].trim().split("\\s+")) {
                        int m = Usi.parseMove(end, u);
                        moves.add(m);
                        end.doMove(m);
                    }
                    if (!end.hasNoLegalMove()) {
                        continue;
                    }
                    Color winner = end.turn().opposite();
                    Position pos = Position.startpos();
                    for (int i = 0; i < moves.size(); i++) {
                        addIfQuiet(set, pos, moves.get(i), i, winner);
                        pos.doMove(moves.get(i));
                    }
                    games++;
                } catch (RuntimeException e) {
                    err.println(p + ": game " + f[0] + " skipped (" + e.getMessage() + ")");
                }
            }
        }
        err.println("positions " + set.size() + " (" + games + " recorded games)");
        if (set.size() == 0) {
            throw new IllegalArgumentException("no training positions: the files given hold no position in the form asked for "
                    + "(--data: gensfen's SFEN, result and score lines; --records: records with a winner; --usi-games: games that end in mate)");
        }
        Tuner.Result r = Tuner.tune(set, initial, excluded, fixed, new Tuner.Regularisation(l2, minCount), epochs, rate, last, line -> {
            err.println(line);
            err.flush();
        });
        try (Writer w = Files.newBufferedWriter(out, StandardCharsets.UTF_8)) {
            r.weights().write(w, "Texel-tuned on " + r.positions() + " positions (lambda " + lambda + ", l2 " + l2 + ", min-count " + minCount + ", rate " + rate + (last != rate ? " -> " + last : "") + ", " + epochs + " epochs); held-out loss "
                    + String.format("%.6f", r.lossBefore()) + " -> " + String.format("%.6f", r.lossAfter()));
        }
        spec.commandLine().getOut().printf("positions %d, held-out loss %.6f -> %.6f%n", r.positions(), r.lossBefore(), r.lossAfter());
        return Main.OK;
    }

    /** Checks that a step size is a positive number. */
    private void positive(String option, double value) {
        if (!(value > 0) || Double.isInfinite(value)) {
            throw new ParameterException(spec.commandLine(), option + " must be a positive number, got " + value);
        }
    }

    /** Adds the position before move {@code m} (ply {@code i}) unless it is in the opening, in check, or before a capture. */
    private static void addIfQuiet(Tuner.DataSet set, Position pos, int m, int i, Color winner) {
        if (i < 16 || pos.inCheck() || (!Move.isDrop(m) && pos.pieceAt(Move.to(m)) != 0)) {
            return;
        }
        set.add(pos, winner == Color.SENTE ? 1.0 : 0.0);
    }

    /** The features whose names start with one of the prefixes of an option, each prefix naming at least one. */
    private boolean[] byPrefix(String option, List<String> prefixes) {
        boolean[] hit = new boolean[Features.COUNT];
        for (String prefix : prefixes) {
            int n = 0;
            for (int i = 0; i < Features.COUNT; i++) {
                if (Features.name(i).startsWith(prefix)) {
                    hit[i] = true;
                    n++;
                }
            }
            if (n == 0) {
                throw new ParameterException(spec.commandLine(), option + " " + prefix + ": no feature name starts with it");
            }
        }
        return hit;
    }
}
