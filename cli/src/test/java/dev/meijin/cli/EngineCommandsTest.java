package dev.meijin.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.meijin.core.game.TimeControl;
import dev.meijin.engine.eval.Features;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The engine commands: usi, bench, gensfen, tune and match. */
class EngineCommandsTest {
    @TempDir
    Path dir;

    @Test
    void usiSpeaksOnlyProtocolOnStandardOutput() {
        Cli.Result r = Cli.runWithInput("usi\nisready\nposition startpos moves 7g7f\ngo depth 3\nbogus\n", "usi");
        assertThat(r.code()).isEqualTo(Main.OK);
        List<String> lines = r.outLines();
        assertThat(lines.getFirst()).isEqualTo("id name Meijin");
        assertThat(lines).contains("usiok", "readyok", "info string error: unknown command \"bogus\"");
        // The search answers on its own thread, before or after the bad line is reported.
        assertThat(lines).filteredOn(l -> l.startsWith("bestmove")).singleElement().asString().matches("bestmove \\S+( ponder \\S+)?");
        assertThat(lines).allMatch(l -> l.matches("(id|option|usiok|readyok|info|bestmove)\\b.*"));
    }

    @Test
    void benchPrintsADeterministicNodeCount() {
        Cli.Result a = Cli.run("bench", "--depth", "4", "--warmup-time", "0", "--quiet");
        Cli.Result b = Cli.run("bench", "--depth", "4", "--warmup", "0", "--quiet");
        assertThat(a.code()).isEqualTo(Main.OK);
        assertThat(a.outLines().getFirst()).matches("Nodes searched: \\d+");
        assertThat(b.outLines().getFirst()).isEqualTo(a.outLines().getFirst());
        assertThat(a.out()).contains("Nodes/second: ");
    }

    @Test
    void benchRefusesANegativeWarmupTime() {
        Cli.Result r = Cli.run("bench", "--warmup-time", "-5");
        assertThat(r.code()).isEqualTo(Main.USAGE);
        assertThat(r.errLines()).containsExactly(
                "meijin bench: --warmup-time must be between 0 and 600000 ms, got -5 (see 'meijin bench --help')");
        assertThat(r.out()).isEmpty();
    }

    @Test
    void gensfenWritesPositionsThatTuneFits() throws IOException {
        Path data = dir.resolve("data.txt");
        Cli.Result g = Cli.run("gensfen", "-o", data.toString(), "--games", "4", "--nodes", "300", "--seed", "5");
        assertThat(g.code()).isEqualTo(Main.OK);
        List<String> rows = Files.readAllLines(data);
        assertThat(rows).hasSizeGreaterThan(40).allMatch(l -> l.matches("\\S+ [bw] \\S+ \\d+\t(0\\.0|0\\.5|1\\.0)\t-?\\d+"));
        Path weights = dir.resolve("w.txt");
        Cli.Result t = Cli.run("tune", "--data", data.toString(), "-o", weights.toString(), "--epochs", "20");
        assertThat(t.code()).isEqualTo(Main.OK);
        assertThat(t.lastOutLine()).matches("positions \\d+, held-out loss \\d\\.\\d+ -> \\d\\.\\d+");
        assertThat(Files.readString(weights)).startsWith("# Texel-tuned on ").contains("board.pawn ");
        // The engine loads the file.
        Cli.Result u = Cli.runWithInput("setoption name EvalFile value " + weights + "\nposition startpos\ngo depth 2\n", "usi");
        assertThat(u.outLines()).noneMatch(l -> l.startsWith("info string error")).last().asString().startsWith("bestmove ");
        // Held at zero: every king-safety weight of the file is 0, and a prefix naming no feature is refused.
        Path noKs = dir.resolve("noks.txt");
        Cli.Result x = Cli.run("tune", "--data", data.toString(), "-o", noKs.toString(), "--epochs", "20", "--exclude", "ks.");
        assertThat(x.code()).isEqualTo(Main.OK);
        assertThat(Files.readAllLines(noKs)).filteredOn(l -> l.startsWith("ks.")).hasSize(Features.MOB - Features.KS_SQ + Features.FILE_DROP - Features.KS_HAND_ESC)
                .allMatch(l -> l.endsWith(" 0"));
        Cli.Result bad = Cli.run("tune", "--data", data.toString(), "-o", noKs.toString(), "--exclude", "kingsafety.");
        assertThat(bad.code()).isEqualTo(Main.USAGE);
        // The prefixes are checked before the data is read: a typo costs no reading.
        assertThat(bad.errLines()).containsExactly(
                "meijin tune: --exclude kingsafety.: no feature name starts with it (see 'meijin tune --help')");
        // Only the mobility weights tuned, from the first file: every other line is the same as in it.
        Path onlyMob = dir.resolve("mob.txt");
        Cli.Result o = Cli.run("tune", "--data", data.toString(), "-o", onlyMob.toString(), "--epochs", "20", "--init", weights.toString(), "--only", "mob.");
        assertThat(o.code()).isEqualTo(Main.OK);
        List<String> before = Files.readAllLines(weights), after = Files.readAllLines(onlyMob);
        assertThat(after).hasSameSizeAs(before);
        int changed = 0;
        for (int i = 1; i < before.size(); i++) {
            if (!before.get(i).startsWith("mob.")) {
                assertThat(after.get(i)).isEqualTo(before.get(i));
            } else {
                changed += after.get(i).equals(before.get(i)) ? 0 : 1;
            }
        }
        assertThat(changed).as("mobility weights moved").isPositive();
        Cli.Result badOnly = Cli.run("tune", "--data", data.toString(), "-o", onlyMob.toString(), "--only", "mobility.");
        assertThat(badOnly.code()).isEqualTo(Main.USAGE);
        assertThat(badOnly.errLines()).containsExactly(
                "meijin tune: --only mobility.: no feature name starts with it (see 'meijin tune --help')");
    }

