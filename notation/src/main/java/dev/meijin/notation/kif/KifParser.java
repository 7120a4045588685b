package dev.meijin.notation.kif;

import dev.meijin.core.Color;
import dev.meijin.core.Move;
import dev.meijin.core.game.Handicap;
import dev.meijin.core.position.IllegalPositionException;
import dev.meijin.core.position.Position;
import dev.meijin.core.position.Setup;
import dev.meijin.notation.MoveProblems;
import dev.meijin.notation.kifu.Header;
import dev.meijin.notation.kifu.Headers;
import dev.meijin.notation.kifu.Kifu;
import dev.meijin.notation.kifu.Limits;
import dev.meijin.notation.kifu.Problem;
import dev.meijin.notation.kifu.Problem.Kind;
import dev.meijin.notation.kifu.ReadResult;
import dev.meijin.notation.kifu.Special;
import dev.meijin.notation.kifu.Start;
import dev.meijin.notation.kifu.Step;
import dev.meijin.notation.move.JapaneseNotation;
import dev.meijin.notation.move.MoveNotationException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The reader of the Kakinoki family, KIF and KI2: one pass over the lines, building a mutable move tree that
 * becomes a {@link Kifu} at the end. One {@link Position} follows the line being read; a variation moves it
 * back (and, for unusual files, forward) along the tree, so a whole file costs about one replay of its moves.
 */
final class KifParser {
    static final int MAX_CHARS = KifReader.MAX_CHARS;
    static final int MAX_LINES = KifReader.MAX_LINES;
    static final int MAX_LINE_LENGTH = KifReader.MAX_LINE_LENGTH;
    static final int MAX_DEPTH = KifReader.MAX_DEPTH;
    static final int MAX_PLY = KifReader.MAX_PLY;
    static final int MAX_PROBLEMS = KifReader.MAX_PROBLEMS;
    /** How many moves variations may make the reader replay or take back in all. */
    static final long MAX_NAVIGATION = 20_000_000L;

    // Move numbers have up to ten digits: a start at move 999,999,999 (SFEN's largest) and the moves after it.
    private static final Pattern KIF_MOVE = Pattern.compile("^\\s*(\\d{1,10})(?:\\s+(.*))?$");
    // Up to twelve digits a part: a total within Limits.MAX_TOTAL_SECONDS has eleven digits of hours.
    private static final Pattern TIME = Pattern.compile(
            "\\(\\s*(\\d{1,12}):(\\d{1,12})(?::(\\d{1,12}))?\\s*/\\s*(?:(\\d{1,12}):(\\d{1,12})(?::(\\d{1,12}))?)?\\s*\\)");
    private static final Pattern VARIATION = Pattern.compile("^変化[：:]\\s*(\\d{1,10})?\\s*(手)?\\s*(.*)$");
    private static final Pattern SUMMARY = Pattern.compile("^まで\\s*(\\d{1,10})\\s*手\\s*(?:で)?\\s*(.*)$");
    private static final String MARKS = "▲△☗☖▼▽";

    /** A step while reading: mutable, with the line number it came from. */
    private static final class Node {
        final int move;
        final Special special;
        final List<String> comments = new ArrayList<>();
        final List<String> engine = new ArrayList<>();
        final List<Line> forks = new ArrayList<>();
        Duration time;
        Duration total;

        Node(int move, Special special) {
            this.move = move;
            this.special = special;
        }
    }

    /** A line of play: the main line, or a variation replacing step {@code startPly} of {@code parent}. */
    private static final class Line {
        final Line parent;
        final int startPly;
        final int depth;
        /** The line of the 変化 header that opened it (0 for the main line). */
        int headerLine;
        final List<Node> steps = new ArrayList<>();
        final List<String> pendingComments = new ArrayList<>();
        final List<String> pendingEngine = new ArrayList<>();
        /** After an illegal or unreadable move: the rest of the line is ignored. */
        boolean dead;
        /**
         * The side whose illegal move stopped the line, while the next step may still be its recorded ending
         * ({@link Special#afterIllegalMove}); null otherwise.
         */
        Color offender;
        /** Ended by a special step. */
        boolean closed;
        boolean numberingReported;
        boolean afterEndReported;

