package dev.meijin.notation.jkf;

import dev.meijin.core.Color;
import dev.meijin.core.Move;
import dev.meijin.core.MoveOrDrop;
import dev.meijin.core.Piece;
import dev.meijin.core.Role;
import dev.meijin.core.Square;
import dev.meijin.core.game.Handicap;
import dev.meijin.core.position.IllegalMove;
import dev.meijin.core.position.IllegalMoveReason;
import dev.meijin.core.position.IllegalPositionException;
import dev.meijin.core.position.Position;
import dev.meijin.core.position.Setup;
import dev.meijin.core.sfen.Sfen;
import dev.meijin.notation.kifu.Header;
import dev.meijin.notation.kifu.Kifu;
import dev.meijin.notation.kifu.KifuException;
import dev.meijin.notation.kifu.Limits;
import dev.meijin.notation.kifu.Problem;
import dev.meijin.notation.kifu.Problem.Kind;
import dev.meijin.notation.kifu.ReadResult;
import dev.meijin.notation.kifu.Special;
import dev.meijin.notation.kifu.Start;
import dev.meijin.notation.kifu.Step;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import tools.jackson.core.JacksonException;
import tools.jackson.core.StreamReadConstraints;
import tools.jackson.core.TokenStreamLocation;
import tools.jackson.core.exc.StreamConstraintsException;
import tools.jackson.core.json.JsonFactory;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;
import tools.jackson.databind.json.JsonMapper;

/**
 * Reads JKF (JSON Kifu Format) leniently.
 *
 * <p>Read: {@code header} (string values; others are read as text and reported), {@code initial}
 * ({@code preset} from {@link Handicap#byJkfPreset(String)}, or {@code "OTHER"} with {@code data}; a missing
 * or {@code null} initial is the even start), and {@code moves}: the first entry's {@code comments} (or
 * {@code comment}) are the start comments; each later entry is a {@code move} or a {@code special} with its
 * {@code comments} (those starting with {@code *} are engine comments, the {@code *} removed), {@code time}
 * ({@code now} and {@code total}) and {@code forks}, read recursively from the position before the entry.
 *
 * <p>A move needs {@code color}, {@code to} (or {@code same}) and {@code piece}; {@code from} is absent for a
 * drop, and when it is absent for a board move it is worked out from the legal moves, using {@code relative}
 * if several pieces could move there. {@code promote} says whether it promotes; a missing {@code promote} on a
 * move that must promote is accepted. {@code capture}, {@code same} and {@code relative} are otherwise not
 * checked. The main line stops before the first move that is malformed or illegal; a fork stops likewise and
 * is dropped if nothing of it is left. Problems name the JSON path ({@code moves[12].move.to}); malformed
 * JSON is reported with its line and column.
 *
 * {@snippet :
 * ReadResult r = JkfReader.read(json);
 * Kifu kifu = r.kifu();
 * }
 */
public final class JkfReader {
    private JkfReader() {}

    /** How deep JSON may nest: a fork nested N deep is about 3N levels, and KIF allows 200 (see {@link Limits}). */
    static final int MAX_NESTING = 1_000;

    private static final StreamReadConstraints CONSTRAINTS = StreamReadConstraints.builder()
            .maxNestingDepth(MAX_NESTING)
            .maxDocumentLength(Limits.MAX_CHARS)
            .maxStringLength(Limits.MAX_CHARS)
            .build();

    private static final ObjectMapper MAPPER = JsonMapper.builder(JsonFactory.builder().streamReadConstraints(CONSTRAINTS).build()).build();

    /**
     * Reads a JKF text.
     *
     * @param json the JSON text
     * @return the record and the problems found; malformed JSON gives an empty record and one problem
     */
    public static ReadResult read(String json) {
        JsonNode root;
        try {
            root = MAPPER.readTree(json == null ? "" : json);
        } catch (JacksonException e) {
            TokenStreamLocation at = e.getLocation();
            int line = at == null ? 0 : Math.max(0, at.getLineNr());
            int col = at == null ? 0 : Math.max(0, at.getColumnNr());
            String why = e instanceof StreamConstraintsException ? tooLarge(e.getOriginalMessage()) : "malformed JSON: " + e.getOriginalMessage();
            return new ReadResult(Kifu.empty(), List.of(new Problem(e instanceof StreamConstraintsException ? Kind.TEXT_TOO_LONG : Kind.BAD_JSON, line, col, 0, why)));
        }
        List<Problem> problems = new ArrayList<>();
        if (root == null || !root.isObject()) {
            problems.add(new Problem(Kind.NO_RECORD, 0, 0, 0, "a JKF text is a JSON object with header, initial and moves"));
            return new ReadResult(Kifu.empty(), problems);
        }
        return new Reader(problems).record(root);
    }

