package dev.meijin.engine.eval;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.StringReader;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/** Reading a weight file ({@code EvalFile}). */
class WeightsTest {

    @Test
    void aValueIsReadOverTheBase() throws IOException {
        Weights w = Weights.read(new StringReader("# comment\nboard.pawn 123\n"), Weights.tuned());

        int pawn = IntStream.range(0, Features.COUNT).filter(i -> Features.name(i).equals("board.pawn")).findFirst().orElseThrow();
        assertThat(w.get(pawn)).isEqualTo(123);
    }

    @Test
    void aValueInDigitsThatAreNotAsciiIsRefusedWithItsLine() {
        // Integer.parseInt reads full-width ９０ as 90.
        assertThatThrownBy(() -> Weights.read(new StringReader("# comment\nboard.pawn ９０\n"), Weights.tuned()))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("weights line 2: \"９０\" is not a whole number");
        assertThatThrownBy(() -> Weights.read(new StringReader("board.pawn -٩٠\n"), Weights.tuned()))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("weights line 1: \"-٩٠\" is not a whole number");
    }
}
