package dev.meijin.notation.sfen;

import dev.meijin.core.position.IllegalMoveReason;
import dev.meijin.core.position.IllegalPositionException;
import dev.meijin.core.position.Position;
import dev.meijin.core.position.Setup;
import dev.meijin.core.position.Setups;
import dev.meijin.core.sfen.Sfen;
import dev.meijin.core.sfen.SfenException;
import dev.meijin.core.usi.Usi;
import dev.meijin.core.usi.UsiMoveException;
import dev.meijin.notation.kifu.Kifu;
import dev.meijin.notation.kifu.KifuException;
import dev.meijin.notation.kifu.Limits;
import dev.meijin.notation.kifu.Problem;
import dev.meijin.notation.kifu.ReadResult;
import dev.meijin.notation.kifu.Start;
import dev.meijin.notation.kifu.Step;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads a game given as an SFEN position and USI moves, the way engines and tools pass games around:
 *
 * <ul>
 *   <li>{@code position startpos moves 7g7f 3c3d}, {@code position sfen <sfen> moves …} (the USI command);
 *   <li>{@code startpos moves …}, {@code sfen <sfen> moves …} (the same without {@code position});
 *   <li>a bare SFEN ({@code lnsgkgsnl/… b - 1}), with or without {@code moves …} after it.
 * </ul>
 *
 * The SFEN's move number may be left out. The result has no headers, no comments and no times; the start is
 * recognised as a registry handicap when it is one. Reading is lenient: a malformed SFEN gives the even start
 * and a problem; the moves stop before the first malformed or illegal one, with a problem naming its column.
 * Only the first non-blank line is read; further lines are reported and ignored.
 *
 * {@snippet :
 * ReadResult r = SfenReader.read("position startpos moves 7g7f 3c3d 8h2b+");
 * Kifu kifu = r.kifu(); // 3 moves from the even start
 * }
 */
public final class SfenReader {
    private SfenReader() {}

    /**
     * Reads a position and moves.
     *
     * @param text one line such as {@code position startpos moves 7g7f}
     * @return the record and the problems found
     */
    public static ReadResult read(String text) {
        List<Problem> problems = new ArrayList<>();
        String all = text == null ? "" : text;
        if (all.length() > Limits.MAX_CHARS) {
            problems.add(new Problem(Problem.Kind.TEXT_TOO_LONG, 0, 0, 0, "the text is " + all.length() + " characters long; only the first " + Limits.MAX_CHARS + " were read"));
            all = all.substring(0, Limits.MAX_CHARS);
        }
        String[] lines = all.split("\r\n|\r|\n", -1);
        int lineNo = 0;
        String line = null;
        for (int i = 0; i < lines.length; i++) {
            String l = i == 0 && !lines[0].isEmpty() && lines[0].charAt(0) == '\uFEFF' ? lines[0].substring(1) : lines[i];
            if (l.isBlank()) {
                continue;
            }
            if (line == null) {
                line = l;
                lineNo = i + 1;
            } else {
                problems.add(new Problem(Problem.Kind.EXTRA_POSITION, i + 1, 1, 0, "only one position is read; this line is ignored"));
            }
        }
        if (line == null) {
            problems.add(new Problem(Problem.Kind.NO_RECORD, 0, 0, 0, "no position in the text"));
            return new ReadResult(Kifu.empty(), problems);
        }
        return new Parser(line, lineNo, problems).parse();
    }

    /**
     * Reads a position and moves strictly.
     *
     * @param text one line such as {@code position startpos moves 7g7f}
     * @return the record
     * @throws KifuException for the first problem found
     */
    public static Kifu readStrict(String text) {
        return read(text).orThrow();
    }

    private static final class Parser {
        private final String line;
        private final int lineNo;
        private final List<Problem> problems;
        private final List<String> tokens = new ArrayList<>();
        private final List<Integer> starts = new ArrayList<>();
        private int next;

