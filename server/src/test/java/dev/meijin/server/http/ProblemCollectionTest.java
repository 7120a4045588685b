package dev.meijin.server.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.meijin.core.sfen.Sfen;
import dev.meijin.core.sfen.SfenException;
import dev.meijin.mate.Convention;
import dev.meijin.mate.MateLimits;
import dev.meijin.mate.MateSolver;
import dev.meijin.mate.Soundness;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The tsume page's bundled collection: every problem is solved by the server's solver with the length the page
 * announces and the collection's first move, sound by its judging, and problems are drawn by length.
 */
class ProblemCollectionTest {
    private final ProblemCollection collection = ProblemCollection.bundled();

    @Test
    void theCollectionHoldsTheGeneratedProblemsByLength() {
        assertThat(collection.counts()).isEqualTo(Map.of(1, 182, 3, 394, 5, 179, 7, 109, 9, 382, 11, 95));
        assertThat(collection.all()).hasSize(1341);
        ProblemCollection.Problem first = collection.byId("tanuki-1te-0001").orElseThrow();
        assertThat(first.sfen()).isEqualTo("9/7Sk/1+R7/9/9/9/9/9/9 b r2b4g3s4n4l18p 1");
        assertThat(first.plies()).isEqualTo(1);
        assertThat(first.moves()).containsExactly("8c1c");
        assertThat(first.view()).isEqualTo(Map.of("id", "tanuki-1te-0001", "sfen", first.sfen(), "plies", 1));
        assertThat(collection.byId("tanuki-5te-0040")).as("left out: shorter by the printed convention").isEmpty();
        assertThat(collection.byId("tanuki-3te-0288")).as("left out: a lance dropped on 4b mates as well as on 4c").isEmpty();
    }

    @Test
    void everyProblemIsSoundWithItsLengthAndItsFirstMoveByTheSolversJudging() {
        // Sound: the solution read exactly, no other attacker's move mating as fast along it (the last move's
        // alternatives aside), no piece left over. So the try on the tsume page, which follows the solver's line,
        // never refuses a move that mates as fast as the solution's.
        MateSolver solver = new MateSolver(32);
        List<String> failures = new ArrayList<>();
        for (ProblemCollection.Problem p : collection.all()) {
            Optional<Soundness> s = solver.check(Sfen.problem(p.sfen()), MateLimits.ofNodes(2_000_000), Convention.TSUME);
            if (s.isEmpty() || s.get().verdict() != Soundness.Verdict.SOUND || s.get().mate().plies() != p.plies()
                    || !s.get().mate().moves().getFirst().usi().equals(p.moves().getFirst())) {
                failures.add(p.id() + ": " + s.map(x -> x.verdict() + " " + x.mate() + " " + x.cooks()).orElse(String.valueOf(solver.lastResult())));
            }
        }
        assertThat(failures).isEmpty();
    }

    @Test
    void aProblemIsDrawnAtRandomOfTheLengthAskedForAndNotTheOneJustSolved() {
        SplittableRandom random = new SplittableRandom(7);
        Set<String> seen = new HashSet<>();
        for (int i = 0; i < 200; i++) {
            ProblemCollection.Problem p = collection.random(11, "tanuki-11te-0002", random).orElseThrow();
            assertThat(p.plies()).isEqualTo(11);
            assertThat(p.id()).isNotEqualTo("tanuki-11te-0002");
            seen.add(p.id());
        }
        assertThat(seen).as("200 draws among 94").hasSizeGreaterThan(60);
        assertThat(collection.byId("tanuki-11te-0002")).as("the one left out is there").isPresent();
        assertThat(collection.random(2, null, random)).as("no problem of 2 plies").isEmpty();
    }

    @Test
    void aBadRowIsRefusedWithItsLine() {
        assertThatThrownBy(() -> ProblemCollection.parse("id\tsfen\tplies\tmoves\nx\t9/9 b - 1\t1\n"))
                .hasMessage("/tsume/tanuki.tsv line 2: expected 4 fields, not 3");
        assertThatThrownBy(() -> ProblemCollection.parse("id\tsfen\tplies\tmoves\nx\t9/9 b - 1\t1\t1a1b\n"))
                .isInstanceOf(SfenException.class);
    }
}
