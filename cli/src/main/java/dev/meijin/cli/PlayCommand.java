package dev.meijin.cli;

import dev.meijin.core.Color;
import dev.meijin.core.Move;
import dev.meijin.core.game.Declaration;
import dev.meijin.core.game.Ending;
import dev.meijin.core.game.Furigoma;
import dev.meijin.core.game.Game;
import dev.meijin.core.game.Handicap;
import dev.meijin.core.game.MoveResult;
import dev.meijin.core.game.Outcome;
import dev.meijin.core.game.RuleSet;
import dev.meijin.core.position.Position;
import dev.meijin.core.sfen.Sfen;
import dev.meijin.engine.BestMove;
import dev.meijin.engine.Engine;
import dev.meijin.engine.EnteringKingRule;
import dev.meijin.engine.Levels;
import dev.meijin.engine.SearchLimits;
import dev.meijin.notation.Format;
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
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.SplittableRandom;
import java.util.concurrent.Callable;
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
                    + "(resign, declare, undo, moves, board, quit).",
            "Illegal moves are refused with the reason and the game goes on, even under rules where an illegal move "
                    + "loses. The end of the input suspends the game."
        },
        footer = {
            "",
            "Examples:",
            "  meijin play",
            "  meijin play --handicap 角落ち --rules casual",
            "  meijin play --engine 3 --side gote",
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
        BufferedReader reader = new BufferedReader(new InputStreamReader(main.input(), StandardCharsets.UTF_8));
        try (Engine engine = engineLevel == null ? null : new Engine()) {
            Computer computer = engine == null ? null : new Computer(engine, person.opposite(), engineLevel);
            Session session = new Session(game, rulesName.strip().toLowerCase(Locale.ROOT), reader, main.interactive(),
                    spec.commandLine().getOut(), style, sides, computer);
            String intro = title + ", " + session.rulesLabel + " rules"
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
                    saveRecord(game, saveAs, started, computer);
                }
            }
        }
        return Main.OK;
    }

    /** The format of {@code --save}'s file, checked before the game begins; null without it. */
    private ConvertCommand.Target saveTarget() {
        if (save == null) {
            return null;
        }
        if (Files.isDirectory(save)) {
            throw new ParameterException(spec.commandLine(), "--save: " + save + " is a directory; give the name of the file to write");
        }
        String file = String.valueOf(save.getFileName());
        int dot = file.lastIndexOf('.');
        return (dot < 0 ? Optional.<ConvertCommand.Target>empty() : ConvertCommand.byName(file.substring(dot + 1)))
                .filter(t -> t.format() != Format.SFEN && t.format() != Format.USI)
                .orElseThrow(() -> new ParameterException(spec.commandLine(), "--save: cannot tell a record format from the name "
                        + file + "; end it in .kif, .kifu, .ki2, .ki2u, .csa or .jkf"));
    }

    /**
     * Writes the game's record to {@code --save}'s file: the players (the computer by its name, a person as
     * {@code Anonymous}, as the play server names one who gives no name), the start and end in the machine's local
     * time, the moves and the ending, or 中断 for a game suspended.
     */
    private void saveRecord(Game game, ConvertCommand.Target target, LocalDateTime started, Computer computer) {
        String sente = computer != null && computer.side() == Color.SENTE ? Levels.name(computer.level()) : ANONYMOUS;
        String gote = computer != null && computer.side() == Color.GOTE ? Levels.name(computer.level()) : ANONYMOUS;
        LocalDateTime ended = LocalDateTime.now(ZoneId.systemDefault()).truncatedTo(ChronoUnit.SECONDS);
        GameInfo info = new GameInfo(sente, gote, Optional.empty(), Optional.of(new RecordDate.Local(started)),
                Optional.of(new RecordDate.Local(ended)), Optional.empty(), List.of(), !game.isOver());
        WriteResult written = ConvertCommand.writeFile(GameRecords.toKifu(game, info, target.format()), target, save, CsaVersion.V2_2);
        PrintWriter out = spec.commandLine().getOut();
        out.println("record saved to " + save);
        for (String d : written.dropped()) {
            out.println("dropped: " + Records.printable(d));
        }
        out.flush();
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

        /** The computer's answer in the game's current position. */
        BestMove think(Game game) {
            engine.setOption("EnteringKingRule", EnteringKingRule.of(game.rules()).usiName());
            engine.setOption("MaxMovesToDraw", String.valueOf(game.rules().maxMoves()));
            engine.setPosition(game.start(), game.usiMoves());
            return engine.think(SearchLimits.movetime(Levels.moveMillis(level))).bestMove();
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

        Session(Game game, String rulesLabel, BufferedReader in, boolean interactive, PrintWriter out,
                BoardDiagram.Style style, BoardDiagram.Sides sides, Computer computer) {
            this.game = game;
            this.rulesLabel = rulesLabel;
            this.in = in;
            this.interactive = interactive;
            this.out = out;
            this.style = style;
            this.sides = sides;
            this.computer = computer;
        }

        /** Runs the game to its end, or until the input ends or a player quits. */
        void play(String intro) throws IOException {
            out.println(intro);
            out.println("Enter moves in USI (7g7f, 8h2b+, P*5e), Japanese (７六歩), CSA (+7776FU) or Western (P-7f); "
                    + "type help for the commands.");
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
                String line = readLine();
                if (line == null) {
                    out.println();
                }
                return line;
            }
            String line = readLine();
            if (line != null) {
                out.println(prompt + (line == TOO_LONG ? "…" : Records.message(line)));
            }
            return line;
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
            switch (game.play(usi)) {
                case MoveResult.Applied applied -> announce(before, applied.move());
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
            switch (computer.think(game)) {
                case BestMove.Play p -> {
                    switch (game.play(p.move())) {
                        case MoveResult.Applied applied -> announce(before, applied.move());
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
        }
    }
}
