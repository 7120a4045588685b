package dev.meijin.cli;

import dev.meijin.core.text.AsciiNumbers;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.function.Function;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.TypeConversionException;

/** Checks of option values shared by the commands, each failing as a usage error that names the option and the value. */
final class Options {
    private Options() {}

    /**
     * Makes every whole-number option and parameter of a command tree ({@code int}, {@code long} and their boxes)
     * read ASCII digits only. picocli's own converters call {@link Integer#valueOf}, which takes any Unicode digit:
     * {@code --depth １} was depth 1. A value in other digits is refused as picocli refuses {@code x}:
     * {@code Invalid value for option '--depth': '１' is not an int}.
     *
     * @param cmd the top command, with its subcommands already added
     */
    static void wholeNumbersInAsciiDigits(CommandLine cmd) {
        CommandLine.ITypeConverter<Integer> toInt = converter(AsciiNumbers::parseInt, "an int");
        CommandLine.ITypeConverter<Long> toLong = converter(AsciiNumbers::parseLong, "a long");
        cmd.registerConverter(Integer.class, toInt);
        cmd.registerConverter(int.class, toInt);
        cmd.registerConverter(Long.class, toLong);
        cmd.registerConverter(long.class, toLong);
    }

    private static <T> CommandLine.ITypeConverter<T> converter(Function<String, T> parse, String type) {
        return value -> {
            try {
                return parse.apply(value);
            } catch (NumberFormatException e) {
                throw new TypeConversionException("'" + value + "' is not " + type);
            }
        };
    }

    /**
     * Checks that a whole-number option lies in a range.
     *
     * @param spec the command, for the usage error
     * @param option the option's name, e.g. {@code --games}
     * @param value its value
     * @param min the least value allowed
     * @param max the greatest value allowed; {@link Long#MAX_VALUE} for no bound
     * @throws ParameterException {@code --games must be at least 1, got 0}
     */
    static void inRange(CommandSpec spec, String option, long value, long min, long max) {
        if (value < min || value > max) {
            throw new ParameterException(spec.commandLine(), option + " must be "
                    + (max == Long.MAX_VALUE ? "at least " + min : "between " + min + " and " + max) + ", got " + value);
        }
    }

    /**
     * Checks that a number option lies in a range and is a number at all (not NaN or infinite).
     *
     * @throws ParameterException {@code --lambda must be between 0.0 and 1.0, got 5.0}
     */
    static void inRange(CommandSpec spec, String option, double value, double min, double max) {
        if (!(value >= min && value <= max) || Double.isInfinite(value)) {
            throw new ParameterException(spec.commandLine(), option + " must be "
                    + (max == Double.MAX_VALUE ? "at least " + min : "between " + min + " and " + max) + ", got " + value);
        }
    }

    /**
     * Checks, before any work is done, that a file can be created or replaced at a path: it is not a directory
     * and the directory it goes in exists.
     *
     * @throws ParameterException {@code --out: /no/such/dir/w.txt: the directory /no/such/dir does not exist}
     */
    static void writableFile(CommandSpec spec, String option, Path file) {
        if (Files.isDirectory(file)) {
            throw new ParameterException(spec.commandLine(), option + ": " + file + " is a directory, not a file");
        }
        Path dir = file.toAbsolutePath().getParent();
        if (dir != null && !Files.isDirectory(dir)) {
            throw new ParameterException(spec.commandLine(), option + ": " + file + ": the directory " + dir + " does not exist");
        }
    }

    /**
     * Checks, before any work is done, that a directory can be created at a path or is there already: neither
     * it nor a folder on its way is a file.
     *
     * @throws ParameterException {@code --out: games.txt is a file, not a directory}
     */
    static void directory(CommandSpec spec, String option, Path dir) {
        for (Path p = dir.toAbsolutePath(); p != null; p = p.getParent()) {
            if (Files.exists(p)) {
                if (!Files.isDirectory(p)) {
                    throw new ParameterException(spec.commandLine(), option + ": " + (p.equals(dir.toAbsolutePath()) ? dir : p)
                            + " is a file, not a directory");
                }
                return;
            }
        }
    }

    /**
     * Checks that an input file exists as a regular file (or a directory, where one is asked for), before any
     * work is done.
     *
     * @throws ParameterException {@code --data: /x.txt: no such file}
     */
    static void readable(CommandSpec spec, String option, Path path, boolean directory) {
        if (directory ? !Files.isDirectory(path) : !Files.isRegularFile(path)) {
            String why = !Files.exists(path, LinkOption.NOFOLLOW_LINKS) ? (directory ? "no such directory" : "no such file")
                    : directory ? "not a directory" : Files.isDirectory(path) ? "a directory, not a file" : "not a regular file";
            throw new ParameterException(spec.commandLine(), option + ": " + path + ": " + why);
        }
    }
}
