package dev.meijin.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.meijin.core.Color;
import dev.meijin.notation.kifu.Special;
import dev.meijin.notation.move.MoveStyle;
import dev.meijin.testdata.TestData;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.EnumSource;

class NotateCommandTest {

    /** 1 ７六歩 2 ３四歩 3 ２二角成 4 同　銀 5 投了: a capture with promotion, a recapture (同), a resignation. */
    private static final String SHORT_GAME = "kif/shogihome/e2e/33/record-2.kifu";

    @TempDir
    Path dir;

    private String game;

    @BeforeEach
    void copyGame() throws IOException {
        Path p = dir.resolve("short.kifu");
        Files.write(p, TestData.bytes(SHORT_GAME));
        game = p.toString();
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
        "japanese | 1 ７六歩(77) | 2 ３四歩(33) | 3 ２二角成(88) | 4 同　銀(31) | 5 投了",
        "ki2      | 1 ▲７六歩    | 2 △３四歩    | 3 ▲２二角成   | 4 △同銀      | 5 投了",
        "hosking  | 1 P-76      | 2 P-34      | 3 Bx22+      | 4 Sx22      | 5 resigns",
        "hodges   | 1 P-7f      | 2 P-3d      | 3 Bx2b+      | 4 Sx2b      | 5 resigns",
        "kawasaki | 1 歩-76      | 2 歩-34      | 3 角x22+      | 4 銀x22      | 5 resigns",
        "csa      | 1 +7776FU   | 2 -3334FU   | 3 +8822UM    | 4 -3122GI   | 5 %TORYO",
        "usi      | 1 7g7f      | 2 3c3d      | 3 8h2b+      | 4 3a2b      | 5 resigns"
    })
    void writesEachMoveWithItsPlyThenTheEndingInTheStylesVocabulary(String style, String m1, String m2, String m3,
            String m4, String end) {
        Cli.Result r = Cli.run("notate", game, "--style", style);

        assertThat(r.code()).isEqualTo(Main.OK);
        assertThat(r.err()).isEmpty();
        assertThat(r.outLines()).containsExactly(m1, m2, m3, m4, end);
    }

    @Test
    void theDefaultStyleIsJapanese() {
        assertThat(Cli.run("notate", game).outLines()).isEqualTo(Cli.run("notate", game, "--style", "japanese").outLines());
    }

    @Test
    void aRecordStartingMidGameNumbersFromItsMoveNumber() throws IOException {
        Path usi = dir.resolve("mid.usi");
        Files.writeString(usi, "position sfen lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2 moves 3c3d 8h2b+\n");

        assertThat(Cli.run("notate", usi.toString(), "--style", "ki2").outLines())
                .containsExactly("2 △３四歩", "3 ▲２二角成");
    }

    @ParameterizedTest
    @EnumSource(Special.class)
    void everyEndingHasANameInEveryStyle(Special special) {
        for (MoveStyle style : MoveStyle.values()) {
            assertThat(NotateCommand.special(special, style, Color.SENTE)).as("%s in %s", special, style).isNotBlank();
        }
        assertThat(NotateCommand.special(special, MoveStyle.KI2, Color.GOTE)).isEqualTo(special.japanese(Color.GOTE));
        assertThat(NotateCommand.special(special, MoveStyle.CSA, Color.GOTE)).isEqualTo(special.csa().orElse(NotateCommand.english(special)));
    }

    @Test
    void anIllegalActionIsALossForTheSideItNamesAndAWinForTheOther() {
        assertThat(NotateCommand.special(Special.SENTE_ILLEGAL_ACTION, MoveStyle.JAPANESE_KIF, Color.GOTE)).isEqualTo("反則勝ち");
        assertThat(NotateCommand.special(Special.SENTE_ILLEGAL_ACTION, MoveStyle.JAPANESE_KIF, Color.SENTE)).isEqualTo("反則負け");
        assertThat(NotateCommand.special(Special.GOTE_ILLEGAL_ACTION, MoveStyle.KI2, Color.SENTE)).isEqualTo("反則勝ち");
        assertThat(NotateCommand.special(Special.GOTE_ILLEGAL_ACTION, MoveStyle.KI2, Color.GOTE)).isEqualTo("反則負け");
    }

    @Test
    void anUnknownStyleIsAUsageErrorAndAMissingFileAFailure() {
        Cli.Result badStyle = Cli.run("notate", game, "--style", "pgn");
        Cli.Result missing = Cli.run("notate", dir.resolve("none.kif").toString());

        assertThat(badStyle.code()).isEqualTo(Main.USAGE);
        assertThat(badStyle.errLines()).singleElement().asString().startsWith("meijin notate: --style: no move notation \"pgn\"");
        assertThat(missing.code()).isEqualTo(Main.FAILED);
        assertThat(missing.errLines()).singleElement().asString().endsWith("none.kif: no such file");
    }

    @Test
    void helpPrintsCleanly() {
        Cli.Result r = Cli.run("notate", "--help");

        assertThat(r.code()).isEqualTo(Main.OK);
        assertThat(r.out()).startsWith("Usage: meijin notate").contains("Examples:");
        assertThat(r.err()).isEmpty();
    }
}
