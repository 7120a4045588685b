package dev.meijin.notation.csa;

import dev.meijin.core.position.IllegalMoveReason;
import dev.meijin.core.position.PositionIssue;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.meijin.core.Color;
import dev.meijin.core.Move;
import dev.meijin.core.Role;
import dev.meijin.core.game.Handicap;
import dev.meijin.core.position.Position;
import dev.meijin.core.position.Setups;
import dev.meijin.core.sfen.Sfen;
import dev.meijin.notation.encoding.TextDecoder;
import dev.meijin.notation.kifu.Header;
import dev.meijin.notation.kifu.Headers;
import dev.meijin.notation.kifu.Kifu;
import dev.meijin.notation.kifu.KifuException;
import dev.meijin.notation.kifu.Problem;
import dev.meijin.notation.kifu.ReadResult;
import dev.meijin.notation.kifu.Special;
import dev.meijin.notation.kifu.Step;
import dev.meijin.testdata.TestData;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;

class CsaReaderTest {

    /** The board rows of mog-core-scala/002.csa that end in a stray '.', as (line, rank). */
    private static final int[][] STRAY_DOTS = {{5, 2}, {7, 4}, {8, 5}, {9, 6}, {11, 8}};

    static Stream<String> wellFormed() {
        return CsaCorpus.wellFormed().stream();
    }

    @ParameterizedTest
    @MethodSource("wellFormed")
    void everyWellFormedFileReadsAndReplaysWithItsEnding(String path) {
        ReadResult r = CsaReader.read(CsaCorpus.text(path));
        if (path.equals("csa/mog-core-scala/002.csa")) {
            assertThat(r.problems()).hasSize(STRAY_DOTS.length); // checked one by one below
        } else {
            assertThat(r.problems()).as(path).isEmpty();
        }
        Kifu k = r.kifu();
        assertThat(k.special()).as(path).isEqualTo(CsaCorpus.recordedEnding(path));
        Position pos = k.startPosition().orElseThrow();
        for (int m : k.mainLine()) {
            assertThat(pos.isLegal(m)).as("%s: %s in %s", path, Move.usi(m), Sfen.format(pos)).isTrue();
            pos.doMove(m);
        }
    }

    @Test
    void moveCountsPerFolderMatchTheCorpusTable() {
        // The "moves" column of SOURCES.md (counted by another program, tsshogi); it could not read
        // mog-core-scala/002.csa, whose 258 moves are added to its count here.
        Map<String, Integer> expected = new TreeMap<>(Map.of(
                "csa/apery_rust", 2, "csa/csa-rs", 8, "csa/json-kifu-format", 888, "csa/mog-core-scala", 111 + 258,
                "csa/shogi-kifu-converter", 181, "csa/shogi-server", 1144, "csa/shogihome", 26 + 6,
                "csa/sunfish4", 1018 + 127, "csa/wcsc28-apery", 23969));
        Map<String, Integer> actual = new TreeMap<>();
        for (String path : CsaCorpus.wellFormed()) {
            String folder = path.substring(0, path.indexOf('/', 4));
            actual.merge(folder, CsaReader.read(CsaCorpus.text(path)).kifu().mainLine().size(), Integer::sum);
        }
        assertThat(actual).isEqualTo(expected);
    }

    @Test
    void allWcsc28GamesAreThereWithTheirEndings() {
        List<String> games = TestData.list("csa/wcsc28-apery");
        assertThat(games).hasSize(209);
        Map<Special, Integer> endings = new EnumMap<>(Special.class);
        for (String path : games) {
            ReadResult r = CsaReader.read(CsaCorpus.text(path));
            assertThat(r.problems()).as(path).isEmpty();
            endings.merge(r.kifu().special().orElseThrow(), 1, Integer::sum);
            assertThat(r.kifu().header(Headers.START_TIME)).as(path).isPresent();
            assertThat(r.kifu().moves().getFirst().time()).as(path).isPresent();
        }
        // As MANIFEST.tsv lists them (SOURCES.md counts one %-ILLEGAL_ACTION among the 11 illegal-move losses).
        assertThat(endings).isEqualTo(Map.of(Special.TORYO, 182, Special.ILLEGAL_MOVE, 10, Special.TIME_UP, 7,
                Special.SENNICHITE, 4, Special.GOTE_ILLEGAL_ACTION, 2, Special.SENTE_ILLEGAL_ACTION, 1, Special.KACHI, 2,
                Special.CHUDAN, 1));
    }