    /** --warmup's default (the counted depth) is no value a user can type: -1 is out of range like any other. */
    @Test
    void benchRefusesANegativeWarmupDepth() {
        Cli.Result r = Cli.run("bench", "--warmup", "-1");
        assertThat(r.code()).isEqualTo(Main.USAGE);
        assertThat(r.errLines()).containsExactly("meijin bench: --warmup must be between 0 and 60, got -1 (see 'meijin bench --help')");
        assertThat(r.out()).isEmpty();
    }

    /** Each bad value is named by its option, and a file that cannot be written is refused before any game is played. */
    @Test
    void gensfenNamesTheBadOptionAndTheUnwritableFile() {
        String out = dir.resolve("g.txt").toString();
        assertThat(Cli.run("gensfen", "-o", out, "--games", "0").errLines())
                .containsExactly("meijin gensfen: --games must be at least 1, got 0 (see 'meijin gensfen --help')");
        assertThat(Cli.run("gensfen", "-o", out, "--threads", "65").errLines())
                .containsExactly("meijin gensfen: --threads must be between 1 and 64, got 65 (see 'meijin gensfen --help')");
        assertThat(Cli.run("gensfen", "-o", out, "--nodes", "-5").errLines())
                .containsExactly("meijin gensfen: --nodes must be at least 0, got -5 (see 'meijin gensfen --help')");
        Path missing = dir.resolve("no-such-dir").resolve("g.txt");
        Cli.Result r = Cli.run("gensfen", "-o", missing.toString(), "--games", "1");
        assertThat(r.code()).isEqualTo(Main.USAGE);
        assertThat(r.errLines()).containsExactly("meijin gensfen: --out: " + missing + ": the directory " + missing.getParent()
                + " does not exist (see 'meijin gensfen --help')");
        assertThat(Cli.run("gensfen", "-o", dir.toString(), "--games", "1").errLines())
                .containsExactly("meijin gensfen: --out: " + dir + " is a directory, not a file (see 'meijin gensfen --help')");
    }

