package dev.meijin.notation;

import static org.assertj.core.api.Assertions.assertThat;

import dev.meijin.core.Color;
import dev.meijin.core.Move;
import dev.meijin.core.game.Ending;
import dev.meijin.core.game.Outcome;
import dev.meijin.core.game.RuleSet;
import dev.meijin.core.sfen.Sfen;
import dev.meijin.notation.kifu.Kifu;
import dev.meijin.notation.kifu.Problem;
import dev.meijin.notation.kifu.ReadResult;
import dev.meijin.notation.kifu.RecordValidator;
import dev.meijin.notation.kifu.Special;
import dev.meijin.notation.kifu.Step;
import dev.meijin.notation.kifu.Validation;
import dev.meijin.notation.kifu.WriteResult;
import dev.meijin.testdata.TestData;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every well-formed game record of the test corpus, read through {@link Formats}, replayed under the rules by
 * {@link RecordValidator}, and converted between formats.
 *
 * <p>Which files are records. Left out: the {@code errors/} folders (intentionally malformed files, tested by
 * the readers' own tests) and {@code jkf/shogi-kifu-converter/specification/} (the JKF JSON Schema, not a
 * record). Kept, folder by folder: {@code csa/sunfish4/{problem,prof1,prof5,test/book_gen}} are start
 * positions with at most one move, which are records of a position; {@code jkf/shogi-kifu-converter/{csa,kif,
 * ki2}} are the JKF records a reference converter wrote for the same-named inputs; every other folder holds
 * games, tsume or reader fixtures.
 *
 * <p>A record must read without problems, except the files in {@link #READ_QUIRKS}, which must give exactly
 * the problems listed; it must replay without problems ({@link Validation#ok()}), except the files in
 * {@link #VALIDATION_QUIRKS}; and the ending it records must be the one the rules give.
 */
@Tag("slow")
class CorpusTest {

    /** The corpus folders that hold records, one per format. */
    private static final List<String> FOLDERS = List.of("csa", "kif", "ki2", "jkf");

    /** How many records {@link #records()} finds; a folder renamed or lost would otherwise go unnoticed. */
    private static final int RECORDS = 433;

    /** The records that rely on the rules' 27-point declaration (CSA rules). */
    private static final String JISHOGI_KACHI = "csa/shogi-server/jishogi_kachi.csa";

    /**
     * Records with known quirks, and the exact problems reading them gives, as {@link Problem#toString()}.
     */
    static final Map<String, List<String>> READ_QUIRKS = Map.of(
            // The board rows of this elmo–YaneuraOu game end with a stray "." upstream; the reader skips it.
            "csa/mog-core-scala/002.csa", List.of(
                    "line 5, column 29: unexpected \".\" after the 9 squares of board row P2; ignored",
                    "line 7, column 29: unexpected \".\" after the 9 squares of board row P4; ignored",
                    "line 8, column 29: unexpected \".\" after the 9 squares of board row P5; ignored",
                    "line 9, column 29: unexpected \".\" after the 9 squares of board row P6; ignored",
                    "line 11, column 29: unexpected \".\" after the 9 squares of board row P8; ignored"),
            // Games that ended on an illegal move, recorded as played: the main line stops before it.
            // 015: sente's king walks into check (the record ends with the comment 反則手にて終局).
            "kif/mog-core-scala/015.kif", List.of(
                    "line 91, column 6, ply 83: illegal Japanese move \"１七玉(28)\" in "
                            + "l4Gs2/1sg2s2+P/pp2p2+L1/2pr1kp2/4g2n1/1PP2p3/+r4PPP1/3+b1LSK1/3b1G1NL b P2n5p 83: "
                            + "the king would be in check on 1g"),
            // 017: sente's knight on 3g is pinned by the horse on 2f, so its move leaves the king in check (王手放置),
            // and the record goes on with 28 反則勝ち.
            "kif/mog-core-scala/017.kif", List.of(
                    "line 34, column 4, ply 27: illegal Japanese move \"４五桂(37)\" in "
                            + "lnsgkg1nl/7s1/ppppp+B1pp/9/9/2P3p+b1/PP1PP1N1P/2G3S2/LNS1KG2L b R3Prp 27: "
                            + "it would leave the king in check"));

    /** Records the rules disagree with for a known reason, and the exact problems replaying them gives (none now). */
    static final Map<String, List<String>> VALIDATION_QUIRKS = Map.of();

    /** Every well-formed record of the corpus, sorted by folder then path. */
    static Stream<String> records() {
        return FOLDERS.stream().flatMap(f -> TestData.list(f).stream()).filter(CorpusTest::isRecord);
    }

    static boolean isRecord(String path) {
        return !path.contains("/errors/") && !path.startsWith("jkf/shogi-kifu-converter/specification/");
    }

    /** The records whose source format is the given folder's. */
    static Stream<String> records(String folder) {
        return records().filter(p -> p.startsWith(folder + "/"));
    }

    static Stream<String> kifRecords() {
        return records("kif");
    }

    static Stream<String> ki2Records() {
        return records("ki2");
    }

    static ReadResult read(String path) {
        return Formats.read(TestData.bytes(path), Optional.of(fileName(path)));
    }

    private static String fileName(String path) {
        return path.substring(path.lastIndexOf('/') + 1);
    }

    @Test
    void theCorpusHoldsTheExpectedNumberOfRecords() {
        Map<String, Long> perFolder = records().collect(Collectors.groupingBy(p -> p.substring(0, p.indexOf('/')),
                TreeMap::new, Collectors.counting()));
        assertThat(perFolder).containsOnlyKeys(FOLDERS);
        assertThat(records().count()).as("records per folder: %s", perFolder).isEqualTo(RECORDS);
        assertThat(READ_QUIRKS.keySet()).allMatch(CorpusTest::isRecord).allMatch(p -> records().anyMatch(p::equals));
        assertThat(VALIDATION_QUIRKS.keySet()).allMatch(p -> records().anyMatch(p::equals));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("records")
    void readsWithoutProblemsOrWithExactlyTheKnownOnes(String path) {
        ReadResult r = read(path);

        assertThat(r.problems()).as(path).map(Problem::toString).containsExactlyElementsOf(READ_QUIRKS.getOrDefault(path, List.of()));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("records")
    void replaysUnderTheRulesAndTheRecordedEndingIsConfirmed(String path) {
        Kifu k = read(path).kifu();
        Validation v = RecordValidator.validate(k);

        assertThat(v.problems()).as(path).map(Problem::toString)
                .containsExactlyElementsOf(VALIDATION_QUIRKS.getOrDefault(path, List.of()));
        assertThat(v.moves()).as(path).isEqualTo(k.mainLine().size());
        if (VALIDATION_QUIRKS.containsKey(path)) {
            return;
        }
        Optional<Special> recorded = k.special();
        Optional<Outcome> judged = v.judged();
        if (recorded.isEmpty()) {
            return;
        }
        Color toMove = k.sideToMoveAtEnd();
        Special sp = recorded.get();
        switch (sp.effect()) {
            case DRAW -> assertThat(judged).as(path).get().isInstanceOf(Outcome.Draw.class);
            case MOVER_WINS, MOVER_LOSES, SENTE_LOSES, GOTE_LOSES -> assertThat(judged).as(path).get()
                    .isInstanceOfSatisfying(Outcome.Win.class, w -> assertThat(Optional.of(w.winner()))
                            .as("%s: the recorded winner", path).isEqualTo(sp.winner(toMove)));
            case NONE -> { }
        }
        Optional<Ending> ending = judged.map(Outcome::ending);
        switch (sp) {
            case TSUMI -> assertThat(ending).as("%s: 詰み is a checkmate", path).contains(Ending.CHECKMATE);
            case SENNICHITE -> assertThat(ending).as("%s: 千日手 is a fourfold repetition", path).contains(Ending.REPETITION);
            case KACHI -> assertThat(ending).as("%s: %%KACHI is a valid declaration", path).contains(Ending.DECLARATION);
            case TORYO -> assertThat(ending).as(path).contains(toryoEnding(k));
            default -> { }
        }
    }

    /**
     * What a recorded 投了 is under the rules, from the final position alone (the core's legal moves and check,
     * not the validator's judging): a resignation, unless the side to move has no legal move, which is a mate
     * when it is in check.
     */
    private static Ending toryoEnding(Kifu k) {
        dev.meijin.core.position.Position end = k.finalPosition().orElseThrow();
        if (end.legalMoves().length > 0) {
            return Ending.RESIGNATION;
        }
        return end.inCheck() ? Ending.CHECKMATE : Ending.NO_LEGAL_MOVES;
    }

    @Test
    void everyWcsc28SennichiteIsAFourfoldRepetition() {
        List<String> games = records("csa/wcsc28-apery")
                .filter(p -> read(p).kifu().special().equals(Optional.of(Special.SENNICHITE))).toList();

        assertThat(games).containsExactly(
                "csa/wcsc28-apery/utf8_WCSC28_U1_SSE_YMT.csa",
                "csa/wcsc28-apery/utf8_WCSC28_U1_USA_NAN.csa",
                "csa/wcsc28-apery/utf8_WCSC28_U7_NZM_ELM_2.csa",
                "csa/wcsc28-apery/utf8_WCSC28_U7_QHA_MCB.csa");
        // The final position of each game, and where it first stood among its four occurrences (found by comparing
        // the SFEN after every ply): YMT after plies 88, 92, 96, 100; NAN 87, 91, 95, 99; ELM 49, 53, 57, 61;
        // MCB 60, 64, 68, 72.
        Map<String, Integer> since = Map.of(games.get(0), 88, games.get(1), 87, games.get(2), 49, games.get(3), 60);
        for (String p : games) {
            Validation v = RecordValidator.validate(read(p).kifu());
            assertThat(v.ok()).as(p).isTrue();
            assertThat(v.judged()).as(p).contains(new Outcome.Draw(Ending.REPETITION, "fourfold repetition since ply " + since.get(p)));
        }
    }

    @Test
    void everyKachiIsAValidDeclarationWonByTheDeclarer() {
        Map<String, String> expected = Map.of(
                "csa/json-kifu-format/dr1test1test0+tu-1_aobazero_viper-300-5F+aobazero+viper+20200719201040.csa",
                "Sente wins by impasse declaration (40 points)",
                JISHOGI_KACHI, "Gote wins by impasse declaration (27 points)",
                "csa/wcsc28-apery/utf8_WCSC28_U1_TSG_HFW.csa", "Sente wins by impasse declaration (34 points)",
                "csa/wcsc28-apery/utf8_WCSC28_U8_MCB_HFW.csa", "Gote wins by impasse declaration (40 points)",
                "kif/shogihome/e2e/3/record.kifu", "Gote wins by impasse declaration (28 points)");
        List<String> kachi = records().filter(p -> read(p).kifu().special().equals(Optional.of(Special.KACHI))).toList();

        assertThat(kachi).containsExactlyInAnyOrderElementsOf(expected.keySet());
        for (String p : kachi) {
            Kifu k = read(p).kifu();
            Validation v = RecordValidator.validate(k);
            assertThat(v.ok()).as(p).isTrue();
            assertThat(v.judged()).as(p).get().isInstanceOfSatisfying(Outcome.Win.class,
                    w -> assertThat(w.winner()).as("%s: the declarer wins", p).isEqualTo(k.sideToMoveAtEnd()));
            assertThat(v.judged().map(Outcome::describe)).as(p).contains(expected.get(p));
        }
    }

    /**
     * shogi-server's fixture for the 27-point declaration. The file's closing comment
     * ({@code 'summary:illegal kachi}) is the verdict of the server that played the game in 2006, but the
     * declaration meets the CSA 27-point rule exactly: gote's king on 4h, 12 pieces in the camp, 27 points
     * (gote needs 27, sente 28). shogi-server's own test ({@code test/TC_jishogi_kachi.rb}) replays these
     * moves, has gote send {@code %KACHI} and expects {@code #JISHOGI} / {@code #WIN} for gote. Under the
     * amateur 24-point rule the same count is only a draw.
     */
    @Test
    void theShogiServerKachiFixtureIsAGoteWinWithExactly27Points() {
        Kifu k = read(JISHOGI_KACHI).kifu();
        assertThat(k.mainLine()).hasSize(315);
        assertThat(k.sideToMoveAtEnd()).isEqualTo(Color.GOTE);

        Validation csa = RecordValidator.validate(k);
        assertThat(csa.ok()).isTrue();
        assertThat(csa.judged().map(Outcome::describe)).contains("Gote wins by impasse declaration (27 points)");

        Validation amateur = RecordValidator.validate(k, RecordValidator.rulesFor(k).withImpasse(RuleSet.Impasse.DECLARATION_24));
        // Gote's 27 points: 12 pieces in its camp (ranks g to i: a dragon and 11 small pieces, 16 points) and a
        // bishop, a silver, two knights and three lances in hand (11 points).
        assertThat(amateur.judged()).contains(new Outcome.Draw(Ending.DECLARATION, "27 points, 24–30 draw"));
    }

    /**
     * A tsume recorded as 詰み although gote could still interpose at 8b by a drop: each interposition is futile
     * (無駄合: answered by mate at once), so by tsume convention the problem ends here, and the validator says so.
     */
    @Test
    void aTsumeEndingWithOnlyFutileInterpositionsIsAMate() {
        Kifu k = read("ki2/json-kifu-format/kobayashi_kinsho196702.ki2").kifu();

        Validation v = RecordValidator.validate(k);

        assertThat(v.ok()).isTrue();
        assertThat(k.finalPosition().orElseThrow().legalMoves()).hasSize(5);
        assertThat(v.notes()).containsExactly("recorded 詰み with only futile interpositions (無駄合) left: each is answered by mate at once");
        assertThat(v.judged()).get().isInstanceOfSatisfying(Outcome.Win.class, w -> {
            assertThat(w.winner()).isEqualTo(Color.SENTE);
            assertThat(w.ending()).isEqualTo(Ending.CHECKMATE);
        });
    }

    @Test
    void aTsumeThatIsNotMateIsReported() {
        Kifu k = Formats.read("V2.2\nPI\n+\n+7776FU\n-3334FU\n%TSUMI\n", Optional.of("tsumi.csa")).orThrow();

        Validation v = RecordValidator.validate(k);

        // After ７六歩 ３四歩 sente has the 30 moves of the start, the knight's 8i7g, and eight bishop moves
        // (7g, 6f, 5e, 4d, and 3c and 2b with and without promotion).
        assertThat(v.problems()).containsExactly(new Problem(Problem.Kind.ENDING_MISMATCH, 0, 0, 2, "recorded 詰み, but sente is not checkmated (39 legal moves)"));
    }

    @Test
    void aDeclarationTheRulesRejectIsReportedAsSuch() {
        Kifu k = Formats.read("V2.2\nPI\n+\n+7776FU\n-3334FU\n%KACHI\n", Optional.of("kachi.csa")).orThrow();

        Validation v = RecordValidator.validate(k);

        assertThat(v.ok()).isFalse();
        assertThat(v.problems()).containsExactly(new Problem(Problem.Kind.ENDING_MISMATCH, 0, 0, 2, "recorded 入玉勝ち, but the rules reject the declaration: "
                + "failed impasse declaration: the king has not entered the enemy camp"));
        assertThat(v.judged()).get().isInstanceOfSatisfying(Outcome.Win.class, w -> {
            assertThat(w.winner()).isEqualTo(Color.GOTE);
            assertThat(w.ending()).isEqualTo(Ending.ILLEGAL_MOVE);
        });
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("kifRecords")
    void kifToCsaToKifKeepsTheStartAndTheMainLine(String path) {
        Kifu original = read(path).kifu();

        WriteResult csa = Formats.write(original, Format.CSA, WriteOptions.UTF8);
        ReadResult fromCsa = Formats.read(csa.text(), Optional.of("record.csa"));
        assertThat(fromCsa.problems()).as("%s as CSA:%n%s", path, csa.text()).isEmpty();
        WriteResult kif = Formats.write(fromCsa.kifu(), Format.KIF, WriteOptions.UTF8);
        ReadResult back = Formats.read(kif.text(), Optional.of("record.kifu"));

        assertThat(back.problems()).as("%s back as KIF:%n%s", path, kif.text()).isEmpty();
        assertThat(sfen(back.kifu())).as(path).isEqualTo(sfen(original));
        assertThat(usi(back.kifu().mainLine())).as(path).isEqualTo(usi(original.mainLine()));
        assertThat(back.kifu().special()).as(path).isEqualTo(original.special().filter(CorpusTest::inCsa));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("ki2Records")
    void ki2ToKifKeepsTheMoves(String path) {
        Kifu original = read(path).kifu();

        WriteResult kif = Formats.write(original, Format.KIF, WriteOptions.UTF8);
        ReadResult back = Formats.read(kif.text(), Optional.of("record.kifu"));

        assertThat(back.problems()).as("%s as KIF:%n%s", path, kif.text()).isEmpty();
        assertThat(sfen(back.kifu())).as(path).isEqualTo(sfen(original));
        assertThat(shape(back.kifu().moves())).as(path).isEqualTo(shape(original.moves()));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("records")
    void everyRecordToJkfAndBackKeepsTheMovesAndTheTreeShape(String path) {
        Kifu original = read(path).kifu();

        WriteResult jkf = Formats.write(original, Format.JKF, WriteOptions.UTF8);
        ReadResult back = Formats.read(jkf.text(), Optional.of("record.jkf"));

        assertThat(back.problems()).as("%s as JKF:%n%s", path, jkf.text()).isEmpty();
        assertThat(sfen(back.kifu())).as(path).isEqualTo(sfen(original));
        assertThat(usi(back.kifu().mainLine())).as(path).isEqualTo(usi(original.mainLine()));
        assertThat(shape(back.kifu().moves())).as(path).isEqualTo(jkfShape(original));
    }

    /** The start position's SFEN. */
    static String sfen(Kifu k) {
        return Sfen.format(k.start().setup());
    }

    static List<String> usi(List<Integer> moves) {
        return moves.stream().map(Move::usi).toList();
    }

    /**
     * Whether a special survives KIF to CSA to KIF: those without a CSA spelling (不戦勝, 封じ手…) are left out;
     * 反則勝ち is written as the {@code %±ILLEGAL_ACTION} of the loser, which KIF writes as 反則勝ち again.
     */
    static boolean inCsa(Special s) {
        return s.csa().isPresent() || s == Special.ILLEGAL_WIN;
    }

    /**
     * The special JKF writes for one: 反則勝ち becomes the {@code ±ILLEGAL_ACTION} of the side that lost, and
     * those JKF has no name for (最大手数, 不戦勝, 不戦敗, 封じ手) are left out.
     */
    static Optional<Special> inJkf(Special s, Color toMove) {
        return switch (s) {
            case ILLEGAL_WIN -> Optional.of(toMove == Color.SENTE ? Special.GOTE_ILLEGAL_ACTION : Special.SENTE_ILLEGAL_ACTION);
            case MAX_MOVES, FUSEN_WIN, FUSEN_LOSS, FUUJITE -> Optional.empty();
            default -> Optional.of(s);
        };
    }

    /**
     * The move tree without comments and times: each step as USI or the special's name, each variation in
     * parentheses before the step it replaces, e.g. {@code 7g7f (2g2f 8c8d) 3c3d TORYO}.
     */
    static String shape(List<Step> line) {
        return shape(line, Color.SENTE, false);
    }

    /** The tree shape as it reads back from JKF ({@link #inJkf}). */
    static String jkfShape(Kifu k) {
        return shape(k.moves(), k.start().setup().turn(), true);
    }

    private static String shape(List<Step> line, Color toMove, boolean jkf) {
        StringBuilder sb = new StringBuilder();
        Color turn = toMove;
        for (Step s : line) {
            for (List<Step> fork : s.forks()) {
                sb.append('(').append(shape(fork, turn, jkf)).append(") ");
            }
            if (s.isMove()) {
                sb.append(Move.usi(s.move())).append(' ');
                turn = turn.opposite();
            } else {
                Special sp = s.special().orElseThrow();
                (jkf ? inJkf(sp, turn) : Optional.of(sp)).ifPresent(w -> sb.append(w.name()).append(' '));
            }
        }
        return sb.toString().strip();
    }
}
