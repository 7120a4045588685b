package dev.meijin.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.meijin.core.Move;
import dev.meijin.notation.Formats;
import dev.meijin.notation.encoding.TextDecoder;
import dev.meijin.notation.kifu.Kifu;
import dev.meijin.notation.kifu.ReadResult;
import dev.meijin.testdata.TestData;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.stream.StreamSupport;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;

class ConvertCommandTest {

    /** A professional game, 181 moves and 投了, in Shift_JIS. */
    private static final String HABU_FUJII = "kif/python-shogi/habu-fujii-2006.kif";
    /** A KIF with comments and five variations. */
    private static final String HENKA = "kif/json-kifu-format/henka.kif";
    /** A CSA game whose board rows end with a stray "." (five reading problems). */
    private static final String STRAY_DOTS = "csa/mog-core-scala/002.csa";

    @TempDir
    Path dir;

    private String copy(String testData, String name) throws IOException {
        Path p = dir.resolve(name);
        Files.write(p, TestData.bytes(testData));
        return p.toString();
    }

    private static Kifu read(Path file) throws IOException {
        ReadResult r = Formats.read(Files.readAllBytes(file), Optional.of(file.getFileName().toString()));
        assertThat(r.problems()).as(file.toString()).isEmpty();
        return r.kifu();
    }

    private static List<String> usi(Kifu k) {
        return k.mainLine().stream().map(Move::usi).toList();
    }

    @Test
    void kifToCsaAndBackKeepsTheMovesAndEachFileGetsItsEncoding() throws IOException {
        String kif = copy(HABU_FUJII, "game.kif");
        Path csa = dir.resolve("game.csa");
        Path back = dir.resolve("back.kif");

        Cli.Result toCsa = Cli.run("convert", kif, "-o", csa.toString());
        Cli.Result toKif = Cli.run("convert", csa.toString(), "-o", back.toString());

        assertThat(toCsa.code()).isEqualTo(Main.OK);
        assertThat(toCsa.out()).isEmpty();
        assertThat(toCsa.errLines()).allMatch(l -> l.startsWith("dropped: "));
        assertThat(toKif.code()).isEqualTo(Main.OK);
        Kifu original = read(Path.of(kif));
        // A CSA V2.2 file is Shift_JIS and says so; the players' names survive the trip.
        String csaText = TextDecoder.decode(Files.readAllBytes(csa), TextDecoder.SHIFT_JIS).orThrow();
        assertThat(csaText).startsWith("'encoding=Shift_JIS\nV2.2\n").contains("\n+7776FU").endsWith("%TORYO\n");
        assertThat(read(csa).header("先手")).isPresent().isEqualTo(original.header("先手"));
        // .kif is Shift_JIS: it decodes strictly as such and declares it.
        String kifText = TextDecoder.decode(Files.readAllBytes(back), TextDecoder.SHIFT_JIS).orThrow();
        assertThat(kifText).startsWith("#KIF version=2.0 encoding=Shift_JIS");
        assertThat(usi(read(csa))).hasSize(181).isEqualTo(usi(original));
        assertThat(usi(read(back))).isEqualTo(usi(original));
        assertThat(read(back).special()).isEqualTo(original.special());
    }

    @Test
    void csaVersionThreeDeclaresUtf8() throws IOException {
        String kif = copy(HABU_FUJII, "game.kif");

        Cli.Result r = Cli.run("convert", kif, "--to", "csa", "--csa-version", "3.0");

        assertThat(r.code()).isEqualTo(Main.OK);
        assertThat(r.outLines()).startsWith("'CSA encoding=UTF-8", "V3.0");
    }

    @Test
    void toJkfIsValidJsonWithOneEntryPerStep() throws IOException {
        String kif = copy(HABU_FUJII, "game.kif");

        Cli.Result r = Cli.run("convert", kif, "--to", "jkf");

        assertThat(r.code()).isEqualTo(Main.OK);
        JsonNode root = new ObjectMapper().readTree(r.out());
        assertThat(root.get("initial").get("preset").asString()).isEqualTo("HIRATE");
        JsonNode moves = root.get("moves");
        // The first entry holds the start's comments, then one entry per move and one for 投了.
        assertThat(moves.size()).isEqualTo(1 + 181 + 1);
        assertThat(StreamSupport.stream(moves.spliterator(), false).filter(m -> m.has("move")).count()).isEqualTo(181);
        assertThat(moves.get(182).get("special").asString()).isEqualTo("TORYO");
    }

