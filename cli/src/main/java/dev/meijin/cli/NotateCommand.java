package dev.meijin.cli;

import dev.meijin.core.Color;
import dev.meijin.core.position.Position;
import dev.meijin.notation.kifu.Kifu;
import dev.meijin.notation.kifu.Problem;
import dev.meijin.notation.kifu.Special;
import dev.meijin.notation.kifu.Step;
import dev.meijin.notation.move.MoveStyle;
import java.io.PrintWriter;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code meijin notate}: the main line of a game record in one move notation, one move per line after its
 * ply number ({@code 1 ▲７六歩}), and the special ending, if any, on the last line in the notation's own
 * vocabulary: Japanese for {@code japanese} and {@code ki2} ({@code 投了}), the CSA name for {@code csa}
 * ({@code %TORYO}) and an English name for the others ({@code resigns}).
 *
 * <p>Ply numbers continue the start position's move number, so a record that starts at move 31 numbers its
 * first move 31. Reading problems go to standard error as {@code FILE:LINE:COL: message}; the moves read before
 * the first bad one are still written.
 */
@Command(
        name = "notate",
        sortOptions = false,
        description = {
            "Write the main line of a game record in a move notation, one move per line with its ply number, "
                    + "then the special ending in the notation's vocabulary.",
            "Styles: japanese (７六歩(77)), ki2 (▲７六歩), hosking (P-76), hodges (P-7f), kawasaki (歩-76), "
                    + "csa (+7776FU), usi (7g7f)."
        },
        footer = {"", "Examples:", "  meijin notate game.kif", "  meijin notate game.csa --style hodges"})
final class NotateCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "FILE", description = "The record to read.")
    String file;

    @Option(names = "--style", paramLabel = "STYLE", defaultValue = "japanese",
            description = "japanese, ki2, hosking, hodges, kawasaki, csa or usi. Default: ${DEFAULT-VALUE}.")
    String style;

    @Override
    public Integer call() {
        MoveStyle moveStyle;
        try {
            moveStyle = MoveStyle.byName(style.strip());
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), "--style: " + e.getMessage());
        }
        Records.Loaded loaded = Records.readRecord(file);
        PrintWriter err = spec.commandLine().getErr();
        for (Problem p : loaded.problems()) {
            err.println(Records.located(file, p));
        }
        PrintWriter out = spec.commandLine().getOut();
        Kifu kifu = loaded.kifu();
        // The reader has said why the start is not legal, among the problems above: the reason is not repeated.
        Position pos = kifu.startPosition().orElseThrow(() -> new IllegalArgumentException(
                file + ": nothing to notate, the start position is not legal"
                        + (loaded.problems().isEmpty() ? ": " + kifu.startProblem().orElse("") : "")));
        int ply = kifu.start().setup().moveNumber();
        for (Step s : kifu.moves()) {
            if (s.isMove()) {
                out.println(ply + " " + moveStyle.format(pos, s.move()));
                pos.doMove(s.move());
            } else {
                out.println(ply + " " + special(s.special().orElseThrow(), moveStyle, pos.turn()));
            }
            ply++;
        }
        return Main.OK;
    }

    /** A special ending in a style's vocabulary, recorded with {@code toMove} to move. */
    static String special(Special s, MoveStyle style, Color toMove) {
        return switch (style) {
            case JAPANESE_KIF, KI2 -> s.japanese(toMove);
            case CSA -> s.csa(toMove).orElse(english(s));
            case HOSKING, HODGES, KAWASAKI, USI -> english(s);
        };
    }

    /** The English name of a special ending, as Western records write it. */
    static String english(Special s) {
        return switch (s) {
            case CHUDAN -> "suspended";
            case TORYO -> "resigns";
            case JISHOGI -> "impasse";
            case SENNICHITE -> "repetition";
            case TSUMI -> "checkmate";
            case FUZUMI -> "no mate";
            case TIME_UP -> "loses on time";
            case ILLEGAL_MOVE -> "loses by an illegal move";
            case ILLEGAL_WIN -> "wins by the opponent's illegal move";
            case SENTE_ILLEGAL_ACTION -> "sente loses by an illegal action";
            case GOTE_ILLEGAL_ACTION -> "gote loses by an illegal action";
            case KACHI -> "wins by declaration";
            case HIKIWAKE -> "draw";
            case MAX_MOVES -> "move limit";
            case FUSEN_WIN -> "wins by default";
            case FUSEN_LOSS -> "loses by default";
            case FUUJITE -> "sealed move";
            case MATTA -> "takeback";
            case ERROR -> "error";
        };
    }
}
