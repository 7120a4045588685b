package dev.meijin.notation;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.meijin.notation.encoding.TextDecoder;
import dev.meijin.core.Move;
import dev.meijin.core.Square;
import dev.meijin.core.position.Position;
import dev.meijin.core.sfen.Sfen;
import dev.meijin.notation.kifu.Kifu;
import dev.meijin.notation.kifu.KifuException;
import dev.meijin.notation.kifu.Problem;
import dev.meijin.notation.kifu.ReadResult;
import dev.meijin.notation.kifu.Special;
import dev.meijin.notation.kifu.Start;
import dev.meijin.notation.kifu.Step;
import dev.meijin.notation.kifu.WriteResult;
import dev.meijin.testdata.TestData;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;

class FormatsTest {

    /** Every record file, whose top folder names its format. */
    static Stream<String> records() {
        return Stream.of("kif", "ki2", "csa", "jkf").flatMap(f -> TestData.list(f).stream());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("records")
    void detectsTheFormatOfEveryCorpusFileFromItsContentAlone(String path) {
        String text = TextDecoder.decode(TestData.bytes(path)).text();
        Format expected = Format.valueOf(path.substring(0, path.indexOf('/')).toUpperCase(Locale.ROOT));

        assertThat(Formats.detect(text, Optional.empty())).as(path).isEqualTo(expected);
        // A misleading extension does not change a clear verdict.
        assertThat(Formats.detect(text, Optional.of("record.usi"))).as(path).isEqualTo(expected);
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "position startpos moves 7g7f 3c3d | USI",
        "startpos moves 7g7f | USI",
        "position sfen lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1 moves 7g7f | USI",
        "sfen lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1 moves 7g7f | USI",
        "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1 | SFEN",
        "4k4/9/9/9/9/9/9/9/4K4 w 2l18p | SFEN",
        "{\"header\":{},\"moves\":[{}]} | JKF",
        "+7776FU | CSA",
        "V2.2 | CSA",
        "▲７六歩　△３四歩 | KI2",
        "1 ７六歩(77) | KIF"
    })
    void detectsOneLineFormats(String text, Format expected) {
        assertThat(Formats.detect(text, Optional.empty())).isEqualTo(expected);
    }

    @Test
    void theFileNameOnlyBreaksTies() {
        String headersOnly = "先手：A\n後手：B\n";

        assertThat(Formats.detect(headersOnly, Optional.empty())).isEqualTo(Format.KIF);
        assertThat(Formats.detect(headersOnly, Optional.of("game.ki2"))).isEqualTo(Format.KI2);
        assertThat(Formats.detect(headersOnly, Optional.of("game.kif"))).isEqualTo(Format.KIF);
        assertThat(Formats.detect("", Optional.of("x.csa"))).isEqualTo(Format.CSA);
        assertThat(Formats.detect("", Optional.empty())).isEqualTo(Format.KIF);
        // KI2 moves saved with a .kif extension are still KI2.
        assertThat(Formats.detect("手合割：平手\n▲７六歩　△３四歩\n", Optional.of("game.kif"))).isEqualTo(Format.KI2);
    }

    @Test
    void extensionsNameFormats() {
        assertThat(Format.byFileName("a/b/GAME.KIFU")).contains(Format.KIF);
        assertThat(Format.byFileName("x.ki2u")).contains(Format.KI2);
        assertThat(Format.byFileName("x.json")).contains(Format.JKF);
        assertThat(Format.byFileName("x.txt")).isEmpty();
        assertThat(Format.byFileName("noextension")).isEmpty();
        assertThat(Format.byFileName("trailingdot.")).isEmpty();
    }

