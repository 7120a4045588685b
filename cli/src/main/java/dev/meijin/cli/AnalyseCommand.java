package dev.meijin.cli;

import dev.meijin.core.Color;
import dev.meijin.core.Move;
import dev.meijin.core.position.Position;
import dev.meijin.core.position.Setup;
import dev.meijin.core.usi.Usi;
import dev.meijin.engine.BestMove;
import dev.meijin.engine.Engine;
import dev.meijin.engine.MoveQuality;
import dev.meijin.engine.Score;
import dev.meijin.engine.SearchInfo;
import dev.meijin.engine.SearchLimits;
import dev.meijin.notation.kifu.Headers;
import dev.meijin.notation.kifu.Kifu;
import dev.meijin.notation.kifu.Problem;
import dev.meijin.notation.move.JapaneseNotation;
import dev.meijin.notation.move.MoveStyle;
import dev.meijin.notation.csa.CsaVersion;
import dev.meijin.notation.kifu.Step;
import dev.meijin.notation.kifu.WriteResult;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.BiFunction;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code meijin analyse}: the engine's reading of a game record, move by move, as the play server's record
 * analysis (棋譜解析) gives it in the browser: the evaluation after every move from sente's side, the engine's
 * best move where the game went otherwise, and the moves that gave much away marked 疑問手, 悪手 or 大悪手
 * ({@link MoveQuality}), with a count for each side at the end. Every position is searched with the same node
 * limit on one thread, so the same record gives the same analysis.
 */
@Command(
        name = "analyse",
        aliases = "analyze",
        sortOptions = false,
        description = {
            "Analyse a game record with the engine (棋譜解析): the evaluation after every move, from sente's side, "
                    + "the engine's best move where the game went otherwise, and the moves that gave much away "
                    + "marked 疑問手 (inaccuracy), 悪手 (mistake) or 大悪手 (blunder), by the fall of the mover's "
                    + "expected score: 5, 10 and 15 points.",
            "Reads KIF, KI2, CSA, JKF, USI and SFEN records; a record with a problem is analysed up to it."
        },
        footer = {
            "",
            "Examples:",
            "  meijin analyse game.kif",
            "  meijin analyse game.csa --nodes 1000000 --ascii",
            "  meijin analyse game.kif --save analysed.kif"
        })
