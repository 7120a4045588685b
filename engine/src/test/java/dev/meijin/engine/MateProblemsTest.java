package dev.meijin.engine;

import static org.assertj.core.api.Assertions.assertThat;

import dev.meijin.core.position.Position;
import dev.meijin.core.sfen.Sfen;
import dev.meijin.core.usi.Usi;
import dev.meijin.testdata.TestData;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@code go mate} on the short problems of the test data (computer-generated tsume of 1, 3 and 5 plies): every
 * answer is a mate whose line is legal, checks on every attacking move and ends with the defender unable to
 * move, and it is no longer than the problem's stated length.
 */
class MateProblemsTest {

    static Stream<Arguments> shortProblems() {
        return TestData.tsv("tsume/tanuki_generated.tsv").stream()
                .filter(r -> r[2].equals("1") || r[2].equals("3") || r[2].equals("5"))
                .filter(r -> isLegal(r[1])) // a few generated problems break a rule (nifu) and are left out
                .map(r -> Arguments.of(r[0], r[1], Integer.parseInt(r[2])));
    }

    private static boolean isLegal(String sfen) {
        try {
            Position.ofTsume(Sfen.parse(sfen));
            return true;
        } catch (IllegalArgumentException e) {
            return false;
        }
    }

    @Test
    void theIllegalProblemsLeftOutAreFew() {
        long all = TestData.tsv("tsume/tanuki_generated.tsv").stream().filter(r -> r[2].length() == 1 && "135".contains(r[2])).count();
        assertThat(shortProblems().count()).isGreaterThan(all - 10).isGreaterThan(800);
    }

    static Stream<Arguments> sample() {
        return shortProblems().filter(a -> ((String) a.get()[0]).hashCode() % 8 == 0);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("sample")
    void findsTheMateOfASampleOfShortProblems(String id, String sfen, int plies) throws Exception {
        check(sfen, plies);
    }

    @Tag("slow")
    @ParameterizedTest(name = "{0}")
    @MethodSource("shortProblems")
    void findsTheMateOfEveryShortProblem(String id, String sfen, int plies) throws Exception {
        check(sfen, plies);
    }

    private static void check(String sfen, int plies) throws Exception {
        try (Engine e = new Engine()) {
            e.setPosition(Sfen.parse(sfen), List.of());
            CompletableFuture<MateAnswer> answer = new CompletableFuture<>();
            e.goMate(30_000, answer::complete);
            MateAnswer a = answer.get(60, TimeUnit.SECONDS);
            assertThat(a).isInstanceOf(MateAnswer.Mate.class);
            List<String> line = ((MateAnswer.Mate) a).moves();
            assertThat(line.size()).as("length of %s", line).isOdd().isLessThanOrEqualTo(plies);
            Position p = Position.ofTsume(Sfen.parse(sfen));
            for (int i = 0; i < line.size(); i++) {
                int m = Usi.parseMove(p, line.get(i));
                if (i % 2 == 0) {
                    assertThat(p.givesCheck(m)).as("attacking move %s checks", line.get(i)).isTrue();
                }
                p.doMove(m);
            }
            assertThat(p.hasNoLegalMove()).as("defender cannot move after %s", line).isTrue();
        }
    }
}
