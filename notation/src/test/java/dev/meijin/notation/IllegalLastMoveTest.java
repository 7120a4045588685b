package dev.meijin.notation;

import dev.meijin.core.position.IllegalMoveReason;
import static org.assertj.core.api.Assertions.assertThat;

import dev.meijin.core.Color;
import dev.meijin.core.game.Ending;
import dev.meijin.core.game.Outcome;
import dev.meijin.notation.kifu.Kifu;
import dev.meijin.notation.kifu.Problem;
import dev.meijin.notation.kifu.ReadResult;
import dev.meijin.notation.kifu.RecordValidator;
import dev.meijin.notation.kifu.Special;
import dev.meijin.notation.kifu.Step;
import dev.meijin.notation.kifu.Validation;
import dev.meijin.testdata.TestData;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * A game that ended on an illegal move, recorded with the move and then its ending: every reader stops the
 * main line before the move, reports it for the rule it breaks, and keeps the ending in the move's place when
 * it says the mover lost by it. The record is mog-core-scala's 017.kif (testdata), where sente's 27th move
 * ４五桂(37) moves a knight pinned by gote's horse and the record goes on with 28 反則勝ち, the comment
 * 王手放置の反則 and まで27手で後手の勝ち; the KI2, CSA and JKF texts are that game written by the writers,
 * with the same illegal move and ending added in each format's words.
 */
class IllegalLastMoveTest {

    private static final String PATH = "kif/mog-core-scala/017.kif";
    /** The position before the illegal move, sente to move. */
    private static final String BEFORE = "lnsgkg1nl/7s1/ppppp+B1pp/9/9/2P3p+b1/PP1PP1N1P/2G3S2/LNS1KG2L b R3Prp 27";

    private static ReadResult read017() {
        return Formats.read(TestData.bytes(PATH), Optional.of("017.kif"));
    }

    /** The game's 26 legal moves without an ending, written in a format. */
    private static String movesOnly(Format format) {
        Kifu k = read017().kifu();
        return Formats.write(k.withMoves(k.moves().stream().filter(Step::isMove).toList()), format, WriteOptions.UTF8)
                .text();
    }

    @Test
    void kifKeepsTheRecordedEndingAsTheMoversIllegalMoveLoss() {
        ReadResult r = read017();

        assertThat(r.problems()).containsExactly(new Problem(Problem.Kind.ILLEGAL_MOVE, 34, 4, 27, "illegal Japanese move \"４五桂(37)\" in " + BEFORE
                + ": it would leave the king in check", "４五桂(37)", IllegalMoveReason.KING_LEFT_IN_CHECK));
        Kifu k = r.kifu();
        assertThat(k.mainLine()).hasSize(26);
        // 反則勝ち of gote, to move after the illegal move, is sente's 反則負け where sente is to move.
        assertThat(k.special()).contains(Special.ILLEGAL_MOVE);
        assertThat(k.moves().getLast().comments()).containsExactly("王手放置の反則");
        assertThat(k.sideToMoveAtEnd()).isEqualTo(Color.SENTE);

        Validation v = RecordValidator.validate(k);
        assertThat(v.problems()).isEmpty();
        assertThat(v.judged()).contains(new Outcome.Win(Color.GOTE, Ending.ILLEGAL_MOVE, "recorded 反則負け"));
    }

    @Test
    void everyWriterWritesTheKeptEnding() {
        Kifu k = read017().kifu();

        assertThat(Formats.write(k, Format.KIF, WriteOptions.UTF8).text())
                .endsWith("  27 反則負け\n*王手放置の反則\nまで26手で先手の反則負け\n");
        assertThat(Formats.write(k, Format.KI2, WriteOptions.UTF8).text())
                .endsWith("まで26手で先手の反則負け\n*王手放置の反則\n");
        assertThat(Formats.write(k, Format.CSA, WriteOptions.UTF8).text()).endsWith("-0036FU,T9\n%ILLEGAL_MOVE\n'王手放置の反則\n");
    }

    @Test
    void ki2KeepsTheEndingItsSummaryLineStates() {
        // Kakinoki's summary for 反則勝ち: the side to move after the illegal move wins, with the illegal move counted.
        String text = movesOnly(Format.KI2) + "▲４五桂\nまで27手で後手の勝ち\n*王手放置の反則\n";

        ReadResult r = Formats.read(text, Optional.of("017.ki2"));

        assertThat(r.problems()).extracting(Problem::ply, Problem::message).containsExactly(org.assertj.core.groups.Tuple
                .tuple(27, "illegal Japanese move \"▲４五桂\" in " + BEFORE + ": it would leave the king in check"));
        assertThat(r.kifu().mainLine()).hasSize(26);
        assertThat(r.kifu().special()).contains(Special.ILLEGAL_MOVE);
        assertThat(r.kifu().moves().getLast().comments()).containsExactly("王手放置の反則");
        assertThat(r.kifu()).isEqualTo(readKif017WithoutTimes(r.kifu()));
    }

    /** 017.kif as read, its headers and times replaced by those of {@code other}, to compare the moves and ending. */
    private static Kifu readKif017WithoutTimes(Kifu other) {
        Kifu k = read017().kifu();
        List<Step> moves = k.moves().stream().map(s -> s.withTime(Optional.empty(), Optional.empty())).toList();
        return k.withMoves(moves).withHeaders(other.headers());
    }

