package dev.meijin.engine.usi;

import dev.meijin.core.position.Setup;
import dev.meijin.core.position.Setups;
import dev.meijin.core.sfen.Sfen;
import dev.meijin.core.sfen.SfenException;
import dev.meijin.core.text.AsciiNumbers;
import dev.meijin.engine.BestMove;
import dev.meijin.engine.Bound;
import dev.meijin.engine.Engine;
import dev.meijin.engine.EngineOption;
import dev.meijin.engine.MateAnswer;
import dev.meijin.engine.Score;
import dev.meijin.engine.SearchInfo;
import dev.meijin.engine.SearchLimits;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.function.Consumer;

/**
 * The USI engine protocol: reads commands from a GUI, drives an {@link Engine}, and writes protocol lines (and
 * nothing else) to its output. Input it cannot use is answered with an {@code info string} naming the problem;
 * nothing in the input makes it throw, hang or exit except {@code quit} and the end of the input.
 *
 * <p>Supported: {@code usi}, {@code isready}, {@code setoption name N [value V]}, {@code usinewgame},
 * {@code position startpos|sfen S [moves M…]}, {@code go} with {@code btime wtime byoyomi binc winc movetime
 * depth nodes infinite ponder searchmoves}, {@code go mate ms|infinite}, {@code stop}, {@code ponderhit} (times
 * after it are accepted and ignored), {@code gameover win|lose|draw}, {@code quit}.
 */
public final class UsiProtocol {
    /** Longest input line read; longer lines are refused without being kept. */
    public static final int MAX_LINE = 1 << 20;

    private final Engine engine;
    private final Consumer<String> out;
    private boolean ponderEnabled = true;
    private int multiPv = 1;
    private volatile boolean searching;

    /**
     * A protocol over an engine.
     *
     * @param engine the engine to drive
     * @param out receives each output line (without line terminator); called from several threads, one line at a time
     */
    public UsiProtocol(Engine engine, Consumer<String> out) {
        this.engine = engine;
        Object guard = new Object();
        this.out = line -> {
            synchronized (guard) {
                out.accept(line);
            }
        };
        engine.onInfo(this::info);
        engine.onBestMove(this::bestMove);
    }

    /**
     * A protocol writing to a {@link PrintWriter}, flushing after each line.
     *
     * @param engine the engine to drive
     * @param writer where protocol lines go
     * @return the protocol
     */
    public static UsiProtocol to(Engine engine, PrintWriter writer) {
        return new UsiProtocol(engine, line -> {
            writer.print(line);
            writer.print('\n');
            writer.flush();
        });
    }

