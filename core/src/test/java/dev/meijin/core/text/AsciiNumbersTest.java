package dev.meijin.core.text;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/** {@link AsciiNumbers}: what {@link Long#parseLong} reads, less the digits that are not ASCII. */
class AsciiNumbersTest {

    @ParameterizedTest(name = "[{index}] {0}")
    @CsvSource({"0, 0", "007, 7", "+12, 12", "-12, -12", "9223372036854775807, 9223372036854775807",
        "-9223372036854775808, -9223372036854775808"})
    void asciiNumbersReadAsLongParseLongReadsThem(String text, long value) {
        assertThat(AsciiNumbers.parseLong(text)).isEqualTo(value).isEqualTo(Long.parseLong(text));
    }

    /** Each of these but the plain mistakes is a number to {@link Long#parseLong}. */
    @ParameterizedTest(name = "[{index}] {0}")
    @ValueSource(strings = {"１０００", "١٠٠٠", "۱۲", "१२", "-１", "+١", "1２", "", "+", "-", " 1", "1 ", "0x1", "1_000"})
    void otherDigitsAreNoNumber(String text) {
        assertThatThrownBy(() -> AsciiNumbers.parseLong(text)).isInstanceOf(NumberFormatException.class)
                .hasMessage("\"" + text + "\" is not a whole number in ASCII digits");
        assertThatThrownBy(() -> AsciiNumbers.parseInt(text)).isInstanceOf(NumberFormatException.class)
                .hasMessage("\"" + text + "\" is not a whole number in ASCII digits");
        assertThat(AsciiNumbers.isDigits(text)).isFalse();
    }

    @ParameterizedTest(name = "[{index}] {0}")
    @CsvSource({"１０００, 1000", "١٠٠٠, 1000", "-١, -1"})
    void theJdkReadsOtherDigits(String text, long value) {
        // Why the class exists: Long.parseLong takes any Unicode decimal digit.
        assertThat(Long.parseLong(text)).isEqualTo(value);
    }

    @ParameterizedTest(name = "[{index}] {0}")
    @ValueSource(strings = {"2147483648", "-2147483649"})
    void anIntOutOfRangeIsNoInt(String text) {
        assertThat(AsciiNumbers.parseLong(text)).isEqualTo(Long.parseLong(text));
        assertThatThrownBy(() -> AsciiNumbers.parseInt(text)).isInstanceOf(NumberFormatException.class);
    }

    @ParameterizedTest(name = "[{index}] {0}")
    @CsvSource({"0, true", "0123456789, true", "+1, false", "-1, false", "１, false", "'', false"})
    void isDigitsTakesAsciiDigitsOnly(String text, boolean digits) {
        assertThat(AsciiNumbers.isDigits(text)).isEqualTo(digits);
    }

    @Test
    void nullIsNoNumber() {
        assertThatThrownBy(() -> AsciiNumbers.parseLong(null)).isInstanceOf(NumberFormatException.class).hasMessage("no number given");
        assertThat(AsciiNumbers.isDigits(null)).isFalse();
    }
}