    /**
     * A reader's words for a bound of the JSON parser that the text exceeds; Jackson names the bound by its
     * getter ({@code StreamReadConstraints.getMaxNestingDepth()}), which means nothing to a player.
     */
    private static String tooLarge(String jacksonMessage) {
        String m = jacksonMessage == null ? "" : jacksonMessage;
        if (m.contains("getMaxNestingDepth")) {
            return "the JSON is nested more than " + MAX_NESTING + " levels deep (a JKF record needs far fewer); not read";
        }
        if (m.contains("getMaxDocumentLength")) {
            return "the JSON text is longer than " + Limits.MAX_CHARS + " characters; not read";
        }
        if (m.contains("getMaxStringLength")) {
            return "a JSON string is longer than " + Limits.MAX_CHARS + " characters; not read";
        }
        if (m.contains("getMaxNumberLength")) {
            return "a JSON number has more than " + CONSTRAINTS.getMaxNumberLength() + " digits; not read";
        }
        if (m.contains("getMaxNameLength")) {
            return "a JSON member name is longer than " + CONSTRAINTS.getMaxNameLength() + " characters; not read";
        }
        return "the JSON text is too large to read";
    }

    /**
     * Reads a JKF text strictly.
     *
     * @param json the JSON text
     * @return the record
     * @throws KifuException for the first problem found
     */
    public static Kifu readStrict(String json) {
        return read(json).orThrow();
    }

    /** Thrown inside the reader to abandon one entry; never escapes {@link #read(String)}. */
    private static final class Bad extends Exception {
        private static final long serialVersionUID = 1L;

        /** The JSON path of the offending member. */
        final String path;
        /** Whether the entry is a well-formed move that the rules refuse (not a malformed one). */
        final boolean illegal;
        /** For an illegal move, the rule it breaks when the core names one; else null. */
        final IllegalMoveReason rule;

        Bad(String path, String message) {
            this(path, message, false, null);
        }

        Bad(String path, String message, boolean illegal, IllegalMoveReason rule) {
            super(message, null, false, false);
            this.path = path;
            this.illegal = illegal;
            this.rule = illegal ? rule : null;
        }
    }

    private static final class Reader {
        private final List<Problem> problems;

        Reader(List<Problem> problems) {
            this.problems = problems;
        }

        /** A problem with the member at {@code path}, which is the problem's text. */
        private void problem(Kind kind, int ply, String path, String message) {
            problems.add(new Problem(kind, 0, 0, ply, path + ": " + message, path));
        }

        ReadResult record(JsonNode root) {
            for (Map.Entry<String, JsonNode> e : root.properties()) {
                if (!e.getKey().equals("header") && !e.getKey().equals("initial") && !e.getKey().equals("moves")) {
                    problem(Kind.UNKNOWN_FIELD, 0, e.getKey(), "unknown member; ignored");
                }
            }
            List<Header> headers = headers(root.get("header"));
            Setup setup = initial(root.get("initial"));
            Start start = Start.of(setup);
            List<String> startComments = new ArrayList<>();
            List<Step> steps = List.of();
            JsonNode moves = root.get("moves");
            if (moves == null || moves.isNull()) {
                problem(Kind.BAD_FIELD, 0, "moves", "missing; the record has no moves");
            } else if (!moves.isArray()) {
                problem(Kind.BAD_FIELD, 0, "moves", "not an array; the record has no moves");
            } else {
                int first = 0;
                if (!moves.isEmpty()) {
                    JsonNode m0 = moves.get(0);
                    startComments.addAll(comments(m0.get("comments"), "moves[0].comments"));
                    JsonNode single = m0.get("comment");
                    if (single != null && single.isString()) {
                        startComments.addAll(List.of(single.asString().split("\r\n|\r|\n", -1)));
                    }
                    if (m0.has("move") || m0.has("special")) {
                        problem(Kind.BAD_FIELD, 0, "moves[0]", "the first entry holds only the start comments; its move is read as the first move");
                    } else {
                        first = 1;
                    }
                }
                Position pos;
                try {
                    pos = Position.ofRecord(setup);
                    steps = line(moves, first, pos, "moves", true);
                } catch (IllegalPositionException e) {
                    problems.add(Problem.illegalStart(0, 0, "initial: the start position is not legal: " + e.detail() + "; no moves were read", e));
                }
            }
            return new ReadResult(new Kifu(headers, start, startComments, steps), problems);
        }

