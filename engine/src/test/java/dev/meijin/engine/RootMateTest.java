package dev.meijin.engine;

import static org.assertj.core.api.Assertions.assertThat;

import dev.meijin.core.position.GenType;
import dev.meijin.core.position.Position;
import dev.meijin.core.sfen.Sfen;
import dev.meijin.core.usi.Usi;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The mate solver's search at the root of a timed search: it answers with a mate that the alpha-beta does not
 * see at depth 1, reports it as a mate score, and its moves, one search per move, mate the defender.
 */
class RootMateTest {
    /** antma-068 of the test data: mate in 9, no shorter. */
    private static final String MATE_IN_9 = "ln7/1k1+P5/1pp1S4/p8/9/2P6/9/9/9 b BGN2rbg2s2n3l13p 1";

    @Test
    void aTimedSearchAnswersWithTheFirstMoveOfAMateAndItsScore() {
        try (Engine e = new Engine()) {
            e.setPosition(Sfen.parse(MATE_IN_9), List.of());
            Engine.SearchResult r = e.think(SearchLimits.movetime(2000));
            SearchInfo.Line line = r.line().orElseThrow();
            assertThat(line.depth()).as("the root mate search's line").isEqualTo(1);
            assertThat(line.score()).isInstanceOf(Score.Mate.class);
            int plies = ((Score.Mate) line.score()).plies();
            assertThat(plies).as("a stored proof's length: odd, and no mate is shorter than 9").isOdd().isGreaterThanOrEqualTo(9);
            assertThat(r.bestMove()).isEqualTo(new BestMove.Play(line.pv().getFirst(), java.util.Optional.empty()));
            Position p = Position.ofTsume(Sfen.parse(MATE_IN_9));
            assertThat(p.givesCheck(Usi.parseMove(p, line.pv().getFirst()))).isTrue();
        }
    }

    @Test
    void switchedOffTheAlphaBetaAnswers() {
        try (Engine e = new Engine()) {
            e.setOption("DisableSearchFeature", "RootMate");
            e.setPosition(Sfen.parse(MATE_IN_9), List.of());
            SearchInfo.Line line = e.think(SearchLimits.movetime(300)).line().orElseThrow();
            assertThat(line.depth()).as("iterative deepening went past depth 1").isGreaterThan(1);
        }
    }

    @Test
    void aSearchAtFixedDepthDoesNotAskTheMateSolver() {
        try (Engine e = new Engine()) {
            e.setPosition(Sfen.parse(MATE_IN_9), List.of());
            SearchInfo.Line line = e.think(SearchLimits.depth(2)).line().orElseThrow();
            assertThat(line.depth()).isEqualTo(2);
        }
    }

    /**
     * The engine plays one timed search per move against every defence in turn (the defender's first, last and a
     * middle reply at each move): the mate comes within the length the first search reported, so the proof kept in
     * the solver's table carries from one move to the next instead of wandering.
     */
    @Test
    void searchMoveBySearchMoveMatesWithinTheFirstReportedLength() {
        for (int pick = 0; pick < 3; pick++) {
            try (Engine e = new Engine()) {
                List<String> moves = new ArrayList<>();
                Position p = Position.ofTsume(Sfen.parse(MATE_IN_9));
                int first = 0;
                while (!p.hasNoLegalMove()) {
                    assertThat(moves.size()).as("plies played after a mate in %d was reported", first).isLessThan(Math.max(first, 9));
                    e.setPosition(Sfen.parse(MATE_IN_9), moves);
                    Engine.SearchResult r = e.think(SearchLimits.movetime(2000));
                    SearchInfo.Line line = r.line().orElseThrow();
                    assertThat(line.score()).as("after %s", moves).isInstanceOf(Score.Mate.class);
                    if (first == 0) {
                        first = ((Score.Mate) line.score()).plies();
                    }
                    String move = ((BestMove.Play) r.bestMove()).move();
                    p.doMove(Usi.parseMove(p, move));
                    moves.add(move);
                    int[] replies = new int[Position.MAX_MOVES];
                    int n = p.generate(GenType.LEGAL, replies, 0);
                    if (n == 0) {
                        break;
                    }
                    int reply = replies[pick == 0 ? 0 : pick == 1 ? n - 1 : n / 2];
                    moves.add(dev.meijin.core.Move.usi(reply));
                    p.doMove(reply);
                }
                assertThat(p.isCheckmate()).as("line %s", moves).isTrue();
                assertThat(moves.size()).isLessThanOrEqualTo(first);
            }
        }
    }
}