    @Test
    void eucJpRecordWithCommentsAfterCommas() {
        String path = "csa/json-kifu-format/2005_YAMADA_GPS.csa";
        assertThat(TextDecoder.decode(TestData.bytes(path)).charset()).isEqualTo(TextDecoder.EUC_JP);
        ReadResult r = CsaReader.read(CsaCorpus.text(path));
        assertThat(r.problems()).isEmpty();
        Kifu k = r.kifu();
        assertThat(k.header(Headers.SENTE)).contains("gps");
        assertThat(k.header(Headers.GOTE)).contains("山田将棋 Version 2.18 (LEVEL5)");
        // "+7776FU  ,T0       ,'T0      ,'7776   ,'   1手目  ▲7六歩": statements padded with spaces, and three
        // comments after the move on the same line.
        Step first = k.moves().getFirst();
        assertThat(Move.usi(first.move())).isEqualTo("7g7f");
        assertThat(first.time()).contains(Duration.ZERO);
        assertThat(first.comments()).containsExactly("T0", "7776", "   1手目  ▲7六歩");
        assertThat(k.special()).contains(Special.TORYO);
    }

    // ---------------------------------------------------------------------- malformed files

    static Stream<Arguments> malformedFiles() {
        return Stream.of(
                Arguments.of("header01.csa", 1, Optional.of(Special.CHUDAN), List.of(
                        new Problem(Problem.Kind.UNKNOWN_LINE, 6, 1, 0, "unrecognised CSA statement \"START_TIME:2014/10/12 14:46:51\"", "START_TIME:2014/10/12 14:46:51"),
                        new Problem(Problem.Kind.UNKNOWN_LINE, 7, 1, 0, "unrecognised CSA statement \"END_TIME:2014/10/12 14:47:55\"", "END_TIME:2014/10/12 14:47:55"))),
                Arguments.of("header02.csa", 1, Optional.of(Special.CHUDAN), List.of(
                        new Problem(Problem.Kind.BAD_HEADER, 6, 1, 0, "information line \"$START_TIME\" has no ':' between key and value", "$START_TIME"),
                        new Problem(Problem.Kind.BAD_HEADER, 7, 1, 0, "information line \"$END_TIME\" has no ':' between key and value", "$END_TIME"))),
                Arguments.of("header03.csa", 1, Optional.of(Special.CHUDAN), List.of(
                        new Problem(Problem.Kind.BAD_HEADER, 6, 2, 0, "information line \"$:START_TIME:2014/10/12 14:46:51\" has an empty key", "$:START_TIME:2014/10/12 14:46:51"),
                        new Problem(Problem.Kind.BAD_HEADER, 7, 2, 0, "information line \"$:END_TIME:2014/10/12 14:47:55\" has an empty key", "$:END_TIME:2014/10/12 14:47:55"))),
                Arguments.of("version22.csa", 3, Optional.of(Special.CHUDAN), List.of(
                        new Problem(Problem.Kind.BAD_HEADER, 3, 1, 0, "unknown CSA version \"V2.22\" (expected V2, V2.1, V2.2 or V3.0)", "V2.22"))));
    }

    @ParameterizedTest
    @MethodSource("malformedFiles")
    void malformedHeaderLinesAreReportedAndSkipped(String file, int moves, Optional<Special> ending, List<Problem> problems) {
        ReadResult r = CsaReader.read(CsaCorpus.text("csa/errors/ruby-json-kifu-format/" + file));
        assertThat(r.problems()).containsExactlyElementsOf(problems);
        assertThat(r.kifu().mainLine()).hasSize(moves);
        assertThat(r.kifu().special()).isEqualTo(ending);
        // Everything else of the header is kept.
        assertThat(r.kifu().header(Headers.SENTE)).contains("sente");
        assertThat(r.kifu().header(Headers.GOTE)).contains("gote");
    }

