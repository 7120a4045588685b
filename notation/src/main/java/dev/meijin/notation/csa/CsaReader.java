package dev.meijin.notation.csa;

import dev.meijin.core.Color;
import dev.meijin.core.Hand;
import dev.meijin.core.Move;
import dev.meijin.core.Piece;
import dev.meijin.core.Role;
import dev.meijin.core.Square;
import dev.meijin.core.game.Handicap;
import dev.meijin.core.position.IllegalPositionException;
import dev.meijin.core.position.Position;
import dev.meijin.core.position.Setup;
import dev.meijin.core.position.Setups;
import dev.meijin.notation.MoveProblems;
import dev.meijin.notation.kifu.Header;
import dev.meijin.notation.kifu.Headers;
import dev.meijin.notation.kifu.Kifu;
import dev.meijin.notation.kifu.KifuException;
import dev.meijin.notation.kifu.Limits;
import dev.meijin.notation.kifu.Problem;
import dev.meijin.notation.kifu.Problem.Kind;
import dev.meijin.notation.kifu.ReadResult;
import dev.meijin.notation.kifu.Special;
import dev.meijin.notation.kifu.Start;
import dev.meijin.notation.kifu.Step;
import dev.meijin.notation.move.CsaNotation;
import dev.meijin.notation.move.MoveNotationException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * Reads CSA records (versions 1, 2, 2.1, 2.2 and 3.0) leniently: whatever can be read is kept, and every
 * problem is reported with its line and column.
 *
 * <p>What is read:
 *
 * <ul>
 *   <li>{@code 'CSA encoding=…} (V3) and {@code 'encoding=…} declarations, skipped (decoding happens before
 *       reading, see {@code dev.meijin.notation.encoding.TextDecoder});
 *   <li>the version line {@code V2}, {@code V2.1}, {@code V2.2} or {@code V3.0} (V1 files have none);
 *   <li>{@code N+}/{@code N-} player names, which become the headers 先手/後手, or 下手/上手 when the start is
 *       a registry handicap;
 *   <li>{@code $KEY:value} information lines, mapped through {@link Headers#CSA_TO_KIF} ({@code $TIME}, the
 *       V3 time control, becomes 持ち時間 like {@code $TIME_LIMIT}); unknown keys are kept verbatim, without
 *       the {@code $};
 *   <li>the start position: {@code PI} with removed pieces, the rows {@code P1}…{@code P9}, and
 *       {@code P+}/{@code P-} placement lines (squares {@code 00} are the hand; {@code 00AL} gives that side
 *       every piece not placed yet), then the side to move, {@code +} or {@code -};
 *   <li>moves such as {@code +7776FU}, each optionally followed by its time {@code T12} (V3 also
 *       {@code T12.345}), and the special endings {@code %TORYO} … (every CSA spelling in {@link Special});
 *   <li>comments: {@code '*…} lines are engine output ({@link Step#engineComments()}), other {@code '…} lines
 *       are comments; those before the first move belong to the start, the others to the move or special
 *       they follow;
 *   <li>several statements on one line separated by {@code ,} (a line that starts with a comment, a name or an
 *       information line is one statement, commas included; a comment after a comma runs to the end of the line
 *       or to the next {@code ,'}), and several records in one text separated by a line {@code /}.
 * </ul>
 *
 * <p>Leniency: an unknown line, a malformed information line, a board row with trailing text (such as the
 * stray {@code .} some programs write) are reported and reading goes on. The main line stops before the first
 * move that is malformed or illegal; the headers, the start and the moves before it are kept, and the rest of
 * the record is ignored, except a special right after an illegal move that says its mover lost by it
 * ({@code %+ILLEGAL_ACTION} after sente's move): that ending is kept in the move's place
 * ({@link Special#afterIllegalMove}), with the comments after it. A special repeated word for word (game servers write a declarer's {@code %KACHI} and
 * then their own) counts once. At most {@link #MAX_PROBLEMS} problems are listed per record. Reading never
 * throws, takes time and memory in proportion to the text, and always ends.
 *
 * <p>Comments above the side-to-move line (file banners, field labels, a tsume's title) are kept as start
 * comments, as are those between it and the first move; the writer puts them all after the side-to-move
 * line.
 *
 * {@snippet :
 * ReadResult r = CsaReader.read("V2.2\nPI\n+\n+7776FU,T3\n-3334FU\n%TORYO\n");
 * Kifu kifu = r.kifu();              // 2 moves, then 投了
 * List<Problem> problems = r.problems(); // empty
 * }
 */
public final class CsaReader {
    private CsaReader() {}

    /** At most this many problems are listed per record; one more entry says how many were left out. */
    public static final int MAX_PROBLEMS = 1_000;

    /** The versions a {@code V} line may name. */
    private static final List<String> VERSIONS = List.of("V2", "V2.1", "V2.2", "V3.0");

    /**
     * Reads the first record of a CSA text. Further records (after a line {@code /}) are ignored; use
     * {@link #readAll(String)} to read them.
     *
     * @param text the decoded text; a leading byte-order mark is ignored
     * @return the record and the problems found; an empty text gives the even start and one problem
     */
    public static ReadResult read(String text) {
        List<ReadResult> all = readRecords(text, 1);
        if (all.isEmpty()) {
            return new ReadResult(Kifu.empty(), List.of(new Problem(Kind.NO_RECORD, 0, 0, 0, "no CSA record in the text")));
        }
        return all.getFirst();
    }

    /**
     * Reads every record of a CSA text; records are separated by a line holding only {@code /}. Blank
     * records (nothing but empty lines between separators) are skipped.
     *
     * @param text the decoded text; a leading byte-order mark is ignored
     * @return one result per record, in order; empty if the text holds none
     */
    public static List<ReadResult> readAll(String text) {
        return readRecords(text, Integer.MAX_VALUE);
    }

    /**
     * Reads the first record strictly.
     *
     * @param text the decoded text
     * @return the record
     * @throws KifuException for the first problem found
     */
    public static Kifu readStrict(String text) {
        return read(text).orThrow();
    }

    /** A digit 0–9 at the index, or -1. */
    private static int digit(CharSequence text, int index) {
        if (index < 0 || index >= text.length()) {
            return -1;
        }
        char c = text.charAt(index);
        return c >= '0' && c <= '9' ? c - '0' : -1;
    }

    /** The role with the two-letter CSA name at the index, or {@code null}. */
    private static Role role(String text, int index) {
        if (index < 0 || index + 2 > text.length()) {
            return null;
        }
        String name = text.substring(index, index + 2);
        for (Role r : Role.values()) {
            if (r.csa().equals(name)) {
                return r;
            }
        }
        return null;
    }

    private static List<ReadResult> readRecords(String text, int limit) {
        List<ReadResult> out = new ArrayList<>();
        if (text == null) {
            return out;
        }
        RecordParser parser = new RecordParser();
        if (text.length() > Limits.MAX_CHARS) {
            parser.problem(Kind.TEXT_TOO_LONG, 0, 0, "the text is " + text.length() + " characters long; only the first " + Limits.MAX_CHARS + " were read");
            text = text.substring(0, Limits.MAX_CHARS);
        }
        int n = text.length();
        int i = !text.isEmpty() && text.charAt(0) == '\uFEFF' ? 1 : 0;
        int lineNo = 0;
        while (i <= n && out.size() < limit) {
            if (i == n) {
                break;
            }
            int end = i;
            while (end < n && text.charAt(end) != '\n' && text.charAt(end) != '\r') {
                end++;
            }
            String line = text.substring(i, end);
            lineNo++;
            if (end < n && text.charAt(end) == '\r' && end + 1 < n && text.charAt(end + 1) == '\n') {
                end++;
            }
            i = end + 1;
            if (line.strip().equals("/")) {
                if (!parser.blank()) {
                    out.add(parser.finish());
                }
                parser = new RecordParser();
                continue;
            }
            parser.line(line, lineNo);
        }
        if (out.size() < limit && !parser.blank()) {
            out.add(parser.finish());
        }
        return out;
    }

    /** A step being built: the move or special, and what follows it. */
    private static final class StepBuilder {
        final int move;
        final Special special;
        final List<String> comments = new ArrayList<>();
        final List<String> engineComments = new ArrayList<>();
        Duration time;

        StepBuilder(int move, Special special) {
            this.move = move;
            this.special = special;
        }

        Step build() {
            Step s = special == null ? Step.move(move) : Step.special(special);
            return s.withComments(comments).withEngineComments(engineComments).withTime(Optional.ofNullable(time), Optional.empty());
        }
    }

    /** The state of one record being read. */
    private static final class RecordParser {
        private final List<Problem> problems = new ArrayList<>();
        /** Headers in file order; a name line holds a placeholder key resolved in {@link #finish()}. */
        private final List<String[]> headers = new ArrayList<>();
        private final List<String> startComments = new ArrayList<>();
        private final List<StepBuilder> steps = new ArrayList<>();
        /** Problems beyond {@link #MAX_PROBLEMS}, counted only. */
        private int unlisted;
        /** Moves in the main line so far. */
        private int plies;

        private boolean sawContent;
        private boolean sawVersion;
        // The start position, as plain data until the side-to-move line.
        private final int[] board = new int[Square.COUNT];
        private final int[] hands = new int[16];
        private boolean sawPi;
        private final boolean[] rows = new boolean[10];
        private boolean sawPieces;
        private Color allRemainingTo;
        private Setup setup;
        private Position pos;
        /** The main line stopped at a problem (or the position is unusable): the rest of the moves are ignored. */
        private boolean stopped;
        /** A special was read: the game is over. */
        private boolean ended;
        /**
         * The side whose illegal move stopped the main line, while the next statement may still be its recorded
         * ending ({@link Special#afterIllegalMove}); null otherwise.
         */
        private Color offender;

        boolean blank() {
            return !sawContent;
        }

        void line(String raw, int lineNo) {
            String line = stripTrailing(raw);
            if (line.isBlank()) {
                return;
            }
            sawContent = true;
            char first = line.charAt(0);
            if (first == '\'' || first == 'N' || first == '$') {
                statement(line, lineNo, 1);
                return;
            }
            int start = 0;
            while (start <= line.length()) {
                int lead0 = start;
                while (lead0 < line.length() && line.charAt(lead0) == ' ') {
                    lead0++;
                }
                // A comment after a comma runs to the end of the line, or to a ",'" that starts another one.
                boolean comment = lead0 < line.length() && line.charAt(lead0) == '\'';
                int comma = comment ? line.indexOf(",'", lead0) : line.indexOf(',', start);
                int stop = comma < 0 ? line.length() : comma;
                String part = line.substring(start, stop);
                // Leading spaces are not part of a statement; keep the column of its first character.
                int lead = 0;
                while (lead < part.length() && part.charAt(lead) == ' ') {
                    lead++;
                }
                String stmt = stripTrailing(part.substring(lead));
                if (!stmt.isEmpty()) {
                    statement(stmt, lineNo, start + lead + 1);
                }
                if (comma < 0) {
                    break;
                }
                start = comma + 1;
            }
        }

        private void problem(Kind kind, int line, int column, String message) {
            report(new Problem(kind, line, column, 0, message));
        }

        private void problem(Kind kind, int line, int column, String message, String text) {
            report(new Problem(kind, line, column, 0, message, text));
        }

        private void report(Problem p) {
            if (problems.size() < MAX_PROBLEMS) {
                problems.add(p);
            } else {
                unlisted++;
            }
        }

        private void statement(String s, int line, int col) {
            char c = s.charAt(0);
            switch (c) {
                case '\'' -> comment(s, line);
                case 'V' -> version(s, line, col);
                case 'N' -> name(s, line, col);
                case '$' -> information(s, line, col);
                case 'P' -> positionLine(s, line, col);
                case '+', '-' -> {
                    if (s.length() == 1) {
                        turn(c == '+' ? Color.SENTE : Color.GOTE, line, col);
                    } else {
                        move(s, line, col);
                    }
                }
                case '%' -> special(s, line, col);
                case 'T' -> time(s, line, col);
                default -> problem(Kind.UNKNOWN_LINE, line, col, "unrecognised CSA statement \"" + abbreviate(s) + "\"", s);
            }
        }

        // ------------------------------------------------------------------ header

        private void comment(String s, int line) {
            if (setup == null && (s.startsWith("'CSA encoding=") || s.startsWith("'encoding="))) {
                return; // an encoding declaration, not a comment
            }
            boolean engine = s.length() > 1 && s.charAt(1) == '*';
            String text = s.substring(engine ? 2 : 1);
            if (steps.isEmpty()) {
                if (!stopped) {
                    // Engine output before the first move has no move to belong to; keep it as a comment.
                    startComments.add(engine ? "*" + text : text);
                }
                return;
            }
            if (stopped) {
                return;
            }
            StepBuilder last = steps.getLast();
            (engine ? last.engineComments : last.comments).add(text);
        }

        private void version(String s, int line, int col) {
            if (!VERSIONS.contains(s)) {
                problem(Kind.BAD_HEADER, line, col, "unknown CSA version \"" + abbreviate(s) + "\" (expected V2, V2.1, V2.2 or V3.0)", s);
                return;
            }
            if (sawVersion) {
                problem(Kind.BAD_HEADER, line, col, "a second version line \"" + abbreviate(s) + "\"", s);
            }
            sawVersion = true;
        }

        private void name(String s, int line, int col) {
            if (s.length() < 2 || (s.charAt(1) != '+' && s.charAt(1) != '-')) {
                problem(Kind.BAD_HEADER, line, col, "a name line must start with N+ or N-: \"" + abbreviate(s) + "\"", s);
                return;
            }
            headers.add(new String[] {s.charAt(1) == '+' ? "N+" : "N-", s.substring(2)});
        }

        private void information(String s, int line, int col) {
            int colon = s.indexOf(':');
            if (colon < 0) {
                problem(Kind.BAD_HEADER, line, col, "information line \"" + abbreviate(s) + "\" has no ':' between key and value", s);
                return;
            }
            String key = s.substring(1, colon);
            if (key.isEmpty()) {
                problem(Kind.BAD_HEADER, line, col + 1, "information line \"" + abbreviate(s) + "\" has an empty key", s);
                return;
            }
            for (int i = 0; i < key.length(); i++) {
                if (Character.isWhitespace(key.charAt(i))) {
                    problem(Kind.BAD_HEADER, line, col + 1 + i, "information key \"" + abbreviate(key) + "\" contains a space", key);
                    return;
                }
            }
            headers.add(new String[] {kifKey(key), s.substring(colon + 1)});
        }

        private static String kifKey(String csaKey) {
            if (csaKey.equals("TIME")) {
                return Headers.TIME_LIMIT;
            }
            String k = Headers.CSA_TO_KIF.get(csaKey);
            return k != null ? k : csaKey;
        }

        // ------------------------------------------------------------------ position

        private boolean positionClosed(int line, int col, String what) {
            if (setup != null) {
                problem(Kind.BAD_BOARD, line, col, what + " after the side-to-move line is ignored");
                return true;
            }
            return false;
        }

        private void positionLine(String s, int line, int col) {
            if (s.length() < 2) {
                problem(Kind.UNKNOWN_LINE, line, col, "unrecognised CSA statement \"P\"", "P");
                return;
            }
            char k = s.charAt(1);
            if (k == 'I') {
                if (!positionClosed(line, col, "a PI line")) {
                    pi(s, line, col);
                }
            } else if (k >= '1' && k <= '9') {
                if (!positionClosed(line, col, "a board row")) {
                    row(s, k - '0', line, col);
                }
            } else if (k == '+' || k == '-') {
                if (!positionClosed(line, col, "a piece line")) {
                    pieces(s, k == '+' ? Color.SENTE : Color.GOTE, line, col);
                }
            } else {
                problem(Kind.UNKNOWN_LINE, line, col, "unrecognised position line \"" + abbreviate(s) + "\"", s);
            }
        }

        private void pi(String s, int line, int col) {
            if (sawPi || anyRow() || sawPieces) {
                problem(Kind.BAD_BOARD, line, col, "PI after another description of the position; it replaces the board");
            }
            sawPi = true;
            Arrays.fill(hands, 0);
            for (int sq = 0; sq < Square.COUNT; sq++) {
                board[sq] = Setups.STARTPOS.piece(sq);
            }
            int i = 2;
            for (; i + 4 <= s.length(); i += 4) {
                int f = digit(s, i);
                int r = digit(s, i + 1);
                Role role = role(s, i + 2);
                if (f < 1 || r < 1) {
                    problem(Kind.BAD_SQUARE, line, col + i, "\"" + s.substring(i, i + 2) + "\" in PI is not a square", s.substring(i, i + 2));
                    continue;
                }
                if (role == null) {
                    problem(Kind.BAD_PIECE, line, col + i + 2, "\"" + s.substring(i + 2, i + 4) + "\" in PI is not a CSA piece name", s.substring(i + 2, i + 4));
                    continue;
                }
                int sq = Square.of(f, r);
                if (board[sq] == Piece.NONE || Piece.roleOf(board[sq]) != role) {
                    problem(Kind.BAD_SQUARE, line, col + i, "PI removes " + role.csa() + " from " + f + r + ", where the even start has "
                            + (board[sq] == Piece.NONE ? "no piece" : Piece.roleOf(board[sq]).csa()));
                    continue;
                }
                board[sq] = Piece.NONE;
            }
            if (i != s.length()) {
                problem(Kind.UNEXPECTED_TEXT, line, col + i, "unexpected \"" + abbreviate(s.substring(i)) + "\" at the end of PI", s.substring(i));
            }
        }

        private boolean anyRow() {
            for (boolean b : rows) {
                if (b) {
                    return true;
                }
            }
            return false;
        }

        private void row(String s, int rank, int line, int col) {
            if (sawPi) {
                problem(Kind.BAD_BOARD, line, col, "board row P" + rank + " after PI; it overwrites that rank");
            }
            if (rows[rank]) {
                problem(Kind.BAD_BOARD, line, col, "board row P" + rank + " appears twice; the later one counts");
            }
            rows[rank] = true;
            int i = 2;
            for (int file = 9; file >= 1; file--) {
                int sq = Square.of(file, rank);
                if (i >= s.length()) {
                    problem(Kind.BAD_BOARD_ROW, line, col + i, "board row P" + rank + " has only " + (9 - file) + ((9 - file) == 1 ? " square" : " squares") + ", not 9");
                    for (int f = file; f >= 1; f--) {
                        board[Square.of(f, rank)] = Piece.NONE;
                    }
                    return;
                }
                char c = s.charAt(i);
                if (c == '+' || c == '-') {
                    Role role = role(s, i + 1);
                    if (role == null) {
                        String bad = s.substring(i, Math.min(s.length(), i + 3));
                        problem(Kind.BAD_PIECE, line, col + i, "\"" + bad + "\" in board row P" + rank + " is not a piece", bad);
                        board[sq] = Piece.NONE;
                    } else {
                        board[sq] = Piece.of(c == '+' ? Color.SENTE : Color.GOTE, role);
                    }
                    i += 3;
                    continue;
                }
                // An empty square is " * "; mail and web pages sometimes squeeze the spaces, so accept "*",
                // " *", "* " too.
                int j = i;
                if (c == ' ') {
                    j++;
                }
                if (j < s.length() && s.charAt(j) == '*') {
                    j++;
                    if (j < s.length() && s.charAt(j) == ' ') {
                        j++;
                    }
                    board[sq] = Piece.NONE;
                    i = j;
                    continue;
                }
                String bad = s.substring(i, Math.min(s.length(), i + 3));
                problem(Kind.BAD_PIECE, line, col + i, "\"" + bad + "\" in board row P" + rank + " is not a piece or an empty square", bad);
                board[sq] = Piece.NONE;
                i += 3;
            }
            if (i < s.length()) {
                String rest = s.substring(i);
                problem(Kind.UNEXPECTED_TEXT, line, col + i, "unexpected \"" + abbreviate(rest.strip()) + "\" after the 9 squares of board row P" + rank + "; ignored", rest.strip());
            }
        }

        private void pieces(String s, Color side, int line, int col) {
            sawPieces = true;
            int i = 2;
            for (; i + 4 <= s.length(); i += 4) {
                int f = digit(s, i);
                int r = digit(s, i + 1);
                String name = s.substring(i + 2, i + 4);
                if (f == 0 && r == 0 && name.equals("AL")) {
                    if (allRemainingTo != null && allRemainingTo != side) {
                        problem(Kind.BAD_HAND, line, col + i, "00AL given to both sides; the later one counts");
                    }
                    allRemainingTo = side;
                    if (i + 4 != s.length()) {
                        problem(Kind.UNEXPECTED_TEXT, line, col + i + 4, "unexpected \"" + abbreviate(s.substring(i + 4)) + "\" after 00AL", s.substring(i + 4));
                    }
                    return;
                }
                Role role = role(s, i + 2);
                if (f < 0 || r < 0 || (f == 0) != (r == 0)) {
                    problem(Kind.BAD_SQUARE, line, col + i, "\"" + s.substring(i, i + 2) + "\" is not a square or 00 (in hand)", s.substring(i, i + 2));
                    continue;
                }
                if (role == null) {
                    problem(Kind.BAD_PIECE, line, col + i + 2, "\"" + name + "\" is not a CSA piece name", name);
                    continue;
                }
                if (f == 0) {
                    if (!role.isHandRole()) {
                        problem(Kind.BAD_HAND, line, col + i + 2, "a " + role.csa() + " cannot be in hand");
                        continue;
                    }
                    if (hands[side.index() * 8 + role.code()] == Limits.MAX_HAND_COUNT) {
                        problem(Kind.BAD_HAND, line, col + i, "more than " + Limits.MAX_HAND_COUNT + " " + role.csa() + " in "
                                + side.englishName() + "'s hand; ignored");
                        continue;
                    }
                    hands[side.index() * 8 + role.code()]++;
                } else {
                    board[Square.of(f, r)] = Piece.of(side, role);
                }
            }
            if (i != s.length()) {
                problem(Kind.UNEXPECTED_TEXT, line, col + i, "unexpected \"" + abbreviate(s.substring(i)) + "\" at the end of a piece line", s.substring(i));
            }
        }

        /** Closes the position: applies {@code 00AL}, builds the setup and the live position. */
        private void turn(Color turn, int line, int col) {
            if (setup != null) {
                problem(Kind.SIDE_TO_MOVE, line, col, "a second side-to-move line \"" + turn.csaSign() + "\" is ignored");
                return;
            }
            if (!sawPi && !anyRow() && !sawPieces) {
                problem(Kind.BAD_BOARD, line, col, "no start position (PI, P1–P9 or P+/P-) before the side-to-move line; the even start is assumed");
                for (int sq = 0; sq < Square.COUNT; sq++) {
                    board[sq] = Setups.STARTPOS.piece(sq);
                }
            } else if (anyRow() && !sawPi) {
                StringBuilder missing = new StringBuilder();
                for (int r = 1; r <= 9; r++) {
                    if (!rows[r]) {
                        missing.append(missing.isEmpty() ? "" : ", ").append('P').append(r);
                    }
                }
                if (!missing.isEmpty()) {
                    problem(Kind.BAD_BOARD, line, col, "board rows " + missing + " are missing; those ranks are empty");
                }
            }
            if (allRemainingTo != null) {
                giveRemaining(allRemainingTo);
            }
            List<Integer> b = new ArrayList<>(Square.COUNT);
            for (int p : board) {
                b.add(p);
            }
            List<Integer> h = new ArrayList<>(16);
            for (int x : hands) {
                h.add(x);
            }
            setup = new Setup(b, h, turn, 1);
            try {
                pos = Position.ofRecord(setup);
            } catch (IllegalPositionException e) {
                report(Problem.illegalStart(line, col, "the start position is not legal: " + e.detail() + "; no moves were read", e));
                stopped = true;
            }
        }

        private void giveRemaining(Color side) {
            int[] left = new int[8];
            for (int r = 1; r <= 7; r++) {
                left[r] = Hand.MAX[r] - hands[r] - hands[8 + r];
            }
            for (int p : board) {
                if (p != Piece.NONE) {
                    Role r = Piece.roleOf(p).unpromoted();
                    if (r.isHandRole()) {
                        left[r.code()]--;
                    }
                }
            }
            for (int r = 1; r <= 7; r++) {
                if (left[r] > 0) {
                    hands[side.index() * 8 + r] += left[r];
                }
            }
        }

        /** Before the first move or special: closes a position that lacks its side-to-move line. */
        private boolean ensureMoves(Color implied, int line, int col) {
            if (setup == null) {
                problem(Kind.SIDE_TO_MOVE, line, col, "no side-to-move line (+ or -) before the first move; " + (implied == Color.SENTE ? "sente" : "gote") + " is assumed to move first");
                turn(implied, line, col);
            }
            return pos != null && !stopped;
        }

        // ------------------------------------------------------------------ moves

        private void move(String s, int line, int col) {
            offender = null;
            if (!ensureMoves(s.charAt(0) == '+' ? Color.SENTE : Color.GOTE, line, col)) {
                return;
            }
            int ply = plies + 1;
            if (plies >= Limits.MAX_PLY) {
                report(new Problem(Kind.TOO_MANY_MOVES, line, col, ply, "more than " + Limits.MAX_PLY + " moves; the rest was not read"));
                stopped = true;
                return;
            }
            if (ended) {
                report(new Problem(Kind.MOVE_AFTER_END, line, col, ply, "move \"" + abbreviate(s) + "\" after the game ended with "
                        + steps.getLast().special.csa().orElse("a special") + "; the rest is ignored", s));
                stopped = true;
                return;
            }
            int m;
            try {
                m = CsaNotation.parse(pos, s);
            } catch (MoveNotationException e) {
                report(MoveProblems.of(e, line, col + Math.max(0, e.index()), ply, e.getMessage() + "; the main line stops here"));
                stopped = true;
                // A game that ended on an illegal move may record its ending next: see special.
                offender = e.reason() == MoveNotationException.Reason.ILLEGAL ? pos.turn() : null;
                return;
            }
            pos.doMove(m);
            plies++;
            steps.add(new StepBuilder(m, null));
        }

        private void special(String s, int line, int col) {
            if (stopped && offender != null) {
                // Right after the illegal move that stopped the main line: if this ending says the mover lost
                // by it, it is kept in the move's place, and what follows belongs to it.
                Optional<Special> kept = Special.ofCsa(s).flatMap(sp -> sp.afterIllegalMove(offender));
                offender = null;
                if (kept.isPresent()) {
                    stopped = false;
                    ended = true;
                    steps.add(new StepBuilder(Move.NONE, kept.get()));
                }
                return;
            }
            if (!ensureMoves(pos == null ? Color.SENTE : pos.turn(), line, col)) {
                return;
            }
            Optional<Special> sp = Special.ofCsa(s);
            if (sp.isEmpty()) {
                problem(Kind.BAD_ENDING, line, col, "unknown special \"" + abbreviate(s) + "\"; ignored", s);
                return;
            }
            if (ended) {
                // Game servers echo the declaring client's %KACHI and then write their own: a repeat is harmless.
                if (steps.getLast().special != sp.get()) {
                    problem(Kind.BAD_ENDING, line, col, "a second special " + abbreviate(s) + " after " + steps.getLast().special.csa().orElse("") + "; ignored", s);
                }
                return;
            }
            ended = true;
            steps.add(new StepBuilder(Move.NONE, sp.get()));
        }

        private void time(String s, int line, int col) {
            if (stopped) {
                return;
            }
            Duration d = parseTime(s);
            if (d == null) {
                problem(Kind.BAD_TIME, line, col, "\"" + abbreviate(s) + "\" is not a time such as T12 or T12.345", s);
                return;
            }
            if (steps.isEmpty()) {
                problem(Kind.BAD_TIME, line, col, "time \"" + abbreviate(s) + "\" before any move; ignored", s);
                return;
            }
            steps.getLast().time = d;
        }

        /** {@code T} followed by up to 9 digits of seconds and an optional fraction of up to 9 digits. */
        private static Duration parseTime(String s) {
            int dot = s.indexOf('.');
            String secs = dot < 0 ? s.substring(1) : s.substring(1, dot);
            String frac = dot < 0 ? "" : s.substring(dot + 1);
            if (secs.isEmpty() || secs.length() > 9 || frac.length() > 9 || (dot >= 0 && frac.isEmpty())) {
                return null;
            }
            if (!allDigits(secs) || !allDigits(frac)) {
                return null;
            }
            long nanos = frac.isEmpty() ? 0 : Long.parseLong((frac + "000000000").substring(0, 9));
            return Duration.ofSeconds(Long.parseLong(secs), nanos);
        }

        private static boolean allDigits(String s) {
            for (int i = 0; i < s.length(); i++) {
                if (s.charAt(i) < '0' || s.charAt(i) > '9') {
                    return false;
                }
            }
            return true;
        }

        // ------------------------------------------------------------------ result

        ReadResult finish() {
            if (setup == null) {
                if (sawPi || anyRow() || sawPieces) {
                    problem(Kind.SIDE_TO_MOVE, 0, 0, "the record has no side-to-move line (+ or -); sente is assumed to move");
                    turn(Color.SENTE, 0, 0);
                } else {
                    problem(Kind.BAD_BOARD, 0, 0, "the record has no start position and no side-to-move line; the even start is assumed");
                    setup = Setups.STARTPOS;
                }
            }
            Start start = Start.of(setup);
            boolean handicap = start.handicap().map(Handicap::isHandicap).orElse(false);
            List<Header> hs = new ArrayList<>(headers.size());
            for (String[] h : headers) {
                String key = switch (h[0]) {
                    case "N+" -> handicap ? Headers.SHITATE : Headers.SENTE;
                    case "N-" -> handicap ? Headers.UWATE : Headers.GOTE;
                    default -> h[0];
                };
                hs.add(new Header(key, h[1]));
            }
            List<Step> out = new ArrayList<>(steps.size());
            for (StepBuilder b : steps) {
                out.add(b.build());
            }
            if (unlisted > 0) {
                problems.add(new Problem(Kind.TOO_MANY_PROBLEMS, 0, 0, 0, unlisted + " more problems are not listed"));
            }
            return new ReadResult(new Kifu(hs, start, startComments, out), problems);
        }

        private static String stripTrailing(String s) {
            int end = s.length();
            while (end > 0 && Character.isWhitespace(s.charAt(end - 1))) {
                end--;
            }
            return s.substring(0, end);
        }

        private static String abbreviate(String s) {
            return Limits.excerpt(s);
        }
    }
}
