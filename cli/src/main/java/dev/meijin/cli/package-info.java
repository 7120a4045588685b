/**
 * The {@code meijin} command line.
 *
 * <p>{@link dev.meijin.cli.Main} is the entry point; each subcommand is one picocli command class
 * in this package: {@code PerftCommand} ({@code perft}), {@code MovesCommand} ({@code moves}),
 * {@code ShowCommand} ({@code show}), {@code PlayCommand} ({@code play}), {@code ConvertCommand}
 * ({@code convert}), {@code ValidateCommand} ({@code validate}), {@code NotateCommand} ({@code notate}) and
 * {@code ServeCommand} ({@code serve}). {@code BoardDiagram} draws boards for {@code show} and {@code play};
 * {@code Positions} reads position arguments; {@code Records} reads game record files. Commands only
 * parse arguments, call the libraries and print results: rules, notation and search logic live in their
 * own modules, never here.
 *
 * <p>Exit codes: {@code 0} success, {@code 1} the command failed (one line {@code meijin: <message>}
 * on standard error), {@code 2} bad usage (one line on standard error). No stack trace is ever
 * printed. Malformed input data (an SFEN, a perft table) makes a command fail; a wrong option
 * (an unknown rule set or handicap, a depth out of range, options that exclude each other) is bad
 * usage.
 *
 * <p>Depends on {@code dev.meijin.core}, {@code dev.meijin.notation} and picocli. Nothing depends on this
 * package.
 */
package dev.meijin.cli;
