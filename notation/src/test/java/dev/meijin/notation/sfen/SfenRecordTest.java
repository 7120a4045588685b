package dev.meijin.notation.sfen;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.meijin.core.Move;
import dev.meijin.core.game.Handicap;
import dev.meijin.core.position.Setups;
import dev.meijin.notation.Format;
import dev.meijin.notation.Formats;
import dev.meijin.notation.WriteOptions;
import dev.meijin.notation.csa.CsaCorpus;
import dev.meijin.notation.csa.CsaReader;
import dev.meijin.notation.kifu.Kifu;
import dev.meijin.notation.kifu.KifuException;
import dev.meijin.notation.kifu.Problem;
import dev.meijin.notation.kifu.ReadResult;
import dev.meijin.notation.kifu.Start;
import dev.meijin.notation.kifu.WriteResult;
import dev.meijin.testdata.TestData;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

class SfenRecordTest {

    @ParameterizedTest
    @ValueSource(strings = {
        "position startpos moves 7g7f 3c3d 8h2b+",
        "startpos moves 7g7f 3c3d 8h2b+",
        "position sfen lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1 moves 7g7f 3c3d 8h2b+",
        "sfen lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1 moves 7g7f 3c3d 8h2b+",
        "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - moves 7g7f 3c3d 8h2b+",
        "  position   startpos  moves  7g7f\t3c3d 8h2b+  \n\n",
    })
    void everyFormReadsTheSameGame(String text) {
        ReadResult r = SfenReader.read(text);
        assertThat(r.problems()).isEmpty();
        Kifu k = r.kifu();
        assertThat(k.headers()).isEmpty();
        assertThat(k.start().isEven()).isTrue();
        assertThat(k.mainLine()).extracting(Move::usi).containsExactly("7g7f", "3c3d", "8h2b+");
    }

    @Test
    void positionsWithoutMoves() {
        assertThat(SfenReader.read("position startpos").kifu()).isEqualTo(Kifu.empty());
        assertThat(SfenReader.read("position startpos moves").kifu()).isEqualTo(Kifu.empty());
        Kifu lance = SfenReader.read("sfen " + Handicap.LANCE.sfen()).kifu();
        assertThat(lance.start()).isEqualTo(Start.of(Handicap.LANCE));
    }

    @Test
    void writerForms() {
        Kifu k = SfenReader.read("position startpos moves 7g7f 3c3d").kifu();
        assertThat(SfenWriter.write(k).text()).isEqualTo("position startpos moves 7g7f 3c3d");
        assertThat(SfenWriter.write(k, SfenWriter.Style.SFEN).text())
                .isEqualTo("sfen lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1 moves 7g7f 3c3d");
        assertThat(SfenWriter.write(Kifu.empty()).text()).isEqualTo("position startpos");
        // One form with and without moves: the word sfen, the SFEN, then the moves if any.
        assertThat(SfenWriter.write(Kifu.empty(), SfenWriter.Style.SFEN).text())
                .isEqualTo("sfen lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1");
        Kifu rook = new Kifu(List.of(), Start.of(Handicap.ROOK), List.of(), List.of());
        assertThat(SfenWriter.write(rook).text()).isEqualTo("position sfen " + Handicap.ROOK.sfen());
        assertThat(SfenWriter.write(k).dropped()).isEmpty();
    }

    @Test
    void theEvenStartAtALaterMoveKeepsItsMoveNumber() {
        // It was written as "position startpos", and read back as move 1, without a word.
        Kifu k = SfenReader.read("position sfen lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 5 moves 7g7f").orThrow();

        WriteResult w = SfenWriter.write(k);

        assertThat(w.text()).isEqualTo("position sfen lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 5 moves 7g7f");
        assertThat(SfenReader.read(w.text()).orThrow()).isEqualTo(k);
    }

    @Test
    void writerReportsWhatItLeavesOut() {
        Kifu k = CsaReader.read(CsaCorpus.text("csa/shogihome/e2e-27/record.csa")).kifu();
        WriteResult w = SfenWriter.write(k);
        assertThat(w.text()).isEqualTo("position startpos moves 2g2f 8c8d 2f2e 8d8e 6i7h 3c3d");
        assertThat(w.dropped()).containsExactly("6 headers", "engine comments", "times", "the ending 投了");
        Kifu forks = dev.meijin.notation.jkf.JkfReader.read(TestData.text("jkf/shogi-kifu-converter/kif/forks.json",
                java.nio.charset.StandardCharsets.UTF_8)).kifu();
        assertThat(SfenWriter.write(forks).dropped()).containsExactly("2 headers", "times", "3 variations");
    }

    @Test
    void aHandBeyondASetIsWrittenAndReported() {
        // The CSA reader keeps 3 bishops in gote's hand (an illegal start, reported); SFEN readers refuse "3b" as
        // malformed and assume the even start, which the writer did not say.
        Kifu k = CsaReader.read("P-00KA\nP-00KA00KA\n").kifu();

        WriteResult w = SfenWriter.write(k, SfenWriter.Style.SFEN);

        assertThat(w.text()).isEqualTo("sfen 9/9/9/9/9/9/9/9/9 b 3b 1");
        assertThat(w.beyondLimits()).containsExactly("gote's hand holds 3 bishops; SFEN readers take at most 2");
    }