        Line(Line parent, int startPly, int depth) {
            this.parent = parent;
            this.startPly = startPly;
            this.depth = depth;
        }

        int nextPly() {
            return startPly + steps.size();
        }

        boolean reaches(int ply) {
            return ply >= startPly && ply < startPly + steps.size();
        }
    }

    private final Dialect dialect;
    private final List<Problem> problems = new ArrayList<>();
    private final List<Header> headers = new ArrayList<>();
    private final List<String> startComments = new ArrayList<>();
    private final BoardDiagram.Reader diagram = new BoardDiagram.Reader();
    private int diagramLine;
    private Handicap handicap;
    private boolean customStart;
    private boolean unknownHandicap;
    private int handicapLine;

    private boolean inMoves;
    private Start start = Start.EVEN;
    private Position pos;
    private int firstNumber = 1;
    private final Line main = new Line(null, 1, 0);
    private final List<Line> stack = new ArrayList<>();
    private final List<Node> path = new ArrayList<>();
    /** After an unusable variation header: lines are ignored until the next one. */
    private boolean skipping;
    private boolean stopped;
    private long navigation;

    KifParser(Dialect dialect) {
        this.dialect = dialect;
        stack.add(main);
    }

    ReadResult parse(String input) {
        String text = input;
        if (text.length() > MAX_CHARS) {
            problem(Kind.TEXT_TOO_LONG, 0, 0, 0, "the text is " + text.length() + " characters long; only the first " + MAX_CHARS + " were read");
            text = text.substring(0, MAX_CHARS);
        }
        int lineNo = 0;
        int i = 0;
        int n = text.length();
        if (n > 0 && text.charAt(0) == '\uFEFF') {
            i = 1;
        }
        while (i < n && !stopped) {
            int end = i;
            while (end < n && text.charAt(end) != '\n' && text.charAt(end) != '\r') {
                end++;
            }
            lineNo++;
            if (lineNo > MAX_LINES) {
                problem(Kind.TEXT_TOO_LONG, lineNo, 0, 0, "more than " + MAX_LINES + " lines; the rest was not read");
                break;
            }
            if (end - i > MAX_LINE_LENGTH) {
                problem(Kind.LINE_TOO_LONG, lineNo, 0, 0, "line of " + (end - i) + " characters skipped (at most " + MAX_LINE_LENGTH + ")");
            } else {
                line(lineNo, text.substring(i, end));
            }
            if (end + 1 < n && text.charAt(end) == '\r' && text.charAt(end + 1) == '\n') {
                i = end + 2;
            } else {
                i = end + 1;
            }
        }
        if (!inMoves) {
            beginMoves(lineNo);
        }
        List<Step> moves = steps(main);
        Kifu kifu = new Kifu(headers, start, startComments, moves);
        // Problems found at the end (empty variations) go where their lines are; global ones (line 0) first.
        problems.sort(java.util.Comparator.comparingInt(Problem::line));
        return new ReadResult(kifu, problems);
    }

    // ------------------------------------------------------------------ lines

