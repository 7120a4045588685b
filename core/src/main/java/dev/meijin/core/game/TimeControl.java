package dev.meijin.core.game;

import java.math.BigDecimal;
import java.time.Duration;
import java.util.regex.Pattern;

/**
 * How much time each player has: main time (持ち時間), then byoyomi (秒読み) periods, plus a Fischer
 * increment added after every move made in time. Any part may be zero.
 *
 * <p>Byoyomi starts when main time is spent. A move made within the current period keeps it (the next move
 * again has the whole period); a period used up completely is lost and the next one starts. Classical
 * byoyomi has one period, so using it up loses; online servers often give several (3 × 30 s). With no
 * byoyomi the game is sudden death (切れ負け): spending main time loses.
 *
 * <p>Everything zero is {@link #UNLIMITED}, a game without a time limit; it is the only control with neither
 * main time nor byoyomi. An increment alone is rejected, since the first move could never be made in time.
 *
 * {@snippet :
 * TimeControl online = TimeControl.byoyomi(Duration.ofMinutes(10), Duration.ofSeconds(30), 3);
 * online.describe();                          // "10 min + 3 × 30 s byoyomi"
 * TimeControl csa = TimeControl.parseCsa("$TIME:600+10+0");
 * }
 *
 * @param main main time; zero for byoyomi from the first move
 * @param byoyomi the time for each move once main time is spent; zero for none
 * @param periods how many byoyomi periods each player has: at least 1 with byoyomi, 0 without
 * @param increment the Fischer increment added to main time after each move made in time; zero for none
 */
public record TimeControl(Duration main, Duration byoyomi, int periods, Duration increment) {

    /** No time limit: nobody ever loses on time. */
    public static final TimeControl UNLIMITED = new TimeControl(Duration.ZERO, Duration.ZERO, 0, Duration.ZERO);

    private static final Pattern CSA_SECONDS = Pattern.compile("\\d{1,9}(\\.\\d{1,3})?");

    /**
     * Validates the parts.
     *
     * @throws IllegalArgumentException if a duration is missing or negative, if byoyomi has fewer than one
     *     period or periods are given without byoyomi, or if there is an increment but neither main time
     *     nor byoyomi
     */
    public TimeControl {
        requireNonNegative("main time", main);
        requireNonNegative("byoyomi", byoyomi);
        requireNonNegative("increment", increment);
        if (byoyomi.isPositive() && periods < 1) {
            throw new IllegalArgumentException("byoyomi of " + english(byoyomi) + " needs at least 1 period, got " + periods);
        }
        if (byoyomi.isZero() && periods != 0) {
            throw new IllegalArgumentException(periods + " byoyomi periods given without byoyomi (use 0)");
        }
        if (main.isZero() && byoyomi.isZero() && increment.isPositive()) {
            throw new IllegalArgumentException("an increment of " + english(increment)
                    + " without main time or byoyomi: the first move would lose on time");
        }
    }

    private static void requireNonNegative(String what, Duration d) {
        if (d == null) {
            throw new IllegalArgumentException(what + " is required (use Duration.ZERO for none)");
        }
        if (d.isNegative()) {
            throw new IllegalArgumentException(what + " " + d + " is negative");
        }
    }

    /**
     * Sudden death (切れ負け): the game is lost when main time is spent.
     *
     * {@snippet :
     * TimeControl.suddenDeath(Duration.ofMinutes(10)).describe(); // "10 min sudden death"
     * }
     *
     * @throws IllegalArgumentException if {@code main} is not positive
     */
    public static TimeControl suddenDeath(Duration main) {
        requirePositive("sudden-death main time", main);
        return new TimeControl(main, Duration.ZERO, 0, Duration.ZERO);
    }

    /**
     * Classical byoyomi: main time, then one period of {@code perMove} for every move.
     *
     * {@snippet :
     * TimeControl.byoyomi(Duration.ofMinutes(10), Duration.ofSeconds(30)).describe(); // "10 min + 30 s byoyomi"
     * }
     *
     * @throws IllegalArgumentException if {@code main} is negative or {@code perMove} is not positive
     */
    public static TimeControl byoyomi(Duration main, Duration perMove) {
        return byoyomi(main, perMove, 1);
    }

