package dev.meijin.core.game;

import static org.assertj.core.api.Assertions.assertThat;

import dev.meijin.testdata.TestData;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.Charset;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Checks the handicap registry against itself (SFEN, CSA {@code PI}, removed pieces) and against real records
 * from the test corpus. The SFEN and CSA boards are decoded by small local helpers so the test does not depend
 * on the SFEN parser it could be used to test.
 */
class HandicapTest {

    private static final Charset SHIFT_JIS = Charset.forName("windows-31j");

    /** One side's full set by SFEN letter (upper case). */
    private static final Map<Character, Integer> FULL_SET =
            Map.of('P', 9, 'L', 2, 'N', 2, 'S', 2, 'G', 2, 'B', 1, 'R', 1, 'K', 1);

    private static final Map<String, Character> CSA_TO_SFEN = Map.of(
            "FU", 'P', "KY", 'L', "KE", 'N', "GI", 'S', "KI", 'G', "KA", 'B', "HI", 'R', "OU", 'K');

    // ---- the registry on its own -------------------------------------------------------------------------

    @ParameterizedTest
    @EnumSource(Handicap.class)
    void sfenIsWellFormedAndGiverMovesFirst(Handicap h) {
        String[] fields = h.sfen().split(" ");
        assertThat(fields).as(h.sfen()).hasSize(4);
        assertThat(fields[0].split("/")).as(h.sfen()).hasSize(9);
        for (String rank : fields[0].split("/")) {
            int width = 0;
            for (char c : rank.toCharArray()) {
                width += Character.isDigit(c) ? c - '0' : 1;
            }
            assertThat(width).as("rank %s of %s", rank, h.sfen()).isEqualTo(9);
        }
        assertThat(fields[1]).as(h.sfen()).isEqualTo(h == Handicap.EVEN ? "b" : "w");
        assertThat(fields[3]).as(h.sfen()).isEqualTo("1");
        assertThat(h.isHandicap()).isEqualTo(h != Handicap.EVEN);
    }

    @ParameterizedTest
    @EnumSource(Handicap.class)
    void senteHasTheFullSetInTheEvenPlaces(Handicap h) {
        Map<Integer, Character> board = sfenBoard(h.sfen());
        Map<Integer, Character> even = sfenBoard(Handicap.EVEN.sfen());
        board.values().removeIf(Character::isLowerCase);
        even.values().removeIf(Character::isLowerCase);
        assertThat(board).as(h.sfen()).isEqualTo(even);
        assertThat(count(board.values(), true)).as(h.sfen()).isEqualTo(FULL_SET);
        assertThat(sfenHand(h.sfen()).keySet()).as(h.sfen()).noneMatch(Character::isUpperCase);
    }

    @ParameterizedTest
    @EnumSource(Handicap.class)
    void giverPiecesPlusRemovedPiecesMakeAFullSet(Handicap h) {
        Map<Character, Integer> gote = count(sfenBoard(h.sfen()).values(), false);
        sfenHand(h.sfen()).forEach((piece, n) -> {
            if (Character.isLowerCase(piece)) {
                gote.merge(Character.toUpperCase(piece), n, Integer::sum);
            }
        });
        h.removedPieces().forEach((csa, n) -> gote.merge(CSA_TO_SFEN.get(csa), n, Integer::sum));
        assertThat(gote).as("%s: gote's pieces + removedPieces() %s", h.sfen(), h.removedPieces())
                .isEqualTo(FULL_SET);
        assertThat(h.removedPieces().values()).allMatch(n -> n > 0);
    }

    @ParameterizedTest
    @EnumSource(Handicap.class)
    void boardIsTheEvenBoardMinusExactlyThePiSquares(Handicap h) {
        if (h.csaPi().isEmpty()) {
            assertThat(h).isEqualTo(Handicap.THREE_PAWNS);
            assertThat(sfenHand(h.sfen())).isEqualTo(Map.of('p', 3));
            return;
        }
        String pi = h.csaPi().orElseThrow();
        assertThat(pi).as(h.name()).matches("PI(\\d\\d[A-Z]{2})*");
        Map<Integer, Character> expected = sfenBoard(Handicap.EVEN.sfen());
        Map<String, Integer> removed = new HashMap<>();
        List<Integer> squares = new ArrayList<>();
        for (int i = 2; i < pi.length(); i += 4) {
            int square = Integer.parseInt(pi.substring(i, i + 2));
            String csa = pi.substring(i + 2, i + 4);
            squares.add(square);
            // PI only removes the giver's (gote's) own pieces from their even-game squares.
            assertThat(expected.remove(square)).as("%s: %s at %d", pi, csa, square)
                    .isEqualTo(Character.toLowerCase(CSA_TO_SFEN.get(csa)));
            removed.merge(csa, 1, Integer::sum);
        }
        assertThat(squares).as("%s lists squares in ascending order", pi).isSorted();
        assertThat(sfenBoard(h.sfen())).as("%s versus %s", h.sfen(), pi).isEqualTo(expected);
        assertThat(sfenHand(h.sfen())).as(h.sfen()).isEmpty();
        assertThat(removed).as(pi).isEqualTo(h.removedPieces());
    }

