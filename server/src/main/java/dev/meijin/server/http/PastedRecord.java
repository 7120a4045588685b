package dev.meijin.server.http;

import dev.meijin.core.Move;
import dev.meijin.core.game.Ending;
import dev.meijin.core.game.Handicap;
import dev.meijin.core.position.IllegalPositionException;
import dev.meijin.core.position.Position;
import dev.meijin.core.position.Setup;
import dev.meijin.core.sfen.Sfen;
import dev.meijin.core.usi.Usi;
import dev.meijin.notation.Format;
import dev.meijin.notation.Formats;
import dev.meijin.notation.kifu.GameRecords;
import dev.meijin.notation.kifu.Headers;
import dev.meijin.notation.kifu.Kifu;
import dev.meijin.notation.kifu.Problem;
import dev.meijin.notation.kifu.ReadResult;
import dev.meijin.notation.kifu.RecordDate;
import dev.meijin.server.engine.EnginePool;
import dev.meijin.server.game.StoredGame;
import dev.meijin.server.round.HandicapView;
import dev.meijin.server.round.MoveView;
import dev.meijin.server.round.OutcomeView;
import dev.meijin.server.round.Views;
import java.time.LocalTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;
import tools.jackson.databind.JsonNode;

/**
 * A game record sent to {@code POST /api/analyses} to be analysed by the engine, read strictly from its JSON
 * body (docs/PROTOCOL.md, section 2): the start position, the main line's moves, and what the header says of the
 * game.
 *
 * @param start the start position, one the engine can search
 * @param moves the main line as int moves, each legal where it is played; at most {@value #MAX_PLIES}
 * @param sente sente's name (先手, or 下手 in a handicap game), or null
 * @param gote gote's name (後手 or 上手), or null
 * @param date when the game was played (開始日時, else 対局日) in the record's own terms ({@link #recordDate}), or null
 * @param event the event (棋戦), or null
 * @param handicap the handicap of a handicap game's start, or null
 * @param checkmate whether the last move mates
 * @param result how the record says the game ended, judged by the rules as a game of the server is
 *     ({@link GameRecords#fromKifu}); null when the record was read only in part, names no ending, or was suspended
 * @param warnings what was wrong with the record after its first moves, which are analysed nevertheless
 * @param warningProblems the same problems structured ({@link ProblemView#warning}), one per warning and in order
 */