        private List<Header> headers(JsonNode h) {
            List<Header> out = new ArrayList<>();
            if (h == null || h.isNull()) {
                problem(Kind.BAD_HEADER, 0, "header", "missing; no headers");
                return out;
            }
            if (!h.isObject()) {
                problem(Kind.BAD_HEADER, 0, "header", "not an object; ignored");
                return out;
            }
            for (Map.Entry<String, JsonNode> e : h.properties()) {
                if (e.getKey().isBlank()) {
                    problem(Kind.BAD_HEADER, 0, "header", "a header with an empty key; ignored");
                    continue;
                }
                JsonNode v = e.getValue();
                if (!v.isString()) {
                    problem(Kind.BAD_HEADER, 0, "header." + e.getKey(), "not a string; read as text");
                }
                out.add(new Header(e.getKey(), v.isString() ? v.asString() : v.isNull() ? "" : v.toString()));
            }
            return out;
        }

        private Setup initial(JsonNode init) {
            Setup even = Sfen.parse(Handicap.EVEN.sfen());
            if (init == null || init.isNull()) {
                return even;
            }
            if (!init.isObject()) {
                problem(Kind.BAD_FIELD, 0, "initial", "not an object; the even start is assumed");
                return even;
            }
            JsonNode preset = init.get("preset");
            String name = preset != null && preset.isString() ? preset.asString() : null;
            if (name == null) {
                problem(Kind.BAD_FIELD, 0, "initial.preset", "missing; " + (init.has("data") ? "the data is read" : "the even start is assumed"));
                return init.has("data") ? data(init.get("data"), even) : even;
            }
            if (!name.equals("OTHER")) {
                Optional<Handicap> h = Handicap.byJkfPreset(name);
                if (h.isEmpty()) {
                    problem(Kind.UNKNOWN_HANDICAP, 0, "initial.preset", "unknown preset \"" + Limits.excerpt(name) + "\"; the even start is assumed");
                    return even;
                }
                return Sfen.parse(h.get().sfen());
            }
            return data(init.get("data"), even);
        }

