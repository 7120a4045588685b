package dev.meijin.core.game;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.meijin.core.Color;
import dev.meijin.core.Move;
import dev.meijin.core.position.IllegalMoveReason;
import dev.meijin.core.position.Setups;
import dev.meijin.core.sfen.Sfen;
import dev.meijin.core.usi.Usi;
import dev.meijin.core.usi.UsiMoveException;
import dev.meijin.testdata.TestData;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * What a play server asks of a {@link Game}: moves that carry their ply and side, refusals with their reason,
 * the rule set's say on illegal moves, restoring stored games, aborts and forfeits. Real games: lishogi games
 * from shogiops' tests, the WCSC28 games and shogi-server's fixtures.
 */
class GamePlayTest {

    /** The lishogi games (USI moves from the start position) of the test data. */
    static List<List<String>> lishogiGames() {
        List<List<String>> games = new ArrayList<>();
        for (String[] row : TestData.tsv("usi/shogiops-lishogi-games.tsv")) {
            if (row.length > 1 && !row[1].isBlank()) {
                games.add(List.of(row[1].strip().split(" +")));
            }
        }
        return games;
    }

    /**
     * Every move of every lishogi game, played as a server receives it. A record holds no move after its game
     * ended, and no move limit applies here, so no game may end before its last move: each is played whole,
     * 400 games and 31,191 moves (the rows and the space-separated moves of
     * {@code usi/shogiops-lishogi-games.tsv}; notation's round-trip test counts the same 31,191).
     */
    @Test
    void everyMoveCarriesItsPlyAndAReplayedOrEarlyMessageIsStale() {
        List<List<String>> games = lishogiGames();
        assertThat(games).hasSize(400);
        int moves = 0;
        for (int g = 0; g < games.size(); g++) {
            List<String> usi = games.get(g);
            Game game = Game.startpos(RuleSet.CSA.withMaxMoves(0));
            for (int ply = 0; ply < usi.size(); ply++) {
                String mv = usi.get(ply);
                String before = game.sfen();
                assertThat(game.outcome()).as("no ending before ply %d of game %d: %s", ply, g + 1, before).isEmpty();
                Color mover = game.turn();
                if (ply > 0) {
                    // The previous message again: refused as stale, and the game does not change.
                    assertThat(game.play(mover.opposite(), usi.get(ply - 1), ply - 1)).as("%s replayed at ply %d in %s", usi.get(ply - 1), ply, before)
                            .isEqualTo(new MoveResult.Illegal(IllegalMoveReason.NOT_YOUR_TURN,
                                    "it is " + mover + "'s turn, not " + mover.opposite() + "'s", Optional.empty()));
                    assertThat(game.play(usi.get(ply - 1), ply - 1)).as("%s replayed at ply %d in %s", usi.get(ply - 1), ply, before)
                            .isEqualTo(new MoveResult.Illegal(IllegalMoveReason.STALE_PLY, "move " + usi.get(ply - 1)
                                    + " was sent for ply " + (ply - 1) + ", but " + ply + " moves have been played", Optional.empty()));
                }
                assertThat(game.play(mover, mv, ply + 1)).as("%s sent for ply %d at ply %d in %s", mv, ply + 1, ply, before)
                        .isEqualTo(new MoveResult.Illegal(IllegalMoveReason.STALE_PLY, "move " + mv + " was sent for ply "
                                + (ply + 1) + ", but " + ply + " moves have been played", Optional.empty()));
                assertThat(game.sfen()).as("refusals change nothing").isEqualTo(before);
                MoveResult r = game.play(mover, mv, ply);
                assertThat(r).as("%s at ply %d in %s", mv, ply, before).isInstanceOf(MoveResult.Applied.class);
                assertThat(Move.usi(((MoveResult.Applied) r).move())).isEqualTo(mv);
                assertThat(game.plies()).isEqualTo(ply + 1);
                moves++;
            }
            assertThat(game.usiMoves()).as("game %d is played whole", g + 1).isEqualTo(usi);
            assertThat(game.plies()).as("game %d", g + 1).isEqualTo(usi.size());
        }
        assertThat(moves).as("moves played").isEqualTo(31_191);
    }