    @Test
    void removedPiecesAreListedInCsaOrder() {
        assertThat(Handicap.THREE_PAWNS.removedPieces().keySet())
                .containsExactly("HI", "KA", "KI", "GI", "KE", "KY", "FU");
        assertThat(Handicap.EVEN.removedPieces()).isEmpty();
        assertThat(Handicap.ROOK_LANCE.removedPieces()).containsExactly(Map.entry("HI", 1), Map.entry("KY", 1));
    }

    /** Every handicap: 5 for a removed rook or bishop, 1 for any other removed piece. */
    @ParameterizedTest
    @CsvSource({
        "EVEN, 0", "LANCE, 1", "RIGHT_LANCE, 1", "BISHOP, 5", "ROOK, 5", "ROOK_LANCE, 6", "TWO_PIECE, 10",
        "THREE_PIECE, 11", "FOUR_PIECE, 12", "FIVE_PIECE, 13", "LEFT_FIVE_PIECE, 13", "SIX_PIECE, 14",
        "LEFT_SEVEN_PIECE, 15", "RIGHT_SEVEN_PIECE, 15", "EIGHT_PIECE, 16", "NINE_PIECE, 17", "TEN_PIECE, 18",
        // 歩三兵: rook and bishop 10, golds, silvers, knights and lances 8, six of the nine pawns 6.
        "THREE_PAWNS, 24",
        // 裸玉: everything but the king, 10 + 8 + 9.
        "NAKED_KING, 27",
        "DRAGONFLY, 8", "TWO_LANCES, 2"
    })
    void removedPointsCountMajorPiecesAsFive(Handicap h, int points) {
        assertThat(h.removedPoints()).as(h.name()).isEqualTo(points);
    }

    @Test
    void everyStartPositionIsDifferent() {
        Set<String> positions = new HashSet<>();
        for (Handicap h : Handicap.values()) {
            assertThat(positions.add(h.sfen())).as("duplicate SFEN %s", h.sfen()).isTrue();
        }
    }

    @Test
    void sidesFollowTheGiversOwnLeftAndRight() {
        // The giver sits at rank 1: his left is file 1 (the bishop's side), his right file 9.
        assertThat(sfenBoard(Handicap.LANCE.sfen())).doesNotContainKey(11).containsEntry(91, 'l');
        assertThat(sfenBoard(Handicap.RIGHT_LANCE.sfen())).doesNotContainKey(91).containsEntry(11, 'l');
        assertThat(sfenBoard(Handicap.FIVE_PIECE.sfen())).doesNotContainKey(81).containsEntry(21, 'n');
        assertThat(sfenBoard(Handicap.LEFT_FIVE_PIECE.sfen())).doesNotContainKey(21).containsEntry(81, 'n');
        assertThat(sfenBoard(Handicap.LEFT_SEVEN_PIECE.sfen())).doesNotContainKey(31).containsEntry(71, 's');
        assertThat(sfenBoard(Handicap.RIGHT_SEVEN_PIECE.sfen())).doesNotContainKey(71).containsEntry(31, 's');
        assertThat(sfenBoard(Handicap.NINE_PIECE.sfen())).doesNotContainKey(61).containsEntry(41, 'g');
    }

    // ---- lookups ------------------------------------------------------------------------------------------

    @ParameterizedTest
    @EnumSource(Handicap.class)
    void lookupsRoundTrip(Handicap h) {
        assertThat(Handicap.byId(h.id())).contains(h);
        assertThat(Handicap.byJapanese(h.japanese())).contains(h);
        assertThat(Handicap.byJapanese(" " + h.japanese() + "\u3000\u3000")).contains(h);
        for (String alt : h.alternatives()) {
            assertThat(Handicap.byJapanese(alt)).as(alt).contains(h);
        }
        if (h.japanese().endsWith("落ち")) {
            String short_ = h.japanese().substring(0, h.japanese().length() - 1);
            assertThat(Handicap.byJapanese(short_)).as(short_).contains(h);
        }
        h.jkfPreset().ifPresent(p -> assertThat(Handicap.byJkfPreset(p)).as(p).contains(h));
    }