    /**
     * Byoyomi with several periods: a move that uses up a period loses it and goes on in the next.
     *
     * {@snippet :
     * TimeControl.byoyomi(Duration.ZERO, Duration.ofSeconds(30), 3).describe(); // "3 × 30 s byoyomi"
     * }
     *
     * @throws IllegalArgumentException if {@code main} is negative, {@code perMove} is not positive or
     *     {@code periods} is less than 1
     */
    public static TimeControl byoyomi(Duration main, Duration perMove, int periods) {
        requirePositive("byoyomi", perMove);
        return new TimeControl(main, perMove, periods, Duration.ZERO);
    }

    /**
     * Fischer time: main time, plus {@code increment} after each move made in time.
     *
     * {@snippet :
     * TimeControl.fischer(Duration.ofMinutes(5), Duration.ofSeconds(10)).describe(); // "5 min + 10 s increment"
     * }
     *
     * @throws IllegalArgumentException if {@code main} is not positive or {@code increment} is negative
     */
    public static TimeControl fischer(Duration main, Duration increment) {
        requirePositive("Fischer main time", main);
        return new TimeControl(main, Duration.ZERO, 0, increment);
    }

    private static void requirePositive(String what, Duration d) {
        requireNonNegative(what, d);
        if (d.isZero()) {
            throw new IllegalArgumentException(what + " must be positive");
        }
    }

    /** Whether this is {@link #UNLIMITED}. */
    public boolean isUnlimited() {
        return main.isZero() && byoyomi.isZero();
    }

    /** Whether a player who has spent main time goes on in byoyomi rather than losing. */
    public boolean hasByoyomi() {
        return byoyomi.isPositive();
    }

    /**
     * A short English description.
     *
     * {@snippet :
     * TimeControl.byoyomi(Duration.ofMinutes(10), Duration.ofSeconds(30), 3).describe(); // "10 min + 3 × 30 s byoyomi"
     * TimeControl.UNLIMITED.describe();                                                // "no time limit"
     * }
     */
    public String describe() {
        if (isUnlimited()) {
            return "no time limit";
        }
        StringBuilder sb = new StringBuilder();
        if (main.isPositive()) {
            sb.append(english(main));
        }
        if (hasByoyomi()) {
            join(sb, " + ").append(periods > 1 ? periods + " × " : "").append(english(byoyomi)).append(" byoyomi");
        }
        if (increment.isPositive()) {
            join(sb, " + ").append(english(increment)).append(" increment");
        }
        if (!hasByoyomi() && increment.isZero()) {
            sb.append(" sudden death");
        }
        return sb.toString();
    }

    /**
     * A short Japanese description as tournament notices write it.
     *
     * {@snippet :
     * TimeControl.byoyomi(Duration.ofMinutes(10), Duration.ofSeconds(30)).describeJapanese(); // "10分 秒読み30秒"
     * TimeControl.suddenDeath(Duration.ofMinutes(15)).describeJapanese();                      // "15分 切れ負け"
     * }
     */
    public String describeJapanese() {
        if (isUnlimited()) {
            return "時間無制限";
        }
        StringBuilder sb = new StringBuilder();
        if (main.isPositive()) {
            sb.append(japanese(main));
        }
        if (hasByoyomi()) {
            join(sb, " ").append("秒読み").append(japanese(byoyomi)).append(periods > 1 ? "×" + periods + "回" : "");
        }
        if (increment.isPositive()) {
            join(sb, " ").append("加算").append(japanese(increment));
        }
        if (!hasByoyomi() && increment.isZero()) {
            sb.append(" 切れ負け");
        }
        return sb.toString();
    }

    private static StringBuilder join(StringBuilder sb, String separator) {
        return sb.isEmpty() ? sb : sb.append(separator);
    }

