package dev.meijin.notation.kifu;

import java.time.DateTimeException;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.Objects;
import java.util.Optional;
import java.util.regex.Matcher;

/**
 * When a game started or ended (開始日時, 終了日時), as much as the record says and no more: a day alone
 * ({@link Day}), a day and a time of day in the record's own local time, its zone unknown ({@link Local}), or a
 * day and a time with the offset from UTC the record names ({@link Offset}). Times are to the second: a fraction
 * is dropped, as records count whole seconds.
 *
 * <p>{@link #parse} reads every form records write; {@link #kif()} writes the form KIF, KI2 and JKF keep in
 * their headers, {@link #csa()} CSA's.
 *
 * {@snippet :
 * RecordDate.parse("2008/02/18(月) 11:04:26"); // Optional[Local[dateTime=2008-02-18T11:04:26]]
 * RecordDate.parse("2017-03-22T01:00:00.000Z"); // Optional[Offset[dateTime=2017-03-22T01:00Z]]
 * RecordDate.parse("2008/12/20");               // Optional[Day[date=2008-12-20]]
 * }
 */
public sealed interface RecordDate permits RecordDate.Day, RecordDate.Local, RecordDate.Offset {

    /** Japan Standard Time, UTC+09:00: the time of CSA's dates, which name no zone (see {@link #csa()}). */
    ZoneOffset JAPAN = ZoneOffset.ofHours(9);

    /**
     * A day without a time of day ({@code 2008/12/20}).
     *
     * @param date the day
     */
    record Day(LocalDate date) implements RecordDate {
        public Day {
            Objects.requireNonNull(date, "date");
        }
    }

    /**
     * A day and a time of day with no zone: the local time of wherever the record was written
     * ({@code 2008/02/18 11:04:26}).
     *
     * @param dateTime the date and time, to the second (a fraction is dropped)
     */
    record Local(LocalDateTime dateTime) implements RecordDate {
        public Local {
            dateTime = dateTime.truncatedTo(ChronoUnit.SECONDS);
        }
    }

    /**
     * A day and a time with its offset from UTC ({@code 2017-03-22T01:00:00Z}, {@code 2026-11-24T10:00:00+09:00}).
     *
     * @param dateTime the date and time as the record gives them, at the record's offset (never converted), to
     *     the second (a fraction is dropped)
     */
    record Offset(OffsetDateTime dateTime) implements RecordDate {
        public Offset {
            dateTime = dateTime.truncatedTo(ChronoUnit.SECONDS);
        }
    }

    /** The day, as the record gives it (at the record's own offset, for an {@link Offset}). */
    default LocalDate date() {
        return switch (this) {
            case Day d -> d.date();
            case Local l -> l.dateTime().toLocalDate();
            case Offset o -> o.dateTime().toLocalDate();
        };
    }

    /** The offset from UTC the record names; empty for a {@link Day} or a {@link Local} time. */
    default Optional<ZoneOffset> offset() {
        return this instanceof Offset o ? Optional.of(o.dateTime().getOffset()) : Optional.empty();
    }

    /**
     * The form KIF, KI2 and JKF records write in 開始日時 and 終了日時: Kakinoki's {@code 2008/02/18 11:04:26}
     * and {@code 2008/12/20} for a day alone; a time with an offset in ISO 8601, {@code 2017-03-22T01:00:00Z}
     * or {@code 2026-11-24T10:00:00+09:00}, the form of the records that name a zone (Kakinoki's form has no
     * place for one). {@link #parse} reads each back as the same value.
     */
    default String kif() {
        return switch (this) {
            case Day d -> RecordDateForms.DAY.format(d.date());
            case Local l -> RecordDateForms.DAY_TIME.format(l.dateTime());
            case Offset o -> RecordDateForms.ISO_OFFSET.format(o.dateTime());
        };
    }

    /**
     * The form of CSA's {@code $START_TIME} and {@code $END_TIME}: {@code YYYY/MM/DD HH:MM:SS}, or
     * {@code YYYY/MM/DD} for a day alone. CSA's dates name no zone, and the servers and tournaments that write
     * them (floodgate, the CSA championships) write Japan time, so a time with an offset is converted to
     * {@linkplain #JAPAN Japan time}: {@code 2017-03-22T01:00:00Z} is {@code 2017/03/22 10:00:00}. A
     * {@link Local} time is written as it is: its zone is not known.
     */
    default String csa() {
        return switch (this) {
            case Day d -> RecordDateForms.DAY.format(d.date());
            case Local l -> RecordDateForms.DAY_TIME.format(l.dateTime());
            case Offset o -> RecordDateForms.DAY_TIME.format(o.dateTime().withOffsetSameInstant(JAPAN).toLocalDateTime());
        };
    }

    /**
     * Reads a date as records write it in 開始日時, 終了日時 (and CSA's {@code $START_TIME}, {@code $END_TIME}):
     * <ul>
     *   <li>the day as year, month and day, with {@code /} or {@code -} ({@code 2008/02/18}, {@code 2003/5/3},
     *       {@code 2024-01-01}) or in Japanese ({@code 2006年1月10日});</li>
     *   <li>then, optionally, the weekday in brackets ({@code (月)}, {@code （木）}, {@code (Mon)});</li>
     *   <li>then, optionally, after spaces (also {@code U+3000}) or a {@code T}, the time: hours and minutes, with
     *       or without seconds and a fraction ({@code 10:00}, {@code 9:05:07}, {@code 01:00:00.000});</li>
     *   <li>then, after a time only, optionally, the zone: {@code Z}, an offset {@code +09:00}, {@code +0900} or
     *       {@code +09}, or {@code UTC}, {@code GMT} (both UTC) or {@code JST} (UTC+09:00), with or without a
     *       space before it.</li>
     * </ul>
     * Anything else, before or after, makes the text no date (empty), as does a day or time that does not
     * exist ({@code 2008/02/30}, {@code 25:00}) or an offset beyond ±18:00: a text that is half understood is
     * never read as something it may not mean.
     *
     * @param text the header's value
     * @return the date, or empty if the text is not one of these forms
     */
    static Optional<RecordDate> parse(String text) {
        Matcher m = RecordDateForms.TEXT.matcher(text.strip());
        if (!m.matches()) {
            return Optional.empty();
        }
        boolean japanese = m.group(1) == null;
        try {
            LocalDate day = LocalDate.of(Integer.parseInt(japanese ? m.group(4) : m.group(1)),
                    Integer.parseInt(japanese ? m.group(5) : m.group(2)), Integer.parseInt(japanese ? m.group(6) : m.group(3)));
            if (m.group(7) == null) {
                return Optional.of(new Day(day));
            }
            LocalDateTime at = day.atTime(Integer.parseInt(m.group(7)), Integer.parseInt(m.group(8)),
                    m.group(9) == null ? 0 : Integer.parseInt(m.group(9)));
            String zone = m.group(10);
            return Optional.of(zone == null ? new Local(at) : new Offset(at.atOffset(offset(zone))));
        } catch (DateTimeException e) {
            return Optional.empty();
        }
    }

    /** The offset a zone text of {@link #parse} names ({@code Z}, {@code +09:00}, {@code +0900}, {@code +09}, or a name). */
    private static ZoneOffset offset(String zone) {
        return switch (zone) {
            case "UTC", "GMT" -> ZoneOffset.UTC;
            case "JST" -> JAPAN;
            default -> ZoneOffset.of(zone);
        };
    }
}