    /**
     * Each rule an illegal move can break, its reason, and what the rule set does with it: under CSA rules the
     * move loses for the side that offered it; under casual rules it is only refused. Malformed text never
     * loses. Every way of offering the move (USI text, API value, int move) gives the same reason.
     */
    @ParameterizedTest(name = "{2}: {1}")
    @CsvSource(delimiter = '|', textBlock = """
            lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1   | zz    | MALFORMED
            lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1   | 5e5d  | NO_SUCH_PIECE
            lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1   | 3c3d  | NOT_YOUR_PIECE
            lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1   | 6i5i  | OWN_PIECE_ON_TARGET
            lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1   | 7g7e  | CANNOT_REACH
            lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1   | 7g7f+ | CANNOT_PROMOTE
            lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1   | P*5e  | NOT_IN_HAND
            4k4/7P1/9/9/9/9/9/9/4K4 b - 1                                     | 2b2a  | MUST_PROMOTE
            lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPP1/1B5R1/LNSGKGSNL b P 1   | P*7g  | DROP_ON_OCCUPIED
            lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPP1/1B5R1/LNSGKGSNL b P 1   | P*5e  | NIFU
            4k4/9/9/9/9/9/9/9/4K4 b P 1                                       | P*1a  | DEAD_DROP
            4k4/9/9/9/9/9/9/9/4K4 b N 1                                       | N*3b  | DEAD_DROP
            kn7/9/1G7/9/9/9/9/9/4K4 b P 1                                     | P*9b  | UCHIFUZUME
            4k4/4r4/9/9/9/9/9/4G4/4K4 b - 1                                   | 5h4h  | KING_LEFT_IN_CHECK
            4k4/9/9/9/9/9/9/4r4/4K4 b G 1                                     | G*6h  | KING_LEFT_IN_CHECK
            """)
    void anIllegalMoveSaysWhyAndLosesWhereTheRulesSaySo(String sfen, String usi, IllegalMoveReason reason) {
        Game casual = Game.of(Sfen.parse(sfen), RuleSet.CASUAL);
        MoveResult.Illegal refused = illegal(casual.play(usi), sfen, usi);
        assertThat(refused.reason()).as("%s in %s (%s)", usi, sfen, refused.message()).isEqualTo(reason);
        assertThat(refused.outcome()).as(sfen).isEmpty();
        assertThat(refused.message()).as(sfen).contains(usi);
        assertThatThrownBy(() -> Usi.parseMove(casual.position(), usi)).as(sfen)
                .isInstanceOf(UsiMoveException.class).hasMessage(refused.message());
        assertThat(casual.isOver()).as(sfen).isFalse();
        assertThat(casual.sfen()).as(sfen).isEqualTo(Sfen.format(Sfen.parse(sfen)));

        if (reason != IllegalMoveReason.MALFORMED) {
            dev.meijin.core.MoveOrDrop value = Usi.parse(usi);
            assertThat(illegal(casual.play(value), sfen, usi).reason()).as("as an API value: %s in %s", usi, sfen).isEqualTo(reason);
            int asInt = switch (value) {
                case dev.meijin.core.MoveOrDrop.BoardMove b -> casual.position().pieceAt(b.from()) == 0 ? Move.NONE
                        : Move.normal(b.from(), b.to(), casual.position().pieceAt(b.from()), b.promote());
                case dev.meijin.core.MoveOrDrop.Drop d -> Move.drop(d.role().code(), d.to(), casual.turn().index());
            };
            if (asInt != Move.NONE) {
                assertThat(illegal(casual.play(asInt), sfen, usi).reason()).as("as an int: %s in %s", usi, sfen).isEqualTo(reason);
            }
        }

        Game csa = Game.of(Sfen.parse(sfen), RuleSet.CSA);
        Color mover = csa.turn();
        MoveResult.Illegal lost = illegal(csa.play(usi), sfen, usi);
        assertThat(lost.reason()).as(sfen).isEqualTo(reason);
        if (reason == IllegalMoveReason.MALFORMED) {
            assertThat(lost.outcome()).as("a typing slip is no move: %s", sfen).isEmpty();
            assertThat(csa.isOver()).as(sfen).isFalse();
        } else {
            Outcome expected = new Outcome.Win(mover.opposite(), Ending.ILLEGAL_MOVE, lost.message());
            assertThat(lost.outcome()).as("%s loses under CSA rules: %s", usi, sfen).contains(expected);
            assertThat(csa.outcome()).as(sfen).contains(expected);
            assertThat(csa.plies()).as("the illegal move is not played: %s", sfen).isZero();
            assertThat(csa.play(usi)).as(sfen).isInstanceOfSatisfying(MoveResult.Illegal.class,
                    i -> assertThat(i.reason()).isEqualTo(IllegalMoveReason.GAME_OVER));
        }
    }