    @Test
    void problemsNameTheColumn() {
        ReadResult illegal = SfenReader.read("position startpos moves 7g7f 7c7d 7f7e 7d7e 7e7d");
        assertThat(illegal.kifu().mainLine()).hasSize(4);
        assertThat(illegal.problems()).singleElement().satisfies(p -> {
            assertThat(p.line()).isEqualTo(1);
            assertThat(p.column()).isEqualTo(45);
            assertThat(p.ply()).isEqualTo(5);
            assertThat(p.message()).startsWith("illegal move 7e7d in ").endsWith("; the moves stop here");
        });
        ReadResult malformed = SfenReader.read("startpos moves 7g7f x9");
        assertThat(malformed.problems()).extracting(Problem::column).containsExactly(21);
        ReadResult badSfen = SfenReader.read("sfen lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNX b - 1 moves 7g7f");
        assertThat(badSfen.kifu().start().isEven()).isTrue();
        assertThat(badSfen.problems()).first().satisfies(p -> {
            assertThat(p.column()).isEqualTo(62); // the X
            assertThat(p.message()).contains("unknown piece letter 'X'");
        });
        ReadResult junk = SfenReader.read("position startpos please");
        assertThat(junk.problems()).containsExactly(new Problem(Problem.Kind.UNEXPECTED_TEXT, 1, 19, 0, "unexpected \"please\"; expected \"moves\"", "please"));
        ReadResult twoLines = SfenReader.read("position startpos\nposition startpos moves 7g7f\n");
        assertThat(twoLines.problems()).containsExactly(new Problem(Problem.Kind.EXTRA_POSITION, 2, 1, 0, "only one position is read; this line is ignored"));
        assertThat(SfenReader.read("").problems()).extracting(Problem::message).containsExactly("no position in the text");
        assertThatThrownBy(() -> SfenReader.readStrict("startpos moves 1a1b")).isInstanceOf(KifuException.class)
                .hasMessageStartingWith("line 1, column 16, ply 1: ");
    }

    static Stream<String> csaFiles() {
        return CsaCorpus.wellFormed().stream();
    }

    @ParameterizedTest
    @MethodSource("csaFiles")
    void csaCorpusMainLinesRoundTrip(String path) {
        Kifu csa = CsaReader.read(CsaCorpus.text(path)).kifu();
        for (SfenWriter.Style style : SfenWriter.Style.values()) {
            ReadResult back = SfenReader.read(SfenWriter.write(csa, style).text());
            assertThat(back.problems()).as(path).isEmpty();
            assertThat(back.kifu().start()).isEqualTo(csa.start());
            assertThat(back.kifu().mainLine()).isEqualTo(csa.mainLine());
        }
    }

    @Test
    void lishogiGamesReplay() {
        List<String[]> games = TestData.tsv("usi/shogiops-lishogi-games.tsv");
        assertThat(games).hasSize(400);
        for (String[] g : games) {
            ReadResult r = SfenReader.read("position startpos moves " + g[1]);
            assertThat(r.problems()).as(g[0]).isEmpty();
            assertThat(r.kifu().mainLine()).as(g[0]).hasSize(g[1].split(" ").length);
            assertThat(SfenWriter.write(r.kifu()).text()).isEqualTo("position startpos moves " + g[1]);
        }
        assertThat(Setups.STARTPOS_SFEN).isEqualTo(Handicap.EVEN.sfen());
    }

    @Test
    void theFormatsFacadeReadsAndWritesUsiAndSfen() {
        Kifu k = Formats.read("position startpos moves 7g7f 3c3d", Optional.empty()).kifu();
        assertThat(k.mainLine()).hasSize(2);
        assertThat(Formats.write(k, Format.USI, WriteOptions.UTF8).text()).isEqualTo("position startpos moves 7g7f 3c3d");
        String sfen = Formats.write(k, Format.SFEN, WriteOptions.UTF8).text();
        assertThat(sfen).isEqualTo("sfen " + Handicap.EVEN.sfen() + " moves 7g7f 3c3d");
        assertThat(Formats.read(sfen, Optional.empty()).kifu()).isEqualTo(k);
        String bare = Formats.write(Kifu.empty(), Format.SFEN, WriteOptions.UTF8).text();
        assertThat(bare).isEqualTo("sfen " + Handicap.EVEN.sfen());
        assertThat(Formats.detect(bare, Optional.empty())).isEqualTo(Format.SFEN);
        // The bare SFEN, as .sfen files hold it, is still read.
        assertThat(Formats.read(Handicap.EVEN.sfen(), Optional.empty()).kifu()).isEqualTo(Kifu.empty());
        assertThat(Formats.read(bare, Optional.empty()).kifu()).isEqualTo(Kifu.empty());
    }
}