    private void line(int no, String raw) {
        String t = raw.strip();
        if (t.isEmpty()) {
            return;
        }
        char c = t.charAt(0);
        if (c == '#') {
            return;
        }
        if (c == '*') {
            if (t.startsWith("**")) {
                comment(no, t.substring(2), true);
            } else {
                // Keep the comment verbatim after the '*' (leading spaces included), minus the line end.
                String body = raw.substring(raw.indexOf('*') + 1);
                comment(no, stripEnd(body), false);
            }
            return;
        }
        if (c == '&') {
            comment(no, t, false);
            return;
        }
        if (t.startsWith("変化")) {
            variation(no, t);
            return;
        }
        if (t.startsWith("まで")) {
            summary(no, t);
            return;
        }
        if (t.startsWith("手数-") || t.startsWith("手数－")) {
            if (!inMoves) {
                beginMoves(no);
            }
            return;
        }
        Matcher km = KIF_MOVE.matcher(t);
        if (km.matches()) {
            if (!inMoves) {
                beginMoves(no);
            }
            kifMove(no, raw, km);
            return;
        }
        if (MARKS.indexOf(c) >= 0) {
            if (!inMoves) {
                beginMoves(no);
            }
            ki2Moves(no, raw);
            return;
        }
        if (!inMoves && (BoardDiagram.handColor(t) != null || BoardDiagram.turnLine(t) != null
                || BoardDiagram.isFrame(t) || t.startsWith("手数＝") || t.startsWith("手数="))) {
            if (diagramLine == 0) {
                diagramLine = no;
            }
            String error = diagram.accept(t);
            if (error != null) {
                problem(BoardDiagram.kindOf(t), no, 0, 0, error + ": \"" + Limits.excerpt(t) + "\"", t);
            }
            return;
        }
        int colon = colon(t);
        if (colon >= 0) {
            header(no, t, colon);
            return;
        }
        if (t.equals("盤面回転")) {
            return;
        }
        problem(Kind.UNKNOWN_LINE, no, 0, 0, "unrecognised line \"" + Limits.excerpt(t) + "\"", t);
    }

    private static int colon(String t) {
        int full = t.indexOf('：');
        int half = t.indexOf(':');
        if (full < 0) {
            return half;
        }
        return half < 0 ? full : Math.min(full, half);
    }

    private void header(int no, String t, int colon) {
        String key = t.substring(0, colon).strip();
        String value = t.substring(colon + 1).strip();
        if (key.isEmpty()) {
            problem(Kind.BAD_HEADER, no, colon + 1, 0, "header line without a key: \"" + Limits.excerpt(t) + "\"", t);
            return;
        }
        if (key.equals(Headers.HANDICAP)) {
            if (inMoves) {
                problem(Kind.BAD_HEADER, no, 0, 0, "手合割 after the first move is ignored");
                return;
            }
            handicapLine = no;
            Optional<Handicap> h = Handicap.byJapanese(value);
            if (h.isPresent()) {
                handicap = h.get();
            } else if (value.startsWith("その他") || value.startsWith("詰将棋") || value.startsWith("詰め将棋")) {
                customStart = true;
            } else {
                problem(Kind.UNKNOWN_HANDICAP, no, colon + 2, 0, "unknown handicap \"" + Limits.excerpt(value)
                        + "\"; the even position is used unless a board diagram follows", value);
                customStart = true;
                unknownHandicap = true;
            }
            return;
        }
        headers.add(new Header(key, value));
    }

    // ------------------------------------------------------------------ start position

    private void beginMoves(int no) {
        inMoves = true;
        Setup setup;
        int line;
        if (diagram.rows == 9 && !diagram.malformed) {
            Color turn = diagram.turn;
            if (turn == null) {
                turn = handicap != null && handicap.isHandicap() ? Color.GOTE : Color.SENTE;
            }
            setup = diagram.setup(turn, diagram.moveNumber);
            line = diagramLine;
        } else {
            if (diagram.malformed) {
                problem(Kind.BAD_BOARD, diagramLine, 0, 0, "the board diagram has rows that cannot be read; it was ignored");
            } else if (diagram.rows > 0) {
                problem(Kind.BAD_BOARD, diagramLine, 0, 0, "the board diagram has " + diagram.rows + " rows, not 9; it was ignored");
            } else if (customStart && !unknownHandicap) {
                problem(Kind.BAD_BOARD, handicapLine, 0, 0, "手合割 says the diagram gives the position, but there is no board diagram;"
                        + " the even position is used");
            } else if (diagram.handSeen) {
                problem(Kind.BAD_BOARD, diagramLine, 0, 0, "pieces in hand are given but no board; they were ignored");
            }
            Handicap h = handicap == null ? Handicap.EVEN : handicap;
            setup = dev.meijin.core.sfen.Sfen.parse(h.sfen());
            if (diagram.turn != null) {
                setup = setup.withTurn(diagram.turn);
            }
            line = handicapLine;
        }
        try {
            Position p = Position.ofRecord(setup);
            start = Start.of(setup);
            pos = p;
        } catch (IllegalPositionException e) {
            add(Problem.illegalStart(line, 0, "the start position is not legal: " + e.detail() + "; no moves were read", e));
            start = new Start(setup, Optional.empty());
            pos = null;
            main.dead = true;
        }
        firstNumber = setup.moveNumber();
    }