    /**
     * Reads and handles commands until {@code quit} or the end of the input, then stops any search.
     *
     * @param in the GUI's commands
     * @throws IOException if reading fails
     */
    public void run(BufferedReader in) throws IOException {
        StringBuilder sb = new StringBuilder();
        while (true) {
            sb.setLength(0);
            boolean tooLong = false;
            int c;
            while ((c = in.read()) >= 0 && c != '\n') {
                if (sb.length() < MAX_LINE) {
                    sb.append((char) c);
                } else {
                    tooLong = true;
                }
            }
            if (c < 0 && sb.isEmpty()) {
                break;
            }
            if (tooLong) {
                send("info string error: input line longer than " + MAX_LINE + " characters ignored");
            } else if (!handle(sb.toString())) {
                return;
            }
            if (c < 0) {
                break;
            }
        }
        // End of input without quit: a search with a limit finishes and answers; an endless one is stopped.
        if (!endless) {
            try {
                engine.awaitIdle();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        engine.close();
    }

    private volatile boolean endless;

    /**
     * Handles one command line.
     *
     * @param line the line, with or without a trailing carriage return
     * @return {@code false} after {@code quit}
     */
    public boolean handle(String line) {
        // A move's clock runs from the moment its go (or ponderhit) arrives, not from when the search starts.
        long arrivalNanos = System.nanoTime();
        String text = line.strip();
        if (text.isEmpty()) {
            return true;
        }
        List<String> words = Arrays.asList(text.split("\\s+"));
        String cmd = words.getFirst();
        List<String> args = words.subList(1, words.size());
        try {
            switch (cmd) {
                case "usi" -> usi();
                case "isready" -> isReady();
                case "setoption" -> setOption(args);
                case "usinewgame" -> engine.stop();
                case "position" -> position(args);
                case "go" -> go(args, arrivalNanos);
                case "stop" -> engine.stop();
                case "ponderhit" -> engine.ponderhit(arrivalNanos);
                case "gameover" -> gameOver(args);
                case "quit" -> {
                    engine.close();
                    return false;
                }
                default -> error("unknown command \"" + excerpt(cmd) + "\"");
            }
        } catch (IllegalArgumentException e) {
            error(e.getMessage());
        } catch (RuntimeException e) {
            error("internal error on \"" + excerpt(text) + "\": " + e);
        }
        return true;
    }

    private void usi() {
        send("id name " + Engine.NAME);
        send("id author " + Engine.AUTHOR);
        for (EngineOption o : Engine.options()) {
            send(o.usiLine());
        }
        send("usiok");
    }

    /**
     * {@code isready}: between games the hash table is cleared here, off the clock (GUIs send {@code usinewgame}
     * right before the first {@code go}), and the engine warmed up; during a search (a GUI checking that the
     * engine is alive) {@code readyok} is sent at once and the search goes on untouched.
     */
    private void isReady() {
        if (!engine.isSearching()) {
            engine.newGame();
            engine.prepare();
        }
        send("readyok");
    }

    private void setOption(List<String> args) {
        if (args.isEmpty() || !args.getFirst().equals("name")) {
            throw new IllegalArgumentException("setoption: expected \"setoption name <name> [value <value>]\"");
        }
        int v = args.indexOf("value");
        List<String> nameWords = args.subList(1, v < 0 ? args.size() : v);
        if (nameWords.isEmpty()) {
            throw new IllegalArgumentException("setoption: the option name is missing");
        }
        String name = String.join(" ", nameWords);
        String value = v < 0 ? "" : String.join(" ", args.subList(v + 1, args.size()));
        if (name.equalsIgnoreCase("USI_Ponder")) {
            engine.setOption(name, value);
            ponderEnabled = Boolean.parseBoolean(value.strip());
            return;
        }
        engine.setOption(name, value);
        if (name.equalsIgnoreCase("MultiPV")) {
            multiPv = AsciiNumbers.parseInt(value.strip());
        }
    }

    /**
     * {@code position}. A refused one leaves the engine without a position the GUI agrees with: until the next
     * valid {@code position}, a {@code go} is answered at once with {@code bestmove resign} (a {@code go mate}
     * with {@code checkmate timeout}) after an error line, rather than with a move of some other position.
     */
    private void position(List<String> args) {
        try {
            setPosition(args);
            positionRefused = false;
        } catch (IllegalArgumentException e) {
            positionRefused = true;
            throw new IllegalArgumentException(e.getMessage() + NO_POSITION);
        }
    }

    /** What a refused {@code position} leaves, said after its error. */
    private static final String NO_POSITION = "; no position is set until a valid one: go answers bestmove resign";

    /** Whether the last {@code position} was refused (see {@link #position}). */
    private boolean positionRefused;

    private void setPosition(List<String> args) {
        if (args.isEmpty()) {
            throw new IllegalArgumentException("position: expected \"startpos\" or \"sfen <sfen>\"");
        }
        int movesAt = args.indexOf("moves");
        List<String> head = args.subList(0, movesAt < 0 ? args.size() : movesAt);
        List<String> moves = movesAt < 0 ? List.of() : args.subList(movesAt + 1, args.size());
        Setup start;
        switch (head.getFirst()) {
            case "startpos" -> {
                if (head.size() > 1) {
                    throw new IllegalArgumentException("position: unexpected \"" + excerpt(head.get(1)) + "\" after startpos");
                }
                start = Setups.STARTPOS;
            }
            case "sfen" -> {
                if (head.size() < 2) {
                    throw new IllegalArgumentException("position: the SFEN is missing after \"sfen\"");
                }
                try {
                    start = Sfen.parse(String.join(" ", head.subList(1, head.size())));
                } catch (SfenException e) {
                    throw new IllegalArgumentException("position: " + e.getMessage());
                }
            }
            default -> throw new IllegalArgumentException("position: expected \"startpos\" or \"sfen\", got \"" + excerpt(head.getFirst()) + "\"");
        }
        try {
            engine.setPosition(start, moves);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("position: " + e.getMessage());
        }
    }

    /**
     * {@code go}. Every {@code go} gets exactly one answer ({@code bestmove}, or {@code checkmate} for
     * {@code go mate}). A number that cannot be read or is out of range ({@code depth} and {@code nodes} below 1,
     * a mate time below 1 ms) is reported and the {@code go} answered at once: with the move of a one-ply search,
     * or {@code checkmate timeout}; after a refused {@code position}, with {@code bestmove resign}. Negative
     * clock times are read as zero (some GUIs send them when a clock ran over).
     */
    private void go(List<String> args, long arrivalNanos) {
        boolean mate = args.contains("mate");
        if (positionRefused) {
            answerAtOnce(mate, "go: no position is set (the last position command was refused)", true);
            return;
        }
        long btime = 0, wtime = 0, byoyomi = 0, binc = 0, winc = 0, movetime = 0, nodes = 0;
        int depth = 0;
        boolean infinite = false, ponder = false, clockGiven = false;
        List<String> searchMoves = new ArrayList<>();
        try {
            for (int i = 0; i < args.size(); i++) {
                String k = args.get(i);
                switch (k) {
                    case "infinite" -> infinite = true;
                    case "ponder" -> ponder = true;
                    case "searchmoves" -> {
                        // The moves run to the end of the line or to the next go parameter.
                        while (i + 1 < args.size() && !GO_WORDS.contains(args.get(i + 1))) {
                            searchMoves.add(args.get(++i));
                        }
                        if (searchMoves.isEmpty()) {
                            error("go: searchmoves without moves ignored");
                        }
                    }
                    case "mate" -> {
                        String t = i + 1 < args.size() ? args.get(i + 1) : "infinite";
                        long ms = t.equals("infinite") ? 0 : atLeast(k, t, 1);
                        endless = ms == 0;
                        engine.goMate(ms, this::mateAnswer);
                        return;
                    }
                    case "btime", "wtime", "byoyomi", "binc", "winc", "movetime", "depth", "nodes" -> {
                        if (i + 1 >= args.size()) {
                            throw new IllegalArgumentException("go: " + k + " needs a number");
                        }
                        String t = args.get(++i);
                        switch (k) {
                            case "depth" -> depth = (int) Math.min(atLeast(k, t, 1), 1000);
                            case "nodes" -> nodes = atLeast(k, t, 1);
                            default -> {
                                long n = Math.max(0, number(k, t));
                                clockGiven = true;
                                switch (k) {
                                    case "btime" -> btime = n;
                                    case "wtime" -> wtime = n;
                                    case "byoyomi" -> byoyomi = n;
                                    case "binc" -> binc = n;
                                    case "winc" -> winc = n;
                                    default -> movetime = n;
                                }
                            }
                        }
                    }
                    default -> error("go: unknown parameter \"" + excerpt(k) + "\" ignored");
                }
            }
        } catch (IllegalArgumentException e) {
            answerAtOnce(mate, e.getMessage(), false);
            return;
        }
        if (clockGiven && btime == 0 && wtime == 0 && byoyomi == 0 && binc == 0 && winc == 0 && movetime == 0) {
            movetime = 1; // clocks given but all at zero (or negative): no time at all, answer at once
        }
        SearchLimits limits = new SearchLimits(btime, wtime, byoyomi, binc, winc, movetime, depth, nodes, infinite, ponder, searchMoves);
        searching = true;
        endless = infinite || ponder;
        try {
            engine.go(limits, arrivalNanos);
        } catch (IllegalArgumentException e) {
            error("go: " + e.getMessage() + "; searching every move");
            engine.go(limits.withSearchMoves(List.of()), arrivalNanos);
        }
    }

    /**
     * Answers a {@code go} that cannot be searched as asked, after an error line: a {@code go mate} with
     * {@code checkmate timeout}; a {@code go} with {@code bestmove resign} when there is no position, else with
     * the move of a one-ply search. A search still running is stopped and answers first.
     */
    private void answerAtOnce(boolean mate, String why, boolean noPosition) {
        endless = false;
        if (mate || noPosition) {
            engine.stop();
            try {
                engine.awaitIdle();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            error(why + (mate ? "; answering checkmate timeout" : "; answering bestmove resign"));
            send(mate ? "checkmate timeout" : "bestmove resign");
            return;
        }
        error(why + "; answering with a one-ply search");
        searching = true;
        engine.go(SearchLimits.depth(1));
    }

    /** The parameter words of {@code go}, which end a {@code searchmoves} list. */
    private static final Set<String> GO_WORDS = Set.of("btime", "wtime", "byoyomi", "binc", "winc", "movetime",
            "depth", "nodes", "infinite", "ponder", "mate", "searchmoves");

    private static long number(String key, String text) {
        try {
            return AsciiNumbers.parseLong(text);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("go: " + key + " needs a number, got \"" + excerpt(text) + "\"");
        }
    }

    private static long atLeast(String key, String text, long min) {
        long n = number(key, text);
        if (n < min) {
            throw new IllegalArgumentException("go: " + key + " must be at least " + min + ", got " + n);
        }
        return n;
    }

    private void gameOver(List<String> args) {
        engine.stop();
        if (args.size() != 1 || !List.of("win", "lose", "draw").contains(args.getFirst())) {
            throw new IllegalArgumentException("gameover: expected win, lose or draw");
        }
    }

    private void info(SearchInfo i) {
        switch (i) {
            case SearchInfo.Line l -> {
                StringBuilder sb = new StringBuilder("info depth ").append(l.depth()).append(" seldepth ").append(l.seldepth())
                        .append(" time ").append(l.timeMs()).append(" nodes ").append(l.nodes()).append(" nps ").append(l.nps())
                        .append(" hashfull ").append(l.hashfull()).append(" score ");
                switch (l.score()) {
                    case Score.Cp cp -> sb.append("cp ").append(cp.value());
                    case Score.Mate m -> sb.append("mate ").append(m.plies() == 0 ? "-0" : Integer.toString(m.plies()));
                }
                if (l.bound() == Bound.LOWER) {
                    sb.append(" lowerbound");
                } else if (l.bound() == Bound.UPPER) {
                    sb.append(" upperbound");
                }
                if (multiPv > 1) {
                    sb.append(" multipv ").append(l.multipv());
                }
                sb.append(" pv ").append(String.join(" ", l.pv()));
                send(sb.toString());
            }
            case SearchInfo.CurrentMove c -> send("info depth " + c.depth() + " currmove " + c.move() + " currmovenumber " + c.number());
            case SearchInfo.Text t -> send("info string " + oneLine(t.text()));
        }
    }

    private void bestMove(BestMove b) {
        searching = false;
        switch (b) {
            case BestMove.Play p -> send("bestmove " + p.move() + (ponderEnabled && p.ponder().isPresent() ? " ponder " + p.ponder().get() : ""));
            case BestMove.Resign r -> send("bestmove resign");
            case BestMove.Win w -> send("bestmove win");
        }
    }

    private void mateAnswer(MateAnswer a) {
        switch (a) {
            case MateAnswer.Mate m -> send("checkmate " + String.join(" ", m.moves()));
            case MateAnswer.NoMate n -> send("checkmate nomate");
            case MateAnswer.Timeout t -> send("checkmate timeout");
        }
    }

    /** Whether a {@code go} is still waiting for its bestmove. */
    public boolean isSearching() {
        return searching;
    }

    private void error(String message) {
        send("info string error: " + oneLine(message));
    }

    private void send(String line) {
        out.accept(line);
    }

    /**
     * Text for one output line: every control character but the tab, C1 ones such as NEL (U+0085) included, and the
     * line and paragraph separators (U+2028, U+2029) become {@code ?}, since some readers break lines there.
     */
    private static String oneLine(String s) {
        String t = s == null ? "" : s.replaceAll("[\\p{Cc}\\x{2028}\\x{2029}&&[^\t]]", "?");
        return t.length() > 300 ? t.substring(0, 300) + "…" : t;
    }

    private static String excerpt(String s) {
        String t = oneLine(s);
        return t.length() > 40 ? t.substring(0, 40) + "…" : t;
    }
}
