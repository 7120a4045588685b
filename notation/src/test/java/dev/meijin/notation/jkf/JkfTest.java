package dev.meijin.notation.jkf;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.meijin.core.Color;
import dev.meijin.core.Move;
import dev.meijin.core.Role;
import dev.meijin.core.game.Handicap;
import dev.meijin.core.position.Position;
import dev.meijin.core.sfen.Sfen;
import dev.meijin.core.usi.Usi;
import dev.meijin.notation.Format;
import dev.meijin.notation.Formats;
import dev.meijin.notation.WriteOptions;
import dev.meijin.notation.csa.CsaCorpus;
import dev.meijin.notation.csa.CsaReader;
import dev.meijin.notation.kifu.Header;
import dev.meijin.notation.kifu.Headers;
import dev.meijin.notation.kifu.Kifu;
import dev.meijin.notation.kifu.KifuException;
import dev.meijin.notation.kifu.Problem;
import dev.meijin.notation.kifu.ReadResult;
import dev.meijin.notation.kifu.Special;
import dev.meijin.notation.kifu.Start;
import dev.meijin.notation.kifu.Step;
import dev.meijin.notation.kifu.WriteResult;
import dev.meijin.testdata.TestData;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import tools.jackson.databind.JsonNode;

class JkfTest {

    static Stream<String> jkfFiles() {
        return TestData.list("jkf").stream().filter(p -> !p.contains("/specification/"));
    }

    @ParameterizedTest
    @MethodSource("jkfFiles")
    void everyJkfFileReadsAndReplays(String path) {
        ReadResult r = JkfReader.read(TestData.text(path, StandardCharsets.UTF_8));
        assertThat(r.problems()).as(path).isEmpty();
        replay(r.kifu().startPosition().orElseThrow(), r.kifu().moves(), path);
    }

    /** Checks every move of a line and of its forks is legal where it is played. */
    private static void replay(Position pos, List<Step> line, String path) {
        int played = 0;
        for (Step s : line) {
            for (List<Step> fork : s.forks()) {
                replay(pos, fork, path);
            }
            if (!s.isMove()) {
                break;
            }
            assertThat(pos.isLegal(s.move())).as("%s: %s in %s", path, Move.usi(s.move()), Sfen.format(pos)).isTrue();
            pos.doMove(s.move());
            played++;
        }
        for (int i = 0; i < played; i++) {
            pos.undoMove();
        }
    }

    @ParameterizedTest
    @MethodSource("jkfFiles")
    void jkfRoundTripKeepsTheRecord(String path) {
        Kifu original = JkfReader.read(TestData.text(path, StandardCharsets.UTF_8)).kifu();
        WriteResult w = JkfWriter.write(original);
        assertThat(w.dropped()).as(path).isEmpty();
        assertThat(JsonTrees.schemaErrors(w.text())).as(path).isEmpty();
        ReadResult again = JkfReader.read(w.text());
        assertThat(again.problems()).isEmpty();
        // 手合割 is said by "initial" and not repeated in the header.
        List<Header> headers = original.headers().stream().filter(h -> !h.key().equals(Headers.HANDICAP)).toList();
        assertThat(again.kifu()).isEqualTo(original.withHeaders(headers));
        assertThat(JkfWriter.write(again.kifu()).text()).isEqualTo(w.text());
    }

    @Test
    void referenceFilesAreWrittenBackAsTheyAre() {
        // The reference converter's own outputs, read and written again, give the same trees.
        for (String path : TestData.list("jkf/shogi-kifu-converter")) {
            if (path.contains("/specification/")) {
                continue;
            }
            String text = TestData.text(path, StandardCharsets.UTF_8);
            JsonNode written = JsonTrees.parse(JkfWriter.write(JkfReader.read(text).kifu()).text());
            List<String> diff = JsonTrees.diff(JsonTrees.parse(text), written);
            if (path.endsWith("ki2/simple.json")) {
                // The mark the reference copied from the KI2 text where no rival can move (see JkfReferenceTest).
                assertThat(diff).as(path).containsExactly("$.moves[55].move.relative: expected \"L\", actual null");
            } else {
                assertThat(diff).as(path).isEmpty();
            }
        }
    }

