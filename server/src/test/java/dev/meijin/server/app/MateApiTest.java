package dev.meijin.server.app;

import static org.assertj.core.api.Assertions.assertThat;

import dev.meijin.server.EngineSettings;
import dev.meijin.testdata.TestData;
import java.nio.charset.Charset;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/**
 * {@code POST /api/mate} over HTTP: real problems of the test data solved with their printed solutions, a proof of
 * no mate, a problem cut short by its time limit, and every kind of bad request. The limit of five problems in a
 * burst per address is why each test starts its own server.
 */
class MateApiTest {
    /** Mate in 5: the rook promotes, the defender interposes a gold, which the dragon takes (one piece left over). */
    private static final String MATE_IN_5 = "7nl/7k1/6ppp/9/9/9/9/9/5R3 b Sr2b4g3s3n3l15p 1";
    /** 九歩, the nine-pawns classic (61 plies): not read in one second. */
    private static final String NINE_PAWNS = "7pk/7p1/7p1/7p1/7p1/7p1/7p1/7p1/7p1 b 2R4L4s4n 1";

    @TempDir
    Path dir;
    @AutoClose
    Harness h;

    private Harness start(EngineSettings engine) {
        h = new Harness(dir, engine);
        return h;
    }

    private Harness start() {
        return start(new EngineSettings(1, 2_000, Duration.ofSeconds(10)));
    }

    private static String body(String problem, String more) {
        return "{\"problem\":" + Harness.JSON.writeValueAsString(problem) + more + "}";
    }

    @Test
    void anSfenProblemIsSolvedWithThePrintedSolutionAndItsNotations() {
        start();
        Harness.Answer a = h.post("/api/mate", body(MATE_IN_5, ""));
        assertThat(a.status()).as(a.text()).isEqualTo(200);
        JsonNode b = a.body();
        assertThat(b.get("result").asString()).isEqualTo("mate");
        assertThat(b.get("plies").asInt()).isEqualTo(5);
        assertThat(b.get("exact").asBoolean()).isTrue();
        assertThat(b.get("leftover").asInt()).as("the gold taken at the end stays in hand").isEqualTo(1);
        assertThat(b.get("sfen").asString()).isEqualTo(MATE_IN_5);
        assertThat(Harness.strings(b.get("moves"), "usi")).containsExactly("4i4b+", "G*3b", "S*3a", "2b1b", "4b3b");
        assertThat(Harness.strings(b.get("moves"), "ki2")).containsExactly("▲４二飛成", "△３二金", "▲３一銀", "△１二玉", "▲３二龍");
        assertThat(Harness.strings(b.get("moves"), "kif")).containsExactly("４二飛成(49)", "３二金打", "３一銀打", "１二玉(22)", "３二龍(42)");
        assertThat(Harness.strings(b.get("moves"), "western")).containsExactly("R-4b+", "G*3b", "S*3a", "K-1b", "+Rx3b");
        assertThat(b.get("moves").get(2).get("ply").asInt()).isEqualTo(3);
        long nodes = b.get("nodes").asLong();
        assertThat(nodes).as("the solver searched").isPositive();
        // The problem and its solution as a KIF record, which reads back to both.
        String kif = b.get("kif").asString();
        assertThat(kif).contains("後手の持駒：").contains("   1 ４二飛成(49)").contains("   5 ３二龍(42)");
        dev.meijin.notation.kifu.ReadResult back = dev.meijin.notation.Formats.read(kif, java.util.Optional.empty());
        assertThat(back.problems()).isEmpty();
        assertThat(dev.meijin.core.sfen.Sfen.format(back.kifu().startPosition().orElseThrow())).isEqualTo(MATE_IN_5);
        assertThat(back.kifu().mainLine().stream().map(dev.meijin.core.Move::usi).toList())
                .containsExactly("4i4b+", "G*3b", "S*3a", "2b1b", "4b3b");
        // Only futile interpositions are left at the end (no checkmate by the rules alone): printed tsume records
        // end such a solution with 詰み all the same.
        assertThat(kif).contains("   6 詰み").contains("まで5手で詰み");
        assertThat(back.kifu().special()).contains(dev.meijin.notation.kifu.Special.TSUMI);

        // Sent again (with the "sfen" prefix): the same answer at once, kept from the first time.
        Harness.Answer again = h.post("/api/mate", body("sfen " + MATE_IN_5, ",\"seconds\":5"));
        assertThat(again.status()).as(again.text()).isEqualTo(200);
        assertThat(again.body()).isEqualTo(b);
    }

