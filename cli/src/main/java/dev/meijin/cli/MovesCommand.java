package dev.meijin.cli;

import dev.meijin.core.Move;
import dev.meijin.core.position.GenType;
import dev.meijin.core.position.Position;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code meijin moves}: the legal moves of a position in USI, one per line, sorted by their text. By default
 * every legal move, the non-promotions that are never better than promoting included (what perft counts and
 * game records may contain); {@code --sensible} leaves those out.
 */
@Command(
        name = "moves",
        sortOptions = false,
        description = "Print the legal moves of a position in USI (7g7f, 8h2b+, P*5e), one per line, sorted.",
        footer = {"", "Examples:", "  meijin moves startpos", "  meijin moves \"<sfen>\" --sensible | wc -l"})
final class MovesCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Parameters(arity = "1..*", paramLabel = "POSITION",
            description = "startpos or an SFEN (quoted, or as separate words). "
                    + "A side to move without a king (a mate problem) is accepted.")
    List<String> position = new ArrayList<>();

    @Option(names = "--all", description = "Every legal move, useless non-promotions included (the default).")
    boolean all;

    @Option(names = "--sensible", description = "Leave out the non-promotions that are never better than promoting "
            + "(pawn, bishop and rook moves that could promote, lance moves to the second rank).")
    boolean sensible;

    @Override
    public Integer call() {
        if (all && sensible) {
            throw new ParameterException(spec.commandLine(), "--all and --sensible exclude each other");
        }
        Position pos = Positions.parse(Positions.text(position));
        int[] buf = new int[Position.MAX_MOVES];
        int n = pos.generate(sensible ? GenType.LEGAL : GenType.LEGAL_ALL, buf, 0);
        PrintWriter out = spec.commandLine().getOut();
        for (String usi : sortedUsi(Arrays.copyOf(buf, n))) {
            out.println(usi);
        }
        return Main.OK;
    }

    /** The USI texts of moves, sorted. */
    static List<String> sortedUsi(int[] moves) {
        List<String> texts = new ArrayList<>(moves.length);
        for (int m : moves) {
            texts.add(Move.usi(m));
        }
        texts.sort(null);
        return texts;
    }
}
