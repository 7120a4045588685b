package dev.meijin.server.app;

import static org.assertj.core.api.Assertions.assertThat;

import dev.meijin.server.EngineSettings;
import dev.meijin.testdata.TestData;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/**
 * {@code POST /api/analyses} and {@code GET /api/analyses/{id}} over HTTP: real game records of the test data read
 * and analysed to the end, a record read up to its first problem, and every kind of refusal. The limit of five
 * records in a burst per address is why each test starts its own server.
 */
class AnalysisApiTest {
    /** A computer game of the 28th World Computer Shogi Championship (21 plies): sente mates with a rook drop on 4a. */
    private static final String MATE_GAME = "csa/wcsc28-apery/utf8_WCSC28_L3_KIN_WDF.csa";
    /** A KIF of 37 plies with CRLF line ends, whose last move mates. */
    private static final String KIF_GAME = "kif/mog-core-scala/016.kif";

    @TempDir
    Path dir;
    @AutoClose
    Harness h;

    private void start(EngineSettings engine) {
        h = new Harness(dir, engine);
    }

    private void start() {
        start(new EngineSettings(1, 2_000, Duration.ofSeconds(10)));
    }

    private static String body(String record) {
        return "{\"record\":" + Harness.JSON.writeValueAsString(record) + "}";
    }

    /** Asks for an analysis until it is done (a minute at most) and returns the last answer. */
    private JsonNode awaitDone(String id) throws InterruptedException {
        JsonNode b = null;
        for (int i = 0; i < 600; i++) {
            Harness.Answer a = h.get("/api/analyses/" + id);
            assertThat(a.status()).as(a.text()).isEqualTo(200);
            b = a.body();
            if (b.get("status").asString().equals("done")) {
                return b;
            }
            Thread.sleep(100);
        }
        throw new AssertionError("the analysis of " + id + " did not end within a minute: " + b);
    }

    @Test
    void aCsaGameIsReadAndAnalysedToTheEndWithOneEvaluationPerPosition() throws InterruptedException {
        start();
        Harness.Answer a = h.post("/api/analyses", body(TestData.text(MATE_GAME, StandardCharsets.UTF_8)));
        assertThat(a.status()).as(a.text()).isEqualTo(202);
        JsonNode b = a.body();
        String id = b.get("id").asString();
        assertThat(id).matches("[a-z2-9]{12}");
        assertThat(b.get("status").asString()).isEqualTo("running");
        assertThat(b.get("initialSfen").asString()).isEqualTo("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1");
        assertThat(b.get("moves")).hasSize(21);
        assertThat(Harness.strings(b.get("moves"), "usi").subList(0, 4)).containsExactly("7g7f", "7a6b", "2g2f", "6a5b");
        assertThat(Harness.strings(b.get("moves"), "ki2").subList(0, 4)).containsExactly("▲７六歩", "△６二銀", "▲２六歩", "△５二金右");
        assertThat(Harness.strings(b.get("moves"), "kif").subList(0, 2)).containsExactly("７六歩(77)", "６二銀(71)");
        assertThat(Harness.strings(b.get("moves"), "western").subList(0, 2)).containsExactly("P-7f", "S-6b");
        assertThat(b.get("moves").get(20).get("usi").asString()).as("the mating drop").isEqualTo("R*4a");
        assertThat(b.get("moves").get(20).get("ply").asInt()).isEqualTo(21);
        assertThat(b.get("moves").get(20).get("timeMs").isNull()).isTrue();
        assertThat(b.get("sente").asString()).isEqualTo("きのあ将棋");
        assertThat(b.get("gote").asString()).isEqualTo("Windfall");
        assertThat(b.get("date").asString()).isEqualTo("2018/05/03 13:05:55");
        assertThat(b.get("event").isNull()).isTrue();
        assertThat(b.get("handicap").isNull()).isTrue();
        assertThat(b.get("checkmate").asBoolean()).isTrue();
        // The record ends %TORYO after the mate: the rules' checkmate stands.
        assertThat(result(b)).isEqualTo("sente CHECKMATE");
        assertThat(b.get("warnings")).isEmpty();

        JsonNode done = awaitDone(id);
        assertThat(done.get("nodesPerPosition").asLong()).as("the pool's node limit").isEqualTo(2_000);
        assertThat(done.get("moves")).isEqualTo(b.get("moves"));
        JsonNode plies = done.get("plies");
        assertThat(plies).as("one evaluation per position, the start included").hasSize(22);
        for (int i = 0; i < plies.size(); i++) {
            assertThat(plies.get(i).get("ply").asInt()).isEqualTo(i);
        }
        assertThat(plies.get(0).get("cp").isInt()).as("the start is scored in centipawns").isTrue();
        assertThat(plies.get(0).get("mate").isNull()).isTrue();
        JsonNode first = plies.get(0).get("bestMove");
        assertThat(first.get("usi").asString()).isEqualTo(plies.get(0).get("best").asString());
        assertThat(first.get("ply").asInt()).as("numbered as the first move").isEqualTo(1);
        // Before the last move sente mates in one, and the engine's move is the rook drop of the game.
        JsonNode beforeMate = plies.get(20);
        assertThat(beforeMate.get("mate").asInt()).as("sente mates in one").isEqualTo(1);
        assertThat(beforeMate.get("cp").isNull()).isTrue();
        assertThat(beforeMate.get("best").asString()).isEqualTo("R*4a");
        assertThat(beforeMate.get("bestMove").get("ki2").asString()).isEqualTo("▲４一飛");
        assertThat(beforeMate.get("bestMove").get("kif").asString()).isEqualTo("４一飛打");
        assertThat(beforeMate.get("bestMove").get("western").asString()).isEqualTo("R*4a");
        assertThat(plies.get(19).get("mate").asInt()).as("gote to move is mated in two").isEqualTo(2);
        JsonNode mated = plies.get(21);
        assertThat(mated.get("best").isNull()).as("no move in the final position").isTrue();
        assertThat(mated.get("bestMove").isNull()).isTrue();
        assertThat(mated.get("cp").isNull()).isTrue();
        assertThat(mated.get("mate").isNull()).isTrue();
    }

