package dev.meijin.engine.usi;

import static org.assertj.core.api.Assertions.assertThat;

import dev.meijin.core.Move;
import dev.meijin.core.position.Position;
import dev.meijin.core.sfen.Sfen;
import dev.meijin.core.usi.Usi;
import dev.meijin.engine.Engine;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/** USI transcripts: command lines in, protocol lines out. */
class UsiProtocolTest {
    private final Engine engine = new Engine();
    private final LinkedBlockingQueue<String> out = new LinkedBlockingQueue<>();
    private final UsiProtocol usi = new UsiProtocol(engine, out::add);

    @AfterEach
    void close() {
        engine.close();
    }

    /** Lines already returned by {@link #send}, kept for {@link #await} (a fast search may answer inside send). */
    private final java.util.ArrayDeque<String> backlog = new java.util.ArrayDeque<>();

    private List<String> send(String... lines) {
        for (String l : lines) {
            usi.handle(l);
        }
        List<String> got = new ArrayList<>();
        out.drainTo(got);
        backlog.addAll(got);
        return got;
    }

    /**
     * Sends the commands and collects every line written until one starts with the prefix (included), for
     * commands whose answer comes from the search thread.
     */
    private List<String> until(String prefix, String... lines) throws InterruptedException {
        List<String> got = new ArrayList<>();
        backlog.clear();
        for (String l : lines) {
            usi.handle(l);
        }
        while (true) {
            String l = out.poll(60, TimeUnit.SECONDS);
            assertThat(l).as("waiting for " + prefix + " after " + got).isNotNull();
            got.add(l);
            if (l.startsWith(prefix)) {
                return got;
            }
        }
    }

    /** Waits for a line starting with the prefix and returns it (lines before it are dropped). */
    private String await(String prefix) throws InterruptedException {
        while (true) {
            String l = backlog.isEmpty() ? out.poll(60, TimeUnit.SECONDS) : backlog.poll();
            assertThat(l).as("waiting for " + prefix).isNotNull();
            if (l.startsWith(prefix)) {
                return l;
            }
        }
    }

    /** The position after these moves from the start. */
    private static Position startposAfter(String... moves) {
        Position p = Position.startpos();
        for (String m : moves) {
            p.doMove(Usi.parseMove(p, m));
        }
        return p;
    }

    /**
     * Asserts a bestmove line plays a legal move in the position (and that its ponder move, if any, is legal
     * after it) and returns the move.
     */
    private static String legalBestMove(Position p, String line) {
        assertThat(line).matches("bestmove \\S+( ponder \\S+)?");
        String[] w = line.split(" ");
        int m = Usi.parseMove(p, w[1]); // throws if the move is malformed or illegal in p
        assertThat(p.isLegal(m)).as("%s legal in %s", w[1], Sfen.format(p)).isTrue();
        if (w.length == 4) {
            Position after = p.copy();
            after.doMove(m);
            Usi.parseMove(after, w[3]); // the expected reply is legal after the move
        }
        return w[1];
    }

    @Test
    void usiListsIdentityEveryOptionAndUsiok() {
        List<String> got = send("usi");
        assertThat(got.getFirst()).isEqualTo("id name Meijin");
        assertThat(got.get(1)).startsWith("id author ");
        assertThat(got.getLast()).isEqualTo("usiok");
        String all = String.join("\n", got);
        for (String o : List.of("USI_Hash", "USI_Ponder", "Threads", "MultiPV", "EnteringKingRule", "Skill Level", "NetworkDelay",
                "NetworkDelay2", "MinimumThinkingTime", "SlowMover", "ResignValue", "MaxMovesToDraw", "DrawValue", "BookFile", "EvalFile")) {
            assertThat(all).contains("option name " + o + " type ");
        }
        assertThat(all).contains("option name EnteringKingRule type combo default CSARule27 var NoEnteringKing var CSARule24 var CSARule24H"
                + " var CSARule27 var CSARule27H var TryRule");
        assertThat(all).contains("option name DisableSearchFeature type combo default None var None var NullMove var LateMoveReductions"
                + " var ShallowPruning var ReverseFutility var Razoring var OnePlyMate var CheckExtension var AspirationWindows"
                + " var InternalIterativeReduction var QuiescenceEvasionPruning var ContinuationHistory"
                + " var CorrectionHistory var RootMate");
    }

