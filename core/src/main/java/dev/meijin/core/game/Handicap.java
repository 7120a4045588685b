package dev.meijin.core.game;

import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The start positions of even and handicap (駒落ち) games, kept as data: the KIF name, the English name, the
 * SFEN, the CSA {@code PI} line, the JKF preset and the pieces the handicap giver leaves out.
 *
 * <p>In a handicap game the stronger player, the giver (上手, uwate), plays gote and removes pieces from his
 * side; the receiver (下手, shitate) plays sente with the full set. The giver moves first, so every handicap
 * SFEN has {@code w} to move and move number 1. "Left" and "right" are the giver's own: he sits at rank 1
 * facing rank 9, so his left is file 1 (the bishop's side) and his right is file 9 (the rook's side). Plain
 * 香落ち removes the left lance (1a); every program and record checked agrees.
 *
 * <p>This is an {@code enum} rather than a record with constants because the set is closed and fixed by the
 * game's tradition: an enum gives {@link #values()}, a stable {@link #id()} that is its constant name,
 * {@code EnumMap}/{@code EnumSet}, and exhaustive {@code switch}. A position that is not one of these is not
 * a handicap but a custom start (KIF {@code その他}), which callers describe by its SFEN.
 *
 * <p>The definitions follow the KIF {@code 手合割} names of Kifu for Windows and the JKF presets (whose boards
 * are those of shogi.js, the JKF reference player), which agree with ShogiHome, tsshogi and lishogi on the
 * shared ladder. The handicaps outside that list (九枚落ち, 歩三兵, 裸玉, トンボ, 両香落ち) follow lishogi. Where
 * programs disagree the choice is noted on the constant.
 *
 * {@snippet :
 * Handicap h = Handicap.byJapanese("香落ち　").orElseThrow(); // trailing ideographic space, as in real files
 * String sfen = h.sfen(); // "lnsgkgsn1/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"
 * }
 */
public enum Handicap {
    /** 平手: no handicap; sente moves first. */
    EVEN("平手", "Even", "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1", "PI", "HIRATE", ""),

    /** 香落ち: the giver's left lance (1a). */
    LANCE("香落ち", "Lance", "lnsgkgsn1/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
            "PI11KY", "KY", "KY1", "左香落ち"),

    /** 右香落ち: the giver's right lance (9a). */
    RIGHT_LANCE("右香落ち", "Right lance",
            "1nsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
            "PI91KY", "KY_R", "KY1"),

    /** 角落ち: the bishop. */
    BISHOP("角落ち", "Bishop", "lnsgkgsnl/1r7/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
            "PI22KA", "KA", "KA1"),

    /** 飛車落ち: the rook. */
    ROOK("飛車落ち", "Rook", "lnsgkgsnl/7b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
            "PI82HI", "HI", "HI1", "飛落ち"),

    /** 飛香落ち: the rook and the left lance. */
    ROOK_LANCE("飛香落ち", "Rook and lance",
            "lnsgkgsn1/7b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
            "PI11KY82HI", "HIKY", "HI1 KY1", "飛車香落ち"),

    /** 二枚落ち: rook and bishop. */
    TWO_PIECE("二枚落ち", "Two-piece", "lnsgkgsnl/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
            "PI22KA82HI", "2", "HI1 KA1", "飛角落ち"),

    /**
     * 三枚落ち: rook, bishop and the left lance (1a), as shogi.js's JKF preset {@code 3}, the Japanese lists of
     * python-shogi and KShogi, and 香落ち itself. lishogi removes the right lance (9a) instead.
     */
    THREE_PIECE("三枚落ち", "Three-piece", "lnsgkgsn1/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
            "PI11KY22KA82HI", "3", "HI1 KA1 KY1"),

    /** 四枚落ち: rook, bishop and both lances. */
    FOUR_PIECE("四枚落ち", "Four-piece", "1nsgkgsn1/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
            "PI11KY22KA82HI91KY", "4", "HI1 KA1 KY2"),

    /** 五枚落ち: four-piece plus the giver's right knight (8a), as JKF preset {@code 5} and lishogi. */
    FIVE_PIECE("五枚落ち", "Five-piece", "2sgkgsn1/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
            "PI11KY22KA81KE82HI91KY", "5", "HI1 KA1 KE1 KY2"),