        private Setup data(JsonNode data, Setup even) {
            if (data == null || !data.isObject()) {
                problem(Kind.BAD_FIELD, 0, "initial.data", "missing for preset OTHER; the even start is assumed");
                return even;
            }
            Color turn = Color.SENTE;
            JsonNode color = data.get("color");
            if (color == null || !color.canConvertToInt() || (color.asInt() != 0 && color.asInt() != 1)) {
                problem(Kind.SIDE_TO_MOVE, 0, "initial.data.color", "not 0 or 1; sente is assumed to move");
            } else {
                turn = Color.of(color.asInt());
            }
            List<Integer> board = new ArrayList<>(Collections.nCopies(Square.COUNT, 0));
            JsonNode b = data.get("board");
            if (b == null || !b.isArray()) {
                if (b == null || !(b.isObject() && b.isEmpty())) {
                    problem(Kind.BAD_BOARD, 0, "initial.data.board", "not a 9×9 array; the board is empty");
                }
            } else {
                if (b.size() != 9) {
                    problem(Kind.BAD_BOARD, 0, "initial.data.board", b.size() + " columns, not 9");
                }
                for (int x = 1; x <= Math.min(9, b.size()); x++) {
                    JsonNode column = b.get(x - 1);
                    if (!column.isArray()) {
                        // An object has a size too, but no squares by index.
                        problem(Kind.BAD_BOARD_ROW, 0, "initial.data.board[" + (x - 1) + "]", "not an array of 9 squares; the column is empty");
                        continue;
                    }
                    if (column.size() != 9) {
                        problem(Kind.BAD_BOARD_ROW, 0, "initial.data.board[" + (x - 1) + "]", "not an array of 9 squares");
                    }
                    for (int y = 1; y <= Math.min(9, column.size()); y++) {
                        JsonNode sq = column.get(y - 1);
                        String path = "initial.data.board[" + (x - 1) + "][" + (y - 1) + "]";
                        if (!sq.isObject()) {
                            problem(Kind.BAD_PIECE, 0, path, "not a piece {color, kind}; left empty");
                            continue;
                        }
                        JsonNode kind = sq.get("kind");
                        JsonNode c = sq.get("color");
                        if (kind == null || kind.isNull()) {
                            continue;
                        }
                        Role role = role(kind);
                        if (role == null || c == null || !c.canConvertToInt() || (c.asInt() != 0 && c.asInt() != 1)) {
                            problem(Kind.BAD_PIECE, 0, path, "not a piece {color, kind}; left empty");
                            continue;
                        }
                        board.set(Square.of(x, y), Piece.of(Color.of(c.asInt()), role));
                    }
                }
            }
            List<Integer> hands = new ArrayList<>(Collections.nCopies(16, 0));
            JsonNode hs = data.get("hands");
            if (hs == null || !hs.isArray() || hs.size() != 2) {
                problem(Kind.BAD_HAND, 0, "initial.data.hands", "not an array of two hands; both are empty");
            } else {
                for (int c = 0; c < 2; c++) {
                    JsonNode hand = hs.get(c);
                    if (!hand.isObject()) {
                        problem(Kind.BAD_HAND, 0, "initial.data.hands[" + c + "]", "not an object; empty");
                        continue;
                    }
                    for (Map.Entry<String, JsonNode> e : hand.properties()) {
                        Role role = roleByName(e.getKey());
                        String path = "initial.data.hands[" + c + "]." + e.getKey();
                        if (role == null || !role.isHandRole()) {
                            if (!(e.getValue().canConvertToInt() && e.getValue().asInt() == 0)) {
                                problem(Kind.BAD_HAND, 0, path, "not a kind that can be held; ignored");
                            }
                            continue;
                        }
                        JsonNode v = e.getValue();
                        // More than a set has is the start position's problem, reported once by its check.
                        if (!v.isIntegralNumber() || !v.canConvertToInt() || v.asInt() < 0) {
                            problem(Kind.BAD_HAND, 0, path, "not a number of pieces; ignored");
                            continue;
                        }
                        if (v.asInt() > Limits.MAX_HAND_COUNT) {
                            problem(Kind.BAD_HAND, 0, path, v.asInt() + " pieces, more than " + Limits.MAX_HAND_COUNT + "; ignored");
                            continue;
                        }
                        hands.set(c * 8 + role.code(), v.asInt());
                    }
                }
            }
            return new Setup(board, hands, turn, 1);
        }

