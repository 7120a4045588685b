package dev.meijin.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.meijin.core.Color;
import dev.meijin.notation.kifu.Special;
import dev.meijin.notation.move.MoveStyle;
import dev.meijin.testdata.TestData;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
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
        "ki2      | 1 ▲７六歩    | 2 △３四歩    | 3 ▲２二角成   | 4 △同　銀    | 5 投了",
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

    /**
     * What each ending is called: in KIF and KI2 with sente and with gote to move, in the Western styles (and USI) in
     * English, and in CSA by its CSA special move (CSA standard V2.2, {@code %MAX_MOVES} from V3.0); an ending CSA
     * has no special move for is written in English.
     */
    private record Names(String senteToMove, String goteToMove, String english, String csaSenteToMove, String csaGoteToMove) {
        Names(String senteToMove, String goteToMove, String english, String csa) {
            this(senteToMove, goteToMove, english, csa, csa);
        }
    }

    private static final Map<Special, Names> ENDINGS = Map.ofEntries(
            Map.entry(Special.CHUDAN, new Names("中断", "中断", "suspended", "%CHUDAN")),
            Map.entry(Special.TORYO, new Names("投了", "投了", "resigns", "%TORYO")),
            Map.entry(Special.JISHOGI, new Names("持将棋", "持将棋", "impasse", "%JISHOGI")),
            Map.entry(Special.SENNICHITE, new Names("千日手", "千日手", "repetition", "%SENNICHITE")),
            Map.entry(Special.TSUMI, new Names("詰み", "詰み", "checkmate", "%TSUMI")),
            Map.entry(Special.FUZUMI, new Names("不詰", "不詰", "no mate", "%FUZUMI")),
            Map.entry(Special.TIME_UP, new Names("切れ負け", "切れ負け", "loses on time", "%TIME_UP")),
            Map.entry(Special.ILLEGAL_MOVE, new Names("反則負け", "反則負け", "loses by an illegal move", "%ILLEGAL_MOVE")),
            // The side to move wins by the other side's illegal action: CSA names the side that acted.
            Map.entry(Special.ILLEGAL_WIN, new Names("反則勝ち", "反則勝ち", "wins by the opponent's illegal move",
                    "%-ILLEGAL_ACTION", "%+ILLEGAL_ACTION")),
            Map.entry(Special.SENTE_ILLEGAL_ACTION, new Names("反則負け", "反則勝ち", "sente loses by an illegal action",
                    "%+ILLEGAL_ACTION")),
            Map.entry(Special.GOTE_ILLEGAL_ACTION, new Names("反則勝ち", "反則負け", "gote loses by an illegal action",
                    "%-ILLEGAL_ACTION")),
            Map.entry(Special.KACHI, new Names("入玉勝ち", "入玉勝ち", "wins by declaration", "%KACHI")),
            Map.entry(Special.HIKIWAKE, new Names("引き分け", "引き分け", "draw", "%HIKIWAKE")),
            Map.entry(Special.MAX_MOVES, new Names("最大手数", "最大手数", "move limit", "%MAX_MOVES")),
            Map.entry(Special.FUSEN_WIN, new Names("不戦勝", "不戦勝", "wins by default", "wins by default")),
            Map.entry(Special.FUSEN_LOSS, new Names("不戦敗", "不戦敗", "loses by default", "loses by default")),
            Map.entry(Special.FUUJITE, new Names("封じ手", "封じ手", "sealed move", "sealed move")),
            Map.entry(Special.MATTA, new Names("待った", "待った", "takeback", "%MATTA")),
            Map.entry(Special.ERROR, new Names("エラー", "エラー", "error", "%ERROR")));

    @ParameterizedTest
    @EnumSource(Special.class)
    void everyEndingHasItsNameInEveryStyle(Special special) {
        Names names = ENDINGS.get(special);
        assertThat(names).as("the table names %s", special).isNotNull();
        for (Color toMove : Color.values()) {
            String japanese = toMove == Color.SENTE ? names.senteToMove() : names.goteToMove();
            for (MoveStyle style : MoveStyle.values()) {
                String expected = switch (style) {
                    case JAPANESE_KIF, KI2 -> japanese;
                    case CSA -> toMove == Color.SENTE ? names.csaSenteToMove() : names.csaGoteToMove();
                    case HOSKING, HODGES, KAWASAKI, USI -> names.english();
                };
                assertThat(NotateCommand.special(special, style, toMove)).as("%s in %s, %s to move", special, style, toMove)
                        .isEqualTo(expected);
            }
        }
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
