package dev.meijin.notation.sfen;

import dev.meijin.core.Color;
import dev.meijin.core.Hand;
import dev.meijin.core.Move;
import dev.meijin.core.Role;
import dev.meijin.core.position.Setup;
import dev.meijin.core.position.Setups;
import dev.meijin.core.sfen.Sfen;
import dev.meijin.notation.kifu.Kifu;
import dev.meijin.notation.kifu.Limits;
import dev.meijin.notation.kifu.Step;
import dev.meijin.notation.kifu.WriteResult;
import java.util.ArrayList;
import java.util.List;

/**
 * Writes a record's start and main line as an SFEN position with USI moves. A record holds much more than
 * that; {@link WriteResult#dropped()} lists what was left out: headers, comments, engine comments, times,
 * variations and the special ending.
 *
 * {@snippet :
 * SfenWriter.write(kifu).text();                          // "position startpos moves 7g7f 3c3d"
 * SfenWriter.write(kifu, SfenWriter.Style.SFEN).text();   // "sfen lnsgkgsnl/… b - 1 moves 7g7f 3c3d"
 * SfenWriter.write(Kifu.empty(), SfenWriter.Style.SFEN).text(); // "sfen lnsgkgsnl/… b - 1"
 * }
 */
public final class SfenWriter {
    private SfenWriter() {}

    /** The form of the output. */
    public enum Style {
        /**
         * The USI command: {@code position startpos moves …} from the even start, {@code position sfen <sfen>
         * moves …} otherwise; {@code moves} is left out when there are none.
         */
        POSITION,
        /**
         * {@code sfen <sfen> moves …}, always with the full SFEN, even for the even start, and always with the
         * word {@code sfen}; {@code moves} is left out when there are none. One form with and without moves:
         * the argument of the USI {@code position} command, which every SFEN reader takes.
         */
        SFEN
    }

    /**
     * Writes {@link Style#POSITION}.
     *
     * @param kifu the record
     * @return one line (no line end) and what was left out
     */
    public static WriteResult write(Kifu kifu) {
        return write(kifu, Style.POSITION);
    }

    /**
     * Writes the record's start and main-line moves in the given style.
     *
     * @param kifu the record
     * @param style {@link Style#POSITION} or {@link Style#SFEN}
     * @return one line (no line end) and what was left out
     */
    public static WriteResult write(Kifu kifu, Style style) {
        Setup setup = kifu.start().setup();
        StringBuilder sb = new StringBuilder(64 + kifu.moves().size() * 6);
        // startpos is move 1: the even start later in a game keeps its move number as an SFEN.
        boolean even = setup.equals(Setups.STARTPOS);
        if (style == Style.POSITION) {
            sb.append("position ").append(even ? "startpos" : "sfen " + Sfen.format(setup));
        } else {
            sb.append("sfen ").append(Sfen.format(setup));
        }
        List<Integer> moves = kifu.mainLine();
        if (!moves.isEmpty()) {
            sb.append(" moves");
            for (int m : moves) {
                sb.append(' ').append(Move.usi(m));
            }
        }
        String text = sb.toString();
        List<String> beyond = new ArrayList<>(Limits.beyond(kifu.withMoves(kifu.moves().stream().map(s -> s.withForks(List.of())).toList()), text, false, 0));
        beyond.addAll(handsBeyondASet(setup));
        return new WriteResult(text, dropped(kifu), beyond);
    }

    /**
     * The hand counts above a set's (3 bishops), which the other formats read back as an illegal start but SFEN
     * readers refuse as malformed; those above {@link Limits#MAX_HAND_COUNT} are already in {@link Limits#beyond}.
     */
    private static List<String> handsBeyondASet(Setup setup) {
        List<String> out = new ArrayList<>();
        for (Color c : Color.values()) {
            for (Role r : Role.HAND_ORDER) {
                int n = setup.handCount(c, r);
                if (n > Hand.MAX[r.code()] && n <= Limits.MAX_HAND_COUNT) {
                    out.add(c.englishName() + "'s hand holds " + n + " " + r.englishName() + "s; SFEN readers take at most "
                            + Hand.MAX[r.code()]);
                }
            }
        }
        return out;
    }

    private static List<String> dropped(Kifu kifu) {
        List<String> out = new ArrayList<>();
        if (!kifu.headers().isEmpty()) {
            out.add(kifu.headers().size() + (kifu.headers().size() == 1 ? " header" : " headers"));
        }
        int[] counts = new int[4]; // comments, engine comments, times, variations
        boolean comments = !kifu.startComments().isEmpty();
        count(kifu.moves(), counts);
        if (comments || counts[0] > 0) {
            out.add("comments");
        }
        if (counts[1] > 0) {
            out.add("engine comments");
        }
        if (counts[2] > 0) {
            out.add("times");
        }
        if (counts[3] > 0) {
            out.add(counts[3] + (counts[3] == 1 ? " variation" : " variations"));
        }
        kifu.special().ifPresent(s -> out.add("the ending " + s.japanese()));
        return out;
    }

    private static void count(List<Step> line, int[] counts) {
        for (Step s : line) {
            counts[0] += s.comments().size();
            counts[1] += s.engineComments().size();
            counts[2] += s.time().isPresent() || s.totalTime().isPresent() ? 1 : 0;
            for (List<Step> f : s.forks()) {
                counts[3]++;
                count(f, counts);
            }
        }
    }
}
