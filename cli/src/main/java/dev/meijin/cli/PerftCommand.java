package dev.meijin.cli;

import dev.meijin.core.Move;
import dev.meijin.core.movegen.Perft;
import dev.meijin.core.position.Position;
import dev.meijin.core.sfen.SfenException;
import dev.meijin.notation.kifu.Limits;
import java.io.PrintWriter;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code meijin perft}: counts the leaf nodes of the legal move tree (non-promotions included) to a depth,
 * or checks a table of positions and expected counts.
 *
 * <p>Output of a count: with {@code --divide}, one line {@code 7g7f: 12345} per root move, sorted by USI text
 * so it can be compared line by line with other programs; then always the line
 * {@code nodes N time S nps R} (seconds with three decimals, nodes per second as an integer).
 *
 * <p>A table ({@code --file}) has one position per line: the SFEN, a tab, and the tab-separated counts for
 * depth 1, 2, …; blank lines and lines starting with {@code #} are skipped. Each wrong count is reported as
 * {@code mismatch line L depth D: expected X got Y: SFEN}, each unreadable line as
 * {@code line L: <what is wrong>}, and the last line is {@code ok M/N}: M positions with every count checked
 * right, out of N. The exit code is 1 if anything was wrong.
 */
@Command(
        name = "perft",
        sortOptions = false,
        description = {
            "Count the leaf nodes of the legal move tree to a depth (non-promotions included), "
                    + "or check a table of expected counts.",
            "The last line is 'nodes N time S nps R'. With --file it is 'ok M/N', "
                    + "and the exit code is 1 on any mismatch or malformed line."
        },
        footer = {
            "",
            "Examples:",
            "  meijin perft startpos --depth 5",
            "  meijin perft --sfen \"<sfen>\" --depth 3 --divide",
            "  meijin perft --file perft.tsv --max-depth 3",
            "",
            "A table has one position per line: SFEN<TAB>count at depth 1<TAB>count at depth 2..., "
                    + "'#' starts a comment line."
        })
final class PerftCommand implements Callable<Integer> {

    /** The deepest depth accepted: far beyond what finishes, but it bounds the buffers allocated up front. */
    static final int MAX_DEPTH = 30;

    @Spec
    CommandSpec spec;

    @Parameters(arity = "0..*", paramLabel = "POSITION",
            description = "startpos or an SFEN (quoted, or as separate words). "
                    + "A side to move without a king (a mate problem) is accepted.")
    List<String> position = new ArrayList<>();

    @Option(names = "--sfen", arity = "1..*", paramLabel = "SFEN",
            description = "The position as an SFEN, instead of POSITION.")
    List<String> sfen = new ArrayList<>();

    @Option(names = {"-d", "--depth"}, paramLabel = "N", description = "The depth to count to, 1-" + MAX_DEPTH + ".")
    Integer depth;

    @Option(names = "--divide", description = "Also print the count below each root move, as '7g7f: 12345'.")
    boolean divide;

    @Option(names = "--full", description = "Play and take back every move of the last ply instead of counting "
            + "the generated moves (slower; checks do/undo too).")
    boolean full;

    @Option(names = "--file", paramLabel = "FILE",
            description = "Check every count of a table of positions (see below) instead of counting one position.")
    Path file;

    @Option(names = "--max-depth", paramLabel = "D", description = "With --file: check the counts up to depth D only.")
    Integer maxDepth;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        if (file != null) {
            if (!position.isEmpty() || !sfen.isEmpty() || depth != null || divide) {
                throw usage("--file takes no position, --depth or --divide: the table gives the positions and depths");
            }
            return checkFile(out, file, maxDepth == null ? Integer.MAX_VALUE : checkDepth("--max-depth", maxDepth));
        }
        if (maxDepth != null) {
            throw usage("--max-depth goes with --file; use --depth for one position");
        }
        if (position.isEmpty() == sfen.isEmpty()) {
            throw usage(position.isEmpty()
                    ? "missing position: give startpos, an SFEN or --sfen SFEN (or --file FILE)"
                    : "give the position once: either as POSITION or with --sfen");
        }
        if (depth == null) {
            throw usage("missing --depth N");
        }
        int d = checkDepth("--depth", depth);
        Position pos = Positions.parse(Positions.text(position.isEmpty() ? sfen : position));
        Perft perft = new Perft(d);
        long start = System.nanoTime();
        long nodes;
        if (divide) {
            List<Perft.Division> parts = full ? divideFull(perft, pos, d) : perft.divide(pos, d);
            long elapsed = System.nanoTime() - start;
            nodes = 0;
            List<Perft.Division> sorted = new ArrayList<>(parts);
            sorted.sort(Comparator.comparing(Perft.Division::usi));
            for (Perft.Division part : sorted) {
                out.println(part.usi() + ": " + part.nodes());
                nodes += part.nodes();
            }
            out.println(summary(nodes, elapsed));
        } else {
            nodes = full ? perft.countFull(pos, d) : perft.count(pos, d);
            out.println(summary(nodes, System.nanoTime() - start));
        }
        return Main.OK;
    }

    /** The line {@code nodes N time S nps R}. */
    static String summary(long nodes, long nanos) {
        long nps = nanos <= 0 ? 0 : (long) (nodes * 1e9 / nanos);
        return String.format(Locale.ROOT, "nodes %d time %.3f nps %d", nodes, nanos / 1e9, nps);
    }

    private static List<Perft.Division> divideFull(Perft perft, Position pos, int depth) {
        List<Perft.Division> parts = new ArrayList<>();
        for (int m : pos.legalMoves()) {
            pos.doMove(m);
            parts.add(new Perft.Division(Move.usi(m), perft.countFull(pos, depth - 1)));
            pos.undoMove();
        }
        return parts;
    }

    private int checkFile(PrintWriter out, Path path, int limit) {
        List<String> lines = readLines(path);
        int positions = 0, correct = 0;
        boolean failed = false;
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i).strip();
            if (line.isEmpty() || line.startsWith("#")) {
                continue;
            }
            positions++;
            int lineNumber = i + 1;
            String[] fields = line.split("\t", -1);
            String problem = null;
            long[] expected = new long[fields.length - 1];
            if (fields.length < 2) {
                problem = "expected an SFEN, a tab, and the tab-separated counts for depth 1, 2, ...";
            }
            for (int f = 1; f < fields.length && problem == null; f++) {
                String count = fields[f].strip();
                expected[f - 1] = count.matches("[0-9]{1,18}") ? Long.parseLong(count) : -1;
                if (expected[f - 1] < 0) {
                    problem = "the count for depth " + f + " \"" + Limits.excerpt(count) + "\" is not a whole number";
                }
            }
            Position pos = null;
            if (problem == null) {
                try {
                    pos = Positions.parse(fields[0]);
                } catch (SfenException e) {
                    problem = e.getMessage();
                }
            }
            if (problem != null) {
                out.println("line " + lineNumber + ": " + Records.message(problem));
                failed = true;
                continue;
            }
            int deepest = Math.min(expected.length, limit);
            if (deepest > MAX_DEPTH) {
                out.println("line " + lineNumber + ": " + expected.length + " counts, but the deepest depth checked is "
                        + MAX_DEPTH + " (give --max-depth)");
                failed = true;
                continue;
            }
            Perft perft = new Perft(deepest);
            boolean allRight = true;
            for (int d = 1; d <= deepest; d++) {
                long got = full ? perft.countFull(pos, d) : perft.count(pos, d);
                if (got != expected[d - 1]) {
                    out.println("mismatch line " + lineNumber + " depth " + d + ": expected " + expected[d - 1]
                            + " got " + got + ": " + Records.printable(fields[0].strip()));
                    allRight = false;
                }
            }
            if (allRight) {
                correct++;
            } else {
                failed = true;
            }
        }
        out.println("ok " + correct + "/" + positions);
        return failed ? Main.FAILED : Main.OK;
    }

    /** The lines of a UTF-8 table file of at most {@link dev.meijin.notation.kifu.Limits#MAX_BYTES} bytes. */
    private static List<String> readLines(Path path) {
        byte[] bytes = Records.readFile(path, path.toString());
        try {
            String text = StandardCharsets.UTF_8.newDecoder().decode(ByteBuffer.wrap(bytes)).toString();
            return text.lines().toList();
        } catch (CharacterCodingException e) {
            throw new IllegalArgumentException("cannot read " + path + ": not UTF-8 text");
        }
    }

    private int checkDepth(String option, int value) {
        if (value < 1 || value > MAX_DEPTH) {
            throw usage(option + " must be 1-" + MAX_DEPTH + ", not " + value);
        }
        return value;
    }

    private ParameterException usage(String message) {
        return new ParameterException(spec.commandLine(), message);
    }
}
