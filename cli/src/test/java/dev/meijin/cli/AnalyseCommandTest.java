package dev.meijin.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.meijin.core.Move;
import dev.meijin.notation.Formats;
import dev.meijin.notation.kifu.ReadResult;
import dev.meijin.notation.kifu.Step;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
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

        // Two and three engines, each on its own run of the positions: the same analysis (each position is searched
        // from a cleared table).
        assertThat(Cli.run("analyse", record.toString(), "--nodes", "20000", "--jobs", "2").out()).isEqualTo(r.out());
        assertThat(Cli.run("analyse", record.toString(), "--nodes", "20000", "--jobs", "3").out()).isEqualTo(r.out());
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

        Cli.Result jobs = Cli.run("analyse", empty.toString(), "--jobs", "0");
        assertThat(jobs.errLines()).containsExactly("meijin analyse: --jobs must be between 1 and 64, got 0 (see 'meijin analyse --help')");

        Cli.Result zero = Cli.run("analyse", empty.toString(), "--nodes", "0");
        assertThat(zero.code()).isEqualTo(Main.USAGE);
        assertThat(zero.errLines()).containsExactly("meijin analyse: --nodes must be between 1 and 1000000000, got 0 (see 'meijin analyse --help')");
    }

    /**
     * {@code --save}: the record is written with the analysis in its comments, an engine comment (KIF's {@code **})
     * after every move and the grade with the engine's move on a graded one, and reads back with its moves.
     */
    @Test
    void theAnalysisIsSavedInTheRecordsComments(@TempDir Path dir) throws Exception {
        Path record = dir.resolve("quick.usi");
        Files.writeString(record, QUICK_MATE);
        Path kif = dir.resolve("analysed.kifu");
        Cli.Result r = Cli.run("analyse", record.toString(), "--nodes", "20000", "--save", kif.toString());
        assertThat(r.code()).as(r.err()).isEqualTo(Main.OK);
        assertThat(r.outLines().getLast()).isEqualTo("解析を保存しました：" + kif);
        ReadResult back = Formats.read(Files.readAllBytes(kif), Optional.of("analysed.kifu"));
        assertThat(back.problems()).isEmpty();
        assertThat(back.kifu().mainLine().stream().map(Move::usi).toList())
                .containsExactly("2g2f", "5a4b", "2f2e", "4b3b", "2e2d", "8b4b", "2d2c+");
        List<Step> steps = back.kifu().moves();
        for (Step s : steps.subList(0, 7)) {
            assertThat(s.engineComments()).hasSize(1).first().asString().startsWith("解析 評価値 ");
        }
        assertThat(steps.get(0).engineComments().getFirst()).matches("解析 評価値 [+-]?\\d+ 読み筋 △.*");
        assertThat(steps.get(5).engineComments()).containsExactly("解析 評価値 +詰1 読み筋 ▲２三歩成");
        assertThat(steps.get(5).comments()).singleElement().asString().startsWith("大悪手 最善手 △同　歩 評価値 ");
        assertThat(steps.get(6).engineComments()).containsExactly("解析 評価値 +詰0");
        assertThat(steps.stream().filter(s -> !s.comments().isEmpty())).as("only the blunder is commented").hasSize(1);

        Cli.Result bad = Cli.run("analyse", record.toString(), "--save", dir.resolve("out.txt").toString());
        assertThat(bad.code()).isEqualTo(Main.USAGE);
        assertThat(bad.errLines()).containsExactly("meijin analyse: --save: cannot tell a record format from the name out.txt; "
                + "end it in .kif, .kifu, .ki2, .ki2u, .csa or .jkf (see 'meijin analyse --help')");
    }

    /** In a handicap game the sides are named as the record's header names them: the receiver 下手 and the giver 上手. */
    @Test
    void aHandicapGameNamesTheReceiverAndTheGiver(@TempDir Path dir) throws Exception {
        Path record = dir.resolve("kakuochi.kifu");
        Files.writeString(record, "手合割：角落ち\n先手：Receiver\n後手：Giver\n手数----指手---------消費時間--\n"
                + "   1 ３四歩(33)\n   2 ７六歩(77)\n");
        Cli.Result r = Cli.run("analyse", record.toString(), "--nodes", "5000");
        assertThat(r.code()).as(r.err()).isEqualTo(Main.OK);
        assertThat(r.outLines().getFirst()).isEqualTo("棋譜解析：" + record + "（2手、1局面 5,000ノード）　下手 Receiver　上手 Giver");
        assertThat(r.outLines().get(2)).startsWith("   1 △３四歩 (3c3d)  ");
        assertThat(r.outLines().subList(4, 6)).containsExactly("▲下手：疑問手 0、悪手 0、大悪手 0", "△上手：疑問手 0、悪手 0、大悪手 0");
    }
}
