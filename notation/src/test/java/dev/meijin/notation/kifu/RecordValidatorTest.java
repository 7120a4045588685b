package dev.meijin.notation.kifu;

import static org.assertj.core.api.Assertions.assertThat;

import dev.meijin.core.game.Handicap;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The rules a record is judged under, from its headers. */
class RecordValidatorTest {

    /** The move limit of a record with this 最大手数 header; 0 for none. */
    private static int maxMoves(String header) {
        Kifu k = new Kifu(List.of(new Header(Headers.MAX_MOVES, header)), Start.of(Handicap.EVEN), List.of(), List.of());
        return RecordValidator.rulesFor(k).maxMoves();
    }

    @ParameterizedTest(name = "[{index}] {0}")
    @CsvSource({"300, 300", "' 256 ', 256", "-300, 0", "+300, 0", "abc, 0", "'', 0", "1234567890, 0",
        // Character.isDigit and Integer.parseInt took these for 300: a limit the record never gave.
        "３００, 0", "٣٠٠, 0"})
    void theMoveLimitIsAWholeNumberInAsciiDigits(String header, int limit) {
        assertThat(maxMoves(header)).isEqualTo(limit);
    }
}
