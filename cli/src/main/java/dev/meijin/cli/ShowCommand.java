package dev.meijin.cli;

import dev.meijin.core.position.Position;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code meijin show}: draws a position as a KIF-style board diagram, or with ASCII letters only. */
@Command(
        name = "show",
        sortOptions = false,
        description = {
            "Draw a position: the board seen from sente's side (square 11 at the top right), both hands, "
                    + "the side to move, the move number and any check.",
            "Gote's pieces are marked v as in KIF; --ascii writes SFEN letters instead (uppercase sente, lowercase gote)."
        },
        footer = {"", "Examples:", "  meijin show startpos", "  meijin show \"<sfen>\" --ascii"})
final class ShowCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Parameters(arity = "1..*", paramLabel = "POSITION",
            description = "startpos or an SFEN (quoted, or as separate words). "
                    + "A side to move without a king (a mate problem) is accepted.")
    List<String> position = new ArrayList<>();

    @Option(names = "--ascii", description = "Files 9-1, ranks a-i and SFEN letters instead of kanji.")
    boolean ascii;

    @Override
    public Integer call() {
        Position pos = Positions.parse(Positions.text(position));
        PrintWriter out = spec.commandLine().getOut();
        BoardDiagram.Style style = ascii ? BoardDiagram.Style.ASCII : BoardDiagram.Style.KANJI;
        for (String line : BoardDiagram.render(pos, style, BoardDiagram.Sides.EVEN)) {
            out.println(line);
        }
        return Main.OK;
    }
}