    @Test
    void readsBytesOfAnyKakinokiFile() {
        ReadResult kif = Formats.read(TestData.bytes("kif/json-kifu-format/8mai.kif"), Optional.of("8mai.kif"));
        ReadResult ki2 = Formats.read(TestData.bytes("ki2/json-kifu-format/8mai.ki2u"), Optional.empty());

        assertThat(kif.ok()).isTrue();
        assertThat(ki2.ok()).isTrue();
        assertThat(ki2.kifu().mainLine()).isEqualTo(kif.kifu().mainLine());
        assertThat(ki2.kifu().special()).contains(Special.CHUDAN);
    }

    @Test
    void malformedBytesAreReportedBeforeTheRecordsProblems() {
        byte[] bytes = {'*', (byte) 0xFF, '\n', '?', '\n'};

        ReadResult r = Formats.read(bytes, Optional.empty());

        // 0xFF is malformed in UTF-8, Shift_JIS and EUC-JP alike: one sequence each, so the tie goes to UTF-8. The
        // U+FFFD is the second character of line 1.
        assertThat(r.problems()).containsExactly(
                new Problem(Problem.Kind.BAD_ENCODING, 1, 2, 0, "bytes that are not valid UTF-8 were replaced by U+FFFD"),
                new Problem(Problem.Kind.UNKNOWN_LINE, 2, 0, 0, "unrecognised line \"?\"", "?"));
    }

    @Test
    void dispatchesToTheKakinokiReadersAndWriters() {
        KifuFormat kif = Formats.of(Format.KIF).orElseThrow();
        KifuFormat ki2 = Formats.of(Format.KI2).orElseThrow();
        Kifu k = kif.read("   1 ７六歩(77)\n   2 投了\n").orThrow();

        WriteResult asKi2 = Formats.write(k, Format.KI2, WriteOptions.UTF8);

        assertThat(asKi2.text()).contains("▲７六歩\nまで1手で先手の勝ち\n");
        assertThat(ki2.read(asKi2.text()).orThrow()).isEqualTo(k);
        assertThat(kif.write(k, WriteOptions.SHIFT_JIS).text()).startsWith("#KIF version=2.0 encoding=Shift_JIS\n");
    }

    /** The record formats with moves, each written by its own writer. */
    static Stream<Format> recordFormats() {
        return Stream.of(Format.KIF, Format.KI2, Format.CSA, Format.JKF);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("recordFormats")
    void everyWriterRefusesAnIllegalMoveInTheSameWordsAtItsPly(Format format) {
        Position start = Position.startpos();
        int pawn = Move.normal(Square.parse("7g"), Square.parse("7f"), start.pieceAt(Square.parse("7g")));
        int twoSteps = Move.normal(Square.parse("3c"), Square.parse("3e"), start.pieceAt(Square.parse("3c")));
        Kifu k = new Kifu(List.of(), Start.EVEN, List.of(), List.of(Step.move(pawn), Step.move(twoSteps)));

        KifuException e = catchThrowableOfType(KifuException.class, () -> Formats.write(k, format, WriteOptions.UTF8));

        assertThat(e.problem()).as(format.name()).isEqualTo(new Problem(Problem.Kind.CANNOT_WRITE, 0, 0, 2,
                "cannot write move 3c3e: it is not legal in lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("recordFormats")
    void everyWriterRefusesMovesFromAnIllegalStartInTheSameWords(Format format) {
        Start twoKings = Start.of(Sfen.parse("4k4/9/9/9/9/9/9/9/3KK4 b - 1"));
        int king = Move.normal(Square.parse("5i"), Square.parse("5h"), Position.startpos().pieceAt(Square.parse("5i")));
        Kifu k = new Kifu(List.of(), twoKings, List.of(), List.of(Step.move(king)));

        KifuException e = catchThrowableOfType(KifuException.class, () -> Formats.write(k, format, WriteOptions.UTF8));

        assertThat(e.problem()).as(format.name()).isEqualTo(new Problem(Problem.Kind.CANNOT_WRITE, 0, 0, 0,
                "cannot write the record: the start position is not legal: " + k.startProblem().orElseThrow()));
        assertThat(k.startProblem()).hasValue("sente has 2 kings, on 6i and 5i");
    }
}