    @Test
    void aKifRecordsStartPositionIsTheProblemAndAProvenNoMateIsSaidSo() {
        start();
        // A Shift_JIS KIF of the test data (tsumemi 3te/2.kif), pasted as text with its published solution.
        String kif = TestData.text("tsume/kif/tsumemi/3te/2.kif", Charset.forName("windows-31j"));
        Harness.Answer a = h.post("/api/mate", body(kif, ""));
        assertThat(a.status()).as(a.text()).isEqualTo(200);
        assertThat(a.body().get("result").asString()).isEqualTo("mate");
        assertThat(a.body().get("plies").asInt()).isEqualTo(3);
        assertThat(Harness.strings(a.body().get("moves"), "usi")).containsExactly("S*3b", "2a1b", "G*2c");
        assertThat(a.body().get("sfen").asString()).isEqualTo("7kl/9/5+P3/9/9/9/9/9/9 b GS2r2b3g3s4n3l17p 1");
        assertThat(a.body().get("kif").asString()).as("a checkmate by the rules").endsWith("   3 ２三金打\n   4 詰み\nまで3手で詰み\n");

        // A lone king and nothing in hand: proven, not merely unsolved.
        Harness.Answer none = h.post("/api/mate", body("4k4/9/9/9/9/9/9/9/9 b - 1", ""));
        assertThat(none.status()).as(none.text()).isEqualTo(200);
        assertThat(none.body().get("result").asString()).isEqualTo("nomate");
        assertThat(none.body().has("moves")).isFalse();
    }

    @Test
    void aProblemNotSettledWithinItsTimeLimitIsUnknownWithTheReason() {
        start();
        Harness.Answer a = h.post("/api/mate", body(NINE_PAWNS, ",\"seconds\":1"));
        assertThat(a.status()).as(a.text()).isEqualTo(200);
        assertThat(a.body().get("result").asString()).isEqualTo("unknown");
        assertThat(a.body().get("reason").asString()).isEqualTo("time_limit");
        assertThat(a.body().get("sfen").asString()).as("a composed position with nine pawns on a file is accepted").isEqualTo(NINE_PAWNS);
        assertThat(a.body().get("ms").asLong()).isGreaterThanOrEqualTo(1_000);
    }

    @Test
    void aProblemJudgedAsACompositionNamesItsCooksWithTheirPlyAndNotations() {
        start();
        // tanuki-3te-0252 (the test data's generated problems): G*1c 1b1a 2b2a+, and under the printed convention
        // G*2c mates in 3 as well (the dragon's drop-in at 1c leaves only futile interpositions): a cook at ply 1.
        Harness.Answer a = h.post("/api/mate", body("9/7Pk/9/7+R1/9/9/9/9/9 b Gr2b3g4s4n4l17p 1", ",\"check\":true"));
        assertThat(a.status()).as(a.text()).isEqualTo(200);
        assertThat(Harness.strings(a.body().get("moves"), "usi")).containsExactly("G*1c", "1b1a", "2b2a+");
        JsonNode j = a.body().get("soundness");
        assertThat(j.get("verdict").asString()).isEqualTo("unsound");
        assertThat(j.get("complete").asBoolean()).isTrue();
        assertThat(j.get("cooks").toString())
                .isEqualTo("[{\"ply\":1,\"plies\":3,\"usi\":\"G*2c\",\"kif\":\"２三金打\",\"ki2\":\"▲２三金\",\"western\":\"G*2c\"}]");
        assertThat(j.get("lastMoveAlternatives").toString()).isEqualTo("[]");

        // tanuki-3te-0001: sound.
        Harness.Answer sound = h.post("/api/mate", body("9/8k/9/7RG/9/9/9/9/9 b r2b3g4s4n4l18p 1", ",\"check\":true"));
        assertThat(sound.status()).as(sound.text()).isEqualTo(200);
        assertThat(sound.body().get("soundness").toString())
                .isEqualTo("{\"verdict\":\"sound\",\"complete\":true,\"cooks\":[],\"lastMoveAlternatives\":[]}");

        // Not asked for, or no mate to judge: no judging in the answer.
        Harness.Answer plain = h.post("/api/mate", body(MATE_IN_5, ",\"check\":false"));
        assertThat(plain.status()).as(plain.text()).isEqualTo(200);
        assertThat(plain.body().has("soundness")).isFalse();
        Harness.Answer none = h.post("/api/mate", body("4k4/9/9/9/9/9/9/9/9 b - 1", ",\"check\":true"));
        assertThat(none.status()).as(none.text()).isEqualTo(200);
        assertThat(none.body().get("result").asString()).isEqualTo("nomate");
        assertThat(none.body().has("soundness")).isFalse();

        Harness.Answer bad = h.post("/api/mate", body(MATE_IN_5, ",\"check\":\"yes\""));
        assertThat(bad.status()).isEqualTo(400);
        assertThat(bad.body().get("error").get("message").asString()).isEqualTo("check must be true or false");
    }