    private static String english(Duration d) {
        return format(d, " h", " min", " s", " ");
    }

    private static String japanese(Duration d) {
        return format(d, "時間", "分", "秒", "");
    }

    private static String format(Duration d, String hours, String minutes, String seconds, String separator) {
        StringBuilder sb = new StringBuilder();
        if (d.toHours() > 0) {
            sb.append(d.toHours()).append(hours);
        }
        if (d.toMinutesPart() > 0) {
            join(sb, separator).append(d.toMinutesPart()).append(minutes);
        }
        if (d.toSecondsPart() > 0 || d.toMillisPart() > 0 || sb.isEmpty()) {
            String s = d.toMillisPart() == 0
                    ? Integer.toString(d.toSecondsPart())
                    : BigDecimal.valueOf(d.toSecondsPart() * 1000L + d.toMillisPart(), 3).stripTrailingZeros().toPlainString();
            join(sb, separator).append(s).append(seconds);
        }
        return sb.toString();
    }

    /**
     * Reads the CSA V3.0 time notation {@code $TIME:main+byoyomi+increment}, each part in seconds with at
     * most three decimals; the {@code $TIME:} prefix is optional. A byoyomi has one period, as CSA knows no
     * others. {@code 0+0+0} is {@link #UNLIMITED}.
     *
     * {@snippet :
     * TimeControl.parseCsa("$TIME:600+10+0");  // 10 min + 10 s byoyomi
     * TimeControl.parseCsa("300+0+2.5");       // 5 min + 2.5 s increment
     * }
     *
     * @throws IllegalArgumentException naming the input if it does not have three non-negative numbers
     *     joined by {@code +}, or if they do not make a valid time control (an increment alone)
     */
    public static TimeControl parseCsa(String text) {
        if (text == null) {
            throw new IllegalArgumentException("CSA time is required");
        }
        String body = text.strip();
        if (body.startsWith("$TIME:")) {
            body = body.substring("$TIME:".length());
        }
        String[] parts = body.split("\\+", -1);
        if (parts.length != 3) {
            throw new IllegalArgumentException("CSA time \"" + text + "\" is not main+byoyomi+increment in seconds, e.g. $TIME:600+10+0");
        }
        Duration[] d = new Duration[3];
        String[] names = {"main time", "byoyomi", "increment"};
        for (int i = 0; i < 3; i++) {
            if (!CSA_SECONDS.matcher(parts[i]).matches()) {
                throw new IllegalArgumentException("CSA time \"" + text + "\": " + names[i] + " \"" + parts[i]
                        + "\" is not a number of seconds (digits, at most three decimals)");
            }
            d[i] = Duration.ofMillis(new BigDecimal(parts[i]).movePointRight(3).longValueExact());
        }
        try {
            return new TimeControl(d[0], d[1], d[1].isPositive() ? 1 : 0, d[2]);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("CSA time \"" + text + "\": " + e.getMessage(), e);
        }
    }

    /**
     * This control in CSA V3.0 notation, e.g. {@code $TIME:600+10+0}; the inverse of {@link #parseCsa}.
     *
     * {@snippet :
     * TimeControl.fischer(Duration.ofMinutes(5), Duration.ofSeconds(2)).toCsa(); // "$TIME:300+0+2"
     * }
     *
     * @throws IllegalStateException if there is more than one byoyomi period or a part is finer than a
     *     millisecond, which CSA cannot write
     */
    public String toCsa() {
        if (periods > 1) {
            throw new IllegalStateException("CSA time has a single byoyomi period, not " + periods);
        }
        return "$TIME:" + csaSeconds(main) + "+" + csaSeconds(byoyomi) + "+" + csaSeconds(increment);
    }

    private static String csaSeconds(Duration d) {
        if (d.toNanosPart() % 1_000_000 != 0) {
            throw new IllegalStateException("CSA time is written in milliseconds, not " + d);
        }
        return BigDecimal.valueOf(d.toMillis(), 3).stripTrailingZeros().toPlainString();
    }
}
