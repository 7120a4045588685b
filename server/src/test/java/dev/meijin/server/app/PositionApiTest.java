package dev.meijin.server.app;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/**
 * {@code POST /api/position} over HTTP: a mate problem's position with the attacker's legal moves, the same after
 * the moves of its solution, a checkmate at the end, and every kind of bad request named.
 */
class PositionApiTest {
    /** Mate in 5: ▲４二飛成 △３二金 ▲３一銀 △１二玉 ▲３二龍. The attacker has no king. */
    private static final String MATE_IN_5 = "7nl/7k1/6ppp/9/9/9/9/9/5R3 b Sr2b4g3s3n3l15p 1";

    @TempDir
    Path dir;
    @AutoClose
    Harness h;

    @BeforeEach
    void start() {
        h = new Harness(dir);
    }

    private Harness.Answer post(String sfen, List<String> moves) {
        return h.post("/api/position", Harness.JSON.writeValueAsString(Map.of("sfen", sfen, "moves", moves)));
    }

    @Test
    void theProblemsPositionComesWithTheAttackersMovesDropsAndPromotionChoices() {
        Harness.Answer a = post(MATE_IN_5, List.of());
        assertThat(a.status()).as(a.text()).isEqualTo(200);
        JsonNode b = a.body();
        assertThat(b.get("initialSfen").asString()).isEqualTo(MATE_IN_5);
        assertThat(b.get("sfen").asString()).isEqualTo(MATE_IN_5);
        assertThat(b.get("ply").asInt()).isZero();
        assertThat(b.get("turn").asString()).isEqualTo("sente");
        assertThat(b.get("moves")).isEmpty();
        assertThat(b.get("lastMove").isNull()).isTrue();
        assertThat(b.get("check").isNull()).isTrue();
        assertThat(b.get("checkmate").asBoolean()).isFalse();
        // The rook on 4i: along the file, promoting where it enters the camp, and along the rank.
        JsonNode rook = b.get("dests").get("4i");
        assertThat(rook.get("4h").asString()).isEqualTo("none");
        assertThat(rook.get("4c").asString()).isEqualTo("optional");
        assertThat(rook.get("4a").asString()).isEqualTo("optional");
        assertThat(rook.get("9i").asString()).isEqualTo("none");
        assertThat(rook.size()).as("8 up the file, 8 along the rank").isEqualTo(16);
        assertThat(b.get("dests").size()).as("the rook is the attacker's only piece on the board").isEqualTo(1);
        List<String> silverDrops = new ArrayList<>();
        b.get("dropDests").get("S").forEach(n -> silverDrops.add(n.asString()));
        assertThat(silverDrops).hasSize(81 - 7).contains("3a", "1b").doesNotContain("2b", "1a", "4i");
        assertThat(b.get("dropDests").size()).as("a silver is all the attacker holds").isEqualTo(1);
    }

    @Test
    void theSolutionsMovesLeadToTheDefendersTurnInCheckAndToCheckmate() {
        Harness.Answer first = post(MATE_IN_5, List.of("4i4b+"));
        assertThat(first.status()).as(first.text()).isEqualTo(200);
        JsonNode b = first.body();
        assertThat(b.get("turn").asString()).isEqualTo("gote");
        assertThat(b.get("check").asString()).as("the defender's king").isEqualTo("2b");
        assertThat(b.get("lastMove").get("usi").asString()).isEqualTo("4i4b+");
        assertThat(b.get("lastMove").get("from").asString()).isEqualTo("4i");
        assertThat(b.get("lastMove").get("to").asString()).isEqualTo("4b");
        assertThat(Harness.strings(b.get("moves"), "ki2")).containsExactly("▲４二飛成");
        assertThat(b.get("dropDests").get("G")).as("a gold interposed on the one square between").containsExactly(Harness.JSON.valueToTree("3b"));
        assertThat(b.get("dropDests").has("P")).as("not a pawn: gote has one on file 3").isFalse();
        assertThat(b.get("dests").has("2b")).as("the king has no square to go to").isFalse();

        // The solution's end: the king is in check and only drops on 2b are left, each of which the dragon would
        // take (futile interpositions, 無駄合): not a checkmate by the rules, though the problem counts it as one.
        Harness.Answer end = post(MATE_IN_5, List.of("4i4b+", "G*3b", "S*3a", "2b1b", "4b3b"));
        assertThat(end.status()).as(end.text()).isEqualTo(200);
        JsonNode e = end.body();
        assertThat(e.get("checkmate").asBoolean()).isFalse();
        assertThat(e.get("check").asString()).isEqualTo("1b");
        assertThat(e.get("dests")).as("the king cannot move").isEmpty();
        assertThat(e.get("dropDests")).isEqualTo(Harness.JSON.readTree(
                "{\"R\":[\"2b\"],\"B\":[\"2b\"],\"G\":[\"2b\"],\"S\":[\"2b\"],\"N\":[\"2b\"],\"L\":[\"2b\"]}"));
        assertThat(e.get("ply").asInt()).isEqualTo(5);
        assertThat(Harness.strings(e.get("moves"), "western")).containsExactly("R-4b+", "G*3b", "S*3a", "K-1b", "+Rx3b");
        assertThat(Harness.strings(e.get("moves"), "kif")).containsExactly("４二飛成(49)", "３二金打", "３一銀打", "１二玉(22)", "３二龍(42)");
        assertThat(e.get("sfen").asString()).as("the gold taken is in the attacker's hand").isEqualTo("6Snl/6+R1k/6ppp/9/9/9/9/9/9 w Gr2b3g3s3n3l15p 6");
    }