    @Test
    void badProblemsAreRefusedWithWhatIsWrong() {
        start();
        Harness.Answer sfen = h.post("/api/mate", body("4k4/9/9 b - 1", ""));
        assertThat(sfen.status()).isEqualTo(400);
        assertThat(sfen.body().get("error").get("code").asString()).isEqualTo("bad_field");
        assertThat(sfen.body().get("error").get("message").asString()).startsWith("problem: ").contains("3 ranks, not 9");

        Harness.Answer text = h.post("/api/mate", body("hello", ""));
        assertThat(text.status()).isEqualTo(400);
        assertThat(text.body().get("error").get("message").asString()).isEqualTo("problem (read as KIF): line 1: unrecognised line \"hello\"");
        assertThat(text.body().get("error").get("problem").toString())
                .isEqualTo("{\"kind\":\"UNKNOWN_LINE\",\"line\":1,\"column\":0,\"ply\":0,\"text\":\"hello\"}");
        assertThat(sfen.body().get("error").get("problem").toString())
                .isEqualTo("{\"kind\":\"BAD_BOARD\",\"line\":0,\"column\":8,\"ply\":0}");

        Harness.Answer seconds = h.post("/api/mate", body(MATE_IN_5, ",\"seconds\":31"));
        assertThat(seconds.status()).isEqualTo(400);
        assertThat(seconds.body().get("error").get("message").asString()).isEqualTo("seconds must be an integer from 1 to 30");

        Harness.Answer unknown = h.post("/api/mate", body(MATE_IN_5, ",\"depth\":3"));
        assertThat(unknown.status()).isEqualTo(400);
        assertThat(unknown.body().get("error").get("message").asString()).isEqualTo("unknown field \"depth\"");

        Harness.Answer missing = h.post("/api/mate", "{\"seconds\":5}");
        assertThat(missing.status()).isEqualTo(400);
        assertThat(missing.body().get("error").get("message").asString()).startsWith("problem must be an SFEN or a game record");
    }

    @Test
    void bodiesThatAreNotJsonOrTooLargeAreRefusedBeforeAnythingIsSolved() {
        start();
        Harness.Answer json = h.post("/api/mate", "{problem:");
        assertThat(json.status()).isEqualTo(400);
        assertThat(json.body().get("error").get("code").asString()).isEqualTo("bad_json");

        Harness.Answer large = h.post("/api/mate", body("x".repeat(70_000), ""));
        assertThat(large.status()).isEqualTo(413);
    }

    @Test
    void problemsFromOneAddressAreLimitedToABurstOfFive() {
        start();
        List<Integer> statuses = new ArrayList<>();
        for (int i = 0; i < 6; i++) {
            statuses.add(h.post("/api/mate", body("4k4/9/9/9/9/9/9/9/9 b - 1", "")).status());
        }
        assertThat(statuses).containsExactly(200, 200, 200, 200, 200, 429);
    }