    @Test
    void toUsiAndSfenIsOneLineWithTheMoves() throws IOException {
        String kif = copy(HABU_FUJII, "game.kif");
        String moves = String.join(" ", usi(read(Path.of(kif))));

        Cli.Result usi = Cli.run("convert", kif, "--to", "usi");
        Cli.Result sfen = Cli.run("convert", kif, "--to", "sfen");

        assertThat(usi.code()).isEqualTo(Main.OK);
        assertThat(usi.outLines()).containsExactly("position startpos moves " + moves);
        assertThat(sfen.outLines()).containsExactly(
                "sfen lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1 moves " + moves);
        assertThat(usi.errLines()).contains("dropped: the ending 投了").allMatch(l -> l.startsWith("dropped: "));
    }

    @Test
    void toSfenWithoutMovesIsTheSameFormWithoutTheMoves() throws IOException {
        Path csa = dir.resolve("start.csa");
        Files.writeString(csa, "V2.2\nPI\n+\n", StandardCharsets.US_ASCII);

        Cli.Result sfen = Cli.run("convert", csa.toString(), "--to", "sfen");

        assertThat(sfen.code()).isEqualTo(Main.OK);
        assertThat(sfen.outLines()).containsExactly("sfen lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1");
    }

    @Test
    void whatTheTargetCannotHoldIsReportedAsDropped() throws IOException {
        String kif = copy(HENKA, "henka.kif");

        Cli.Result r = Cli.run("convert", kif, "--to", "csa");

        assertThat(r.code()).isEqualTo(Main.OK);
        assertThat(r.out()).startsWith("V2.2\n");
        assertThat(r.errLines()).allMatch(l -> l.startsWith("dropped: ")).contains("dropped: 5 variations dropped");
    }

    @Test
    void withoutTargetItWritesUtf8KifToStandardOutput() throws IOException {
        String csa = copy("csa/shogihome/e2e-27/record.csa", "record.csa");

        Cli.Result r = Cli.run("convert", csa);

        assertThat(r.code()).isEqualTo(Main.OK);
        assertThat(r.outLines()).first().isEqualTo("#KIF version=2.0 encoding=UTF-8");
        assertThat(r.out()).contains("   1 ２六歩(27)").contains("投了");
    }

    @Test
    void theTargetComesFromTheOutputExtensionAndItsEncodingToo() throws IOException {
        String csa = copy("csa/shogihome/e2e-27/record.csa", "record.csa");
        Path kifu = dir.resolve("out.kifu");
        Path ki2 = dir.resolve("out.ki2");
        Path kifuAsKif = dir.resolve("named.kifu");

        assertThat(Cli.run("convert", csa, "-o", kifu.toString()).code()).isEqualTo(Main.OK);
        assertThat(Cli.run("convert", csa, "-o", ki2.toString()).code()).isEqualTo(Main.OK);
        assertThat(Cli.run("convert", csa, "--to", "kif", "-o", kifuAsKif.toString()).code()).isEqualTo(Main.OK);

        assertThat(TextDecoder.decode(Files.readAllBytes(kifu), StandardCharsets.UTF_8).orThrow()).contains("２六歩(27)");
        assertThat(TextDecoder.decode(Files.readAllBytes(ki2), TextDecoder.SHIFT_JIS).orThrow()).contains("▲２六歩");
        assertThat(TextDecoder.decode(Files.readAllBytes(kifuAsKif), StandardCharsets.UTF_8).orThrow())
                .startsWith("#KIF version=2.0 encoding=UTF-8");
        assertThat(Formats.detect(Files.readString(kifu), Optional.empty()).name()).isEqualTo("KIF");
        assertThat(usi(read(ki2))).isEqualTo(usi(read(Path.of(csa))));
    }

    @Test
    void readingProblemsAreReportedWithTheirPlaceAndOnlyStrictFails() throws IOException {
        String csa = copy(STRAY_DOTS, "002.csa");
        Path out = dir.resolve("002.kifu");

        Cli.Result lenient = Cli.run("convert", csa, "--to", "usi");
        Cli.Result strict = Cli.run("convert", csa, "--strict", "-o", out.toString());

        assertThat(lenient.code()).isEqualTo(Main.OK);
        assertThat(lenient.outLines()).singleElement().asString().startsWith("position startpos moves 2g2f 8c8d");
        assertThat(lenient.errLines()).hasSize(5 + 4)
                .startsWith(csa + ":5:29: unexpected \".\" after the 9 squares of board row P2; ignored")
                .contains(csa + ":11:29: unexpected \".\" after the 9 squares of board row P8; ignored")
                .contains("dropped: the ending 持将棋");
        assertThat(strict.code()).isEqualTo(Main.FAILED);
        assertThat(strict.errLines()).hasSize(6).last().isEqualTo("meijin: " + csa + ": 5 problems; nothing written (--strict)");
        assertThat(out).doesNotExist();
    }

