package dev.meijin.engine;

import static org.assertj.core.api.Assertions.assertThat;

import dev.meijin.core.position.Position;
import dev.meijin.core.position.Setups;
import dev.meijin.core.sfen.Sfen;
import dev.meijin.core.usi.Usi;
import java.util.List;
import org.junit.jupiter.api.Test;

class EngineTest {

    @Test
    void searchesTheStartPositionToAFixedDepthAndReturnsALegalMove() {
        try (Engine engine = new Engine()) {
            engine.setPosition(Setups.STARTPOS, List.of());
            Engine.SearchResult r = engine.think(SearchLimits.depth(5));
            assertThat(r.bestMove()).isInstanceOf(BestMove.Play.class);
            String move = ((BestMove.Play) r.bestMove()).move();
            Position p = Position.startpos();
            Usi.parseMove(p, move); // throws if illegal
            assertThat(r.line()).isPresent();
            assertThat(r.line().get().depth()).isEqualTo(5);
        }
    }

    @Test
    void findsAMateInOne() {
        try (Engine engine = new Engine()) {
            engine.setPosition(Sfen.parse("6k2/9/6P2/9/9/9/9/9/9 b G2r2b3g4s4n4l17p 1"), List.of());
            Engine.SearchResult r = engine.think(SearchLimits.depth(3));
            assertThat(((BestMove.Play) r.bestMove()).move()).isEqualTo("G*3b");
            assertThat(r.line().get().score()).isEqualTo(new Score.Mate(1));
        }
    }
}