    // ------------------------------------------------------------------ moves

    private void kifMove(int no, String raw, Matcher km) {
        if (skipping) {
            return;
        }
        Line line = top();
        if (line.dead && line.offender == null) {
            return;
        }
        long number = Long.parseLong(km.group(1));
        String rest = km.group(2) == null ? "" : km.group(2);
        int restColumn = raw.indexOf(rest.isEmpty() ? km.group(1) : rest) + 1;
        if (number > MAX_PLY + firstNumber) {
            problem(Kind.MOVE_NUMBER, no, 0, 0, "move number " + number + " is too large");
            line.dead = true;
            return;
        }
        int ply = line.nextPly();
        int absolute = ply + firstNumber - 1;
        if (line.dead) {
            // The step after the illegal move (numbered after it): its recorded ending, or nothing to read.
            keepIllegalMoveEnding(line, stripTimes(rest));
            return;
        }
        if (number != absolute && !line.numberingReported) {
            line.numberingReported = true;
            problem(Kind.MOVE_NUMBER, no, 0, absolute, "move number " + number + " where " + absolute + " was expected");
        }
        // Times, then what is left: the move or special, possibly followed by '+' (a check mark some tools add).
        Duration time = null;
        Duration total = null;
        String text = rest;
        Matcher tm = TIME.matcher(rest);
        if (tm.find()) {
            text = rest.substring(0, tm.start());
            time = duration(tm.group(1), tm.group(2), tm.group(3), false);
            total = tm.group(5) == null ? null : duration(tm.group(4), tm.group(5), tm.group(6), true);
            if (time.getSeconds() > Limits.MAX_MOVE_SECONDS) {
                problem(Kind.BAD_TIME, no, 0, absolute, "move time of " + time.getSeconds() + " seconds is more than " + Limits.MAX_MOVE_SECONDS + "; ignored");
                time = null;
            }
            if (total != null && total.getSeconds() > Limits.MAX_TOTAL_SECONDS) {
                problem(Kind.BAD_TIME, no, 0, absolute, "total time of " + total.getSeconds() + " seconds is more than " + Limits.MAX_TOTAL_SECONDS + "; ignored");
                total = null;
            }
        }
        text = text.strip();
        if (text.endsWith("+")) {
            text = text.substring(0, text.length() - 1).strip();
        }
        if (text.isEmpty()) {
            problem(Kind.MISSING_MOVE, no, 0, absolute, "move " + number + " has no move text");
            line.dead = true;
            return;
        }
        play(no, restColumn, line, ply, text, time, total);
    }

    private void ki2Moves(int no, String raw) {
        if (skipping) {
            return;
        }
        int i = 0;
        int n = raw.length();
        while (i < n) {
            while (i < n && MARKS.indexOf(raw.charAt(i)) < 0) {
                char c = raw.charAt(i);
                if (c != ' ' && c != '　' && c != '\t') {
                    String stray = raw.substring(i).strip();
                    problem(Kind.UNEXPECTED_TEXT, no, i + 1, 0, "unexpected text \"" + Limits.excerpt(stray) + "\" in a move line", stray);
                    return;
                }
                i++;
            }
            if (i >= n) {
                return;
            }
            int s = i++;
            while (i < n && MARKS.indexOf(raw.charAt(i)) < 0) {
                i++;
            }
            String token = raw.substring(s, i).strip();
            Line line = top();
            if (line.dead) {
                if (line.offender != null) {
                    keepIllegalMoveEnding(line, token.substring(1).strip());
                }
                return;
            }
            play(no, s + 1, line, line.nextPly(), token, null, null);
        }
    }