    static Stream<Arguments> malformedMoves() {
        return Stream.of(
                Arguments.of("piece01.csa", 6, "malformed CSA move \"+777675\" at 5: \"75\" is not a CSA piece name"),
                Arguments.of("piece02.csa", 6, "malformed CSA move \"+7776F5\" at 5: \"F5\" is not a CSA piece name"),
                Arguments.of("xy.csa", 2, "malformed CSA move \"+7Y76FU\" at 1: \"7Y\" is not a square or 00"));
    }

    @ParameterizedTest
    @MethodSource("malformedMoves")
    void aMalformedFirstMoveStopsTheMainLineButKeepsTheHeaders(String file, int column, String message) {
        ReadResult r = CsaReader.read(CsaCorpus.text("csa/errors/ruby-json-kifu-format/" + file));
        assertThat(r.problems()).hasSize(1);
        Problem p = r.problems().getFirst();
        assertThat(p.line()).isEqualTo(18);
        assertThat(p.column()).isEqualTo(column);
        assertThat(p.ply()).isEqualTo(1);
        assertThat(p.message()).startsWith(message).endsWith("; the main line stops here");
        Kifu k = r.kifu();
        assertThat(k.moves()).isEmpty(); // the %CHUDAN after the bad move is not part of the main line
        assertThat(k.start().isEven()).isTrue();
        assertThat(k.headers()).containsExactly(new Header(Headers.SENTE, "sente"), new Header(Headers.GOTE, "gote"),
                new Header(Headers.START_TIME, "2014/10/12 14:46:51"), new Header(Headers.END_TIME, "2014/10/12 14:47:55"));
        assertThatThrownBy(() -> CsaReader.readStrict(CsaCorpus.text("csa/errors/ruby-json-kifu-format/" + file)))
                .isInstanceOf(KifuException.class)
                .hasMessageStartingWith("line 18, column " + column + ", ply 1: " + message);
    }

    @Test
    void everyMalformedFileIsCovered() {
        assertThat(CsaCorpus.malformed()).containsExactlyInAnyOrder(Stream.of("header01", "header02", "header03",
                "piece01", "piece02", "version22", "xy").map(n -> "csa/errors/ruby-json-kifu-format/" + n + ".csa").toArray(String[]::new));
    }

    // ---------------------------------------------------------------------- corpus edge cases

    @Test
    void strayDotsAfterBoardRowsAreWarningsAndTheGameReadsToItsImpasse() {
        ReadResult r = CsaReader.read(CsaCorpus.text("csa/mog-core-scala/002.csa"));
        List<Problem> expected = new ArrayList<>();
        for (int[] row : STRAY_DOTS) {
            expected.add(new Problem(Problem.Kind.UNEXPECTED_TEXT, row[0], 29, 0, "unexpected \".\" after the 9 squares of board row P" + row[1] + "; ignored", "."));
        }
        assertThat(r.problems()).containsExactlyElementsOf(expected);
        Kifu k = r.kifu();
        assertThat(k.start().isEven()).isTrue();
        assertThat(k.mainLine()).hasSize(258);
        assertThat(k.special()).contains(Special.JISHOGI);
        assertThat(k.moves().getLast().comments()).containsExactly("Win by entering king declaration.");
        // The move tsshogi rejects: +2824HI, the rook on 28 (a square of a row with a stray '.') taking on 24.
        assertThat(Move.usi(k.mainLine().get(10))).isEqualTo("2h2d");
        // "'45" then a PV after the first move; "'*"-less comments stay plain comments.
        assertThat(k.moves().getFirst().comments()).containsExactly("45", "P2g-2f P8c-8d P7g-7f P3c-3d G6i-7h P8d-8e P2f-2e "
                + "G4a-3b P2e-2d P2cx2d R2hx2d P8e-8f P8gx8f R8bx8f R2d-2h P*2c P*8g R8f-8b B8h-7g B2bx7g+ N8ix7g S3a-2b S7i-8h "
                + "K5a-4b S3i-3h P7c-7d P3g-3f S7a-7b K5i-6h P1c-1d N2i-3g N8a-7c P*2d P2cx2d R2hx2d");
    }

