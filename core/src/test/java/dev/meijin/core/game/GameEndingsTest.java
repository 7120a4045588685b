package dev.meijin.core.game;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.meijin.core.Color;
import dev.meijin.core.Fixtures;
import dev.meijin.core.Move;
import dev.meijin.core.MoveOrDrop;
import dev.meijin.core.Role;
import dev.meijin.core.Square;
import dev.meijin.core.position.IllegalMoveReason;
import dev.meijin.core.position.Position;
import dev.meijin.core.position.Setup;
import dev.meijin.core.sfen.Sfen;
import dev.meijin.testdata.TestData;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * How games end: replays of shogi-server's rule fixtures and of every game of the 28th World Computer Shogi
 * Championship (WCSC28), and hand-built positions for each ending.
 */
class GameEndingsTest {

    /** The 27-point declaration rule without a move limit (the CSA rules less their 256-move cap). */
    private static final RuleSet CSA_NO_LIMIT = RuleSet.CSA.withMaxMoves(0);

    // ------------------------------------------------------------------ shogi-server fixtures

    /**
     * {@code oute_sennichite.csa}: sente's silver checks the king round and round. The record was written by a
     * server that called it a plain draw ({@code 'summary:sennichite:gps draw:test draw}); shogi-server's test
     * for this file expects {@code #OUTE_SENNICHITE} with the first player (sente, "test") losing, and so do
     * the rules: the side that checked with every move of the repetition loses.
     */
    @Test
    void perpetualCheckFixture() {
        String path = "csa/shogi-server/oute_sennichite.csa";
        CsaMoves.Record rec = record(path);
        assertThat(rec.summary()).as(path).hasValue("sennichite:gps draw:test draw");
        Game game = replay(path, rec, RuleSet.CSA);
        assertThat(game.plies()).as(path).isEqualTo(110);
        Outcome.Win win = win(game, path);
        assertThat(win.ending()).as(game.sfen()).isEqualTo(Ending.PERPETUAL_CHECK);
        assertThat(win.loser()).as("the checking side loses: %s", game.sfen()).isEqualTo(Color.SENTE);
        assertThat(game.repetitions()).as(game.sfen()).isEqualTo(4);

        // Independently: the final position occurred at plies 94, 98, 102 and 110, and from ply 94 on every
        // sente move gave check and no gote move did.
        Position pos = Position.of(rec.start());
        List<Long> keys = new ArrayList<>(List.of(pos.key()));
        List<Boolean> checked = new ArrayList<>(List.of(false));
        for (String mv : rec.moves()) {
            pos.doMove(CsaMoves.toMove(pos, mv));
            keys.add(pos.key());
            checked.add(pos.inCheck());
        }
        List<Integer> occurrences = new ArrayList<>();
        for (int i = 0; i < keys.size(); i++) {
            if (keys.get(i) == pos.key()) {
                occurrences.add(i);
            }
        }
        assertThat(occurrences).as(game.sfen()).containsExactly(94, 98, 102, 110);
        for (int ply = 95; ply <= 110; ply++) {
            boolean senteMoved = ply % 2 == 1;
            assertThat(checked.get(ply)).as("move %d (%s) of %s gives check", ply, rec.moves().get(ply - 1), path)
                    .isEqualTo(senteMoved);
        }
    }

    /**
     * {@code not_sennichite.csa}: the same board and hands occur four times (plies 72, 77, 84 and 89), but twice
     * with sente to move and twice with gote to move. The server that wrote the record called it a draw by
     * repetition; a repetition needs the same side to move, so the game goes on, as shogi-server's test
     * (no {@code #DRAW}) expects. The record stops there without a terminal command.
     */
    @Test
    void sameBoardWithTheOtherSideToMoveIsNoRepetition() {
        String path = "csa/shogi-server/not_sennichite.csa";
        CsaMoves.Record rec = record(path);
        assertThat(rec.summary()).as(path).hasValue("sennichite:garyu draw:coredump draw");
        assertThat(rec.terminal()).as(path).isEmpty();
        Game game = replay(path, rec, RuleSet.CSA);
        assertThat(game.plies()).as(path).isEqualTo(89);
        assertThat(game.outcome()).as("no ending: %s", game.sfen()).isEmpty();
        assertThat(game.repetitions()).as(game.sfen()).isEqualTo(2);

        Position pos = Position.of(rec.start());
        List<Integer> sameBoardAndHands = new ArrayList<>();
        String last = boardAndHands(game.sfen());
        for (int ply = 1; ply <= rec.moves().size(); ply++) {
            pos.doMove(CsaMoves.toMove(pos, rec.moves().get(ply - 1)));
            if (boardAndHands(Sfen.format(pos)).equals(last)) {
                sameBoardAndHands.add(ply);
            }
        }
        assertThat(sameBoardAndHands).as("board and hands of %s", game.sfen()).containsExactly(72, 77, 84, 89);
        assertThat(game.play("8a8b")).as(game.sfen()).isInstanceOf(MoveResult.Applied.class);
    }

    /**
     * {@code max_moves_draw.csa}: exactly 256 moves; the CSA rules draw on the 256th, a rule set without a limit
     * does not.
     */
    @Test
    void moveLimitFixture() {
        String path = "csa/shogi-server/max_moves_draw.csa";
        CsaMoves.Record rec = record(path);
        assertThat(rec.moves()).as(path).hasSize(256);
        Game game = replay(path, rec, RuleSet.CSA);
        assertThat(game.outcome()).as(game.sfen()).hasValue(new Outcome.Draw(Ending.MOVE_LIMIT, "256 moves"));
        assertThat(game.play("1a1b")).as(game.sfen()).isEqualTo(gameOver(game));

        List<RuleSet> unlimited = List.of(CSA_NO_LIMIT, RuleSet.AMATEUR, RuleSet.PROFESSIONAL, RuleSet.CSA.withMaxMoves(257));
        for (RuleSet rules : unlimited) {
            Game open = replay(path, rec, rules);
            assertThat(open.outcome()).as("%s: %s", rules, open.sfen()).isEmpty();
        }
    }