    @Test
    void isreadyAnswersReadyok() {
        assertThat(send("isready")).containsExactly("readyok");
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
        "foo|info string error: unknown command \"foo\"",
        "setoption|info string error: setoption: expected \"setoption name <name> [value <value>]\"",
        "setoption name|info string error: setoption: the option name is missing",
        "setoption name Foo value 1|info string error: unknown option \"Foo\"",
        "setoption name Threads value abc|info string error: option Threads: \"abc\" is not a whole number",
        // Long.parseLong reads any Unicode digit: these were 2, -10 and 3.
        "setoption name Threads value ２|info string error: option Threads: \"２\" is not a whole number",
        "setoption name DrawValue value -١٠|info string error: option DrawValue: \"-١٠\" is not a whole number",
        "setoption name MultiPV value ３|info string error: option MultiPV: \"３\" is not a whole number",
        "setoption name Skill Level value 25|info string error: option Skill Level: 25 is outside 0–20",
        "setoption name USI_Ponder value maybe|info string error: option USI_Ponder: \"maybe\" is neither true nor false",
        "setoption name DisableSearchFeature value Quiescence|info string error: unknown search feature \"Quiescence\" (None, NullMove,"
                + " LateMoveReductions, ShallowPruning, ReverseFutility, Razoring, OnePlyMate, CheckExtension, AspirationWindows,"
                + " InternalIterativeReduction, QuiescenceEvasionPruning, ContinuationHistory, CorrectionHistory, RootMate)",
        "setoption name EnteringKingRule value Sometimes|info string error: unknown EnteringKingRule \"Sometimes\" (NoEnteringKing, CSARule24, CSARule24H, CSARule27, CSARule27H or TryRule)",
        "setoption name EvalFile value /nonexistent/weights.txt|info string error: EvalFile /nonexistent/weights.txt: no such file",
        "position|info string error: position: expected \"startpos\" or \"sfen <sfen>\"; no position is set until a valid one: go answers bestmove resign",
        "position foo|info string error: position: expected \"startpos\" or \"sfen\", got \"foo\"; no position is set until a valid one: go answers bestmove resign",
        "position startpos 7g7f|info string error: position: unexpected \"7g7f\" after startpos; no position is set until a valid one: go answers bestmove resign",
        "position sfen|info string error: position: the SFEN is missing after \"sfen\"; no position is set until a valid one: go answers bestmove resign",
        "gameover maybe|info string error: gameover: expected win, lose or draw",
    })
    void malformedCommandsGetAnInfoStringNamingTheProblem(String command, String reply) {
        assertThat(send(command)).containsExactly(reply);
    }

    @Test
    void aRefusedPositionIsAnsweredWithResignUntilAValidOneArrives() throws InterruptedException {
        assertThat(send("position startpos moves 7g7f 3c3d")).isEmpty();
        List<String> bad = send("position startpos moves 7g7f 7g7f");
        assertThat(bad).containsExactly("info string error: position: move 2: illegal move 7g7f in"
                + " lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2: no piece on 7g" + NO_POSITION);
        // Not a move of the position before, which the GUI no longer has.
        assertThat(send("go btime 1000 wtime 1000 byoyomi 1000")).containsExactly(
                "info string error: go: no position is set (the last position command was refused); answering bestmove resign",
                "bestmove resign");
        assertThat(send("go mate 1000")).containsExactly(
                "info string error: go: no position is set (the last position command was refused); answering checkmate timeout",
                "checkmate timeout");
        List<String> sfen = send("position sfen lnsgkgsnl/9/9/9/9/9/9/9/LNSGKGSNL x - 1");
        assertThat(sfen).containsExactly("info string error: position: invalid SFEN turn at 34: side to move \"x\" is not b or w"
                + " in \"lnsgkgsnl/9/9/9/9/9/9/9/LNSGKGSNL x - 1\"" + NO_POSITION);
        List<String> malformed = send("position startpos moves 7g7x");
        assertThat(malformed).containsExactly("info string error: position: move 1: malformed USI move \"7g7x\": \"7x\" is not a"
                + " square" + NO_POSITION);
        assertThat(send("go depth 1")).containsExactly(
                "info string error: go: no position is set (the last position command was refused); answering bestmove resign",
                "bestmove resign");
        // A valid position is searched again: 8h2b+ is legal only after 7g7f 3c3d.
        send("position startpos moves 7g7f 3c3d");
        List<String> lines = until("bestmove", "go depth 1 searchmoves 8h2b+");
        assertThat(lines).noneMatch(l -> l.startsWith("info string error"));
        assertThat(legalBestMove(startposAfter("7g7f", "3c3d"), lines.getLast())).isEqualTo("8h2b+");
    }

    private static final String NO_POSITION = "; no position is set until a valid one: go answers bestmove resign";

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
        "go depth x|go: depth needs a number, got \"x\"",
        "go btime|go: btime needs a number",
        "go depth 0|go: depth must be at least 1, got 0",
        "go nodes -5|go: nodes must be at least 1, got -5",
        "go btime 1000 wtime abc|go: wtime needs a number, got \"abc\"",
        "go btime １０００ wtime 1000|go: btime needs a number, got \"１０００\"",
        "go depth ٣|go: depth needs a number, got \"٣\"",
        "go nodes 1０|go: nodes needs a number, got \"1０\"",
    })
    void goWithABadNumberReportsItAndAnswersAtOnce(String command, String error) throws InterruptedException {
        send("position startpos moves 7g7f");
        List<String> lines = until("bestmove", command);
        assertThat(lines.getFirst()).isEqualTo("info string error: " + error + "; answering with a one-ply search");
        legalBestMove(startposAfter("7g7f"), lines.getLast());
        assertThat(lines.stream().filter(l -> l.startsWith("info depth "))).as("one ply searched")
                .allMatch(l -> l.startsWith("info depth 1 "));
        assertThat(lines.stream().filter(l -> l.startsWith("bestmove"))).hasSize(1);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
        "go mate x|go: mate needs a number, got \"x\"",
        "go mate 0|go: mate must be at least 1, got 0",
        "go mate -5|go: mate must be at least 1, got -5",
        "go mate １０００|go: mate needs a number, got \"１０００\"",
    })
    void goMateWithABadTimeReportsItAndAnswersTimeout(String command, String error) {
        send("position sfen 6k2/9/6P2/9/9/9/9/9/9 b G2r2b3g4s4n4l17p 1");
        assertThat(send(command)).containsExactly("info string error: " + error + "; answering checkmate timeout", "checkmate timeout");
    }

    @Test
    void anUnknownGoParameterIsReportedAndTheRestObeyed() throws InterruptedException {
        send("position startpos");
        List<String> lines = until("bestmove", "go depth 2 sideways");
        assertThat(lines.getFirst()).isEqualTo("info string error: go: unknown parameter \"sideways\" ignored");
        legalBestMove(Position.startpos(), lines.getLast());
        assertThat(lines.stream().filter(l -> l.startsWith("info depth ")).map(l -> l.split(" ")[2]).distinct()).containsExactly("1", "2");
    }

    @Test
    void isreadyDuringASearchAnswersReadyokAndLeavesTheSearchRunning() throws InterruptedException {
        send("position startpos", "go infinite");
        Thread.sleep(200);
        assertThat(until("readyok", "isready")).noneMatch(l -> l.startsWith("bestmove"));
        Thread.sleep(200);
        assertThat(out.stream().noneMatch(l -> l.startsWith("bestmove"))).as("still searching after isready").isTrue();
        assertThat(engine.isSearching()).isTrue();
        legalBestMove(Position.startpos(), until("bestmove", "stop").getLast());

        send("position startpos moves 7g7f", "go ponder btime 1000 wtime 1000 byoyomi 200");
        Thread.sleep(200);
        assertThat(until("readyok", "isready")).noneMatch(l -> l.startsWith("bestmove"));
        Thread.sleep(200);
        assertThat(out.stream().noneMatch(l -> l.startsWith("bestmove"))).as("still pondering after isready").isTrue();
        legalBestMove(startposAfter("7g7f"), until("bestmove", "ponderhit").getLast());

        // 将棋無双 No. 30, a mate in 119: the mate search goes on after isready until stopped.
        send("position sfen 2B1n1R2/7Gp/4+N4/6rk1/4sNl2/9/2+p2NsG1/5+B3/1s1P3s1 b 2g3l15p 1", "go mate infinite");
        Thread.sleep(100);
        assertThat(until("readyok", "isready")).noneMatch(l -> l.startsWith("checkmate"));
        assertThat(until("checkmate", "stop").getLast()).isEqualTo("checkmate timeout");
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
        "setoption name USI_Hash value 0|info string error: option USI_Hash: 0 is outside 1–8192",
        "setoption name USI_Hash value 8193|info string error: option USI_Hash: 8193 is outside 1–8192",
        "setoption name USI_Hash|info string error: option USI_Hash: \"\" is not a whole number",
        "setoption name MultiPV value 601|info string error: option MultiPV: 601 is outside 1–600",
        "setoption name NetworkDelay value -1|info string error: option NetworkDelay: -1 is outside 0–10000",
        "setoption name Skill Level value -1|info string error: option Skill Level: -1 is outside 0–20",
        "setoption name BookFile value /nonexistent/book.db|info string error: BookFile /nonexistent/book.db: no such file",
        "position sfen 9/9/9/9/9/9/9/9/9 b - 1|info string error: position: illegal position: no king on the board; no position is set until a valid one: go answers bestmove resign",
        "position sfen 4k4/9/9/9/9/9/9/9/4K4 b - １|info string error: position: invalid SFEN move number at 26: move number \"１\" is not a positive integer in \"4k4/9/9/9/9/9/9/9/4K4 b - １\"; no position is set until a valid one: go answers bestmove resign",
        "position sfen lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1 moves 7g7f foo|info string error: position: move 2: malformed USI move \"foo\": expected from-square, to-square and an optional '+', or a drop such as P*5e; no position is set until a valid one: go answers bestmove resign",
        "position startpos moves 7g7f 8c8d 2h2c+|info string error: position: move 3: illegal move 2h2c+ in lnsgkgsnl/1r5b1/p1ppppppp/1p7/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL b - 3: a rook on 2h cannot move to 2c; no position is set until a valid one: go answers bestmove resign",
        "gameover|info string error: gameover: expected win, lose or draw",
        "gameover win draw|info string error: gameover: expected win, lose or draw",
        "bestmove 7g7f|info string error: unknown command \"bestmove\"",
    })
    void moreMalformedCommandsGetAnInfoStringNamingTheProblem(String command, String reply) {
        assertThat(send(command)).containsExactly(reply);
    }

    @Test
    void harmlessCommandsAnswerNothing() {
        assertThat(send("", "   ", "\r", "usinewgame", "stop", "ponderhit", "ponderhit btime 1000 wtime 1000 byoyomi 100",
                "gameover lose", "position startpos moves", "setoption name USI_Ponder value false", "setoption name Threads value 2",
                "setoption name EnteringKingRule value TryRule", "setoption name BookFile value <empty>")).isEmpty();
    }

    @Test
    void controlCharactersAndOverlongLinesAreReportedNotEchoed() throws Exception {
        assertThat(send("fo\u0007o")).containsExactly("info string error: unknown command \"fo?o\"");
        // Only ASCII controls were replaced: NEL and the line separator reached the output, where some readers break lines.
        assertThat(send("q\u0085u\u2028i\u2029t")).containsExactly("info string error: unknown command \"q?u?i?t\"");
        String longLine = "position startpos moves" + " 7g7f".repeat(UsiProtocol.MAX_LINE / 5 + 10);
        usi.run(new java.io.BufferedReader(new java.io.StringReader(longLine + "\nisready\n")));
        List<String> got = new ArrayList<>();
        out.drainTo(got);
        assertThat(got).containsExactly("info string error: input line longer than " + UsiProtocol.MAX_LINE + " characters ignored", "readyok");
    }

    @Test
    void searchmovesRestrictsTheRootAndEndsAtTheNextParameter() throws InterruptedException {
        send("position startpos");
        assertThat(until("bestmove", "go searchmoves 1g1f 9g9f depth 3").getLast()).matches("bestmove (1g1f|9g9f)( ponder \\S+)?");
        List<String> bad = until("bestmove", "go depth 2 searchmoves 9z9z");
        assertThat(bad.getFirst()).isEqualTo("info string error: go: searchmoves: malformed USI move \"9z9z\": \"9z\" is not a square; searching every move");
        legalBestMove(Position.startpos(), bad.getLast());
        List<String> illegal = until("bestmove", "go depth 2 searchmoves 7g7e");
        assertThat(illegal.getFirst()).isEqualTo("info string error: go: searchmoves: illegal move 7g7e in"
                + " lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1: a pawn on 7g cannot move to 7e;"
                + " searching every move");
        legalBestMove(Position.startpos(), illegal.getLast());
    }

    @Test
    void zeroOrNegativeClocksMeanNoTimeAtAll() throws InterruptedException {
        send("position startpos");
        long t0 = System.nanoTime();
        legalBestMove(Position.startpos(), until("bestmove", "go btime 0 wtime 0 byoyomi 0").getLast());
        legalBestMove(Position.startpos(), until("bestmove", "go btime -5 wtime -5").getLast());
        assertThat((System.nanoTime() - t0) / 1_000_000).as("answered without a clock to spend").isLessThan(30_000);
    }

    @Test
    void goMateTimesOutWhenStoppedOrOutOfTime() throws InterruptedException {
        // 将棋無双 No. 30, a mate in 119: far beyond a millisecond, or the 50 ms before the stop.
        send("position sfen 2B1n1R2/7Gp/4+N4/6rk1/4sNl2/9/2+p2NsG1/5+B3/1s1P3s1 b 2g3l15p 1");
        assertThat(until("checkmate", "go mate 1").getLast()).isEqualTo("checkmate timeout");
        usi.handle("go mate infinite");
        Thread.sleep(50);
        assertThat(until("checkmate", "stop").getLast()).isEqualTo("checkmate timeout");
    }

    @Test
    void aStopRightAfterGoMateEndsItEvenBeforeTheSolverHasBegun() throws InterruptedException {
        // 将棋無双 No. 30 again, with no time limit: only the stop can end these searches.
        send("position sfen 2B1n1R2/7Gp/4+N4/6rk1/4sNl2/9/2+p2NsG1/5+B3/1s1P3s1 b 2g3l15p 1");
        for (int i = 0; i < 20; i++) {
            usi.handle("go mate infinite");
            assertThat(until("checkmate", "stop").getLast()).as("search %d", i).isEqualTo("checkmate timeout");
        }
        // The solver kept between searches still solves: a mate in one, the gold dropped on 3b above the pawn.
        send("position sfen 6k2/9/6P2/9/9/9/9/9/9 b G2r2b3g4s4n4l17p 1");
        assertThat(until("checkmate", "go mate 5000").getLast()).isEqualTo("checkmate G*3b");
    }

    @Test
    void checkmatedSideResignsAndASingleLegalMoveIsPlayed() throws InterruptedException {
        send("position sfen 8k/8G/8P/9/9/9/9/9/K8 w - 1", "go btime 1000 wtime 1000 byoyomi 1000");
        assertThat(await("bestmove")).isEqualTo("bestmove resign");
        // 1a2a is gote's only legal move: with a minute and byoyomi on the clock it is still played after a single
        // one-ply iteration, not searched deeper.
        List<String> single = until("bestmove", "position sfen 8k/9/6G2/9/9/9/9/9/K7R w - 1", "go btime 60000 wtime 60000 byoyomi 10000");
        assertThat(single.getLast()).isEqualTo("bestmove 1a2a");
        assertThat(single.stream().filter(l -> l.startsWith("info depth "))).as("iterations before the bestmove")
                .allMatch(l -> l.startsWith("info depth 1 ") && l.endsWith(" pv 1a2a"));
    }

    @Test
    void aValidDeclarationIsBestmoveWin() throws InterruptedException {
        send("setoption name EnteringKingRule value CSARule27", "position sfen RRBBGGGG1/4K4/SSSS5/9/9/9/9/9/8k b - 1", "go byoyomi 1000");
        assertThat(await("bestmove")).isEqualTo("bestmove win");
        send("setoption name EnteringKingRule value NoEnteringKing", "position sfen RRBBGGGG1/4K4/SSSS5/9/9/9/9/9/8k b - 1", "go depth 2");
        assertThat(await("bestmove")).isNotEqualTo("bestmove win");
    }

    @Test
    void goMateFindsAMateOrSaysThereIsNone() throws InterruptedException {
        send("position sfen 6k2/9/6P2/9/9/9/9/9/9 b G2r2b3g4s4n4l17p 1", "go mate 5000");
        assertThat(await("checkmate")).isEqualTo("checkmate G*3b");
        send("position sfen 4k4/9/9/9/9/9/9/9/4K4 b P 1", "go mate infinite");
        assertThat(await("checkmate")).isEqualTo("checkmate nomate");
    }

    @Test
    void stopEndsAnInfiniteSearchAndPonderWaitsForPonderhit() throws InterruptedException {
        send("position startpos", "go infinite");
        Thread.sleep(300);
        assertThat(out.stream().noneMatch(l -> l.startsWith("bestmove"))).as("no bestmove before stop").isTrue();
        legalBestMove(Position.startpos(), until("bestmove", "stop").getLast());

        send("position startpos moves 7g7f", "go ponder btime 1000 wtime 1000 byoyomi 200");
        Thread.sleep(600);
        assertThat(out.stream().noneMatch(l -> l.startsWith("bestmove"))).as("no bestmove while pondering").isTrue();
        legalBestMove(startposAfter("7g7f"), until("bestmove", "ponderhit btime 1000 wtime 1000 byoyomi 200").getLast());

        // A ponder search that the opponent does not follow is stopped, answered, and replaced.
        send("position startpos moves 7g7f 3c3d", "go ponder btime 1000 wtime 1000 byoyomi 200");
        Thread.sleep(100);
        legalBestMove(startposAfter("7g7f", "3c3d"), until("bestmove", "stop").getLast());
        legalBestMove(startposAfter("7g7f", "8c8d"),
                until("bestmove", "position startpos moves 7g7f 8c8d", "go btime 1000 wtime 1000 byoyomi 200").getLast());
    }

    /**
     * The stop answer time, measured five times with one and with three threads: the best of the five must be
     * under 50 ms (the search polls the stop flag every 256 nodes; the slack is for a loaded test machine).
     */
    @ParameterizedTest(name = "threads {0}")
    @ValueSource(ints = {1, 3})
    void stopIsAnsweredWithinFiftyMilliseconds(int threads) throws InterruptedException {
        send("setoption name Threads value " + threads, "position startpos moves 2g2f 8c8d 2f2e 8d8e", "isready");
        long best = Long.MAX_VALUE;
        for (int i = 0; i < 5; i++) {
            send("go infinite");
            Thread.sleep(150);
            long t0 = System.nanoTime();
            usi.handle("stop");
            await("bestmove");
            best = Math.min(best, (System.nanoTime() - t0) / 1_000_000);
        }
        assertThat(best).as("fastest stop answer, ms").isLessThan(50);
    }

    @Test
    void positionWithHundredsOfMovesIsSearched() throws InterruptedException {
        Random random = new Random(7);
        Position p = Position.startpos();
        StringBuilder moves = new StringBuilder();
        for (int i = 0; i < 400; i++) {
            int[] legal = p.legalMoves();
            if (legal.length == 0) {
                break;
            }
            int m = legal[random.nextInt(legal.length)];
            moves.append(' ').append(Move.usi(m));
            p.doMove(m);
        }
        assertThat(p.plies()).isGreaterThan(200);
        assertThat(send("position startpos moves" + moves)).isEmpty();
        send("go depth 3");
        String best = await("bestmove");
        if (!best.equals("bestmove resign")) {
            Usi.parseMove(p, best.split(" ")[1]);
        } else {
            assertThat(p.hasNoLegalMove()).isTrue();
        }
    }

    @Test
    void severalThreadsSearchTogether() throws InterruptedException {
        List<String> lines = until("bestmove", "setoption name Threads value 3", "setoption name MultiPV value 2",
                "position sfen " + Sfen.format(Position.startpos()) + " moves 7g7f 3c3d", "go depth 8");
        // At depth 8 both the best line and the second line are reported, and they start with different moves.
        List<String> first = lines.stream().filter(l -> l.startsWith("info depth 8 ") && l.contains(" multipv 1 pv ")).toList();
        List<String> second = lines.stream().filter(l -> l.startsWith("info depth 8 ") && l.contains(" multipv 2 pv ")).toList();
        assertThat(first).as("depth 8, multipv 1, in %s", lines).isNotEmpty();
        assertThat(second).as("depth 8, multipv 2, in %s", lines).isNotEmpty();
        assertThat(second.getLast().split(" pv ")[1].split(" ")[0]).isNotEqualTo(first.getLast().split(" pv ")[1].split(" ")[0]);
        legalBestMove(startposAfter("7g7f", "3c3d"), lines.getLast());
        // Three threads on a mate in three: the shared table must not spoil the proof.
        List<String> mate = until("bestmove", "setoption name MultiPV value 1", "position sfen 9/8k/9/7RG/9/9/9/9/9 b r2b3g4s4n4l18p 1",
                "go depth 9");
        assertThat(mate.get(mate.size() - 2)).contains(" score mate 3 ");
    }

    @Test
    void quitEndsTheLoop() {
        assertThat(usi.handle("quit")).isFalse();
        assertThat(usi.handle("isready")).isTrue();
    }
}