    /**
     * The move that lets the opponent mate is graded a blunder (大悪手) in the analysis, on the position it led to;
     * the engine's own moves and the mate itself are not graded.
     */
    @Test
    void aMoveThatLetsTheOpponentMateIsGradedABlunder() throws InterruptedException {
        start();
        Harness.Answer a = h.post("/api/analyses", body("position startpos moves 2g2f 5a4b 2f2e 4b3b 2e2d 8b4b 2d2c+"));
        assertThat(a.status()).as(a.text()).isEqualTo(202);
        JsonNode plies = awaitDone(a.body().get("id").asString()).get("plies");
        assertThat(plies).hasSize(8);
        assertThat(plies.get(0).get("quality").isNull()).as("the start: no move led to it").isTrue();
        assertThat(plies.get(6).get("quality").asString()).as("8b4b boxes the king in").isEqualTo("BLUNDER");
        assertThat(plies.get(6).get("mate").asInt()).as("sente mates in one").isEqualTo(1);
        assertThat(plies.get(7).get("quality").isNull()).as("the mate is the engine's move").isTrue();
        assertThat(plies.get(6).get("best").asString()).isEqualTo("2d2c+");
    }

    @Test
    void theRecordsOwnEndingIsJudgedByTheRules() {
        start();
        // The mating game without its mate and with %TORYO: sente, to move, resigns where it could mate in one.
        String resignedGame = TestData.text(MATE_GAME, StandardCharsets.UTF_8).replace("+0041HI\nT0\n%TORYO", "%TORYO");
        assertThat(resignedGame).doesNotContain("+0041HI");
        Harness.Answer resigned = h.post("/api/analyses", body(resignedGame));
        assertThat(resigned.status()).as(resigned.text()).isEqualTo(202);
        assertThat(resigned.body().get("checkmate").asBoolean()).isFalse();
        assertThat(result(resigned.body())).isEqualTo("gote RESIGNATION");
        assertThat(resigned.body().get("result").get("ja").asString()).isEqualTo("投了");
        // The same moves suspended (%CHUDAN): the game did not end.
        String claimed = resignedGame.replace("%TORYO", "%CHUDAN");
        Harness.Answer suspended = h.post("/api/analyses", body(claimed));
        assertThat(suspended.status()).as(suspended.text()).isEqualTo(202);
        assertThat(suspended.body().get("result").isNull()).as("a suspended game has no result").isTrue();
    }

    /** The winner and reason of an analysis's recorded result, as "sente RESIGNATION" ("- REPETITION" for a draw). */
    private static String result(JsonNode analysis) {
        JsonNode r = analysis.get("result");
        return (r.get("winner").isNull() ? "-" : r.get("winner").asString()) + " " + r.get("reason").asString();
    }

