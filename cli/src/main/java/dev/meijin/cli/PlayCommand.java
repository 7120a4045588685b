package dev.meijin.cli;

import dev.meijin.core.Color;
import dev.meijin.core.Move;
import dev.meijin.core.game.Clock;
import dev.meijin.core.game.Declaration;
import dev.meijin.core.game.Ending;
import dev.meijin.core.game.Furigoma;
import dev.meijin.core.game.Game;
import dev.meijin.core.game.Handicap;
import dev.meijin.core.game.MoveResult;
import dev.meijin.core.game.Outcome;
import dev.meijin.core.game.RuleSet;
import dev.meijin.core.game.TimeControl;
import dev.meijin.core.position.Position;
import dev.meijin.core.sfen.Sfen;
import dev.meijin.core.usi.Usi;
import dev.meijin.engine.BestMove;
import dev.meijin.engine.Engine;
import dev.meijin.engine.EnteringKingRule;
import dev.meijin.engine.Levels;
import dev.meijin.engine.Score;
import dev.meijin.engine.SearchLimits;
import dev.meijin.notation.csa.CsaVersion;
import dev.meijin.notation.kifu.GameInfo;
import dev.meijin.notation.kifu.GameRecords;
import dev.meijin.notation.kifu.Limits;
import dev.meijin.notation.kifu.RecordDate;
import dev.meijin.notation.kifu.WriteResult;
import dev.meijin.notation.move.JapaneseNotation;
import dev.meijin.notation.move.MoveNotationException;
import dev.meijin.notation.move.MoveStyle;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.SplittableRandom;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.Callable;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.random.RandomGenerator;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

/**
 * {@code meijin play}: a game between two people at one terminal, or against the computer ({@code --engine LEVEL},
 * the play server's levels, {@link Levels}). It reads one command per line from standard
 * input (a pipe works as well as a keyboard), prints the board after every move and a prompt naming the side to
 * move, and ends with the result.
 *
 * <p>Illegal and malformed moves are refused with the reason and the game goes on, whatever the rule set says
 * about illegal moves: at a shared terminal a typing slip should not lose the game. For the same reason an
 * impasse declaration that does not meet the rule is refused instead of losing. The end of the input ends the
 * game unfinished (中断); every ending exits with code 0.
 */
@Command(
        name = "play",
        sortOptions = false,
        description = {
            "Play a game in the terminal, between two people or against the computer (--engine LEVEL). Commands are "
                    + "read one per line from standard input, so scripted input works too.",
            "Enter moves in USI (7g7f, 8h2b+ to promote, P*5e to drop), Japanese (７六歩, 2二角成, 同歩, ５八金右), CSA "
                    + "(+7776FU) or Western (P-7f, P-76) notation; type help during the game for the other commands "
                    + "(resign, declare, undo, hint, moves, board, quit).",
            "Illegal moves are refused with the reason and the game goes on, even under rules where an illegal move "
                    + "loses. The end of the input suspends the game."
        },
        footer = {
            "",
            "Examples:",
            "  meijin play",
            "  meijin play --handicap 角落ち --rules casual",
            "  meijin play --engine 3 --side gote",
            "  meijin play --time 10m --byoyomi 30",
            "  meijin play --engine 5 --byoyomi 10 --periods 3",
            "  printf '7g7f\\n3c3d\\nresign\\n' | meijin play"
        })