    /**
     * {@code jishogi_kachi.csa}: 315 moves, then gote declares ({@code %KACHI}). The record's summary says the
     * server of 2006 judged the declaration illegal ({@code illegal kachi:gps8_pgsklp lose}), but shogi-server's
     * test for this file has gote declare and expects {@code #JISHOGI} and a win for gote, and the 27-point
     * rule agrees: gote's king is in sente's camp with 12 pieces besides it, gote is not in check, and its
     * pieces there (16 points) plus its hand (11) make exactly the 27 points gote needs.
     */
    @Test
    void declarationFixture() {
        String path = "csa/shogi-server/jishogi_kachi.csa";
        CsaMoves.Record rec = record(path);
        assertThat(rec.terminal()).as(path).hasValue("%KACHI");
        assertThat(rec.summary()).as(path).hasValue("illegal kachi:gps8_pgsklp lose:gps9_p win");
        assertThat(rec.moves()).as(path).hasSize(315);

        // Under the CSA rules the 256-move limit ends the game first, as shogi-server's test notes.
        Game limited = Game.of(rec.start(), RuleSet.CSA);
        for (int i = 0; i < 256; i++) {
            limited.play(CsaMoves.toMove(limited.position(), rec.moves().get(i)));
        }
        assertThat(limited.outcome()).as(limited.sfen()).hasValue(new Outcome.Draw(Ending.MOVE_LIMIT, "256 moves"));

        Game game = replay(path, rec, CSA_NO_LIMIT);
        String sfen = game.sfen();
        assertThat(game.turn()).as(sfen).isEqualTo(Color.GOTE);
        ImpasseCount count = game.impasseCount(Color.GOTE);
        assertThat(count).as(sfen).isEqualTo(new ImpasseCount(Color.GOTE, true, 12, 27, 34, false));
        assertThat(count.meetsDeclarationConditions()).as(sfen).isTrue();
        assertThat(game.declarationVerdict().reason()).as(sfen).isEqualTo(Declaration.Reason.WIN);
        assertThat(game.declare()).as(sfen).isEqualTo(new Outcome.Win(Color.GOTE, Ending.DECLARATION, "27 points"));

        // One point less (a lance fewer in hand) and the same declaration is illegal.
        Setup lessOne = Sfen.parse(sfen).withHand(Color.GOTE, Role.LANCE, 2);
        Game short1 = Game.of(lessOne, CSA_NO_LIMIT);
        assertThat(short1.declare()).as(Sfen.format(lessOne))
                .isEqualTo(new Outcome.Win(Color.SENTE, Ending.ILLEGAL_MOVE,
                        "failed impasse declaration: 26 points, 27 needed"));
    }

    // ------------------------------------------------------------------ WCSC28

    static Stream<String> wcsc28() {
        return TestData.list("csa/wcsc28-apery").stream();
    }

    /**
     * Every WCSC28 game replays legally under the CSA rules, no ending comes before the last recorded move, and
     * the terminal command agrees with the rules. The records leave out the offending move of
     * {@code %ILLEGAL_MOVE}: the side to move made it. Where the last recorded move already mated, the loser's
     * {@code %TORYO}, {@code %TIME_UP} or {@code %ILLEGAL_MOVE} came after the rules' checkmate and names the
     * same loser (an illegal move is all a mated side can make).
     */
    @Tag("slow")
    @ParameterizedTest
    @MethodSource("wcsc28")
    void wcsc28Game(String path) {
        CsaMoves.Record rec = record(path);
        Game game = replay(path, rec, RuleSet.CSA);
        String sfen = game.sfen();
        Color toMove = game.turn();
        String terminal = rec.terminal().orElseThrow(() -> new AssertionError("no terminal in " + path));
        switch (terminal) {
            case "%TORYO", "%TIME_UP", "%ILLEGAL_MOVE" -> {
                if (game.isOver()) {
                    assertThat(game.outcome()).as("%s %s: %s", path, terminal, sfen)
                            .hasValue(new Outcome.Win(toMove.opposite(), Ending.CHECKMATE, ""));
                    assertThat(game.position().hasNoLegalMove()).as(sfen).isTrue();
                } else {
                    Outcome expected = switch (terminal) {
                        case "%TORYO" -> new Outcome.Win(toMove.opposite(), Ending.RESIGNATION, "");
                        case "%TIME_UP" -> new Outcome.Win(toMove.opposite(), Ending.TIME_LOSS, "");
                        default -> new Outcome.Win(toMove.opposite(), Ending.ILLEGAL_MOVE, "not recorded");
                    };
                    Outcome o = switch (terminal) {
                        case "%TORYO" -> game.resign(toMove);
                        case "%TIME_UP" -> game.timeLoss(toMove);
                        default -> game.illegalMove(toMove, "not recorded");
                    };
                    assertThat(o).as("%s %s: %s", path, terminal, sfen).isEqualTo(expected);
                    assertThat(game.outcome()).as("%s %s: %s", path, terminal, sfen).hasValue(expected);
                }
            }
            case "%+ILLEGAL_ACTION", "%-ILLEGAL_ACTION" -> {
                assertThat(game.outcome()).as("%s: %s", path, sfen).isEmpty();
                Color offender = terminal.charAt(1) == '+' ? Color.SENTE : Color.GOTE;
                assertThat(game.illegalMove(offender, terminal)).as(sfen)
                        .isEqualTo(new Outcome.Win(offender.opposite(), Ending.ILLEGAL_MOVE, terminal));
            }
            case "%SENNICHITE" -> {
                assertThat(game.outcome()).as("%s: %s", path, sfen).hasValueSatisfying(o -> {
                    assertThat(o).as(sfen).isInstanceOf(Outcome.Draw.class);
                    assertThat(o.ending()).as(sfen).isEqualTo(Ending.REPETITION);
                });
                assertThat(game.repetitions()).as(sfen).isEqualTo(4);
            }
            case "%KACHI" -> {
                assertThat(game.outcome()).as("%s: %s", path, sfen).isEmpty();
                assertThat(game.impasseCount(toMove).meetsDeclarationConditions()).as(sfen).isTrue();
                Outcome o = game.declare();
                assertThat(o).as("%s: %s", path, sfen).isInstanceOf(Outcome.Win.class);
                assertThat(((Outcome.Win) o).winner()).as(sfen).isEqualTo(toMove);
                assertThat(o.ending()).as(sfen).isEqualTo(Ending.DECLARATION);
            }
            case "%CHUDAN" -> {
                // Stopped by the tournament at 256 moves: the CSA move limit.
                assertThat(game.plies()).as(path).isEqualTo(256);
                assertThat(game.outcome()).as(sfen).hasValue(new Outcome.Draw(Ending.MOVE_LIMIT, "256 moves"));
            }
            default -> throw new AssertionError("unexpected terminal " + terminal + " in " + path);
        }
        assertThat(game.isOver()).as("%s ends: %s", path, sfen).isTrue();
    }