    @ParameterizedTest
    @CsvSource({
        "香落, LANCE", "飛車香落ち, ROOK_LANCE", "飛香落, ROOK_LANCE", "2枚落ち, TWO_PIECE",
        "ニ枚落ち, TWO_PIECE", "２枚落ち, TWO_PIECE", "10枚落ち, TEN_PIECE", "１０枚落ち, TEN_PIECE",
        "4枚落, FOUR_PIECE", "左5枚落ち, LEFT_FIVE_PIECE", "十九枚落ち, NAKED_KING", "兩香落ち, TWO_LANCES",
        "飛落ち, ROOK", "七枚落ち, RIGHT_SEVEN_PIECE", "右 七枚 落ち, RIGHT_SEVEN_PIECE"
    })
    void byJapaneseAcceptsRealWorldSpellings(String text, Handicap expected) {
        assertThat(Handicap.byJapanese(text)).as(text).contains(expected);
    }

    @Test
    void byJapaneseToleratesTheTrailingSpacesOfKifFiles() {
        assertThat(Handicap.byJapanese("平手　")).contains(Handicap.EVEN);
        assertThat(Handicap.byJapanese("平手　　")).contains(Handicap.EVEN);
        assertThat(Handicap.byJapanese("\t平手 \r")).contains(Handicap.EVEN);
    }

    @ParameterizedTest
    @ValueSource(strings = {"その他", "その他　", "詰将棋　", "", "　", "落ち", "二十枚落ち", "香", "平手落ち", "Lance"})
    void byJapaneseRejectsWhatIsNotAHandicap(String text) {
        assertThat(Handicap.byJapanese(text)).as("\"%s\"", text).isEmpty();
    }

    @Test
    void byIdAndByJkfPresetAreExact() {
        assertThat(Handicap.byId("lance")).isEmpty();
        assertThat(Handicap.byId("")).isEmpty();
        assertThat(Handicap.byJkfPreset("OTHER")).isEmpty();
        assertThat(Handicap.byJkfPreset("ky")).isEmpty();
        assertThat(Handicap.byJkfPreset(" 7_L ")).contains(Handicap.LEFT_SEVEN_PIECE);
    }

    @Test
    void noTwoHandicapsShareAName() {
        Map<String, Handicap> seen = new HashMap<>();
        for (Handicap h : Handicap.values()) {
            List<String> names = new ArrayList<>(h.alternatives());
            names.add(h.japanese());
            for (String name : names) {
                Handicap other = seen.put(name, h);
                assertThat(other == null || other == h).as("%s used by %s and %s", name, other, h).isTrue();
            }
        }
    }

    @Test
    void jkfPresetsAreExactlyThoseOfTheJkfSchema() {
        String schema = TestData.text(
                "jkf/shogi-kifu-converter/specification/json-kifu-format.schema.json", StandardCharsets.UTF_8);
        Matcher block = Pattern.compile("\"preset\"\\s*:\\s*\\{[^}]*?\"enum\"\\s*:\\s*\\[([^\\]]*)]").matcher(schema);
        assertThat(block.find()).as("preset enum in the JKF schema").isTrue();
        Set<String> schemaPresets = new HashSet<>();
        Matcher item = Pattern.compile("\"([^\"]+)\"").matcher(block.group(1));
        while (item.find()) {
            schemaPresets.add(item.group(1));
        }
        assertThat(schemaPresets).contains("HIRATE", "OTHER").hasSize(17);
        Set<String> ours = new HashSet<>();
        for (Handicap h : Handicap.values()) {
            h.jkfPreset().ifPresent(ours::add);
        }
        schemaPresets.remove("OTHER");
        assertThat(ours).isEqualTo(schemaPresets);
    }

    // ---- real records -------------------------------------------------------------------------------------

    @ParameterizedTest
    @CsvSource({
        "kif/json-kifu-format/20081220kyoochi.kif, LANCE",
        "ki2/shogi-kifu-converter/4.ki2, FOUR_PIECE",
        "ki2/shogi-kifu-converter/4.ki2u, FOUR_PIECE",
        "kif/json-kifu-format/8mai.kif, EIGHT_PIECE",
        "ki2/json-kifu-format/8mai.ki2, EIGHT_PIECE",
        "ki2/json-kifu-format/8mai.ki2u, EIGHT_PIECE",
        "ki2/json-kifu-format/7mai.ki2u, LEFT_SEVEN_PIECE",
        "kif/json-kifu-format/ryuou201409020101.kif, EVEN"
    })
    void handicapRecordsResolve(String path, Handicap expected) {
        assertThat(Handicap.byJapanese(teai(path))).as(path).contains(expected);
    }

