package dev.meijin.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.meijin.core.Color;
import dev.meijin.core.game.Clock;
import dev.meijin.core.game.Game;
import dev.meijin.core.game.Handicap;
import dev.meijin.core.game.MoveResult;
import dev.meijin.core.game.Outcome;
import dev.meijin.core.game.RuleSet;
import dev.meijin.core.game.TimeControl;
import dev.meijin.core.sfen.Sfen;
import dev.meijin.notation.Format;
import dev.meijin.notation.Formats;
import dev.meijin.notation.WriteOptions;
import dev.meijin.notation.kifu.GameInfo;
import dev.meijin.notation.kifu.GameRecords;
import dev.meijin.notation.kifu.Headers;
import dev.meijin.notation.kifu.ReadResult;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PlayCommandTest {

    private static Cli.Result play(String input, String... options) {
        String[] args = new String[options.length + 1];
        args[0] = "play";
        System.arraycopy(options, 0, args, 1, options.length);
        return Cli.runWithInput(input, args);
    }

    @Test
    void aQuickCheckmateEndsTheGameWithTheResult() {
        // The shortest mate from the start position: sente's rook pawn promotes on 2c in front of a boxed-in king.
        Cli.Result r = play("2g2f\n5a4b\n2f2e\n4b3b\n2e2d\n8b4b\n2d2c+\n");
        assertThat(r.code()).isEqualTo(Main.OK);
        assertThat(r.outLines()).contains("▲先手> 2g2f", "△後手> 5a4b", "7手目：▲先手 ２三歩成 (2d2c+)", "後手番　8手目　王手");
        assertThat(r.outLines().subList(r.outLines().size() - 2, r.outLines().size()))
                .containsExactly("Sente wins by checkmate", "まで7手で先手の勝ち（詰み）");
        assertThat(r.err()).isEmpty();
    }

    /**
     * A player who lets the clock run out loses on time: 時間切れ, in byoyomi as in sudden death. 切れ負け names
     * the sudden-death time control, so it is no word for a loss in byoyomi; KIF records still write their special
     * 切れ負け for every time loss.
     */
    @Test
    void aTimeLossReadsAsJikanGireWhileKifKeepsKireMake() {
        long second = 1_000_000_000L;
        for (TimeControl tc : List.of(TimeControl.byoyomi(Duration.ZERO, Duration.ofSeconds(10)),
                TimeControl.suddenDeath(Duration.ofSeconds(10)))) {
            Game game = Game.of(Sfen.parse(Handicap.EVEN.sfen()), RuleSet.PROFESSIONAL);
            Clock clock = Clock.of(tc).start(Color.SENTE, 0);
            assertThat(game.play("7g7f")).isInstanceOf(MoveResult.Applied.class);
            clock = clock.step(3 * second);
            // Gote thinks past its ten seconds (and the grace): the clock flags it.
            assertThat(clock.flagged(15 * second)).as(tc.describe()).contains(Color.GOTE);
            game.timeLoss(Color.GOTE);
            Outcome outcome = game.outcome().orElseThrow();
            assertThat(outcome.describe()).isEqualTo("Sente wins by time");
            assertThat(PlayCommand.japaneseResult(outcome, game.plies(), BoardDiagram.Sides.EVEN))
                    .as(tc.describe()).isEqualTo("まで1手で先手の勝ち（時間切れ）");
            String kif = Formats.write(GameRecords.toKifu(game, GameInfo.of("A", "B")), Format.KIF, WriteOptions.UTF8).text();
            assertThat(kif).as(tc.describe()).contains("\n   2 切れ負け\n", "まで1手で時間切れにより先手の勝ち");
        }
    }

    @Test
    void aMateInOneFromASetUpPosition() {
        Cli.Result r = play("G*5b\n", "--sfen", "4k4/9/4P4/9/9/9/9/9/4K4", "b", "G", "1");
        assertThat(r.code()).isEqualTo(Main.OK);
        assertThat(r.out()).startsWith("局面指定 (set-up position), professional rules.\n")
                .endsWith("Sente wins by checkmate\nまで1手で先手の勝ち（詰み）\n");
    }

    @Test
    void printsTheBoardAfterEveryMoveAndPromptsTheSideToMove() {
        Cli.Result r = play("7g7f\n3c3d\nresign\n");
        assertThat(r.code()).isEqualTo(Main.OK);
        List<String> lines = r.outLines();
        assertThat(lines.getFirst()).isEqualTo("平手 (Even), professional rules.");
        assertThat(lines).filteredOn(l -> l.startsWith("+---")).hasSize(6); // three boards
        assertThat(lines).containsSubsequence(
                "先手番　1手目", "▲先手> 7g7f", "1手目：▲先手 ７六歩 (7g7f)",
                "| ・ ・ 歩 ・ ・ ・ ・ ・ ・|六", "後手番　2手目", "△後手> 3c3d", "2手目：△後手 ３四歩 (3c3d)",
                "先手番　3手目", "▲先手> resign");
        assertThat(lines.subList(lines.size() - 2, lines.size()))
                .containsExactly("Gote wins by resignation", "まで2手で後手の勝ち（投了）");
    }

    @Test
    void undoIsRefusedUnderProfessionalRules() {
        Cli.Result r = play("7g7f\nundo\n", "--rules", "professional");
        assertThat(r.outLines()).containsSubsequence(
                "△後手> undo",
                "refused: takebacks (待った) are not allowed under the professional rules; play with --rules casual to allow them",
                "game suspended (中断): end of input",
                "まで1手で中断");
        assertThat(r.out()).doesNotContain("took back");
    }

    @Test
    void undoTakesTheLastMoveBackUnderCasualRules() {
        Cli.Result r = play("7g7f\nundo\nundo\n2g2f\n", "--rules", "casual");
        assertThat(r.code()).isEqualTo(Main.OK);
        assertThat(r.outLines()).containsSubsequence(
                "1手目：▲先手 ７六歩 (7g7f)", "後手番　2手目",
                "△後手> undo", "took back ▲先手 ７六歩 (7g7f)", "| 歩 歩 歩 歩 歩 歩 歩 歩 歩|七", "先手番　1手目",
                "▲先手> undo", "refused: no move to take back",
                "▲先手> 2g2f", "1手目：▲先手 ２六歩 (2g2f)",
                "まで1手で中断");
    }

    @Test
    void illegalAndMalformedMovesAreRefusedAndTheGameGoesOn() {
        Cli.Result r = play("7g7e\n5i5h5g\nP*5e\n3c3d\nfoo\n7g7f\n");
        assertThat(r.code()).isEqualTo(Main.OK);
        assertThat(r.outLines()).containsSubsequence(
                "▲先手> 7g7e", "refused: illegal move 7g7e: a pawn on 7g cannot move to 7e",
                "▲先手> 5i5h5g", "refused: malformed USI move \"5i5h5g\": expected from-square, to-square and an optional '+', or a drop such as P*5e",
                "▲先手> P*5e", "refused: illegal move P*5e: no pawn in hand",
                "▲先手> 3c3d", "refused: illegal move 3c3d: the piece on 3c is the opponent's",
                "▲先手> foo", "refused: unknown command \"foo\"; type help for the commands",
                "▲先手> 7g7f", "1手目：▲先手 ７六歩 (7g7f)");
        assertThat(r.out()).doesNotContain("lnsgkgsnl"); // the reason leaves out the SFEN
    }

    @Test
    void aByteOrderMarkBeforeTheFirstCommandIsIgnored() {
        Cli.Result r = play("\uFEFF7g7f\nquit\n");
        assertThat(r.outLines()).contains("1手目：▲先手 ７六歩 (7g7f)");
    }

    @Test
    void inAHandicapGameTheGiverPlaysGoteAndMovesFirst() {
        Cli.Result r = play("7g7f\n3c3d\n7g7f\nresign\n", "--handicap", "角落ち");
        assertThat(r.code()).isEqualTo(Main.OK);
        List<String> lines = r.outLines();
        assertThat(lines.getFirst()).isEqualTo("角落ち (Bishop), professional rules; 上手 (gote) moves first.");
        assertThat(lines).containsSubsequence(
                "上手の持駒：なし", "| ・v飛 ・ ・ ・ ・ ・ ・ ・|二", "下手の持駒：なし", "上手番　1手目",
                "△上手> 7g7f", "refused: illegal move 7g7f: the piece on 7g is the opponent's",
                "△上手> 3c3d", "1手目：△上手 ３四歩 (3c3d)", "下手番　2手目",
                "▲下手> 7g7f", "2手目：▲下手 ７六歩 (7g7f)",
                "△上手> resign");
        assertThat(lines.subList(lines.size() - 2, lines.size()))
                .containsExactly("Sente wins by resignation", "まで2手で下手の勝ち（投了）");
    }

    @Test
    void handicapNamesAreJapaneseIdsOrEnglishInAnyCase() {
        for (String name : List.of("角落ち", "角落", "BISHOP", "bishop", "Bishop")) {
            assertThat(play("", "--handicap", name).outLines().getFirst()).as(name).startsWith("角落ち (Bishop)");
        }
        assertThat(play("", "--handicap", "two-piece").outLines().getFirst()).startsWith("二枚落ち (Two-piece)");
        assertThat(play("", "--handicap", "rook and lance").outLines().getFirst()).startsWith("飛香落ち (Rook and lance)");
        assertThat(play("", "--handicap", "平手").outLines().getFirst()).isEqualTo("平手 (Even), professional rules.");
    }

    @Test
    void anUnknownHandicapIsAUsageErrorListingTheValidOnes() {
        Cli.Result r = play("", "--handicap", "queen");
        assertThat(r.code()).isEqualTo(Main.USAGE);
        // Every handicap, in the registry's order, however long the list: only the quoted input is ever cut.
        List<String> valid = new ArrayList<>();
        for (Handicap h : Handicap.values()) {
            valid.add(h.japanese() + " (" + h.id() + ")");
        }
        assertThat(r.errLines()).containsExactly("meijin play: --handicap: unknown handicap \"queen\"; valid: "
                + String.join(", ", valid) + " (see 'meijin play --help')");
        assertThat(r.errLines().getFirst()).contains("裸玉 (NAKED_KING), トンボ (DRAGONFLY), ");
        assertThat(r.out()).isEmpty();
        // A long name is quoted cut, as every input is; the list stays whole.
        Cli.Result longName = play("", "--handicap", "x".repeat(500));
        assertThat(longName.errLines()).singleElement().asString()
                .startsWith("meijin play: --handicap: unknown handicap \"" + "x".repeat(39) + "… (500 characters)\"; valid: 平手 (EVEN), ")
                .endsWith(valid.getLast() + " (see 'meijin play --help')");
    }

    @Test
    void badOptionsAreUsageErrors() {
        Cli.Result rules = play("", "--rules", "blitz");
        assertThat(rules.code()).isEqualTo(Main.USAGE);
        assertThat(rules.errLines()).singleElement().asString()
                .startsWith("meijin play: --rules: unknown rule set \"blitz\" (professional, csa, amateur, casual, try)");
        Cli.Result both = play("", "--handicap", "角落ち", "--sfen", "startpos");
        assertThat(both.code()).isEqualTo(Main.USAGE);
        assertThat(both.errLines()).singleElement().asString().contains("--handicap and --sfen exclude each other");
        Cli.Result noKing = play("", "--sfen", "4k4/9/9/9/9/9/9/9/9 b 16P 1");
        assertThat(noKing.code()).isEqualTo(Main.FAILED);
        assertThat(noKing.errLines()).singleElement().asString().startsWith("meijin: invalid SFEN position: ");
    }

    @Test
    void theEndOfTheInputSuspendsTheGame() {
        Cli.Result r = play("7g7f\n");
        assertThat(r.code()).isEqualTo(Main.OK);
        assertThat(r.out()).endsWith("後手番　2手目\ngame suspended (中断): end of input\nまで1手で中断\n");
        assertThat(r.err()).isEmpty();
        assertThat(play("").out()).endsWith("先手番　1手目\ngame suspended (中断): end of input\nまで0手で中断\n");
    }

    @Test
    void quitSuspendsTheGame() {
        assertThat(play("quit\n7g7f\n").out()).endsWith("▲先手> quit\ngame suspended (中断): quit\nまで0手で中断\n");
    }

    @Test
    void underProfessionalRulesAnImpasseNeedsBothKingsEnteredAndTheOpponentsAgreement() {
        assertThat(play("declare\n").outLines()).contains("refused: an impasse (持将棋) needs both kings in the enemy camp");
        // Both kings have entered; sente has 24 points, gote 30.
        String entered = "4K4/9/9/9/9/9/9/9/4k4 b 2R2B4G4s4n4l18p 1";
        Cli.Result declined = play("declare\nno\n", "--sfen", entered);
        assertThat(declined.outLines()).containsSubsequence(
                "▲先手> declare",
                "▲先手 proposes an impasse (持将棋), settled by the 24-point count. △後手: type yes to agree, anything else to play on.",
                "△後手> no", "impasse declined; the game goes on", "game suspended (中断): end of input");
        Cli.Result agreed = play("declare\nyes\n", "--sfen", entered);
        assertThat(agreed.out()).endsWith("△後手> yes\nDraw by impasse (jishōgi) (sente 24, gote 30 points)\nまで0手で持将棋\n");
    }

    @Test
    void underTheDeclarationRuleAValidDeclarationWinsAndAFailedOneIsRefused() {
        Cli.Result failed = play("declare\n", "--rules", "csa");
        assertThat(failed.outLines()).contains("refused: failed impasse declaration: the king has not entered the enemy camp");
        assertThat(failed.out()).contains("game suspended (中断)");
        // Sente's king and ten pieces are in the enemy camp: 10 points there plus 20 in hand, 28 needed.
        Cli.Result won = play("declare\n", "--rules", "csa", "--sfen", "GGGG1SSSS/L7L/4K4/9/9/9/9/9/4k4 b 2R2B4n2l18p 1");
        assertThat(won.out()).endsWith("▲先手> declare\nSente wins by impasse declaration (30 points)\nまで0手で先手の勝ち（入玉宣言）\n");
    }

    /**
     * In a handicap game the pieces the giver removed count for him in the impasse (持将棋) points, as the
     * 24- and 27-point rules say; without that credit a giver who entered could never reach his 27 or 24.
     */
    @Test
    void inAHandicapGameTheGiversRemovedPiecesCountForHimInTheImpasse() {
        for (RuleSet rules : List.of(RuleSet.CSA, RuleSet.AMATEUR, RuleSet.PROFESSIONAL)) {
            Game twoPiece = PlayCommand.startGame(Handicap.TWO_PIECE, rules);
            assertThat(twoPiece.rules().handicapCompensation()).as("%s", rules).isTrue();
            assertThat(twoPiece.impasseCount(Color.GOTE).totalPoints()).as("%s", rules).isEqualTo(27);
            assertThat(twoPiece.impasseCount(Color.GOTE).declarationPoints()).as("%s", rules).isEqualTo(10);
            assertThat(twoPiece.impasseCount(Color.SENTE).totalPoints()).as("%s", rules).isEqualTo(27);
            Game even = PlayCommand.startGame(Handicap.EVEN, rules);
            assertThat(even.rules()).as("an even game keeps the rules as they are").isEqualTo(rules);
            assertThat(even.impasseCount(Color.GOTE).totalPoints()).as("%s", rules).isEqualTo(27);
        }
    }

    /** A set-up position in which the side to move is already mated is over at once, not a game nobody can move in. */
    @Test
    void aSetUpPositionThatIsAlreadyMateEndsAtOnce() {
        Cli.Result r = play("5a4a\n", "--sfen", "4k4/4G4/4P4/9/9/9/9/9/4K4 w - 1");
        assertThat(r.code()).isEqualTo(Main.OK);
        assertThat(r.out()).endsWith("後手番　1手目　王手\nSente wins by checkmate\nまで0手で先手の勝ち（詰み）\n")
                .doesNotContain("△後手>");
        assertThat(r.err()).isEmpty();
    }

    /** A 24-point declaration with 24 to 30 points is a draw, which the Japanese result line calls 持将棋. */
    @Test
    void aDrawnDeclarationIsAnImpasseInTheJapaneseResult() {
        // Sente's king and ten tokens in the enemy camp (10 points) and R B 4G in hand (14): 24 points.
        Cli.Result r = play("declare\n", "--rules", "amateur", "--sfen", "+P+P+P+PK+P+P+P+P/+P+P7/9/9/9/9/9/9/4k4 b RB4G 1");
        assertThat(r.out()).endsWith("▲先手> declare\nDraw by impasse declaration (24 points, 24–30 draw)\nまで0手で持将棋（入玉宣言）\n");
    }

    @Test
    void theTryRuleHasNoDeclaration() {
        assertThat(play("declare\n", "--rules", "try").outLines())
                .contains("refused: the try rule has no declaration: a king that reaches the enemy king's start square (5a or 5i) wins");
    }

    @Test
    void movesAndHelpDuringTheGame() {
        Cli.Result r = play("moves\nhelp\n");
        assertThat(r.outLines()).containsSubsequence(
                "▲先手> moves", "30 legal moves:",
                "1g1f 1i1h 2g2f 2h1h 2h3h 2h4h 2h5h 2h6h 2h7h 3g3f 3i3h 3i4h 4g4f 4i3h 4i4h",
                "▲先手> help", "Commands:");
        assertThat(r.out()).contains("  undo ", "  declare ", "  resign ", "  quit ",
                "Illegal moves, and declarations that do not meet the rule, are refused with the reason and the game");
    }

    /**
     * A player writes moves the way they know: Japanese (full-width or ASCII digits, 同, 成), CSA, Western (Hodges and
     * Hosking) and Kitao–Kawasaki, as well as USI. Each is echoed in Japanese with its USI.
     */
    @Test
    void movesAreReadInEveryNotationAPlayerWrites() {
        Cli.Result r = play("７六歩\n-3334FU\n8h2b+\n同銀\nB*4e\nP-35\nBx2c+\n歩-44\n58金右\nresign\n");
        assertThat(r.outLines()).containsSubsequence(
                "1手目：▲先手 ７六歩 (7g7f)", "2手目：△後手 ３四歩 (3c3d)", "3手目：▲先手 ２二角成 (8h2b+)",
                "4手目：△後手 同　銀 (3a2b)", "5手目：▲先手 ４五角 (B*4e)", "6手目：△後手 ３五歩 (3d3e)",
                "7手目：▲先手 ２三角成 (4e2c+)", "8手目：△後手 ４四歩 (4c4d)", "9手目：▲先手 ５八金右 (4i5h)",
                "Sente wins by resignation");
        assertThat(r.out()).doesNotContain("refused");
    }

    /**
     * A move another notation reads but the position does not allow is refused in that notation's words; text no
     * notation reads is refused in the terms of the one it looks like. The position's SFEN is left out: the board
     * shows it.
     */
    @Test
    void movesNoNotationReadsAreRefusedInTheTermsOfTheOneTheyLookLike() {
        Cli.Result r = play("７七歩\n５八金\n７六\n+7775FU\nP-7e\n+77FU\nP-\n歩-7\nresign\n");
        assertThat(r.outLines()).containsSubsequence(
                "▲先手> ７七歩", "refused: illegal Japanese move \"７七歩\": no pawn (歩) can move to 7g",
                "▲先手> ５八金", "refused: ambiguous Japanese move \"５八金\": 2 moves match (５八金(49), ５八金(69)); add 右, 左, 直, 上, 引 or 寄",
                "▲先手> ７六", "refused: malformed Japanese move \"７六\" at 2: expected a piece after the square",
                "▲先手> +7775FU", "refused: illegal CSA move \"+7775FU\": a pawn on 7g cannot move to 7e (7g7e)",
                "▲先手> P-7e", "refused: illegal Western move \"P-7e\": no pawn can move to 7e",
                "▲先手> +77FU", "refused: malformed CSA move \"+77FU\": expected a sign, four digits and a piece, as +7776FU",
                "▲先手> P-", "refused: malformed Western move \"P-\" at 2: expected a square such as 76 or 7f",
                "▲先手> 歩-7", "refused: malformed Kitao-Kawasaki move \"歩-7\" at 2: expected a square such as 76",
                "▲先手> resign");
        assertThat(r.out()).doesNotContain("lnsgkgsnl");
    }

    /** The computer's reply, echoed as a person's move is: "2手目：△後手 ３四歩 (3c3d)". */
    private static final java.util.regex.Pattern COMPUTER_REPLY =
            java.util.regex.Pattern.compile("(\\d+)手目：(▲先手|△後手) \\S+ \\(([1-9][a-i][1-9][a-i]\\+?|[PLNSGBR]\\*[1-9][a-i])\\)");

    /**
     * Against the computer: the person's moves are read as in a game between two people, and the computer answers
     * each at once with a legal move of its side, announced the same way.
     */
    @Test
    void theComputerAnswersEachMoveWithALegalMoveOfItsSide() {
        Cli.Result r = play("7g7f\n2g2f\nresign\n", "--engine", "1");
        assertThat(r.code()).isEqualTo(Main.OK);
        assertThat(r.outLines().getFirst()).isEqualTo("平手 (Even), professional rules. You play ▲先手 against Meijin level 1.");
        List<String> replies = r.outLines().stream().filter(l -> COMPUTER_REPLY.matcher(l).matches())
                .filter(l -> l.contains("△後手")).toList();
        assertThat(replies).hasSize(2);
        Game replay = Game.of(Sfen.parse(Handicap.EVEN.sfen()), RuleSet.PROFESSIONAL);
        assertThat(replay.play("7g7f")).isInstanceOf(MoveResult.Applied.class);
        java.util.regex.Matcher first = COMPUTER_REPLY.matcher(replies.getFirst());
        assertThat(first.matches()).isTrue();
        assertThat(first.group(1)).isEqualTo("2");
        assertThat(replay.play(first.group(3))).as(replies.getFirst()).isInstanceOf(MoveResult.Applied.class);
        assertThat(r.outLines()).containsSubsequence("▲先手> 7g7f", "1手目：▲先手 ７六歩 (7g7f)", replies.getFirst(),
                "▲先手> 2g2f", "3手目：▲先手 ２六歩 (2g2f)", replies.get(1), "▲先手> resign", "Gote wins by resignation");
        assertThat(r.out()).doesNotContain("△後手> ");
    }

    /**
     * Playing gote, the person waits for the computer's first move; a takeback (casual rules) takes back the
     * person's own move and the computer's reply, and there is nothing to take back before the person has moved.
     */
    @Test
    void playingGoteTheComputerMovesFirstAndATakebackTakesBackAPairOfMoves() {
        Cli.Result r = play("undo\n3c3d\nundo\nresign\n", "--engine", "2", "--side", "gote", "--rules", "casual");
        assertThat(r.code()).isEqualTo(Main.OK);
        List<String> lines = r.outLines();
        assertThat(lines.getFirst()).isEqualTo("平手 (Even), casual rules. You play △後手 against Meijin level 2.");
        String opening = lines.stream().filter(l -> l.startsWith("1手目：▲先手 ")).findFirst().orElseThrow();
        assertThat(COMPUTER_REPLY.matcher(opening).matches()).as(opening).isTrue();
        String reply = lines.stream().filter(l -> l.startsWith("3手目：▲先手 ")).findFirst().orElseThrow();
        assertThat(lines).containsSubsequence(opening, "△後手> undo", "refused: no move of yours to take back",
                "△後手> 3c3d", "2手目：△後手 ３四歩 (3c3d)", reply, "△後手> undo",
                "took back " + reply.substring("3手目：".length()), "took back △後手 ３四歩 (3c3d)", "△後手> resign",
                "Sente wins by resignation");
    }

    /** Under professional rules the computer agrees to an impasse at once, and the 24-point count settles it. */
    @Test
    void theComputerAgreesToAnImpasseAndTheCountSettlesIt() {
        Cli.Result r = play("declare\n", "--engine", "1", "--sfen", "9/4K4/9/9/9/9/9/4k4/9", "b", "2R2B4G4S4N4L18P", "1");
        assertThat(r.outLines()).containsSubsequence("▲先手> declare",
                "▲先手 proposes an impasse (持将棋); Meijin level 1 agrees, and the 24-point count settles it.",
                "Sente wins by impasse (jishōgi) (sente 54, gote 0 points)", "まで0手で先手の勝ち（持将棋）");
    }

    /**
     * {@code --side random}: in an even game the computer, as the senior player, tosses five pawns and moves first
     * with more 歩 than と up; in a handicap game who gives it is drawn by lot. Whichever way the toss falls, the
     * side the person is given follows from it.
     */
    @Test
    void aRandomSideIsDecidedByFurigomaOrByLot() {
        java.util.regex.Pattern toss = java.util.regex.Pattern.compile("平手 \\(Even\\), professional rules\\. "
                + "Furigoma \\(振り駒\\): ([0-5]) 歩 and ([0-5]) と for Meijin level 1, who moves (first|second)\\. "
                + "You play (▲先手|△後手) against Meijin level 1\\.");
        for (int i = 0; i < 4; i++) {
            String intro = play("resign\n", "--engine", "1", "--side", "random").outLines().getFirst();
            java.util.regex.Matcher m = toss.matcher(intro);
            assertThat(m.matches()).as(intro).isTrue();
            int pawns = Integer.parseInt(m.group(1));
            assertThat(pawns + Integer.parseInt(m.group(2))).as(intro).isEqualTo(5);
            assertThat(m.group(3)).as(intro).isEqualTo(pawns >= 3 ? "first" : "second");
            assertThat(m.group(4)).as(intro).isEqualTo(pawns >= 3 ? "△後手" : "▲先手");
        }
        String lot = play("resign\n", "--engine", "1", "--side", "random", "--handicap", "香落ち").outLines().getFirst();
        assertThat(lot).isIn(
                "香落ち (Lance), professional rules; 上手 (gote) moves first. Drawn by lot (抽選): you give the handicap. "
                        + "You play △上手 against Meijin level 1.",
                "香落ち (Lance), professional rules; 上手 (gote) moves first. Drawn by lot (抽選): Meijin level 1 gives the "
                        + "handicap. You play ▲下手 against Meijin level 1.");
    }

    @Test
    void theComputersLevelAndTheSideAreChecked() {
        Cli.Result level = play("", "--engine", "9");
        assertThat(level.code()).isEqualTo(Main.USAGE);
        assertThat(level.errLines()).containsExactly("meijin play: --engine must be a level from 1 to 8, not 9 (see 'meijin play --help')");
        Cli.Result alone = play("", "--side", "gote");
        assertThat(alone.code()).isEqualTo(Main.USAGE);
        assertThat(alone.errLines()).containsExactly(
                "meijin play: --side needs --engine: it is the side you play against the computer (see 'meijin play --help')");
        Cli.Result side = play("", "--engine", "3", "--side", "west");
        assertThat(side.code()).isEqualTo(Main.USAGE);
        assertThat(side.errLines()).containsExactly("meijin play: --side must be sente, gote or random, not \"west\" (see 'meijin play --help')");
    }

    /**
     * {@code --save}: the record is written when the game ends, or is suspended, in the format the file's extension
     * names and in its usual encoding, and reads back to the same moves and ending.
     */
    @Test
    void theRecordIsSavedInTheFormatTheFileNames(@TempDir Path dir) throws Exception {
        Path kif = dir.resolve("game.kif");
        Cli.Result r = play("７六歩\n3c3d\nresign\n", "--save", kif.toString());
        assertThat(r.outLines().getLast()).isEqualTo("record saved to " + kif);
        String text = new String(Files.readAllBytes(kif), Charset.forName("windows-31j"));
        assertThat(text).startsWith("#KIF version=2.0 encoding=Shift_JIS\n開始日時：").contains("\n先手：Anonymous\n後手：Anonymous\n")
                .endsWith("   1 ７六歩(77)\n   2 ３四歩(33)\n   3 投了\nまで2手で後手の勝ち\n");
        assertThat(text.lines().filter(l -> l.matches("(開始|終了)日時：\\d{4}/\\d\\d/\\d\\d \\d\\d:\\d\\d:\\d\\d"))).hasSize(2);

        Path csa = dir.resolve("game.csa");
        Cli.Result suspended = play("７六歩\nquit\n", "--engine", "1", "--save", csa.toString());
        assertThat(suspended.outLines()).contains("record saved to " + csa);
        ReadResult back = Formats.read(Files.readAllBytes(csa), java.util.Optional.of("game.csa"));
        assertThat(back.problems()).isEmpty();
        assertThat(back.kifu().header(Headers.SENTE)).contains("Anonymous");
        assertThat(back.kifu().header(Headers.GOTE)).contains("Meijin level 1");
        assertThat(new String(Files.readAllBytes(csa), Charset.forName("windows-31j"))).contains("\n+7776FU\n").endsWith("%CHUDAN\n");
        assertThat(back.kifu().mainLine()).hasSize(2);

        Cli.Result bad = play("", "--save", dir.resolve("game.txt").toString());
        assertThat(bad.code()).isEqualTo(Main.USAGE);
        assertThat(bad.errLines()).containsExactly("meijin play: --save: cannot tell a record format from the name game.txt; "
                + "end it in .kif, .kifu, .ki2, .ki2u, .csa or .jkf (see 'meijin play --help')");
    }

    @Test
    void asciiBoardsAndPrompts() {
        Cli.Result r = play("7g7f\nresign\n", "--ascii");
        assertThat(r.outLines()).containsSubsequence(
                "Even, professional rules.", "Sente to move, move 1", "Sente> 7g7f", "Move 1: Sente P-7f (7g7f)",
                "|  .  .  P  .  .  .  .  .  .| f", "Gote> resign");
        assertThat(r.out()).endsWith("Gote> resign\nSente wins by resignation\n");
    }

    @Test
    void atATerminalTheInputIsNotEchoed() {
        Cli.Result r = Cli.runWithInput("7g7f\n", true, "play");
        assertThat(r.out()).contains("▲先手> 1手目：▲先手 ７六歩 (7g7f)\n").doesNotContain("> 7g7f");
        assertThat(r.out()).endsWith("△後手> \ngame suspended (中断): end of input\nまで1手で中断\n");
    }

    /**
     * Standard input that gives {@code text} and then waits, as a person who has stopped typing does, until the
     * test has its answer (at most half a minute, then the end of the input).
     */
    private static InputStream thenSilence(String text) {
        byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        return new InputStream() {
            private int next;

            @Override
            public int read() throws IOException {
                byte[] one = new byte[1];
                return read(one, 0, 1) < 0 ? -1 : one[0] & 0xFF;
            }

            /** What has been typed, as a pipe gives it; then a wait with nothing typed. */
            @Override
            public int read(byte[] b, int off, int len) {
                if (next < bytes.length) {
                    int n = Math.min(len, bytes.length - next);
                    System.arraycopy(bytes, next, b, off, n);
                    next += n;
                    return n;
                }
                try {
                    Thread.sleep(30_000);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                return -1;
            }
        };
    }

    /**
     * With a clock the side to move loses on time when its clock runs out while it has not yet typed a move, even
     * though the input is still open: the last seconds are counted aloud, one a line, and the game ends 時間切れ.
     */
    @Test
    void aPlayerWhoStopsTypingLosesOnTimeAsTheClockRunsOut() {
        Cli.Result r = Cli.runWithStream(thenSilence("7g7f\n"), false, "play", "--time", "0:03");
        assertThat(r.code()).isEqualTo(Main.OK);
        List<String> lines = r.outLines();
        assertThat(lines.getFirst()).isEqualTo("平手 (Even), professional rules, 3秒 切れ負け.");
        assertThat(lines).as(r.out()).containsSubsequence("持ち時間　▲先手 0:03　△後手 0:03", "▲先手> 7g7f", "1手目：▲先手 ７六歩 (7g7f)");
        int gone = lines.indexOf("△後手の時間切れ");
        assertThat(gone).isPositive();
        // The count: whole seconds left, one a line, down to 1 just before the flag falls.
        List<String> count = new ArrayList<>();
        for (int i = gone - 1; lines.get(i).matches("\\d+"); i--) {
            count.addFirst(lines.get(i));
        }
        assertThat(count).isNotEmpty().endsWith("1").isSortedAccordingTo((a, b) -> Integer.parseInt(b) - Integer.parseInt(a));
        assertThat(Integer.parseInt(count.getFirst())).isBetween(1, 3);
        assertThat(lines.subList(gone, lines.size())).containsExactly("△後手の時間切れ", "Sente wins by time", "まで1手で先手の勝ち（時間切れ）");

        // At a terminal each count starts a line and the prompt follows it; the unanswered prompt's line is ended.
        Cli.Result tty = Cli.runWithStream(thenSilence(""), true, "play", "--byoyomi", "2");
        assertThat(tty.out()).contains("\n持ち時間　▲先手 秒読み2秒　△後手 秒読み2秒\n▲先手> \n")
                .endsWith("\n1 ▲先手> \n▲先手の時間切れ\nGote wins by time\nまで0手で後手の勝ち（時間切れ）\n");
    }

    /**
     * A game with a clock shows both clocks under the board and saves the time control and each move's time: the
     * record reads back with them.
     */
    @Test
    void theClockIsShownAndTheRecordKeepsItsTimes(@TempDir Path dir) throws Exception {
        Path kif = dir.resolve("clock.kif");
        Cli.Result r = play("7g7f\n3c3d\nresign\n", "--time", "10m", "--byoyomi", "30s", "--periods", "3", "--save", kif.toString());
        assertThat(r.outLines().getFirst()).isEqualTo("平手 (Even), professional rules, 10分 秒読み30秒×3回.");
        assertThat(r.outLines()).contains("持ち時間　▲先手 10:00　△後手 10:00").endsWith("record saved to " + kif);
        assertThat(r.outLines()).contains("Gote wins by resignation");
        ReadResult back = Formats.read(Files.readAllBytes(kif), java.util.Optional.of("clock.kif"));
        assertThat(back.problems()).isEmpty();
        String text = new String(Files.readAllBytes(kif), Charset.forName("windows-31j"));
        assertThat(text).contains("\n持ち時間：").contains("   1 ７六歩(77)   ( 0:00/00:00:00)\n   2 ３四歩(33)   ( 0:00/00:00:00)\n");

        Cli.Result ascii = play("7g7f\nresign\n", "--ascii", "--byoyomi", "10", "--periods", "2");
        assertThat(ascii.outLines()).contains("Clock: Sente byoyomi 10 s (2 periods), Gote byoyomi 10 s (2 periods)");
    }

    /** The computer plays on the clock as a GUI's engine does: within its byoyomi, and the game goes on. */
    @Test
    void theComputerPlaysWithinItsByoyomi() {
        Cli.Result r = play("resign\n", "--engine", "1", "--side", "gote", "--byoyomi", "1");
        assertThat(r.code()).isEqualTo(Main.OK);
        assertThat(r.outLines()).contains("Sente wins by resignation").doesNotContain("▲先手の時間切れ");
        assertThat(r.outLines().stream().filter(l -> l.startsWith("1手目：▲先手 "))).hasSize(1);
    }

    @Test
    void clockOptionsThatMakeNoClockAreRefused() {
        record Case(List<String> args, String error) {}
        for (Case c : List.of(
                new Case(List.of("--time", "ten"), "--time: cannot read \"ten\" as a time; write it as 10m, 90s, 1h30m or 5:00, or a bare number of minutes"),
                new Case(List.of("--byoyomi", "30x"), "--byoyomi: cannot read \"30x\" as a time; write it as 10m, 90s, 1h30m or 5:00, or a bare number of seconds"),
                new Case(List.of("--time", "11h"), "--time must be at most 10 hours, got 11h"),
                new Case(List.of("--time", "10", "--periods", "3"), "--periods needs --byoyomi: it counts byoyomi periods"),
                new Case(List.of("--byoyomi", "30", "--periods", "0"), "--periods must be between 1 and 10, got 0"),
                new Case(List.of("--time", "10", "--byoyomi", "30", "--increment", "5"),
                        "--byoyomi and --increment exclude each other: a clock has byoyomi or an increment after its main time, not both"),
                new Case(List.of("--increment", "5"), "--increment needs --time: with no main time the first move would lose on time"))) {
            Cli.Result r = play("", c.args().toArray(String[]::new));
            assertThat(r.code()).as(c.args().toString()).isEqualTo(Main.USAGE);
            assertThat(r.errLines()).as(c.args().toString()).containsExactly("meijin play: " + c.error() + " (see 'meijin play --help')");
        }
    }

    /**
     * {@code hint} asks the engine at full strength for the side to move's best move, with its evaluation; a mate
     * is said as one. Hints are help from outside the game: only under rules that allow takebacks.
     */
    @Test
    void aHintIsTheEnginesMoveWithItsEvaluationUnderCasualRules() {
        Cli.Result mate = play("hint\nquit\n", "--rules", "casual", "--sfen", "4k4/9/4G4/9/9/9/9/9/4K4 b G 1");
        assertThat(mate.outLines()).containsSubsequence("▲先手> hint", "ヒント：５二金打 (G*5b)　1手詰み", "▲先手> quit");
        Cli.Result ascii = play("hint\nquit\n", "--ascii", "--rules", "casual", "--sfen", "4k4/9/4G4/9/9/9/9/9/4K4 b G 1");
        assertThat(ascii.outLines()).contains("Hint: G*5b (G*5b), mate in 1");

        Cli.Result start = play("7g7f\nhint\nquit\n", "--rules", "casual");
        String hint = start.outLines().stream().filter(l -> l.startsWith("ヒント：")).findFirst().orElseThrow();
        assertThat(hint).matches("ヒント：\\S+ \\(\\d[a-i]\\d[a-i]\\+?\\)　評価値 [+-]?\\d+");
        String usi = hint.substring(hint.indexOf('(') + 1, hint.indexOf(')'));
        Game game = PlayCommand.startGame(Handicap.EVEN, RuleSet.CASUAL);
        game.play("7g7f");
        assertThat(game.play(usi)).as("the hint %s is gote's legal move", usi).isInstanceOf(MoveResult.Applied.class);

        Cli.Result refused = play("hint\nresign\n");
        assertThat(refused.outLines()).contains("refused: hints are given only under rules that allow takebacks (待った): play with --rules casual");
    }
}
