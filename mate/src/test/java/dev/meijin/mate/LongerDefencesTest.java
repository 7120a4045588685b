package dev.meijin.mate;

import static org.assertj.core.api.Assertions.assertThat;

import dev.meijin.core.position.GenType;
import dev.meijin.core.position.Position;
import dev.meijin.core.usi.Usi;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Where the solver's longest defence in an Edo classic is longer than the published line (変長), an independent
 * minimax confirms it: a plain search over every check and every legal reply, with none of the df-pn's tables,
 * thresholds or conventions, finds no mate within the plies the publication leaves after the defence, and finds
 * the mate the solver reads, of the same length. Under the rules alone (every reply counts), so the df-pn is
 * asked under {@link Convention#STRICT} as well.
 */
class LongerDefencesTest {

    /**
     * Problem, the published line up to the defence the publication leaves out, that defence, the plies the
     * publication gives after it, the plies the mate after it takes (the df-pn's strict length), and the bound up
     * to which the minimax checks every odd number of plies (the whole way where that is cheap; for 図巧50, whose
     * minimax to 17 plies takes 42 M positions, far enough to refute the publication).
     */
    @ParameterizedTest(name = "{0}: after {2}, no mate within {3}, mate in {4}")
    @CsvSource(delimiter = '|', textBlock = """
            zukou-007 | S*8b 7a8b N*7d 8b8c S*9d | 8c9d | 7 | 9  | 9
            zukou-013 | R*8a 8b8a S*9b 8a8b 6a7b+ 7a7b S*7c 8b7c 5e6d 6e6d P*7d | 7c8d | 5 | 11 | 11
            zukou-050 | B*4e | 3e4e | 7 | 19 | 9
            """)
    void theDefenceThePublicationLeavesOutLastsLongerByAnIndependentMinimax(String id, String line, String defence,
            int published, int mate, int checkedTo) {
        Problems.Row row = Problems.table("edo_classics.tsv").stream().filter(r -> r.id().equals(id)).findFirst().orElseThrow();
        Position p = row.position();
        for (String m : (line + " " + defence).split(" ")) {
            p.doMove(Usi.parseMove(p, m));
        }
        assertThat(row.usiMoves()).as("the publication plays another reply there").startsWith(line + " ")
                .doesNotStartWith(line + " " + defence);
        assertThat(checkedTo).isGreaterThan(published);
        for (int plies = 1; plies <= checkedTo; plies += 2) {
            assertThat(matesWithin(p, plies)).as("a mate within %d plies", plies).isEqualTo(plies >= mate);
        }

        MateResult r = new MateSolver(16).solve(p.copy(), MateLimits.ofNodes(2_000_000), Convention.STRICT);
        assertThat(r).isInstanceOfSatisfying(MateResult.Mate.class, m -> {
            assertThat(m.plies()).as("the df-pn's length").isEqualTo(mate);
            assertThat(m.exact()).isTrue();
        });
    }

    /** Whether the attacker, to move, mates within {@code plies} (odd) plies whatever the defender replies. */
    private static boolean matesWithin(Position p, int plies) {
        int[] checks = new int[Position.MAX_MOVES];
        int n = p.generate(GenType.CHECKS_ALL, checks, 0);
        for (int i = 0; i < n; i++) {
            p.doMove(checks[i]);
            boolean mated = mated(p, plies - 1);
            p.undoMove();
            if (mated) {
                return true;
            }
        }
        return false;
    }

    /** Whether the defender, to move and in check, is mated within {@code plies} (even) plies. */
    private static boolean mated(Position p, int plies) {
        int[] replies = new int[Position.MAX_MOVES];
        int n = p.generate(GenType.EVASIONS_ALL, replies, 0);
        if (n == 0) {
            return true;
        }
        if (plies == 0) {
            return false;
        }
        for (int i = 0; i < n; i++) {
            p.doMove(replies[i]);
            boolean mates = matesWithin(p, plies - 1);
            p.undoMove();
            if (!mates) {
                return false;
            }
        }
        return true;
    }
}