    @Test
    void aKifReadWithAProblemAfterItsFirstMovesIsAnalysedUpToTheProblemWithAWarning() throws InterruptedException {
        start();
        String kif = TestData.text(KIF_GAME, StandardCharsets.UTF_8);
        Harness.Answer whole = h.post("/api/analyses", body(kif));
        assertThat(whole.status()).as(whole.text()).isEqualTo(202);
        assertThat(whole.body().get("moves")).hasSize(37);
        assertThat(whole.body().get("checkmate").asBoolean()).isTrue();
        assertThat(result(whole.body())).as("no special after the mating move 37").isEqualTo("sente CHECKMATE");
        assertThat(whole.body().get("sente").isNull()).as("an empty 先手 header is no name").isTrue();

        // A line nobody understands after move 20 (it becomes line 27): the moves before it are analysed, and the answer says why.
        String broken = kif.replace("  20 ８四歩(83)\r\n", "  20 ８四歩(83)\r\nhello world\r\n");
        assertThat(broken).isNotEqualTo(kif);
        Harness.Answer a = h.post("/api/analyses", body(broken));
        assertThat(a.status()).as(a.text()).isEqualTo(202);
        assertThat(a.body().get("moves")).hasSize(20);
        assertThat(Harness.strings(a.body().get("moves"), "kif").getLast()).isEqualTo("８四歩(83)");
        assertThat(a.body().get("checkmate").asBoolean()).isFalse();
        assertThat(a.body().get("result").isNull()).as("a record read in part has no ending").isTrue();
        assertThat(a.body().get("warnings")).hasSize(1);
        assertThat(a.body().get("warnings").get(0).asString())
                .isEqualTo("line 27: unrecognised line \"hello world\"; the record is read up to move 20");
        assertThat(a.body().get("warningProblems").toString())
                .isEqualTo("[{\"kind\":\"UNKNOWN_LINE\",\"line\":27,\"column\":0,\"ply\":0,\"text\":\"hello world\",\"readUpTo\":20}]");

        // A move that does not read: the moves before it.
        String badMove = kif.replace("  31 ３三銀打", "  31 ３三XX打");
        Harness.Answer b = h.post("/api/analyses", body(badMove));
        assertThat(b.status()).as(b.text()).isEqualTo(202);
        assertThat(b.body().get("moves")).hasSize(30);
        assertThat(b.body().get("warnings").get(0).asString()).startsWith("line 37, column ").contains("ply 31: malformed Japanese move")
                .endsWith("; the record is read up to move 30");
        assertThat(awaitDone(b.body().get("id").asString()).get("plies")).hasSize(31);
    }

    @Test
    void recordsWhoseStartOrFirstMoveCannotBeReadAreRefusedNamingTheLine() {
        start();
        Harness.Answer text = h.post("/api/analyses", body("hello"));
        assertThat(text.status()).isEqualTo(400);
        assertThat(text.errorCode()).isEqualTo("bad_field");
        assertThat(text.errorMessage()).isEqualTo("record (read as KIF): line 1: unrecognised line \"hello\"");
        assertThat(text.body().get("error").get("problem").toString())
                .isEqualTo("{\"kind\":\"UNKNOWN_LINE\",\"line\":1,\"column\":0,\"ply\":0,\"text\":\"hello\"}");

        // Two pawns on a file at move 5: the four moves before it are analysed, and the warning names the rule.
        Harness.Answer nifu = h.post("/api/analyses", body("手合割：平手\n1 ７六歩(77)\n2 ４四歩(43)\n3 ４四角(88)\n4 ３二銀(31)\n5 ５六歩打\n"));
        assertThat(nifu.status()).as(nifu.text()).isEqualTo(202);
        assertThat(nifu.body().get("moves")).hasSize(4);
        assertThat(nifu.body().get("warningProblems").toString()).isEqualTo("[{\"kind\":\"ILLEGAL_MOVE\",\"line\":6,\"column\":3,\"ply\":5,"
                + "\"text\":\"５六歩打\",\"rule\":\"NIFU\",\"readUpTo\":4}]");

        Harness.Answer firstMove = h.post("/api/analyses", body("手合割：平手\n   1 ７六XX(77)\n   2 ３四歩(33)\n"));
        assertThat(firstMove.status()).isEqualTo(400);
        assertThat(firstMove.errorMessage()).startsWith("record (read as KIF): line 2, column ")
                .contains("ply 1: malformed Japanese move");

        Harness.Answer usi = h.post("/api/analyses", body("position startpos moves 7g7f 3c3d 8h2b+ 3a2b zz99"));
        assertThat(usi.status()).as(usi.text()).isEqualTo(202);
        assertThat(Harness.strings(usi.body().get("moves"), "usi")).containsExactly("7g7f", "3c3d", "8h2b+", "3a2b");
        assertThat(usi.body().get("warnings").get(0).asString()).contains("malformed USI move \"zz99\"");
    }