    @Test
    void theCollectionsProblemsHaveALimitOfTheirOwn() {
        // Someone solving the tsume page's collection quickly: twelve of its 1-ply problems in a row are all
        // answered, where a sixth other problem is refused; those count as before.
        start();
        List<Integer> statuses = new ArrayList<>();
        for (int i = 0; i < 12; i++) {
            String sfen = h.get("/api/problems/random?plies=1").body().get("sfen").asString();
            Harness.Answer a = h.post("/api/mate", body(sfen, ""));
            statuses.add(a.status());
            assertThat(a.body().get("plies").asInt()).as(a.text()).isEqualTo(1);
        }
        assertThat(statuses).containsOnly(200);
        for (int i = 0; i < 5; i++) {
            assertThat(h.post("/api/mate", body("4k4/9/9/9/9/9/9/9/9 b - 1", "")).status()).isEqualTo(200);
        }
        assertThat(h.post("/api/mate", body("4k4/9/9/9/9/9/9/9/9 b - 1", "")).status()).isEqualTo(429);
        assertThat(h.post("/api/mate", "{\"problem\": 5}").status()).as("a refused problem counts too").isEqualTo(429);
    }

    @Test
    void aPastedProblemAndItsJudgingCountAsOneProblem() {
        // The tsume page asks for a pasted problem's solution, then for its judging: five problems so, with their
        // ten requests, are all answered; a sixth problem is refused, and so is the judging of a problem whose
        // solution was never asked for.
        start();
        List<Integer> statuses = new ArrayList<>();
        String[] five = {MATE_IN_5, "4k4/9/9/9/9/9/9/9/9 b - 1", "4k4/9/9/9/9/9/9/9/9 b G 1", "4k4/9/9/9/9/9/9/9/9 b R 1",
                "4k4/9/9/9/9/9/9/9/9 b B 1"};
        for (String problem : five) {
            statuses.add(h.post("/api/mate", body(problem, "")).status());
            Harness.Answer judged = h.post("/api/mate", body(problem, ",\"check\":true"));
            statuses.add(judged.status());
            if (problem.equals(MATE_IN_5)) {
                // A gold left in hand at the end: not sound as a composition, though it has no cook.
                assertThat(judged.body().get("soundness").get("verdict").asString()).as(judged.text()).isEqualTo("unsound");
                assertThat(judged.body().get("soundness").get("cooks").size()).isZero();
            }
        }
        assertThat(statuses).containsOnly(200).hasSize(10);
        assertThat(h.post("/api/mate", body("4k4/9/9/9/9/9/9/9/9 b S 1", "")).status()).isEqualTo(429);
        assertThat(h.post("/api/mate", body("4k4/9/9/9/9/9/9/9/9 b N 1", ",\"check\":true")).status())
                .as("a judging with no solution kept costs a problem").isEqualTo(429);
    }

    @Test
    void aServerWithoutTheEngineHasNoMateSolver() {
        start(EngineSettings.off());
        Harness.Answer a = h.post("/api/mate", body(MATE_IN_5, ""));
        assertThat(a.status()).isEqualTo(503);
        assertThat(a.body().get("error").get("code").asString()).isEqualTo("engine_unavailable");
        assertThat(h.get("/api/mate/status").status()).isEqualTo(503);
    }

    @Test
    void theSolversStateCanBeAskedWhileAProblemWaitsForItsAnswer() {
        start();
        Harness.Answer idle = h.get("/api/mate/status");
        assertThat(idle.status()).as(idle.text()).isEqualTo(200);
        assertThat(idle.body().get("state").asString()).isEqualTo("idle");
        assertThat(idle.body().get("queued").asInt()).isZero();

        CompletableFuture<Harness.Answer> solving = CompletableFuture.supplyAsync(() -> h.post("/api/mate", body(NINE_PAWNS, ",\"seconds\":2")));
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        String state;
        do {
            assertThat(System.nanoTime()).as("the problem is seen being solved").isLessThan(deadline);
            state = h.get("/api/mate/status").body().get("state").asString();
        } while (!state.equals("solving"));
        Harness.Answer a = solving.join();
        assertThat(a.body().get("reason").asString()).isEqualTo("time_limit");
        assertThat(h.get("/api/mate/status").body().get("state").asString()).isEqualTo("idle");
    }
}