    static Stream<String> csaFiles() {
        return CsaCorpus.wellFormed().stream();
    }

    @ParameterizedTest
    @MethodSource("csaFiles")
    void csaCorpusAsJkfIsValidAndReadsBack(String path) {
        Kifu csa = CsaReader.read(CsaCorpus.text(path)).kifu();
        WriteResult w = JkfWriter.write(csa);
        assertThat(w.dropped()).as(path).isEmpty();
        assertThat(JsonTrees.schemaErrors(w.text())).as(path).isEmpty();
        ReadResult back = JkfReader.read(w.text());
        assertThat(back.problems()).as(path).isEmpty();
        Kifu k = back.kifu();
        assertThat(k.start()).isEqualTo(csa.start());
        assertThat(k.startComments()).isEqualTo(csa.startComments());
        assertThat(k.headers()).isEqualTo(csa.headers());
        // CSA records each move's time; JKF adds the running totals.
        assertThat(k.moves()).hasSameSizeAs(csa.moves());
        for (int i = 0; i < k.moves().size(); i++) {
            Step s = k.moves().get(i);
            assertThat(s.withTime(s.time(), Optional.empty())).as("%s step %d", path, i).isEqualTo(csa.moves().get(i));
        }
    }

    // ---------------------------------------------------------------------- writer

    @Test
    void writerFillsSameCapturePromoteAndTotals() {
        Kifu k = CsaReader.read("PI\n+\n+7776FU,T10\n-3334FU,T5\n+8822UM,T20\n-3122GI,T65\n+0045KA,T3661\n").kifu();
        JsonNode moves = JsonTrees.parse(JkfWriter.write(k).text()).get("moves");
        assertThat(moves.get(0).isEmpty()).isTrue();
        JsonNode bxb = moves.get(3);
        assertThat(bxb.get("move").toString())
                .isEqualTo("{\"color\":0,\"from\":{\"x\":8,\"y\":8},\"to\":{\"x\":2,\"y\":2},\"piece\":\"KA\",\"promote\":true,\"capture\":\"KA\"}");
        assertThat(bxb.get("time").toString()).isEqualTo("{\"now\":{\"m\":0,\"s\":20},\"total\":{\"h\":0,\"m\":0,\"s\":30}}");
        JsonNode sxh = moves.get(4);
        assertThat(sxh.get("move").toString())
                .isEqualTo("{\"color\":1,\"from\":{\"x\":3,\"y\":1},\"to\":{\"x\":2,\"y\":2},\"piece\":\"GI\",\"same\":true,\"capture\":\"UM\"}");
        assertThat(sxh.get("time").toString()).isEqualTo("{\"now\":{\"m\":1,\"s\":5},\"total\":{\"h\":0,\"m\":1,\"s\":10}}");
        JsonNode drop = moves.get(5);
        assertThat(drop.get("move").toString()).isEqualTo("{\"color\":0,\"to\":{\"x\":4,\"y\":5},\"piece\":\"KA\"}");
        assertThat(drop.get("time").toString()).isEqualTo("{\"now\":{\"h\":1,\"m\":1,\"s\":1},\"total\":{\"h\":1,\"m\":1,\"s\":31}}");
    }

