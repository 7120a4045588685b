package dev.meijin.cli;

import dev.meijin.core.MoveOrDrop;
import dev.meijin.core.position.IllegalPositionException;
import dev.meijin.core.position.Position;
import dev.meijin.core.sfen.Sfen;
import dev.meijin.core.sfen.SfenException;
import dev.meijin.mate.Convention;
import dev.meijin.mate.MateLimits;
import dev.meijin.mate.MateResult;
import dev.meijin.mate.MateSolver;
import dev.meijin.mate.Soundness;
import dev.meijin.notation.kifu.Kifu;
import dev.meijin.notation.kifu.Limits;
import dev.meijin.notation.kifu.Problem;
import dev.meijin.notation.move.MoveStyle;
import java.io.Console;
import java.io.PrintWriter;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code meijin solve}: solves mate problems (tsume) with the df-pn solver of the {@code mate} module.
 *
 * <p>One problem (an SFEN, or the start position of each KIF/KI2/CSA/JKF file given) prints
 * {@code mate in N}, the solution in USI and in Japanese notation, the pieces left in hand, and
 * {@code nodes N time S nps R}; or {@code no mate}, or {@code unknown (reason)}. With {@code --check} it also
 * reports the cooks (余詰) with their move, the alternatives at the last move (最終手余詰) apart, and whether the
 * problem is sound, unsound, or undetermined (what the limits left unsettled; {@link Soundness.Verdict}). The
 * exit code is 1 if some problem was not solved, or, with {@code --check}, its soundness not determined.
 *
 * <p>A table ({@code --file}) has the columns of the test data ({@code id sfen plies usi_moves result …},
 * tab-separated, a header row, {@code result} being {@code mate} or {@code nomate}). Every row is solved and
 * compared with its expected result and length ({@code nomate} with a length: no mate within that many
 * plies, so a longer mate agrees); each mismatch is printed as
 * {@code mismatch ID: expected …, got …}, followed, when the row has a published line and the solver a mate, by
 * where the solution leaves that line ({@code   ply N, the defender: …}); each unreadable row as
 * {@code line L: …}; a progress bar is drawn on
 * standard error at a terminal, and the last lines are {@code nodes N time S nps R} and {@code solved M/N}.
 * With {@code --check} each row is judged as a composition too: a row that is not sound is printed as
 * {@code ID: unsound: …} (or {@code undetermined: …}) with its cooks, and {@code sound S, unsound U, undetermined D}
 * comes before the count. The exit code is 1 on any mismatch, unsolved problem, unreadable row, or (with
 * {@code --check}) soundness left undetermined; an unsound problem is a finding, not a failure.
 */
@Command(
        name = "solve",
        sortOptions = false,
        description = {
            "Solve mate problems (tsume): the attacker's shortest mate against the longest defence, "
                    + "futile interpositions not counted.",
            "Prints the solution in USI and Japanese notation, its length, nodes, time and nodes/s. "
                    + "With --file F.tsv it solves every row of a table and ends with 'solved M/N'; "
                    + "a mismatch also says where the solution leaves the row's published line; "
                    + "the exit code is 1 on any mismatch or unsolved problem."
        },
        footer = {
            "",
            "Examples:",
            "  meijin solve \"7kl/9/7+P1/9/9/9/9/9/9 b G2r2b3g4s4n3l17p 1\"",
            "  meijin solve kemuri.kif --check",
            "  meijin solve --file tanuki_generated.tsv --time 5",
            "",
            "A table has a header row and the tab-separated columns id, sfen, plies, usi_moves, result "
                    + "(mate or nomate), as the test data's tsume tables."
        })