    @Test
    void handicapAsBoardAndAsPiGiveTheSameStart() {
        Kifu board = CsaReader.read(CsaCorpus.text("csa/json-kifu-format/8mai.csa")).kifu();
        Kifu pi = CsaReader.read(CsaCorpus.text("csa/json-kifu-format/8mai_hirate.csa")).kifu();
        assertThat(board.start()).isEqualTo(pi.start());
        assertThat(board.start().handicap()).contains(Handicap.EIGHT_PIECE);
        assertThat(board.start().setup().turn()).isEqualTo(Color.GOTE);
        assertThat(board.mainLine()).isEqualTo(pi.mainLine()).hasSize(25);
        // In a handicap game the names are 下手 (sente, the receiver) and 上手 (gote, the giver).
        assertThat(board.header(Headers.SHITATE)).contains("shitate");
        assertThat(board.header(Headers.UWATE)).contains("uwate");
        assertThat(board.header(Headers.SENTE)).isEmpty();
    }

    @Test
    void boardWithHandsAndPieceByPiecePlacementGiveTheSameStart() {
        ReadResult rows = CsaReader.read(CsaCorpus.text("csa/json-kifu-format/9fu.csa"));
        ReadResult pieces = CsaReader.read(CsaCorpus.text("csa/json-kifu-format/9fu_komabetsu.csa"));
        assertThat(rows.problems()).isEmpty();
        assertThat(pieces.problems()).isEmpty();
        assertThat(rows.kifu().start()).isEqualTo(pieces.kifu().start());
        // Nine gote pawns on file 2, the king on 11; sente has only pieces in hand (a composed problem).
        assertThat(Sfen.format(rows.kifu().start().setup())).isEqualTo("7pk/7p1/7p1/7p1/7p1/7p1/7p1/7p1/7p1 b 2R4L4s4n 1");
        assertThat(rows.kifu().mainLine()).isEqualTo(pieces.kifu().mainLine());
        assertThat(rows.kifu().special()).contains(Special.TSUMI);
    }

    @Test
    void allRemainingPiecesGoToTheHandOf00AL() {
        Kifu k = CsaReader.read(CsaCorpus.text("csa/shogi-kifu-converter/tsumeshogi.csa")).kifu();
        var s = k.start().setup();
        assertThat(s.handCount(Color.GOTE, Role.PAWN)).isEqualTo(14);
        assertThat(s.handCount(Color.GOTE, Role.LANCE)).isEqualTo(3);
        assertThat(s.handCount(Color.GOTE, Role.KNIGHT)).isEqualTo(4);
        assertThat(s.handCount(Color.GOTE, Role.SILVER)).isEqualTo(4);
        assertThat(s.handCount(Color.GOTE, Role.GOLD)).isEqualTo(4);
        assertThat(s.handCount(Color.GOTE, Role.BISHOP)).isZero();
        assertThat(s.handCount(Color.GOTE, Role.ROOK)).isZero();
        assertThat(s.handCount(Color.SENTE, Role.PAWN)).isZero();
        assertThat(k.start().handicap()).isEmpty();
        assertThat(k.startComments()).containsExactly("行き詰まり『新たなる殺意』 (看寿賞 平成元年短編賞)",
                "https://zentsumeren.web.fc2.com/html/kanju/kanpe05h01zu.html");
    }

    @Test
    void engineCommentsAndTimesAttachToTheirMove() {
        Kifu k = CsaReader.read(CsaCorpus.text("csa/shogihome/e2e-27/record.csa")).kifu();
        assertThat(k.header(Headers.TIME_LIMIT)).contains("30+0+5"); // V3 $TIME
        assertThat(k.header(Headers.END_TIME)).contains("");
        Step second = k.moves().get(1);
        assertThat(second.time()).contains(Duration.ofSeconds(1));
        assertThat(second.comments()).isEmpty();
        assertThat(second.engineComments()).containsExactly("互角", "*評価値=-35", "*読み筋=▲２五歩△８五歩", "*深さ=8",
                "*ノード数=12345", "*エンジン=usi-csa-bridge");
        assertThat(k.moves().getLast().special()).contains(Special.TORYO);
        assertThat(k.moves().getLast().time()).contains(Duration.ZERO);
    }