    @Test
    void otherStartsAreWrittenAsData() {
        Kifu k = CsaReader.read("P1 *  *  *  *  *  *  *  * -OU\nP+00HI\nP-00AL\n+\n").kifu();
        JsonNode initial = JsonTrees.parse(JkfWriter.write(k).text()).get("initial");
        assertThat(initial.get("preset").asString()).isEqualTo("OTHER");
        assertThat(initial.get("data").get("color").asInt()).isZero();
        assertThat(initial.get("data").get("board").get(0).get(0).toString()).isEqualTo("{\"color\":1,\"kind\":\"OU\"}");
        assertThat(initial.get("data").get("board").get(8).get(8).toString()).isEqualTo("{}");
        assertThat(initial.get("data").get("hands").toString()).isEqualTo(
                "[{\"FU\":0,\"KY\":0,\"KE\":0,\"GI\":0,\"KI\":0,\"KA\":0,\"HI\":1},{\"FU\":18,\"KY\":4,\"KE\":4,\"GI\":4,\"KI\":4,\"KA\":2,\"HI\":1}]");
        // Registry handicaps without a JKF preset are written as data too.
        JsonNode pawns = JsonTrees.parse(JkfWriter.write(new Kifu(List.of(), Start.of(Handicap.THREE_PAWNS), List.of(), List.of())).text());
        assertThat(pawns.get("initial").get("preset").asString()).isEqualTo("OTHER");
        assertThat(pawns.get("initial").get("data").get("hands").get(1).get("FU").asInt()).isEqualTo(3);
        assertThat(JkfReader.read(pawns.toString()).kifu().start()).isEqualTo(Start.of(Handicap.THREE_PAWNS));
        for (Handicap h : Handicap.values()) {
            String json = JkfWriter.write(new Kifu(List.of(), Start.of(h), List.of(), List.of())).text();
            assertThat(JsonTrees.schemaErrors(json)).as(h.name()).isEmpty();
            assertThat(JkfReader.read(json).kifu().start()).as(h.name()).isEqualTo(Start.of(h));
            assertThat(JsonTrees.parse(json).get("initial").get("preset").asString()).isEqualTo(h.jkfPreset().orElse("OTHER"));
        }
    }

    @Test
    void forksEngineCommentsAndDroppedSpecials() {
        Kifu base = CsaReader.read("PI\n+\n+7776FU,T3\n-3334FU,T4\n").kifu();
        Position start = base.startPosition().orElseThrow();
        Step alt = Step.move(Usi.parseMove(start, "2g2f")).withTime(Optional.of(Duration.ofSeconds(9)), Optional.empty());
        List<Step> moves = new ArrayList<>(base.moves());
        moves.set(0, moves.get(0).withComments(List.of("plain")).withEngineComments(List.of("評価値=30")).withForks(List.of(List.of(alt))));
        moves.add(Step.special(Special.FUSEN_LOSS));
        WriteResult w = JkfWriter.write(base.withMoves(moves));
        assertThat(w.dropped()).containsExactly("special 不戦敗 (JKF has no name for it)");
        assertThat(JsonTrees.schemaErrors(w.text())).isEmpty();
        JsonNode first = JsonTrees.parse(w.text()).get("moves").get(1);
        assertThat(first.get("comments").toString()).isEqualTo("[\"plain\",\"*評価値=30\"]");
        JsonNode fork = first.get("forks").get(0).get(0);
        assertThat(fork.get("move").get("from").toString()).isEqualTo("{\"x\":2,\"y\":7}");
        assertThat(fork.get("time").toString()).isEqualTo("{\"now\":{\"m\":0,\"s\":9},\"total\":{\"h\":0,\"m\":0,\"s\":9}}");
        Kifu back = JkfReader.read(w.text()).kifu();
        assertThat(back.moves().getFirst().engineComments()).containsExactly("評価値=30");
        // The fork comes back as it was written, with the total JKF gives every time (9 s, its first move).
        assertThat(back.moves().getFirst().forks())
                .containsExactly(List.of(alt.withTime(Optional.of(Duration.ofSeconds(9)), Optional.of(Duration.ofSeconds(9)))));
    }

    @Test
    void illegalWinAndMoveLimit() {
        Kifu base = CsaReader.read("PI\n+\n+7776FU\n").kifu();
        List<Step> win = new ArrayList<>(base.moves());
        win.add(Step.special(Special.ILLEGAL_WIN));
        WriteResult w = JkfWriter.write(base.withMoves(win));
        assertThat(w.dropped()).isEmpty();
        assertThat(JsonTrees.parse(w.text()).get("moves").get(2).get("special").asString()).isEqualTo("+ILLEGAL_ACTION");
        List<Step> limit = new ArrayList<>(base.moves());
        limit.add(Step.special(Special.MAX_MOVES));
        assertThat(JkfWriter.write(base.withMoves(limit)).dropped()).containsExactly("special 最大手数 (JKF has no name for it)");
    }

