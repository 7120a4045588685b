package dev.meijin.notation;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.meijin.core.Color;
import dev.meijin.core.game.Ending;
import dev.meijin.core.game.Game;
import dev.meijin.core.game.Handicap;
import dev.meijin.core.game.MoveResult;
import dev.meijin.core.game.Outcome;
import dev.meijin.core.game.RuleSet;
import dev.meijin.core.game.TimeControl;
import dev.meijin.core.sfen.Sfen;
import dev.meijin.notation.kifu.GameInfo;
import dev.meijin.notation.kifu.GameRecords;
import dev.meijin.notation.kifu.Kifu;
import dev.meijin.notation.kifu.ReadResult;
import dev.meijin.notation.kifu.RecordDate;
import dev.meijin.notation.kifu.Special;
import dev.meijin.notation.kifu.Start;
import dev.meijin.notation.kifu.WriteResult;
import java.time.Duration;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The bridge between {@link Game} and records ({@link GameRecords}): every record of the corpus becomes a game,
 * and that game written as KIF, KI2, CSA and JKF and read back is the same game (start, moves, ending, rules,
 * players, start time, move times) as far as the format can say it; and every ending is written as the special
 * each format has for it.
 */
class GameRecordsTest {

    private static final List<Format> FORMATS = List.of(Format.KIF, Format.KI2, Format.CSA, Format.JKF);

    /**
     * The records whose conversion to a game gives notes, and the notes. The tsume ends with 詰み although gote
     * still has five legal moves, all futile interpositions (see CorpusTest), which the game's rules do not call mate.
     */
    private static final java.util.Map<String, List<String>> NOTES = java.util.Map.of(
            "ki2/json-kifu-format/kobayashi_kinsho196702.ki2", List.of("recorded 詰み, but gote is not checkmated by the rules"));

    static Stream<String> records() {
        return CorpusTest.records();
    }

    @Tag("slow")
    @ParameterizedTest(name = "{0}")
    @MethodSource("records")
    void everyRecordOfTheCorpusRoundTripsThroughEveryFormat(String path) {
        ReadResult r = CorpusTest.read(path);
        Kifu kifu = r.kifu();
        if (kifu.startPosition().isEmpty()) {
            assertThatThrownBy(() -> GameRecords.fromKifu(kifu)).as(path).isInstanceOf(IllegalArgumentException.class)
                    .hasMessageStartingWith("the record's start is not a legal position");
            return;
        }
        GameRecords.Recorded first = GameRecords.fromKifu(kifu);
        Game game = first.game();
        // No record of the corpus goes on after the rules ended its game, nor holds an illegal move in its main
        // line: the game has every move of it.
        assertThat(first.notes()).as(path).containsExactlyElementsOf(NOTES.getOrDefault(path, List.of()));
        assertThat(game.usiMoves()).as(path).isEqualTo(CorpusTest.usi(kifu.mainLine()));
        for (Format f : FORMATS) {
            roundTrip(path, game, first.info(), f);
        }
    }