    @Test
    void serverRecordWithRepeatedKachi() {
        // A floodgate record: the declaring client's "%KACHI,'* -5000 win" and then the server's own %KACHI.
        ReadResult r = CsaReader.read(CsaCorpus.text(
                "csa/json-kifu-format/dr1test1test0+tu-1_aobazero_viper-300-5F+aobazero+viper+20200719201040.csa"));
        assertThat(r.problems()).isEmpty();
        Step last = r.kifu().moves().getLast();
        assertThat(last.special()).contains(Special.KACHI);
        assertThat(last.engineComments()).containsExactly(" -5000 win");
        assertThat(last.time()).contains(Duration.ofSeconds(10));
        assertThat(r.kifu().mainLine()).hasSize(400);
    }

    // ---------------------------------------------------------------------- the format, piece by piece

    @Test
    void version3Record() {
        String text = """
                'CSA encoding=UTF-8
                V3.0
                N+先手太郎
                N-後手花子
                $EVENT:テスト
                $TIME:600+10+0
                $TIME+:300+0+5
                $MAX_MOVES:256
                $JISHOGI:27
                $NOTE:備考です
                $CUSTOM_KEY:some value
                PI
                +
                +7776FU,T12.345
                -3334FU,T0.5
                %MAX_MOVES,T1
                """;
        ReadResult r = CsaReader.read(text);
        assertThat(r.problems()).isEmpty();
        Kifu k = r.kifu();
        assertThat(k.headers()).containsExactly(new Header(Headers.SENTE, "先手太郎"), new Header(Headers.GOTE, "後手花子"),
                new Header(Headers.EVENT, "テスト"), new Header(Headers.TIME_LIMIT, "600+10+0"),
                new Header(Headers.SENTE_TIME_LIMIT, "300+0+5"), new Header(Headers.MAX_MOVES, "256"),
                new Header(Headers.JISHOGI, "27"), new Header(Headers.NOTE, "備考です"), new Header("CUSTOM_KEY", "some value"));
        assertThat(k.startComments()).isEmpty(); // the encoding line is not a comment
        assertThat(k.moves().get(0).time()).contains(Duration.ofMillis(12_345));
        assertThat(k.moves().get(1).time()).contains(Duration.ofMillis(500));
        assertThat(k.special()).contains(Special.MAX_MOVES);
    }

    @Test
    void versionOneRecordWithoutVersionLine() {
        ReadResult r = CsaReader.read(CsaCorpus.text("csa/csa-rs/v1.csa"));
        assertThat(r.problems()).isEmpty();
        assertThat(r.kifu().mainLine()).hasSize(2);
        assertThat(r.kifu().moves().get(1).time()).contains(Duration.ofSeconds(6));
    }

    @Test
    void severalStatementsOnOneLine() {
        ReadResult r = CsaReader.read("V2.2\nPI,+\n+7776FU,T3,-3334FU,T4\n+8822UM,'a comment, with a comma\n%TORYO\n");
        assertThat(r.problems()).isEmpty();
        Kifu k = r.kifu();
        assertThat(k.mainLine()).extracting(Move::usi).containsExactly("7g7f", "3c3d", "8h2b+");
        assertThat(k.moves().get(1).time()).contains(Duration.ofSeconds(4));
        assertThat(k.moves().get(2).comments()).containsExactly("a comment, with a comma");
    }

    @Test
    void severalRecordsInOneText() {
        String text = "V2.2\nN+a\nPI\n+\n+7776FU\n%TORYO\n/\nV2.2\nN+b\nPI82HI\n-\n-5142OU\n/\n\n/\nV2.2\nPI\n+\n+2726FU,T1\n";
        List<ReadResult> all = CsaReader.readAll(text);
        assertThat(all).hasSize(3); // the blank record between two separators is skipped
        assertThat(all.get(0).kifu().header(Headers.SENTE)).contains("a");
        assertThat(all.get(1).kifu().start().handicap()).contains(Handicap.ROOK);
        assertThat(all.get(1).kifu().header(Headers.SHITATE)).contains("b");
        assertThat(all.get(2).kifu().mainLine()).extracting(Move::usi).containsExactly("2g2f");
        // Line numbers count from the start of the text.
        List<ReadResult> bad = CsaReader.readAll("PI\n+\n/\nPI\n+\n+7775FU\n");
        assertThat(bad.get(1).problems()).extracting(Problem::line).containsExactly(6);
        // read() gives the first record.
        assertThat(CsaReader.read(text).kifu().header(Headers.SENTE)).contains("a");
    }