        Parser(String line, int lineNo, List<Problem> problems) {
            this.line = line;
            this.lineNo = lineNo;
            this.problems = problems;
            int i = 0;
            int n = line.length();
            while (i < n) {
                while (i < n && Character.isWhitespace(line.charAt(i))) {
                    i++;
                }
                int s = i;
                while (i < n && !Character.isWhitespace(line.charAt(i))) {
                    i++;
                }
                if (i > s) {
                    tokens.add(line.substring(s, i));
                    starts.add(s);
                }
            }
        }

        private void problem(Problem.Kind kind, int tokenIndex, int ply, String message, String text, Enum<?> rule) {
            problems.add(new Problem(kind, lineNo, column(tokenIndex), ply, message, text, rule));
        }

        private int column(int tokenIndex) {
            return tokenIndex < starts.size() ? starts.get(tokenIndex) + 1 : line.length() + 1;
        }

        private boolean at(String word) {
            return next < tokens.size() && tokens.get(next).equals(word);
        }

        ReadResult parse() {
            if (at("position")) {
                next++;
            }
            Setup setup = Setups.STARTPOS;
            if (at("startpos")) {
                next++;
            } else {
                if (at("sfen")) {
                    next++;
                }
                setup = sfen();
            }
            Start start = Start.of(setup);
            List<Step> steps = new ArrayList<>();
            if (next < tokens.size() && !at("moves")) {
                String stray = tokens.get(next);
                problem(Problem.Kind.UNEXPECTED_TEXT, next, 0, "unexpected \"" + Limits.excerpt(stray) + "\"; expected \"moves\"", stray, null);
                return new ReadResult(new Kifu(List.of(), start, List.of(), steps), problems);
            }
            if (at("moves")) {
                next++;
            }
            Position pos;
            try {
                pos = Position.ofRecord(setup);
            } catch (IllegalPositionException e) {
                problems.add(Problem.illegalStart(lineNo, column(0), "the position is not legal: " + e.getMessage(), e));
                return new ReadResult(new Kifu(List.of(), start, List.of(), steps), problems);
            }
            for (; next < tokens.size(); next++) {
                if (steps.size() >= Limits.MAX_PLY) {
                    problem(Problem.Kind.TOO_MANY_MOVES, next, steps.size() + 1, "more than " + Limits.MAX_PLY + " moves; the rest was not read", null, null);
                    break;
                }
                String t = tokens.get(next);
                int m;
                try {
                    m = Usi.parseMove(pos, t);
                } catch (UsiMoveException e) {
                    boolean malformed = e.reason() == IllegalMoveReason.MALFORMED;
                    problem(malformed ? Problem.Kind.UNREADABLE_MOVE : Problem.Kind.ILLEGAL_MOVE, next, steps.size() + 1,
                            e.getMessage() + "; the moves stop here", t, malformed ? null : e.reason());
                    break;
                }
                pos.doMove(m);
                steps.add(Step.move(m));
            }
            return new ReadResult(new Kifu(List.of(), start, List.of(), steps), problems);
        }

        /** Reads the SFEN fields at {@code next}: board, side, hands and an optional move number. */
        private Setup sfen() {
            if (next >= tokens.size() || tokens.get(next).equals("moves")) {
                problem(Problem.Kind.BAD_SFEN, next, 0, "no SFEN; the even start is assumed", null, null);
                return Setups.STARTPOS;
            }
            int first = next;
            int last = Math.min(tokens.size(), first + 3) - 1;
            if (last + 1 < tokens.size() && isNumber(tokens.get(last + 1))) {
                last++;
            }
            for (int k = first; k <= last; k++) {
                if (tokens.get(k).equals("moves")) {
                    last = k - 1;
                    break;
                }
            }
            next = last + 1;
            int from = starts.get(first);
            int to = starts.get(last) + tokens.get(last).length();
            try {
                return Sfen.parse(line.substring(from, to));
            } catch (SfenException e) {
                problems.add(Problem.ofSfen(lineNo, from + Math.max(0, e.index()) + 1, e.getMessage() + "; the even start is assumed",
                        line.substring(from, to), e));
                return Setups.STARTPOS;
            }
        }

        private static boolean isNumber(String s) {
            for (int i = 0; i < s.length(); i++) {
                if (s.charAt(i) < '0' || s.charAt(i) > '9') {
                    return false;
                }
            }
            return !s.isEmpty();
        }
    }
}