    @Test
    void whatJkfCannotHoldOfTheStartAndTheTimesIsReported() {
        Kifu k = dev.meijin.notation.sfen.SfenReader.read(
                "sfen lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 31 moves 3c3d").orThrow();
        Step timed = k.moves().getFirst().withTime(Optional.of(Duration.ofMillis(1500)), Optional.empty());

        WriteResult w = JkfWriter.write(k.withMoves(List.of(timed)));

        assertThat(w.dropped()).containsExactly("the start's move number (30 moves were played before it)",
                "the sub-second part of times (JKF records whole seconds)");
        assertThat(JsonTrees.schemaErrors(w.text())).isEmpty();
    }

    @Test
    void writingAnIllegalMoveFails() {
        Kifu base = CsaReader.read("PI\n+\n").kifu();
        Position p = Sfen.position("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1");
        Kifu bad = base.withMoves(List.of(Step.move(Usi.parseMove(p, "3c3d"))));
        assertThatThrownBy(() -> JkfWriter.write(bad)).isInstanceOf(KifuException.class)
                .hasMessage("ply 1: cannot write move 3c3d: it is not legal in lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1");
    }

    // ---------------------------------------------------------------------- reader

    @Test
    void malformedJsonGivesLineAndColumn() {
        ReadResult r = JkfReader.read("{\n  \"header\": {},\n  \"moves\": [ {}, \n}");
        assertThat(r.kifu()).isEqualTo(Kifu.empty());
        assertThat(r.problems()).singleElement().satisfies(p -> {
            assertThat(p.line()).isEqualTo(4);
            assertThat(p.column()).isEqualTo(1);
            assertThat(p.message()).startsWith("malformed JSON: ");
        });
        assertThat(JkfReader.read("[1, 2]").problems()).extracting(Problem::message)
                .containsExactly("a JKF text is a JSON object with header, initial and moves");
        assertThat(JkfReader.read("").problems())
                .containsExactly(new Problem(Problem.Kind.NO_RECORD, 0, 0, 0, "a JKF text is a JSON object with header, initial and moves"));
    }

    @Test
    void movesWithoutFromAreWorkedOut() {
        // A board move written without "from" (some writers leave it out when only one piece can go there).
        String json = """
                {"header": {}, "moves": [{},
                  {"move": {"color": 0, "to": {"x": 7, "y": 6}, "piece": "FU"}},
                  {"move": {"color": 1, "to": {"x": 3, "y": 4}, "piece": "FU"}},
                  {"move": {"color": 0, "to": {"x": 2, "y": 2}, "piece": "KA", "promote": true}},
                  {"move": {"color": 1, "same": true, "piece": "GI"}},
                  {"move": {"color": 0, "to": {"x": 4, "y": 5}, "piece": "KA"}},
                  {"move": {"color": 1, "to": {"x": 5, "y": 2}, "piece": "KI", "relative": "R"}}
                ]}""";
        ReadResult r = JkfReader.read(json);
        assertThat(r.problems()).isEmpty();
        assertThat(r.kifu().mainLine()).extracting(Move::usi).containsExactly("7g7f", "3c3d", "8h2b+", "3a2b", "B*4e", "6a5b"); // gote's right gold
    }

    @Test
    void longTotalsFromAKifRecordReadBack() {
        // JKF refused more than 1000000 hours, which a KIF total of 100000100 minutes is (1666668 hours).
        Kifu kif = Formats.read("1 ２六歩(27) (0:2/100000100:2)\n", Optional.empty()).orThrow();

        ReadResult r = JkfReader.read(JkfWriter.write(kif).text());

        assertThat(r.problems()).isEmpty();
        assertThat(r.kifu().moves().getFirst().totalTime()).contains(Duration.ofSeconds(100_000_100L * 60 + 2));
    }

