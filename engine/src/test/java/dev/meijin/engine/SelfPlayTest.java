package dev.meijin.engine;

import static org.assertj.core.api.Assertions.assertThat;

import dev.meijin.core.Color;
import dev.meijin.core.game.Game;
import dev.meijin.core.game.MoveResult;
import dev.meijin.core.game.RuleSet;
import dev.meijin.core.position.Setups;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Fast self-play: node-limited games from random openings, every move checked by the core {@link Game} rules.
 * No game may see an illegal move, an exception or a search that gives no answer.
 */
class SelfPlayTest {

    @ParameterizedTest(name = "seed {0}")
    @ValueSource(longs = {1, 2, 3, 4, 5, 6, 7, 8})
    void nodeLimitedGamesAreLegalToTheEnd(long seed) {
        Random random = new Random(seed);
        Map<Color, Engine> engines = new EnumMap<>(Color.class);
        engines.put(Color.SENTE, new Engine());
        engines.put(Color.GOTE, new Engine());
        for (int g = 0; g < 4; g++) {
            Game game = Game.startpos(RuleSet.CSA);
            List<String> moves = new ArrayList<>();
            // A random opening of 4 to 8 plies.
            int opening = 4 + random.nextInt(5);
            for (int i = 0; i < opening && !game.isOver(); i++) {
                int[] legal = game.position().legalMoves();
                String m = dev.meijin.core.Move.usi(legal[random.nextInt(legal.length)]);
                assertThat(game.play(m)).isInstanceOf(MoveResult.Applied.class);
                moves.add(m);
            }
            while (!game.isOver()) {
                Engine e = engines.get(game.turn());
                e.setPosition(Setups.STARTPOS, moves);
                BestMove b = e.think(SearchLimits.nodes(1500 + random.nextInt(1500))).bestMove();
                if (b instanceof BestMove.Play p) {
                    MoveResult r = game.play(p.move());
                    assertThat(r).as("move %s after %s", p.move(), moves).isInstanceOf(MoveResult.Applied.class);
                    moves.add(p.move());
                } else if (b instanceof BestMove.Win) {
                    assertThat(game.declarationFailure()).as("declaration after %s", moves).isEmpty();
                    game.declare();
                } else {
                    assertThat(game.position().hasNoLegalMove()).as("resigned with legal moves after %s", moves).isTrue();
                    break;
                }
            }
            assertThat(moves.size()).isGreaterThan(opening);
        }
        engines.values().forEach(Engine::close);
    }
}