    @Test
    void piMayListTheRemovedPiecesInAnyOrder() {
        Kifu k = CsaReader.read("PI82HI22KA91KY11KY\n-\n").kifu();
        assertThat(k.start().handicap()).contains(Handicap.FOUR_PIECE);
        assertThat(CsaReader.read("PI\n+\n").kifu().start().isEven()).isTrue();
        ReadResult wrong = CsaReader.read("PI55FU\n+\n");
        assertThat(wrong.problems()).containsExactly(new Problem(Problem.Kind.BAD_SQUARE, 1, 3, 0, "PI removes FU from 55, where the even start has no piece"));
    }

    @ParameterizedTest
    @EnumSource(Special.class)
    void everyCsaSpecialReads(Special special) {
        if (special.csa().isEmpty()) {
            return; // 反則勝ち, 不戦勝, 不戦敗 and 封じ手 have no CSA spelling
        }
        ReadResult r = CsaReader.read("PI\n+\n+7776FU\n" + special.csa().get() + "\n");
        assertThat(r.problems()).isEmpty();
        assertThat(r.kifu().special()).contains(special);
    }

    @Test
    void illegalMoveStopsTheMainLineAndKeepsWhatCameBefore() {
        ReadResult r = CsaReader.read("N+x\nPI\n+\n+7776FU\n-3334FU\n+7775FU\n-8384FU\n%TORYO\n");
        assertThat(r.kifu().mainLine()).hasSize(2);
        assertThat(r.kifu().special()).isEmpty();
        // After +7776FU the square 77 is empty: the core's NO_SUCH_PIECE, in its words.
        assertThat(r.problems()).containsExactly(new Problem(Problem.Kind.ILLEGAL_MOVE, 6, 1, 3, "illegal CSA move \"+7775FU\" in "
                + "lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL b - 3: no piece on 7g (7g7e); "
                + "the main line stops here", "+7775FU", IllegalMoveReason.NO_SUCH_PIECE));
        assertThat(r.kifu().header(Headers.SENTE)).contains("x");
    }

    @Test
    void wrongSideToMoveIsAnIllegalMove() {
        ReadResult r = CsaReader.read("PI\n+\n-3334FU\n");
        assertThat(r.kifu().mainLine()).isEmpty();
        assertThat(r.problems()).singleElement().satisfies(p -> {
            assertThat(p.line()).isEqualTo(3);
            assertThat(p.message()).contains("sente (+) is to move");
        });
    }

    @Test
    void leniencyReportsEachOddity() {
        String text = """
                V2.2
                PI
                ,
                X-ray
                P2 * -HI
                +
                T5
                +7776FU,T1x
                %NOPE
                -3334FU
                %TORYO
                %CHUDAN
                +2726FU
                """;
        ReadResult r = CsaReader.read(text);
        assertThat(r.problems()).containsExactly(
                new Problem(Problem.Kind.UNKNOWN_LINE, 4, 1, 0, "unrecognised CSA statement \"X-ray\"", "X-ray"),
                new Problem(Problem.Kind.BAD_BOARD, 5, 1, 0, "board row P2 after PI; it overwrites that rank"),
                new Problem(Problem.Kind.BAD_BOARD_ROW, 5, 9, 0, "board row P2 has only 2 squares, not 9"),
                new Problem(Problem.Kind.BAD_TIME, 7, 1, 0, "time \"T5\" before any move; ignored", "T5"),
                new Problem(Problem.Kind.BAD_TIME, 8, 9, 0, "\"T1x\" is not a time such as T12 or T12.345", "T1x"),
                new Problem(Problem.Kind.BAD_ENDING, 9, 1, 0, "unknown special \"%NOPE\"; ignored", "%NOPE"),
                new Problem(Problem.Kind.BAD_ENDING, 12, 1, 0, "a second special %CHUDAN after %TORYO; ignored", "%CHUDAN"),
                new Problem(Problem.Kind.MOVE_AFTER_END, 13, 1, 3, "move \"+2726FU\" after the game ended with %TORYO; the rest is ignored", "+2726FU"));
        assertThat(r.kifu().mainLine()).hasSize(2);
        assertThat(r.kifu().special()).contains(Special.TORYO);
    }