    /** Plays one move or special (text with or without a side mark) at the end of a line. */
    private void play(int no, int column, Line line, int ply, String text, Duration time, Duration total) {
        int absolute = ply + firstNumber - 1;
        String bare = text;
        if (!bare.isEmpty() && MARKS.indexOf(bare.charAt(0)) >= 0) {
            bare = bare.substring(1).strip();
        }
        Special special = special(bare);
        if (line.closed) {
            // Some programs write two specials in a row (投了 then 中断); the first one ends the line.
            if (special != null && line.steps.getLast().special != null) {
                return;
            }
            if (!line.afterEndReported) {
                line.afterEndReported = true;
                Special last = line.steps.getLast().special;
                problem(Kind.MOVE_AFTER_END, no, column, absolute, "\"" + Limits.excerpt(text) + "\" after the line ended with " + last.japanese() + "; ignored",
                        text);
            }
            return;
        }
        if (pos == null) {
            return;
        }
        Node node;
        if (special != null) {
            node = new Node(Move.NONE, special);
            line.closed = true;
        } else {
            if (ply > MAX_PLY) {
                problem(Kind.TOO_MANY_MOVES, no, column, absolute, "more than " + MAX_PLY + " moves in a line");
                line.dead = true;
                return;
            }
            int m;
            try {
                m = JapaneseNotation.parse(pos, text);
            } catch (MoveNotationException e) {
                int col = e.index() >= 0 ? column + e.index() : column;
                add(MoveProblems.of(e, no, col, absolute, e.getMessage()));
                line.dead = true;
                // A game that ended on an illegal move may record its ending next: see keepIllegalMoveEnding.
                line.offender = e.reason() == MoveNotationException.Reason.ILLEGAL ? pos.turn() : null;
                return;
            }
            node = new Node(m, null);
            pos.doMove(m);
            path.add(node);
        }
        node.time = time;
        node.total = total;
        node.comments.addAll(line.pendingComments);
        node.engine.addAll(line.pendingEngine);
        line.pendingComments.clear();
        line.pendingEngine.clear();
        line.steps.add(node);
    }

    /**
     * The step right after the illegal move that stopped {@code line}: if it is a special that says the mover
     * lost by that move (KIF's 反則勝ち of the other side), the line ends with that loss in the illegal move's
     * place ({@link Special#afterIllegalMove}), as the CSA reader keeps {@code %+ILLEGAL_ACTION} after an
     * illegal move; the comments that follow belong to it. Anything else is ignored with the rest of the line.
     */
    private void keepIllegalMoveEnding(Line line, String text) {
        String bare = text;
        if (!bare.isEmpty() && MARKS.indexOf(bare.charAt(0)) >= 0) {
            bare = bare.substring(1).strip();
        }
        Special recorded = special(bare.endsWith("+") ? bare.substring(0, bare.length() - 1).strip() : bare);
        if (recorded == null) {
            line.offender = null;
            return;
        }
        keepIllegalMoveEnding(line, recorded);
    }

    private void keepIllegalMoveEnding(Line line, Special recorded) {
        Optional<Special> kept = recorded.afterIllegalMove(line.offender);
        line.offender = null;
        if (kept.isEmpty()) {
            return;
        }
        Node node = new Node(Move.NONE, kept.get());
        line.steps.add(node);
        line.dead = false;
        line.closed = true;
    }

    /** A KIF move line's text without its times ({@code ( 0:01/00:00:01)}), stripped. */
    private static String stripTimes(String rest) {
        Matcher tm = TIME.matcher(rest);
        return (tm.find() ? rest.substring(0, tm.start()) : rest).strip();
    }

