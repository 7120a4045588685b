package dev.meijin.notation.kif;

import static org.assertj.core.api.Assertions.assertThat;

import dev.meijin.core.Move;
import dev.meijin.core.position.Position;
import dev.meijin.core.sfen.Sfen;
import dev.meijin.notation.encoding.TextDecoder;
import dev.meijin.notation.kifu.Kifu;
import dev.meijin.notation.kifu.Special;
import dev.meijin.notation.kifu.Step;
import dev.meijin.testdata.TestData;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Helpers for the record tests: corpus files, replaying move trees, and describing their shape. */
public final class Trees {
    private Trees() {}

    /** Files that are well formed but record an illegal move (the game ended by it): path to the expected main-line length. */
    public static final Map<String, Integer> ILLEGAL_MOVE_FILES = Map.of(
            "kif/mog-core-scala/015.kif", 82,
            "kif/mog-core-scala/017.kif", 26);

    /** The decoded text of a corpus file. */
    public static String text(String path) {
        return TextDecoder.decode(TestData.bytes(path)).orThrow();
    }

    /** Corpus files under a folder, without the intentionally malformed ones. */
    public static List<String> wellFormed(String folder) {
        return TestData.list(folder).stream().filter(p -> !p.contains("/errors/")).toList();
    }

    /**
     * Replays every line of the tree from the start, checking that each move is legal where it is played.
     *
     * @return the number of moves in the tree
     */
    public static int replay(Kifu kifu) {
        Position pos = kifu.startPosition().orElseThrow();
        return replay(pos, kifu.moves());
    }

    private static int replay(Position pos, List<Step> line) {
        int n = 0;
        int played = 0;
        for (int i = 0; i < line.size(); i++) {
            Step s = line.get(i);
            for (List<Step> fork : s.forks()) {
                n += replay(pos, fork);
            }
            if (s.isMove()) {
                assertThat(pos.isLegal(s.move())).as("%s in %s", Move.usi(s.move()), Sfen.format(pos)).isTrue();
                pos.doMove(s.move());
                played++;
                n++;
            } else {
                assertThat(i).as("a special ends its line").isEqualTo(line.size() - 1);
            }
        }
        for (int i = 0; i < played; i++) {
            pos.undoMove();
        }
        return n;
    }

    /**
     * The variations of a tree, one entry per variation in tree order: {@code @ply firstMove xLength}, then the
     * special if the variation ends with one, indented by two spaces per nesting level.
     */
    public static List<String> forks(Kifu kifu) {
        List<String> out = new ArrayList<>();
        forks(kifu.moves(), 1, "", out);
        return out;
    }

    private static void forks(List<Step> line, int startPly, String indent, List<String> out) {
        for (int i = 0; i < line.size(); i++) {
            for (List<Step> fork : line.get(i).forks()) {
                long moves = fork.stream().filter(Step::isMove).count();
                Step first = fork.getFirst();
                String head = first.isMove() ? Move.usi(first.move()) : first.special().orElseThrow().name();
                Optional<Special> end = fork.getLast().special();
                out.add(indent + "@" + (startPly + i) + " " + head + " x" + moves + end.map(s -> " " + s.name()).orElse(""));
                forks(fork, startPly + i, indent + "  ", out);
            }
        }
    }

    /** The tree with every total time removed, for comparing records written without totals. */
    public static Kifu withoutTotals(Kifu kifu) {
        return kifu.withMoves(withoutTotals(kifu.moves()));
    }

    private static List<Step> withoutTotals(List<Step> line) {
        List<Step> out = new ArrayList<>();
        for (Step s : line) {
            out.add(s.withTime(s.time(), Optional.empty()).withForks(s.forks().stream().map(Trees::withoutTotals).toList()));
        }
        return out;
    }

    /** The tree with every time removed (KI2 holds none). */
    public static Kifu withoutTimes(Kifu kifu) {
        return kifu.withMoves(withoutTimes(kifu.moves()));
    }