        /** Reads the entries of a line from {@code from} on; plays them on {@code pos} and takes them back. */
        private List<Step> line(JsonNode arr, int from, Position pos, String path, boolean main) {
            List<Step> out = new ArrayList<>();
            int played = 0;
            for (int i = from; i < arr.size(); i++) {
                JsonNode e = arr.get(i);
                String at = path + "[" + i + "]";
                int ply = pos.plies() + 1;
                if (ply > Limits.MAX_PLY) {
                    problem(Kind.TOO_MANY_MOVES, ply, at, "more than " + Limits.MAX_PLY + " moves; the rest was not read");
                    break;
                }
                if (!e.isObject()) {
                    problem(Kind.BAD_FIELD, ply, at, "not an object; the " + (main ? "main line" : "fork") + " stops here");
                    break;
                }
                boolean hasMove = e.has("move") && !e.get("move").isNull();
                boolean hasSpecial = e.has("special") && !e.get("special").isNull();
                if (hasMove == hasSpecial) {
                    problem(Kind.BAD_FIELD, ply, at, (hasMove ? "both a move and a special" : "neither a move nor a special")
                            + "; the " + (main ? "main line" : "fork") + " stops here");
                    break;
                }
                Step step;
                int m = Move.NONE;
                try {
                    if (hasMove) {
                        m = move(e.get("move"), pos, at + ".move");
                        step = Step.move(m);
                    } else {
                        step = Step.special(special(e.get("special"), at + ".special"));
                    }
                } catch (Bad bad) {
                    Kind kind = bad.illegal ? Kind.ILLEGAL_MOVE : Kind.UNREADABLE_MOVE;
                    problems.add(new Problem(kind, 0, 0, ply, bad.path + ": " + bad.getMessage() + "; the " + (main ? "main line" : "fork")
                            + " stops here", bad.path, bad.rule));
                    if (bad.illegal && i + 1 < arr.size()) {
                        illegalMoveEnding(arr.get(i + 1), pos.turn(), path + "[" + (i + 1) + "]").ifPresent(out::add);
                    }
                    break;
                }
                List<String> comments = new ArrayList<>();
                List<String> engine = new ArrayList<>();
                for (String c : comments(e.get("comments"), at + ".comments")) {
                    if (c.startsWith("*")) {
                        engine.add(c.substring(1));
                    } else {
                        comments.add(c);
                    }
                }
                step = step.withComments(comments).withEngineComments(engine);
                JsonNode time = e.get("time");
                if (time != null && !time.isNull()) {
                    Duration now = clock(time.get("now"), at + ".time.now", Limits.MAX_MOVE_SECONDS);
                    Duration total = clock(time.get("total"), at + ".time.total", Limits.MAX_TOTAL_SECONDS);
                    if (now != null) {
                        step = step.withTime(Optional.of(now), Optional.ofNullable(total));
                    }
                }
                JsonNode forks = e.get("forks");
                if (forks != null && !forks.isNull()) {
                    if (!forks.isArray()) {
                        problem(Kind.BAD_VARIATION, ply, at + ".forks", "not an array; ignored");
                    } else {
                        List<List<Step>> fs = new ArrayList<>();
                        for (int f = 0; f < forks.size(); f++) {
                            JsonNode fork = forks.get(f);
                            String fp = at + ".forks[" + f + "]";
                            if (!fork.isArray()) {
                                problem(Kind.BAD_VARIATION, ply, fp, "not an array; ignored");
                                continue;
                            }
                            List<Step> alt = line(fork, 0, pos, fp, false);
                            if (alt.isEmpty()) {
                                if (!fork.isEmpty()) {
                                    problem(Kind.BAD_VARIATION, ply, fp, "no playable move; the fork is dropped");
                                }
                                continue;
                            }
                            fs.add(alt);
                        }
                        step = step.withForks(fs);
                    }
                }
                out.add(step);
                if (!step.isMove()) {
                    if (i + 1 < arr.size()) {
                        problem(Kind.MOVE_AFTER_END, ply, path + "[" + (i + 1) + "]", "entries after the special " + step.special().orElseThrow().japanese() + " are ignored");
                    }
                    break;
                }
                pos.doMove(m);
                played++;
            }
            for (int k = 0; k < played; k++) {
                pos.undoMove();
            }
            return out;
        }