    /** Writes the game in a format, reads it back, and compares what the format can hold. */
    private static GameRecords.Recorded roundTrip(String what, Game game, GameInfo info, Format f) {
        Kifu out = GameRecords.toKifu(game, info, f);
        WriteResult w = Formats.write(out, f, WriteOptions.UTF8);
        ReadResult back = Formats.read(w.text(), Optional.of("game." + f.extensions().getFirst()));
        String as = what + " as " + f;
        assertThat(back.problems()).as("%s:%n%s", as, w.text()).isEmpty();
        GameRecords.Recorded again = GameRecords.fromKifu(back.kifu());
        Game g2 = again.game();
        assertThat(Sfen.format(g2.start())).as(as).isEqualTo(Sfen.format(game.start()));
        assertThat(g2.usiMoves()).as(as).isEqualTo(game.usiMoves());
        assertThat(g2.sfen()).as(as).isEqualTo(game.sfen());
        assertThat(result(g2.outcome(), f)).as("%s: %s", as, again.notes()).isEqualTo(result(game.outcome(), f));
        if (f == Format.CSA) {
            assertThat(g2.rules().impasse()).as(as).isEqualTo(csaImpasse(game.rules()));
            assertThat(g2.rules().maxMoves()).as(as).isEqualTo(game.rules().maxMoves());
        } else {
            assertThat(g2.rules()).as(as).isEqualTo(game.rules());
        }
        assertThat(again.info().sente()).as(as).isEqualTo(info.sente().strip());
        assertThat(again.info().gote()).as(as).isEqualTo(info.gote().strip());
        assertThat(again.info().startTime()).as(as).isEqualTo(f == Format.CSA ? info.startTime().map(GameRecordsTest::inCsa)
                : info.startTime());
        assertThat(again.info().timeControl()).as(as).isEqualTo(info.timeControl());
        assertThat(again.info().suspended()).as(as).isEqualTo(info.suspended() && game.outcome().isEmpty());
        if (f == Format.KI2 || info.moveTimes().isEmpty()) {
            assertThat(again.info().moveTimes()).as("%s: KI2 has no move times", as).isEmpty();
        } else {
            assertThat(again.info().moveTimes()).as(as).isEqualTo(info.moveTimes().stream()
                    .map(d -> f == Format.CSA || f == Format.KIF || f == Format.JKF ? Duration.ofSeconds(d.getSeconds()) : d).toList());
        }
        return again;
    }

    /** A date as it comes back from CSA, whose dates name no zone: a time with an offset in Japan time. */
    private static RecordDate inCsa(RecordDate d) {
        return d instanceof RecordDate.Offset o ? new RecordDate.Local(o.dateTime().withOffsetSameInstant(RecordDate.JAPAN).toLocalDateTime()) : d;
    }

    /** CSA carries 持将棋 (24 or 27) only: other impasse rules come back as the default 27-point declaration. */
    private static RuleSet.Impasse csaImpasse(RuleSet r) {
        return r.impasse() == RuleSet.Impasse.DECLARATION_24 ? RuleSet.Impasse.DECLARATION_24 : RuleSet.Impasse.DECLARATION_27;
    }

    /**
     * What must survive a round trip: who won and how. CSA and JKF have no forfeit: it comes back as the illegal
     * action of the side that left. CSA has no try rule (its header carries only 持将棋): a try comes back as the
     * resignation the record shows.
     */
    private static String result(Optional<Outcome> o, Format f) {
        return o.map(x -> switch (x) {
            case Outcome.Win w -> w.winner() + " " + switch (w.ending()) {
                case FORFEIT -> f == Format.CSA || f == Format.JKF ? Ending.ILLEGAL_MOVE : Ending.FORFEIT;
                case TRY -> f == Format.CSA ? Ending.RESIGNATION : Ending.TRY;
                default -> w.ending();
            };
            case Outcome.Draw d -> "draw " + d.ending();
            case Outcome.Aborted a -> "aborted";
        }).orElse("running");
    }

    // ------------------------------------------------------------------ each ending, in each format

