package dev.meijin.cli;

import dev.meijin.core.Color;
import dev.meijin.core.game.Ending;
import dev.meijin.core.game.Game;
import dev.meijin.core.game.Handicap;
import dev.meijin.core.game.MoveResult;
import dev.meijin.core.game.Outcome;
import dev.meijin.core.game.RuleSet;
import dev.meijin.core.game.TimeControl;
import dev.meijin.core.position.Setup;
import dev.meijin.core.position.Setups;
import dev.meijin.core.sfen.Sfen;
import dev.meijin.notation.Format;
import dev.meijin.notation.Formats;
import dev.meijin.notation.WriteOptions;
import dev.meijin.notation.kifu.GameInfo;
import dev.meijin.notation.kifu.GameRecords;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.LocalDateTime;
import java.util.Optional;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code meijin match}: plays two USI engines against each other under a clock, judges every game with the core
 * rules (CSA rule set: 27-point declaration, 256-move limit, sennichite and perpetual check), saves each game as
 * KIF and CSA, and reports W/L/D, the Elo difference with its 95% interval and an optional SPRT verdict.
 */
@Command(name = "match", description = "Play two USI engines against each other and report W/L/D, Elo with its 95%% interval and an SPRT verdict.")
final class MatchCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Option(names = "--engine1", required = true, paramLabel = "CMD", description = "Command line of the first engine (run with sh -c).")
    String engine1;

    @Option(names = "--engine2", required = true, paramLabel = "CMD", description = "Command line of the second engine.")
    String engine2;

    @Option(names = "--option1", paramLabel = "NAME=VALUE", description = "A USI option of the first engine, repeatable.")
    List<String> options1 = new ArrayList<>();

    @Option(names = "--option2", paramLabel = "NAME=VALUE", description = "A USI option of the second engine, repeatable.")
    List<String> options2 = new ArrayList<>();

    @Option(names = "--games", defaultValue = "2", description = "Games to play (default ${DEFAULT-VALUE}); colours alternate on each opening.")
    int games;

    @Option(names = "--tc", paramLabel = "S+I", description = "Main time and increment in seconds, e.g. 10+1.")
    String tc;

    @Option(names = "--byoyomi", paramLabel = "MS", description = "Byoyomi per move in milliseconds (with --tc: after the main time; alone: no main time).")
    Long byoyomi;

    @Option(names = "--openings", arity = "1..2", paramLabel = "SPEC", description = "builtin (default: 158 balanced 12-ply openings from real games), startpos, handicap NAME, or a FILE of 'startpos|sfen … [moves …]' lines.")
    List<String> openings = new ArrayList<>(List.of("builtin"));

    @Option(names = "--concurrency", defaultValue = "1", description = "Games played at once (default ${DEFAULT-VALUE}).")
    int concurrency;

    @Option(names = "--sprt", arity = "2", paramLabel = "ELO", description = "SPRT between elo0 and elo1 (alpha = beta = 0.05); the match stops at a verdict.")
    List<Double> sprt = new ArrayList<>();

    @Option(names = "--out", defaultValue = "match-games", paramLabel = "DIR", description = "Folder for the KIF and CSA records (default ${DEFAULT-VALUE}).")
    Path out;

    @Option(names = "--grace", defaultValue = "50", paramLabel = "MS", description = "Lag allowed beyond the clock before a time loss (default ${DEFAULT-VALUE}).")
    long grace;

    @Option(names = "--seed", defaultValue = "1", description = "Where in the opening list to start (default ${DEFAULT-VALUE}).")
    int seed;

    private record Opening(Setup setup, List<String> moves, String text) {}

    private final Object lock = new Object();
    private int wins, losses, draws, illegal, timeLosses, crashes;

    @Override
    public Integer call() throws IOException, InterruptedException {
        long mainMs = 0, incMs = 0, byoMs = byoyomi == null ? 0 : byoyomi;
        if (tc != null) {
            String[] p = tc.strip().split("\\+", -1);
            try {
                mainMs = Math.round(Double.parseDouble(p[0]) * 1000);
                incMs = p.length > 1 ? Math.round(Double.parseDouble(p[1]) * 1000) : 0;
            } catch (NumberFormatException e) {
                mainMs = -1;
            }
            if (p.length > 2 || mainMs < 0 || incMs < 0) {
                throw new ParameterException(spec.commandLine(), "--tc must look like 10+1 (main time and increment in seconds), got " + tc);
            }
        }
        if (tc == null && byoyomi == null) {
            throw new ParameterException(spec.commandLine(), "give --tc S+I or --byoyomi MS");
        }
        Options.inRange(spec, "--byoyomi", byoMs, 0, Long.MAX_VALUE);
        if (mainMs == 0 && incMs == 0 && byoMs == 0) {
            String given = (tc == null ? "" : "--tc " + tc) + (tc != null && byoyomi != null ? " " : "") + (byoyomi == null ? "" : "--byoyomi 0");
            throw new ParameterException(spec.commandLine(), "the time control gives the engines no time: " + given);
        }
        Options.inRange(spec, "--games", games, 1, Long.MAX_VALUE);
        Options.inRange(spec, "--concurrency", concurrency, 1, 16);
        Options.inRange(spec, "--grace", grace, 0, Long.MAX_VALUE);
        usiOptions("--option1", options1);
        usiOptions("--option2", options2);
        if (sprt.size() == 2 && !(sprt.get(0) < sprt.get(1))) {
            throw new ParameterException(spec.commandLine(), "--sprt needs elo0 below elo1, got " + sprt.get(0) + " and " + sprt.get(1));
        }
        Options.directory(spec, "--out", out);
        List<Opening> book = loadOpenings();
        Files.createDirectories(out);
        PrintWriter pw = spec.commandLine().getOut();
        AtomicInteger next = new AtomicInteger();
        AtomicBoolean stop = new AtomicBoolean();
        long fMain = mainMs, fInc = incMs, fByo = byoMs;
        List<Thread> threads = new ArrayList<>();
        List<Exception> failures = new ArrayList<>();
        for (int t = 0; t < concurrency; t++) {
            Thread th = new Thread(() -> {
                try (UsiClient a = new UsiClient(engine1); UsiClient b = new UsiClient(engine2)) {
                    a.start(options1);
                    b.start(options2);
                    int g;
                    while (!stop.get() && (g = next.getAndIncrement()) < games) {
                        Opening o = book.get(Math.floorMod(seed - 1 + g / 2, book.size()));
                        boolean firstIsSente = g % 2 == 0;
                        String report = playGame(g + 1, o, firstIsSente, a, b, fMain, fInc, fByo);
                        synchronized (lock) {
                            pw.println(report);
                            pw.println(summary());
                            pw.flush();
                            if (sprt.size() == 2) {
                                double llr = MatchStats.llr(wins, losses, draws, sprt.get(0), sprt.get(1));
                                double[] bd = MatchStats.bounds();
                                if (llr <= bd[0] || llr >= bd[1]) {
                                    stop.set(true);
                                }
                            }
                        }
                        if (!a.alive() || !b.alive()) {
                            throw new IOException("an engine exited during game " + (g + 1));
                        }
                    }
                } catch (IOException | RuntimeException e) {
                    synchronized (failures) {
                        failures.add(e);
                    }
                    stop.set(true);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }, "match-" + t);
            th.start();
            threads.add(th);
        }
        for (Thread th : threads) {
            th.join();
        }
        if (!failures.isEmpty()) {
            spec.commandLine().getErr().println("meijin match: " + failures.getFirst().getMessage());
        }
        pw.println("Final: " + summary());
        pw.printf(Locale.ROOT, "Illegal moves %d, time losses %d, crashes %d; records in %s%n", illegal, timeLosses, crashes, out);
        return failures.isEmpty() ? Main.OK : Main.FAILED;
    }

    private String summary() {
        return summary(wins, losses, draws, sprt);
    }

    /**
     * The running score line: {@code Games 2: W 1 L 1 D 0, score 50.0%, Elo +0.0 [-2400.0, +2400.0] (95%)} and, with
     * two SPRT bounds, the test's state. Numbers that round to zero are written without a minus sign.
     */
    static String summary(int wins, int losses, int draws, List<Double> sprt) {
        int n = wins + losses + draws;
        double[] e = MatchStats.eloInterval(wins, losses, draws);
        StringBuilder sb = new StringBuilder(String.format(Locale.ROOT, "Games %d: W %d L %d D %d, score %.1f%%, Elo %s [%s, %s] (95%%)",
                n, wins, losses, draws, n == 0 ? 0 : 100.0 * (wins + 0.5 * draws) / n,
                MatchStats.signed(e[0]), MatchStats.signed(e[1]), MatchStats.signed(e[2])));
        if (sprt.size() == 2) {
            double llr = MatchStats.llr(wins, losses, draws, sprt.get(0), sprt.get(1));
            double[] b = MatchStats.bounds();
            String verdict = llr >= b[1] ? "H1 accepted" : llr <= b[0] ? "H0 accepted" : "continue";
            sb.append(String.format(Locale.ROOT, "; SPRT [%s, %s] LLR %s (%s, %s): %s", MatchStats.fixed(sprt.get(0), 1),
                    MatchStats.fixed(sprt.get(1), 1), MatchStats.fixed(llr, 2), MatchStats.fixed(b[0], 2),
                    MatchStats.fixed(b[1], 2), verdict));
        }
        return sb.toString();
    }

    /** Checks that each USI option is {@code NAME=VALUE}, before any engine is started. */
    private void usiOptions(String option, List<String> values) {
        for (String o : values) {
            if (o.indexOf('=') <= 0) {
                throw new ParameterException(spec.commandLine(), option + ": \"" + Records.message(o) + "\" is not NAME=VALUE");
            }
        }
    }

    private List<Opening> loadOpenings() throws IOException {
        String kind = openings.getFirst();
        List<String> lines = new ArrayList<>();
        switch (kind) {
            case "startpos" -> lines.add("startpos");
            case "builtin" -> {
                try (InputStream in = MatchCommand.class.getResourceAsStream("openings.txt")) {
                    if (in == null) {
                        throw new IOException("the built-in openings are missing from the jar");
                    }
                    lines.addAll(new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8)).lines().toList());
                }
            }
            case "handicap" -> {
                if (openings.size() < 2) {
                    throw new ParameterException(spec.commandLine(), "--openings handicap needs a handicap name");
                }
                String name = openings.get(1);
                Handicap h = Handicap.byJapanese(name).or(() -> Handicap.byId(name.toUpperCase(Locale.ROOT).replace('-', '_')))
                        .orElseThrow(() -> new ParameterException(spec.commandLine(), "unknown handicap \"" + name + "\""));
                lines.add("sfen " + h.sfen());
            }
            default -> {
                Path p = Path.of(kind);
                if (!Files.isRegularFile(p) || Files.size(p) > 16 << 20) {
                    throw new ParameterException(spec.commandLine(), "--openings: " + kind + " is not a readable file (or is over 16 MB)");
                }
                lines.addAll(Files.readAllLines(p, StandardCharsets.UTF_8));
            }
        }
        List<Opening> book = new ArrayList<>();
        int no = 0;
        for (String raw : lines) {
            no++;
            String l = raw.strip();
            if (l.isEmpty() || l.startsWith("#")) {
                continue;
            }
            if (l.startsWith("position ")) {
                l = l.substring(9).strip();
            }
            int mi = l.indexOf(" moves");
            String head = mi < 0 ? l : l.substring(0, mi).strip();
            List<String> moves = mi < 0 ? List.of() : Arrays.stream(l.substring(mi + 6).strip().split("\\s+")).filter(s -> !s.isEmpty()).toList();
            try {
                Setup s = head.equals("startpos") ? Setups.STARTPOS : Sfen.parse(head.startsWith("sfen ") ? head.substring(5) : head);
                Game check = Game.of(s, RuleSet.CSA);
                for (String m : moves) {
                    if (!(check.play(m) instanceof MoveResult.Applied)) {
                        throw new IllegalArgumentException("illegal move " + m);
                    }
                }
                book.add(new Opening(s, moves, l));
            } catch (RuntimeException e) {
                throw new ParameterException(spec.commandLine(), "--openings line " + no + ": " + e.getMessage());
            }
        }
        if (book.isEmpty()) {
            throw new ParameterException(spec.commandLine(), "--openings: no opening found");
        }
        return book;
    }

    private String playGame(int number, Opening o, boolean firstIsSente, UsiClient a, UsiClient b, long mainMs, long incMs, long byoMs)
            throws IOException, InterruptedException {
        LocalDateTime started = LocalDateTime.now().withNano(0);
        Game game = Game.of(o.setup(), RuleSet.CSA);
        List<String> moves = new ArrayList<>(o.moves());
        List<Long> spent = new ArrayList<>();
        for (String m : o.moves()) {
            game.play(m);
            spent.add(0L);
        }
        a.send("usinewgame");
        b.send("usinewgame");
        long[] time = {mainMs, mainMs};
        String head = o.setup().equals(Setups.STARTPOS) ? "startpos" : "sfen " + Sfen.format(o.setup());
        boolean crashed = false;
        String timeDetail = "";
        while (!game.isOver()) {
            Color turn = game.turn();
            UsiClient c = (turn == Color.SENTE) == firstIsSente ? a : b;
            c.send("position " + head + (moves.isEmpty() ? "" : " moves " + String.join(" ", moves)));
            // A clock overdrawn within the lag allowance (see below) is sent as 0.
            String clocks = "go btime " + Math.max(0, time[0]) + " wtime " + Math.max(0, time[1]);
            String go = byoMs > 0 && incMs == 0 ? clocks + " byoyomi " + byoMs : clocks + " binc " + incMs + " winc " + incMs;
            long t0 = System.nanoTime();
            c.send(go);
            int side = turn.index();
            long allowed = time[side] + (incMs == 0 ? byoMs : 0);
            String line = c.await("bestmove", allowed + grace + 5000);
            long elapsed = ((line != null ? c.arrivalNanos() : System.nanoTime()) - t0) / 1_000_000;
            spent.add(elapsed);
            if (line == null) {
                crashed = !c.alive();
                synchronized (lock) {
                    if (crashed) {
                        crashes++;
                    } else {
                        timeLosses++;
                    }
                }
                game.timeLoss(turn);
                break;
            }
            if (elapsed > allowed + grace) {
                synchronized (lock) {
                    timeLosses++;
                }
                timeDetail = " (" + elapsed + " ms used, " + allowed + " ms allowed)";
                game.timeLoss(turn);
                break;
            }
            // Byoyomi: the main time ends at 0 and the period is new each move. Otherwise the clock keeps what a move
            // overdrew within the lag allowance, so that the allowance covers the whole game and not each move again.
            time[side] = byoMs > 0 && incMs == 0 ? Math.max(0, time[side] - elapsed) : time[side] - elapsed + incMs;
            String[] w = line.split("\\s+");
            String mv = w.length > 1 ? w[1] : "";
            switch (mv) {
                case "resign" -> game.resign(turn);
                case "win" -> {
                    if (game.rules().impasse() == RuleSet.Impasse.NONE) {
                        game.illegalMove(turn, "declaration without an impasse rule");
                    } else {
                        game.declare();
                    }
                    if (game.outcome().orElseThrow() instanceof Outcome.Win win && win.ending() == Ending.ILLEGAL_MOVE) {
                        synchronized (lock) {
                            illegal++;
                        }
                    }
                }
                default -> {
                    MoveResult r = game.play(mv);
                    if (r instanceof MoveResult.Illegal il) {
                        synchronized (lock) {
                            illegal++;
                        }
                        if (il.outcome().isEmpty()) {
                            game.illegalMove(turn, il.message());
                        }
                    } else {
                        moves.add(mv);
                    }
                }
            }
        }
        Outcome outcome = game.outcome().orElseThrow();
        Color firstColor = firstIsSente ? Color.SENTE : Color.GOTE;
        String result;
        synchronized (lock) {
            switch (outcome) {
                case Outcome.Win win -> {
                    if (win.winner() == firstColor) {
                        wins++;
                    } else {
                        losses++;
                    }
                    result = win.winner().name().toLowerCase(Locale.ROOT) + " wins by " + win.ending();
                }
                case Outcome.Draw d -> {
                    draws++;
                    result = "draw by " + d.ending();
                }
                case Outcome.Aborted ab -> result = "aborted (not counted)";
            }
        }
        String sente = firstIsSente ? a.name : b.name, gote = firstIsSente ? b.name : a.name;
        save(number, game, spent, sente, gote, started, timeControl(mainMs, incMs, byoMs));
        return String.format(Locale.ROOT, "Game %d: %s (sente) vs %s (gote): %s after %d plies%s", number, sente, gote, result, game.plies(), timeDetail);
    }

    /**
     * The clock the games are played with, as the records' 持ち時間 says it: byoyomi only without an increment
     * (with one, the engines are sent the increment and no byoyomi). Empty for a clock a record cannot hold (an
     * increment with no main time).
     */
    static Optional<TimeControl> timeControl(long mainMs, long incMs, long byoMs) {
        try {
            long byo = incMs > 0 ? 0 : byoMs;
            return Optional.of(new TimeControl(Duration.ofMillis(mainMs), Duration.ofMillis(byo), byo > 0 ? 1 : 0,
                    Duration.ofMillis(incMs)));
        } catch (IllegalArgumentException e) {
            return Optional.empty();
        }
    }

    private void save(int number, Game game, List<Long> spent, String sente, String gote, LocalDateTime started,
            Optional<TimeControl> clock) {
        List<Duration> times = new ArrayList<>();
        for (int i = 0; i < game.plies(); i++) {
            times.add(Duration.ofMillis(i < spent.size() ? spent.get(i) : 0));
        }
        GameInfo info = GameInfo.of(sente, gote).withEvent("meijin match").withMoveTimes(times)
                .withStartTime(started).withEndTime(LocalDateTime.now().withNano(0));
        if (clock.isPresent()) {
            info = info.withTimeControl(clock.get());
        }
        String base = String.format(Locale.ROOT, "game-%04d", number);
        for (Format f : List.of(Format.KIF, Format.CSA)) {
            try {
                String text = Formats.write(GameRecords.toKifu(game, info, f), f, WriteOptions.UTF8).text();
                Files.writeString(out.resolve(base + "." + (f == Format.KIF ? "kifu" : "csa")), text, StandardCharsets.UTF_8);
            } catch (IOException | RuntimeException e) {
                spec.commandLine().getErr().println("meijin match: could not save " + base + " as " + f + ": " + e.getMessage());
            }
        }
    }
}
