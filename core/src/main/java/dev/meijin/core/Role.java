package dev.meijin.core;

/**
 * The fourteen piece kinds: eight unpromoted kinds and six promoted ones.
 *
 * <p>Each role has a small int {@link #code()} used by the hot paths: {@code PAWN=1 … GOLD=7, KING=8,
 * TOKIN=9 … DRAGON=14}. The promoted form of a promotable role has code {@code code + 8}; gold and king do
 * not promote. The order of the first seven codes (P L N S B R G) is the order of pieces in a hand.
 */
public enum Role {
    PAWN(1, 'P', "FU", "歩", 1),
    LANCE(2, 'L', "KY", "香", 1),
    KNIGHT(3, 'N', "KE", "桂", 1),
    SILVER(4, 'S', "GI", "銀", 1),
    BISHOP(5, 'B', "KA", "角", 5),
    ROOK(6, 'R', "HI", "飛", 5),
    GOLD(7, 'G', "KI", "金", 1),
    KING(8, 'K', "OU", "玉", 0),
    TOKIN(9, 'P', "TO", "と", 1),
    PRO_LANCE(10, 'L', "NY", "成香", 1),
    PRO_KNIGHT(11, 'N', "NK", "成桂", 1),
    PRO_SILVER(12, 'S', "NG", "成銀", 1),
    HORSE(13, 'B', "UM", "馬", 5),
    DRAGON(14, 'R', "RY", "龍", 5);

    /** Number of role codes including the unused code 0 (so arrays can be indexed by code). */
    public static final int CODES = 15;

    private static final Role[] BY_CODE = new Role[CODES];

    static {
        for (Role r : values()) {
            BY_CODE[r.code] = r;
        }
    }

    private final int code;
    private final char sfenLetter;
    private final String csa;
    private final String kanji;
    private final int impassePoints;

    Role(int code, char sfenLetter, String csa, String kanji, int impassePoints) {
        this.code = code;
        this.sfenLetter = sfenLetter;
        this.csa = csa;
        this.kanji = kanji;
        this.impassePoints = impassePoints;
    }

    /** The int code of this role (1–14). */
    public int code() {
        return code;
    }

    /**
     * The role with the given code.
     *
     * @throws IllegalArgumentException if the code is not 1–14
     */
    public static Role of(int code) {
        if (code <= 0 || code >= CODES) {
            throw new IllegalArgumentException("role code " + code + " is not 1–14");
        }
        return BY_CODE[code];
    }

    /** The uppercase SFEN letter of the unpromoted form (a promoted role is written {@code +} then this). */
    public char sfenLetter() {
        return sfenLetter;
    }

    /**
     * The name as players write it in English, in lowercase: {@code pawn}, {@code silver}, {@code tokin},
     * {@code promoted lance}, {@code horse}, {@code dragon}, …
     */
    public String englishName() {
        return switch (this) {
            case PRO_LANCE -> "promoted lance";
            case PRO_KNIGHT -> "promoted knight";
            case PRO_SILVER -> "promoted silver";
            default -> name().toLowerCase(java.util.Locale.ROOT);
        };
    }

    /**
     * The unpromoted role written with this uppercase SFEN/USI letter ({@code P L N S G B R K}), or
     * {@code null} if the character is no piece letter. This is the one letter-to-role table; lowercase
     * letters (gote in SFEN) are the caller's to fold.
     */
    public static Role ofSfenLetter(char upper) {
        return switch (upper) {
            case 'P' -> PAWN;
            case 'L' -> LANCE;
            case 'N' -> KNIGHT;
            case 'S' -> SILVER;
            case 'G' -> GOLD;
            case 'B' -> BISHOP;
            case 'R' -> ROOK;
            case 'K' -> KING;
            default -> null;
        };
    }

    /** The two-letter CSA name ({@code FU}, {@code TO}, {@code RY}, …). */
    public String csa() {
        return csa;
    }

    /** The usual kanji (one or two characters; the king is written 玉 here, 王 is the other king). */
    public String kanji() {
        return kanji;
    }

    public boolean isPromoted() {
        return code > 8;
    }

    /** Whether this role may promote (pawn, lance, knight, silver, bishop, rook). */
    public boolean canPromote() {
        return code <= 6;
    }

    /**
     * The promoted form.
     *
     * @throws IllegalStateException if this role cannot promote
     */
    public Role promoted() {
        if (!canPromote()) {
            throw new IllegalStateException(this + " cannot promote");
        }
        return BY_CODE[code + 8];
    }

    /** The unpromoted form (the role a captured piece takes in hand); gold and king are themselves. */
    public Role unpromoted() {
        return code > 8 ? BY_CODE[code - 8] : this;
    }

    /** Whether a piece of this role may be held in hand (the seven unpromoted kinds except the king). */
    public boolean isHandRole() {
        return code <= 7;
    }

    /** Points in the impasse (jishōgi) count: rook and bishop, promoted or not, 5; others 1; king 0. */
    public int impassePoints() {
        return impassePoints;
    }

    /** The seven roles a hand can hold, in SFEN/KIF output order: rook, bishop, gold, silver, knight, lance, pawn. */
    public static final java.util.List<Role> HAND_ORDER = java.util.List.of(ROOK, BISHOP, GOLD, SILVER, KNIGHT, LANCE, PAWN);

    /**
     * The role written with one character in Japanese records and diagrams: 歩 香 桂 銀 金 角 飛 玉/王, and the
     * one-character promoted forms と 杏 圭 全 馬 龍/竜.
     */
    public static java.util.Optional<Role> ofKanji(char c) {
        Role r = switch (c) {
            case '歩' -> PAWN;
            case '香' -> LANCE;
            case '桂' -> KNIGHT;
            case '銀' -> SILVER;
            case '金' -> GOLD;
            case '角' -> BISHOP;
            case '飛' -> ROOK;
            case '玉', '王' -> KING;
            case 'と' -> TOKIN;
            case '杏' -> PRO_LANCE;
            case '圭' -> PRO_KNIGHT;
            case '全' -> PRO_SILVER;
            case '馬' -> HORSE;
            case '龍', '竜' -> DRAGON;
            default -> null;
        };
        return java.util.Optional.ofNullable(r);
    }

    /**
     * The role for a two-letter CSA name.
     *
     * @throws IllegalArgumentException naming the text if it is not a CSA piece name
     */
    public static Role ofCsa(String name) {
        for (Role r : BY_CODE) {
            if (r != null && r.csa.equals(name)) {
                return r;
            }
        }
        throw new IllegalArgumentException("not a CSA piece name: \"" + name + "\"");
    }
}