    @Test
    void timesBeyondWhatARecordMayGiveAreIgnored() {
        String json = """
                {"header": {}, "moves": [{},
                  {"move": {"color": 0, "from": {"x": 2, "y": 7}, "to": {"x": 2, "y": 6}, "piece": "FU"},
                   "time": {"now": {"h": 277777, "m": 46, "s": 40}, "total": {"h": 27777777777, "m": 46, "s": 40}}}]}""";

        ReadResult r = JkfReader.read(json);

        assertThat(r.problems()).extracting(Problem::message).containsExactly(
                "moves[1].time.now: 1000000000 seconds is more than 999999999; ignored",
                "moves[1].time.total: 100000000000000 seconds is more than 99999999999999; ignored");
        assertThat(r.kifu().mainLine()).hasSize(1);
    }

    @Test
    void aMoveToItsOwnSquareIsIllegal() {
        // It used to escape the lenient reader as "not a real move: 2g2g".
        String json = """
                {"header": {}, "moves": [{},
                  {"move": {"color": 0, "from": {"x": 2, "y": 7}, "to": {"x": 2, "y": 7}, "piece": "FU"}}]}""";

        ReadResult r = JkfReader.read(json);

        assertThat(r.problems()).containsExactly(new Problem(Problem.Kind.ILLEGAL_MOVE, 0, 0, 1, "moves[1].move: illegal move 2g2g in "
                + "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1: a piece must move to another square; "
                + "the main line stops here", "moves[1].move", null));
        assertThat(r.kifu().mainLine()).isEmpty();
    }

    @Test
    void leniencyReportsPathsAndStopsAtTheFirstBadMove() {
        String json = """
                {"header": {"先手": "a", "棋戦": 3}, "initial": {"preset": "HIRATE"}, "extra": 1, "moves": [
                  {"comments": ["start"]},
                  {"move": {"color": 0, "from": {"x": 7, "y": 7}, "to": {"x": 7, "y": 6}, "piece": "FU"},
                   "forks": [[{"move": {"color": 0, "from": {"x": 2, "y": 7}, "to": {"x": 2, "y": 5}, "piece": "FU"}}]]},
                  {"move": {"color": 0, "from": {"x": 3, "y": 3}, "to": {"x": 3, "y": 4}, "piece": "FU"}},
                  {"special": "TORYO"}
                ]}""";
        ReadResult r = JkfReader.read(json);
        assertThat(r.problems()).extracting(Problem::ply, Problem::message).containsExactly(
                org.assertj.core.groups.Tuple.tuple(0, "extra: unknown member; ignored"),
                org.assertj.core.groups.Tuple.tuple(0, "header.棋戦: not a string; read as text"),
                org.assertj.core.groups.Tuple.tuple(1, "moves[1].forks[0][0].move: illegal move 2g2e in lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1: a pawn on 2g cannot move to 2e; the fork stops here"),
                org.assertj.core.groups.Tuple.tuple(1, "moves[1].forks[0]: no playable move; the fork is dropped"),
                org.assertj.core.groups.Tuple.tuple(2, "moves[2].move.color: 0, but gote (1) is to move; the main line stops here"));
        Kifu k = r.kifu();
        assertThat(k.header(Headers.EVENT)).contains("3");
        assertThat(k.startComments()).containsExactly("start");
        assertThat(k.mainLine()).hasSize(1);
        assertThat(k.hasForks()).isFalse();
        assertThat(k.special()).isEmpty();
        assertThatThrownBy(() -> JkfReader.readStrict(json)).isInstanceOf(KifuException.class).hasMessage("extra: unknown member; ignored");
    }

    /** A JKF record whose start has the two kings alone on the board and the given hands. */
    private static String kingsWithHands(String hands) {
        String board = "[" + "[{},{},{},{},{},{},{},{},{}],".repeat(8) + "[{},{},{},{},{},{},{},{},{}]]";
        String kings = board.replaceFirst("\\[\\{\\},", "[{\"color\":1,\"kind\":\"OU\"},");
        kings = kings.substring(0, kings.length() - 4) + "{\"color\":0,\"kind\":\"OU\"}]]";
        return "{\"header\":{},\"initial\":{\"preset\":\"OTHER\",\"data\":{\"board\":" + kings
                + ",\"color\":0,\"hands\":" + hands + "}},\"moves\":[{}]}";
    }