    /** 左五枚落ち: four-piece plus the giver's left knight (2a); JKF preset {@code 5_L}. */
    LEFT_FIVE_PIECE("左五枚落ち", "Left five-piece",
            "1nsgkgs2/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
            "PI11KY21KE22KA82HI91KY", "5_L", "HI1 KA1 KE1 KY2"),

    /** 六枚落ち: rook, bishop, both lances and both knights. */
    SIX_PIECE("六枚落ち", "Six-piece", "2sgkgs2/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
            "PI11KY21KE22KA81KE82HI91KY", "6", "HI1 KA1 KE2 KY2"),

    /**
     * 左七枚落ち: six-piece plus the giver's left silver (3a); the right silver (7a) stays. JKF preset
     * {@code 7_L}; the corpus game {@code 7mai.ki2u} opens △８二銀, which only the 7a silver can play.
     */
    LEFT_SEVEN_PIECE("左七枚落ち", "Left seven-piece",
            "2sgkg3/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
            "PI11KY21KE22KA31GI81KE82HI91KY", "7_L", "HI1 KA1 GI1 KE2 KY2"),

    /** 右七枚落ち: six-piece plus the giver's right silver (7a); JKF preset {@code 7_R}, lishogi's 七枚落ち. */
    RIGHT_SEVEN_PIECE("右七枚落ち", "Right seven-piece",
            "3gkgs2/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
            "PI11KY21KE22KA71GI81KE82HI91KY", "7_R", "HI1 KA1 GI1 KE2 KY2", "七枚落ち"),

    /** 八枚落ち: only king, golds and pawns remain. */
    EIGHT_PIECE("八枚落ち", "Eight-piece", "3gkg3/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
            "PI11KY21KE22KA31GI71GI81KE82HI91KY", "8", "HI1 KA1 GI2 KE2 KY2"),

    /**
     * 九枚落ち: eight-piece plus the giver's right gold (6a), keeping the left gold (4a), as lishogi. Not a KIF
     * or JKF preset; pychess removes the left gold instead.
     */
    NINE_PIECE("九枚落ち", "Nine-piece", "4kg3/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
            "PI11KY21KE22KA31GI61KI71GI81KE82HI91KY", null, "HI1 KA1 KI1 GI2 KE2 KY2"),

    /** 十枚落ち: only the king and the nine pawns remain. */
    TEN_PIECE("十枚落ち", "Ten-piece", "4k4/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
            "PI11KY21KE22KA31GI41KI61KI71GI81KE82HI91KY", "10", "HI1 KA1 KI2 GI2 KE2 KY2"),

    /**
     * 歩三兵: the giver has only the king on the board and three pawns in hand. CSA {@code PI} cannot put pieces
     * in hand, so {@link #csaPi()} is empty and a CSA writer must emit the P1–P9 board and {@code P-00FU} lines.
     */
    THREE_PAWNS("歩三兵", "Three pawns", "4k4/9/9/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w 3p 1",
            null, null, "HI1 KA1 KI2 GI2 KE2 KY2 FU6"),

    /** 裸玉: the giver has only the king; also written 十九枚落ち. */
    NAKED_KING("裸玉", "Naked king", "4k4/9/9/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
            "PI11KY13FU21KE22KA23FU31GI33FU41KI43FU53FU61KI63FU71GI73FU81KE82HI83FU91KY93FU", null,
            "HI1 KA1 KI2 GI2 KE2 KY2 FU9", "十九枚落ち", "裸王"),

    /** トンボ (dragonfly): king, rook, bishop and the nine pawns; every other back-rank piece is removed. */
    DRAGONFLY("トンボ", "Dragonfly", "4k4/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
            "PI11KY21KE31GI41KI61KI71GI81KE91KY", null, "KI2 GI2 KE2 KY2", "蜻蛉"),

    /** 両香落ち: both lances, rook and bishop kept. */
    TWO_LANCES("両香落ち", "Two lances",
            "1nsgkgsn1/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
            "PI11KY91KY", null, "KY2", "兩香落ち");

    private static final Map<String, Handicap> BY_NAME = new HashMap<>();
    private static final Map<String, Handicap> BY_JKF = new HashMap<>();

    static {
        for (Handicap h : values()) {
            register(h.japanese, h);
            for (String alt : h.alternatives) {
                register(alt, h);
            }
            if (h.jkfPreset != null && BY_JKF.put(h.jkfPreset, h) != null) {
                throw new ExceptionInInitializerError("JKF preset " + h.jkfPreset + " used twice");
            }
        }
    }

