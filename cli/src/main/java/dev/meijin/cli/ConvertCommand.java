package dev.meijin.cli;

import dev.meijin.notation.Format;
import dev.meijin.notation.Formats;
import dev.meijin.notation.WriteOptions;
import dev.meijin.notation.csa.CsaVersion;
import dev.meijin.notation.csa.CsaWriter;
import dev.meijin.notation.encoding.TextDecoder;
import dev.meijin.notation.encoding.TextEncoder;
import dev.meijin.notation.kifu.Kifu;
import dev.meijin.notation.kifu.Problem;
import dev.meijin.notation.kifu.WriteResult;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
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
 * {@code meijin convert}: reads a game record in any supported format and writes it in another.
 *
 * <p>The input's format and encoding are detected from its content. The target is {@code --to}, else the
 * extension of {@code -o OUT}, else KIF. Without {@code -o} the record goes to standard output as UTF-8 text;
 * a file gets the encoding its target conventionally has ({@link WriteOptions#forFileName}): Shift_JIS for
 * {@code kif}, {@code ki2} and CSA V2.2, UTF-8 for everything else ({@code kifu}, {@code ki2u}, CSA V3.0 (which
 * declares it), {@code jkf}, {@code usi}, {@code sfen}). When OUT's extension names the target's format it
 * decides the encoding ({@code --to kif -o game.kifu} is UTF-8); otherwise the target's name does.
 *
 * <p>Standard error gets every reading problem as {@code IN:LINE:COL: message}, then one {@code dropped: …}
 * line for each kind of content the target cannot hold (variations in CSA, comments in USI…). Reading is
 * lenient: a record with problems is converted as far as it was read, and the exit code is 0, unless
 * {@code --strict}, which makes any reading problem a failure (exit code 1, nothing written). A file that
 * cannot be read, or holds no record in a known format, fails with one line.
 */
@Command(
        name = "convert",
        sortOptions = false,
        description = {
            "Convert a game record: KIF, KI2, CSA, JKF, USI or SFEN in (detected from the content), "
                    + "any of them out.",
            "Reading problems go to standard error as IN:LINE:COL: message, and what the target format cannot "
                    + "hold as 'dropped: ...' lines."
        },
        footer = {
            "",
            "Examples:",
            "  meijin convert game.csa                       # KIF, UTF-8, to standard output",
            "  meijin convert game.kif -o game.csa           # CSA V2.2 file, Shift_JIS",
            "  meijin convert game.csa -o game.kif           # KIF file, Shift_JIS",
            "  meijin convert game.kif --to csa --csa-version 3.0",
            "  meijin convert game.jkf --to usi              # position startpos moves ..."
        })
final class ConvertCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "IN", description = "The record to read.")
    String in;

    @Option(names = "--to", paramLabel = "FORMAT",
            description = "kif, kifu, ki2, ki2u, csa, jkf, sfen or usi. Default: OUT's extension, else kif. "
                    + "kifu and ki2u are KIF and KI2 in UTF-8.")
    String to;

    @Option(names = "--csa-version", paramLabel = "VERSION", description = "2.2 (the default) or 3.0, for CSA output.")
    String csaVersion;

    @Option(names = {"-o", "--output"}, paramLabel = "OUT",
            description = "Write to this file instead of standard output.")
    Path out;

    @Option(names = "--strict", description = "Fail (exit code 1, nothing written) if the input has any problem.")
    boolean strict;

    /** A target as named on the command line or by an extension: {@code kifu} is KIF in UTF-8. */
    record Target(String name, Format format) {
        /**
         * The encoding of a file of this target: the file's own extension decides when it names the same
         * format ({@code --to kif -o game.kifu} is UTF-8), else the target's name does.
         */
        WriteOptions fileOptions(Path file) {
            String fileName = String.valueOf(file.getFileName());
            boolean sameFormat = Format.byFileName(fileName).filter(f -> f == format).isPresent();
            return WriteOptions.forFileName(sameFormat ? fileName : "record." + name);
        }
    }

    @Override
    public Integer call() {
        Target target = target();
        CsaVersion version = csaVersion(target);
        Records.Loaded loaded = Records.readRecord(in);
        PrintWriter err = spec.commandLine().getErr();
        for (Problem p : loaded.problems()) {
            err.println(Records.located(in, p));
        }
        if (strict && !loaded.problems().isEmpty()) {
            int n = loaded.problems().size();
            err.println("meijin: " + in + ": " + n + (n == 1 ? " problem" : " problems") + "; nothing written (--strict)");
            return Main.FAILED;
        }
        WriteResult written;
        if (out == null) {
            written = render(loaded.kifu(), target, WriteOptions.UTF8, version);
            PrintWriter stdout = spec.commandLine().getOut();
            stdout.print(withNewline(written.text()));
            stdout.flush();
        } else {
            written = writeFile(loaded.kifu(), target, out, version);
        }
        for (String d : written.dropped()) {
            err.println("dropped: " + Records.printable(d));
        }
        for (String b : written.beyondLimits()) {
            err.println("warning: " + Records.printable(b) + "; reading the output back would not give the whole record");
        }
        return Main.OK;
    }

    private Target target() {
        if (to != null) {
            return byName(to).orElseThrow(() -> new ParameterException(spec.commandLine(),
                    "--to: unknown format '" + to + "' (kif, kifu, ki2, ki2u, csa, jkf, sfen, usi)"));
        }
        if (out != null && Files.isDirectory(out)) {
            throw new ParameterException(spec.commandLine(), "-o: " + out + " is a directory; give the name of the file to write");
        }
        if (out != null) {
            String file = String.valueOf(out.getFileName());
            int dot = file.lastIndexOf('.');
            Optional<Target> byExtension = dot < 0 ? Optional.empty() : byName(file.substring(dot + 1));
            return byExtension.orElseThrow(() -> new ParameterException(spec.commandLine(),
                    "cannot tell the format from the name " + file + "; use --to"));
        }
        return new Target("kif", Format.KIF);
    }

    /** A target by its name on the command line or a file extension ({@code json} is JKF). */
    static Optional<Target> byName(String name) {
        String n = name.toLowerCase(Locale.ROOT);
        return Format.byFileName("record." + n).map(f -> new Target(n.equals("json") ? "jkf" : n, f));
    }

    private CsaVersion csaVersion(Target target) {
        if (csaVersion == null) {
            return CsaVersion.V2_2;
        }
        if (target.format() != Format.CSA) {
            throw new ParameterException(spec.commandLine(), "--csa-version applies only to CSA output");
        }
        return switch (csaVersion.strip()) {
            case "2.2", "2", "V2.2" -> CsaVersion.V2_2;
            case "3.0", "3", "V3.0" -> CsaVersion.V3_0;
            default -> throw new ParameterException(spec.commandLine(),
                    "--csa-version: '" + csaVersion + "' is not 2.2 or 3.0");
        };
    }

    /**
     * The record format of a {@code --save FILE} option (of {@code play} and {@code analyse}), told by the file's
     * extension and checked before any work begins; null without the option.
     *
     * @throws ParameterException naming the option if the file is a directory or its name gives no record format
     */
    static Target saveTarget(CommandSpec spec, Path save) {
        if (save == null) {
            return null;
        }
        if (Files.isDirectory(save)) {
            throw new ParameterException(spec.commandLine(), "--save: " + save + " is a directory; give the name of the file to write");
        }
        String file = String.valueOf(save.getFileName());
        int dot = file.lastIndexOf('.');
        return (dot < 0 ? Optional.<Target>empty() : byName(file.substring(dot + 1)))
                .filter(t -> t.format() != Format.SFEN && t.format() != Format.USI)
                .orElseThrow(() -> new ParameterException(spec.commandLine(), "--save: cannot tell a record format from the name "
                        + file + "; end it in .kif, .kifu, .ki2, .ki2u, .csa or .jkf"));
    }

    /**
     * Writes a record to a file in a target's format, in the file's usual encoding: Shift_JIS for {@code .kif},
     * {@code .ki2} and CSA V2.2 (V2.2 has no encoding line that every tool reads), UTF-8 for {@code .kifu},
     * {@code .ki2u}, JKF and CSA V3.0 (which declares it on its first line).
     *
     * @return what the writer wrote, and what the format could not hold
     * @throws IllegalArgumentException naming the file when it cannot be written
     */
    static WriteResult writeFile(Kifu kifu, Target target, Path out, CsaVersion version) {
        WriteOptions options = target.fileOptions(out);
        if (target.format() == Format.CSA) {
            options = options.withUtf8(version == CsaVersion.V3_0);
        }
        WriteResult written = render(kifu, target, options, version);
        write(out, TextEncoder.encode(withNewline(written.text()), options.utf8()));
        return written;
    }

    private static WriteResult render(Kifu kifu, Target target, WriteOptions options, CsaVersion version) {
        return target.format() == Format.CSA
                ? CsaWriter.write(kifu, version, options.utf8() ? StandardCharsets.UTF_8 : TextDecoder.SHIFT_JIS)
                : Formats.write(kifu, target.format(), options);
    }

    private static String withNewline(String text) {
        return text.endsWith("\n") ? text : text + "\n";
    }

    private static void write(Path file, byte[] bytes) {
        try {
            Files.write(file, bytes);
        } catch (NoSuchFileException e) {
            throw new IllegalArgumentException("cannot write " + file + ": no such directory");
        } catch (IOException e) {
            throw new IllegalArgumentException("cannot write " + file + ": " + Records.why(e));
        }
    }
}