    /**
     * tune checks its options and every file before reading the data (which can take minutes) and tuning (hours),
     * and a data set without a single position is an error, not a weight file fitted to nothing.
     */
    @Test
    void tuneChecksItsOptionsAndFilesFirstAndRefusesToFitNothing() throws IOException {
        Path data = dir.resolve("data.txt");
        Files.writeString(data, "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1\t0.5\t0\n");
        String out = dir.resolve("w.txt").toString();
        assertThat(Cli.run("tune", "--data", data.toString(), "-o", out, "--epochs", "0").errLines())
                .containsExactly("meijin tune: --epochs must be at least 1, got 0 (see 'meijin tune --help')");
        assertThat(Cli.run("tune", "--data", data.toString(), "-o", out, "--lambda", "5").errLines())
                .containsExactly("meijin tune: --lambda must be between 0.0 and 1.0, got 5.0 (see 'meijin tune --help')");
        assertThat(Cli.run("tune", "--data", data.toString(), "-o", out, "--rate", "0").errLines())
                .containsExactly("meijin tune: --rate must be a positive number, got 0.0 (see 'meijin tune --help')");
        assertThat(Cli.run("tune", "--data", data.toString(), "-o", out, "--l2", "-3").errLines())
                .containsExactly("meijin tune: --l2 must be at least 0.0, got -3.0 (see 'meijin tune --help')");
        Path missing = dir.resolve("missing.txt");
        assertThat(Cli.run("tune", "--data", missing.toString(), "-o", out).errLines())
                .containsExactly("meijin tune: --data: " + missing + ": no such file (see 'meijin tune --help')");
        assertThat(Cli.run("tune", "--records", data.toString(), "-o", out).errLines())
                .containsExactly("meijin tune: --records: " + data + ": not a directory (see 'meijin tune --help')");
        assertThat(Cli.run("tune", "--data", data.toString(), "-o", dir.resolve("x").resolve("w.txt").toString()).errLines())
                .containsExactly("meijin tune: --out: " + dir.resolve("x").resolve("w.txt") + ": the directory " + dir.resolve("x")
                        + " does not exist (see 'meijin tune --help')");
        // A bad starting weight file is named, and found before the data is read.
        Path init = Files.writeString(dir.resolve("init.txt"), "# weights\nboard.pawn 90\nthis is not a weight\n");
        Cli.Result badInit = Cli.run("tune", "--data", data.toString(), "-o", out, "--init", init.toString());
        assertThat(badInit.code()).isEqualTo(Main.FAILED);
        assertThat(badInit.errLines()).containsExactly("meijin: --init " + init
                + ": weights line 3: expected a feature name and a value, got \"this is not a weight\"");
        // Text that holds no position: nothing to fit, and no weight file.
        Path prose = Files.writeString(dir.resolve("prose.txt"), "Meijin: a shogi system\nnot training data\n");
        Cli.Result none = Cli.run("tune", "--data", prose.toString(), "-o", out, "--epochs", "1");
        assertThat(none.code()).isEqualTo(Main.FAILED);
        assertThat(none.errLines()).contains(prose + ": 0 positions so far, 2 lines skipped").last().asString()
                .startsWith("meijin: no training positions: ");
        assertThat(dir.resolve("w.txt")).doesNotExist();
    }