record PastedRecord(Setup start, List<Integer> moves, String sente, String gote, String date, String event, HandicapView handicap,
        boolean checkmate, OutcomeView result, List<String> warnings, List<Map<String, Object>> warningProblems) {
    /** The most moves of a record analysed. */
    static final int MAX_PLIES = 512;
    /** The most problems before the first move reported as warnings. */
    static final int MAX_WARNINGS = 5;
    private static final Set<String> FIELDS = Set.of("record");
    private static final DateTimeFormatter DAY = DateTimeFormatter.ofPattern("uuuu/MM/dd", Locale.ROOT);
    private static final DateTimeFormatter MINUTES = DateTimeFormatter.ofPattern("HH:mm", Locale.ROOT);
    private static final DateTimeFormatter SECONDS = DateTimeFormatter.ofPattern("HH:mm:ss", Locale.ROOT);
    /**
     * A time of day given to the second ({@code 13:05:55}) in a text that {@link RecordDate#parse} has read as a
     * date: it reads {@code 13:05} as {@code 13:05:00}, and the form shown keeps the record's precision.
     */
    private static final Pattern TO_THE_SECOND = Pattern.compile("[0-9]:[0-9]{2}:[0-9]{2}");

    PastedRecord {
        moves = List.copyOf(moves);
        warnings = List.copyOf(warnings);
        warningProblems = List.copyOf(warningProblems);
        if (warningProblems.size() != warnings.size()) {
            throw new IllegalArgumentException("one structured problem per warning");
        }
    }

    static PastedRecord parse(JsonNode n) {
        return read(CreateGame.text(n, FIELDS, "record",
                "record must be a game record: KIF, KI2, CSA, JKF, USI (position … moves …) or an SFEN with moves"));
    }

    /**
     * A record's main line, read by {@link Formats#read}. The start and the first move must read without a
     * problem; at the first problem after that (an illegal or unreadable move, a line not understood) the moves
     * before it are kept and the problem becomes a warning. A problem tied to a line but not to a move is placed
     * by reading the text again up to that line; one before the first move that the reader read past (a header
     * or board line it could not take in whole) is a warning, and the moves are kept.
     */
    static PastedRecord read(String text) {
        Format format = Formats.detect(text, Optional.empty());
        ReadResult r = Formats.read(text, Optional.empty());
        Kifu k = r.kifu();
        String as = "record (read as " + format + "): ";
        List<Integer> line = k.mainLine();
        List<String> warnings = new ArrayList<>();
        List<Map<String, Object>> warningProblems = new ArrayList<>();
        for (Problem p : r.problems()) {
            int before = Math.min(line.size(), movesBefore(p, text, format));
            if (p.ply() == 0 && before == 0 && !line.isEmpty()) {
                // Before the first move (the header, the board), and the moves were read past it.
                if (warnings.size() < MAX_WARNINGS) {
                    warnings.add(p + "; the moves after it are read");
                    warningProblems.add(ProblemView.warning(p, null));
                }
                continue;
            }
            if (before == 0) {
                throw CreateGame.bad(as, p);
            }
            warnings.add(p + "; the record is read up to move " + before);
            warningProblems.add(ProblemView.warning(p, before));
            line = line.subList(0, before);
            break;
        }
        Setup start = k.start().setup();
        Position pos;
        try {
            pos = Position.ofTsume(start);
        } catch (IllegalPositionException e) {
            throw CreateGame.bad(as, Problem.illegalStart(0, 0, "the engine cannot analyse the start position: " + e.detail(), e));
        }
        if (line.size() > MAX_PLIES) {
            throw CreateGame.bad(as, new Problem(Problem.Kind.TOO_MANY_MOVES, 0, 0, 0,
                    "the record has " + line.size() + " moves; at most " + MAX_PLIES + " are analysed"));
        }
        for (int m : line) {
            pos.doMove(m);
        }
        OutcomeView result = line.size() == k.mainLine().size() ? recordedResult(k) : null;
        return new PastedRecord(start, line, header(k, Headers.SENTE, Headers.SHITATE), header(k, Headers.GOTE, Headers.UWATE),
                recordDate(header(k, Headers.START_TIME, Headers.DATE)), header(k, Headers.EVENT),
                k.start().handicap().filter(Handicap::isHandicap).map(Views::handicap).orElse(null), pos.isCheckmate(), result, warnings, warningProblems);
    }

    /** The ending of a record read whole, as the rules judge it; null for none, an abort, or a record they refuse. */
    private static OutcomeView recordedResult(Kifu k) {
        try {
            return GameRecords.fromKifu(k).game().outcome().filter(o -> o.ending() != Ending.ABORTED)
                    .map(o -> Views.outcome(StoredGame.Result.of(o, 0))).orElse(null);
        } catch (IllegalArgumentException e) {
            return null;
        }
    }

    /** How many moves of the main line come before a problem: 0 when it is in the start position or the first move. */
    private static int movesBefore(Problem p, String text, Format format) {
        if (p.ply() > 0) {
            return p.ply() - 1;
        }
        if (p.line() <= 1) {
            return 0;
        }
        return Formats.of(format).map(f -> f.read(linesBefore(text, p.line())).kifu().mainLine().size()).orElse(0);
    }

    /** The text before a 1-based line, lines ending at {@code \n}, {@code \r\n} or {@code \r} as the readers count them. */
    private static String linesBefore(String text, int line) {
        int i = 0;
        for (int n = 1; n < line && i < text.length(); n++) {
            while (i < text.length() && text.charAt(i) != '\n' && text.charAt(i) != '\r') {
                i++;
            }
            if (i + 1 < text.length() && text.charAt(i) == '\r' && text.charAt(i + 1) == '\n') {
                i++;
            }
            i++;
        }
        return text.substring(0, Math.min(i, text.length()));
    }

    /** The first of these headers that says something, stripped; null when none does. */
    private static String header(Kifu k, String... keys) {
        for (String key : keys) {
            Optional<String> v = k.header(key).map(String::strip).filter(s -> !s.isEmpty());
            if (v.isPresent()) {
                return v.get();
            }
        }
        return null;
    }

    /**
     * When a game was played, in the record's own terms and one form: the date as {@link RecordDate#parse} reads
     * it, the one rule by which the readers read records' dates, written as {@code 2017/03/22}; the time only if the
     * record gives one, to the minute or the second as it does ({@code 2018/05/03 13:05:55}), a fraction of a
     * second dropped; and a time zone only if the record names one, at the record's own offset, never converted
     * ({@code 2017-03-22T01:00:00.000Z} is {@code 2017/03/22 01:00:00 UTC}, {@code +0900} and {@code JST} are
     * {@code +09:00}). A text that is no such date is kept as written.
     *
     * @param text a 開始日時 or 対局日 as written, or null
     * @return the date, or null for none
     */
    static String recordDate(String text) {
        if (text == null) {
            return null;
        }
        Optional<RecordDate> read = RecordDate.parse(text);
        if (read.isEmpty()) {
            return text;
        }
        RecordDate date = read.get();
        StringBuilder out = new StringBuilder(DAY.format(date.date()));
        LocalTime time = switch (date) {
            case RecordDate.Day d -> null;
            case RecordDate.Local l -> l.dateTime().toLocalTime();
            case RecordDate.Offset o -> o.dateTime().toLocalTime();
        };
        if (time != null) {
            out.append(' ').append((TO_THE_SECOND.matcher(text).find() ? SECONDS : MINUTES).format(time));
        }
        date.offset().ifPresent(o -> out.append(' ').append(o.equals(ZoneOffset.UTC) ? "UTC" : o.getId()));
        return out.toString();
    }

    /** The start position in SFEN. */
    String initialSfen() {
        return Sfen.format(start);
    }

    /** The moves in USI, as the engine takes them. */
    List<String> usiMoves() {
        return moves.stream().map(Move::usi).toList();
    }

    /**
     * The engine's evaluation of one position, with its best move written out.
     *
     * @param ply the moves played before the position
     * @param cp the score in centipawns from sente's side, or null
     * @param mate the distance to mate in plies from sente's side (positive: sente mates), or null
     * @param best the best move in USI, or null (no move to play)
     * @param bestMove the best move with its notations, numbered as the move after the position; or null
     * @param quality the grade of the move that led to the position ({@link EnginePool.Evaluation#quality()}), or null
     */
    record Scored(int ply, Integer cp, Integer mate, String best, MoveView bestMove, String quality) {}

    /**
     * The answer as sent: the analysis's id and progress, the record as read, and the evaluations so far with
     * their best moves in every notation.
     */
    Map<String, Object> view(String id, EnginePool.Analysis analysis) {
        // Whether it is done first: an analysis that ends after its evaluations are read is still "running" here, and
        // the next question gets the rest; read the other way round, "done" could come with a position missing.
        boolean done = analysis.done();
        List<EnginePool.Evaluation> evals = analysis.evaluations();
        Position pos = Position.ofTsume(start);
        List<MoveView> views = new ArrayList<>(moves.size());
        List<Scored> plies = new ArrayList<>(evals.size());
        for (int i = 0; i <= moves.size(); i++) {
            if (i < evals.size()) {
                EnginePool.Evaluation e = evals.get(i);
                MoveView best = e.best() == null ? null : MoveView.of(pos, Usi.parseMove(pos, e.best()), i + 1, null);
                plies.add(new Scored(e.ply(), e.cp(), e.mate(), e.best(), best, e.quality()));
            }
            if (i < moves.size()) {
                views.add(MoveView.of(pos, moves.get(i), i + 1, null));
                pos.doMove(moves.get(i));
            }
        }
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("id", id);
        m.put("status", done ? "done" : "running");
        m.put("nodesPerPosition", analysis.nodesPerPosition());
        m.put("initialSfen", initialSfen());
        m.put("moves", views);
        m.put("sente", sente);
        m.put("gote", gote);
        m.put("date", date);
        m.put("event", event);
        m.put("handicap", handicap);
        m.put("checkmate", checkmate);
        m.put("result", result);
        m.put("warnings", warnings);
        m.put("warningProblems", warningProblems);
        m.put("plies", plies);
        return m;
    }
}
