package dev.meijin.server.http;

import static org.assertj.core.api.Assertions.assertThat;

import dev.meijin.notation.Formats;
import dev.meijin.notation.encoding.TextDecoder;
import dev.meijin.notation.kifu.ReadResult;
import dev.meijin.server.round.RefusedException;
import dev.meijin.testdata.TestData;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Every game record of the test data (KIF, KI2, CSA and JKF from many programs and sites), pasted as text: a
 * record the notation layer reads without a problem is taken whole, its main line move for move, and nothing
 * else is refused for a record that has moves.
 */
class PastedRecordTest {

    @Test
    void everyRecordOfTheTestDataThatReadsCleanlyIsTakenWholeAndTheOthersUpToTheirFirstProblem() {
        List<String> files = Stream.of("kif", "ki2", "csa", "jkf").flatMap(f -> TestData.list(f).stream()).toList();
        int whole = 0;
        int partial = 0;
        List<String> refused = new ArrayList<>();
        for (String f : files) {
            String text = TextDecoder.decode(TestData.bytes(f)).text();
            ReadResult r = Formats.read(text, Optional.empty());
            List<Integer> line = r.kifu().mainLine();
            PastedRecord p;
            try {
                p = PastedRecord.read(text);
            } catch (RefusedException e) {
                refused.add(f + ": " + e.getMessage());
                continue;
            }
            assertThat(line.subList(0, p.moves().size())).as("%s: the main line as read, or its beginning", f).isEqualTo(p.moves());
            if (r.problems().isEmpty()) {
                assertThat(p.moves()).as(f).isEqualTo(line);
                assertThat(p.warnings()).as(f).isEmpty();
                whole++;
            } else {
                assertThat(p.warnings()).as(f).isNotEmpty();
                partial++;
            }
        }
        assertThat(whole).as("records taken whole of %d (refused: %s)", files.size(), refused).isGreaterThan(files.size() * 3 / 4);
        assertThat(whole + partial + refused.size()).isEqualTo(files.size());
        // Every refusal names a problem in the start, the first move, or a start the engine cannot search.
        assertThat(refused).allSatisfy(r -> assertThat(r).containsAnyOf("ply 1:", "line 1,", "line 1:", "cannot analyse the start", "line 3:",
                "line 6,", "line 3,", "$schema"));

        // A real game whose board diagram has a stray character: the reader takes the board and goes on, and so
        // is the whole game taken, with the board line as a warning.
        String stray = TextDecoder.decode(TestData.bytes("csa/mog-core-scala/002.csa")).text();
        PastedRecord withStray = PastedRecord.read(stray);
        assertThat(withStray.moves()).hasSize(258).isEqualTo(Formats.read(stray, Optional.empty()).kifu().mainLine());
        assertThat(withStray.warnings()).as("the first board lines with a stray character, at most five")
                .hasSize(PastedRecord.MAX_WARNINGS)
                .startsWith("line 5, column 29: unexpected \".\" after the 9 squares of board row P2; ignored; the moves after it are read");
        System.out.printf("%d records: %d whole, %d up to a problem, %d refused%n", files.size(), whole, partial, refused.size());
        refused.forEach(System.out::println);
    }
}
