package dev.meijin.cli;

import dev.meijin.core.Color;
import dev.meijin.core.game.Outcome;
import dev.meijin.notation.kifu.Problem;
import dev.meijin.notation.kifu.RecordValidator;
import dev.meijin.notation.kifu.Special;
import dev.meijin.notation.kifu.Validation;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.stream.Stream;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

/**
 * {@code meijin validate}: reads game records and replays each main line under the rules
 * ({@link RecordValidator}), checking that every move is legal and that the recorded ending is the one the
 * rules give: a 千日手 must be a fourfold repetition, 詰み a checkmate, 入玉勝ち ({@code %KACHI}) a declaration
 * the rules accept.
 *
 * <p>For each file one line, tab-separated: the path, the detected format, the number of moves replayed, the
 * recorded ending (Japanese and CSA name, or {@code -}), the ending the rules give
 * ({@link Outcome#describe()}, or {@code -}) and {@code ok} or {@code PROBLEM}. Under a {@code PROBLEM} line
 * every reading and replay problem follows, indented, as {@code line L, column C, ply P: message} (leaving out
 * what is not known); an empty file is a problem, not an empty game. Notes of the validator (observations that
 * are not errors) follow as {@code note: …}. The last line is {@code N files, M with problems}, and the exit code
 * is 1 when M is not zero.
 *
 * <p>Directories are walked recursively for the extensions in {@link #EXTENSIONS}, in sorted order; files
 * named on the command line are read whatever their extension. With at least {@value #BAR_THRESHOLD} files
 * and a terminal, a progress bar is drawn on standard error.
 */
@Command(
        name = "validate",
        sortOptions = false,
        description = {
            "Replay game records under the rules and check their moves and recorded endings "
                    + "(a 千日手 must be a fourfold repetition, 入玉勝ち/%%KACHI a valid declaration).",
            "One tab-separated line per file: path, format, moves, recorded ending, ending by the rules, ok or "
                    + "PROBLEM, then each problem indented. The last line is 'N files, M with problems'; "
                    + "the exit code is 1 if M is not 0."
        },
        footer = {
            "",
            "Examples:",
            "  meijin validate game.kif",
            "  meijin validate records/ --quiet",
            "",
            "Directories are searched recursively for .kif .kifu .ki2 .ki2u .csa .jkf .json .sfen .usi files."
        })
final class ValidateCommand implements Callable<Integer> {

    /** The extensions a directory walk picks up, lower-case, without the dot. */
    static final List<String> EXTENSIONS = List.of("kif", "kifu", "ki2", "ki2u", "csa", "jkf", "json", "sfen", "usi");

    /** The least number of files that gets a progress bar (on a terminal only). */
    static final int BAR_THRESHOLD = 20;

    @Spec
    CommandSpec spec;

    @Parameters(arity = "1..*", paramLabel = "FILE|DIR", description = "Record files, or directories to search.")
    List<String> paths = new ArrayList<>();

    @Option(names = {"-q", "--quiet"}, description = "Print only the files with problems, and the summary.")
    boolean quiet;

    /** The command's parent, for whether standard error is a terminal. */
    @ParentCommand
    Main main;

    @Override
    public Integer call() {
        List<Entry> files = collect(paths);
        if (files.isEmpty()) {
            throw new IllegalArgumentException("no record files in " + String.join(", ", paths)
                    + ": a directory is searched for ." + String.join(" .", EXTENSIONS) + " files");
        }
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        ProgressBar bar = files.size() >= BAR_THRESHOLD && main != null && main.interactive()
                ? new ProgressBar(err, files.size())
                : null;
        int withProblems = 0;
        for (int i = 0; i < files.size(); i++) {
            Entry e = files.get(i);
            if (bar != null) {
                bar.show(i, e.label());
            }
            List<String> lines = new ArrayList<>();
            boolean ok = check(e, lines);
            if (!ok) {
                withProblems++;
            }
            if (!ok || !quiet) {
                if (bar != null) {
                    bar.clear();
                }
                lines.forEach(out::println);
                out.flush();
            }
        }
        if (bar != null) {
            bar.clear();
        }
        out.println(files.size() + (files.size() == 1 ? " file, " : " files, ") + withProblems + " with problems");
        return withProblems == 0 ? Main.OK : Main.FAILED;
    }

    /** A file to check and the name to print for it. */
    record Entry(Path path, String label) {}