    @Test
    void wcsc28RepetitionsAndDeclarations() {
        List<String> repetitions = new ArrayList<>(), declarations = new ArrayList<>();
        for (String path : TestData.list("csa/wcsc28-apery")) {
            CsaMoves.Record rec = record(path);
            if (rec.terminal().equals(Optional.of("%SENNICHITE"))) {
                repetitions.add(path.substring(path.lastIndexOf('/') + 1));
            } else if (rec.terminal().equals(Optional.of("%KACHI"))) {
                declarations.add(path.substring(path.lastIndexOf('/') + 1));
            }
        }
        assertThat(repetitions).containsExactly("utf8_WCSC28_U1_SSE_YMT.csa", "utf8_WCSC28_U1_USA_NAN.csa",
                "utf8_WCSC28_U7_NZM_ELM_2.csa", "utf8_WCSC28_U7_QHA_MCB.csa");
        assertThat(declarations).containsExactly("utf8_WCSC28_U1_TSG_HFW.csa", "utf8_WCSC28_U8_MCB_HFW.csa");

        Game senteDeclares = replay("csa/wcsc28-apery/utf8_WCSC28_U1_TSG_HFW.csa", RuleSet.CSA);
        assertThat(senteDeclares.impasseCount(Color.SENTE)).as(senteDeclares.sfen())
                .isEqualTo(new ImpasseCount(Color.SENTE, true, 10, 34, 46, false));
        assertThat(senteDeclares.declare()).as(senteDeclares.sfen())
                .isEqualTo(new Outcome.Win(Color.SENTE, Ending.DECLARATION, "34 points"));
        Game goteDeclares = replay("csa/wcsc28-apery/utf8_WCSC28_U8_MCB_HFW.csa", RuleSet.CSA);
        assertThat(goteDeclares.impasseCount(Color.GOTE)).as(goteDeclares.sfen())
                .isEqualTo(new ImpasseCount(Color.GOTE, true, 10, 40, 43, false));
        assertThat(goteDeclares.declare()).as(goteDeclares.sfen())
                .isEqualTo(new Outcome.Win(Color.GOTE, Ending.DECLARATION, "40 points"));
    }

    // ------------------------------------------------------------------ endings on the board

    /** A seven-move mate from the start: sente's pawn walks up file 2 while gote boxes its own king in. */
    static final List<String> QUICK_MATE = List.of("2g2f", "5a4b", "2f2e", "4b3b", "2e2d", "8b4b", "2d2c+");

    @Test
    void checkmate() {
        Game game = Game.startpos(RuleSet.CSA);
        for (int i = 0; i < QUICK_MATE.size(); i++) {
            MoveResult r = game.play(QUICK_MATE.get(i));
            assertThat(r).as("%s in %s", QUICK_MATE.get(i), game.sfen()).isInstanceOf(MoveResult.Applied.class);
            assertThat(((MoveResult.Applied) r).outcome().isPresent()).as(game.sfen())
                    .isEqualTo(i == QUICK_MATE.size() - 1);
        }
        String sfen = game.sfen();
        assertThat(sfen).as("final position")
                .isEqualTo("lnsg1gsnl/5rkb1/ppppppp+Pp/9/9/9/PPPPPPP1P/1B5R1/LNSGKGSNL w P 8");
        assertThat(game.outcome()).as(sfen).hasValue(new Outcome.Win(Color.SENTE, Ending.CHECKMATE, ""));
        assertThat(game.position().isCheckmate()).as(sfen).isTrue();
        assertThat(game.usiMoves()).as(sfen).isEqualTo(QUICK_MATE);
        assertThat(game.outcome().orElseThrow().describe()).as(game.sfen()).isEqualTo("Sente wins by checkmate");
    }

    @Test
    void checkmateOnTheLastAllowedMoveIsStillAWin() {
        Game game = Game.startpos(RuleSet.CSA.withMaxMoves(QUICK_MATE.size()));
        QUICK_MATE.forEach(game::play);
        assertThat(game.outcome()).as(game.sfen()).hasValue(new Outcome.Win(Color.SENTE, Ending.CHECKMATE, ""));

        Game limited = Game.startpos(RuleSet.CSA.withMaxMoves(QUICK_MATE.size() - 1));
        QUICK_MATE.subList(0, QUICK_MATE.size() - 1).forEach(limited::play);
        assertThat(limited.outcome()).as(limited.sfen()).hasValue(new Outcome.Draw(Ending.MOVE_LIMIT, "6 moves"));
    }