        private int move(JsonNode mv, Position pos, String at) throws Bad {
            if (!mv.isObject()) {
                throw new Bad(at, "not an object");
            }
            int us = pos.sideToMove();
            JsonNode color = mv.get("color");
            if (color == null || !color.canConvertToInt() || (color.asInt() != 0 && color.asInt() != 1)) {
                throw new Bad(at + ".color", "missing or not 0 or 1");
            }
            if (color.asInt() != us) {
                throw new Bad(at + ".color", color.asInt() + ", but " + (us == 0 ? "sente (0)" : "gote (1)") + " is to move");
            }
            int to;
            JsonNode toNode = mv.get("to");
            if (toNode == null || toNode.isNull()) {
                JsonNode same = mv.get("same");
                int last = pos.lastMove();
                if (same == null || !same.asBoolean(false) || !Move.isReal(last)) {
                    throw new Bad(at + ".to", "missing");
                }
                to = Move.to(last);
            } else {
                to = square(toNode, at + ".to");
            }
            JsonNode pieceNode = mv.get("piece");
            Role kind = pieceNode == null ? null : role(pieceNode);
            if (kind == null) {
                throw new Bad(at + ".piece", "missing or not a JKF kind");
            }
            JsonNode promoteNode = mv.get("promote");
            boolean promote = promoteNode != null && promoteNode.asBoolean(false);
            JsonNode fromNode = mv.get("from");
            int[] legal = pos.legalMoves();
            if (fromNode != null && !fromNode.isNull()) {
                int from = square(fromNode, at + ".from");
                int pc = pos.pieceAt(from);
                if (pc == Piece.NONE || Piece.color(pc) != us) {
                    // The core names the rule (no piece there, or the opponent's), as for every notation.
                    Optional<IllegalMove> broken = from == to ? Optional.empty() : pos.illegalMove(new MoveOrDrop.BoardMove(from, to, promote));
                    String why = from == to ? "no " + (us == 0 ? "sente" : "gote") + " piece on " + Square.file(from) + Square.rank(from)
                            : broken.map(IllegalMove::message).orElseThrow();
                    throw new Bad(at + ".from", why, from != to, broken.map(IllegalMove::reason).orElse(null));
                }
                Role onBoard = Piece.roleOf(pc);
                if (onBoard != kind) {
                    if (onBoard.canPromote() && onBoard.promoted() == kind) {
                        promote = true;
                    } else {
                        throw new Bad(at + ".piece", kind.csa() + ", but the piece on " + Square.file(from) + Square.rank(from) + " is " + onBoard.csa());
                    }
                }
                return legalOrForced(Move.normal(from, to, pc, promote), promoteNode == null, legal, pos, at);
            }
            JsonNode relNode = mv.get("relative");
            String relative = relNode != null && relNode.isString() ? relNode.asString() : "";
            int piece = Piece.of(us, kind.code());
            List<Integer> board = new ArrayList<>();
            if (!relative.equals("H")) {
                for (int m : legal) {
                    if (!Move.isDrop(m) && Move.to(m) == to && Move.piece(m) == piece && Move.isPromotion(m) == promote) {
                        board.add(m);
                    }
                }
            }
            if (board.isEmpty()) {
                if (!kind.isHandRole()) {
                    throw new Bad(at, "no " + kind.csa() + " can move to " + Square.file(to) + Square.rank(to));
                }
                return legalOrForced(Move.drop(kind.code(), to, us), false, legal, pos, at);
            }
            if (board.size() > 1) {
                List<Integer> chosen = new ArrayList<>();
                for (int m : board) {
                    if (matches(relative, us, Move.from(m), to)) {
                        chosen.add(m);
                    }
                }
                if (chosen.size() != 1) {
                    // Fall back on the marks this package writes.
                    chosen.clear();
                    for (int m : board) {
                        if (relative.equals(JkfRelative.of(pos, m, legal, legal.length))) {
                            chosen.add(m);
                        }
                    }
                }
                if (chosen.size() != 1) {
                    throw new Bad(at, board.size() + " pieces can move to " + Square.file(to) + Square.rank(to)
                            + " and neither from nor relative says which");
                }
                return chosen.getFirst();
            }
            return board.getFirst();
        }

        /**
         * Whether a piece on {@code from} fits the {@code relative} marks, as the reference converter reads them:
         * L, C, R compare its file with the destination's, U, M, D its rank, both from the mover's side.
         */
        private static boolean matches(String relative, int us, int from, int to) {
            int fileFrom = us == 0 ? Square.file(from) : 10 - Square.file(from);
            int fileTo = us == 0 ? Square.file(to) : 10 - Square.file(to);
            int rankFrom = Square.relativeRank(us, from);
            int rankTo = Square.relativeRank(us, to);
            boolean ok = !relative.isEmpty();
            for (int i = 0; i < relative.length(); i++) {
                ok &= switch (relative.charAt(i)) {
                    case 'L' -> fileFrom > fileTo;
                    case 'C' -> fileFrom == fileTo;
                    case 'R' -> fileFrom < fileTo;
                    case 'U' -> rankFrom > rankTo;
                    case 'M' -> rankFrom == rankTo;
                    case 'D' -> rankFrom < rankTo;
                    default -> false;
                };
            }
            return ok;
        }

        private static int legalOrForced(int m, boolean promoteMissing, int[] legal, Position pos, String at) throws Bad {
            for (int l : legal) {
                if (l == m) {
                    return m;
                }
            }
            if (promoteMissing && !Move.isDrop(m) && !Move.isPromotion(m)) {
                int promoting = m | Move.PROMOTE_FLAG;
                for (int l : legal) {
                    if (l == promoting) {
                        return promoting; // a move that must promote, written without "promote"
                    }
                }
            }
            // The core says which rule the move breaks (its reach, the check, nifu, …), as for every notation; a move
            // to its own square is no move at all, and CSA words it the same.
            Optional<IllegalMove> broken = Move.isReal(m) ? pos.illegalMove(Move.toRecord(m)) : Optional.empty();
            String why = !Move.isReal(m) ? ": a piece must move to another square" : broken.map(w -> ": " + w.message()).orElse("");
            throw new Bad(at, "illegal move " + Move.usi(m) + " in " + Sfen.format(pos) + why, true, broken.map(IllegalMove::reason).orElse(null));
        }

