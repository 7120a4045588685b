package dev.meijin.notation.encoding;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.meijin.notation.kifu.KifuException;
import dev.meijin.notation.kifu.Problem;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class TextEncoderTest {

    @Test
    void shiftJisRoundTrips() {
        String text = "#KIF version=2.0 encoding=Shift_JIS\n先手：羽生善治\n   1 ７六歩(77)\n";

        byte[] bytes = TextEncoder.encode(text, false);

        assertThat(new String(bytes, TextDecoder.SHIFT_JIS)).isEqualTo(text);
        assertThat(TextDecoder.decode(bytes).charset()).isEqualTo(TextDecoder.SHIFT_JIS);
    }

    @Test
    void utf8HasNoByteOrderMark() {
        byte[] bytes = TextEncoder.encode("先手", true);

        assertThat(bytes).isEqualTo("先手".getBytes(StandardCharsets.UTF_8));
    }

    @Test
    void aCharacterShiftJisCannotHoldIsAnErrorNamingItsLineAndColumn() {
        String text = "先手：羽生\n*森雞二九段\n";

        KifuException e = catchThrowableOfType(KifuException.class, () -> TextEncoder.encode(text, false));

        assertThat(e.problem()).isEqualTo(new Problem(Problem.Kind.CANNOT_ENCODE, 2, 3, 0, "character \"雞\" (U+96DE) cannot be written in Shift_JIS", "雞"));
        assertThat(TextEncoder.canEncode(text, TextDecoder.SHIFT_JIS)).isFalse();
        assertThat(TextEncoder.canEncode(text, StandardCharsets.UTF_8)).isTrue();
    }

    @Test
    void unencodableCharactersCanBeReplaced() {
        assertThat(TextEncoder.replaceUnencodable("a😀b雞c", TextDecoder.SHIFT_JIS, "?")).isEqualTo("a?b?c");
        assertThat(TextEncoder.replaceUnencodable("先手", TextDecoder.SHIFT_JIS, "?")).isEqualTo("先手");
    }
}