    /** match names each bad option by itself, before any engine is started, and says why an engine could not start. */
    @Test
    void matchNamesTheBadOptionAndAnEngineThatCannotStart() throws IOException {
        String[] engines = {"match", "--engine1", "e1", "--engine2", "e2"};
        assertThat(run(engines, "--byoyomi", "100", "--games", "0"))
                .containsExactly("meijin match: --games must be at least 1, got 0 (see 'meijin match --help')");
        assertThat(run(engines, "--byoyomi", "-5"))
                .containsExactly("meijin match: --byoyomi must be at least 0, got -5 (see 'meijin match --help')");
        assertThat(run(engines, "--tc", "-5+1"))
                .containsExactly("meijin match: --tc must look like 10+1 (main time and increment in seconds), got -5+1 (see 'meijin match --help')");
        assertThat(run(engines, "--tc", "0+0"))
                .containsExactly("meijin match: the time control gives the engines no time: --tc 0+0 (see 'meijin match --help')");
        assertThat(run(engines, "--byoyomi", "100", "--concurrency", "99"))
                .containsExactly("meijin match: --concurrency must be between 1 and 16, got 99 (see 'meijin match --help')");
        assertThat(run(engines, "--byoyomi", "100", "--grace", "-1"))
                .containsExactly("meijin match: --grace must be at least 0, got -1 (see 'meijin match --help')");
        assertThat(run(engines, "--byoyomi", "100", "--option1", "USI_Hash"))
                .containsExactly("meijin match: --option1: \"USI_Hash\" is not NAME=VALUE (see 'meijin match --help')");
        assertThat(run(engines, "--byoyomi", "100", "--sprt", "5", "5"))
                .containsExactly("meijin match: --sprt needs elo0 below elo1, got 5.0 and 5.0 (see 'meijin match --help')");

        // A folder to create under a file is refused before any engine starts, naming the file in the way.
        Path file = Files.writeString(dir.resolve("games.txt"), "a file");
        assertThat(run(engines, "--byoyomi", "100", "--out", file.resolve("sub").toString()))
                .containsExactly("meijin match: --out: " + file + " is a file, not a directory (see 'meijin match --help')");
        Path out = dir.resolve("games");
        Cli.Result r = Cli.run("match", "--engine1", dir.resolve("no-such-engine").toString(), "--engine2", "e2",
                "--byoyomi", "100", "--games", "1", "--out", out.toString());
        assertThat(r.code()).isEqualTo(Main.FAILED);
        // Whether the engine is gone before "usi" is written or only before it is answered is a race; either way
        // the message says why.
        assertThat(r.errLines()).singleElement().asString().startsWith("meijin match: engine \"" + dir.resolve("no-such-engine") + "\" ")
                .endsWith(": it exited with code 127 (command not found)");
    }

    /** The error lines of a run of the given arguments and more; the run must be a usage error with no output. */
    private static List<String> run(String[] args, String... more) {
        String[] all = java.util.stream.Stream.concat(java.util.Arrays.stream(args), java.util.Arrays.stream(more)).toArray(String[]::new);
        Cli.Result r = Cli.run(all);
        assertThat(r.code()).as(String.join(" ", all)).isEqualTo(Main.USAGE);
        assertThat(r.out()).isEmpty();
        return r.errLines();
    }

    @Test
    void gensfenSearchesToAFixedDepthAndRefusesAnUnboundedSearch() throws IOException {
        Path data = dir.resolve("depth.txt");
        Cli.Result g = Cli.run("gensfen", "-o", data.toString(), "--games", "2", "--depth", "2", "--nodes", "0", "--seed", "9");
        assertThat(g.code()).isEqualTo(Main.OK);
        List<String> rows = Files.readAllLines(data);
        assertThat(rows).hasSizeGreaterThan(20).allMatch(l -> l.matches("\\S+ [bw] \\S+ \\d+\t(0\\.0|0\\.5|1\\.0)\t-?\\d+"));
        assertThat(g.lastOutLine()).isEqualTo("positions " + rows.size());
        Cli.Result none = Cli.run("gensfen", "-o", dir.resolve("none.txt").toString(), "--nodes", "0");
        assertThat(none.code()).isEqualTo(Main.USAGE);
        assertThat(none.errLines()).containsExactly(
                "meijin gensfen: --nodes 0 needs a --depth: a search must have a limit (see 'meijin gensfen --help')");
        assertThat(none.out()).isEmpty();
        assertThat(dir.resolve("none.txt")).doesNotExist();
    }

    @Tag("slow")
    @Test
    void matchPlaysTwoEnginesAndSavesTheGames() throws IOException {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        String engine = "'" + java + "' -cp '" + System.getProperty("java.class.path") + "' dev.meijin.cli.Main usi";
        Path out = dir.resolve("games");
        Cli.Result r = Cli.run("match", "--engine1", engine, "--engine2", engine, "--option2", "MaterialOnly=true",
                "--games", "2", "--byoyomi", "100", "--grace", "2000", "--out", out.toString());
        assertThat(r.code()).isEqualTo(Main.OK);
        assertThat(r.out()).contains("Final: Games 2: ").contains("Illegal moves 0").contains("crashes 0");
        try (var files = Files.list(out)) {
            assertThat(files.map(p -> p.getFileName().toString()).sorted().toList())
                    .containsExactly("game-0001.csa", "game-0001.kifu", "game-0002.csa", "game-0002.kifu");
        }
    }

