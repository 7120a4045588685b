package dev.meijin.cli;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class MovesCommandTest {

    @Test
    void theStartPositionHasThirtyMovesOnePerLineSorted() {
        Cli.Result r = Cli.run("moves", "startpos");
        assertThat(r.code()).isEqualTo(Main.OK);
        assertThat(r.outLines()).hasSize(30).isSorted().doesNotHaveDuplicates()
                .contains("7g7f", "2g2f", "5i4h", "1i1h")
                .allMatch(m -> m.matches("[1-9][a-i][1-9][a-i]"));
        assertThat(r.err()).isEmpty();
    }

    @Test
    void byDefaultUselessNonPromotionsAreListedAndSensibleLeavesThemOut() {
        // A pawn on 5d can go to 5c promoting or not; not promoting is never better.
        String sfen = "4k4/9/9/4P4/9/9/9/9/4K4 b - 1";
        assertThat(Cli.run("moves", sfen).outLines()).contains("5d5c", "5d5c+").hasSize(7);
        assertThat(Cli.run("moves", sfen, "--all").outLines()).contains("5d5c", "5d5c+").hasSize(7);
        assertThat(Cli.run("moves", sfen, "--sensible").outLines()).contains("5d5c+").doesNotContain("5d5c").hasSize(6);
    }

    @Test
    void dropsAreListedAndTheSfenMayComeAsSeparateWords() {
        Cli.Result r = Cli.run("moves", "4k4/9/9/9/9/9/9/9/4K4", "b", "G", "1");
        assertThat(r.code()).isEqualTo(Main.OK);
        assertThat(r.outLines()).contains("G*5b", "G*1a", "5i4h").hasSize(79 + 5);
    }

    @Test
    void aMateProblemWithoutAttackerKingIsAccepted() {
        assertThat(Cli.run("moves", "4k4/9/9/9/9/9/9/9/9 b 16P 1").outLines()).hasSize(72);
    }

    @Test
    void aCheckmatedSideHasNoMoves() {
        Cli.Result r = Cli.run("moves", "4k4/4G4/4P4/9/9/9/9/9/4K4 w - 2");
        assertThat(r.code()).isEqualTo(Main.OK);
        assertThat(r.out()).isEmpty();
    }

    @Test
    void badInputIsOneErrorLine() {
        Cli.Result r = Cli.run("moves", "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL x - 1");
        assertThat(r.code()).isEqualTo(Main.FAILED);
        assertThat(r.errLines()).singleElement().asString().startsWith("meijin: invalid SFEN turn at 58: ");
        assertThat(Cli.run("moves").code()).isEqualTo(Main.USAGE);
        assertThat(Cli.run("moves", "startpos", "--all", "--sensible").errLines()).singleElement().asString()
                .startsWith("meijin moves: --all and --sensible exclude each other");
    }
}