    @Test
    void missingPositionOrTurnIsAssumed() {
        ReadResult noPosition = CsaReader.read("+\n+7776FU\n");
        assertThat(noPosition.kifu().start().isEven()).isTrue();
        assertThat(noPosition.kifu().mainLine()).hasSize(1);
        assertThat(noPosition.problems()).containsExactly(
                new Problem(Problem.Kind.BAD_BOARD, 1, 1, 0, "no start position (PI, P1–P9 or P+/P-) before the side-to-move line; the even start is assumed"));
        ReadResult noTurn = CsaReader.read("PI\n+7776FU\n");
        assertThat(noTurn.kifu().mainLine()).hasSize(1);
        assertThat(noTurn.problems()).containsExactly(
                new Problem(Problem.Kind.SIDE_TO_MOVE, 2, 1, 0, "no side-to-move line (+ or -) before the first move; sente is assumed to move first"));
        ReadResult nothing = CsaReader.read("");
        assertThat(nothing.kifu()).isEqualTo(Kifu.empty());
        assertThat(nothing.problems()).extracting(Problem::message).containsExactly("no CSA record in the text");
        ReadResult onlyNames = CsaReader.read("N+a\n");
        assertThat(onlyNames.kifu().start().isEven()).isTrue();
        assertThat(onlyNames.problems()).containsExactly(
                new Problem(Problem.Kind.BAD_BOARD, 0, 0, 0, "the record has no start position and no side-to-move line; the even start is assumed"));
    }

    @Test
    void illegalStartPositionIsReportedAndNoMoveIsRead() {
        ReadResult r = CsaReader.read("P+55OU\nP-51OU\nP-52OU\n+\n+5546OU\n");
        assertThat(r.kifu().mainLine()).isEmpty();
        assertThat(r.problems()).containsExactly(new Problem(Problem.Kind.ILLEGAL_START, 4, 1, 0,
                "the start position is not legal: gote has 2 kings, on 5a and 5b; no moves were read", null, PositionIssue.TOO_MANY_KINGS));
    }

    @Test
    void aHandOfMoreThanARecordMayGiveIsCut() {
        // 100 pawns in hand were kept and later made the KIF writer throw.
        ReadResult r = CsaReader.read("P+55OU\nP-51OU\nP+" + "00FU".repeat(60) + "\nP+" + "00FU".repeat(40) + "00KI\n+\n");

        assertThat(r.kifu().start().setup().handCount(Color.SENTE, Role.PAWN)).isEqualTo(99);
        assertThat(r.kifu().start().setup().handCount(Color.SENTE, Role.GOLD)).isEqualTo(1);
        assertThat(r.problems()).containsExactly(
                new Problem(Problem.Kind.BAD_HAND, 4, 159, 0, "more than 99 FU in sente's hand; ignored"),
                new Problem(Problem.Kind.ILLEGAL_START, 5, 1, 0, "the start position is not legal: 99 pawns on the board and in hand, a set has 18; no moves were read", null, PositionIssue.TOO_MANY_PIECES));
    }

    @Test
    void lineEndingsAndByteOrderMark() {
        String unix = "V2.2\nPI\n+\n+7776FU\n-3334FU\n";
        for (String text : List.of(unix, unix.replace("\n", "\r\n"), unix.replace("\n", "\r"), "\uFEFF" + unix)) {
            ReadResult r = CsaReader.read(text);
            assertThat(r.problems()).isEmpty();
            assertThat(r.kifu().mainLine()).hasSize(2);
        }
    }