    /**
     * Reads and replays one file.
     *
     * @param e the file
     * @param lines where the file's report lines go
     * @return whether the file is free of problems
     */
    static boolean check(Entry e, List<String> lines) {
        Records.Loaded loaded;
        try {
            loaded = Records.read(e.path(), e.label());
        } catch (IllegalArgumentException ex) {
            lines.add(String.join("\t", Records.printable(e.label()), "-", "-", "-", "-", "PROBLEM"));
            lines.add("  " + Records.message(ex.getMessage()));
            return false;
        }
        Validation v = RecordValidator.validate(loaded.kifu());
        List<Problem> problems = new ArrayList<>(loaded.problems());
        // A start that is not a legal position was reported by the reader already; the replay adds nothing.
        if (loaded.kifu().startPosition().isPresent() || loaded.problems().isEmpty()) {
            problems.addAll(v.problems());
        }
        boolean ok = problems.isEmpty();
        lines.add(String.join("\t", Records.printable(e.label()), loaded.format().name(), moves(v.moves()), recorded(v.recorded(), loaded.kifu().sideToMoveAtEnd()),
                v.judged().map(Outcome::describe).orElse("-"), ok ? "ok" : "PROBLEM"));
        for (Problem p : problems) {
            lines.add("  " + Records.where(p));
        }
        for (String note : v.notes()) {
            lines.add("  note: " + note);
        }
        return ok;
    }

    private static String moves(int n) {
        return n + (n == 1 ? " move" : " moves");
    }

    /**
     * {@code 千日手 %SENNICHITE}, or the Japanese name alone when CSA has none, or {@code -}. The Japanese name
     * speaks of the side to move ({@link Special#japanese(Color)}): {@code %+ILLEGAL_ACTION} with gote to move
     * is 反則勝ち.
     */
    static String recorded(Optional<Special> special, Color toMove) {
        return special.map(s -> s.japanese(toMove) + s.csa().map(c -> " " + c).orElse("")).orElse("-");
    }

    /**
     * The files to check: each named file, and the record files under each named directory, sorted.
     *
     * @throws IllegalArgumentException if a named path does not exist or a directory cannot be read
     */
    static List<Entry> collect(List<String> paths) {
        List<Entry> out = new ArrayList<>();
        for (String name : paths) {
            Path p = Path.of(name);
            if (Files.isDirectory(p)) {
                out.addAll(walk(p));
            } else if (Files.exists(p, LinkOption.NOFOLLOW_LINKS)) {
                // Read even if it is a dangling link or a loop of links: reading it says which.
                out.add(new Entry(p, name));
            } else {
                throw new IllegalArgumentException("cannot read " + name + ": no such file or directory");
            }
        }
        return out;
    }

    private static List<Entry> walk(Path dir) {
        try (Stream<Path> s = Files.walk(dir)) {
            // A link that leads nowhere (dangling, or a loop of links) is kept, so that reading it says which.
            return s.filter(p -> Files.isRegularFile(p) || Files.isSymbolicLink(p) && !Files.isDirectory(p))
                    .filter(ValidateCommand::isRecordFile)
                    .map(p -> new Entry(p, p.toString()))
                    .sorted((a, b) -> a.label().compareTo(b.label()))
                    .toList();
        } catch (IOException | UncheckedIOException e) {
            IOException io = e instanceof UncheckedIOException u ? u.getCause() : (IOException) e;
            throw new IllegalArgumentException("cannot read directory " + dir + ": " + Records.why(io));
        }
    }

    static boolean isRecordFile(Path p) {
        String name = String.valueOf(p.getFileName());
        int dot = name.lastIndexOf('.');
        return dot > 0 && EXTENSIONS.contains(name.substring(dot + 1).toLowerCase(Locale.ROOT));
    }

    /**
     * A one-line progress bar redrawn in place with carriage returns: {@code [#####-----] 12/40 path}.
     * Cleared before other output and at the end, so that only results stay on the screen.
     */
    static final class ProgressBar {
        private static final int WIDTH = 30;
        private static final int MAX_LABEL = 40;
        private final PrintWriter err;
        private final int total;
        private int lastLength;

        ProgressBar(PrintWriter err, int total) {
            this.err = err;
            this.total = total;
        }

        /** Shows that file {@code done + 1} of the total, named {@code label}, is being checked. */
        void show(int done, String label) {
            int filled = (int) ((long) WIDTH * done / total);
            String name = label.length() > MAX_LABEL ? "…" + label.substring(label.length() - MAX_LABEL + 1) : label;
            String line = "[" + "#".repeat(filled) + "-".repeat(WIDTH - filled) + "] " + (done + 1) + "/" + total + " " + name;
            err.print("\r" + line + " ".repeat(Math.max(0, lastLength - line.length())));
            err.flush();
            lastLength = line.length();
        }

        /** Erases the bar. */
        void clear() {
            if (lastLength > 0) {
                err.print("\r" + " ".repeat(lastLength) + "\r");
                err.flush();
                lastLength = 0;
            }
        }
    }
}