    private static MoveResult.Illegal illegal(MoveResult r, String sfen, String usi) {
        assertThat(r).as("%s in %s", usi, sfen).isInstanceOf(MoveResult.Illegal.class);
        return (MoveResult.Illegal) r;
    }

    @Test
    void everyRuleSetPresetSaysWhetherAnIllegalMoveLoses() {
        for (String name : List.of("professional", "csa", "amateur", "casual", "try")) {
            RuleSet rules = RuleSet.named(name);
            Game game = Game.startpos(rules);
            MoveResult.Illegal r = illegal(game.play("7g7e"), Sfen.STARTPOS, "7g7e");
            assertThat(r.outcome().isPresent()).as(name).isEqualTo(!name.equals("casual"));
            assertThat(game.isOver()).as(name).isEqualTo(rules.illegalMoveLoses());
        }
    }

    // ------------------------------------------------------------------ restore

    static Stream<String> storedGames() {
        return Stream.concat(TestData.list("csa/wcsc28-apery").stream(), TestData.list("csa/shogi-server").stream()
                .filter(p -> !p.contains("uchifuzume")));
    }

    /**
     * A game stored as start, rules, USI moves and outcome comes back as it was: the same position, moves,
     * repetition count, outcome and legal destinations; and halfway through, as a running game that plays on
     * exactly as the original did.
     */
    @ParameterizedTest
    @MethodSource("storedGames")
    void aStoredGameIsRestoredAsItWas(String path) {
        CsaMoves.Record rec = GameEndingsTest.record(path);
        RuleSet rules = RuleSet.CSA.withMaxMoves(path.contains("max_moves") ? 256 : 0);
        Game original = GameEndingsTest.replay(path, rec, rules);
        if (!original.isOver()) {
            original.resign(original.turn());
        }
        Game restored = Game.restore(original.start(), rules, original.usiMoves(), original.outcome());
        assertThat(restored.sfen()).as(path).isEqualTo(original.sfen());
        assertThat(restored.usiMoves()).as(path).isEqualTo(original.usiMoves());
        assertThat(restored.moves()).as(path).isEqualTo(original.moves());
        assertThat(restored.position().plies()).as("the moves are kept once, on the position's stack: %s", path)
                .isEqualTo(original.plies());
        assertThat(restored.outcome()).as(path).isEqualTo(original.outcome());
        assertThat(restored.repetitions()).as(path).isEqualTo(original.repetitions());
        assertThat(restored.dests()).as(path).isEqualTo(original.dests());

        int half = original.plies() / 2;
        Game running = Game.restore(original.start(), rules, original.usiMoves().subList(0, half), Optional.empty());
        assertThat(running.isOver()).as("%s after %d moves", path, half).isFalse();
        assertThat(running.dests()).as(path).isEqualTo(LegalDests.of(running.position()));
        for (int i = half; i < original.plies(); i++) {
            assertThat(running.play(original.usiMoves().get(i), i)).as("%s move %d", path, i + 1).isInstanceOf(MoveResult.Applied.class);
        }
        assertThat(running.sfen()).as(path).isEqualTo(original.sfen());
        if (original.outcome().orElseThrow().ending() != Ending.RESIGNATION) {
            assertThat(running.outcome()).as("the board's own ending comes again: %s", path).isEqualTo(original.outcome());
        }
    }