    @Test
    void squeezedEmptySquaresAreAccepted() {
        // Mail and web pages squeeze " *  * " into " * * ".
        String rows = """
                P1-KY-KE-GI-KI-OU-KI-GI-KE-KY
                P2 * -HI * * * * * -KA *
                P3-FU-FU-FU-FU-FU-FU-FU-FU-FU
                P4 * * * * * * * * *
                P5 * * * * * * * * *
                P6 * * * * * * * * *
                P7+FU+FU+FU+FU+FU+FU+FU+FU+FU
                P8 * +KA * * * * * +HI *
                P9+KY+KE+GI+KI+OU+KI+GI+KE+KY
                +
                """;
        ReadResult r = CsaReader.read(rows);
        assertThat(r.problems()).isEmpty();
        assertThat(r.kifu().start().setup()).isEqualTo(Setups.STARTPOS);
    }

    @Test
    void problemsAreCappedAndTwentyThousandPliesReadWhole() {
        ReadResult junk = CsaReader.read("PI\n+\n" + "?\n".repeat(2_500));
        assertThat(junk.problems()).hasSize(CsaReader.MAX_PROBLEMS + 1);
        assertThat(junk.problems().getLast().message()).isEqualTo("1500 more problems are not listed");
        // 20 000 plies of kings walking to and fro (a record has no move limit of its own).
        ReadResult walk = CsaReader.read("PI\n+\n" + "+5958OU\n-5152OU\n+5859OU\n-5251OU\n".repeat(5_000));
        assertThat(walk.problems()).isEmpty();
        assertThat(walk.kifu().mainLine()).hasSize(20_000);
    }

    @Test
    void neverThrowsOnMangledInput() {
        List<String> sources = List.of("csa/json-kifu-format/example.csa", "csa/mog-core-scala/002.csa",
                "csa/json-kifu-format/9fu_komabetsu.csa", "csa/shogihome/e2e-27/record.csa", "csa/shogi-kifu-converter/tsumeshogi.csa");
        Random random = new Random(20260101L);
        String alphabet = "+-0123456789PINTV$%',/ *:.\n\rFUKYKEGIKIKAHIOUTONYNKNGUMRYAL\u3000歩";
        for (String path : sources) {
            String original = CsaCorpus.text(path);
            for (int round = 0; round < 200; round++) {
                StringBuilder sb = new StringBuilder(original);
                int edits = 1 + random.nextInt(8);
                for (int e = 0; e < edits && !sb.isEmpty(); e++) {
                    int at = random.nextInt(sb.length());
                    switch (random.nextInt(4)) {
                        case 0 -> sb.deleteCharAt(at);
                        case 1 -> sb.insert(at, alphabet.charAt(random.nextInt(alphabet.length())));
                        case 2 -> sb.setCharAt(at, alphabet.charAt(random.nextInt(alphabet.length())));
                        default -> sb.setLength(at);
                    }
                }
                String text = sb.toString();
                String what = path + " round " + round;
                List<ReadResult> all = CsaReader.readAll(text);
                assertThat(all).as(what).hasSize(records(text));
                int lines = text.split("\r\n|\r|\n", -1).length;
                for (ReadResult r : all) {
                    for (Problem p : r.problems()) {
                        assertThat(p.message()).as(what).isNotBlank();
                        // Line numbers count from the start of the text, 0 for a problem of the whole record.
                        assertThat(p.line()).as("%s: %s", what, p).isBetween(0, lines);
                        assertThat(p.column()).as("%s: %s", what, p).isNotNegative();
                        assertThat(p.ply()).as("%s: %s", what, p).isNotNegative();
                    }
                    Position pos = r.kifu().moves().isEmpty() ? null : r.kifu().startPosition().orElseThrow();
                    if (pos != null) {
                        for (int m : r.kifu().mainLine()) {
                            assertThat(pos.isLegal(m)).isTrue();
                            pos.doMove(m);
                        }
                    }
                }
            }
        }
    }

    /**
     * How many records a CSA text holds, as {@link CsaReader#readAll} documents it: records are separated by a
     * line holding only {@code /}, and blank ones are skipped; a leading byte-order mark is ignored.
     */
    private static int records(String text) {
        String t = text.startsWith("\uFEFF") ? text.substring(1) : text;
        int records = 0;
        boolean content = false;
        for (String line : t.split("\r\n|\r|\n", -1)) {
            if (line.strip().equals("/")) {
                records += content ? 1 : 0;
                content = false;
            } else if (!line.isBlank()) {
                content = true;
            }
        }
        return records + (content ? 1 : 0);
    }
}