    @Test
    void matchScoresAnAnswerLaterThanTheByoyomiAndItsLagAllowanceAsATimeLoss() throws IOException {
        // An engine that waits 600 ms before each answer, against a byoyomi of 100 ms and 50 ms of lag allowed.
        Path slow = dir.resolve("slow-engine.sh");
        Files.writeString(slow, """
                while read -r cmd rest; do
                  case "$cmd" in
                    usi) echo "id name slow"; echo "usiok" ;;
                    isready) echo "readyok" ;;
                    go) sleep 0.6; echo "bestmove 7g7f" ;;
                    quit) exit 0 ;;
                  esac
                done
                """);
        Path out = dir.resolve("slow-games");
        String engine = "sh '" + slow + "'";
        Cli.Result r = Cli.run("match", "--engine1", engine, "--engine2", engine, "--games", "2", "--byoyomi", "100",
                "--grace", "50", "--out", out.toString());
        assertThat(r.out()).contains("Final: Games 2: ").contains("Illegal moves 0, time losses 2, crashes 0");
        // The records say the clock and when the game was played.
        String kif = Files.readString(out.resolve("game-0001.kifu"));
        assertThat(kif).contains("持ち時間：0+0.1+0").containsPattern("開始日時：\\d{4}/\\d{2}/\\d{2} \\d{2}:\\d{2}:\\d{2}")
                .containsPattern("終了日時：\\d{4}/");
        assertThat(Files.readString(out.resolve("game-0001.csa"))).contains("$TIME:0+0.1+0");
    }

    @Test
    void inSuddenDeathTheLagAllowanceCoversTheWholeGameNotEachMove() throws IOException {
        // Both sides play a fixed legal line, 30 ms or more a move, against 100 ms for the game and 50 ms of lag
        // allowed: the first side's clock is overdrawn by more than the allowance by its sixth move at the latest.
        // Were the allowance granted afresh on every move, each 30 ms answer would pass and the line would end in
        // resignation.
        Path script = dir.resolve("steady-engine.sh");
        Files.writeString(script, """
                line="7g7f 3c3d 2g2f 8c8d 2f2e 8d8e 6i7h 4a3b 5i6h 5a4b 1g1f 1c1d 9g9f 9c9d 4i5h 6a5b"
                n=0
                while read -r cmd rest; do
                  case "$cmd" in
                    usi) echo "id name steady"; echo "usiok" ;;
                    isready) echo "readyok" ;;
                    position) set -- $rest; n=$(($# - 2)); [ "$n" -lt 0 ] && n=0 ;;
                    go) sleep 0.03; set -- $line; shift "$n" 2>/dev/null || set --
                        if [ $# -gt 0 ]; then echo "bestmove $1"; else echo "bestmove resign"; fi ;;
                    quit) exit 0 ;;
                  esac
                done
                """);
        String engine = "sh '" + script + "'";
        Cli.Result r = Cli.run("match", "--engine1", engine, "--engine2", engine, "--games", "2", "--tc", "0.1+0",
                "--grace", "50", "--openings", "startpos", "--out", dir.resolve("steady-games").toString());
        assertThat(r.out()).contains("Final: Games 2: ").contains("Illegal moves 0, time losses 2, crashes 0");
    }

    @Test
    void theMatchClockIsRecordedAsTheEnginesAreToldIt() {
        assertThat(MatchCommand.timeControl(20_000, 0, 0)).contains(TimeControl.suddenDeath(Duration.ofSeconds(20)));
        assertThat(MatchCommand.timeControl(10_000, 1_000, 0))
                .contains(TimeControl.fischer(Duration.ofSeconds(10), Duration.ofSeconds(1)));
        assertThat(MatchCommand.timeControl(0, 0, 1_000)).contains(TimeControl.byoyomi(Duration.ZERO, Duration.ofSeconds(1)));
        // With an increment the engines get no byoyomi, and the record says none.
        assertThat(MatchCommand.timeControl(10_000, 1_000, 500))
                .contains(TimeControl.fischer(Duration.ofSeconds(10), Duration.ofSeconds(1)));
        // An increment with no main time cannot be written as a clock.
        assertThat(MatchCommand.timeControl(0, 1_000, 0)).isEmpty();
    }
}
