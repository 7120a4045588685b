package dev.meijin.notation.kifu;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.tuple;

import dev.meijin.core.position.IllegalMoveReason;
import dev.meijin.core.position.PositionIssue;
import dev.meijin.notation.csa.CsaReader;
import dev.meijin.notation.encoding.TextDecoder;
import dev.meijin.notation.jkf.JkfReader;
import dev.meijin.notation.ki2.Ki2Reader;
import dev.meijin.notation.kif.KifReader;
import dev.meijin.notation.sfen.SfenReader;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.assertj.core.groups.Tuple;
import org.junit.jupiter.api.Test;

/** Each reader says what is wrong as a {@link Problem.Kind}, with the text it quotes and the rule a move breaks. */
class ProblemKindTest {
    private static final String KIF_HEAD = "手合割：平手\n手数----指手---------消費時間--\n";

    private static List<Tuple> kinds(List<Problem> problems) {
        return problems.stream().map(p -> tuple(p.kind(), p.line(), p.column(), p.ply(), p.text(), p.rule())).toList();
    }

    @Test
    void aKifMoveThatBreaksNifuNamesTheRule() {
        ReadResult r = KifReader.read(KIF_HEAD + "1 ７六歩(77)\n2 ４四歩(43)\n3 ４四角(88)\n4 ３二銀(31)\n5 ５六歩打\n");
        assertThat(kinds(r.problems())).containsExactly(
                tuple(Problem.Kind.ILLEGAL_MOVE, 7, 3, 5, "５六歩打", IllegalMoveReason.NIFU));
    }

    @Test
    void anUnreadableKifMoveAndAnUnknownLine() {
        ReadResult r = KifReader.read(KIF_HEAD + "こんにちは\n1 ７六歩(77)\n2 ３四歩(33)\n3 ７七飛車\n");
        assertThat(kinds(r.problems())).containsExactly(
                tuple(Problem.Kind.UNKNOWN_LINE, 3, 0, 0, "こんにちは", null),
                tuple(Problem.Kind.UNREADABLE_MOVE, 6, 6, 3, "７七飛車", null));
    }

    /**
     * A long offending text is quoted cut to 40 characters, the last an ellipsis, with no word of English: a page
     * quotes it in its own language. The English message keeps its length.
     */
    @Test
    void aLongTextIsQuotedCutWithoutWords() {
        String line = "あ".repeat(100);
        ReadResult kif = KifReader.read(KIF_HEAD + line + "\n");
        Problem p = kif.problems().getFirst();
        assertThat(p.text()).isEqualTo("あ".repeat(39) + "…");
        assertThat(p.message()).isEqualTo("unrecognised line \"" + "あ".repeat(39) + "… (100 characters)\"");
        ReadResult csa = CsaReader.read("V2.2\nPI\n+\n?" + "x".repeat(60) + "\n");
        assertThat(kinds(csa.problems())).containsExactly(
                tuple(Problem.Kind.UNKNOWN_LINE, 4, 1, 0, "?" + "x".repeat(38) + "…", null));
    }

    @Test
    void aKifStartWithTwoKingsNamesTheIssue() {
        String board = """
                後手の持駒：なし
                  ９ ８ ７ ６ ５ ４ ３ ２ １
                +---------------------------+
                | ・ ・ ・ ・ ・ ・ ・ ・ ・|一
                | ・ ・ ・ ・ ・ ・ ・ ・ ・|二
                | ・ ・ ・ ・v玉 ・ ・ ・ ・|三
                | ・ ・ ・ ・ ・ ・ ・ ・ ・|四
                | ・ ・ ・ ・ ・ ・ ・ ・ ・|五
                | ・ ・ ・ ・ ・ ・ ・ ・ ・|六
                | ・ ・ ・ ・ 玉 ・ ・ ・ ・|七
                | ・ ・ ・ ・ ・ ・ ・ ・ ・|八
                | ・ ・ ・ ・ 玉 ・ ・ ・ ・|九
                +---------------------------+
                先手の持駒：なし
                手数----指手---------消費時間--
                1 ５六玉(57)
                """;
        assertThat(kinds(KifReader.read(board).problems())).containsExactly(
                tuple(Problem.Kind.ILLEGAL_START, 1, 0, 0, null, PositionIssue.TOO_MANY_KINGS));
    }