    /** The special a move line's text names, or null; accepts the common variants and 81Dojo's {@code Time-up}. */
    static Special special(String text) {
        Optional<Special> s = Special.ofJapanese(text);
        if (s.isPresent()) {
            return s.get();
        }
        return switch (text) {
            case "Time-up", "time-up", "TIME_UP" -> Special.TIME_UP;
            case "入玉宣言", "宣言" -> Special.KACHI;
            case "エラー" -> Special.ERROR;
            case "詰まし", "詰み上がり" -> Special.TSUMI;
            default -> null;
        };
    }

    private static Duration duration(String a, String b, String c, boolean total) {
        long x = Long.parseLong(a);
        long y = Long.parseLong(b);
        if (c != null) {
            return Duration.ofSeconds(x * 3600 + y * 60 + Long.parseLong(c));
        }
        // Two parts: minutes and seconds (a total without hours is written mm:ss too).
        return Duration.ofSeconds(x * 60 + y);
    }

    // ------------------------------------------------------------------ comments

    private void comment(int no, String body, boolean engine) {
        if (skipping) {
            return;
        }
        if (!inMoves) {
            startComments.add(engine ? "*" + body : body);
            return;
        }
        Line line = top();
        if (line.dead) {
            return;
        }
        if (line.steps.isEmpty()) {
            if (line == main) {
                startComments.add(engine ? "*" + body : body);
            } else {
                (engine ? line.pendingEngine : line.pendingComments).add(body);
            }
            return;
        }
        Node last = line.steps.getLast();
        (engine ? last.engine : last.comments).add(body);
    }

    // ------------------------------------------------------------------ variations

    private void variation(int no, String t) {
        if (!inMoves) {
            beginMoves(no);
        }
        Matcher vm = VARIATION.matcher(t);
        if (!vm.matches() || vm.group(1) == null) {
            problem(Kind.BAD_VARIATION, no, 0, 0, "variation header without a move number: \"" + Limits.excerpt(t) + "\"; its moves are skipped", t);
            skipping = true;
            return;
        }
        skipping = false;
        if (vm.group(2) == null) {
            problem(Kind.BAD_VARIATION, no, 0, 0, "variation header \"" + Limits.excerpt(t) + "\" lacks 手 after the move number", t);
        } else if (!vm.group(3).isEmpty()) {
            problem(Kind.UNEXPECTED_TEXT, no, 0, 0, "unexpected text \"" + vm.group(3) + "\" after the variation header \"変化："
                    + vm.group(1) + "手\"", vm.group(3));
        }
        long number = Long.parseLong(vm.group(1));
        long relative = number - firstNumber + 1;
        if (pos == null) {
            skipping = true;
            return;
        }
        // The most recently read line that has a move at this ply is the one the variation replaces a move of.
        int found = -1;
        for (int k = stack.size() - 1; k >= 0; k--) {
            if (relative >= 1 && relative <= MAX_PLY && stack.get(k).reaches((int) relative)) {
                found = k;
                break;
            }
        }
        if (found < 0) {
            problem(Kind.BAD_VARIATION, no, 0, 0, "variation at move " + number + ", but no line read so far has a move " + number
                    + "; its moves are skipped");
            skipping = true;
            return;
        }
        int ply = (int) relative;
        Line owner = stack.get(found);
        if (owner != main && ply == owner.startPly) {
            // Another alternative to the move this variation already replaces: a sibling.
            owner = owner.parent;
            found--;
        }
        if (owner.depth + 1 > MAX_DEPTH) {
            problem(Kind.BAD_VARIATION, no, 0, 0, "variations nested more than " + MAX_DEPTH + " deep; this one is skipped");
            skipping = true;
            return;
        }
        if (!moveTo(owner, ply)) {
            return;
        }
        Node replaced = owner.steps.get(ply - owner.startPly);
        Line fork = new Line(owner, ply, owner.depth + 1);
        fork.headerLine = no;
        replaced.forks.add(fork);
        while (stack.size() > found + 1) {
            stack.removeLast();
        }
        stack.add(fork);
    }