    @Test
    void csaKeepsTheIllegalActionAfterTheIllegalMove() {
        String text = movesOnly(Format.CSA) + "+3745KE,T10\n%+ILLEGAL_ACTION\n'王手放置の反則\n";

        ReadResult r = Formats.read(text, Optional.of("017.csa"));

        assertThat(r.problems()).extracting(Problem::ply, Problem::message).containsExactly(org.assertj.core.groups.Tuple
                .tuple(27, "illegal CSA move \"+3745KE\" in " + BEFORE + ": it would leave the king in check (3g4e); "
                        + "the main line stops here"));
        assertThat(r.kifu().mainLine()).hasSize(26);
        // %+ILLEGAL_ACTION names the side: kept as it is.
        assertThat(r.kifu().special()).contains(Special.SENTE_ILLEGAL_ACTION);
        assertThat(r.kifu().moves().getLast().comments()).containsExactly("王手放置の反則");
        assertThat(RecordValidator.validate(r.kifu()).judged())
                .contains(new Outcome.Win(Color.GOTE, Ending.ILLEGAL_MOVE, "recorded %+ILLEGAL_ACTION"));
    }

    @Test
    void jkfKeepsTheIllegalActionAfterTheIllegalMove() {
        String json = movesOnly(Format.JKF);
        int end = json.lastIndexOf(']');
        int last = json.lastIndexOf('}', end);
        String text = json.substring(0, last + 1) + ",\n{\"move\": {\"color\": 0, \"from\": {\"x\": 3, \"y\": 7}, "
                + "\"to\": {\"x\": 4, \"y\": 5}, \"piece\": \"KE\"}},\n{\"special\": \"+ILLEGAL_ACTION\", "
                + "\"comments\": [\"王手放置の反則\"]}\n" + json.substring(end);

        ReadResult r = Formats.read(text, Optional.of("017.jkf"));

        assertThat(r.problems()).extracting(Problem::ply, Problem::message).containsExactly(org.assertj.core.groups.Tuple
                .tuple(27, "moves[27].move: illegal move 3g4e in " + BEFORE + ": it would leave the king in check; "
                        + "the main line stops here"));
        assertThat(r.kifu().mainLine()).hasSize(26);
        assertThat(r.kifu().special()).contains(Special.SENTE_ILLEGAL_ACTION);
        assertThat(r.kifu().moves().getLast().comments()).containsExactly("王手放置の反則");
    }

    /** An ending that does not say the mover lost by the illegal move is not its ending: nothing is kept. */
    @ParameterizedTest
    @CsvSource(delimiter = '|', textBlock = """
            KIF | 28 投了
            KIF | 28 反則負け
            KIF | 28 中断
            CSA | %TORYO
            CSA | %-ILLEGAL_ACTION
            CSA | %ILLEGAL_MOVE
            """)
    void anEndingThatDoesNotChargeTheMoverIsDropped(Format format, String ending) {
        String text = format == Format.KIF
                ? TestData.text(PATH, java.nio.charset.StandardCharsets.UTF_8)
                        .replace("28 反則勝ち", ending)
                : movesOnly(Format.CSA) + "+3745KE\n" + ending + "\n";

        ReadResult r = Formats.read(text, Optional.of(format == Format.KIF ? "017.kif" : "017.csa"));

        assertThat(r.problems()).singleElement().extracting(Problem::ply).isEqualTo(27);
        assertThat(r.kifu().mainLine()).hasSize(26);
        assertThat(r.kifu().special()).isEmpty();
    }

    /** A move that is not illegal but unreadable keeps nothing after it either. */
    @Test
    void aMalformedMoveKeepsNoEnding() {
        String text = movesOnly(Format.CSA) + "+3745XX\n%+ILLEGAL_ACTION\n";

        ReadResult r = Formats.read(text, Optional.of("017.csa"));

        assertThat(r.kifu().special()).isEmpty();
    }

    @ParameterizedTest
    @EnumSource(Special.class)
    void theEndingKeptInTheIllegalMovesPlace(Special recorded) {
        // The formats record the special with the other side to move; the kept one is read with the offender to move.
        Optional<Special> expected = switch (recorded) {
            case ILLEGAL_WIN -> Optional.of(Special.ILLEGAL_MOVE);
            default -> Optional.empty();
        };
        assertThat(recorded.afterIllegalMove(Color.SENTE)).as("sente, %s", recorded)
                .isEqualTo(recorded == Special.SENTE_ILLEGAL_ACTION ? Optional.of(recorded) : expected);
        assertThat(recorded.afterIllegalMove(Color.GOTE)).as("gote, %s", recorded)
                .isEqualTo(recorded == Special.GOTE_ILLEGAL_ACTION ? Optional.of(recorded) : expected);
        for (Color offender : Color.values()) {
            recorded.afterIllegalMove(offender).ifPresent(kept ->
                    assertThat(kept.winner(offender)).as("%s by %s", recorded, offender).contains(offender.opposite()));
        }
    }
}