    private final String japanese;
    private final String english;
    private final String sfen;
    private final String csaPi;
    private final String jkfPreset;
    private final Map<String, Integer> removed;
    private final List<String> alternatives;

    Handicap(String japanese, String english, String sfen, String csaPi, String jkfPreset, String removed,
            String... alternatives) {
        this.japanese = japanese;
        this.english = english;
        this.sfen = sfen;
        this.csaPi = csaPi;
        this.jkfPreset = jkfPreset;
        this.removed = parseRemoved(removed);
        this.alternatives = List.of(alternatives);
    }

    /** {@return the stable identifier, equal to {@link #name()}, for example {@code "RIGHT_SEVEN_PIECE"}} */
    public String id() {
        return name();
    }

    /** {@return the name as a KIF {@code 手合割} line writes it, for example {@code "香落ち"} or {@code "平手"}} */
    public String japanese() {
        return japanese;
    }

    /** {@return an English display name, for example {@code "Rook and lance"}} */
    public String english() {
        return english;
    }

    /**
     * {@return other spellings {@link #byJapanese(String)} accepts besides {@link #japanese()}} The list leaves
     * out the mechanical variants always accepted: without the final ち, with Arabic or full-width digits, with
     * katakana ニ for 二.
     */
    public List<String> alternatives() {
        return alternatives;
    }

    /**
     * {@return the start position as a full SFEN} Gote ({@code w}) is to move in every handicap, sente
     * ({@code b}) in {@link #EVEN}; the move number is 1.
     */
    public String sfen() {
        return sfen;
    }

    /**
     * The CSA line that sets up this position from the even one by removing pieces, for example
     * {@code "PI11KY"}, {@code "PI22KA82HI"}, or {@code "PI"} for {@link #EVEN}. Squares are listed in
     * ascending order, as Kifu for Windows writes them; readers must accept any order.
     *
     * @return the {@code PI} line, or empty for {@link #THREE_PAWNS}, whose pieces in hand {@code PI} cannot
     *     express (write a P1–P9 board and a {@code P-00FU} hand line instead)
     */
    public Optional<String> csaPi() {
        return Optional.ofNullable(csaPi);
    }

    /**
     * The JKF {@code initial.preset} name, for example {@code "KY"}, {@code "2"}, {@code "7_L"}.
     *
     * @return the preset, or empty where JKF defines none (九枚落ち, 歩三兵, 裸玉, トンボ, 両香落ち); a JKF writer
     *     then uses {@code "OTHER"} with explicit {@code data}
     */
    public Optional<String> jkfPreset() {
        return Optional.ofNullable(jkfPreset);
    }

    /**
     * What the giver lacks compared with a full 20-piece set, by CSA piece code ({@code "HI"}, {@code "KA"},
     * {@code "KI"}, {@code "GI"}, {@code "KE"}, {@code "KY"}, {@code "FU"}), in that order, zero counts left
     * out. For {@link #THREE_PAWNS} the three pawns in hand count as present, so six pawns are missing.
     *
     * @return an unmodifiable map; empty for {@link #EVEN}
     */
    public Map<String, Integer> removedPieces() {
        return removed;
    }

    /**
     * {@return the removed pieces counted as in the 24- and 27-point impasse rules} A rook or bishop counts 5
     * and any other piece 1. A full set is worth 27 points (the king counts nothing), so the giver starts with
     * {@code 27 - removedPoints()}.
     */
    public int removedPoints() {
        int points = 0;
        for (Map.Entry<String, Integer> e : removed.entrySet()) {
            boolean major = e.getKey().equals("HI") || e.getKey().equals("KA");
            points += (major ? 5 : 1) * e.getValue();
        }
        return points;
    }

    /** {@return {@code true} for every handicap, {@code false} for {@link #EVEN}} */
    public boolean isHandicap() {
        return this != EVEN;
    }

    /**
     * Looks a handicap up by its KIF {@code 手合割} text, leniently: spaces (half- and full-width) anywhere are
     * ignored, the final ち of 落ち may be missing, numbers may be written with Arabic or full-width digits
     * ({@code 2枚落ち}, {@code １０枚落ち}) or katakana ニ instead of 二, and {@link #alternatives()} are
     * accepted. {@code その他} (a custom start) and {@code 詰将棋} are not handicaps and give empty.
     *
     * {@snippet :
     * Handicap.byJapanese("平手　　");   // Optional[EVEN]
     * Handicap.byJapanese("ニ枚落ち");  // Optional[TWO_PIECE]
     * Handicap.byJapanese("その他");    // Optional.empty
     * }
     *
     * @param name the text after {@code 手合割：}
     * @return the handicap, or empty if the text names none
     */
    public static Optional<Handicap> byJapanese(String name) {
        return Optional.ofNullable(BY_NAME.get(normalize(name)));
    }

