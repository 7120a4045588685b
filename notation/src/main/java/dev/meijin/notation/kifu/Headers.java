package dev.meijin.notation.kifu;

import java.util.Map;
import java.util.Optional;
import java.util.Set;

/** The standard header keys (KIF names) and their CSA {@code $} counterparts. */
public final class Headers {
    private Headers() {}

    public static final String START_TIME = "開始日時";
    public static final String END_TIME = "終了日時";
    public static final String DATE = "対局日";
    public static final String EVENT = "棋戦";
    public static final String OPENING = "戦型";
    public static final String TITLE = "表題";
    public static final String TIME_LIMIT = "持ち時間";
    public static final String BYOYOMI = "秒読み";
    public static final String TIME_USED = "消費時間";
    public static final String SITE = "場所";
    public static final String PUBLISHED = "掲載";
    public static final String NOTE = "備考";
    public static final String SENTE = "先手";
    public static final String GOTE = "後手";
    /** In handicap games the player who receives the handicap (sente) is 下手. */
    public static final String SHITATE = "下手";
    /** In handicap games the handicap giver (gote) is 上手. */
    public static final String UWATE = "上手";
    public static final String SENTE_SHORT = "先手省略名";
    public static final String GOTE_SHORT = "後手省略名";
    public static final String AUTHOR = "作者";
    public static final String PUBLISHER = "発表誌";
    public static final String HANDICAP = "手合割";
    /** Sente's own time control (CSA V3 {@code $TIME+}). */
    public static final String SENTE_TIME_LIMIT = "先手持ち時間";
    /** Gote's own time control (CSA V3 {@code $TIME-}). */
    public static final String GOTE_TIME_LIMIT = "後手持ち時間";
    /** The move limit after which the game is a draw (CSA V3 {@code $MAX_MOVES}). */
    public static final String MAX_MOVES = "最大手数";
    /** The impasse rule, 24 or 27 points (CSA V3 {@code $JISHOGI}). */
    public static final String JISHOGI = "持将棋";

    /** Every key above. */
    private static final Set<String> STANDARD = Set.of(START_TIME, END_TIME, DATE, EVENT, OPENING, TITLE, TIME_LIMIT, BYOYOMI,
            TIME_USED, SITE, PUBLISHED, NOTE, SENTE, GOTE, SHITATE, UWATE, SENTE_SHORT, GOTE_SHORT, AUTHOR, PUBLISHER, HANDICAP,
            SENTE_TIME_LIMIT, GOTE_TIME_LIMIT, MAX_MOVES, JISHOGI);

    /**
     * Whether a key is one of the standard keys above ({@code 先手}, {@code 開始日時}, {@code 棋戦} …), which
     * records of every format share; records may hold others, which readers keep as they are.
     */
    public static boolean isStandard(String key) {
        return STANDARD.contains(key);
    }

    /**
     * CSA {@code $KEY} to KIF key, for the keys both formats have. The CSA V3 {@code $TIME} is not listed: it
     * shares 持ち時間 with {@code $TIME_LIMIT}, and the CSA writer picks the key by the value's form.
     */
    public static final Map<String, String> CSA_TO_KIF = Map.ofEntries(
            Map.entry("EVENT", EVENT),
            Map.entry("SITE", SITE),
            Map.entry("START_TIME", START_TIME),
            Map.entry("END_TIME", END_TIME),
            Map.entry("TIME_LIMIT", TIME_LIMIT),
            Map.entry("OPENING", OPENING),
            Map.entry("NOTE", NOTE),
            Map.entry("TIME+", SENTE_TIME_LIMIT),
            Map.entry("TIME-", GOTE_TIME_LIMIT),
            Map.entry("MAX_MOVES", MAX_MOVES),
            Map.entry("JISHOGI", JISHOGI));

    /** KIF key to CSA {@code $KEY}, the reverse of {@link #CSA_TO_KIF}. */
    public static Optional<String> csaKey(String kifKey) {
        return CSA_TO_KIF.entrySet().stream().filter(e -> e.getValue().equals(kifKey)).map(Map.Entry::getKey).findFirst();
    }
}