    private static List<Step> withoutTimes(List<Step> line) {
        List<Step> out = new ArrayList<>();
        for (Step s : line) {
            out.add(s.withTime(Optional.empty(), Optional.empty()).withForks(s.forks().stream().map(Trees::withoutTimes).toList()));
        }
        return out;
    }

    /** Whether any step of the tree has a time or a total. */
    public static boolean hasTimes(List<Step> line) {
        for (Step s : line) {
            if (s.time().isPresent() || s.totalTime().isPresent() || s.forks().stream().anyMatch(Trees::hasTimes)) {
                return true;
            }
        }
        return false;
    }

    /** Whether some step has a time but no total (the writer then sums one up). */
    public static boolean hasTimeWithoutTotal(List<Step> line) {
        for (Step s : line) {
            if ((s.time().isPresent() && s.totalTime().isEmpty()) || s.forks().stream().anyMatch(Trees::hasTimeWithoutTotal)) {
                return true;
            }
        }
        return false;
    }

    private static final Pattern KIF_MOVE_LINE = Pattern.compile("^\\s*\\d+\\s+(\\S+)");
    private static final List<String> SPECIAL_WORDS = List.of("投了", "中断", "千日手", "持将棋", "詰み", "不詰", "切れ負け",
            "Time-up", "反則勝ち", "反則負け", "入玉勝ち", "封じ手", "不戦勝", "不戦敗");

    /** What a KIF text's main section (before the first 変化) holds, counted independently of the reader. */
    public record MainSection(int moves, Optional<String> special) {}

    /** Counts the move lines of a KIF text's main section up to its first special move line. */
    public static MainSection kifMainSection(String text) {
        int moves = 0;
        for (String line : text.split("\r\n|\r|\n")) {
            if (line.startsWith("変化")) {
                break;
            }
            Matcher m = KIF_MOVE_LINE.matcher(line);
            if (!m.find()) {
                continue;
            }
            String word = m.group(1);
            for (String s : SPECIAL_WORDS) {
                if (word.startsWith(s)) {
                    return new MainSection(moves, Optional.of(s));
                }
            }
            moves++;
        }
        return new MainSection(moves, Optional.empty());
    }

    /**
     * Counts every move line of a KIF text, the variations' included, leaving out special move lines (投了,
     * 中断…): the number of moves the whole tree holds, counted independently of the reader.
     */
    public static int kifMoveLines(String text) {
        int moves = 0;
        for (String line : text.split("\r\n|\r|\n")) {
            Matcher m = KIF_MOVE_LINE.matcher(line);
            if (m.find() && SPECIAL_WORDS.stream().noneMatch(m.group(1)::startsWith)) {
                moves++;
            }
        }
        return moves;
    }

    private static final String MARKS = "▲△☗☖▼▽";

    /** Counts the moves (side marks) of a KI2 text's main section, and returns its ending line if any. */
    public static MainSection ki2MainSection(String text) {
        int moves = 0;
        for (String line : text.split("\r\n|\r|\n")) {
            String t = line.strip();
            if (t.startsWith("変化")) {
                break;
            }
            if (t.startsWith("まで")) {
                return new MainSection(moves, Optional.of(t));
            }
            if (!t.isEmpty() && MARKS.indexOf(t.charAt(0)) >= 0) {
                moves += (int) t.chars().filter(c -> MARKS.indexOf(c) >= 0).count();
            }
        }
        return new MainSection(moves, Optional.empty());
    }

    /**
     * Counts the moves (side marks) of every move line of a KI2 text, the variations' included: the number of
     * moves the whole tree holds, counted independently of the reader.
     */
    public static int ki2Moves(String text) {
        int moves = 0;
        for (String line : text.split("\r\n|\r|\n")) {
            String t = line.strip();
            if (!t.isEmpty() && MARKS.indexOf(t.charAt(0)) >= 0) {
                moves += (int) t.chars().filter(c -> MARKS.indexOf(c) >= 0).count();
            }
        }
        return moves;
    }
}
