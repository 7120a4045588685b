package dev.meijin.engine;

import static org.assertj.core.api.Assertions.assertThat;

import dev.meijin.core.position.Setups;
import dev.meijin.core.sfen.Sfen;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Skill Level: weaker levels vary their moves but never give away what any level would keep. */
class SkillLevelTest {

    private static String play(Engine e, SearchLimits limits) {
        BestMove b = e.think(limits).bestMove();
        assertThat(b).isInstanceOf(BestMove.Play.class);
        return ((BestMove.Play) b).move();
    }

    @ParameterizedTest(name = "level {0}")
    @ValueSource(ints = {0, 5, 10})
    void lowLevelsVaryTheirChoiceInTheOpening(int level) {
        try (Engine e = new Engine()) {
            e.setOption("Skill Level", Integer.toString(level));
            e.setPosition(Setups.STARTPOS, List.of("7g7f", "3c3d"));
            Set<String> seen = new HashSet<>();
            for (int i = 0; i < 12; i++) {
                e.newGame();
                seen.add(play(e, SearchLimits.nodes(20_000)));
            }
            assertThat(seen).as("moves chosen at level %d", level).hasSizeGreaterThan(1);
        }
    }

    @ParameterizedTest(name = "level {0}")
    @ValueSource(ints = {0, 3, 10, 20})
    void everyLevelTakesAHangingRook(int level) {
        // Gote's rook on 5e is attacked by sente's bishop and defended by nothing.
        try (Engine e = new Engine()) {
            e.setOption("Skill Level", Integer.toString(level));
            e.setPosition(Sfen.parse("lnsgkgsnl/7b1/ppppppppp/9/4r4/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL b - 1"), List.of());
            for (int i = 0; i < 8; i++) {
                e.newGame();
                assertThat(play(e, SearchLimits.nodes(20_000))).as("level %d, try %d", level, i).isEqualTo("8h5e");
            }
        }
    }

    @ParameterizedTest(name = "level {0}")
    @ValueSource(ints = {0, 10})
    void everyLevelMatesInOne(int level) {
        try (Engine e = new Engine()) {
            e.setOption("Skill Level", Integer.toString(level));
            e.setPosition(Sfen.parse("6k2/9/6P2/9/9/9/9/9/9 b G2r2b3g4s4n4l17p 1"), List.of());
            for (int i = 0; i < 5; i++) {
                e.newGame();
                assertThat(play(e, SearchLimits.nodes(5_000))).isEqualTo("G*3b");
            }
        }
    }

    @ParameterizedTest(name = "level {0}")
    @ValueSource(ints = {0, 8})
    void lowLevelsSearchLessThanFullStrength(int level) {
        try (Engine weak = new Engine(); Engine full = new Engine()) {
            weak.setOption("Skill Level", Integer.toString(level));
            weak.setPosition(Setups.STARTPOS, List.of("2g2f", "8c8d"));
            full.setPosition(Setups.STARTPOS, List.of("2g2f", "8c8d"));
            SearchLimits limits = SearchLimits.nodes(300_000);
            SearchInfo.Line weakLine = weak.think(limits).line().orElseThrow();
            SearchInfo.Line fullLine = full.think(limits).line().orElseThrow();
            int weakDepth = weakLine.depth();
            int fullDepth = fullLine.depth();
            // The level's node cap (4000 nodes at level 0, doubling every second level) holds, give or take a poll interval.
            assertThat(weakLine.nodes()).isLessThanOrEqualTo((4000L << level / 2) + 1024).isLessThan(fullLine.nodes());
            assertThat(weakDepth).isLessThanOrEqualTo(1 + level * 2 / 3).isLessThan(fullDepth);
        }
    }
}
