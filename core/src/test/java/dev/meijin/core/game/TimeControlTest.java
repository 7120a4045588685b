package dev.meijin.core.game;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class TimeControlTest {

    private static Duration s(double seconds) {
        return Duration.ofMillis(Math.round(seconds * 1000));
    }

    @Test
    void factoriesFillTheParts() {
        assertThat(TimeControl.suddenDeath(s(600))).isEqualTo(new TimeControl(s(600), Duration.ZERO, 0, Duration.ZERO));
        assertThat(TimeControl.byoyomi(s(600), s(30))).isEqualTo(new TimeControl(s(600), s(30), 1, Duration.ZERO));
        assertThat(TimeControl.byoyomi(Duration.ZERO, s(30), 3)).isEqualTo(new TimeControl(Duration.ZERO, s(30), 3, Duration.ZERO));
        assertThat(TimeControl.fischer(s(300), s(10))).isEqualTo(new TimeControl(s(300), Duration.ZERO, 0, s(10)));
    }

    @Test
    void everythingZeroIsUnlimited() {
        assertThat(new TimeControl(Duration.ZERO, Duration.ZERO, 0, Duration.ZERO)).isEqualTo(TimeControl.UNLIMITED);
        assertThat(TimeControl.UNLIMITED.isUnlimited()).isTrue();
        assertThat(TimeControl.UNLIMITED.hasByoyomi()).isFalse();
        assertThat(TimeControl.byoyomi(Duration.ZERO, s(30)).isUnlimited()).isFalse();
    }

    @Test
    void negativeDurationsAreRejected() {
        assertThatThrownBy(() -> new TimeControl(s(-1), Duration.ZERO, 0, Duration.ZERO))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("main time").hasMessageContaining("negative");
        assertThatThrownBy(() -> TimeControl.byoyomi(s(600), s(-30)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("byoyomi").hasMessageContaining("negative");
        assertThatThrownBy(() -> TimeControl.fischer(s(600), s(-5)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("increment").hasMessageContaining("negative");
        assertThatThrownBy(() -> new TimeControl(null, Duration.ZERO, 0, Duration.ZERO))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("main time is required");
    }

    @Test
    void byoyomiNeedsAtLeastOnePeriodAndPeriodsNeedByoyomi() {
        assertThatThrownBy(() -> TimeControl.byoyomi(s(600), s(30), 0))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("byoyomi of 30 s needs at least 1 period, got 0");
        assertThatThrownBy(() -> new TimeControl(s(600), Duration.ZERO, 3, Duration.ZERO))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("without byoyomi");
        assertThatThrownBy(() -> TimeControl.byoyomi(s(600), Duration.ZERO))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("byoyomi must be positive");
    }

    @Test
    void degenerateControlsAreRejected() {
        assertThatThrownBy(() -> TimeControl.suddenDeath(Duration.ZERO))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("must be positive");
        assertThatThrownBy(() -> new TimeControl(Duration.ZERO, Duration.ZERO, 0, s(10)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("first move would lose on time");
    }

    @Test
    void describesInEnglishAndJapanese() {
        assertThat(TimeControl.byoyomi(s(600), s(30)).describe()).isEqualTo("10 min + 30 s byoyomi");
        assertThat(TimeControl.byoyomi(s(600), s(30), 3).describe()).isEqualTo("10 min + 3 × 30 s byoyomi");
        assertThat(TimeControl.byoyomi(Duration.ZERO, s(10)).describe()).isEqualTo("10 s byoyomi");
        assertThat(TimeControl.suddenDeath(s(5400)).describe()).isEqualTo("1 h 30 min sudden death");
        assertThat(TimeControl.fischer(s(300), s(2.5)).describe()).isEqualTo("5 min + 2.5 s increment");
        assertThat(new TimeControl(s(90), s(30), 1, s(5)).describe()).isEqualTo("1 min 30 s + 30 s byoyomi + 5 s increment");
        assertThat(TimeControl.UNLIMITED.describe()).isEqualTo("no time limit");

        assertThat(TimeControl.byoyomi(s(600), s(30)).describeJapanese()).isEqualTo("10分 秒読み30秒");
        assertThat(TimeControl.byoyomi(s(600), s(30), 3).describeJapanese()).isEqualTo("10分 秒読み30秒×3回");
        assertThat(TimeControl.suddenDeath(s(900)).describeJapanese()).isEqualTo("15分 切れ負け");
        assertThat(TimeControl.fischer(s(3600), s(10)).describeJapanese()).isEqualTo("1時間 加算10秒");
        assertThat(TimeControl.UNLIMITED.describeJapanese()).isEqualTo("時間無制限");
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', textBlock = """
            $TIME:600+10+0      | 600   | 10  | 1 | 0
            600+10+0            | 600   | 10  | 1 | 0
            $TIME:300+0+10      | 300   | 0   | 0 | 10
            $TIME:0+30+0        | 0     | 30  | 1 | 0
            ' $TIME:900+0+0 '   | 900   | 0   | 0 | 0
            $TIME:120.5+0+2.25  | 120.5 | 0   | 0 | 2.25
            $TIME:0+0+0         | 0     | 0   | 0 | 0
            """)
    void parsesCsaTime(String text, double main, double byoyomi, int periods, double increment) {
        assertThat(TimeControl.parseCsa(text)).isEqualTo(new TimeControl(s(main), s(byoyomi), periods, s(increment)));
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "$TIME:", "600+10", "600+10+0+0", "$TIME:600+10+", "-600+10+0", "600+1e1+0",
            "$TIME:600+10+0.0001", "TIME:600+10+0", "$TIME_LIMIT:00:25+00", "600 + 10 + 0", "abc+0+0", "9999999999+0+0"})
    void rejectsMalformedCsaTime(String text) {
        assertThatThrownBy(() -> TimeControl.parseCsa(text))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("CSA time \"" + text + "\"");
    }

    @Test
    void rejectsCsaTimeThatIsNoValidControl() {
        assertThatThrownBy(() -> TimeControl.parseCsa("$TIME:0+0+10"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("$TIME:0+0+10").hasMessageContaining("first move would lose on time");
        assertThatThrownBy(() -> TimeControl.parseCsa(null)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void writesCsaTimeThatReadsBack() {
        for (TimeControl tc : new TimeControl[] {TimeControl.byoyomi(s(600), s(10)), TimeControl.fischer(s(300), s(2.5)),
                TimeControl.UNLIMITED, new TimeControl(s(60), s(5), 1, s(1))}) {
            assertThat(TimeControl.parseCsa(tc.toCsa())).isEqualTo(tc);
        }
        assertThat(TimeControl.byoyomi(s(600), s(10)).toCsa()).isEqualTo("$TIME:600+10+0");
        assertThatThrownBy(() -> TimeControl.byoyomi(s(600), s(30), 3).toCsa())
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("single byoyomi period");
    }
}
