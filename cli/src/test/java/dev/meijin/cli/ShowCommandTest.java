package dev.meijin.cli;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class ShowCommandTest {

    @Test
    void startPositionAsAKifDiagram() {
        Cli.Result r = Cli.run("show", "startpos");
        assertThat(r.code()).isEqualTo(Main.OK);
        assertThat(r.out()).isEqualTo("""
                後手の持駒：なし
                  ９ ８ ７ ６ ５ ４ ３ ２ １
                +---------------------------+
                |v香v桂v銀v金v玉v金v銀v桂v香|一
                | ・v飛 ・ ・ ・ ・ ・v角 ・|二
                |v歩v歩v歩v歩v歩v歩v歩v歩v歩|三
                | ・ ・ ・ ・ ・ ・ ・ ・ ・|四
                | ・ ・ ・ ・ ・ ・ ・ ・ ・|五
                | ・ ・ ・ ・ ・ ・ ・ ・ ・|六
                | 歩 歩 歩 歩 歩 歩 歩 歩 歩|七
                | ・ 角 ・ ・ ・ ・ ・ 飛 ・|八
                | 香 桂 銀 金 玉 金 銀 桂 香|九
                +---------------------------+
                先手の持駒：なし
                先手番　1手目
                """);
        assertThat(r.err()).isEmpty();
    }

    @Test
    void startPositionInAscii() {
        Cli.Result r = Cli.run("show", "startpos", "--ascii");
        assertThat(r.code()).isEqualTo(Main.OK);
        assertThat(r.out()).isEqualTo("""
                Gote hand: -
                   9  8  7  6  5  4  3  2  1
                +---------------------------+
                |  l  n  s  g  k  g  s  n  l| a
                |  .  r  .  .  .  .  .  b  .| b
                |  p  p  p  p  p  p  p  p  p| c
                |  .  .  .  .  .  .  .  .  .| d
                |  .  .  .  .  .  .  .  .  .| e
                |  .  .  .  .  .  .  .  .  .| f
                |  P  P  P  P  P  P  P  P  P| g
                |  .  B  .  .  .  .  .  R  .| h
                |  L  N  S  G  K  G  S  N  L| i
                +---------------------------+
                Sente hand: -
                Sente to move, move 1
                """);
    }

    /** Hands with kanji counts, promoted pieces, gote to move and in check. */
    private static final String MIDGAME = "4k4/4+R4/9/9/9/9/9/8+b/4K4 w RB2G3S4N4L2g16p 20";

    @Test
    void handsPromotedPiecesAndCheckInKanji() {
        assertThat(Cli.run("show", MIDGAME).out()).isEqualTo("""
                後手の持駒：金二　歩十六
                  ９ ８ ７ ６ ５ ４ ３ ２ １
                +---------------------------+
                | ・ ・ ・ ・v玉 ・ ・ ・ ・|一
                | ・ ・ ・ ・ 龍 ・ ・ ・ ・|二
                | ・ ・ ・ ・ ・ ・ ・ ・ ・|三
                | ・ ・ ・ ・ ・ ・ ・ ・ ・|四
                | ・ ・ ・ ・ ・ ・ ・ ・ ・|五
                | ・ ・ ・ ・ ・ ・ ・ ・ ・|六
                | ・ ・ ・ ・ ・ ・ ・ ・ ・|七
                | ・ ・ ・ ・ ・ ・ ・ ・v馬|八
                | ・ ・ ・ ・ 玉 ・ ・ ・ ・|九
                +---------------------------+
                先手の持駒：飛　角　金二　銀三　桂四　香四
                後手番　20手目　王手
                """);
    }

    @Test
    void handsPromotedPiecesAndCheckInAscii() {
        assertThat(Cli.run("show", MIDGAME, "--ascii").out()).isEqualTo("""
                Gote hand: 2G 16P
                   9  8  7  6  5  4  3  2  1
                +---------------------------+
                |  .  .  .  .  k  .  .  .  .| a
                |  .  .  .  . +R  .  .  .  .| b
                |  .  .  .  .  .  .  .  .  .| c
                |  .  .  .  .  .  .  .  .  .| d
                |  .  .  .  .  .  .  .  .  .| e
                |  .  .  .  .  .  .  .  .  .| f
                |  .  .  .  .  .  .  .  .  .| g
                |  .  .  .  .  .  .  .  . +b| h
                |  .  .  .  .  K  .  .  .  .| i
                +---------------------------+
                Sente hand: R B 2G 3S 4N 4L
                Gote to move, move 20, in check
                """);
    }

    @Test
    void promotedMinorPiecesUseOneKanjiEach() {
        Cli.Result r = Cli.run("show", "4k4/9/+l+n+s+p5/9/9/9/+L+N+S+P5/9/4K4 b - 1");
        assertThat(r.outLines()).contains("|v杏v圭v全vと ・ ・ ・ ・ ・|三", "| 杏 圭 全 と ・ ・ ・ ・ ・|七");
        assertThat(Cli.run("show", "4k4/9/+l+n+s+p5/9/9/9/+L+N+S+P5/9/4K4 b - 1", "--ascii").outLines())
                .contains("| +l +n +s +p  .  .  .  .  .| c", "| +L +N +S +P  .  .  .  .  .| g");
    }

    @Test
    void handCountsAreKanjiNumerals() {
        assertThat(BoardDiagram.kanjiNumber(2)).isEqualTo("二");
        assertThat(BoardDiagram.kanjiNumber(9)).isEqualTo("九");
        assertThat(BoardDiagram.kanjiNumber(10)).isEqualTo("十");
        assertThat(BoardDiagram.kanjiNumber(18)).isEqualTo("十八");
    }

    @Test
    void twoKingsOfOneSideAreNamedWhereTheDiagramShowsThem() {
        Cli.Result r = Cli.run("show", "kk7/9/9/9/9/9/9/9/9 b - 1");
        assertThat(r.code()).isEqualTo(Main.FAILED);
        // The king on 9a, the first a reader sees, was called the second king.
        assertThat(r.errLines()).containsExactly("meijin: invalid SFEN position at 1: gote has 2 kings, on 9a and 8a; sente has no king"
                + " in \"kk7/9/9/9/9/9/9/9/9 b - 1\"");
        assertThat(r.out()).isEmpty();
    }

    @Test
    void aMalformedSfenIsOneErrorLine() {
        Cli.Result r = Cli.run("show", "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b 3B 1");
        assertThat(r.code()).isEqualTo(Main.FAILED);
        assertThat(r.errLines()).singleElement().asString().startsWith("meijin: invalid SFEN hands at 60: ");
        assertThat(r.out()).isEmpty();
    }
}
