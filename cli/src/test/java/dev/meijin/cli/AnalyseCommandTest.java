package dev.meijin.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code meijin analyse}: the engine's reading of a record, move by move, with the moves that gave much away marked. */
class AnalyseCommandTest {

    /** The shortest mate of the start position: gote boxes its own king in with 8b4b and is mated at once. */
    private static final String QUICK_MATE = "position startpos moves 2g2f 5a4b 2f2e 4b3b 2e2d 8b4b 2d2c+\n";

    @Test
    void everyMoveGetsTheEvaluationAfterItAndTheBlunderIsMarked(@TempDir Path dir) throws Exception {
        Path record = dir.resolve("quick.usi");
        Files.writeString(record, QUICK_MATE);
        Cli.Result r = Cli.run("analyse", record.toString(), "--nodes", "20000");
        assertThat(r.code()).as(r.err()).isEqualTo(Main.OK);
        assertThat(r.err()).isEmpty();
        List<String> lines = r.outLines();
        assertThat(lines).hasSize(11);
        assertThat(lines.getFirst()).isEqualTo("棋譜解析：" + record + "（7手、1局面 20,000ノード）");
        assertThat(lines.get(1)).matches("開始局面：評価値 [+-]?\\d+");
        assertThat(lines.get(2)).matches("   1 ▲２六歩 \\(2g2f\\)  [+-]?\\d+.*");
        // 8b4b lets sente mate at once; the engine would have taken the pawn.
        assertThat(lines.get(7)).startsWith("   6 △４二飛 (8b4b)  ▲1手詰  最善 △同　歩 (2c2d) ").endsWith("  大悪手");
        assertThat(lines.get(8)).isEqualTo("   7 ▲２三歩成 (2d2c+)  ▲詰み");
        assertThat(lines.get(9)).isEqualTo("▲先手：疑問手 0、悪手 0、大悪手 0");
        assertThat(lines.get(10)).isEqualTo("△後手：疑問手 0、悪手 0、大悪手 1");

        // One thread and a node limit: the same record reads the same.
        assertThat(Cli.run("analyse", record.toString(), "--nodes", "20000").out()).isEqualTo(r.out());
    }

    @Test
    void westernNotationAndEnglishWords(@TempDir Path dir) throws Exception {
        Path record = dir.resolve("quick.usi");
        Files.writeString(record, QUICK_MATE);
        Cli.Result r = Cli.run("analyze", record.toString(), "--nodes", "20000", "--ascii");
        List<String> lines = r.outLines();
        assertThat(lines.getFirst()).isEqualTo("Analysis of " + record + ": 7 moves, 20,000 nodes a position");
        assertThat(lines.get(7)).startsWith("   6 R-4b (8b4b)  +M1  best Px2d (2c2d) ").endsWith("  blunder");
        assertThat(lines.get(8)).isEqualTo("   7 Px2c+ (2d2c+)  mate");
        assertThat(lines.subList(9, 11)).containsExactly("Sente: 0 inaccuracies, 0 mistakes, 0 blunders",
                "Gote: 0 inaccuracies, 0 mistakes, 1 blunder");
    }

    @Test
    void aRecordWithNothingToAnalyseIsRefusedWithTheReason(@TempDir Path dir) throws Exception {
        Path empty = dir.resolve("start.usi");
        Files.writeString(empty, "position startpos\n");
        Cli.Result none = Cli.run("analyse", empty.toString());
        assertThat(none.code()).isNotEqualTo(Main.OK);
        assertThat(none.errLines()).containsExactly("meijin: " + empty + ": the record has no moves to analyse");

        Cli.Result missing = Cli.run("analyse", dir.resolve("nothing.kif").toString());
        assertThat(missing.code()).isNotEqualTo(Main.OK);
        assertThat(missing.err()).startsWith("meijin: ").contains("nothing.kif");

        Cli.Result zero = Cli.run("analyse", empty.toString(), "--nodes", "0");
        assertThat(zero.code()).isEqualTo(Main.USAGE);
        assertThat(zero.errLines()).containsExactly("meijin analyse: --nodes must be between 1 and 1000000000, got 0 (see 'meijin analyse --help')");
    }
}