final class PlayCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @ParentCommand
    Main main;

    @Option(names = "--handicap", paramLabel = "NAME",
            description = "A handicap game: a Japanese name (角落ち, 二枚落ち), an id (BISHOP, TWO_PIECE) or an English "
                    + "name (Two-piece), in any case. The giver (上手) plays gote and moves first; the pieces he removed "
                    + "count for him in impasse points.")
    String handicapName;

    @Option(names = "--rules", paramLabel = "NAME", defaultValue = "professional",
            description = "The rule set: professional (default; impasse by agreement, no takebacks), "
                    + "csa (27-point declaration, 256-move limit), amateur (24-point declaration), "
                    + "casual (27-point declaration, takebacks allowed) or try (the try rule).")
    String rulesName;

    @Option(names = "--sfen", arity = "1..*", paramLabel = "SFEN",
            description = "Start from this position instead of the even or handicap one.")
    List<String> sfen = new ArrayList<>();

    @Option(names = "--ascii", description = "Draw the board with SFEN letters and English labels, as show --ascii does.")
    boolean ascii;

    @Option(names = "--save", paramLabel = "FILE",
            description = "Write the game's record to FILE when the game ends or is suspended, in the format its "
                    + "extension names (kif, kifu, ki2, ki2u, csa, jkf; .kif, .ki2 and .csa in Shift_JIS as their "
                    + "readers expect, the others in UTF-8), dated with its start and end.")
    Path save;

    @Option(names = "--engine", paramLabel = "LEVEL",
            description = "Play against the computer at this level, 1 (a beginner's opponent) to 8 (full strength), "
                    + "as the play server's Meijin level N; it thinks half a second a move per level.")
    Integer engineLevel;

    @Option(names = "--side", paramLabel = "SIDE",
            description = "With --engine: the side you play, sente (the default), gote or random (the pieces are tossed, "
                    + "振り駒; in a handicap game the sides are drawn by lot, 抽選). In a handicap game sente is the "
                    + "receiver (下手) and gote the giver (上手), who moves first.")
    String sideName;

    @Option(names = "--time", paramLabel = "MAIN",
            description = "Play with a clock: each side's main time (持ち時間), e.g. 10m, 90s, 1h30m or 5:00; a bare "
                    + "number is minutes. Without byoyomi or an increment the game is sudden death (切れ負け).")
    String mainTime;

    @Option(names = "--byoyomi", paramLabel = "SECONDS",
            description = "Byoyomi (秒読み) after the main time: the time each move may take, e.g. 30 or 30s; with no "
                    + "--time every move has it from the start.")
    String byoyomiTime;

    @Option(names = "--periods", paramLabel = "N",
            description = "With --byoyomi: how many byoyomi periods each side has (default 1); a move that overruns "
                    + "one uses it up, and the last one lost loses the game.")
    Integer periods;

    @Option(names = "--increment", paramLabel = "SECONDS",
            description = "An increment (フィッシャー) added to the mover's main time after every move, e.g. 10 or 10s.")
    String incrementTime;

    @Override
    public Integer call() throws IOException {
        RuleSet rules;
        try {
            // At a shared terminal a typing slip is refused, never lost: see the class comment.
            rules = RuleSet.named(rulesName.strip()).withIllegalMoveLoses(false);
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), "--rules: " + e.getMessage());
        }
        Handicap handicap = handicapName == null ? null : handicap(handicapName);
        if (handicap != null && !sfen.isEmpty()) {
            throw new ParameterException(spec.commandLine(),
                    "--handicap and --sfen exclude each other: a handicap is a start position");
        }
        String title;
        Game game;
        if (!sfen.isEmpty()) {
            Position start = Sfen.position(Positions.text(sfen));
            game = Game.of(start.toSetup(), rules);
            title = ascii ? "Set-up position" : "局面指定 (set-up position)";
        } else {
            Handicap h = handicap == null ? Handicap.EVEN : handicap;
            game = startGame(h, rules);
            title = ascii ? h.english() : h.japanese() + " (" + h.english() + ")";
        }
        boolean giver = handicap != null && handicap.isHandicap();
        BoardDiagram.Style style = ascii ? BoardDiagram.Style.ASCII : BoardDiagram.Style.KANJI;
        BoardDiagram.Sides sides = giver ? BoardDiagram.Sides.HANDICAP : BoardDiagram.Sides.EVEN;
        Color person = person(giver);
        ConvertCommand.Target saveAs = saveTarget();
        TimeControl control = timeControl();
        BufferedReader reader = new BufferedReader(new InputStreamReader(main.input(), StandardCharsets.UTF_8));
        try (Engine engine = engineLevel == null ? null : new Engine()) {
            Computer computer = engine == null ? null : new Computer(engine, person.opposite(), engineLevel);
            Session session = new Session(game, rulesName.strip().toLowerCase(Locale.ROOT), reader, main.interactive(),
                    spec.commandLine().getOut(), style, sides, computer, control);
            String intro = title + ", " + session.rulesLabel + " rules"
                    + (control.isUnlimited() ? "" : ", " + (ascii ? control.describe() : control.describeJapanese()))
                    + (giver ? "; " + sides.name(Color.GOTE, style) + " (gote) moves first." : ".");
            if (computer != null) {
                intro += drawn == null ? "" : " " + drawn;
                intro += " You play " + sides.marked(person, style) + " against " + Levels.name(engineLevel) + ".";
            }
            LocalDateTime started = LocalDateTime.now(ZoneId.systemDefault()).truncatedTo(ChronoUnit.SECONDS);
            try {
                session.play(intro);
            } finally {
                if (saveAs != null) {
                    saveRecord(game, saveAs, started, computer, control, session.moveTimes());
                }
            }
        }
        return Main.OK;
    }

    /** The format of {@code --save}'s file, checked before the game begins; null without it. */
    private ConvertCommand.Target saveTarget() {
        return ConvertCommand.saveTarget(spec, save);
    }

    /**
     * Writes the game's record to {@code --save}'s file: the players (the computer by its name, a person as
     * {@code Anonymous}, as the play server names one who gives no name), the start and end in the machine's local
     * time, the time control and each move's time in whole seconds (as KIF keeps them) when the game had a clock, the moves and the ending, or 中断
     * for a game suspended.
     */
    private void saveRecord(Game game, ConvertCommand.Target target, LocalDateTime started, Computer computer,
            TimeControl control, List<Duration> moveTimes) {
        String sente = computer != null && computer.side() == Color.SENTE ? Levels.name(computer.level()) : ANONYMOUS;
        String gote = computer != null && computer.side() == Color.GOTE ? Levels.name(computer.level()) : ANONYMOUS;
        LocalDateTime ended = LocalDateTime.now(ZoneId.systemDefault()).truncatedTo(ChronoUnit.SECONDS);
        GameInfo info = new GameInfo(sente, gote, Optional.empty(), Optional.of(new RecordDate.Local(started)),
                Optional.of(new RecordDate.Local(ended)), control.isUnlimited() ? Optional.empty() : Optional.of(control),
                moveTimes.stream().map(t -> t.truncatedTo(ChronoUnit.SECONDS)).toList(), !game.isOver());
        WriteResult written = ConvertCommand.writeFile(GameRecords.toKifu(game, info, target.format()), target, save, CsaVersion.V2_2);
        PrintWriter out = spec.commandLine().getOut();
        out.println("record saved to " + save);
        for (String d : written.dropped()) {
            out.println("dropped: " + Records.printable(d));
        }
        out.flush();
    }

    /**
     * The time control of {@code --time}, {@code --byoyomi}, {@code --periods} and {@code --increment}, checked
     * before the game begins; {@link TimeControl#UNLIMITED} without them.
     */
    private TimeControl timeControl() {
        Duration main = duration("--time", mainTime, ChronoUnit.MINUTES);
        Duration byoyomi = duration("--byoyomi", byoyomiTime, ChronoUnit.SECONDS);
        Duration increment = duration("--increment", incrementTime, ChronoUnit.SECONDS);
        if (periods != null && byoyomi.isZero()) {
            throw new ParameterException(spec.commandLine(), "--periods needs --byoyomi: it counts byoyomi periods");
        }
        if (periods != null) {
            Options.inRange(spec, "--periods", periods, 1, 10);
        }
        if (byoyomi.isPositive() && increment.isPositive()) {
            throw new ParameterException(spec.commandLine(), "--byoyomi and --increment exclude each other: "
                    + "a clock has byoyomi or an increment after its main time, not both");
        }
        if (main.isZero() && byoyomi.isZero() && increment.isPositive()) {
            throw new ParameterException(spec.commandLine(), "--increment needs --time: with no main time the first move "
                    + "would lose on time");
        }
        return new TimeControl(main, byoyomi, byoyomi.isZero() ? 0 : periods == null ? 1 : periods, increment);
    }

    /** A duration such as {@code 1h30m}, {@code 90s}, {@code 5:00} (minutes and seconds) or a bare number. */
    private static final Pattern DURATION = Pattern.compile("(?:(\\d{1,4})h)?(?:(\\d{1,5})m)?(?:(\\d{1,6})s)?");
    private static final Pattern MINUTES_SECONDS = Pattern.compile("(\\d{1,5}):([0-5]\\d)");

    /**
     * Reads the duration of a clock option: {@code 10m}, {@code 90s}, {@code 1h30m}, {@code 5:00}, or a bare number
     * in {@code plain} units; zero when the option is not given. At most ten hours.
     */
    private Duration duration(String option, String text, ChronoUnit plain) {
        if (text == null) {
            return Duration.ZERO;
        }
        String t = text.strip().toLowerCase(Locale.ROOT);
        Duration d = null;
        if (t.matches("\\d{1,6}")) {
            d = Duration.of(Long.parseLong(t), plain);
        } else if (MINUTES_SECONDS.matcher(t).matches()) {
            Matcher m = MINUTES_SECONDS.matcher(t);
            m.matches();
            d = Duration.ofMinutes(Long.parseLong(m.group(1))).plusSeconds(Long.parseLong(m.group(2)));
        } else if (!t.isEmpty()) {
            Matcher m = DURATION.matcher(t);
            if (m.matches()) {
                d = Duration.ZERO;
                d = m.group(1) == null ? d : d.plusHours(Long.parseLong(m.group(1)));
                d = m.group(2) == null ? d : d.plusMinutes(Long.parseLong(m.group(2)));
                d = m.group(3) == null ? d : d.plusSeconds(Long.parseLong(m.group(3)));
            }
        }
        if (d == null) {
            throw new ParameterException(spec.commandLine(), option + ": cannot read \"" + Limits.excerpt(text)
                    + "\" as a time; write it as 10m, 90s, 1h30m or 5:00, or a bare number of "
                    + plain.toString().toLowerCase(Locale.ROOT));
        }
        if (d.compareTo(Duration.ofHours(10)) > 0) {
            throw new ParameterException(spec.commandLine(), option + " must be at most 10 hours, got " + text.strip());
        }
        return d;
    }

    /** The name a record gives a person at this terminal, as the play server names a player who gives none. */
    static final String ANONYMOUS = "Anonymous";

    /** How {@code --side random} decided the sides, or null. */
    private String drawn;

    /**
     * The side the person plays against the computer (checked with the level), or null without {@code --engine}.
     * For {@code --side random} the pieces are tossed (振り駒) in an even game, by the computer as the senior player,
     * and a handicap game's sides are drawn by lot (抽選), as the play server decides them.
     */
    private Color person(boolean handicap) {
        if (engineLevel == null) {
            if (sideName != null) {
                throw new ParameterException(spec.commandLine(), "--side needs --engine: it is the side you play against the computer");
            }
            return null;
        }
        if (engineLevel < Levels.MIN || engineLevel > Levels.MAX) {
            throw new ParameterException(spec.commandLine(),
                    "--engine must be a level from " + Levels.MIN + " to " + Levels.MAX + ", not " + engineLevel);
        }
        String side = sideName == null ? "sente" : sideName.strip().toLowerCase(Locale.ROOT);
        return switch (side) {
            case "sente", "shitate", "下手", "先手" -> Color.SENTE;
            case "gote", "uwate", "上手", "後手" -> Color.GOTE;
            case "random", "furigoma", "振り駒", "抽選" -> {
                RandomGenerator chance = new SplittableRandom();
                if (handicap) {
                    Color c = chance.nextBoolean() ? Color.SENTE : Color.GOTE;
                    drawn = "Drawn by lot (抽選): " + (c == Color.GOTE ? "you give" : Levels.name(engineLevel) + " gives")
                            + " the handicap.";
                    yield c;
                }
                Furigoma toss = Furigoma.toss(chance);
                drawn = "Furigoma (振り駒): " + toss.pawnCount() + " 歩 and " + toss.tokinCount() + " と for "
                        + Levels.name(engineLevel) + ", who moves " + (toss.tosserMovesFirst() ? "first." : "second.");
                yield toss.tosserMovesFirst() ? Color.GOTE : Color.SENTE;
            }
            default -> throw new ParameterException(spec.commandLine(),
                    "--side must be sente, gote or random, not \"" + Limits.excerpt(sideName) + "\"");
        };
    }

    /**
     * The computer's seat: the engine, its side and level. It plays by the game's rule of impasse declaration and
     * move limit, at the level's skill, for the level's time a move.
     */
    private record Computer(Engine engine, Color side, int level) {
        Computer {
            engine.setOption("Skill Level", String.valueOf(Levels.skill(level)));
        }

        /**
         * The computer's answer in the game's current position: within the level's time a move, or, in a game
         * with a clock, as its clock allows (as on the play server).
         */
        BestMove think(Game game, Optional<SearchLimits> clock) {
            engine.setOption("EnteringKingRule", EnteringKingRule.of(game.rules()).usiName());
            engine.setOption("MaxMovesToDraw", String.valueOf(game.rules().maxMoves()));
            engine.setPosition(game.start(), game.usiMoves());
            return engine.think(clock.orElse(SearchLimits.movetime(Levels.moveMillis(level)))).bestMove();
        }
    }

    /**
     * A game from the start position of an even or handicap game. In a handicap game the pieces the giver
     * removed count for him in impasse points (持将棋 and 入玉宣言), as the point rules say.
     */
    static Game startGame(Handicap h, RuleSet rules) {
        return Game.of(Sfen.parse(h.sfen()), h.isHandicap() ? rules.withHandicapCompensation(true) : rules);
    }

    /**
     * The handicap for a name: a Japanese name as KIF writes it (leniently, see {@link Handicap#byJapanese}), an
     * id such as {@code BISHOP} or {@code two-piece}, an English name such as {@code Rook and lance}, or a JKF
     * preset such as {@code KA}; any case.
     */
    private Handicap handicap(String name) {
        String text = name.strip();
        Optional<Handicap> found = Handicap.byJapanese(text)
                .or(() -> Handicap.byId(text.toUpperCase(Locale.ROOT).replace('-', '_').replace(' ', '_')));
        if (found.isEmpty()) {
            for (Handicap h : Handicap.values()) {
                if (h.english().equalsIgnoreCase(text)) {
                    found = Optional.of(h);
                }
            }
        }
        if (found.isEmpty() && !text.isEmpty()) {
            found = Handicap.byJkfPreset(text.toUpperCase(Locale.ROOT));
        }
        if (found.isPresent()) {
            return found.get();
        }
        List<String> valid = new ArrayList<>();
        for (Handicap h : Handicap.values()) {
            valid.add(h.japanese() + " (" + h.id() + ")");
        }
        throw new ChoiceException(spec.commandLine(), "--handicap: unknown handicap \"" + Limits.excerpt(text) + "\"", valid);
    }

    /**
     * The result line in Japanese, as a player reads it: {@code まで7手で先手の勝ち（詰み）}, a time loss
     * {@code （時間切れ）} whether the main time or a byoyomi period ran out ({@link Ending#japanese()}; a KIF
     * record writes the special 切れ負け for it), a drawn declaration {@code 持将棋（入玉宣言）}.
     */
    static String japaneseResult(Outcome outcome, int plies, BoardDiagram.Sides sides) {
        return "まで" + plies + "手で" + switch (outcome) {
            case Outcome.Win w -> sides.name(w.winner(), BoardDiagram.Style.KANJI) + "の勝ち（" + w.ending().japanese() + "）";
            // A drawn declaration (24-point rule, 24 to 30 points) is a 持将棋, as records write it.
            case Outcome.Draw d when d.ending() == Ending.DECLARATION -> "持将棋（入玉宣言）";
            case Outcome.Draw d -> d.ending().japanese();
            case Outcome.Aborted a -> a.ending().japanese();
        };
    }

    /** The longest command line {@code play} reads; a longer one ends the game (the input is no command list). */
    static final int MAX_LINE = 1_000;

    /** What {@code readLine} returns for a line longer than {@link #MAX_LINE}; compared by identity. */
    private static final String TOO_LONG = new String("");

    /** What a read returns when the clock of the side to move ran out before a line came; compared by identity. */
    private static final String FLAG_FELL = new String("");

    /** One game in progress: the game, where commands come from and where the dialogue goes. */
    private static final class Session {
        /** Lines read so far. */
        private int lines;
        /** The last line ended with a CR: a LF right after it belongs to the same line end. */
        private boolean pendingCr;
        private final Game game;
        private final String rulesLabel;
        private final BufferedReader in;
        private final boolean interactive;
        private final PrintWriter out;
        private final BoardDiagram.Style style;
        private final BoardDiagram.Sides sides;
        /** The computer's seat, or null in a game between two people. */
        private final Computer computer;
        /** The time control; {@link TimeControl#UNLIMITED} for a game without a clock. */
        private final TimeControl control;
        /** The clock while the game has one, else null; started when the game begins. */
        private Clock clock;
        /** When the side to move began its move ({@link System#nanoTime()}). */
        private long turnStarted;
        /** The time of each move played, in a game with a clock. */
        private final List<Duration> moveTimes = new ArrayList<>();
        /**
         * In a game with a clock, the lines read ahead by the reader thread: a {@code String} line (or
         * {@link #TOO_LONG}), an {@link IOException}, or {@link #END} at the end of the input. Null without a clock,
         * when lines are read as they are needed.
         */
        private BlockingQueue<Object> lineQueue;
        private static final Object END = new Object();
        /** The engine that gives hints at full strength, started at the first {@code hint}; null before. */
        private Engine hintEngine;

        Session(Game game, String rulesLabel, BufferedReader in, boolean interactive, PrintWriter out,
                BoardDiagram.Style style, BoardDiagram.Sides sides, Computer computer, TimeControl control) {
            this.game = game;
            this.rulesLabel = rulesLabel;
            this.in = in;
            this.interactive = interactive;
            this.out = out;
            this.style = style;
            this.sides = sides;
            this.computer = computer;
            this.control = control;
        }

        /** The time of each move played: one per move in a game with a clock, none without. */
        List<Duration> moveTimes() {
            return List.copyOf(moveTimes);
        }

        /** Runs the game to its end, or until the input ends or a player quits. */
        void play(String intro) throws IOException {
            try {
                playGame(intro);
            } finally {
                if (hintEngine != null) {
                    hintEngine.close();
                }
            }
        }

        private void playGame(String intro) throws IOException {
            out.println(intro);
            out.println("Enter moves in USI (7g7f, 8h2b+, P*5e), Japanese (７六歩), CSA (+7776FU) or Western (P-7f); "
                    + "type help for the commands.");
            if (!control.isUnlimited()) {
                startClock();
            }
            printBoard();
            while (!game.isOver()) {
                if (computer != null && game.turn() == computer.side()) {
                    computerMoves();
                    continue;
                }
                String line = read(sides.marked(game.turn(), style) + "> ");
                if (line == null) {
                    suspend("end of input");
                    return;
                }
                if (line == FLAG_FELL) {
                    timeLoss(game.turn());
                    break;
                }
                if (line == TOO_LONG) {
                    suspend("an input line longer than " + MAX_LINE + " characters; play reads one command per line");
                    throw new IllegalArgumentException("input line " + (lines + 1) + " is longer than " + MAX_LINE
                            + " characters; the input is not a list of commands");
                }
                String command = line.strip();
                switch (command.toLowerCase(Locale.ROOT)) {
                    case "" -> {}
                    case "help", "?" -> help();
                    case "moves" -> listMoves();
                    case "board" -> printBoard();
                    case "undo" -> undo();
                    case "hint" -> hint();
                    case "resign" -> game.resign(game.turn());
                    case "declare" -> {
                        if (!declare()) {
                            suspend("end of input");
                            return;
                        }
                    }
                    case "quit", "exit" -> {
                        suspend("quit");
                        return;
                    }
                    default -> move(command);
                }
            }
            Outcome outcome = game.outcome().orElseThrow();
            out.println(outcome.describe());
            if (style == BoardDiagram.Style.KANJI) {
                out.println(japaneseResult(outcome, game.plies(), sides));
            }
        }

        /**
         * Reads a line after a prompt; echoes it when nobody typed it at a terminal. Null at the end of the input.
         * A byte-order mark (from a script saved as UTF-8 with BOM) is dropped.
         */
        private String read(String prompt) throws IOException {
            String line = readRaw(prompt);
            return line != null && line.startsWith("\uFEFF") ? line.substring(1) : line;
        }

        private String readRaw(String prompt) throws IOException {
            if (interactive) {
                out.print(prompt);
                out.flush();
                String line = nextLine(prompt);
                if (line == null) {
                    out.println();
                }
                return line;
            }
            String line = nextLine(prompt);
            if (line != null && line != FLAG_FELL) {
                out.println(prompt + (line == TOO_LONG ? "…" : Records.message(line)));
            }
            return line;
        }

        /**
         * The next line: read at once in a game without a clock; with one, taken from the reader thread while the
         * clock of the side to move runs, with the last ten seconds counted aloud, or {@link #FLAG_FELL} when it
         * runs out first.
         */
        private String nextLine(String prompt) throws IOException {
            if (lineQueue == null) {
                return readLine();
            }
            Color side = game.turn();
            int lastCount = 0;
            while (true) {
                long now = System.nanoTime();
                if (clock.flagged(now).isPresent()) {
                    if (interactive) {
                        out.println(); // the prompt's line ends unanswered
                    }
                    return FLAG_FELL;
                }
                OptionalInt count = clock.countdown(side, now);
                if (count.isPresent() && count.getAsInt() != lastCount) {
                    lastCount = count.getAsInt();
                    countAloud(lastCount, prompt);
                }
                Object next;
                try {
                    next = lineQueue.poll(CLOCK_TICK_MILLIS, TimeUnit.MILLISECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new IOException("interrupted while waiting for a move", e);
                }
                if (next == null) {
                    continue;
                }
                if (next == END) {
                    lineQueue.add(END); // the end stays the end for every later read
                    return null;
                }
                if (next instanceof IOException e) {
                    throw e;
                }
                return (String) next;
            }
        }

        /** How often a read with a clock looks at it: the time loss is called within this much of the flag's fall. */
        private static final long CLOCK_TICK_MILLIS = 50;

        /**
         * Says one of the last ten seconds: {@code 残り10秒}, then {@code 9} … {@code 1} beside the kanji board,
         * {@code 10 seconds left}, {@code 9} … beside the letters, one a line. At a terminal the count starts a new
         * line and the prompt follows it there ({@code 9 ▲先手> }), as what was typed stays typed.
         */
        private void countAloud(int seconds, String prompt) {
            String count = seconds == 10 ? (style == BoardDiagram.Style.KANJI ? "残り10秒" : "10 seconds left") : String.valueOf(seconds);
            if (interactive) {
                out.println();
                out.print(count + " " + prompt);
            } else {
                out.println(count);
            }
            out.flush();
        }

        /**
         * Starts the clock of the side to move and the thread that reads the input ahead, so that the clock can
         * run out while a person has not yet typed a move.
         */
        private void startClock() {
            long now = System.nanoTime();
            clock = Clock.of(control).start(game.turn(), now);
            turnStarted = now;
            lineQueue = new LinkedBlockingQueue<>();
            Thread reader = Thread.ofPlatform().daemon().name("meijin-play-input").unstarted(() -> {
                try {
                    String line;
                    while ((line = readLine()) != null) {
                        lineQueue.add(line);
                        if (line == TOO_LONG) {
                            return;
                        }
                    }
                    lineQueue.add(END);
                } catch (IOException e) {
                    lineQueue.add(e);
                }
            });
            reader.start();
        }

        /**
         * Charges the move just played to its side's clock and starts the opponent's; a move made after its clock ran
         * out loses on time instead (the game then ends). Without a clock nothing happens.
         */
        private void clockMove(Color mover) {
            if (clock == null) {
                return;
            }
            long now = System.nanoTime();
            moveTimes.add(Duration.ofNanos(now - turnStarted));
            clock = clock.step(now);
            turnStarted = now;
            if (clock.flagged(now).isPresent() && !game.isOver()) {
                timeLoss(mover);
            }
        }

        /** Whether the clock of the side to move has run out; if so the game is lost on time. */
        private boolean outOfTime() {
            if (clock == null || clock.flagged(System.nanoTime()).isEmpty()) {
                return false;
            }
            timeLoss(game.turn());
            return true;
        }

        /** Ends the game lost on time (時間切れ) by {@code loser}, and says so. */
        private void timeLoss(Color loser) {
            out.println(style == BoardDiagram.Style.KANJI ? sides.marked(loser, style) + "の時間切れ"
                    : sides.name(loser, style) + " ran out of time");
            game.timeLoss(loser);
        }

        /**
         * The next line of at most {@value #MAX_LINE} characters, without its line end; {@link #TOO_LONG} for a
         * longer one (of which no more than the limit is read, so that an endless stream such as
         * {@code /dev/zero} cannot fill memory); null at the end of the input.
         */
        private String readLine() throws IOException {
            StringBuilder sb = new StringBuilder();
            while (true) {
                int c = in.read();
                if (c < 0) {
                    if (sb.isEmpty() && !pendingCr) {
                        return null;
                    }
                    pendingCr = false;
                    break;
                }
                if (pendingCr) {
                    pendingCr = false;
                    if (c == '\n') {
                        continue;
                    }
                }
                if (c == '\n') {
                    break;
                }
                if (c == '\r') {
                    pendingCr = true;
                    break;
                }
                if (sb.length() == MAX_LINE) {
                    return TOO_LONG;
                }
                sb.append((char) c);
            }
            lines++;
            return sb.toString();
        }

        private void move(String text) {
            if (text.matches("[A-Za-z]+")) {
                refuse("unknown command \"" + Limits.excerpt(text) + "\"; type help for the commands");
                return;
            }
            String sfenBefore = game.sfen();
            Position before = game.position();
            String usi;
            try {
                usi = MoveInput.usi(before, text);
            } catch (MoveNotationException e) {
                // The reason names the position by its SFEN, which the board above already shows.
                refuse(e.getMessage().replace(" in " + sfenBefore, "").replace(" (position " + sfenBefore + ")", ""));
                return;
            }
            if (outOfTime()) {
                return;
            }
            switch (game.play(usi)) {
                case MoveResult.Applied applied -> {
                    clockMove(before.turn());
                    announce(before, applied.move());
                }
                case MoveResult.Illegal illegal -> refuse(illegal.message().replace(" in " + sfenBefore, ""));
            }
        }

        /** Says which move was played and draws the board after it. */
        private void announce(Position before, int move) {
            Color mover = before.turn();
            out.println(switch (style) {
                case KANJI -> before.moveNumber() + "手目：" + sides.marked(mover, style) + " " + shown(before, move);
                case ASCII -> "Move " + before.moveNumber() + ": " + sides.name(mover, style) + " " + shown(before, move);
            });
            printBoard();
        }

        /**
         * The computer's turn: it plays its move, resigns (投了) or declares an impasse win (入玉宣言) under the
         * game's rule, which the engine declares only when it stands.
         */
        private void computerMoves() {
            if (interactive) {
                out.println(Levels.name(computer.level()) + " is thinking…");
                out.flush();
            }
            Position before = game.position();
            BestMove best = computer.think(game, clockLimits());
            if (outOfTime()) {
                return;
            }
            switch (best) {
                case BestMove.Play p -> {
                    switch (game.play(p.move())) {
                        case MoveResult.Applied applied -> {
                            clockMove(computer.side());
                            announce(before, applied.move());
                        }
                        // The engine plays legal moves only; were it ever refused, the game could not go on.
                        case MoveResult.Illegal illegal -> throw new IllegalStateException(
                                "the computer's move " + p.move() + " was refused: " + illegal.message());
                    }
                }
                case BestMove.Resign r -> game.resign(computer.side());
                case BestMove.Win w -> game.declare();
            }
        }

        /**
         * The computer's search limits in a game with a clock: both sides' main time left, the byoyomi or the
         * increment, as a GUI sends them in {@code go}; empty without a clock.
         */
        private Optional<SearchLimits> clockLimits() {
            if (clock == null) {
                return Optional.empty();
            }
            long now = System.nanoTime();
            long sente = clock.remaining(Color.SENTE, now).main().toMillis();
            long gote = clock.remaining(Color.GOTE, now).main().toMillis();
            long inc = control.increment().toMillis();
            return Optional.of(SearchLimits.clock(sente, gote, control.byoyomi().toMillis(), inc, inc));
        }

        /**
         * A move as the board's style writes it, followed by its USI: {@code ７六歩 (7g7f)} beside the kanji board,
         * {@code P-7f (7g7f)} (Hodges) beside the letters.
         */
        private String shown(Position before, int move) {
            String notation = switch (style) {
                case KANJI -> JapaneseNotation.formatKi2(before, move, false);
                case ASCII -> MoveStyle.HODGES.format(before, move);
            };
            return notation + " (" + Move.usi(move) + ")";
        }

        /**
         * The move the engine would play for the side to move, at full strength after {@value #HINT_MILLIS} ms, with
         * its evaluation: {@code ヒント：７六歩 (7g7f)　評価値 +85}. Given only where takebacks are (casual rules),
         * as a hint is help from outside the game; on a clock the time it takes is the player's.
         */
        private void hint() {
            if (!game.rules().takebacks()) {
                refuse("hints are given only under rules that allow takebacks (待った): play with --rules casual");
                return;
            }
            if (hintEngine == null) {
                hintEngine = new Engine();
            }
            hintEngine.setOption("EnteringKingRule", EnteringKingRule.of(game.rules()).usiName());
            hintEngine.setOption("MaxMovesToDraw", String.valueOf(game.rules().maxMoves()));
            hintEngine.setPosition(game.start(), game.usiMoves());
            Position now = game.position();
            Engine.SearchResult r = hintEngine.think(SearchLimits.movetime(HINT_MILLIS));
            boolean kanji = style == BoardDiagram.Style.KANJI;
            String advice = switch (r.bestMove()) {
                case BestMove.Play p -> {
                    int move = Usi.parseMove(now, p.move());
                    yield shown(now, move) + r.line().map(l -> (kanji ? "　" : ", ") + scoreText(l.score())).orElse("");
                }
                case BestMove.Resign x -> kanji ? "投了（勝ち目がありません）" : "resign (the position is lost)";
                case BestMove.Win x -> kanji ? "入玉宣言（declare で勝ち）" : "declare (an impasse win)";
            };
            out.println((kanji ? "ヒント：" : "Hint: ") + advice);
        }

        /** How long a hint's search runs. */
        private static final long HINT_MILLIS = 1_000;

        /** An evaluation for the side to move, as players read one: {@code 評価値 +85}, {@code 5手詰み}. */
        private String scoreText(Score score) {
            boolean kanji = style == BoardDiagram.Style.KANJI;
            return switch (score) {
                case Score.Cp cp -> (kanji ? "評価値 " : "score ") + (cp.value() > 0 ? "+" : "") + cp.value();
                case Score.Mate m when m.plies() > 0 -> kanji ? m.plies() + "手詰み" : "mate in " + m.plies();
                case Score.Mate m -> kanji ? m.plies() * -1 + "手で詰まされます" : "mated in " + -m.plies();
            };
        }

        private void undo() {
            if (!game.rules().takebacks()) {
                refuse("takebacks (待った) are not allowed under the " + rulesLabel
                        + " rules; play with --rules casual to allow them");
                return;
            }
            if (game.plies() == 0) {
                refuse("no move to take back");
                return;
            }
            if (computer != null && game.plies() == 1 && game.turn() != computer.side()) {
                refuse("no move of yours to take back");
                return;
            }
            // Against the computer the person takes back their own last move, and so the computer's reply too.
            int count = computer != null && game.turn() != computer.side() ? 2 : 1;
            for (int i = 0; i < count; i++) {
                int last = game.moves()[game.plies() - 1];
                Color mover = game.turn().opposite();
                game.takeBack();
                if (!moveTimes.isEmpty()) {
                    moveTimes.removeLast(); // the clocks are not turned back: the time spent stays spent
                }
                out.println("took back " + sides.marked(mover, style) + " " + shown(game.position(), last));
            }
            printBoard();
        }

        /**
         * Declares or proposes an impasse as the rule set says. Returns false if the input ended while the
         * opponent was asked to agree.
         */
        private boolean declare() throws IOException {
            Color me = game.turn();
            switch (game.rules().impasse()) {
                case DECLARATION_27, DECLARATION_24 -> {
                    // Judge the declaration first: one that fails the rule is refused, not lost.
                    Declaration.Verdict verdict = game.declarationVerdict();
                    if (outOfTime()) {
                        return true;
                    }
                    if (verdict.stands()) {
                        game.declare();
                    } else {
                        refuse("failed impasse declaration: " + verdict.message());
                    }
                }
                case AGREEMENT_24 -> {
                    if (!game.impasseCount(Color.SENTE).kingInZone() || !game.impasseCount(Color.GOTE).kingInZone()) {
                        refuse("an impasse (持将棋) needs both kings in the enemy camp");
                        return true;
                    }
                    Color other = me.opposite();
                    if (computer != null) {
                        // The computer agrees at once, as it does on the play server: the count settles it.
                        out.println(sides.marked(me, style) + " proposes an impasse (持将棋); " + Levels.name(computer.level())
                                + " agrees, and the 24-point count settles it.");
                        game.agreeImpasse();
                        return true;
                    }
                    out.println(sides.marked(me, style) + " proposes an impasse (持将棋), settled by the 24-point count. "
                            + sides.marked(other, style) + ": type yes to agree, anything else to play on.");
                    String answer = read(sides.marked(other, style) + "> ");
                    if (answer == null) {
                        return false;
                    }
                    if (answer == FLAG_FELL) {
                        // The proposer's clock runs while the opponent answers.
                        timeLoss(me);
                        return true;
                    }
                    if (answer.strip().equalsIgnoreCase("yes")) {
                        game.agreeImpasse();
                    } else {
                        out.println("impasse declined; the game goes on");
                    }
                }
                case TRY -> refuse("the try rule has no declaration: "
                        + "a king that reaches the enemy king's start square (5a or 5i) wins");
                case NONE -> refuse("the " + rulesLabel + " rules have no impasse declaration");
            }
            return true;
        }

        private void listMoves() {
            List<String> moves = MovesCommand.sortedUsi(game.position().legalMoves());
            out.println(moves.size() + " legal moves:");
            StringBuilder line = new StringBuilder();
            for (String m : moves) {
                if (!line.isEmpty() && line.length() + 1 + m.length() > 78) {
                    out.println(line);
                    line.setLength(0);
                }
                line.append(line.isEmpty() ? "" : " ").append(m);
            }
            if (!line.isEmpty()) {
                out.println(line);
            }
        }

        private void help() {
            String declare = switch (game.rules().impasse()) {
                case DECLARATION_27 -> "declare an impasse win (入玉宣言, 27-point rule)";
                case DECLARATION_24 -> "declare an impasse (入玉宣言, 24-point rule: 31 points or more win, 24-30 draw)";
                case AGREEMENT_24 -> "propose an impasse (持将棋) once both kings have entered; the opponent agrees with yes";
                case TRY -> "not used under the try rule (a king reaching 5a or 5i wins)";
                case NONE -> "not used: these rules have no impasse declaration";
            };
            out.println("Commands:");
            out.println("  7g7f 8h2b+ P*5e  a move in USI: from and to squares (files 1-9 from the right,");
            out.println("                   ranks a-i from the top), + to promote, P*5e to drop a pawn");
            out.println("                   (L N S G B R for other pieces)");
            out.println("  ７六歩 同歩 2二角成 a move in Japanese notation, full-width or ASCII digits, with 右 左 直");
            out.println("                   上 引 寄 打 成 不成 where a move needs them; also CSA (+7776FU),");
            out.println("                   Western (P-7f, P-76, Bx2b+) and Kitao-Kawasaki (歩-76)");
            out.println("  moves            list the legal moves");
            out.println("  board            show the board again");
            out.println("  undo             take back the last move (待った), where the rules allow it (--rules casual)");
            out.println("  hint             the move the computer suggests, with its evaluation (--rules casual)");
            out.println("  declare          " + declare);
            out.println("  resign           the side to move resigns (投了)");
            out.println("  quit             stop the game unfinished (中断), as the end of the input does");
            out.println("  help             this list");
            out.println("Illegal moves, and declarations that do not meet the rule, are refused with the reason and the game");
            out.println("goes on, even under rules where they would lose.");
        }

        private void refuse(String reason) {
            out.println("refused: " + Records.message(reason));
        }

        private void suspend(String why) {
            out.println("game suspended (中断): " + why);
            if (style == BoardDiagram.Style.KANJI) {
                out.println("まで" + game.plies() + "手で中断");
            }
        }

        private void printBoard() {
            for (String line : BoardDiagram.render(game.position(), style, sides)) {
                out.println(line);
            }
            if (clock != null) {
                long now = System.nanoTime();
                out.println(style == BoardDiagram.Style.KANJI
                        ? "持ち時間　" + sides.marked(Color.SENTE, style) + " " + clockText(Color.SENTE, now) + "　"
                                + sides.marked(Color.GOTE, style) + " " + clockText(Color.GOTE, now)
                        : "Clock: " + sides.name(Color.SENTE, style) + " " + clockText(Color.SENTE, now) + ", "
                                + sides.name(Color.GOTE, style) + " " + clockText(Color.GOTE, now));
            }
        }

        /** Seconds rounded up, as a clock shows them: 0:01 until the last second is gone. */
        private static long wholeSeconds(Duration d) {
            return d.plusNanos(999_999_999).toSeconds();
        }

        /**
         * What one side's clock shows: its main time as {@code 9:58} (hours as {@code 1:05:00}), and once in byoyomi
         * {@code 秒読み30秒} ({@code byoyomi 30 s}) with the periods left when there are several.
         */
        private String clockText(Color side, long now) {
            Clock.Reading r = clock.remaining(side, now);
            boolean kanji = style == BoardDiagram.Style.KANJI;
            if (!r.inByoyomi()) {
                long secs = wholeSeconds(r.main());
                return secs >= 3600 ? String.format(Locale.ROOT, "%d:%02d:%02d", secs / 3600, secs / 60 % 60, secs % 60)
                        : String.format(Locale.ROOT, "%d:%02d", secs / 60, secs % 60);
            }
            long byo = wholeSeconds(r.byoyomi());
            String periodsLeft = control.periods() <= 1 ? ""
                    : kanji ? "（残り" + r.periods() + "回）" : " (" + r.periods() + " periods)";
            return (kanji ? "秒読み" + byo + "秒" : "byoyomi " + byo + " s") + periodsLeft;
        }
    }
}
