package dev.meijin.engine;

import static org.assertj.core.api.Assertions.assertThat;

import dev.meijin.core.position.Setups;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Each search feature can be switched off for an ablation match, and switching it off changes the search. */
class SearchFeatureTest {
    // Three positions of the bench: fourteen moves into a Static Rook game, a middle game with threats on both
    // sides, and a game of bishop drops (every feature acts in one of them).
    private static final List<List<String>> GAMES = List.of(
            List.of("7g7f", "3c3d", "2g2f", "8c8d", "2f2e", "4a3b", "6i7h", "8d8e", "8h7g", "7a6b", "3i4h", "6c6d", "7i6h", "6b6c"),
            List.of(("7g7f 4a3b 6i7h 5a4a 4i4h 8c8d 2g2f 8d8e 8h7g 3a4b 7i6h 7a7b 2f2e 8e8f 7g8f 3c3d 8f7g 4b3c 2h2f 7c7d"
                    + " 2f5f 2b3a 5f2f 1c1d 2e2d 2c2d P*2e 5c5d 2e2d 3a5c 2f2e P*2b 1g1f 6a5b 1f1e 1d1e 1i1e P*1d 1e1d 1a1d"
                    + " P*1e L*2f 1e1d 9c9d L*2h 2f2h+ 3i2h L*8c").split(" ")),
            // a bishop exchange with drops into both camps, where mates in one turn up in the tree
            List.of(("2g2f 3c3d 7g7f 8c8d 8h2b+ 3a2b 7i8h 8d8e 6i6h 8e8f 6h7g 8f8g+ 8h8g B*5e 7g7h 5e3g+ 5i5h 3g5e 1g1f"
                    + " 5e9i P*8h 9i8i B*7g L*7d 6g6f P*8f 8g8f 7d7f 5h6g 7f7g+ 6g7g 6c6d L*6g 8b8d 8h8g B*5e 2h1h 8i9i"
                    + " 7g7f 8d7d 7f8e P*8d 8e9f 9c9d 7h8h 9d9e 8f9e 7d7f").split(" ")));

    private static long nodes(String disabled) {
        return nodes(disabled, 10);
    }

    private static long nodes(String disabled, int depth) {
        long n = 0;
        for (List<String> moves : GAMES) {
            try (Engine e = new Engine()) {
                e.setOption("USI_Hash", "16");
                e.setOption("DisableSearchFeature", disabled);
                e.setPosition(Setups.STARTPOS, moves);
                n += e.think(SearchLimits.depth(depth)).line().orElseThrow().nodes();
            }
        }
        return n;
    }

    @Test
    void everyFeatureSwitchedOffChangesTheTreeAndNoneKeepsIt() {
        long full = nodes(SearchFeature.NONE);
        assertThat(nodes("none")).as("the default, named").isEqualTo(full);
        Map<SearchFeature, Long> without = new HashMap<>();
        for (SearchFeature f : SearchFeature.values()) {
            if (f == SearchFeature.ROOT_MATE) {
                continue; // only timed searches ask the mate solver (RootMateTest)
            }
            long n = nodes(f.usiName());
            assertThat(n).as("nodes without %s", f.usiName()).isNotEqualTo(full);
            without.put(f, n);
        }
        // Pruning and reductions make the tree smaller: without them the same depth needs more nodes. Null-move
        // pruning's saving in these tactical positions depends on the depth: summed over the three, with it and
        // without, depth 9 needs 54 072 and 77 308 nodes, depth 10 101 363 and 127 096, depth 12 517 893 and 450 554,
        // depth 14 1 089 182 and 2 191 038.
        for (SearchFeature f : List.of(SearchFeature.LATE_MOVE_REDUCTIONS, SearchFeature.SHALLOW_PRUNING, SearchFeature.NULL_MOVE)) {
            assertThat(without.get(f)).as("nodes without %s", f.usiName()).isGreaterThan(full);
        }
    }

    @Test
    void optionValuesAreReadWithoutRegardToCase() {
        assertThat(SearchFeature.ofUsi("nullmove")).isEqualTo(SearchFeature.NULL_MOVE);
        assertThat(SearchFeature.ofUsi("NONE")).isNull();
    }
}