    @Test
    void anInputThatCannotBeReadIsOneErrorLine() throws IOException {
        Path junk = dir.resolve("notes.txt");
        Files.writeString(junk, "hello\nworld\n");
        Path missing = dir.resolve("missing.kif");

        Cli.Result notARecord = Cli.run("convert", junk.toString());
        Cli.Result noFile = Cli.run("convert", missing.toString());

        assertThat(notARecord.code()).isEqualTo(Main.FAILED);
        assertThat(notARecord.out()).isEmpty();
        assertThat(notARecord.errLines()).singleElement().asString()
                .startsWith("meijin: cannot read " + junk + ": not a game record in a known format");
        assertThat(noFile.code()).isEqualTo(Main.FAILED);
        assertThat(noFile.errLines()).containsExactly("meijin: cannot read " + missing + ": no such file");
    }

    /**
     * Prose whose lines hold colons (a README, notes) reads as KIF headers with unknown keys and nothing else: it
     * is no record, for convert, notate and solve alike, and the message says where the first line that is not
     * part of a record is (a line starting with # is a KIF comment). A file with a standard header and nothing else is an empty record, not an error.
     */
    @Test
    void proseWithColonsIsNotARecord() throws IOException {
        Path notes = dir.resolve("README.md");
        Files.writeString(notes, "# Meijin\n\nMeijin is a shogi system written in Java:\n- a rules library\nUsage: see below\n");
        for (String command : List.of("convert", "notate", "solve")) {
            Cli.Result r = Cli.run(command, notes.toString());
            assertThat(r.code()).as(command).isEqualTo(Main.FAILED);
            assertThat(r.out()).as(command).isEmpty();
            assertThat(r.errLines()).as(command).containsExactly("meijin: cannot read " + notes
                    + ": not a game record in a known format (KIF, KI2, CSA, JKF, USI, SFEN): line 4: unrecognised line \"- a rules library\"");
        }
        Path players = dir.resolve("players.kif");
        Files.writeString(players, "先手：羽生善治\n後手：藤井聡太\n");
        Cli.Result empty = Cli.run("convert", players.toString(), "--to", "csa");
        assertThat(empty.code()).isEqualTo(Main.OK);
        assertThat(empty.outLines()).contains("N+羽生善治", "N-藤井聡太");
    }

    @Test
    void anOutputThatIsADirectoryIsAUsageError() throws IOException {
        Cli.Result r = Cli.run("convert", copy(HENKA, "henka.kif"), "-o", dir.toString());
        assertThat(r.code()).isEqualTo(Main.USAGE);
        assertThat(r.errLines()).containsExactly(
                "meijin convert: -o: " + dir + " is a directory; give the name of the file to write (see 'meijin convert --help')");
    }

    /** mog-core-scala's 001.kif starts at 2017-03-22T01:00:00.000Z: CSA, whose dates name no zone, gets Japan time, and says so. */
    @Test
    void aDateInUtcIsWrittenToCsaInJapanTimeAndListed() throws IOException {
        String kif = copy("kif/mog-core-scala/001.kif", "001.kif");
        Cli.Result csa = Cli.run("convert", kif, "--to", "csa");
        assertThat(csa.code()).isEqualTo(Main.OK);
        assertThat(csa.outLines()).contains("$START_TIME:2017/03/22 10:00:00");
        assertThat(csa.errLines()).contains(
                "dropped: header 開始日時 (\"2017-03-22T01:00:00.000Z\" written in Japan time as 2017/03/22 10:00:00: CSA dates have no zone)");
        Cli.Result jkf = Cli.run("convert", kif, "--to", "jkf");
        assertThat(jkf.out()).contains("\"開始日時\": \"2017-03-22T01:00:00.000Z\"");
        assertThat(jkf.err()).doesNotContain("開始日時");
    }