    /**
     * A game set up in a position where the side to move has no legal move is over before any move: nothing
     * could ever be played, so a front end waiting for a move would wait for ever.
     */
    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            gote mated           | 4k4/4G4/4P4/9/9/9/9/9/4K4 w - 1 | SENTE | CHECKMATE
            sente mated          | 4k4/9/9/9/9/9/4p4/4g4/4K4 b - 1 | GOTE  | CHECKMATE
            gote cannot move     | 8k/6G2/8S/9/9/9/9/9/4K4 w - 2   | SENTE | NO_LEGAL_MOVES
            """)
    void aStartPositionWithoutALegalMoveIsAlreadyOver(String name, String sfen, Color winner, Ending ending) {
        for (Game game : List.of(Game.of(Sfen.parse(sfen), RuleSet.CSA), Game.ofRecord(Sfen.parse(sfen), RuleSet.CASUAL))) {
            assertThat(game.position().legalMoves()).as("%s: %s", name, sfen).isEmpty();
            assertThat(game.outcome()).as("%s: %s", name, sfen).hasValue(new Outcome.Win(winner, ending, ""));
            assertThat(game.isOver()).as("%s: %s", name, sfen).isTrue();
            assertThat(game.play("5a4a")).as("%s: %s", name, sfen).isEqualTo(gameOver(game));
            assertThat(game.canTakeBack()).as("%s: %s", name, sfen).isFalse();
        }
        assertThat(Game.startpos(RuleSet.CSA).outcome()).as(Sfen.STARTPOS).isEmpty();
    }

    @ParameterizedTest
    @CsvSource({"1d1c", "1d1c+"})
    void noLegalMoveWithoutCheckLoses(String move) {
        String sfen = "8k/6G2/9/8S/9/9/9/9/4K4 b - 1";
        for (String s : List.of(sfen, Fixtures.flip(sfen))) {
            Game game = Game.of(Sfen.parse(s), RuleSet.CSA);
            String usi = s.equals(sfen) ? move : flipUsi(move);
            assertThat(game.play(usi)).as("%s in %s", usi, s).isInstanceOf(MoveResult.Applied.class);
            Position after = game.position();
            assertThat(after.inCheck()).as(game.sfen()).isFalse();
            assertThat(after.hasNoLegalMove()).as(game.sfen()).isTrue();
            assertThat(game.outcome()).as(game.sfen())
                    .hasValue(new Outcome.Win(Color.of(after.sideToMove()).opposite(), Ending.NO_LEGAL_MOVES, ""));
        }
    }

    @ParameterizedTest
    @CsvSource({"2h3h 8b7b 3h2h 7b8b", "6i6h 4a4b 6h6i 4b4a", "5i4h 5a6b 4h5i 6b5a"})
    void fourfoldRepetitionIsADraw(String cycle) {
        Game game = Game.startpos(RuleSet.CSA);
        String[] moves = cycle.split(" ");
        for (int round = 1; round <= 3; round++) {
            for (String m : moves) {
                assertThat(game.outcome()).as("before %s in %s", m, game.sfen()).isEmpty();
                assertThat(game.play(m)).as("%s in %s", m, game.sfen()).isInstanceOf(MoveResult.Applied.class);
            }
            assertThat(game.sfen()).as("round %d", round)
                    .startsWith(Sfen.STARTPOS.substring(0, Sfen.STARTPOS.length() - 2));
            assertThat(game.repetitions()).as("round %d: %s", round, game.sfen()).isEqualTo(round + 1);
        }
        assertThat(game.outcome()).as(game.sfen()).hasValueSatisfying(o -> {
            assertThat(o).as(game.sfen()).isInstanceOf(Outcome.Draw.class);
            assertThat(o.ending()).as(game.sfen()).isEqualTo(Ending.REPETITION);
        });
        assertThat(game.plies()).as(game.sfen()).isEqualTo(12);
        assertThat(game.play("7g7f")).as(game.sfen()).isEqualTo(gameOver(game));
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            sente checks | 4k4/9/9/9/5R3/9/9/9/K8 b - 1 | 4e5e 5a4a 5e4e 4a5a | SENTE
            gote checks  | k8/9/9/9/5r3/9/9/9/4K4 w - 1 | 4e5e 5i4i 5e4e 4i5i | GOTE
            """)
    void perpetualCheckLoses(String name, String sfen, String cycle, Color checker) {
        Game game = Game.of(Sfen.parse(sfen), RuleSet.CSA);
        for (int round = 1; round <= 3; round++) {
            for (String m : cycle.split(" ")) {
                assertThat(game.outcome()).as("%s: before %s in %s", name, m, game.sfen()).isEmpty();
                assertThat(game.play(m)).as("%s: %s in %s", name, m, game.sfen())
                        .isInstanceOf(MoveResult.Applied.class);
            }
        }
        assertThat(game.sfen()).as(name).startsWith(sfen.substring(0, sfen.length() - 2));
        Outcome.Win win = win(game, sfen);
        assertThat(win.ending()).as(sfen).isEqualTo(Ending.PERPETUAL_CHECK);
        assertThat(win.loser()).as("%s: %s", name, sfen).isEqualTo(checker);
    }

    @Test
    void tryRule() {
        String sente = "9/4K4/9/9/9/9/9/9/k8 b - 1";
        Game game = Game.of(Sfen.parse(sente), RuleSet.TRY_RULE);
        game.play("5b5a");
        assertThat(game.outcome()).as(sente).hasValue(new Outcome.Win(Color.SENTE, Ending.TRY, "king reached 5a"));

        String gote = "K8/9/9/9/9/9/9/4k4/9 w - 1";
        Game g2 = Game.of(Sfen.parse(gote), RuleSet.TRY_RULE);
        g2.play("5h5i");
        assertThat(g2.outcome()).as(gote).hasValue(new Outcome.Win(Color.GOTE, Ending.TRY, "king reached 5i"));

        Game noTry = Game.of(Sfen.parse(sente), RuleSet.CSA);
        noTry.play("5b5a");
        assertThat(noTry.outcome()).as("no try rule: %s", sente).isEmpty();

        String gold = "9/4G4/9/9/9/9/9/9/k7K b - 1";
        Game g3 = Game.of(Sfen.parse(gold), RuleSet.TRY_RULE);
        g3.play("5b5a");
        assertThat(g3.outcome()).as("only the king tries: %s", gold).isEmpty();

        String ownSquare = "9/9/9/9/9/9/9/4K4/k8 b - 1";
        Game g4 = Game.of(Sfen.parse(ownSquare), RuleSet.TRY_RULE);
        g4.play("5h5i");
        assertThat(g4.outcome()).as("its own start square is no try: %s", ownSquare).isEmpty();

        String guarded = "r8/4K4/9/9/9/9/9/9/k8 b - 1";
        Game g5 = Game.of(Sfen.parse(guarded), RuleSet.TRY_RULE);
        assertThat(g5.play("5b5a")).as("5a is attacked: %s", guarded).isInstanceOfSatisfying(MoveResult.Illegal.class,
                i -> assertThat(i.reason()).isEqualTo(IllegalMoveReason.KING_LEFT_IN_CHECK));
        assertThat(g5.outcome()).as("the try rule set makes an illegal move lose: %s", guarded).get()
                .isInstanceOfSatisfying(Outcome.Win.class, w -> assertThat(w).extracting(Outcome.Win::winner, Outcome.Win::ending)
                        .containsExactly(Color.GOTE, Ending.ILLEGAL_MOVE));
        Game g6 = Game.of(Sfen.parse(guarded), RuleSet.TRY_RULE.withIllegalMoveLoses(false));
        assertThat(g6.play("5b5a")).as("5a is attacked: %s", guarded).isInstanceOf(MoveResult.Illegal.class);
        assertThat(g6.outcome()).as(guarded).isEmpty();
    }

    // ------------------------------------------------------------------ impasse

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            24 and 30 draw            | 9/4K4/9/9/9/9/9/4k4/9 b RB4G4S6Prb4n4l12p 1    | 24 | 30 | DRAW
            sente 23 loses            | 9/4K4/9/9/9/9/9/4k4/9 b RB4G4S5Prb4n4l13p 1    | 23 | 31 | GOTE
            gote 23 loses             | 9/4K4/9/9/9/9/9/4k4/9 b RB4G4S13Prb4n4l5p 1    | 31 | 23 | SENTE
            pieces on the board count | 9/4K4/9/9/+R3+b4/9/9/4k4/9 w B4G4S6Pr4n4l12p 1 | 24 | 30 | DRAW
            """)
    void agreement24(String name, String sfen, int sentePoints, int gotePoints, String result) {
        Game game = Game.of(Sfen.parse(sfen), RuleSet.PROFESSIONAL);
        assertThat(game.impasseCount(Color.SENTE).totalPoints()).as("%s: %s", name, sfen).isEqualTo(sentePoints);
        assertThat(game.impasseCount(Color.GOTE).totalPoints()).as("%s: %s", name, sfen).isEqualTo(gotePoints);
        assertThat(game.impasseCount(Color.SENTE).kingInZone()).as(sfen).isTrue();
        assertThat(game.impasseCount(Color.GOTE).kingInZone()).as(sfen).isTrue();
        String pts = "sente " + sentePoints + ", gote " + gotePoints + " points";
        Outcome expected = result.equals("DRAW")
                ? new Outcome.Draw(Ending.IMPASSE, pts)
                : new Outcome.Win(Color.valueOf(result), Ending.IMPASSE, pts);
        assertThat(game.canAgreeImpasse()).as(sfen).isTrue();
        assertThat(game.agreeImpasse()).as("%s: %s", name, sfen).isEqualTo(expected);
        assertThat(game.outcome()).as(sfen).hasValue(expected);
        assertThat(game.canAgreeImpasse()).as("not once the game is over").isFalse();
        assertThatThrownBy(game::agreeImpasse).as(sfen).isInstanceOf(IllegalStateException.class);
    }

    @Test
    void agreementNeedsBothKingsEnteredAndTheRule() {
        String notEntered = "9/9/9/4K4/9/9/9/4k4/9 b RB4G4S6Prb4n4l12p 1";
        Game game = Game.of(Sfen.parse(notEntered), RuleSet.PROFESSIONAL);
        assertThat(game.canAgreeImpasse()).as(notEntered).isFalse();
        assertThatThrownBy(game::agreeImpasse).as(notEntered).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("both kings");
        String entered = "9/4K4/9/9/9/9/9/4k4/9 b RB4G4S6Prb4n4l12p 1";
        assertThat(Game.of(Sfen.parse(entered), RuleSet.CSA).canAgreeImpasse()).as("not under a declaration rule").isFalse();
        assertThatThrownBy(Game.of(Sfen.parse(entered), RuleSet.CSA)::agreeImpasse).as(entered)
                .isInstanceOf(IllegalStateException.class);
        assertThatThrownBy(Game.of(Sfen.parse(entered), RuleSet.PROFESSIONAL)::declare).as(entered)
                .isInstanceOf(IllegalStateException.class);
    }

    /** Sente's king on 5a with ten tokens around it (10 points), gote's bare king on 5i; hands vary. */
    private static String entered(String senteHand) {
        return "+P+P+P+PK+P+P+P+P/+P+P7/9/9/9/9/9/9/4k4 b " + senteHand + " 1";
    }

    @ParameterizedTest(name = "{0} points")
    @CsvSource(delimiter = '|', textBlock = """
            31 | RB4G4S3N | WIN
            30 | RB4G4S2N | DRAW
            24 | RB4G     | DRAW
            23 | RB3G     | ILLEGAL
            """)
    void declaration24(int points, String hand, String result) {
        String sfen = entered(hand);
        Game game = Game.of(Sfen.parse(sfen), RuleSet.AMATEUR);
        assertThat(game.impasseCount(Color.SENTE).declarationPoints()).as(sfen).isEqualTo(points);
        Outcome expected = switch (result) {
            case "WIN" -> new Outcome.Win(Color.SENTE, Ending.DECLARATION, points + " points");
            case "DRAW" -> new Outcome.Draw(Ending.DECLARATION, points + " points, 24–30 draw");
            default -> new Outcome.Win(Color.GOTE, Ending.ILLEGAL_MOVE,
                    "failed impasse declaration: " + points + " points, at least 24 needed");
        };
        Declaration.Verdict v = game.declarationVerdict();
        assertThat(v.reason()).as(sfen).isEqualTo(switch (result) {
            case "WIN" -> Declaration.Reason.WIN;
            case "DRAW" -> Declaration.Reason.DRAW;
            default -> Declaration.Reason.TOO_FEW_POINTS;
        });
        assertThat(v).as(sfen).extracting(Declaration.Verdict::required, Declaration.Verdict::toWin).containsExactly(24, 31);
        assertThat(v.outcome()).as(sfen).contains(expected);
        assertThat(game.declare()).as(sfen).isEqualTo(expected);
        assertThat(game.isOver()).as(sfen).isTrue();
    }

    @ParameterizedTest(name = "{0} {1} points")
    @CsvSource(delimiter = '|', textBlock = """
            SENTE | 28 | RB4G4S | WIN
            SENTE | 27 | RB4G3S | ILLEGAL
            GOTE  | 28 | RB4G4S | WIN
            GOTE  | 27 | RB4G3S | WIN
            GOTE  | 26 | RB4G2S | ILLEGAL
            """)
    void declaration27Thresholds(Color declarer, int points, String hand, String result) {
        String sfen = declarer == Color.SENTE ? entered(hand) : Fixtures.flip(entered(hand));
        Game game = Game.of(Sfen.parse(sfen), RuleSet.CSA);
        assertThat(game.turn()).as(sfen).isEqualTo(declarer);
        ImpasseCount count = game.impasseCount(declarer);
        assertThat(count).as(sfen).isEqualTo(new ImpasseCount(declarer, true, 10, points, points, false));
        int need = declarer == Color.SENTE ? 28 : 27;
        Outcome expected = result.equals("WIN")
                ? new Outcome.Win(declarer, Ending.DECLARATION, points + " points")
                : new Outcome.Win(declarer.opposite(), Ending.ILLEGAL_MOVE,
                        "failed impasse declaration: " + points + " points, " + need + " needed");
        Declaration.Verdict v = game.declarationVerdict();
        assertThat(v.reason()).as(sfen).isEqualTo(result.equals("WIN") ? Declaration.Reason.WIN : Declaration.Reason.TOO_FEW_POINTS);
        assertThat(v.required()).as(sfen).isEqualTo(need);
        assertThat(v.declarerCount()).as(sfen).isEqualTo(count);
        assertThat(game.declarationFailure()).as(sfen)
                .isEqualTo(result.equals("WIN") ? Optional.empty() : Optional.of(points + " points, " + need + " needed"));
        assertThat(game.declare()).as(sfen).isEqualTo(expected);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            king not entered | +P+P+P+P1+P+P+P+P/+P+P7/9/4K4/9/9/9/9/4k4 b RB4G4S 1 | the king has not entered the enemy camp | KING_NOT_ENTERED
            nine pieces      | +P+P+P+PK+P+P+P+P/+P8/9/9/9/9/9/9/4k4 b RB4G4SN 1    | only 9 pieces besides the king in the enemy camp (10 needed) | TOO_FEW_PIECES_IN_CAMP
            in check         | +P+P+P+PK+P+P+P+P/+P+P7/9/9/4r4/9/9/9/4k4 b B4G4S 1  | the king is in check | IN_CHECK
            rook outside     | +P+P+P+PK+P+P+P+P/+P+P7/9/9/9/R8/9/9/4k4 b B4G3S 1   | 22 points, 28 needed | TOO_FEW_POINTS
            """)
    void declaration27Conditions(String name, String sfen, String failure, Declaration.Reason reason) {
        Game game = Game.of(Sfen.parse(sfen), RuleSet.CSA);
        assertThat(game.declarationVerdict().reason()).as("%s: %s", name, sfen).isEqualTo(reason);
        assertThat(game.declarationFailure()).as("%s: %s", name, sfen).contains(failure);
        assertThat(game.declare()).as("%s: %s", name, sfen)
                .isEqualTo(new Outcome.Win(Color.GOTE, Ending.ILLEGAL_MOVE, "failed impasse declaration: " + failure));
        Game flipped = Game.of(Sfen.parse(Fixtures.flip(sfen)), RuleSet.CSA);
        Outcome o = flipped.declare();
        assertThat(o.ending()).as("%s: %s", name, Fixtures.flip(sfen)).isEqualTo(Ending.ILLEGAL_MOVE);
        assertThat(((Outcome.Win) o).winner()).as(Fixtures.flip(sfen)).isEqualTo(Color.SENTE);
    }

    @Test
    void declarationNeedsADeclarationRule() {
        String sfen = entered("RB4G4S");
        List<RuleSet> without = List.of(RuleSet.PROFESSIONAL, RuleSet.TRY_RULE, RuleSet.CSA.withImpasse(RuleSet.Impasse.NONE));
        for (RuleSet rules : without) {
            Game game = Game.of(Sfen.parse(sfen), rules);
            Declaration.Verdict v = game.declarationVerdict();
            assertThat(v.reason()).as("%s: %s", rules, sfen).isEqualTo(Declaration.Reason.NO_DECLARATION_RULE);
            assertThat(v.outcome()).as("%s: %s", rules, sfen).isEmpty();
            assertThat(v.sente().declarationPoints()).as("the counts are there for the board: %s", sfen).isEqualTo(28);
            assertThatThrownBy(game::declarationFailure).as("%s: %s", rules, sfen).isInstanceOf(IllegalStateException.class);
            assertThatThrownBy(game::declare).as("%s: %s", rules, sfen).isInstanceOf(IllegalStateException.class);
            assertThat(game.isOver()).as(sfen).isFalse();
        }
    }

    @ParameterizedTest
    @EnumSource(Handicap.class)
    void handicapCompensationCreditsGote(Handicap h) {
        Setup start = Sfen.parse(h.sfen());
        int goteHand = 0;
        for (Role r : Role.values()) {
            goteHand += r.isHandRole() ? start.handCount(Color.GOTE, r) * r.impassePoints() : 0;
        }
        Game plain = Game.of(start, RuleSet.CSA);
        Game credited = Game.of(start, RuleSet.CSA.withHandicapCompensation(true));
        assertThat(plain.impasseCount(Color.GOTE).totalPoints()).as(h.sfen()).isEqualTo(27 - h.removedPoints());
        assertThat(plain.impasseCount(Color.GOTE).declarationPoints()).as(h.sfen()).isEqualTo(goteHand);
        assertThat(credited.impasseCount(Color.GOTE).totalPoints()).as(h.sfen()).isEqualTo(27);
        assertThat(credited.impasseCount(Color.GOTE).declarationPoints()).as(h.sfen())
                .isEqualTo(goteHand + h.removedPoints());
        assertThat(credited.impasseCount(Color.SENTE)).as(h.sfen()).isEqualTo(plain.impasseCount(Color.SENTE));
        assertThat(credited.impasseCount(Color.SENTE).totalPoints()).as(h.sfen()).isEqualTo(27);
        assertThat(Game.missingPoints(start)).as(h.sfen()).isEqualTo(h.removedPoints());
    }

    /**
     * A two-piece handicap game that reached an impasse: the giver (gote) has its king and ten pieces in sente's
     * camp, and everything it has left is there or in hand, worth 17; the rook and bishop it gave are the
     * missing 10 points that compensation credits, making exactly the 27 gote needs.
     */
    @Test
    void handicapCompensationDecidesADeclaration() {
        String sfen = "4K4/9/9/9/9/9/+p+p+p+p+p+p+p+p+p/4g4/4k4 w RB2G2S2N2L9Pg2s2n2l 1";
        Setup setup = Sfen.parse(sfen);
        assertThat(Game.missingPoints(setup)).as(sfen).isEqualTo(Handicap.TWO_PIECE.removedPoints());
        Game plain = Game.of(setup, RuleSet.CSA);
        assertThat(plain.impasseCount(Color.GOTE)).as(sfen)
                .isEqualTo(new ImpasseCount(Color.GOTE, true, 10, 17, 17, false));
        assertThat(plain.declare()).as(sfen).isEqualTo(new Outcome.Win(Color.SENTE, Ending.ILLEGAL_MOVE,
                "failed impasse declaration: 17 points, 27 needed"));
        Game credited = Game.of(setup, RuleSet.CSA.withHandicapCompensation(true));
        assertThat(credited.impasseCount(Color.GOTE)).as(sfen)
                .isEqualTo(new ImpasseCount(Color.GOTE, true, 10, 27, 27, false));
        assertThat(credited.declare()).as(sfen).isEqualTo(new Outcome.Win(Color.GOTE, Ending.DECLARATION, "27 points"));
    }

    // ------------------------------------------------------------------ endings from outside the board

    @Test
    void resignTimeLossAndIllegalMove() {
        Game a = Game.startpos(RuleSet.CSA);
        a.play("7g7f");
        assertThat(a.resign(Color.SENTE)).as(a.sfen()).isEqualTo(new Outcome.Win(Color.GOTE, Ending.RESIGNATION, ""));
        assertThat(a.outcome().orElseThrow().describe()).as(a.sfen()).isEqualTo("Gote wins by resignation");
        assertThatThrownBy(() -> a.resign(Color.GOTE)).as(a.sfen()).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("already over");
        assertThatThrownBy(() -> a.timeLoss(Color.GOTE)).as(a.sfen()).isInstanceOf(IllegalStateException.class);

        Game b = Game.startpos(RuleSet.CSA);
        assertThat(b.timeLoss(Color.SENTE)).as(b.sfen()).isEqualTo(new Outcome.Win(Color.GOTE, Ending.TIME_LOSS, ""));

        Game c = Game.startpos(RuleSet.CASUAL);
        assertThat(c.play("7g7e")).as(Sfen.STARTPOS).isEqualTo(new MoveResult.Illegal(IllegalMoveReason.CANNOT_REACH,
                "illegal move 7g7e in " + Sfen.STARTPOS + ": a pawn on 7g cannot move to 7e", Optional.empty()));
        assertThat(c.isOver()).as("casual rules refuse an illegal move: %s", c.sfen()).isFalse();
        assertThat(c.plies()).as(c.sfen()).isZero();
        assertThat(c.illegalMove(Color.SENTE, "7g7e")).as(c.sfen())
                .isEqualTo(new Outcome.Win(Color.GOTE, Ending.ILLEGAL_MOVE, "7g7e"));
        assertThat(c.outcome().orElseThrow().describe()).as(c.sfen()).isEqualTo("Gote wins by illegal move (7g7e)");

        // Casual rules refuse each kind of bad move with its reason, and the game goes on.
        Game d = Game.startpos(RuleSet.CASUAL);
        assertThat(d.play("7g7f+")).as(d.sfen()).isEqualTo(new MoveResult.Illegal(IllegalMoveReason.CANNOT_PROMOTE,
                "illegal move 7g7f+ in " + Sfen.STARTPOS + ": promotion needs a move that starts or ends in the promotion zone",
                Optional.empty()));
        assertThat(d.play("zz")).as(d.sfen()).isEqualTo(new MoveResult.Illegal(IllegalMoveReason.MALFORMED,
                "malformed USI move \"zz\": expected from-square, to-square and an optional '+', or a drop such as P*5e",
                Optional.empty()));
        MoveResult.Illegal noPawn = new MoveResult.Illegal(IllegalMoveReason.NOT_IN_HAND,
                "illegal move P*5e in " + Sfen.STARTPOS + ": no pawn in hand", Optional.empty());
        assertThat(d.play(new MoveOrDrop.Drop(Role.PAWN, Square.parse("5e")))).as(d.sfen()).isEqualTo(noPawn);
        assertThat(d.play(Move.drop(Role.PAWN.code(), Square.parse("5e"), 0))).as(d.sfen()).isEqualTo(noPawn);
        assertThat(d.plies()).as(d.sfen()).isZero();
        assertThat(d.sfen()).as(d.sfen()).isEqualTo(Sfen.STARTPOS);
    }

    @Test
    void takebacksOnlyWhereTheRulesAllowThem() {
        Game strict = Game.startpos(RuleSet.CSA);
        strict.play("7g7f");
        assertThat(strict.canTakeBack()).as(strict.sfen()).isFalse();
        assertThatThrownBy(strict::takeBack).as(strict.sfen()).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("not allowed");
        assertThat(strict.plies()).as(strict.sfen()).isEqualTo(1);

        Game casual = Game.startpos(RuleSet.CASUAL);
        assertThat(casual.canTakeBack()).as("nothing to take back").isFalse();
        assertThatThrownBy(casual::takeBack).as(casual.sfen()).isInstanceOf(IllegalStateException.class);
        casual.play("7g7f");
        casual.play("3c3d");
        assertThat(casual.canTakeBack()).as(casual.sfen()).isTrue();
        casual.takeBack();
        assertThat(casual.plies()).as(casual.sfen()).isEqualTo(1);
        assertThat(casual.usiMoves()).as(casual.sfen()).containsExactly("7g7f");
        assertThat(casual.turn()).as(casual.sfen()).isEqualTo(Color.GOTE);
        casual.takeBack();
        assertThat(casual.sfen()).as(casual.sfen()).isEqualTo(Sfen.STARTPOS);
        assertThat(casual.play("2g2f")).as(casual.sfen()).isInstanceOf(MoveResult.Applied.class);
        assertThat(casual.usiMoves()).as(casual.sfen()).containsExactly("2g2f");

        Game over = Game.startpos(RuleSet.CASUAL);
        over.play("7g7f");
        over.resign(Color.GOTE);
        assertThat(over.canTakeBack()).as(over.sfen()).isFalse();
        assertThatThrownBy(over::takeBack).as(over.sfen()).isInstanceOf(IllegalStateException.class);
    }

    @Test
    void playingAfterTheEndIsRefused() {
        Game game = Game.startpos(RuleSet.CSA);
        QUICK_MATE.forEach(game::play);
        Outcome end = game.outcome().orElseThrow();
        String sfen = game.sfen();
        Position pos = game.position();
        int anyMove = Move.normal(Square.parse("3a"), Square.parse("2b"), pos.pieceAt(Square.parse("3a")));
        MoveResult over = new MoveResult.Illegal(IllegalMoveReason.GAME_OVER, "the game is over: " + end.describe(), Optional.empty());
        assertThat(game.play("3a2b")).as(sfen).isEqualTo(over);
        assertThat(game.play(new MoveOrDrop.BoardMove(Square.parse("3a"), Square.parse("2b"), false))).as(sfen)
                .isEqualTo(over);
        assertThat(game.play(anyMove)).as(sfen).isEqualTo(over);
        assertThat(game.play("nonsense")).as(sfen).isEqualTo(over);
        assertThat(game.play("3a2b", game.plies())).as(sfen).isEqualTo(over);
        assertThat(game.play(Color.GOTE, "3a2b", game.plies())).as(sfen).isEqualTo(over);
        assertThatThrownBy(game::declare).as(sfen).isInstanceOf(IllegalStateException.class);
        assertThatThrownBy(() -> game.resign(Color.GOTE)).as(sfen).isInstanceOf(IllegalStateException.class);
        assertThatThrownBy(() -> game.illegalMove(Color.GOTE, "x")).as(sfen).isInstanceOf(IllegalStateException.class);
        assertThat(game.sfen()).as(game.sfen()).isEqualTo(sfen);
        assertThat(game.plies()).as(game.sfen()).isEqualTo(QUICK_MATE.size());
    }

    @Test
    void positionIsACopy() {
        Game game = Game.startpos(RuleSet.CSA);
        Position p = game.position();
        p.doMove(p.legalMoves()[0]);
        assertThat(game.sfen()).as(game.sfen()).isEqualTo(Sfen.STARTPOS);
        assertThat(game.plies()).as(game.sfen()).isZero();
    }

    // ------------------------------------------------------------------ helpers

    static CsaMoves.Record record(String path) {
        return CsaMoves.read(TestData.text(path, StandardCharsets.UTF_8));
    }

    static Game replay(String path, RuleSet rules) {
        return replay(path, record(path), rules);
    }

    /** Replays every move, asserting each is legal and that no ending comes before the last one. */
    static Game replay(String path, CsaMoves.Record rec, RuleSet rules) {
        Game game = Game.of(rec.start(), rules);
        List<String> moves = rec.moves();
        for (int i = 0; i < moves.size(); i++) {
            String before = game.sfen();
            int m = CsaMoves.toMove(game.position(), moves.get(i));
            MoveResult r = game.play(m);
            assertThat(r).as("%s move %d %s in %s", path, i + 1, moves.get(i), before)
                    .isInstanceOf(MoveResult.Applied.class);
            if (i < moves.size() - 1) {
                assertThat(((MoveResult.Applied) r).outcome())
                        .as("%s ends before move %d, in %s", path, i + 2, game.sfen())
                        .isEmpty();
            }
        }
        return game;
    }

    /** The refusal of any move once the game is over. */
    private static MoveResult gameOver(Game game) {
        return new MoveResult.Illegal(IllegalMoveReason.GAME_OVER, "the game is over: " + game.outcome().orElseThrow().describe(),
                Optional.empty());
    }

    private static Outcome.Win win(Game game, String what) {
        Outcome o = game.outcome().orElseThrow(() -> new AssertionError("no ending: " + what + " at " + game.sfen()));
        assertThat(o).as("%s: %s", what, game.sfen()).isInstanceOf(Outcome.Win.class);
        return (Outcome.Win) o;
    }

    /** The board and hands fields of an SFEN, without side to move and move number. */
    private static String boardAndHands(String sfen) {
        String[] f = sfen.split(" ");
        return f[0] + " " + f[2];
    }

    /** A USI board move rotated 180°, as {@link Fixtures#flip} rotates positions. */
    private static String flipUsi(String usi) {
        int from = Square.flip(Square.parse(usi.substring(0, 2)));
        int to = Square.flip(Square.parse(usi.substring(2, 4)));
        return Square.name(from) + Square.name(to) + usi.substring(4);
    }
}