    /**
     * Brings the position to just before {@code ply} of {@code owner}: back to where the current path and the
     * target path meet, then forward. The cost is the distance between the two positions, which Kakinoki's
     * order keeps small; a budget stops pathological files that jump back and forth along long lines.
     */
    private boolean moveTo(Line owner, int ply) {
        List<Node> forward = new ArrayList<>();
        Line l = owner;
        int q = ply - 1;
        while (q > 0) {
            while (q < l.startPly) {
                l = l.parent;
            }
            Node t = l.steps.get(q - l.startPly);
            if (q <= path.size() && path.get(q - 1) == t) {
                break;
            }
            forward.add(t);
            q--;
        }
        navigation += path.size() - q + 2L * forward.size();
        if (navigation > MAX_NAVIGATION) {
            problem(Kind.BAD_VARIATION, 0, 0, 0, "the variations make the reader move back and forth more than " + MAX_NAVIGATION
                    + " moves; reading stopped");
            stopped = true;
            return false;
        }
        while (path.size() > q) {
            pos.undoMove();
            path.removeLast();
        }
        for (int k = forward.size() - 1; k >= 0; k--) {
            Node node = forward.get(k);
            pos.doMove(node.move);
            path.add(node);
        }
        return true;
    }

    private Line top() {
        return stack.getLast();
    }

    // ------------------------------------------------------------------ endings (KI2)

    private void summary(int no, String t) {
        if (dialect == Dialect.KIF || skipping) {
            return;
        }
        if (!inMoves) {
            beginMoves(no);
        }
        Line line = top();
        if (line.dead && line.offender != null) {
            // The summary of a game that ended on the illegal move: it counts that move, and speaks of the
            // side to move after it.
            Matcher sm = SUMMARY.matcher(t);
            Color offender = line.offender;
            line.offender = null;
            if (sm.matches()) {
                Special s = ending(sm.group(2), offender.opposite(),
                        start.handicap().isPresent() && start.handicap().get().isHandicap());
                if (s != null) {
                    line.offender = offender;
                    keepIllegalMoveEnding(line, s);
                }
            }
            return;
        }
        if (line.dead || line.closed || pos == null) {
            return;
        }
        Matcher sm = SUMMARY.matcher(t);
        int absolute = line.nextPly() + firstNumber - 1;
        if (!sm.matches()) {
            problem(Kind.BAD_ENDING, no, 0, absolute, "unrecognised ending line \"" + Limits.excerpt(t) + "\"", t);
            return;
        }
        long count = Long.parseLong(sm.group(1));
        if (count != absolute - 1) {
            problem(Kind.ENDING_MISMATCH, no, 0, absolute, "the ending line says " + count + " moves, but the line has " + (absolute - 1));
        }
        Color toMove = pos.turn();
        Special s = ending(sm.group(2), toMove, start.handicap().isPresent() && start.handicap().get().isHandicap());
        if (s == null) {
            problem(Kind.BAD_ENDING, no, 0, absolute, "cannot tell how the game ended from \"" + Limits.excerpt(t) + "\"", t);
            return;
        }
        Node node = new Node(Move.NONE, s);
        node.comments.addAll(line.pendingComments);
        node.engine.addAll(line.pendingEngine);
        line.pendingComments.clear();
        line.pendingEngine.clear();
        line.steps.add(node);
        line.closed = true;
    }