final class AnalyseCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Parameters(paramLabel = "FILE", description = "The record to analyse.")
    String file;

    @Option(names = "--nodes", paramLabel = "N", defaultValue = "300000",
            description = "Nodes searched in each position, on one thread. Default: ${DEFAULT-VALUE}.")
    long nodes;

    @Option(names = "--jobs", paramLabel = "N", defaultValue = "1",
            description = "Engines searching at once, each on its own run of consecutive positions (1-64): faster on "
                    + "several cores, with the same analysis whatever N. Default: ${DEFAULT-VALUE}.")
    int jobs;

    @Option(names = "--hash", paramLabel = "MB", defaultValue = "64",
            description = "The engine's transposition table in megabytes (1-4096). Default: ${DEFAULT-VALUE}.")
    int hashMb;

    @Option(names = "--ascii", description = "Write the moves in Western notation (Hodges) and the words in English.")
    boolean ascii;

    @Option(names = "--save", paramLabel = "FILE",
            description = "Also write the record with the analysis in its comments, in the format FILE's extension names "
                    + "(kif, kifu, ki2, ki2u, csa, jkf): after each move an engine comment (KIF's **) with the evaluation "
                    + "from sente's side and the engine's line from there, and a comment naming the grade and the best "
                    + "move where the move gave much away, for shogi GUIs to show.")
    Path save;

    /** The most moves of a record analysed, as on the play server. */
    static final int MAX_PLIES = 512;

    @Override
    public Integer call() {
        Options.inRange(spec, "--nodes", nodes, 1, 1_000_000_000L);
        Options.inRange(spec, "--hash", hashMb, 1, 4096);
        Options.inRange(spec, "--jobs", jobs, 1, 64);
        ConvertCommand.Target saveAs = saveTarget();
        Records.Loaded loaded = Records.readRecord(file);
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        for (Problem p : loaded.problems()) {
            err.println(Records.located(file, p));
        }
        Kifu kifu = loaded.kifu();
        Position start = kifu.startPosition().orElseThrow(() -> new IllegalArgumentException(
                file + ": the start position is not legal: " + kifu.startProblem().orElse("") + "; nothing to analyse"));
        List<Integer> line = kifu.mainLine();
        if (line.size() > MAX_PLIES) {
            throw new ParameterException(spec.commandLine(), file + " has " + line.size() + " moves; at most "
                    + MAX_PLIES + " are analysed");
        }
        if (line.isEmpty()) {
            throw new IllegalArgumentException(file + ": the record has no moves to analyse");
        }
        List<Reading> readings = read(kifu.start().setup(), start, line);
        print(out, kifu, start, line, readings);
        if (saveAs != null) {
            WriteResult written = ConvertCommand.writeFile(annotated(kifu, start, readings), saveAs, save, CsaVersion.V2_2);
            out.println(ascii ? "analysis saved to " + save : "解析を保存しました：" + save);
            for (String d : written.dropped()) {
                err.println("dropped: " + Records.printable(d));
            }
        }
        return Main.OK;
    }

    /**
     * The engine's reading of one position: its score for the side to move and its best move, or empty where the
     * position has no move (the game is over: mate, the score then the mated side's) or the search gave no line.
     */
    private record Reading(Optional<Score> score, Optional<String> best, List<String> pv) {}

    /** The format of {@code --save}'s file, checked before the analysis begins; null without it. */
    private ConvertCommand.Target saveTarget() {
        return ConvertCommand.saveTarget(spec, save);
    }

    /**
     * The record with the analysis in the comments of its main line's moves: an engine comment with the evaluation
     * after the move and the engine's line from there ({@code 解析 評価値 +85 読み筋 ▲２六歩 △８四歩 …}, sente's
     * side), and, on a graded move, a comment with the grade and the engine's move instead
     * ({@code 悪手 最善手 ▲４八飛 評価値 -6}). Comments already in the record stay before them.
     */
    private Kifu annotated(Kifu kifu, Position start, List<Reading> readings) {
        List<Step> steps = new ArrayList<>(kifu.moves().size());
        Position pos = start.copy();
        int ply = 0;
        for (Step s : kifu.moves()) {
            if (s.special().isPresent() || ply >= readings.size() - 1) {
                steps.add(s);
                continue;
            }
            int m = s.move();
            Color mover = pos.turn();
            Reading before = readings.get(ply);
            Position after = pos.copy();
            after.doMove(m);
            Reading reading = readings.get(ply + 1);
            List<String> engine = new ArrayList<>(s.engineComments());
            StringBuilder e = new StringBuilder("解析 評価値 ").append(kifScore(reading.score(), mover.opposite()));
            if (!reading.pv().isEmpty()) {
                e.append(" 読み筋 ").append(pvText(after, reading.pv()));
            }
            engine.add(e.toString());
            List<String> comments = new ArrayList<>(s.comments());
            grade(before, reading, Move.usi(m)).ifPresent(q -> comments.add(q.japanese() + " 最善手 "
                    + JapaneseNotation.formatKi2(pos, Usi.parseMove(pos, before.best().orElseThrow()), true)
                    + " 評価値 " + kifScore(before.score(), mover)));
            steps.add(s.withComments(comments).withEngineComments(engine));
            pos.doMove(m);
            ply++;
        }
        return new Kifu(kifu.headers(), kifu.start(), kifu.startComments(), steps);
    }

    /** The grade of a move: only where the engine would have played another, and both positions have a score. */
    private static Optional<MoveQuality> grade(Reading before, Reading after, String played) {
        if (before.best().isEmpty() || before.best().get().equals(played) || before.score().isEmpty() || after.score().isEmpty()) {
            return Optional.empty();
        }
        return MoveQuality.of(before.score().get(), after.score().get());
    }

    /** A score from sente's side as KIF comments of engines write it: {@code +85}, {@code -312}, {@code +詰7}, {@code -詰0}. */
    private static String kifScore(Optional<Score> score, Color toMove) {
        return senteSide(score, toMove, (senteMates, plies) -> (senteMates ? "+詰" : "-詰") + plies);
    }

    /**
     * A score turned to sente's side, given for {@code toMove}: centipawns signed ({@code +85}, {@code -312}), a mate
     * as {@code mate} writes it from whether sente gives it and its length in plies, {@code ?} where there is none.
     */
    private static String senteSide(Optional<Score> score, Color toMove, BiFunction<Boolean, Integer, String> mate) {
        if (score.isEmpty()) {
            return "?";
        }
        return switch (score.get()) {
            case Score.Cp cp -> {
                int v = toMove == Color.SENTE ? cp.value() : -cp.value();
                yield (v > 0 ? "+" : "") + v;
            }
            case Score.Mate m -> mate.apply((m.plies() > 0) == (toMove == Color.SENTE), Math.abs(m.plies()));
        };
    }

    /** A line of USI moves from a position in KI2 with marks ({@code ▲２六歩 △８四歩}), as far as it is legal. */
    private static String pvText(Position from, List<String> pv) {
        Position p = from.copy();
        List<String> out = new ArrayList<>();
        for (String usi : pv) {
            int m;
            try {
                m = Usi.parseMove(p, usi);
            } catch (IllegalArgumentException e) {
                break; // a line that runs past a position the engine's hash mixed up: what is legal of it
            }
            out.add(JapaneseNotation.formatKi2(p, m, true));
            p.doMove(m);
        }
        return String.join(" ", out);
    }

    /**
     * Searches every position of the game, the start and the one after each move: with {@code --jobs N} the
     * positions are cut into N runs of consecutive positions, each searched in order by an engine of its own on a
     * thread of its own. Each position is searched from a cleared table, so the analysis is the same whatever N (and
     * the same as the play server's with the same nodes).
     */
    private List<Reading> read(Setup setup, Position start, List<Integer> line) {
        int positions = line.size() + 1;
        int runs = Math.min(jobs, positions);
        List<Future<List<Reading>>> parts = new ArrayList<>();
        try (ExecutorService pool = Executors.newFixedThreadPool(runs)) {
            for (int k = 0; k < runs; k++) {
                int from = (int) ((long) positions * k / runs);
                int to = (int) ((long) positions * (k + 1) / runs);
                parts.add(pool.submit(() -> readRun(setup, start, line, from, to)));
            }
            List<Reading> readings = new ArrayList<>(positions);
            for (Future<List<Reading>> part : parts) {
                readings.addAll(part.get());
            }
            return readings;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while analysing", e);
        } catch (ExecutionException e) {
            throw e.getCause() instanceof RuntimeException re ? re : new IllegalStateException(e.getCause());
        }
    }

    /** Searches the positions after {@code from} … {@code to - 1} moves, in order, with one engine. */
    private List<Reading> readRun(Setup setup, Position start, List<Integer> line, int from, int to) {
        List<Reading> readings = new ArrayList<>(to - from);
        List<String> played = new ArrayList<>();
        Position pos = start.copy();
        for (int i = 0; i < from; i++) {
            pos.doMove(line.get(i));
            played.add(Move.usi(line.get(i)));
        }
        try (Engine engine = new Engine()) {
            engine.setOption("USI_Hash", String.valueOf(hashMb));
            engine.setOption("Threads", "1");
            for (int i = from; i < to; i++) {
                if (i > from) {
                    int m = line.get(i - 1);
                    pos.doMove(m);
                    played.add(Move.usi(m));
                }
                if (pos.legalMoves().length == 0) {
                    // No move: mated (or stalemated, which loses as well) — no search is needed.
                    readings.add(new Reading(Optional.of(new Score.Mate(0)), Optional.empty(), List.of()));
                    continue;
                }
                engine.newGame();
                engine.setPosition(setup, played);
                Engine.SearchResult r = engine.think(SearchLimits.nodes(nodes));
                Optional<SearchInfo.Line> l = r.line();
                Optional<String> best = l.filter(x -> !x.pv().isEmpty()).map(x -> x.pv().getFirst())
                        .or(() -> r.bestMove() instanceof BestMove.Play p ? Optional.of(p.move()) : Optional.empty());
                readings.add(new Reading(l.map(SearchInfo.Line::score), best, l.map(SearchInfo.Line::pv).orElse(List.of())));
            }
        }
        return readings;
    }

    private void print(PrintWriter out, Kifu kifu, Position start, List<Integer> line, List<Reading> readings) {
        String sente = kifu.header(Headers.SENTE).or(() -> kifu.header(Headers.SHITATE)).orElse("");
        String gote = kifu.header(Headers.GOTE).or(() -> kifu.header(Headers.UWATE)).orElse("");
        String nodesText = String.format(Locale.ROOT, "%,d", nodes);
        // In a handicap game the sides are the receiver (下手, sente) and the giver (上手, gote).
        BoardDiagram.Sides sides = kifu.start().handicap().filter(h -> h.isHandicap()).isPresent()
                ? BoardDiagram.Sides.HANDICAP : BoardDiagram.Sides.EVEN;
        BoardDiagram.Style style = ascii ? BoardDiagram.Style.ASCII : BoardDiagram.Style.KANJI;
        out.println(ascii
                ? "Analysis of " + file + ": " + line.size() + " moves, " + nodesText + " nodes a position"
                        + (sente.isEmpty() && gote.isEmpty() ? "" : "; " + sides.name(Color.SENTE, style) + " " + sente + ", "
                                + sides.name(Color.GOTE, style) + " " + gote)
                : "棋譜解析：" + file + "（" + line.size() + "手、1局面 " + nodesText + "ノード）"
                        + (sente.isEmpty() && gote.isEmpty() ? "" : "　" + sides.name(Color.SENTE, style) + " " + sente + "　"
                                + sides.name(Color.GOTE, style) + " " + gote));
        out.println(ascii ? "Start: " + scoreText(readings.getFirst().score(), start.turn())
                : "開始局面：評価値 " + scoreText(readings.getFirst().score(), start.turn()));
        Map<Color, Map<MoveQuality, Integer>> counts = new EnumMap<>(Color.class);
        for (Color c : Color.values()) {
            counts.put(c, new EnumMap<>(MoveQuality.class));
        }
        Position pos = start.copy();
        for (int i = 0; i < line.size(); i++) {
            int m = line.get(i);
            Color mover = pos.turn();
            Reading before = readings.get(i);
            Reading after = readings.get(i + 1);
            StringBuilder row = new StringBuilder(String.format(Locale.ROOT, "%4d ", pos.moveNumber()));
            row.append(moveText(pos, m)).append("  ").append(scoreText(after.score(), mover.opposite()));
            String usi = Move.usi(m);
            if (before.best().isPresent() && !before.best().get().equals(usi)) {
                int best = Usi.parseMove(pos, before.best().get());
                row.append(ascii ? "  best " : "  最善 ").append(moveText(pos, best));
                if (before.score().isPresent()) {
                    row.append(' ').append(scoreText(before.score(), mover));
                }
                Optional<MoveQuality> q = grade(before, after, usi);
                if (q.isPresent()) {
                    counts.get(mover).merge(q.get(), 1, Integer::sum);
                    row.append("  ").append(ascii ? q.get().english() : q.get().japanese());
                }
            }
            out.println(row);
            pos.doMove(m);
        }
        for (Color c : Color.values()) {
            Map<MoveQuality, Integer> n = counts.get(c);
            StringBuilder s = new StringBuilder(sides.marked(c, style) + (ascii ? ": " : "："));
            for (MoveQuality q : MoveQuality.values()) {
                int k = n.getOrDefault(q, 0);
                s.append(q == MoveQuality.INACCURACY ? "" : ascii ? ", " : "、");
                s.append(ascii ? k + " " + (k == 1 ? q.english() : plural(q)) : q.japanese() + " " + k);
            }
            out.println(s);
        }
    }

    private static String plural(MoveQuality q) {
        return switch (q) {
            case INACCURACY -> "inaccuracies";
            case MISTAKE -> "mistakes";
            case BLUNDER -> "blunders";
        };
    }

    /** A move as the style writes it, with the mover's mark and its USI: {@code ▲７六歩 (7g7f)}, {@code P-7f (7g7f)}. */
    private String moveText(Position pos, int move) {
        String notation = ascii ? MoveStyle.HODGES.format(pos, move)
                : (pos.turn() == Color.SENTE ? "▲" : "△") + JapaneseNotation.formatKi2(pos, move, false);
        return notation + " (" + Move.usi(move) + ")";
    }

    /**
     * A score from sente's side, given for {@code toMove}: centipawns signed ({@code +85}, {@code -312}), a mate
     * as the side that gives it and its length ({@code ▲7手詰}, {@code ▲詰み} once given; {@code +M7}, {@code mate}),
     * {@code ?} where the search gave none.
     */
    private String scoreText(Optional<Score> score, Color toMove) {
        return senteSide(score, toMove, (senteMates, plies) -> ascii ? (plies == 0 ? "mate" : (senteMates ? "+M" : "-M") + plies)
                : (senteMates ? "▲" : "△") + (plies == 0 ? "詰み" : plies + "手詰"));
    }
}
