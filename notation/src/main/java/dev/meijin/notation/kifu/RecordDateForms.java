package dev.meijin.notation.kifu;

import java.time.format.DateTimeFormatter;
import java.util.Locale;
import java.util.regex.Pattern;

/** The forms {@link RecordDate} reads and writes. */
final class RecordDateForms {
    private RecordDateForms() {}

    static final DateTimeFormatter DAY = DateTimeFormatter.ofPattern("uuuu/MM/dd", Locale.ROOT);
    static final DateTimeFormatter DAY_TIME = DateTimeFormatter.ofPattern("uuuu/MM/dd HH:mm:ss", Locale.ROOT);
    static final DateTimeFormatter ISO_OFFSET = DateTimeFormatter.ofPattern("uuuu-MM-dd'T'HH:mm:ssXXX", Locale.ROOT);

    /**
     * What {@link RecordDate#parse} reads. Groups: 1–3 the day with {@code /} or {@code -}, 4–6 the day in
     * Japanese, 7–9 hours, minutes and seconds, 10 the zone.
     */
    static final Pattern TEXT = Pattern.compile(
            "(?:([0-9]{4})[/-]([0-9]{1,2})[/-]([0-9]{1,2})|([0-9]{4})年([0-9]{1,2})月([0-9]{1,2})日)"
                    + "(?:[ \u3000]*[(（](?:[日月火水木金土]|Mon|Tue|Wed|Thu|Fri|Sat|Sun)[)）])?"
                    + "(?:(?:[ \u3000]+|T)([0-9]{1,2}):([0-9]{2})(?::([0-9]{2})(?:\\.[0-9]{1,9})?)?"
                    + "(?:[ \u3000]*(Z|[+-][0-9]{2}(?::?[0-9]{2})?|UTC|GMT|JST))?)?");
}
