package dev.meijin.notation.kifu;

import dev.meijin.core.Color;
import dev.meijin.core.Move;
import dev.meijin.core.game.Declaration;
import dev.meijin.core.game.Ending;
import dev.meijin.core.game.Game;
import dev.meijin.core.game.MoveResult;
import dev.meijin.core.game.Outcome;
import dev.meijin.core.game.RuleSet;
import dev.meijin.core.game.TimeControl;
import dev.meijin.core.position.Setup;
import dev.meijin.notation.Format;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The bridge between a live {@link Game} and a game record: a {@link Kifu} from a game (players, rule set,
 * start and handicap, start time, each move's time, and the ending as the record's special), and a game from a
 * record.
 *
 * <p>Endings become specials as the formats define them (a special speaks of the side to move when it is
 * recorded): checkmate 詰み; resignation 投了; time loss 切れ負け; an illegal move 反則負け, or 反則勝ち when the
 * side to move is the winner (CSA and JKF write {@code %+ILLEGAL_ACTION}/{@code %-ILLEGAL_ACTION}); sennichite
 * 千日手; perpetual check, a foul by the checking side, as 反則負け/反則勝ち; a declaration 入玉勝ち, or 持将棋 when
 * it draws; an impasse by agreement 持将棋 when drawn, else 入玉勝ち for the winner to move or 投了 for the loser to
 * move; the try rule 投了 by the side that lost; the move limit 最大手数 (JKF, which has no such name: 引き分け);
 * a forfeit 不戦勝/不戦敗 in KIF and KI2 and, in CSA and JKF, which have neither, the illegal action of the side
 * that left; an aborted game 中断. A running game gets no special, unless {@link GameInfo#suspended()} says it was
 * stopped unfinished: then 中断.
 *
 * <p>The rule set goes into the headers 最大手数 and 持将棋 (which CSA V3.0 carries as {@code $MAX_MOVES} and
 * {@code $JISHOGI}) and in full into {@value #RULES} (KIF, KI2 and JKF keep it; CSA drops it). A record without
 * {@value #RULES} is read under computer rules: the 27-point declaration (24 if 持将棋 says so), the record's
 * move limit, illegal moves lose.
 *
 * <p>開始日時 and 終了日時 are written as {@link RecordDate#kif()} gives them (a time with an offset in ISO 8601,
 * which KIF, KI2 and JKF keep as written; the CSA writer converts it to Japan time and says so) and read back by
 * {@link RecordDate#parse}, the offset kept; a header that is no date leaves the time empty.
 *
 * <p>What the formats cannot say: KI2 has no move times; CSA and JKF have no forfeit (read back, it is an
 * illegal-move loss); every format gives 投了 and 切れ負け to the side to move, so a resignation or time loss by
 * the side that has just moved is written as its foul (反則勝ち of the side to move; CSA and JKF: the loser's
 * {@code ILLEGAL_ACTION}) and reads back as an illegal-move loss: the winner is kept, the reason is not.
 *
 * {@snippet :
 * Kifu kifu = GameRecords.toKifu(game, GameInfo.of("Habu", "Fujii").withStartTime(start), Format.KIF);
 * String kif = KifWriter.write(kifu).text();
 * GameRecords.Recorded back = GameRecords.fromKifu(KifReader.read(kif).kifu());
 * }
 */
public final class GameRecords {
    private GameRecords() {}

    /** The header that holds the whole rule set, e.g. {@code impasse=DECLARATION_27 maxMoves=256 takebacks=no …}. */
    public static final String RULES = "対局規定";

    /**
     * A game read from a record.
     *
     * @param game the game, at its last position, with the ending the record and the rules give
     * @param info the players, times and event the record holds
     * @param notes what did not carry over (moves after the rules ended the game, a rule header that could not be
     *     read, a recorded ending the rules disagree with)
     */
    public record Recorded(Game game, GameInfo info, List<String> notes) {
        public Recorded {
            notes = List.copyOf(notes);
        }
    }

    // ------------------------------------------------------------------ Game to Kifu

    /** A record of the game with the specials of KIF (the richest): see {@link #toKifu(Game, GameInfo, Format)}. */
    public static Kifu toKifu(Game game, GameInfo info) {
        return toKifu(game, info, Format.KIF);
    }

    /**
     * A record of the game, with its ending as the closest special {@code target} has.
     *
     * @param game the game, finished or running
     * @param info players, times and event; its move times, if any, must be one per move played
     * @param target the format the record will be written in (KIF, KI2, CSA, JKF; USI and SFEN hold no ending)
     * @return the record
     * @throws IllegalArgumentException if the number of move times is neither zero nor the number of moves
     */
    public static Kifu toKifu(Game game, GameInfo info, Format target) {
        List<Duration> times = info.moveTimes();
        int plies = game.plies();
        if (!times.isEmpty() && times.size() != plies) {
            throw new IllegalArgumentException(times.size() + " move times for " + plies + " moves");
        }
        Setup setup = game.start();
        Start start = Start.of(setup);
        boolean handicap = start.handicap().map(h -> h.isHandicap()).orElse(false);
        List<Header> headers = new ArrayList<>();
        info.event().ifPresent(e -> headers.add(new Header(Headers.EVENT, e)));
        info.startTime().ifPresent(t -> headers.add(new Header(Headers.START_TIME, t.kif())));
        info.endTime().ifPresent(t -> headers.add(new Header(Headers.END_TIME, t.kif())));
        info.timeControl().ifPresent(tc -> headers.add(new Header(Headers.TIME_LIMIT, timeControlText(tc))));
        RuleSet rules = game.rules();
        if (rules.maxMoves() > 0) {
            headers.add(new Header(Headers.MAX_MOVES, Integer.toString(rules.maxMoves())));
        }
        switch (rules.impasse()) {
            case DECLARATION_27 -> headers.add(new Header(Headers.JISHOGI, "27"));
            case DECLARATION_24 -> headers.add(new Header(Headers.JISHOGI, "24"));
            case NONE, AGREEMENT_24, TRY -> {}
        }
        headers.add(new Header(RULES, rulesText(rules)));
        if (!info.sente().isEmpty()) {
            headers.add(new Header(handicap ? Headers.SHITATE : Headers.SENTE, info.sente()));
        }
        if (!info.gote().isEmpty()) {
            headers.add(new Header(handicap ? Headers.UWATE : Headers.GOTE, info.gote()));
        }

        List<Step> steps = new ArrayList<>(plies + 1);
        Duration[] total = {Duration.ZERO, Duration.ZERO};
        int firstSide = setup.turn().index();
        for (int i = 0; i < plies; i++) {
            Step s = Step.move(game.moveAt(i));
            if (!times.isEmpty()) {
                int side = (firstSide + i) & 1;
                total[side] = total[side].plus(times.get(i));
                s = s.withTime(Optional.of(times.get(i)), Optional.of(total[side]));
            }
            steps.add(s);
        }
        Optional<Special> ending = game.outcome().isPresent() ? game.outcome().flatMap(o -> special(o, game.turn(), target))
                : info.suspended() && holdsEndings(target) ? Optional.of(Special.CHUDAN) : Optional.empty();
        ending.ifPresent(sp -> steps.add(Step.special(sp)));
        return new Kifu(headers, start, List.of(), steps);
    }

    /**
     * The special that records an outcome in a format, the side to move being {@code toMove} when it is
     * recorded; empty where the format has nothing for it (USI, SFEN).
     */
    public static Optional<Special> special(Outcome outcome, Color toMove, Format target) {
        boolean kifLike = target == Format.KIF || target == Format.KI2;
        if (!holdsEndings(target)) {
            return Optional.empty();
        }
        return Optional.of(switch (outcome) {
            case Outcome.Aborted a -> Special.CHUDAN;
            case Outcome.Draw d -> switch (d.ending()) {
                case REPETITION -> Special.SENNICHITE;
                case MOVE_LIMIT -> target == Format.JKF ? Special.HIKIWAKE : Special.MAX_MOVES;
                case DECLARATION, IMPASSE -> Special.JISHOGI;
                case CHECKMATE, NO_LEGAL_MOVES, RESIGNATION, TIME_LOSS, ILLEGAL_MOVE, PERPETUAL_CHECK, TRY, FORFEIT, ABORTED ->
                        Special.HIKIWAKE;
            };
            case Outcome.Win w -> {
                boolean moverLost = w.loser() == toMove;
                yield switch (w.ending()) {
                    case CHECKMATE, NO_LEGAL_MOVES -> Special.TSUMI;
                    // Records give 投了 and 切れ負け to the side to move. A player may resign (or be flagged)
                    // while the opponent is to move: the loss is then written as that player's foul, 反則勝ち
                    // of the side to move (CSA and JKF: the loser's ILLEGAL_ACTION), so the winner stays right.
                    case RESIGNATION, TRY -> moverLost ? Special.TORYO : Special.ILLEGAL_WIN;
                    case TIME_LOSS -> moverLost ? Special.TIME_UP : Special.ILLEGAL_WIN;
                    case ILLEGAL_MOVE, PERPETUAL_CHECK -> moverLost ? Special.ILLEGAL_MOVE : Special.ILLEGAL_WIN;
                    case DECLARATION -> Special.KACHI;
                    case IMPASSE -> moverLost ? Special.TORYO : Special.KACHI;
                    case FORFEIT -> kifLike ? (moverLost ? Special.FUSEN_LOSS : Special.FUSEN_WIN)
                            : w.loser() == Color.SENTE ? Special.SENTE_ILLEGAL_ACTION : Special.GOTE_ILLEGAL_ACTION;
                    case REPETITION, MOVE_LIMIT, ABORTED -> throw new IllegalStateException("a win by " + w.ending());
                };
            }
        });
    }

    /** Whether a format records how a game ended (KIF, KI2, CSA and JKF do; USI and SFEN do not). */
    private static boolean holdsEndings(Format f) {
        return f == Format.KIF || f == Format.KI2 || f == Format.CSA || f == Format.JKF;
    }

    /** A time control as 持ち時間: CSA V3.0's {@code main+byoyomi+increment} where it can say it, else in Japanese. */
    private static String timeControlText(TimeControl tc) {
        try {
            return tc.toCsa().substring("$TIME:".length());
        } catch (IllegalStateException e) {
            return tc.describeJapanese();
        }
    }

    /** The rule set as the {@value #RULES} header says it. */
    public static String rulesText(RuleSet r) {
        return "impasse=" + r.impasse() + " maxMoves=" + r.maxMoves() + " takebacks=" + yesNo(r.takebacks())
                + " illegalMoveLoses=" + yesNo(r.illegalMoveLoses()) + " handicapCompensation=" + yesNo(r.handicapCompensation());
    }

    private static String yesNo(boolean b) {
        return b ? "yes" : "no";
    }

    /**
     * The rule set from the text of a {@value #RULES} header.
     *
     * @throws IllegalArgumentException naming the part that is not understood
     */
    public static RuleSet parseRules(String text) {
        RuleSet.Impasse impasse = null;
        Integer maxMoves = null;
        Boolean takebacks = null, loses = null, compensation = null;
        for (String part : text.strip().split("\\s+")) {
            int eq = part.indexOf('=');
            if (eq <= 0) {
                throw new IllegalArgumentException("rule \"" + Limits.excerpt(part) + "\" is not key=value");
            }
            String key = part.substring(0, eq), value = part.substring(eq + 1);
            switch (key) {
                case "impasse" -> {
                    try {
                        impasse = RuleSet.Impasse.valueOf(value);
                    } catch (IllegalArgumentException e) {
                        throw new IllegalArgumentException("unknown impasse rule \"" + Limits.excerpt(value) + "\"", e);
                    }
                }
                case "maxMoves" -> {
                    if (!value.matches("\\d{1,6}")) {
                        throw new IllegalArgumentException("maxMoves \"" + Limits.excerpt(value) + "\" is not a number of moves");
                    }
                    maxMoves = Integer.parseInt(value);
                }
                case "takebacks" -> takebacks = yesNo(key, value);
                case "illegalMoveLoses" -> loses = yesNo(key, value);
                case "handicapCompensation" -> compensation = yesNo(key, value);
                default -> throw new IllegalArgumentException("unknown rule \"" + Limits.excerpt(key) + "\"");
            }
        }
        if (impasse == null || maxMoves == null || takebacks == null || loses == null || compensation == null) {
            throw new IllegalArgumentException("rules need impasse, maxMoves, takebacks, illegalMoveLoses and handicapCompensation");
        }
        return new RuleSet(impasse, compensation, maxMoves, takebacks, loses);
    }

    private static boolean yesNo(String key, String value) {
        return switch (value) {
            case "yes" -> true;
            case "no" -> false;
            default -> throw new IllegalArgumentException(key + " \"" + Limits.excerpt(value) + "\" is neither yes nor no");
        };
    }

    // ------------------------------------------------------------------ Kifu to Game

    /**
     * A game from a record's main line and ending. The moves are replayed under the record's rules (see the class
     * comment); where the rules end the game (a checkmate, a fourfold repetition, the move limit) that ending
     * stands and any later moves are left out, with a note. Otherwise the record's special gives the ending; a
     * recorded 入玉勝ち is judged by the declaration rule. 中断 before each side has moved is an aborted game; a
     * later 中断 leaves the game running and {@link GameInfo#suspended()}; no special leaves it running.
     *
     * @param kifu the record
     * @return the game with the record's players and times, and notes on what did not carry over
     * @throws IllegalArgumentException if the record's start is not a legal position
     */
    public static Recorded fromKifu(Kifu kifu) {
        List<String> notes = new ArrayList<>();
        if (kifu.startPosition().isEmpty()) {
            throw new IllegalArgumentException("the record's start is not a legal position: " + kifu.startProblem().orElse(""));
        }
        RuleSet rules = rulesOf(kifu, notes);
        Setup setup = kifu.start().setup();
        Game replay = Game.ofRecord(setup, rules);
        List<Step> line = kifu.moves();
        List<String> played = new ArrayList<>();
        List<Duration> times = new ArrayList<>();
        boolean anyTime = false;
        for (Step s : line) {
            if (!s.isMove()) {
                break;
            }
            if (replay.isOver()) {
                notes.add("the rules ended the game after " + played.size() + " moves (" + replay.outcome().orElseThrow().describe()
                        + "); the moves after it were left out");
                break;
            }
            if (!(replay.play(s.move()) instanceof MoveResult.Applied)) {
                notes.add("move " + (played.size() + 1) + " " + Move.usi(s.move()) + " is not legal; the record was read up to it");
                break;
            }
            played.add(Move.usi(s.move()));
            times.add(s.time().orElse(Duration.ZERO));
            anyTime |= s.time().isPresent();
        }
        Optional<Outcome> outcome = replay.outcome();
        Optional<Special> special = kifu.special();
        if (outcome.isEmpty() && special.isPresent() && played.size() == kifu.mainLine().size()) {
            outcome = outcomeOf(special.get(), replay, notes);
        }
        Game game = Game.restore(setup, rules, played, outcome);
        GameInfo info = new GameInfo(
                kifu.header(Headers.SENTE).or(() -> kifu.header(Headers.SHITATE)).orElse(""),
                kifu.header(Headers.GOTE).or(() -> kifu.header(Headers.UWATE)).orElse(""),
                kifu.header(Headers.EVENT),
                kifu.header(Headers.START_TIME).flatMap(RecordDate::parse),
                kifu.header(Headers.END_TIME).flatMap(RecordDate::parse),
                kifu.header(Headers.TIME_LIMIT).flatMap(GameRecords::parseTimeControl),
                anyTime ? times : List.of(),
                game.outcome().isEmpty() && special.filter(Special.CHUDAN::equals).isPresent() && played.size() == kifu.mainLine().size());
        return new Recorded(game, info, notes);
    }

    /** The rule set a record was played under: its {@value #RULES} header, else computer rules from 持将棋 and 最大手数. */
    static RuleSet rulesOf(Kifu kifu, List<String> notes) {
        Optional<String> text = kifu.header(RULES);
        if (text.isPresent()) {
            try {
                return parseRules(text.get());
            } catch (IllegalArgumentException e) {
                notes.add("header " + RULES + " not understood (" + e.getMessage() + "); computer rules assumed");
            }
        }
        RuleSet rules = RecordValidator.rulesFor(kifu);
        return kifu.header(Headers.JISHOGI).map(String::strip).filter("24"::equals).isPresent()
                ? rules.withImpasse(RuleSet.Impasse.DECLARATION_24) : rules;
    }

    /** The outcome a special gives in a game that the rules have not ended; empty for a game that goes on. */
    private static Optional<Outcome> outcomeOf(Special sp, Game g, List<String> notes) {
        Color toMove = g.turn();
        Color other = toMove.opposite();
        return switch (sp) {
            case TORYO -> Optional.of(new Outcome.Win(other, Ending.RESIGNATION, ""));
            case TIME_UP -> Optional.of(new Outcome.Win(other, Ending.TIME_LOSS, ""));
            case TSUMI -> {
                notes.add("recorded 詰み, but " + toMove.englishName() + " is not checkmated by the rules");
                yield Optional.of(new Outcome.Win(other, Ending.CHECKMATE, "recorded 詰み"));
            }
            case ILLEGAL_MOVE -> Optional.of(new Outcome.Win(other, Ending.ILLEGAL_MOVE, ""));
            case ILLEGAL_WIN -> Optional.of(new Outcome.Win(toMove, Ending.ILLEGAL_MOVE, ""));
            case SENTE_ILLEGAL_ACTION -> Optional.of(new Outcome.Win(Color.GOTE, Ending.ILLEGAL_MOVE, ""));
            case GOTE_ILLEGAL_ACTION -> Optional.of(new Outcome.Win(Color.SENTE, Ending.ILLEGAL_MOVE, ""));
            case FUSEN_WIN -> Optional.of(new Outcome.Win(toMove, Ending.FORFEIT, other.englishName() + " left the game"));
            case FUSEN_LOSS -> Optional.of(new Outcome.Win(other, Ending.FORFEIT, toMove.englishName() + " left the game"));
            case KACHI -> {
                Declaration.Verdict v = g.declarationVerdict();
                if (v.reason() == Declaration.Reason.NO_DECLARATION_RULE) {
                    yield Optional.of(new Outcome.Win(toMove, Ending.DECLARATION, "recorded 入玉勝ち"));
                }
                if (!v.stands()) {
                    notes.add("recorded 入玉勝ち, but the declaration fails: " + v.message());
                }
                yield v.outcome();
            }
            case JISHOGI -> {
                Declaration.Verdict v = g.declarationVerdict();
                yield Optional.of(v.reason() == Declaration.Reason.DRAW ? v.outcome().orElseThrow() : new Outcome.Draw(Ending.IMPASSE, ""));
            }
            case SENNICHITE -> {
                notes.add("recorded 千日手, but the final position has occurred only " + g.repetitions() + " times");
                yield Optional.of(new Outcome.Draw(Ending.REPETITION, "recorded 千日手"));
            }
            case HIKIWAKE -> Optional.of(g.rules().maxMoves() > 0 && g.plies() >= g.rules().maxMoves()
                    ? new Outcome.Draw(Ending.MOVE_LIMIT, g.plies() + " moves") : new Outcome.Draw(Ending.REPETITION, "recorded 引き分け"));
            case MAX_MOVES -> Optional.of(new Outcome.Draw(Ending.MOVE_LIMIT, g.plies() + " moves"));
            case CHUDAN -> g.canAbort() ? Optional.of(new Outcome.Aborted("")) : Optional.empty();
            case FUZUMI, FUUJITE, MATTA, ERROR -> Optional.empty();
        };
    }

    /** 持ち時間 in CSA V3.0 form ({@code 600+10+0}); empty for other forms ({@code 各10分}), which are kept as headers only. */
    static Optional<TimeControl> parseTimeControl(String text) {
        try {
            return Optional.of(TimeControl.parseCsa(text));
        } catch (IllegalArgumentException e) {
            return Optional.empty();
        }
    }
}
