package dev.meijin.cli;

import java.io.Console;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileSystemException;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.ParseResult;
import picocli.CommandLine.ScopeType;
import picocli.CommandLine.Spec;
import picocli.CommandLine.UnmatchedArgumentException;

/**
 * Entry point of the {@code meijin} command.
 *
 * <p>Exit codes: {@code 0} success, {@code 1} the command failed, {@code 2} bad usage. Errors are
 * reported as a single line on standard error; no stack trace is ever printed. Standard output
 * and standard error are UTF-8 whatever the platform locale, because boards and records contain
 * Japanese text. Standard input, which {@code play} reads, is decoded as UTF-8 too.
 */
@Command(
        name = "meijin",
        mixinStandardHelpOptions = true,
        scope = ScopeType.INHERIT,
        versionProvider = Main.Version.class,
        usageHelpAutoWidth = true,
        description = "Meijin: shogi rules, records, engine and play.",
        subcommands = {
            PerftCommand.class,
            MovesCommand.class,
            ShowCommand.class,
            PlayCommand.class,
            AnalyseCommand.class,
            ConvertCommand.class,
            ValidateCommand.class,
            NotateCommand.class,
            ServeCommand.class,
            SolveCommand.class,
            LoadCommand.class,
            UsiCommand.class,
            BenchCommand.class,
            GensfenCommand.class,
            TuneCommand.class,
            MatchCommand.class,
            CommandLine.HelpCommand.class
        })
public final class Main implements Callable<Integer> {

    /** Exit code for success. */
    static final int OK = 0;
    /** Exit code when a command fails while running. */
    static final int FAILED = 1;
    /** Exit code for bad usage: unknown options, missing or malformed arguments. */
    static final int USAGE = 2;

    @Spec
    CommandSpec spec;

    private final InputStream in;
    private final boolean interactive;

    /** A command reading {@link System#in}, treated as not interactive (see {@link #interactive()}). */
    public Main() {
        this(System.in, false);
    }

    private Main(InputStream in, boolean interactive) {
        this.in = in;
        this.interactive = interactive;
    }

    /** Where commands that read input ({@code play}) read it from. */
    InputStream input() {
        return in;
    }

    /**
     * Whether a person types the input at a terminal. When not (a pipe, a file, a test), {@code play} echoes
     * each command it reads after its prompt, so the output reads as a transcript.
     */
    boolean interactive() {
        return interactive;
    }

    /**
     * Runs the command line and exits the JVM with its exit code.
     *
     * @param args the command-line arguments
     */
    public static void main(String[] args) {
        Thread.setDefaultUncaughtExceptionHandler(Main::onUncaught);
        PrintWriter out = utf8(System.out);
        PrintWriter err = utf8(System.err);
        Console console = System.console();
        int code = run(System.in, console != null && console.isTerminal(), out, err, args);
        out.flush();
        err.flush();
        System.exit(code);
    }

    /**
     * Runs {@code meijin} with the given arguments and an empty input, printing to {@code out} and {@code err}.
     *
     * @param out where command output goes
     * @param err where errors and diagnostics go
     * @param args the command-line arguments
     * @return the exit code: {@code 0}, {@code 1} or {@code 2}
     */
    static int run(PrintWriter out, PrintWriter err, String... args) {
        return run(InputStream.nullInputStream(), false, out, err, args);
    }

    /**
     * Runs {@code meijin} with the given arguments, reading commands that need input from {@code in}.
     *
     * @param in what {@code play} reads its commands from
     * @param interactive whether a person types {@code in} at a terminal (prompts then need no echo)
     * @param out where command output goes
     * @param err where errors and diagnostics go
     * @param args the command-line arguments
     * @return the exit code: {@code 0}, {@code 1} or {@code 2}
     */
    static int run(InputStream in, boolean interactive, PrintWriter out, PrintWriter err, String... args) {
        return commandLine(new Main(in, interactive), out, err).execute(args);
    }