    @Test
    void startsTheEngineCannotSearchAndRecordsOverFiveHundredTwelvePliesAreRefused() {
        start();
        // Two pawns of sente on the 5th file: a record may start there (a composed problem), the engine may not.
        Harness.Answer nifu = h.post("/api/analyses", body("sfen 4k4/9/9/9/4P4/4P4/9/9/4K4 b - 1 moves 5i4h"));
        assertThat(nifu.status()).isEqualTo(400);
        assertThat(nifu.errorMessage())
                .isEqualTo("record (read as USI): the engine cannot analyse the start position: sente has 2 unpromoted pawns on file 5 (nifu)");

        Harness.Answer noKings = h.post("/api/analyses", body("sfen 9/9/9/9/9/9/9/9/9 b - 1 moves"));
        assertThat(noKings.status()).isEqualTo(400);
        assertThat(noKings.errorMessage())
                .isEqualTo("record (read as USI): line 1, column 1: the position is not legal: illegal position: neither side has a king");

        // A record longer than 512 plies: the kings walk back and forth 129 times.
        String walk = "position startpos moves" + " 5i4h 5a4b 4h5i 4b5a".repeat(129);
        Harness.Answer tooLong = h.post("/api/analyses", body(walk));
        assertThat(tooLong.status()).isEqualTo(400);
        assertThat(tooLong.errorMessage())
                .isEqualTo("record (read as USI): the record has 516 moves; at most 512 are analysed");
    }

    @Test
    void badBodiesAndUnknownIdsAreRefused() {
        start();
        Harness.Answer json = h.post("/api/analyses", "{record:");
        assertThat(json.status()).isEqualTo(400);
        assertThat(json.errorCode()).isEqualTo("bad_json");

        Harness.Answer missing = h.post("/api/analyses", "{}");
        assertThat(missing.status()).isEqualTo(400);
        assertThat(missing.errorMessage()).startsWith("record must be a game record");

        Harness.Answer unknownField = h.post("/api/analyses", "{\"record\":\"position startpos\",\"nodes\":5}");
        assertThat(unknownField.status()).isEqualTo(400);
        assertThat(unknownField.errorMessage()).isEqualTo("unknown field \"nodes\"");

        Harness.Answer large = h.post("/api/analyses", body("x".repeat(70_000)));
        assertThat(large.status()).isEqualTo(413);
        assertThat(large.errorCode()).isEqualTo("too_large");

        Harness.Answer unknown = h.get("/api/analyses/abcdefghijkm");
        assertThat(unknown.status()).isEqualTo(404);
        assertThat(unknown.errorCode()).isEqualTo("unknown_analysis");
        assertThat(unknown.errorMessage()).startsWith("no analysis with id \"abcdefghijkm\"");
    }

    @Test
    void recordsFromOneAddressAreLimitedToABurstOfFive() {
        start();
        List<Integer> statuses = new ArrayList<>();
        for (int i = 0; i < 6; i++) {
            statuses.add(h.post("/api/analyses", body("hello")).status());
        }
        assertThat(statuses).as("refused records count too").containsExactly(400, 400, 400, 400, 400, 429);
    }

    @Test
    void atMostFourRecordsAreAnalysedOrWaitAtOnce() {
        // Half a million nodes a position: the four analyses take far longer than the test.
        start(new EngineSettings(1, 500_000, Duration.ofSeconds(10)));
        String record = TestData.text(MATE_GAME, StandardCharsets.UTF_8);
        for (int i = 0; i < 4; i++) {
            Harness.Answer a = h.post("/api/analyses", body(record));
            assertThat(a.status()).as(a.text()).isEqualTo(202);
        }
        Harness.Answer busy = h.post("/api/analyses", body(record));
        assertThat(busy.status()).isEqualTo(503);
        assertThat(busy.errorCode()).isEqualTo("engine_busy");
        assertThat(busy.errorMessage()).isEqualTo("the engine is analysing 4 records; try again in a minute");
    }

    @Test
    void aServerWithoutTheEngineHasNoAnalysis() {
        start(EngineSettings.off());
        Harness.Answer a = h.post("/api/analyses", body(TestData.text(MATE_GAME, StandardCharsets.UTF_8)));
        assertThat(a.status()).isEqualTo(503);
        assertThat(a.errorCode()).isEqualTo("engine_unavailable");
    }
}
