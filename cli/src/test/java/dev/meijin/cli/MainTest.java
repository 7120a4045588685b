package dev.meijin.cli;

import static org.assertj.core.api.Assertions.assertThat;

import static java.nio.charset.StandardCharsets.UTF_8;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import picocli.CommandLine.Command;

class MainTest {

    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    private int run(String... args) {
        return Main.run(new PrintWriter(out, true), new PrintWriter(err, true), args);
    }

    @Test
    void helpListsCommandsAndSucceeds() {
        assertThat(run("--help")).isEqualTo(Main.OK);
        assertThat(out.toString()).contains("meijin").contains("perft", "moves", "show", "play", "serve");
        assertThat(err.toString()).isEmpty();
    }

    @Test
    void everyCommandsHelpPrintsCleanly() {
        CommandLine cl = Main.commandLine(new PrintWriter(new StringWriter()), new PrintWriter(new StringWriter()));
        assertThat(cl.getSubcommands()).containsKeys("perft", "solve", "usi", "bench", "match", "serve", "load");
        PrintStream saved = System.err;
        ByteArrayOutputStream stderr = new ByteArrayOutputStream();
        System.setErr(new PrintStream(stderr, true, UTF_8));
        try {
            for (String name : cl.getSubcommands().keySet()) {
                Cli.Result r = Cli.run(name, "--help");
                assertThat(r.code()).as(name).isEqualTo(Main.OK);
                if (!name.equals("help")) {
                    // An alias (analyze) prints the usage of the command it names (analyse).
                    assertThat(r.out()).as(name).startsWith("Usage: meijin " + cl.getSubcommands().get(name).getCommandName());
                }
                assertThat(r.err()).as(name).isEmpty();
            }
        } finally {
            System.setErr(saved);
        }
        // picocli reports a description it cannot format (an unescaped %) on System.err
        assertThat(stderr.toString(UTF_8)).isEmpty();
    }

    @Test
    void versionNamesTheProgram() {
        assertThat(run("--version")).isEqualTo(Main.OK);
        // Run from the classes directory there is no jar manifest to give a version; from the jar, its version.
        String stamped = Main.class.getPackage().getImplementationVersion();
        String nl = System.lineSeparator();
        assertThat(out.toString()).isEqualTo("meijin " + (stamped == null ? "(development build)" : stamped) + nl
                + "Java " + Runtime.version() + " (" + System.getProperty("java.vendor") + ")" + nl);
        assertThat(err.toString()).isEmpty();
    }

    /** A failed file operation is named by its file and the reason, not by the bare path Java's exceptions give. */
    @Test
    void aFileErrorNamesTheFileAndTheReason() {
        assertThat(new java.nio.file.NoSuchFileException("/no/such/dir/w.txt").getMessage()).isEqualTo("/no/such/dir/w.txt");
        assertThat(Main.describe(new java.nio.file.NoSuchFileException("/no/such/dir/w.txt")))
                .isEqualTo("/no/such/dir/w.txt: no such file or directory");
        assertThat(Main.describe(new java.nio.file.FileSystemException("/tmp", null, "Is a directory"))).isEqualTo("/tmp: is a directory");
        assertThat(Main.describe(new java.nio.file.AccessDeniedException("/etc/shadow"))).isEqualTo("/etc/shadow: permission denied");
        assertThat(Main.describe(new java.io.UncheckedIOException(new java.nio.file.NotDirectoryException("a.txt/b"))))
                .isEqualTo("a.txt/b: not a directory");
        assertThat(Main.describe(new IllegalStateException("plain message"))).isEqualTo("plain message");
    }

    @Test
    void serveRefusesAPortOutOfRange() {
        assertThat(run("serve", "--port", "70000")).isEqualTo(Main.USAGE);
        assertThat(err.toString()).isEqualTo("meijin serve: --port must be between 0 and 65535, got 70000 (see 'meijin serve --help')"
                + System.lineSeparator());
        assertThat(out.toString()).isEmpty();
    }

    /** picocli's converters read any Unicode digit: --depth １ was depth 1 and --byoyomi ١٠٠٠ a second. */
    @Test
    void wholeNumbersAreAsciiDigits() {
        assertThat(Cli.run("perft", "startpos", "--depth", "1").code()).isEqualTo(Main.OK);
        for (Map.Entry<List<String>, String> c : Map.of(
                List.of("perft", "startpos", "--depth", "１"), "Invalid value for option '--depth': '１' is not an int",
                List.of("perft", "startpos", "--depth", "+١"), "Invalid value for option '--depth': '+١' is not an int",
                List.of("match", "--byoyomi", "١٠٠٠"), "Invalid value for option '--byoyomi': '١٠٠٠' is not a long",
                List.of("gensfen", "--nodes", "1０"), "Invalid value for option '--nodes': '1０' is not a long").entrySet()) {
            String command = c.getKey().getFirst();
            Cli.Result r = Cli.run(c.getKey().toArray(String[]::new));
            assertThat(r.code()).as(c.getKey().toString()).isEqualTo(Main.USAGE);
            assertThat(r.errLines()).as(c.getKey().toString())
                    .containsExactly("meijin " + command + ": " + c.getValue() + " (see 'meijin " + command + " --help')");
            assertThat(r.out()).as(c.getKey().toString()).isEmpty();
        }
    }

    @Test
    void unknownOptionIsOneLineUsageError() {
        assertThat(run("--bogus")).isEqualTo(Main.USAGE);
        assertThat(err.toString().lines()).singleElement().asString()
                .startsWith("meijin: ")
                .contains("--bogus")
                .doesNotContain("Exception");
        assertThat(out.toString()).isEmpty();
    }

    @Test
    void unknownCommandSuggestsTheNearestOne() {
        assertThat(run("serv")).isEqualTo(Main.USAGE);
        assertThat(err.toString().lines()).singleElement().asString().isEqualTo("meijin: unknown command 'serv'; did you mean serve? (see 'meijin --help')");
    }

    @Test
    void noCommandIsUsageError() {
        assertThat(run()).isEqualTo(Main.USAGE);
        assertThat(err.toString().lines()).singleElement().asString().startsWith("meijin: missing command");
    }

    @Test
    void failingCommandPrintsItsMessageWithoutStackTrace() {
        CommandLine cmd = Main.commandLine(new PrintWriter(out, true), new PrintWriter(err, true));
        cmd.addSubcommand("fail", new Failing());
        cmd.setErr(new PrintWriter(err, true)); // reach the subcommand added after construction
        assertThat(cmd.execute("fail")).isEqualTo(Main.FAILED);
        assertThat(err.toString()).isEqualTo("meijin: invalid SFEN board" + System.lineSeparator());
    }

    @Command(name = "fail")
    static final class Failing implements Callable<Integer> {
        @Override
        public Integer call() {
            throw new IllegalArgumentException("invalid SFEN board");
        }
    }
}