    @Test
    void restoringTakesTheStoredOutcomeAndDecidesNothingTwice() {
        List<String> moves = List.of("7g7f", "3c3d", "8h2b+");
        Outcome stored = new Outcome.Win(Color.SENTE, Ending.TIME_LOSS, "");
        Game g = Game.restore(Setups.STARTPOS, RuleSet.CSA, moves, Optional.of(stored));
        assertThat(g.outcome()).contains(stored);
        assertThat(g.plies()).isEqualTo(3);
        assertThat(g.dests().moves()).as("nothing moves in a finished game").isEmpty();
        assertThat(g.play("3a2b", 3)).isInstanceOfSatisfying(MoveResult.Illegal.class,
                i -> assertThat(i.reason()).isEqualTo(IllegalMoveReason.GAME_OVER));

        // A running game whose last stored move ended it on the board gets that ending, as play gave it.
        List<String> mate = GameEndingsTest.QUICK_MATE;
        Game played = Game.startpos(RuleSet.CSA);
        mate.forEach(played::play);
        assertThat(Game.restore(Setups.STARTPOS, RuleSet.CSA, mate, Optional.empty()).outcome()).isEqualTo(played.outcome());

        // An aborted game stays aborted.
        Game aborted = Game.restore(Setups.STARTPOS, RuleSet.CSA, List.of("7g7f"), Optional.of(new Outcome.Aborted("gote did not move")));
        assertThat(aborted.outcome()).contains(new Outcome.Aborted("gote did not move"));
    }

    @Test
    void restoringBadDataSaysWhatAndWhere() {
        assertThatThrownBy(() -> Game.restore(Setups.STARTPOS, RuleSet.CSA, List.of("7g7f", "3c3d", "7f7e", "2b9i"), Optional.empty()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("cannot restore: move 4: illegal move 2b9i");
        assertThatThrownBy(() -> Game.restore(Setups.STARTPOS, RuleSet.CSA, List.of("7g7f", "x"), Optional.empty()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("cannot restore: move 2: malformed USI move \"x\"");
        List<String> pastMate = new ArrayList<>(GameEndingsTest.QUICK_MATE);
        pastMate.add("5a4b");
        assertThatThrownBy(() -> Game.restore(Setups.STARTPOS, RuleSet.CSA, pastMate, Optional.empty()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("the game ended at ply " + GameEndingsTest.QUICK_MATE.size())
                .hasMessageContaining("(Sente wins by checkmate)");
    }

    // ------------------------------------------------------------------ abort and forfeit

    @Test
    void aGameCanBeAbortedOnlyBeforeEachSideHasMoved() {
        Game none = Game.startpos(RuleSet.CSA);
        assertThat(none.canAbort()).isTrue();
        assertThat(none.abort("sente did not move")).isEqualTo(new Outcome.Aborted("sente did not move"));
        assertThat(none.outcome().orElseThrow().describe()).isEqualTo("Aborted (sente did not move)");
        assertThat(none.outcome().orElseThrow().ending().japanese()).isEqualTo("中断");
        assertThat(none.canAbort()).as("already over").isFalse();
        assertThatThrownBy(() -> none.abort("")).isInstanceOf(IllegalStateException.class).hasMessageContaining("already over");

        Game one = Game.startpos(RuleSet.CSA);
        one.play("7g7f", 0);
        assertThat(one.canAbort()).as("gote has not moved").isTrue();
        assertThat(one.abort("")).isEqualTo(new Outcome.Aborted(""));
        assertThat(one.play("3c3d", 1)).isInstanceOfSatisfying(MoveResult.Illegal.class,
                i -> assertThat(i.reason()).isEqualTo(IllegalMoveReason.GAME_OVER));

        Game two = Game.startpos(RuleSet.CSA);
        two.play("7g7f", 0);
        two.play("3c3d", 1);
        assertThat(two.canAbort()).isFalse();
        assertThatThrownBy(() -> two.abort("")).isInstanceOf(IllegalStateException.class)
                .hasMessage("a game can be aborted only before each side's first move; 2 moves have been played");
        assertThat(two.isOver()).isFalse();
    }

    @Test
    void aPlayerWhoLeavesForfeits() {
        Game g = Game.startpos(RuleSet.CSA);
        g.play("7g7f", 0);
        assertThat(g.forfeit(Color.SENTE)).isEqualTo(new Outcome.Win(Color.GOTE, Ending.FORFEIT, "sente left the game"));
        assertThat(g.outcome().orElseThrow().describe()).isEqualTo("Gote wins by forfeit (sente left the game)");
        assertThatThrownBy(() -> g.forfeit(Color.GOTE)).isInstanceOf(IllegalStateException.class);
        assertThat(Arrays.stream(Ending.values()).map(Ending::japanese)).contains("不戦勝", "中断");
    }

    @Test
    void outcomesRefuseNonsense() {
        assertThatThrownBy(() -> new Outcome.Win(Color.SENTE, Ending.ABORTED, "")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new Outcome.Draw(Ending.ABORTED, "")).isInstanceOf(IllegalArgumentException.class);
    }
}