    /**
     * Looks a handicap up by its JKF preset name ({@code "HIRATE"}, {@code "KY"}, {@code "KY_R"}, {@code "KA"},
     * {@code "HI"}, {@code "HIKY"}, {@code "2"}, {@code "3"}, {@code "4"}, {@code "5"}, {@code "5_L"},
     * {@code "6"}, {@code "7_L"}, {@code "7_R"}, {@code "8"}, {@code "10"}). Matching is exact after trimming.
     *
     * @param preset the JKF {@code initial.preset} value
     * @return the handicap, or empty for {@code "OTHER"} and unknown names
     */
    public static Optional<Handicap> byJkfPreset(String preset) {
        return Optional.ofNullable(BY_JKF.get(preset.strip()));
    }

    /**
     * Looks a handicap up by its {@link #id()}, exactly.
     *
     * @param id a constant name such as {@code "TWO_PIECE"}
     * @return the handicap, or empty if no constant has that name
     */
    public static Optional<Handicap> byId(String id) {
        for (Handicap h : values()) {
            if (h.name().equals(id)) {
                return Optional.of(h);
            }
        }
        return Optional.empty();
    }

    private static void register(String name, Handicap h) {
        Handicap previous = BY_NAME.put(normalize(name), h);
        if (previous != null && previous != h) {
            throw new ExceptionInInitializerError(
                    "handicap name " + name + " used by " + previous + " and " + h);
        }
    }

    /** Removes spaces, folds digits to kanji numerals, katakana ニ to 二 and a final 落ち to 落. */
    private static String normalize(String name) {
        StringBuilder out = new StringBuilder(name.length());
        int i = 0;
        while (i < name.length()) {
            char c = name.charAt(i);
            int digit = digit(c);
            if (digit >= 0) {
                int n = 0;
                while (i < name.length() && digit(name.charAt(i)) >= 0 && n < 1000) {
                    n = n * 10 + digit(name.charAt(i));
                    i++;
                }
                out.append(kanjiNumber(n));
                continue;
            }
            if (c == 'ニ') {
                out.append('二');
            } else if (!Character.isWhitespace(c) && !Character.isSpaceChar(c)) {
                out.append(c);
            }
            i++;
        }
        int len = out.length();
        if (len >= 2 && out.charAt(len - 2) == '落' && out.charAt(len - 1) == 'ち') {
            out.setLength(len - 1);
        }
        return out.toString();
    }

    private static int digit(char c) {
        if (c >= '0' && c <= '9') {
            return c - '0';
        }
        if (c >= '０' && c <= '９') {
            return c - '０';
        }
        return -1;
    }

    /** Kanji numerals for 1 to 19, as handicap names use them; other numbers stay in Arabic digits. */
    private static String kanjiNumber(int n) {
        String units = "〇一二三四五六七八九";
        if (n >= 1 && n <= 9) {
            return String.valueOf(units.charAt(n));
        }
        if (n >= 10 && n <= 19) {
            return n == 10 ? "十" : "十" + units.charAt(n - 10);
        }
        return Integer.toString(n);
    }

    /**
     * Parses the constructor's removed-piece list, such as {@code "HI1 KA1 KY2"}. It is called while the
     * constants are being built, before any other static field is initialised, so it uses only locals.
     */
    private static Map<String, Integer> parseRemoved(String spec) {
        Map<String, Integer> counts = new LinkedHashMap<>();
        for (String code : new String[] {"HI", "KA", "KI", "GI", "KE", "KY", "FU"}) {
            counts.put(code, 0);
        }
        if (!spec.isEmpty()) {
            for (String token : spec.split(" ")) {
                String code = token.substring(0, 2);
                if (!counts.containsKey(code)) {
                    throw new IllegalArgumentException("unknown CSA piece " + code);
                }
                counts.put(code, Integer.parseInt(token.substring(2)));
            }
        }
        counts.values().removeIf(n -> n == 0);
        return Collections.unmodifiableMap(counts);
    }
}