    /**
     * The special an ending line of a KI2 record states ({@code まで77手で先手の勝ち} → 投了), relative to the
     * side to move after the line's moves. See {@link dev.meijin.notation.ki2.Ki2Reader} for the table.
     */
    static Special ending(String rest, Color toMove, boolean handicapGame) {
        Color named = null;
        for (String side : List.of("先手", "下手", "後手", "上手")) {
            if (rest.contains(side + "の") || rest.contains(side + "が")) {
                named = side.equals("先手") || side.equals("下手") ? Color.SENTE : Color.GOTE;
                break;
            }
        }
        if (rest.contains("中断")) {
            return Special.CHUDAN;
        }
        if (rest.contains("千日手")) {
            return Special.SENNICHITE;
        }
        if (rest.contains("持将棋")) {
            return Special.JISHOGI;
        }
        if (rest.contains("不詰")) {
            return Special.FUZUMI;
        }
        if (rest.contains("詰")) {
            return Special.TSUMI;
        }
        if (rest.contains("封じ手")) {
            return Special.FUUJITE;
        }
        if (rest.contains("引き分け") || rest.contains("引分")) {
            return Special.HIKIWAKE;
        }
        if (rest.contains("最大手数")) {
            return Special.MAX_MOVES;
        }
        if (rest.contains("待った")) {
            return Special.MATTA;
        }
        if (rest.contains("エラー")) {
            return Special.ERROR;
        }
        if (rest.contains("反則負け")) {
            return named == null || named == toMove ? Special.ILLEGAL_MOVE : Special.ILLEGAL_WIN;
        }
        if (rest.contains("反則勝ち")) {
            return named == null || named == toMove ? Special.ILLEGAL_WIN : Special.ILLEGAL_MOVE;
        }
        if (rest.contains("不戦勝")) {
            return named == null || named == toMove ? Special.FUSEN_WIN : Special.FUSEN_LOSS;
        }
        if (rest.contains("不戦敗")) {
            return named == null || named == toMove ? Special.FUSEN_LOSS : Special.FUSEN_WIN;
        }
        if (rest.contains("入玉") || rest.contains("宣言")) {
            return Special.KACHI;
        }
        if (rest.contains("時間切れ") || rest.contains("切れ負け")) {
            return Special.TIME_UP;
        }
        if (rest.contains("勝ち") && named != null) {
            // The side to move winning with no reason given is how Kakinoki writes 反則勝ち.
            return named == toMove ? Special.ILLEGAL_WIN : Special.TORYO;
        }
        if (rest.contains("投了")) {
            return Special.TORYO;
        }
        return null;
    }

    // ------------------------------------------------------------------ results

    private List<Step> steps(Line line) {
        List<Step> out = new ArrayList<>(line.steps.size());
        for (Node n : line.steps) {
            List<List<Step>> forks = new ArrayList<>(n.forks.size());
            for (Line f : n.forks) {
                List<Step> s = steps(f);
                if (!s.isEmpty()) {
                    forks.add(s);
                } else if (!f.dead) {
                    problem(Kind.BAD_VARIATION, f.headerLine, 0, f.startPly + firstNumber - 1,
                            "variation at move " + (f.startPly + firstNumber - 1) + " has no moves; it was dropped");
                }
            }
            out.add(new Step(n.move, Optional.ofNullable(n.special), n.comments, n.engine,
                    Optional.ofNullable(n.time), Optional.ofNullable(n.total), forks));
        }
        return out;
    }

    private void problem(Kind kind, int line, int column, int ply, String message) {
        add(new Problem(kind, line, column, ply, message));
    }

    private void problem(Kind kind, int line, int column, int ply, String message, String text) {
        add(new Problem(kind, line, column, ply, message, text));
    }

    private void add(Problem p) {
        if (problems.size() < MAX_PROBLEMS) {
            problems.add(p);
        } else if (!stopped) {
            problems.add(new Problem(Kind.TOO_MANY_PROBLEMS, p.line(), 0, 0, "more than " + MAX_PROBLEMS + " problems; reading stopped"));
            stopped = true;
        }
    }

    private static String stripEnd(String s) {
        int e = s.length();
        while (e > 0 && (s.charAt(e - 1) == '\r' || s.charAt(e - 1) == '\n')) {
            e--;
        }
        return s.substring(0, e);
    }
}
