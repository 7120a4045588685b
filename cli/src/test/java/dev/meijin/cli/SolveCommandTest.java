package dev.meijin.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.meijin.testdata.TestData;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SolveCommandTest {
    private static final String SUMMARY = "nodes \\d+ time \\d+\\.\\d{3} nps \\d+";

    @TempDir
    Path dir;

    @Test
    void solvesAnSfenAndPrintsTheSolutionInUsiAndJapanese() {
        // tanuki-3te-0172: the pawn interposition is not futile (taking it with the lance is no mate).
        Cli.Result r = Cli.run("solve", "8k/6S2/9/6N2/8N/9/9/9/9 b L2r2b4g3s2n3l18p 1");
        assertThat(r.code()).as(r.err()).isEqualTo(Main.OK);
        List<String> lines = r.outLines();
        assertThat(lines.get(0)).isEqualTo("mate in 3");
        assertThat(lines.get(1)).matches("usi L\\*1c [A-Z]\\*1b 1e2c");
        assertThat(lines.get(2)).startsWith("japanese ▲１三香 △１二").endsWith(" ▲２三桂不成");
        assertThat(lines.get(3)).isEqualTo("leftover 0");
        assertThat(lines.get(4)).matches(SUMMARY);
    }

    @Test
    void strictCountsFutileInterpositions() {
        String sfen = "6G1k/9/7G1/8S/8L/9/9/9/9 b 2r2b2g3s4n3l18p 1";
        assertThat(Cli.run("solve", sfen).outLines().getFirst()).isEqualTo("mate in 1");
        Cli.Result strict = Cli.run("solve", sfen, "--strict");
        assertThat(strict.outLines()).startsWith("mate in 5", "usi 2c1b 1a1b 1d1c+ 1b1a 1c1b");
    }

    @Test
    void readsTheProblemFromARecordAndChecksItsSoundness() throws IOException {
        Path kif = dir.resolve("hashimoto-sos.kif");
        Files.write(kif, TestData.bytes("kif/Kifu-for-JS/hashimoto-sos.kif"));
        Cli.Result r = Cli.run("solve", kif.toString(), "--check");
        assertThat(r.code()).as(r.err()).isEqualTo(Main.OK);
        assertThat(r.outLines()).contains(
                kif + ":",
                "mate in 7",
                // The line the record publishes: the gold interposed at 4e is futile under the wider rule.
                "usi G*6f 5e4d 4e2c+ 4d5d 6f5e 5d5e 2c4e",
                "japanese ▲６六金 △４四玉 ▲２三角成 △５四玉 ▲５五金 △同　玉 ▲４五馬",
                "leftover 0",
                "sound: unique solution, no piece left in hand");
        assertThat(r.outLines()).noneMatch(l -> l.startsWith("last-move alternative"));
    }

    @Test
    void aSoundnessLeftUnsettledIsUndeterminedAndFails() throws IOException {
        // json-kifu-format's taichitsume.kif: sound, settled at once by the lengths within the plies left.
        Path kif = dir.resolve("taichitsume.kif");
        Files.write(kif, TestData.bytes("kif/json-kifu-format/taichitsume.kif"));
        Cli.Result settled = Cli.run("solve", kif.toString(), "--check", "--time", "20");
        assertThat(settled.code()).as(settled.err()).isEqualTo(Main.OK);
        assertThat(settled.outLines()).contains("mate in 7", "sound: unique solution, no piece left in hand");
        // 図巧29 (edo_classics.tsv) is sound, but 200,000 nodes solve it and leave its alternatives unsettled.
        String zukou29 = "9/lgsl5/1p7/1k2G4/L1n6/+p8/1+B7/1+R7/3r5 b B3N2g3sl16p 1";
        Cli.Result cut = Cli.run("solve", zukou29, "--check", "--nodes", "200000");
        assertThat(cut.code()).isEqualTo(Main.FAILED);
        assertThat(cut.outLines()).contains("mate in 15",
                "undetermined: not every alternative could be settled within the limits (--time, --nodes, --hash)");
        assertThat(cut.outLines()).noneMatch(l -> l.startsWith("unsound") || l.startsWith("sound"));
    }

    @Test
    void aNoMatePositionSaysSoAndAnUnknownOneFails() {
        Cli.Result none = Cli.run("solve", "8k/9/6NS1/9/9/9/9/9/9 b P2r2b4g3s3n4l17p 1");
        assertThat(none.code()).isEqualTo(Main.OK);
        assertThat(none.outLines().getFirst()).isEqualTo("no mate");
        // 煙詰 (117 plies) needs far more than 500 nodes.
        Cli.Result unknown = Cli.run("solve",
                "k1+P4n1/2L+P2sL1/r4+P+P1P/+BpP+Pl1+Rg1/NP1S+PP+p1g/2L+p1g+P1+P/Ps1G1+P1N1/1sN1P4/B8 b - 1",
                "--nodes", "500");
        assertThat(unknown.code()).isEqualTo(Main.FAILED);
        assertThat(unknown.outLines().getFirst()).isEqualTo("unknown (node limit)");
    }

    @Test
    void aTableIsSolvedRowByRowWithMismatchesAndTheCount() throws IOException {
        Path table = dir.resolve("t.tsv");
        Files.writeString(table, String.join("\n",
                "id\tsfen\tplies\tusi_moves\tresult",
                "right\t8k/6S2/9/6N2/8N/9/9/9/9 b L2r2b4g3s2n3l18p 1\t3\t\tmate",
                "wrong\t8k/6S2/9/6N2/8N/9/9/9/9 b L2r2b4g3s2n3l18p 1\t5\t\tmate",
                "none\t8k/9/6NS1/9/9/9/9/9/9 b P2r2b4g3s3n4l17p 1\t1\t\tnomate",
                "bad\tnot an sfen\t1\t\tmate",
                ""), StandardCharsets.UTF_8);
        Cli.Result r = Cli.run("solve", "--file", table.toString());
        assertThat(r.code()).isEqualTo(Main.FAILED);
        List<String> lines = r.outLines();
        assertThat(lines.get(0)).startsWith("mismatch wrong: expected mate in 5, got mate in 3: L*1c ");
        assertThat(lines.get(1)).startsWith("line 5: ");
        assertThat(lines.get(2)).matches(SUMMARY);
        assertThat(lines.get(3)).isEqualTo("solved 2/4");
    }

    @Test
    void aTableIsJudgedAsCompositionsWithCheck() throws IOException {
        Path table = dir.resolve("c.tsv");
        // Two generated problems: tanuki-3te-0001 sound, tanuki-3te-0252 cooked by G*2c under the printed
        // convention (the defender's drops on 1b are futile there).
        Files.writeString(table, String.join("\n",
                "id\tsfen\tplies\tusi_moves\tresult",
                "tanuki-3te-0001\t9/8k/9/7RG/9/9/9/9/9 b r2b3g4s4n4l18p 1\t3\t1d2c 1b1a 2c2b\tmate",
                "tanuki-3te-0252\t9/7Pk/9/7+R1/9/9/9/9/9 b Gr2b3g4s4n4l17p 1\t3\tG*1c 1b1a 2b2a+\tmate",
                ""), StandardCharsets.UTF_8);
        Cli.Result r = Cli.run("solve", "--file", table.toString(), "--check");
        assertThat(r.code()).as("an unsound problem is a finding, not a failure").isEqualTo(Main.OK);
        List<String> lines = r.outLines();
        assertThat(lines.get(0)).isEqualTo("tanuki-3te-0252: unsound: 1 cook");
        assertThat(lines.get(1)).isEqualTo("  cook at ply 1: G*2c mates in 3");
        assertThat(lines.get(2)).matches(SUMMARY);
        assertThat(lines.subList(3, lines.size())).containsExactly("sound 1, unsound 1, undetermined 0", "solved 2/2");

        // Under the rules alone both are sound; without --check no judging is printed.
        assertThat(Cli.run("solve", "--file", table.toString(), "--check", "--strict").outLines())
                .contains("sound 2, unsound 0, undetermined 0", "solved 2/2");
        assertThat(Cli.run("solve", "--file", table.toString()).outLines()).noneMatch(l -> l.startsWith("sound "));
    }

    @Test
    void theEdgeCaseTableAgreesWhereNoMateMeansNoneThatShort() throws IOException {
        Path table = dir.resolve("antma.tsv");
        Files.write(table, TestData.bytes("tsume/antma_positions.tsv"));
        Cli.Result r = Cli.run("solve", "--file", table.toString(), "--nodes", "5000000");
        // antma-069's upstream length counts a defence two plies longer with a spare pawn, which the printed
        // convention does not prefer (2手長駒余り): it is the one mismatch, and only by those two plies.
        assertThat(r.code()).as(r.out()).isEqualTo(Main.FAILED);
        assertThat(r.outLines()).filteredOn(l -> l.startsWith("mismatch"))
                .containsExactly("mismatch antma-069: expected mate in 9, got mate in 7: R*9b 9a9b G*6b 7b8b S*7a 8b9a S*8b");
        assertThat(r.lastOutLine()).isEqualTo("solved 55/56");
    }

    @Test
    void aMismatchSaysWhereTheSolutionLeavesThePublishedLine() throws IOException {
        // 図巧7 is published in 13 plies; the king taking on 9d at ply 6 lasts two plies longer.
        List<String> edo = new String(TestData.bytes("tsume/edo_classics.tsv"), StandardCharsets.UTF_8).lines().toList();
        Path table = dir.resolve("zukou7.tsv");
        Files.writeString(table, edo.getFirst() + "\n" + edo.stream().filter(l -> l.startsWith("zukou-007\t")).findFirst().orElseThrow() + "\n",
                StandardCharsets.UTF_8);
        Cli.Result r = Cli.run("solve", "--file", table.toString(), "--hash", "64");
        assertThat(r.code()).as(r.out()).isEqualTo(Main.FAILED);
        assertThat(r.outLines().subList(0, 2)).containsExactly(
                "mismatch zukou-007: expected mate in 13, got mate in 15: S*8b 7a8b N*7d 8b8c S*9d 8c9d 8d9c+ 9d9c S*8b 9c8c B*9b 8c9b 8b9a+ 9b8c G*8d",
                "  ply 6, the defender: the solution plays 8c9d where the published line plays 9e9d");
        assertThat(r.lastOutLine()).isEqualTo("solved 0/1");
    }

    @Test
    void thePartingOfTwoLinesIsTheFirstPlyThatDiffersOrWhereOneEnds() {
        assertThat(SolveCommand.parting("", "G*5b")).isEmpty();
        assertThat(SolveCommand.parting("G*5b", "G*5b")).isEmpty();
        assertThat(SolveCommand.parting("R*5b 5a4a G*4b", "R*5b 5a6a G*6b"))
                .contains("ply 2, the defender: the solution plays 5a6a where the published line plays 5a4a");
        assertThat(SolveCommand.parting("R*5b 5a4a G*4b", "S*5b 5a4a G*4b"))
                .contains("ply 1, the attacker: the solution plays S*5b where the published line plays R*5b");
        assertThat(SolveCommand.parting("R*5b", "R*5b 5a4a G*4b"))
                .contains("the published line ends at ply 1, the solution goes on");
        assertThat(SolveCommand.parting("R*5b 5a4a G*4b", "R*5b"))
                .contains("the solution ends at ply 1, the published line goes on");
    }

    @Test
    void badUsageIsRefused() {
        Cli.Result none = Cli.run("solve");
        Cli.Result fileAndProblem = Cli.run("solve", "--file", "x.tsv", "8k/9/9/9/9/9/9/9/9 b G 1");
        Cli.Result noTime = Cli.run("solve", "--time", "0", "8k/9/9/9/9/9/9/9/9 b G 1");
        Path missingFile = dir.resolve("missing.kif");
        Cli.Result missing = Cli.run("solve", missingFile.toString());

        for (Cli.Result r : List.of(none, fileAndProblem, noTime)) {
            assertThat(r.code()).isEqualTo(Main.USAGE);
            assertThat(r.out()).isEmpty();
        }
        String help = " (see 'meijin solve --help')";
        assertThat(none.errLines())
                .containsExactly("meijin solve: missing problem: give an SFEN, record files, or --file F.tsv" + help);
        assertThat(fileAndProblem.errLines())
                .containsExactly("meijin solve: --file takes no PROBLEM: the table gives the problems" + help);
        assertThat(noTime.errLines()).containsExactly(
                "meijin solve: --time must be a number of seconds greater than 0 and at most 10000000, not 0" + help);
        // The range is named, and the number written as it was meant, not as 1.0E9.
        Cli.Result tooLong = Cli.run("solve", "--time", "1e9", "8k/9/9/9/9/9/9/9/9 b G 1");
        assertThat(tooLong.code()).isEqualTo(Main.USAGE);
        assertThat(tooLong.errLines()).containsExactly(
                "meijin solve: --time must be a number of seconds greater than 0 and at most 10000000, not 1000000000" + help);
        assertThat(Cli.run("solve", "--time", "NaN", "8k/9/9/9/9/9/9/9/9 b G 1").errLines()).containsExactly(
                "meijin solve: --time must be a number of seconds greater than 0 and at most 10000000, not NaN" + help);
        // The longest and a tiny positive time are both limits, not errors.
        assertThat(Cli.run("solve", "--time", "1e7", "8k/9/9/9/9/9/9/9/9 b G 1").outLines().getFirst()).isEqualTo("no mate");
        assertThat(Cli.run("solve", "--time", "1e-12", "8k/9/9/9/9/9/9/9/9 b G 1").code()).isNotEqualTo(Main.USAGE);
        assertThat(missing.code()).isEqualTo(Main.FAILED);
        assertThat(missing.errLines()).containsExactly("meijin: cannot read " + missingFile + ": no such file");
        assertThat(missing.out()).as("no heading for a file that cannot be read").isEmpty();
    }
}
