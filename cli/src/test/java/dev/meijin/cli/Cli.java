package dev.meijin.cli;

import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.util.List;

/** Runs {@code meijin} in-process with captured output, as the command line would. */
final class Cli {
    private Cli() {}

    /**
     * What a run produced, line separators normalised to {@code \n}.
     *
     * @param code the exit code
     * @param out standard output
     * @param err standard error
     */
    record Result(int code, String out, String err) {
        List<String> outLines() {
            return out.lines().toList();
        }

        List<String> errLines() {
            return err.lines().toList();
        }

        String lastOutLine() {
            return outLines().getLast();
        }
    }

    /** Runs with an empty standard input. */
    static Result run(String... args) {
        return runWithInput("", args);
    }

    /** Runs with the given text as standard input, not interactive (commands are echoed after prompts). */
    static Result runWithInput(String input, String... args) {
        return runWithInput(input, false, args);
    }

    static Result runWithInput(String input, boolean interactive, String... args) {
        return runWithStream(new ByteArrayInputStream(input.getBytes(StandardCharsets.UTF_8)), interactive, args);
    }

    /** Runs with the given stream as standard input. */
    static Result runWithStream(InputStream in, boolean interactive, String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = Main.run(in, interactive, new PrintWriter(out, true), new PrintWriter(err, true), args);
        String nl = System.lineSeparator();
        return new Result(code, out.toString().replace(nl, "\n"), err.toString().replace(nl, "\n"));
    }
}