    @Test
    void anSfenRecordWithABadPositionIsReadLenientlyAsTheReaderSays() throws IOException {
        Path sfen = dir.resolve("bad.sfen");
        Files.writeString(sfen, "sfen 4k4/9/9/9/9/9/9/9/4K4 b 99P 1\n", StandardCharsets.US_ASCII);

        Cli.Result convert = Cli.run("convert", sfen.toString(), "--to", "sfen");
        Cli.Result strict = Cli.run("convert", sfen.toString(), "--to", "sfen", "--strict");

        // It is an SFEN record with a problem, not a text in no known format.
        assertThat(convert.code()).isEqualTo(Main.OK);
        assertThat(convert.errLines()).singleElement().asString().startsWith(sfen + ":1:")
                .contains("99 pawns in sente's hand, a set has 18").endsWith("; the even start is assumed");
        assertThat(convert.outLines()).containsExactly("sfen lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1");
        assertThat(strict.code()).isEqualTo(Main.FAILED);
        assertThat(strict.out()).isEmpty();
    }

    @Test
    void anEmptyFileIsNotARecord() throws IOException {
        Path empty = dir.resolve("empty.kif");
        Files.write(empty, new byte[0]);
        Path emptySfen = dir.resolve("empty.sfen");
        Files.write(emptySfen, new byte[0]);
        assertThat(Cli.run("convert", emptySfen.toString()).errLines()).containsExactly("meijin: cannot read " + emptySfen
                + ": not a game record in a known format (KIF, KI2, CSA, JKF, USI, SFEN): the file is empty");

        Cli.Result convert = Cli.run("convert", empty.toString(), "--to", "csa");
        Cli.Result notate = Cli.run("notate", empty.toString());

        assertThat(List.of(convert, notate)).allSatisfy(r -> {
            assertThat(r.code()).isEqualTo(Main.FAILED);
            assertThat(r.out()).isEmpty();
            assertThat(r.errLines()).containsExactly("meijin: cannot read " + empty
                    + ": not a game record in a known format (KIF, KI2, CSA, JKF, USI, SFEN): the file is empty");
        });
    }

    @Test
    void controlCharactersOfTheInputAreEscapedInMessages() throws IOException {
        // A terminal would obey the escape sequence (here: clear the screen) if it were printed as it is.
        Path kif = dir.resolve("escape.kif");
        Files.writeString(kif, "手合割：平手\n\u001b[2Jboom\u0000\n   1 ７六歩(77)\n");

        Cli.Result convert = Cli.run("convert", kif.toString(), "--to", "usi");
        Cli.Result validate = Cli.run("validate", kif.toString());

        assertThat(convert.code()).isEqualTo(Main.OK);
        assertThat(convert.errLines()).containsExactly(kif + ":2: unrecognised line \"\\u001b[2Jboom\\u0000\"");
        assertThat(validate.outLines()).contains("  line 2: unrecognised line \"\\u001b[2Jboom\\u0000\"");
    }

    @Test
    void badOptionsAreUsageErrors() throws IOException {
        String kif = copy(HABU_FUJII, "game.kif");

        Cli.Result unknownTarget = Cli.run("convert", kif, "--to", "pgn");
        Cli.Result unknownExtension = Cli.run("convert", kif, "-o", dir.resolve("out.txt").toString());
        Cli.Result versionForKif = Cli.run("convert", kif, "--to", "kif", "--csa-version", "3.0");
        Cli.Result badVersion = Cli.run("convert", kif, "--to", "csa", "--csa-version", "2.1");

        assertThat(List.of(unknownTarget, unknownExtension, versionForKif, badVersion))
                .allSatisfy(r -> {
                    assertThat(r.code()).isEqualTo(Main.USAGE);
                    assertThat(r.out()).isEmpty();
                });
        String help = " (see 'meijin convert --help')";
        assertThat(unknownTarget.errLines())
                .containsExactly("meijin convert: --to: unknown format 'pgn' (kif, kifu, ki2, ki2u, csa, jkf, sfen, usi)" + help);
        assertThat(unknownExtension.errLines())
                .containsExactly("meijin convert: cannot tell the format from the name out.txt; use --to" + help);
        assertThat(versionForKif.errLines()).containsExactly("meijin convert: --csa-version applies only to CSA output" + help);
        assertThat(badVersion.errLines()).containsExactly("meijin convert: --csa-version: '2.1' is not 2.2 or 3.0" + help);
        assertThat(dir.resolve("out.txt")).doesNotExist();
    }

    @Test
    void helpPrintsCleanly() {
        Cli.Result r = Cli.run("convert", "--help");

        assertThat(r.code()).isEqualTo(Main.OK);
        assertThat(r.out()).startsWith("Usage: meijin convert").contains("Examples:");
        assertThat(r.err()).isEmpty();
    }
}