    @Test
    void morePiecesInHandThanASetHasAreReportedOnceByThePositionCheck() {
        ReadResult r = JkfReader.read(kingsWithHands("[{\"FU\":99},{\"KA\":1.5}]"));

        assertThat(r.problems()).extracting(Problem::message).containsExactly(
                "initial.data.hands[1].KA: not a number of pieces; ignored",
                "initial: the start position is not legal: 99 pawns on the board and in hand, a set has 18; no moves were read");
    }

    @Test
    void boardColumnsAndSquaresThatAreNotArraysAndObjectsAreReported() {
        // A column written as an object threw NullPointerException: an object has a size but no squares by index.
        String json = kingsWithHands("[{},{}]").replaceFirst("\\[\\{\"color\":1,\"kind\":\"OU\"\\},\\{\\},",
                "[{\"color\":1,\"kind\":\"OU\"},7,").replaceFirst("\\[\\{\\},\\{\\},\\{\\},\\{\\},\\{\\},\\{\\},\\{\\},\\{\\},\\{\\}\\]",
                "{\"color\":1,\"kind\":\"TO\"}");

        ReadResult r = JkfReader.read(json);

        assertThat(r.problems()).extracting(Problem::message).containsExactly(
                "initial.data.board[0][1]: not a piece {color, kind}; left empty",
                "initial.data.board[1]: not an array of 9 squares; the column is empty");
        assertThat(Sfen.format(r.kifu().start().setup())).isEqualTo("8k/9/9/9/9/9/9/9/K8 b - 1");
    }

    @Test
    void aHandOfMoreThanARecordMayGiveIsIgnored() {
        // Any int was kept: 440 pawns made the KIF writer throw, and 2147483647 overflowed the position check's count.
        ReadResult r = JkfReader.read(kingsWithHands("[{\"FU\":2147483647,\"KI\":2},{\"FU\":440}]"));

        assertThat(r.problems()).extracting(Problem::message).containsExactly(
                "initial.data.hands[0].FU: 2147483647 pieces, more than 99; ignored",
                "initial.data.hands[1].FU: 440 pieces, more than 99; ignored");
        assertThat(Sfen.format(r.kifu().start().setup())).isEqualTo("8k/9/9/9/9/9/9/9/K8 b 2G 1");
    }

    @Test
    void initialDataAndPresets() {
        assertThat(JkfReader.read("{\"header\":{},\"initial\":{\"preset\":\"KY_R\"},\"moves\":[{}]}").kifu().start().handicap())
                .contains(Handicap.RIGHT_LANCE);
        assertThat(JkfReader.read("{\"header\":{},\"initial\":null,\"moves\":[{}]}").kifu().start().isEven()).isTrue();
        ReadResult unknown = JkfReader.read("{\"header\":{},\"initial\":{\"preset\":\"NOPE\"},\"moves\":[{}]}");
        assertThat(unknown.problems()).extracting(Problem::message)
                .containsExactly("initial.preset: unknown preset \"NOPE\"; the even start is assumed");
        Kifu tsume = JkfReader.read(TestData.text("jkf/shogi-kifu-converter/csa/tsumeshogi.json", StandardCharsets.UTF_8)).kifu();
        assertThat(tsume.start().setup().turn()).isEqualTo(Color.SENTE);
        assertThat(tsume.start().setup().handCount(Color.GOTE, Role.PAWN)).isEqualTo(14);
        assertThat(Sfen.format(tsume.start().setup())).startsWith("9/9/3pp4/+r2k1p3/2L1+p4/2+R6/B8/B8/9 b ");
    }

    @Test
    void theFormatsFacadeReadsAndWritesJkf() {
        String path = "jkf/tsshogi/sample03.jkf";
        ReadResult r = Formats.read(TestData.bytes(path), Optional.of("sample03.jkf"));
        assertThat(r.problems()).isEmpty();
        assertThat(r.kifu()).isEqualTo(JkfReader.read(TestData.text(path, StandardCharsets.UTF_8)).kifu());
        assertThat(Formats.write(r.kifu(), Format.JKF, WriteOptions.UTF8).text()).isEqualTo(JkfWriter.write(r.kifu()).text());
    }
}
