package dev.meijin.cli;

import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
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
 * Japanese text.
 */
@Command(
        name = "meijin",
        mixinStandardHelpOptions = true,
        scope = ScopeType.INHERIT,
        versionProvider = Main.Version.class,
        usageHelpAutoWidth = true,
        description = "Meijin: shogi rules, records, engine and play.",
        subcommands = {CommandLine.HelpCommand.class, ServeCommand.class})
public final class Main implements Callable<Integer> {

    /** Exit code for success. */
    static final int OK = 0;
    /** Exit code when a command fails while running. */
    static final int FAILED = 1;
    /** Exit code for bad usage: unknown options, missing or malformed arguments. */
    static final int USAGE = 2;

    @Spec
    CommandSpec spec;

    /**
     * Runs the command line and exits the JVM with its exit code.
     *
     * @param args the command-line arguments
     */
    public static void main(String[] args) {
        Thread.setDefaultUncaughtExceptionHandler(Main::onUncaught);
        PrintWriter out = utf8(System.out);
        PrintWriter err = utf8(System.err);
        int code = run(out, err, args);
        out.flush();
        err.flush();
        System.exit(code);
    }

    /**
     * Runs {@code meijin} with the given arguments, printing to {@code out} and {@code err}.
     *
     * @param out where command output goes
     * @param err where errors and diagnostics go
     * @param args the command-line arguments
     * @return the exit code: {@code 0}, {@code 1} or {@code 2}
     */
    static int run(PrintWriter out, PrintWriter err, String... args) {
        return commandLine(out, err).execute(args);
    }

    /**
     * Builds the {@code meijin} command tree with its error handlers installed.
     *
     * @param out where command output goes
     * @param err where errors and diagnostics go
     * @return a ready-to-execute command line
     */
    static CommandLine commandLine(PrintWriter out, PrintWriter err) {
        CommandLine cmd = new CommandLine(new Main());
        cmd.setOut(out);
        cmd.setErr(err);
        cmd.setParameterExceptionHandler(Main::onParameterError);
        cmd.setExecutionExceptionHandler(Main::onExecutionError);
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
            List<String> suggestions = unmatched.getSuggestions();
            if (!suggestions.isEmpty()) {
                message += "; did you mean " + String.join(" or ", suggestions) + "?";
            }
        }
        PrintWriter err = cmd.getErr();
        err.println(name + ": " + message + " (see '" + name + " --help')");
        err.flush();
        return USAGE;
    }

    private static int onExecutionError(Exception ex, CommandLine cmd, ParseResult parseResult) {
        PrintWriter err = cmd.getErr();
        err.println("meijin: " + describe(ex));
        err.flush();
        return FAILED;
    }

    /** Last resort for errors (not exceptions) that escape picocli, on any thread. */
    private static void onUncaught(Thread thread, Throwable t) {
        System.err.println("meijin: internal error: " + t.getClass().getSimpleName() + ": " + describe(t));
        System.err.flush();
        Runtime.getRuntime().halt(FAILED);
    }

    private static String describe(Throwable t) {
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