    /**
     * The 124 KIF and KI2 files of the corpus: 97 have a {@code 手合割} line. Three name no handicap (a custom
     * start or a tsume problem); the other 94 resolve, 87 of them to 平手 ({@code 平手} or {@code 平手　　}) and
     * these seven to handicaps.
     */
    @Test
    void everyTeaiLineInTheCorpusResolvesOrIsACustomStart() {
        List<String> paths = new ArrayList<>(TestData.list("kif"));
        paths.addAll(TestData.list("ki2"));
        Map<String, Handicap> handicaps = new TreeMap<>();
        Map<Handicap, Integer> tally = new EnumMap<>(Handicap.class);
        List<String> custom = new ArrayList<>();
        int withoutLine = 0;
        for (String path : paths) {
            String teai = teai(path);
            if (teai == null) {
                withoutLine++;
                continue;
            }
            String bare = teai.strip();
            if (bare.equals("その他") || bare.equals("詰将棋")) {
                assertThat(Handicap.byJapanese(teai)).as(path).isEmpty();
                custom.add(path);
            } else {
                Handicap h = Handicap.byJapanese(teai).orElseThrow(() -> new AssertionError(path + ": 手合割：" + teai));
                tally.merge(h, 1, Integer::sum);
                if (h != Handicap.EVEN) {
                    handicaps.put(path, h);
                }
            }
        }
        assertThat(paths).hasSize(124);
        assertThat(withoutLine).as("records without a 手合割 line").isEqualTo(27);
        assertThat(custom).containsExactlyInAnyOrder(
                "kif/json-kifu-format/9fu.kif", "ki2/json-kifu-format/9fu.ki2", "kif/tsumemi/testbranch.kif");
        assertThat(handicaps).containsExactly(
                Map.entry("ki2/json-kifu-format/7mai.ki2u", Handicap.LEFT_SEVEN_PIECE),
                Map.entry("ki2/json-kifu-format/8mai.ki2", Handicap.EIGHT_PIECE),
                Map.entry("ki2/json-kifu-format/8mai.ki2u", Handicap.EIGHT_PIECE),
                Map.entry("ki2/shogi-kifu-converter/4.ki2", Handicap.FOUR_PIECE),
                Map.entry("ki2/shogi-kifu-converter/4.ki2u", Handicap.FOUR_PIECE),
                Map.entry("kif/json-kifu-format/20081220kyoochi.kif", Handicap.LANCE),
                Map.entry("kif/json-kifu-format/8mai.kif", Handicap.EIGHT_PIECE));
        assertThat(tally).as("records resolved, by handicap").isEqualTo(Map.of(Handicap.EVEN, 87, Handicap.LANCE, 1,
                Handicap.FOUR_PIECE, 2, Handicap.LEFT_SEVEN_PIECE, 1, Handicap.EIGHT_PIECE, 3));
    }

    @Test
    void openingMovesOfHandicapRecordsUsePiecesTheGiverStillHas() {
        // 香落ち game, move 19: ９二香(91) -- the right lance is still there, so the left one was removed.
        assertThat(text("kif/json-kifu-format/20081220kyoochi.kif")).contains("９二香(91)");
        assertThat(sfenBoard(Handicap.LANCE.sfen())).containsEntry(91, 'l');
        // 左七枚落ち game opens △８二銀: only a silver on 7a can reach 8b.
        assertThat(text("ki2/json-kifu-format/7mai.ki2u")).contains("△８二銀");
        assertThat(sfenBoard(Handicap.LEFT_SEVEN_PIECE.sfen())).containsEntry(71, 's');
        // 八枚落ち game opens ７二金(61).
        assertThat(text("kif/json-kifu-format/8mai.kif")).contains("７二金(61)");
        assertThat(sfenBoard(Handicap.EIGHT_PIECE.sfen())).containsEntry(61, 'g');
    }

    @Test
    void csaPiLineOfARealRecordMatchesEightPiece() {
        String csa = text("csa/json-kifu-format/8mai_hirate.csa");
        String pi = csa.lines().filter(l -> l.startsWith("PI")).findFirst().orElseThrow();
        assertThat(Handicap.EIGHT_PIECE.csaPi()).contains(pi.strip());
        assertThat(csaBoard(text("csa/json-kifu-format/8mai.csa")))
                .isEqualTo(sfenBoard(Handicap.EIGHT_PIECE.sfen()));
    }