    /** A game, the ending it has, and the special each format writes: KIF/KI2, CSA, JKF. */
    static Stream<Arguments> endings() {
        List<Arguments> out = new ArrayList<>();
        // Real endings from the corpus: resignation, checkmate, time loss, illegal move (by the side to move and
        // by the other side), sennichite, perpetual check, declaration, impasse, suspension, move limit.
        out.add(Arguments.of("csa/wcsc28-apery/utf8_WCSC28_L1_HFW_KMA.csa", "投了", "%TORYO", "TORYO"));
        // The loser resigned in a mated position: the rules say 詰み.
        out.add(Arguments.of("csa/wcsc28-apery/utf8_WCSC28_L1_762_KFW.csa", "詰み", "%TSUMI", "TSUMI"));
        out.add(Arguments.of("csa/wcsc28-apery/utf8_WCSC28_L4_SSE_MCB.csa", "切れ負け", "%TIME_UP", "TIME_UP"));
        out.add(Arguments.of("csa/wcsc28-apery/utf8_WCSC28_L4_KAK_SLB.csa", "反則負け", "%ILLEGAL_MOVE", "ILLEGAL_MOVE"));
        // %-ILLEGAL_ACTION with sente to move: sente wins, 反則勝ち in KIF.
        out.add(Arguments.of("csa/wcsc28-apery/utf8_WCSC28_L2_HIM_NRK.csa", "反則勝ち", "%-ILLEGAL_ACTION", "-ILLEGAL_ACTION"));
        out.add(Arguments.of("csa/mog-core-scala/002.csa", "持将棋", "%JISHOGI", "JISHOGI"));
        out.add(Arguments.of("csa/json-kifu-format/chudan.csa", "中断", "%CHUDAN", "CHUDAN"));
        out.add(Arguments.of("csa/wcsc28-apery/utf8_WCSC28_U1_SSE_YMT.csa", "千日手", "%SENNICHITE", "SENNICHITE"));
        out.add(Arguments.of("csa/wcsc28-apery/utf8_WCSC28_U1_TSG_HFW.csa", "入玉勝ち", "%KACHI", "KACHI"));
        out.add(Arguments.of("csa/shogi-server/oute_sennichite.csa", "反則", "ILLEGAL", "ILLEGAL"));
        // CSA is written as V2.2, which has no %MAX_MOVES: the writer says %HIKIWAKE.
        out.add(Arguments.of("csa/shogi-server/max_moves_draw.csa", "まで256手で最大手数", "%HIKIWAKE", "HIKIWAKE"));
        return out.stream();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("endings")
    void realEndingsAsEachFormatWritesThem(String path, String kif, String csa, String jkf) {
        GameRecords.Recorded rec = GameRecords.fromKifu(CorpusTest.read(path).kifu());
        Game game = rec.game();
        assertThat(rec.notes()).as(path).isEmpty();
        if (path.contains("max_moves")) {
            // The record says $MAX_MOVES nowhere: play it under the CSA limit.
            assertThat(game.outcome()).as(path).isEmpty();
            game = Game.restore(game.start(), RuleSet.CSA, game.usiMoves(), Optional.empty());
            assertThat(game.outcome().map(Outcome::ending)).as(path).contains(Ending.MOVE_LIMIT);
        } else if (path.contains("chudan")) {
            assertThat(game.outcome()).as(path).isEmpty();
            assertThat(rec.info().suspended()).as(path).isTrue();
        } else {
            assertThat(game.outcome()).as(path).isPresent();
        }
        if (path.contains("oute_sennichite")) {
            assertThat(game.outcome()).as(path).get().isInstanceOfSatisfying(Outcome.Win.class, w -> {
                assertThat(w.ending()).isEqualTo(Ending.PERPETUAL_CHECK);
                assertThat(w.winner()).isEqualTo(Color.GOTE);
            });
        }
        checkSpecials(path, game, rec.info(), kif, csa, jkf);
    }

    @Test
    void endingsFromOutsideTheBoard() {
        Game mate = Game.startpos(RuleSet.CSA);
        List.of("2g2f", "5a4b", "2f2e", "4b3b", "2e2d", "8b4b", "2d2c+").forEach(mate::play);
        checkSpecials("checkmate", mate, GameInfo.of("a", "b"), "詰み", "%TSUMI", "TSUMI");

        Game illegal = Game.startpos(RuleSet.CSA);
        illegal.play("7g7f");
        assertThat(illegal.play("3c3e")).isInstanceOf(MoveResult.Illegal.class);
        checkSpecials("illegal move", illegal, GameInfo.NONE, "反則負け", "%ILLEGAL_MOVE", "ILLEGAL_MOVE");

        Game leftBySente = Game.startpos(RuleSet.CSA);
        leftBySente.play("7g7f");
        leftBySente.forfeit(Color.SENTE);
        checkSpecials("sente left, gote to move", leftBySente, GameInfo.NONE, "不戦勝", "%+ILLEGAL_ACTION", "+ILLEGAL_ACTION");

        Game leftByGote = Game.startpos(RuleSet.CSA);
        leftByGote.play("7g7f");
        leftByGote.forfeit(Color.GOTE);
        checkSpecials("gote left, gote to move", leftByGote, GameInfo.NONE, "不戦敗", "%-ILLEGAL_ACTION", "-ILLEGAL_ACTION");

        Game aborted = Game.startpos(RuleSet.CSA);
        aborted.play("7g7f");
        aborted.abort("gote did not move");
        checkSpecials("aborted", aborted, GameInfo.NONE, "中断", "%CHUDAN", "CHUDAN");

        Game resigned = Game.of(Sfen.parse(Handicap.BISHOP.sfen()), RuleSet.CASUAL);
        resigned.play("5a4b");
        resigned.resign(Color.SENTE);
        checkSpecials("handicap resignation", resigned, GameInfo.of("下手の人", "上手の人"), "投了", "%TORYO", "TORYO");

        // The try rule: sente's king reaches 5a and wins; the record shows gote's resignation.
        Game tryRule = Game.of(Sfen.parse("9/4K4/9/9/9/9/9/9/k8 b - 1"), RuleSet.TRY_RULE);
        assertThat(tryRule.play("5b5a")).isInstanceOf(MoveResult.Applied.class);
        assertThat(tryRule.outcome()).contains(new Outcome.Win(Color.SENTE, Ending.TRY, "king reached 5a"));
        checkSpecials("try", tryRule, GameInfo.NONE, "投了", "%TORYO", "TORYO");

        // A game stopped unfinished after both sides moved: 中断, read back as a running, suspended game.
        Game running = Game.startpos(RuleSet.CSA);
        running.play("7g7f");
        running.play("3c3d");
        checkSpecials("suspended after two moves", running, GameInfo.of("a", "b").withSuspended(true), "中断", "%CHUDAN", "CHUDAN");
        // The same game still being played: no ending at all.
        for (Format f : FORMATS) {
            String text = Formats.write(GameRecords.toKifu(running, GameInfo.NONE, f), f, WriteOptions.UTF8).text();
            assertThat(text).as("running game as %s", f).doesNotContain("中断", "CHUDAN", "投了", "TORYO");
            roundTrip("running game", running, GameInfo.NONE, f);
        }

        // A declaration under the 24-point rule with 24 to 30 points is a draw: 持将棋.
        // Sente: the king and ten tokins in gote's camp, rook, bishop and six small pieces in hand: 10+10+6 = 26.
        Game declared24 = Game.of(Sfen.parse("+P+P+P+PK+P+P+P+P/+P+P7/9/9/9/9/9/9/4k4 b RB4G2S 1"), RuleSet.AMATEUR);
        assertThat(declared24.declare()).isEqualTo(new Outcome.Draw(Ending.DECLARATION, "26 points, 24–30 draw"));
        checkSpecials("24-point declaration, drawn", declared24, GameInfo.NONE, "持将棋", "%JISHOGI", "JISHOGI");

        // Both kings entered, the professional impasse by agreement: a draw, 持将棋.
        // Sente 28 points (rook, bishop and 16 small pieces in hand, two tokins), gote 26 (rook and bishop in hand,
        // 16 tokins).
        String entered = "4K4/+P+P7/9/9/9/9/+p+p+p+p+p+p+p+p+p/+p+p+p+p+p+p+p2/4k4 b RB4G4S4N4Lrb 1";
        Game impasse = Game.of(Sfen.parse(entered), RuleSet.PROFESSIONAL);
        assertThat(impasse.agreeImpasse()).isEqualTo(new Outcome.Draw(Ending.IMPASSE, "sente 28, gote 26 points"));
        checkSpecials("impasse", impasse, GameInfo.NONE, "持将棋", "%JISHOGI", "JISHOGI");
    }

    /** The special in the text of each format, and the game read back. */
    private static void checkSpecials(String what, Game game, GameInfo info, String kif, String csa, String jkf) {
        for (Format f : FORMATS) {
            String text = Formats.write(GameRecords.toKifu(game, info, f), f, WriteOptions.UTF8).text();
            String expected = switch (f) {
                case KIF -> kif;
                // KI2 has no special move lines: its まで line says the result.
                case KI2 -> switch (kif) {
                    case "投了" -> "手で" + sideName(game, game.turn().opposite()) + "の勝ち";
                    case "切れ負け" -> "時間切れにより";
                    default -> kif;
                };
                case CSA -> csa;
                default -> "\"special\":\"" + jkf;
            };
            assertThat(text.replace(" ", "")).as("%s as %s", what, f).contains(expected.replace(" ", ""));
            roundTrip(what, game, info, f);
        }
    }

    /** 先手/後手, or 下手/上手 in a handicap game, as the まで line of KI2 names the winner. */
    private static String sideName(Game game, Color c) {
        boolean handicap = Start.of(game.start()).handicap().map(Handicap::isHandicap).orElse(false);
        return c == Color.SENTE ? (handicap ? "下手" : "先手") : (handicap ? "上手" : "後手");
    }

    @Test
    void playersRulesTimesAndHandicapGoIntoTheHeaders() {
        Game g = Game.of(Sfen.parse(Handicap.TWO_PIECE.sfen()), RuleSet.AMATEUR.withMaxMoves(300).withHandicapCompensation(true));
        for (String m : List.of("5a4b", "7g7f", "4b3b", "2g2f")) {
            assertThat(g.play(m)).isInstanceOf(MoveResult.Applied.class);
        }
        GameInfo info = GameInfo.of("Fujii", "Habu").withEvent("練習対局").withStartTime(LocalDateTime.of(2026, 11, 24, 9, 30, 5))
                .withTimeControl(TimeControl.byoyomi(Duration.ofMinutes(10), Duration.ofSeconds(30)))
                .withMoveTimes(List.of(Duration.ofSeconds(3), Duration.ofSeconds(65), Duration.ofSeconds(7), Duration.ofSeconds(1)));
        String kif = Formats.write(GameRecords.toKifu(g, info), Format.KIF, WriteOptions.UTF8).text();
        assertThat(kif).contains("手合割：二枚落ち", "下手：Fujii", "上手：Habu", "棋戦：練習対局", "開始日時：2026/11/24 09:30:05",
                "持ち時間：600+30+0", "最大手数：300", "持将棋：24",
                GameRecords.RULES + "：impasse=DECLARATION_24 maxMoves=300 takebacks=no illegalMoveLoses=yes handicapCompensation=yes");
        // Times per move and each side's running total (上手 moves first: 3 s and 7 s, then 65 s and 1 s).
        assertThat(kif).contains("( 0:03/00:00:03)", "( 1:05/00:01:05)", "( 0:07/00:00:10)", "( 0:01/00:01:06)");
        String csa = Formats.write(GameRecords.toKifu(g, info, Format.CSA), Format.CSA, WriteOptions.UTF8).text();
        assertThat(csa).contains("N+Fujii", "N-Habu", "$START_TIME:2026/11/24 09:30:05", "$MAX_MOVES:300", "$JISHOGI:24", "PI22KA82HI",
                "T65");
        for (Format f : FORMATS) {
            roundTrip("two-piece handicap", g, info, f);
        }
        assertThatThrownBy(() -> GameRecords.toKifu(g, info.withMoveTimes(List.of(Duration.ZERO))))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("1 move times for 4 moves");
    }

    @Test
    void aResignationOutOfTurnKeepsTheWinner() {
        // Every format gives 投了 and 切れ負け to the side to move. Sente resigns (or is flagged) while gote is to
        // move: the record says sente's foul, so that gote still wins when it is read back.
        for (boolean flagged : new boolean[] {false, true}) {
            Game g = Game.startpos(RuleSet.CSA);
            g.play("7g7f");
            Outcome o = flagged ? g.timeLoss(Color.SENTE) : g.resign(Color.SENTE);
            assertThat(o).isEqualTo(new Outcome.Win(Color.GOTE, flagged ? Ending.TIME_LOSS : Ending.RESIGNATION, ""));
            for (Format f : FORMATS) {
                String text = Formats.write(GameRecords.toKifu(g, GameInfo.NONE, f), f, WriteOptions.UTF8).text();
                String expected = switch (f) {
                    case KIF -> "反則勝ち";
                    case KI2 -> "後手の反則勝ち";
                    case CSA -> "%+ILLEGAL_ACTION";
                    default -> "\"special\":\"+ILLEGAL_ACTION\"";
                };
                assertThat(text.replace(" ", "")).as("%s", f).contains(expected);
                GameRecords.Recorded back = GameRecords.fromKifu(Formats.read(text, Optional.of("x." + f.extensions().getFirst())).kifu());
                assertThat(back.game().outcome()).as("%s", f).contains(new Outcome.Win(Color.GOTE, Ending.ILLEGAL_MOVE, ""));
            }
        }
    }

    @Test
    void aRecordWithMovesAfterTheEndKeepsTheRulesEnding() {
        Game mate = Game.startpos(RuleSet.CSA);
        List.of("2g2f", "5a4b", "2f2e", "4b3b", "2e2d", "8b4b", "2d2c+").forEach(mate::play);
        String kif = Formats.write(GameRecords.toKifu(mate, GameInfo.NONE), Format.KIF, WriteOptions.UTF8).text();
        // A resignation recorded after the mate agrees with it: the mate stands.
        String resigned = kif.replace("詰み", "投了");
        GameRecords.Recorded r = GameRecords.fromKifu(Formats.read(resigned, Optional.of("x.kif")).kifu());
        assertThat(r.game().outcome().map(Outcome::ending)).contains(Ending.CHECKMATE);
        assertThat(GameRecords.special(r.game().outcome().orElseThrow(), r.game().turn(), Format.CSA)).contains(Special.TSUMI);
    }

    @Test
    void rulesTextRoundTripsAndBadTextIsNamed() {
        for (RuleSet r : List.of(RuleSet.PROFESSIONAL, RuleSet.CSA, RuleSet.AMATEUR, RuleSet.CASUAL, RuleSet.TRY_RULE,
                RuleSet.CSA.withHandicapCompensation(true).withMaxMoves(512))) {
            assertThat(GameRecords.parseRules(GameRecords.rulesText(r))).isEqualTo(r);
        }
        assertThatThrownBy(() -> GameRecords.parseRules("impasse=FOO maxMoves=1 takebacks=no illegalMoveLoses=no handicapCompensation=no"))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("unknown impasse rule \"FOO\"");
        assertThatThrownBy(() -> GameRecords.parseRules("impasse=TRY")).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("rules need impasse, maxMoves, takebacks, illegalMoveLoses and handicapCompensation");
        String kif = Formats.write(GameRecords.toKifu(Game.startpos(RuleSet.CASUAL), GameInfo.NONE), Format.KIF, WriteOptions.UTF8).text()
                .replace("takebacks=yes", "takebacks=perhaps");
        GameRecords.Recorded r = GameRecords.fromKifu(Formats.read(kif, Optional.of("x.kif")).kifu());
        assertThat(r.notes()).containsExactly("header " + GameRecords.RULES
                + " not understood (takebacks \"perhaps\" is neither yes nor no); computer rules assumed");
        assertThat(r.game().rules().impasse()).isEqualTo(RuleSet.Impasse.DECLARATION_27);
    }
}