        private static int square(JsonNode n, String at) throws Bad {
            if (n == null || !n.isObject()) {
                throw new Bad(at, "not a square {x, y}");
            }
            JsonNode x = n.get("x");
            JsonNode y = n.get("y");
            if (x == null || y == null || !x.canConvertToInt() || !y.canConvertToInt()
                    || x.asInt() < 1 || x.asInt() > 9 || y.asInt() < 1 || y.asInt() > 9) {
                throw new Bad(at, "not a square {x, y} with x and y from 1 to 9");
            }
            return Square.of(x.asInt(), y.asInt());
        }

        /**
         * The entry right after an illegal move of {@code offender}: if it is a special that says the offender
         * lost by that move, it ends the line in the move's place ({@link Special#afterIllegalMove}), with its
         * comments, as the other readers keep it.
         */
        private Optional<Step> illegalMoveEnding(JsonNode e, Color offender, String at) {
            JsonNode sp = e.isObject() && !e.has("move") ? e.get("special") : null;
            if (sp == null || !sp.isString()) {
                return Optional.empty();
            }
            Optional<Special> kept = Special.ofCsa("%" + sp.asString()).flatMap(s -> s.afterIllegalMove(offender));
            if (kept.isEmpty()) {
                return Optional.empty();
            }
            List<String> comments = new ArrayList<>();
            List<String> engine = new ArrayList<>();
            for (String c : comments(e.get("comments"), at + ".comments")) {
                if (c.startsWith("*")) {
                    engine.add(c.substring(1));
                } else {
                    comments.add(c);
                }
            }
            return Optional.of(Step.special(kept.get()).withComments(comments).withEngineComments(engine));
        }

        private static Special special(JsonNode n, String at) throws Bad {
            if (!n.isString()) {
                throw new Bad(at, "not a string");
            }
            Optional<Special> sp = Special.ofCsa("%" + n.asString());
            if (sp.isEmpty()) {
                throw new Bad(at, "unknown special \"" + Limits.excerpt(n.asString()) + "\"");
            }
            return sp.get();
        }

        private List<String> comments(JsonNode n, String at) {
            List<String> out = new ArrayList<>();
            if (n == null || n.isNull()) {
                return out;
            }
            if (!n.isArray()) {
                problem(Kind.BAD_FIELD, 0, at, "not an array of strings; ignored");
                return out;
            }
            for (JsonNode c : n) {
                if (c.isString()) {
                    out.add(c.asString());
                } else {
                    problem(Kind.BAD_FIELD, 0, at, "holds a non-string; it is skipped");
                }
            }
            return out;
        }

        /** A time {@code {h, m, s}} of at most {@code maxSeconds}, or null (with a problem). */
        private Duration clock(JsonNode n, String at, long maxSeconds) {
            if (n == null || n.isNull()) {
                problems.add(new Problem(Kind.BAD_TIME, 0, 0, 0, at + ": missing; the time is ignored", at));
                return null;
            }
            long h = n.has("h") && !n.get("h").isNull() ? n.get("h").asLong(-1) : 0;
            long m = n.has("m") ? n.get("m").asLong(-1) : -1;
            long s = n.has("s") ? n.get("s").asLong(-1) : -1;
            // Each part within the bound keeps the sum far from overflowing.
            if (h < 0 || m < 0 || s < 0 || h > maxSeconds || m > maxSeconds || s > maxSeconds) {
                problems.add(new Problem(Kind.BAD_TIME, 0, 0, 0, at + ": not a time {h, m, s}; ignored", at));
                return null;
            }
            long seconds = h * 3600 + m * 60 + s;
            if (seconds > maxSeconds) {
                problems.add(new Problem(Kind.BAD_TIME, 0, 0, 0, at + ": " + seconds + " seconds is more than " + maxSeconds + "; ignored", at));
                return null;
            }
            return Duration.ofSeconds(seconds);
        }

        private static Role role(JsonNode kind) {
            return kind.isString() ? roleByName(kind.asString()) : null;
        }

        private static Role roleByName(String name) {
            for (Role r : Role.values()) {
                if (r.csa().equals(name)) {
                    return r;
                }
            }
            return null;
        }
    }
}