    /**
     * Builds the {@code meijin} command tree with its error handlers installed.
     *
     * @param out where command output goes
     * @param err where errors and diagnostics go
     * @return a ready-to-execute command line
     */
    static CommandLine commandLine(PrintWriter out, PrintWriter err) {
        return commandLine(new Main(), out, err);
    }

    private static CommandLine commandLine(Main main, PrintWriter out, PrintWriter err) {
        CommandLine cmd = new CommandLine(main);
        cmd.setOut(out);
        cmd.setErr(err);
        cmd.setParameterExceptionHandler(Main::onParameterError);
        cmd.setExecutionExceptionHandler(Main::onExecutionError);
        Options.wholeNumbersInAsciiDigits(cmd);
        return cmd;
    }

    /** Without a subcommand there is nothing to do: that is a usage error. */
    @Override
    public Integer call() {
        throw new ParameterException(spec.commandLine(), "missing command");
    }

    private static int onParameterError(ParameterException ex, String[] args) {
        CommandLine cmd = ex.getCommandLine();
        String name = cmd.getCommandSpec().qualifiedName();
        String message = oneLine(ex.getMessage());
        if (ex instanceof UnmatchedArgumentException unmatched) {
            List<String> extra = unmatched.getUnmatched();
            if (!unmatched.isUnknownOption() && !cmd.getSubcommands().isEmpty() && !extra.isEmpty()) {
                message = "unknown command '" + extra.getFirst() + "'";
            }
            // Suggestions come best first; naming only the best keeps "serv" from suggesting perft too.
            List<String> suggestions = unmatched.getSuggestions();
            if (!suggestions.isEmpty()) {
                message += "; did you mean " + suggestions.getFirst() + "?";
            }
        }
        if (ex instanceof ChoiceException choice) {
            // The list of valid values is ours, not the input: shown whole, only the rest cut.
            message = Records.message(oneLine(choice.head())) + "; valid: " + Records.printable(choice.choices());
        } else {
            message = Records.message(message);
        }
        PrintWriter err = cmd.getErr();
        err.println(name + ": " + message + " (see '" + name + " --help')");
        err.flush();
        return USAGE;
    }

    private static int onExecutionError(Exception ex, CommandLine cmd, ParseResult parseResult) {
        PrintWriter err = cmd.getErr();
        err.println("meijin: " + Records.message(describe(ex)));
        err.flush();
        return FAILED;
    }

    /** Last resort for errors (not exceptions) that escape picocli, on any thread. */
    private static void onUncaught(Thread thread, Throwable t) {
        System.err.println("meijin: internal error: " + t.getClass().getSimpleName() + ": " + describe(t));
        System.err.flush();
        Runtime.getRuntime().halt(FAILED);
    }

    /**
     * An exception in a few words. A file operation that failed is named by its file and the reason
     * ({@code /no/such/dir/out.txt: no such file or directory}), since the exception's own message is often the
     * bare path.
     */
    static String describe(Throwable t) {
        if (t instanceof UncheckedIOException u) {
            return describe(u.getCause());
        }
        if (t instanceof FileSystemException f && f.getFile() != null) {
            return f.getFile() + ": " + Records.fileError(f);
        }
        String message = t.getMessage();
        return message == null || message.isBlank() ? t.getClass().getSimpleName() : message;
    }

    private static String oneLine(String message) {
        return message == null ? "invalid arguments" : message.strip().replaceAll("\\s*\\R\\s*", " ").replaceFirst("\\.$", "");
    }

    private static PrintWriter utf8(OutputStream stream) {
        return new PrintWriter(new OutputStreamWriter(stream, StandardCharsets.UTF_8), true);
    }

    /** Reports the version stamped into the jar manifest at build time. */
    static final class Version implements CommandLine.IVersionProvider {
        @Override
        public String[] getVersion() {
            String version = Main.class.getPackage().getImplementationVersion();
            return new String[] {
                "meijin " + (version == null ? "(development build)" : version),
                "Java " + Runtime.version() + " (" + System.getProperty("java.vendor", "unknown vendor") + ")"
            };
        }
    }
}