    @Test
    void anAmbiguousKi2Move() {
        ReadResult r = Ki2Reader.read("▲５八金\n");
        assertThat(kinds(r.problems())).containsExactly(
                tuple(Problem.Kind.AMBIGUOUS_MOVE, 1, 1, 1, "▲５八金", null));
    }

    @Test
    void csaProblems() {
        ReadResult r = CsaReader.read("PI\n+\n+7776FU\n-4344FU\n+8844KA\n-3132GI\n+0056FU\n");
        assertThat(kinds(r.problems())).containsExactly(
                tuple(Problem.Kind.ILLEGAL_MOVE, 7, 1, 5, "+0056FU", IllegalMoveReason.NIFU));
        ReadResult piece = CsaReader.read("PI\nP+00XX\n+\n");
        assertThat(kinds(piece.problems())).containsExactly(
                tuple(Problem.Kind.BAD_PIECE, 2, 5, 0, "XX", null));
        assertThat(kinds(CsaReader.read("").problems())).containsExactly(tuple(Problem.Kind.NO_RECORD, 0, 0, 0, null, null));
    }

    @Test
    void jkfProblemsQuoteThePath() {
        ReadResult r = JkfReader.read("""
                {"header": {}, "moves": [{}, {"move": {"from": {"x": 7, "y": 7}, "to": {"x": 7, "y": 5}, "piece": "FU", "color": 0}}]}
                """);
        assertThat(kinds(r.problems())).containsExactly(
                tuple(Problem.Kind.ILLEGAL_MOVE, 0, 0, 1, "moves[1].move", IllegalMoveReason.CANNOT_REACH));
        assertThat(kinds(JkfReader.read("{\"header\": 3").problems())).containsExactly(
                tuple(Problem.Kind.BAD_JSON, 1, 13, 0, null, null));
    }

    @Test
    void sfenProblems() {
        ReadResult r = SfenReader.read("position startpos moves 7g7f 4c4d 8h4d 3a3b P*5f");
        assertThat(kinds(r.problems())).containsExactly(
                tuple(Problem.Kind.ILLEGAL_MOVE, 1, 45, 5, "P*5f", IllegalMoveReason.NIFU));
        ReadResult bad = SfenReader.read("sfen lnsgkgsnl/9 b - 1");
        assertThat(kinds(bad.problems())).containsExactly(
                tuple(Problem.Kind.BAD_BOARD, 1, 17, 0, null, null));
        assertThat(kinds(SfenReader.read("sfen 4k4/9/9/9/9/9/9/9/4K4 b - 1 extra").problems())).containsExactly(
                tuple(Problem.Kind.UNEXPECTED_TEXT, 1, 34, 0, "extra", null));
        assertThat(kinds(SfenReader.read("sfen 4k4/9/9/9/9/9/9/9/4K4 x - 1").problems())).containsExactly(
                tuple(Problem.Kind.SIDE_TO_MOVE, 1, 28, 0, null, null));
        assertThat(kinds(SfenReader.read("sfen 4k4/9/9/9/9/9/9/9/4K4 b 19P 1").problems())).containsExactly(
                tuple(Problem.Kind.BAD_HAND, 1, 30, 0, null, null));
        assertThat(kinds(SfenReader.read("sfen 4k4/9/9/9/9/9/9/9/4K4 b - 0").problems())).containsExactly(
                tuple(Problem.Kind.MOVE_NUMBER, 1, 32, 0, null, null));
        assertThat(kinds(SfenReader.read("position startpos moves 7g7f 7g7f").problems())).containsExactly(
                tuple(Problem.Kind.ILLEGAL_MOVE, 1, 30, 2, "7g7f", IllegalMoveReason.NO_SUCH_PIECE));
    }

    @Test
    void encodingProblems() {
        byte[] bytes = {'a', (byte) 0xFF, '\n'};
        assertThat(kinds(TextDecoder.decode(bytes, StandardCharsets.UTF_8).problems())).containsExactly(
                tuple(Problem.Kind.BAD_ENCODING, 1, 2, 0, null, null));
    }

    @Test
    void aRuleGoesOnlyWithTheKindsThatHaveOne() {
        assertThatThrownBy(() -> new Problem(Problem.Kind.UNKNOWN_LINE, 1, 0, 0, "x", "x", IllegalMoveReason.NIFU))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new Problem(Problem.Kind.ILLEGAL_MOVE, 1, 0, 0, "x", "x", PositionIssue.NIFU))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