    @ParameterizedTest
    @ValueSource(strings = {"initial_hirate", "initial_ky", "initial_ka", "initial_hi", "initial_4", "initial_6"})
    void csaBoardsMatchTheirConvertedJkfPreset(String name) {
        String json = TestData.text("jkf/shogi-kifu-converter/csa/" + name + ".json", StandardCharsets.UTF_8);
        Matcher m = Pattern.compile("\"preset\"\\s*:\\s*\"([^\"]+)\"").matcher(json);
        assertThat(m.find()).as(name).isTrue();
        Handicap h = Handicap.byJkfPreset(m.group(1)).orElseThrow();
        String csa = text("csa/shogi-kifu-converter/" + name + ".csa");
        if (csa.lines().anyMatch(l -> l.startsWith("PI"))) {
            String pi = csa.lines().filter(l -> l.startsWith("PI")).findFirst().orElseThrow().strip();
            assertThat(h.csaPi()).as(name).contains(pi);
        } else {
            assertThat(csaBoard(csa)).as("%s versus %s", name, h.sfen()).isEqualTo(sfenBoard(h.sfen()));
        }
        // The comment on the first line names the handicap in Japanese.
        assertThat(Handicap.byJapanese(csa.lines().findFirst().orElseThrow().substring(1))).as(name).contains(h);
    }

    @Test
    void everyHandicapIsCoveredByTheParameterisedTests() {
        assertThat(EnumSet.allOf(Handicap.class)).hasSize(21);
    }

    // ---- helpers ------------------------------------------------------------------------------------------

    /** Board squares as {@code 10 * file + rank} (CSA numbering) to SFEN letters; promoted pieces keep '+'. */
    private static Map<Integer, Character> sfenBoard(String sfen) {
        Map<Integer, Character> board = new TreeMap<>();
        String[] ranks = sfen.split(" ")[0].split("/");
        for (int r = 0; r < 9; r++) {
            int file = 9;
            for (char c : ranks[r].toCharArray()) {
                if (Character.isDigit(c)) {
                    file -= c - '0';
                } else if (c != '+') {
                    board.put(10 * file + r + 1, c);
                    file--;
                }
            }
        }
        return board;
    }

    /** Pieces in hand by SFEN letter (upper case sente, lower case gote). */
    private static Map<Character, Integer> sfenHand(String sfen) {
        Map<Character, Integer> hand = new HashMap<>();
        String field = sfen.split(" ")[2];
        if (field.equals("-")) {
            return hand;
        }
        int n = 0;
        for (char c : field.toCharArray()) {
            if (Character.isDigit(c)) {
                n = 10 * n + (c - '0');
            } else {
                hand.merge(c, n == 0 ? 1 : n, Integer::sum);
                n = 0;
            }
        }
        return hand;
    }

    /** Counts one side's pieces by upper-case letter. */
    private static Map<Character, Integer> count(Iterable<Character> pieces, boolean sente) {
        Map<Character, Integer> counts = new HashMap<>();
        for (char c : pieces) {
            if (Character.isUpperCase(c) == sente) {
                counts.merge(Character.toUpperCase(c), 1, Integer::sum);
            }
        }
        return counts;
    }

    /** Reads the P1..P9 rows of a CSA record into the same map as {@link #sfenBoard(String)}. */
    private static Map<Integer, Character> csaBoard(String csa) {
        Map<Integer, Character> board = new TreeMap<>();
        for (String line : csa.lines().toList()) {
            if (line.length() >= 2 && line.charAt(0) == 'P' && line.charAt(1) >= '1' && line.charAt(1) <= '9') {
                int rank = line.charAt(1) - '0';
                for (int col = 0; col < 9; col++) {
                    String padded = line + " ".repeat(29);
                    String cell = padded.substring(2 + 3 * col, 5 + 3 * col);
                    if (!cell.strip().equals("*")) {
                        char letter = CSA_TO_SFEN.get(cell.substring(1));
                        char piece = cell.charAt(0) == '+' ? letter : Character.toLowerCase(letter);
                        board.put(10 * (9 - col) + rank, piece);
                    }
                }
            }
        }
        return board;
    }

    /** The text after {@code 手合割：}, or null if the record has no such line. */
    private static String teai(String path) {
        for (String line : text(path).lines().toList()) {
            if (line.startsWith("手合割：")) {
                return line.substring("手合割：".length());
            }
        }
        return null;
    }

    /** Decodes a record as UTF-8 when it is valid UTF-8, otherwise as Shift_JIS (CP932). */
    private static String text(String path) {
        byte[] bytes = TestData.bytes(path);
        try {
            StandardCharsets.UTF_8.newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(bytes));
            return TestData.text(path, StandardCharsets.UTF_8);
        } catch (CharacterCodingException e) {
            return TestData.text(path, SHIFT_JIS);
        }
    }
}