final class SolveCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Parameters(arity = "0..*", paramLabel = "PROBLEM",
            description = "An SFEN (the side to move attacks; quoted or as separate words), "
                    + "or one or more record files (KIF, KI2, CSA, JKF) whose start position is the problem.")
    List<String> problem = new ArrayList<>();

    @Option(names = "--file", paramLabel = "F.tsv", description = "Solve every row of a table (see below).")
    Path file;

    @Option(names = "--time", paramLabel = "S", defaultValue = "60",
            description = "Time limit per problem in seconds. Default: ${DEFAULT-VALUE}.")
    double seconds;

    @Option(names = "--nodes", paramLabel = "N", description = "Node limit per problem (none by default).")
    Long nodes;

    @Option(names = "--hash", paramLabel = "MB",
            description = "Transposition table size in megabytes (1-65536). Default: a quarter of the "
                    + "JVM's maximum heap, at most 1024 (-Xmx4g gives 1024; see MEIJIN_JAVA_OPTS).")
    Integer hash;

    @Option(names = "--check", description = "Also judge each problem as a composition: unique solution, "
            + "cooks (余詰) with their move, last-move alternatives (最終手余詰), leftover pieces. With --file: "
            + "each row that is not sound, and the counts.")
    boolean check;

    @Option(names = "--each", description = "With --file: also print one line per problem, "
            + "'ID: mate in N nodes N time S nps R', for benchmarks.")
    boolean each;

    @Option(names = "--strict", description = "Count every legal reply, futile interpositions (無駄合) included, "
            + "so that a solution ends in checkmate by the rules of the game alone.")
    boolean strict;

    @Override
    public Integer call() {
        MateLimits limits = limits();
        int hashMb = hash != null ? hash : MateSolver.autoHashMb();
        if (hashMb < 1 || hashMb > 65536) {
            throw usage("--hash must be 1-65536 MB, not " + hashMb);
        }
        MateSolver solver = new MateSolver(hashMb);
        Convention convention = strict ? Convention.STRICT : Convention.TSUME;
        PrintWriter out = spec.commandLine().getOut();
        if (file != null) {
            if (!problem.isEmpty()) {
                throw usage("--file takes no PROBLEM: the table gives the problems");
            }
            return table(out, solver, limits, convention);
        }
        if (problem.isEmpty()) {
            throw usage("missing problem: give an SFEN, record files, or --file F.tsv");
        }
        if (looksLikeFiles()) {
            boolean allSolved = true;
            for (String f : problem) {
                Position pos = recordStart(f);
                out.println(f + ":");
                allSolved &= one(out, solver, pos, limits, convention);
            }
            return allSolved ? Main.OK : Main.FAILED;
        }
        Position pos = parseProblem(Positions.text(problem));
        return one(out, solver, pos, limits, convention) ? Main.OK : Main.FAILED;
    }

    /** The longest --time: 10,000,000 seconds (about 115 days), far beyond any solve, and still a Duration in nanoseconds. */
    static final double MAX_SECONDS = 1e7;

    private MateLimits limits() {
        if (!(seconds > 0) || seconds > MAX_SECONDS) {
            throw usage("--time must be a number of seconds greater than 0 and at most "
                    + plain(MAX_SECONDS) + ", not " + plain(seconds));
        }
        if (nodes != null && nodes <= 0) {
            throw usage("--nodes must be positive, not " + nodes);
        }
        // At least a nanosecond: a positive --time never makes an empty limit.
        return new MateLimits(nodes == null ? Long.MAX_VALUE : nodes, Duration.ofNanos(Math.max(1, (long) (seconds * 1e9))));
    }

    /** A number as people write it: {@code 1000000000} for 1e9, {@code 0.5}, {@code 0}; NaN and infinities as Java writes them. */
    static String plain(double v) {
        return Double.isFinite(v) ? java.math.BigDecimal.valueOf(v).stripTrailingZeros().toPlainString() : String.valueOf(v);
    }

    /** Whether the arguments name record files (by their extension, or because each is a file) rather than an SFEN. */
    private boolean looksLikeFiles() {
        boolean allFiles = true;
        for (String p : problem) {
            if (p.matches("(?i).*\\.(kif|kifu|ki2|ki2u|csa|jkf|json)")) {
                return true;
            }
            try {
                allFiles &= Files.isRegularFile(Path.of(p));
            } catch (InvalidPathException e) {
                allFiles = false;
            }
        }
        return allFiles;
    }

    private ParameterException usage(String message) {
        return new ParameterException(spec.commandLine(), message);
    }

    /** A problem from an SFEN ({@link Sfen#problem}). */
    static Position parseProblem(String text) {
        return Sfen.problem(text);
    }

    private Position recordStart(String f) {
        Records.Loaded loaded = Records.readRecord(f);
        PrintWriter err = spec.commandLine().getErr();
        for (Problem p : loaded.problems()) {
            err.println(Records.located(f, p));
        }
        Kifu kifu = loaded.kifu();
        return kifu.startPosition().orElseThrow(() -> new IllegalArgumentException(
                f + ": the start position is not legal: " + kifu.startProblem().orElse("") + "; nothing to solve"));
    }

    /** Solves and prints one problem; whether it was settled (a mate or a proof of none). */
    private boolean one(PrintWriter out, MateSolver solver, Position pos, MateLimits limits, Convention convention) {
        MateResult r;
        Optional<Soundness> soundness = Optional.empty();
        if (check) {
            soundness = withStatus(solver, () -> solver.check(pos, limits, convention));
            r = solver.lastResult();
        } else {
            r = withStatus(solver, () -> solver.solve(pos, limits, convention));
        }
        switch (r) {
            case MateResult.Mate m -> {
                out.println("mate in " + m.plies());
                if (!m.exact()) {
                    out.println("not read exactly: the line the proof gives, another defence may be longer");
                }
                out.println("usi " + m.usi());
                out.println("japanese " + japanese(pos, m.moves()));
                out.println("leftover " + m.leftover());
            }
            case MateResult.NoMate n -> out.println("no mate");
            case MateResult.Unknown u -> out.println("unknown (" + reason(u) + ")");
        }
        soundness.ifPresent(s -> report(out, s));
        out.println(PerftCommand.summary(solver.nodes(), solver.nanos()));
        boolean judged = soundness.map(s -> s.verdict() != Soundness.Verdict.UNDETERMINED).orElse(true);
        return !(r instanceof MateResult.Unknown) && judged;
    }

    /**
     * Runs a solve, showing on standard error at a terminal what it is doing every half second (proving or
     * reading the solution, nodes so far, seconds), the line cleared at the end. Without a terminal it just
     * runs.
     */
    private <T> T withStatus(MateSolver solver, java.util.function.Supplier<T> solve) {
        Console console = System.console();
        if (console == null || !console.isTerminal()) {
            return solve.get();
        }
        PrintWriter err = spec.commandLine().getErr();
        long t0 = System.nanoTime();
        Thread status = Thread.ofPlatform().daemon().name("solve-status").start(() -> {
            try {
                while (true) {
                    Thread.sleep(500);
                    String what = solver.readingSolution() ? "reading the solution" : "proving";
                    err.printf(Locale.ROOT, "\r%s: %,d nodes, %.1f s   ", what, solver.nodesSoFar(),
                            (System.nanoTime() - t0) / 1e9);
                    err.flush();
                }
            } catch (InterruptedException e) {
                // the solve is over
            }
        });
        try {
            return solve.get();
        } finally {
            status.interrupt();
            try {
                status.join();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            clearBar(err, true);
        }
    }

    /** The cooks, the last-move alternatives and the verdict line: {@code sound: …}, {@code unsound: …} or {@code undetermined: …}. */
    static void report(PrintWriter out, Soundness s) {
        for (Soundness.Cook c : s.cooks()) {
            out.println("cook at ply " + c.ply() + ": " + c.move().usi() + " mates in " + c.plies());
        }
        for (Soundness.Cook c : s.lastMoveAlternatives()) {
            out.println("last-move alternative at ply " + c.ply() + ": " + c.move().usi());
        }
        out.println(verdict(s));
    }

    /** The verdict line of a soundness report. */
    static String verdict(Soundness s) {
        List<String> unsettled = new ArrayList<>();
        if (!s.complete()) {
            unsettled.add("not every alternative could be settled");
        }
        if (!s.mate().exact()) {
            unsettled.add("the solution could not be read exactly");
        }
        String limits = String.join(" and ", unsettled) + " within the limits (--time, --nodes, --hash)";
        return switch (s.verdict()) {
            case SOUND -> "sound: unique solution, no piece left in hand"
                    + (s.lastMoveAlternatives().isEmpty() ? "" : " (last-move alternatives aside)");
            case UNSOUND -> {
                List<String> faults = new ArrayList<>();
                if (!s.cooks().isEmpty()) {
                    faults.add(s.cooks().size() + (s.cooks().size() == 1 ? " cook" : " cooks"));
                }
                if (s.leftover() > 0) {
                    faults.add(s.leftover() + (s.leftover() == 1 ? " piece" : " pieces") + " left in hand");
                }
                yield "unsound: " + String.join(", ", faults) + (unsettled.isEmpty() ? "" : " (" + limits + ")");
            }
            case UNDETERMINED -> "undetermined: " + limits
                    + (s.leftover() > 0 ? "; the solution read leaves " + s.leftover()
                            + (s.leftover() == 1 ? " piece" : " pieces") + " in hand" : "");
        };
    }

    static String reason(MateResult.Unknown u) {
        return u.reason().name().toLowerCase(Locale.ROOT).replace('_', ' ');
    }

    /** The solution in Japanese notation (KI2 style, ▲ and △ with 同 for a recapture). */
    static String japanese(Position start, List<MoveOrDrop> moves) {
        Position pos = start.copy();
        StringBuilder sb = new StringBuilder();
        for (MoveOrDrop m : moves) {
            int move = pos.encode(m);
            if (!sb.isEmpty()) {
                sb.append(' ');
            }
            sb.append(MoveStyle.KI2.format(pos, move));
            pos.doMove(move);
        }
        return sb.toString();
    }

    private int table(PrintWriter out, MateSolver solver, MateLimits limits, Convention convention) {
        List<String> lines = readLines(file);
        PrintWriter err = spec.commandLine().getErr();
        Console console = System.console();
        boolean bar = console != null && console.isTerminal();
        int total = 0, solved = 0;
        int[] verdicts = new int[Soundness.Verdict.values().length];
        boolean failed = false;
        long allNodes = 0, allNanos = 0;
        int rows = 0;
        for (int i = 1; i < lines.size(); i++) {
            if (!lines.get(i).isBlank() && !lines.get(i).startsWith("#")) {
                rows++;
            }
        }
        for (int i = 1; i < lines.size(); i++) {
            String line = lines.get(i);
            if (line.isBlank() || line.startsWith("#")) {
                continue;
            }
            total++;
            if (bar) {
                progress(err, total - 1, rows);
            }
            String[] f = line.split("\t", -1);
            String id = f[0].strip();
            String problemText = null;
            Position pos = null;
            int plies = -1;
            boolean expectMate = false;
            if (f.length < 5) {
                problemText = "expected the columns id, sfen, plies, usi_moves, result";
            } else {
                expectMate = f[4].strip().equals("mate");
                if (!expectMate && !f[4].strip().equals("nomate")) {
                    problemText = "result \"" + Limits.excerpt(f[4].strip()) + "\" is neither mate nor nomate";
                } else if (!f[2].strip().matches("[0-9]{1,4}")) {
                    problemText = "plies \"" + Limits.excerpt(f[2].strip()) + "\" is not a whole number";
                } else {
                    plies = Integer.parseInt(f[2].strip());
                    try {
                        pos = parseProblem(f[1].strip());
                    } catch (SfenException e) {
                        problemText = e.getMessage();
                    }
                }
            }
            if (problemText != null) {
                clearBar(err, bar);
                out.println("line " + (i + 1) + ": " + Records.message(problemText));
                failed = true;
                continue;
            }
            MateResult r;
            Optional<Soundness> soundness = Optional.empty();
            if (check) {
                soundness = solver.check(pos, limits, convention);
                r = solver.lastResult();
            } else {
                r = solver.solve(pos, limits, convention);
            }
            allNodes += solver.nodes();
            allNanos += solver.nanos();
            // "nomate" with a length means no mate within that many plies: none, or only a longer one.
            String expected = expectMate ? "mate in " + plies : "no mate in " + plies;
            String got = switch (r) {
                case MateResult.Mate m -> "mate in " + m.plies() + (m.exact() ? "" : " (not read exactly)");
                case MateResult.NoMate n -> "no mate";
                case MateResult.Unknown u -> "unknown (" + reason(u) + ")";
            };
            boolean ok = expectMate ? r instanceof MateResult.Mate m && m.exact() && m.plies() == plies
                    : r instanceof MateResult.NoMate || r instanceof MateResult.Mate m && m.plies() > plies;
            if (each) {
                clearBar(err, bar);
                out.println(Records.printable(id) + ": " + got + " " + PerftCommand.summary(solver.nodes(), solver.nanos()));
            }
            if (ok) {
                solved++;
            } else {
                clearBar(err, bar);
                String detail = r instanceof MateResult.Mate m ? ": " + m.usi() : "";
                out.println("mismatch " + Records.printable(id) + ": expected " + expected + ", got " + got + detail);
                if (r instanceof MateResult.Mate m) {
                    parting(f[3], m.usi()).ifPresent(note -> out.println("  " + note));
                }
                failed = true;
            }
            if (soundness.isPresent()) {
                Soundness sd = soundness.get();
                verdicts[sd.verdict().ordinal()]++;
                if (sd.verdict() != Soundness.Verdict.SOUND) {
                    // A finding about the composition, not a failure of the solver; an undetermined one is.
                    clearBar(err, bar);
                    out.println(Records.printable(id) + ": " + verdict(sd));
                    for (Soundness.Cook c : sd.cooks()) {
                        out.println("  cook at ply " + c.ply() + ": " + c.move().usi() + " mates in " + c.plies());
                    }
                    failed |= sd.verdict() == Soundness.Verdict.UNDETERMINED;
                }
            }
        }
        if (bar) {
            progress(err, total, rows);
            err.println();
        }
        out.println(PerftCommand.summary(allNodes, allNanos));
        if (check) {
            out.println("sound " + verdicts[Soundness.Verdict.SOUND.ordinal()] + ", unsound " + verdicts[Soundness.Verdict.UNSOUND.ordinal()]
                    + ", undetermined " + verdicts[Soundness.Verdict.UNDETERMINED.ordinal()]);
        }
        out.println("solved " + solved + "/" + total);
        return failed || solved != total ? Main.FAILED : Main.OK;
    }

    /**
     * Where a solution leaves the published line of a table row ({@code usi_moves}, empty when the table has none):
     * the first ply at which they differ and whose move it is, or where one of them ends. A defender's ply says the
     * publication left out a longer (or equally long) defence, an attacker's ply another mate.
     */
    static Optional<String> parting(String published, String solution) {
        String[] a = published.strip().isEmpty() ? new String[0] : published.strip().split("\\s+");
        String[] b = solution.strip().isEmpty() ? new String[0] : solution.strip().split("\\s+");
        if (a.length == 0) {
            return Optional.empty();
        }
        int n = Math.min(a.length, b.length);
        for (int i = 0; i < n; i++) {
            if (!a[i].equals(b[i])) {
                String side = i % 2 == 0 ? "the attacker" : "the defender";
                return Optional.of("ply " + (i + 1) + ", " + side + ": the solution plays " + Records.printable(b[i])
                        + " where the published line plays " + Records.printable(a[i]));
            }
        }
        if (a.length == b.length) {
            return Optional.empty();
        }
        return Optional.of(a.length < b.length ? "the published line ends at ply " + a.length + ", the solution goes on"
                : "the solution ends at ply " + b.length + ", the published line goes on");
    }

    private static void progress(PrintWriter err, int done, int all) {
        int width = 40;
        int filled = all == 0 ? width : (int) ((long) done * width / all);
        err.print("\r[" + "#".repeat(filled) + " ".repeat(width - filled) + "] " + done + "/" + all);
        err.flush();
    }

    private static void clearBar(PrintWriter err, boolean bar) {
        if (bar) {
            err.print("\r" + " ".repeat(60) + "\r");
            err.flush();
        }
    }

    private static List<String> readLines(Path path) {
        byte[] bytes = Records.readFile(path, path.toString());
        try {
            String text = StandardCharsets.UTF_8.newDecoder().decode(ByteBuffer.wrap(bytes)).toString();
            return text.lines().toList();
        } catch (CharacterCodingException e) {
            throw new IllegalArgumentException(path + ": the table is not UTF-8 text");
        }
    }
}