    @Test
    void aMateWithNothingLeftToInterposeIsACheckmate() {
        // The tsume page's example: ▲４二銀 △２二玉 ▲３一銀打 △１二玉 ▲２二金.
        Harness.Answer a = post("6knl/6s2/5Pppp/9/9/9/9/9/9 b G2S2r2b3gs3n3l14p 1", List.of("S*4b", "3a2b", "S*3a", "2b1b", "G*2b"));
        assertThat(a.status()).as(a.text()).isEqualTo(200);
        JsonNode b = a.body();
        assertThat(b.get("checkmate").asBoolean()).isTrue();
        assertThat(b.get("check").asString()).isEqualTo("1b");
        assertThat(b.get("dests")).isEmpty();
        assertThat(b.get("dropDests")).isEmpty();
        assertThat(b.get("turn").asString()).isEqualTo("gote");
    }

    @Test
    void anIllegalMoveIsRefusedWithItsPlyTheMoveAndTheRuleItBreaks() {
        Harness.Answer a = post(MATE_IN_5, List.of("4i4b+", "2b3a"));
        assertThat(a.status()).isEqualTo(400);
        JsonNode err = a.body().get("error");
        assertThat(err.get("code").asString()).isEqualTo("bad_field");
        assertThat(err.get("message").asString()).startsWith("moves[1]: ply 2: ").contains("2b3a");
        JsonNode p = err.get("problem");
        assertThat(p.get("kind").asString()).isEqualTo("ILLEGAL_MOVE");
        assertThat(p.get("ply").asInt()).isEqualTo(2);
        assertThat(p.get("text").asString()).isEqualTo("2b3a");
        assertThat(p.get("rule").asString()).as("3a is attacked by the dragon on 4b")
                .isEqualTo("KING_LEFT_IN_CHECK");

        Harness.Answer nifu = post("4k4/9/9/9/9/9/4P4/9/9 b P 1", List.of("P*5e"));
        assertThat(nifu.body().get("error").get("problem").get("rule").asString()).isEqualTo("NIFU");

        Harness.Answer unreadable = post(MATE_IN_5, List.of("4i4z"));
        assertThat(unreadable.status()).isEqualTo(400);
        JsonNode up = unreadable.body().get("error").get("problem");
        assertThat(up.get("kind").asString()).isEqualTo("UNREADABLE_MOVE");
        assertThat(up.get("text").asString()).isEqualTo("4i4z");
        assertThat(up.has("rule")).isFalse();
    }

    @Test
    void badBodiesAreRefusedByTheFieldAtFault() {
        Harness.Answer badSfen = post("7nl/7k1/6ppp/9/9/9/9/9 b S 1", List.of());
        assertThat(badSfen.status()).isEqualTo(400);
        assertThat(badSfen.body().get("error").get("problem").get("kind").asString()).isEqualTo("BAD_BOARD");

        Harness.Answer noSfen = h.post("/api/position", "{\"moves\":[]}");
        assertThat(noSfen.body().get("error").get("message").asString()).isEqualTo("sfen must be the SFEN of the start position");
        Harness.Answer notArray = h.post("/api/position", "{\"sfen\":\"" + MATE_IN_5 + "\",\"moves\":\"4i4b+\"}");
        assertThat(notArray.body().get("error").get("message").asString()).isEqualTo("moves must be an array of USI moves");
        Harness.Answer notString = h.post("/api/position", "{\"sfen\":\"" + MATE_IN_5 + "\",\"moves\":[42]}");
        assertThat(notString.body().get("error").get("message").asString()).isEqualTo("moves[0] must be a USI move in a string");
        Harness.Answer unknown = h.post("/api/position", "{\"sfen\":\"" + MATE_IN_5 + "\",\"move\":[]}");
        assertThat(unknown.body().get("error").get("message").asString()).isEqualTo("unknown field \"move\"");
        Harness.Answer tooMany = post(MATE_IN_5, Collections.nCopies(1025, "4i4h"));
        assertThat(tooMany.status()).isEqualTo(400);
        assertThat(tooMany.body().get("error").get("message").asString()).isEqualTo("moves: 1025 moves; at most 1024 are taken");
    }
}
