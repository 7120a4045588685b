package dev.meijin.notation.move;

import dev.meijin.core.Move;
import dev.meijin.core.Piece;
import dev.meijin.core.Role;
import dev.meijin.core.Square;
import dev.meijin.core.position.Position;

/**
 * Kitao–Kawasaki notation: Hosking's structure with kanji piece names, as lishogi writes it.
 *
 * <p>A move is the piece ({@code 歩 香 桂 銀 金 角 飛 玉}, promoted {@code と +香 +桂 +銀 馬 龍}), the origin in
 * parentheses when it is needed, {@code -} for a move, {@code x} for a capture or {@code *} for a drop, the
 * destination digits, and {@code +} when the piece promotes or {@code =} when it could but does not:
 * {@code 歩-76}, {@code 角x22+}, {@code 銀-21=}, {@code 銀(48)-57}, {@code 歩*55}. The origin is needed under the
 * same rule as in {@link WesternNotation}.
 *
 * <p>{@link #parse} also accepts {@code 成}, {@code 不成} or {@code 生} as suffixes, an origin without
 * parentheses ({@code 銀48-57}), full-width digits, {@code 成香 成桂 成銀 杏 圭 全 竜 王}, and an empty destination
 * meaning the square of the previous move ({@code 歩x}, as 同 in Japanese).
 *
 * {@snippet :
 * int m = KitaoKawasakiNotation.parse(pos, "歩-76");
 * KitaoKawasakiNotation.format(pos, m); // "歩-76"
 * }
 */
public final class KitaoKawasakiNotation {
    private static final String[] NAMES = {"", "歩", "香", "桂", "銀", "角", "飛", "金", "玉", "と", "+香", "+桂", "+銀", "馬", "龍"};

    private KitaoKawasakiNotation() {}

    /**
     * Writes a move: {@code 歩-76}, {@code 角x22+}, {@code 銀(48)-57}, {@code 歩*55}.
     *
     * @param before the position before the move
     * @param move a legal move of that position
     * @return the move text
     * @throws MoveNotationException ILLEGAL if the move is not legal in the position
     */
    public static String format(Position before, int move) {
        Legal legal = new Legal(before);
        legal.requireLegal(move);
        return write(legal, move);
    }

    /**
     * Reads a move in Kitao–Kawasaki notation.
     *
     * @param before the position before the move (its last move gives the square of an empty destination)
     * @param text the move text, for example {@code 歩-76}, {@code 角x22成} or {@code 銀(48)-57=}
     * @return the legal int move
     * @throws MoveNotationException MALFORMED for text that is not this notation; ILLEGAL if no legal move
     *     matches; AMBIGUOUS if several match (the origin is missing)
     */
    public static int parse(Position before, String text) {
        return parse(new Legal(before), text);
    }

    static String write(Legal legal, int m) {
        StringBuilder sb = new StringBuilder(10);
        if (Move.isDrop(m)) {
            return sb.append(NAMES[Move.dropRole(m)]).append('*').append(Square.csa(Move.to(m))).toString();
        }
        sb.append(NAMES[Piece.role(Move.piece(m))]);
        if (legal.needsOrigin(m)) {
            sb.append('(').append(Square.csa(Move.from(m))).append(')');
        }
        sb.append(legal.captures(m) ? 'x' : '-').append(Square.csa(Move.to(m)));
        char suffix = legal.suffix(m);
        return suffix == 0 ? sb.toString() : sb.append(suffix).toString();
    }

    static int parse(Legal legal, String text) {
        if (text == null) {
            throw Errors.malformed("Kitao-Kawasaki", "null", legal, -1, "no text");
        }
        String s = text.strip();
        int lead = text.length() - text.stripLeading().length(); // error indices count from the text as given
        int len = s.length();
        int i = 0;
        Role role = null;
        if (len >= 2 && (s.charAt(0) == '+' || s.charAt(0) == '成')) {
            Role base = switch (s.charAt(1)) {
                case '歩' -> s.charAt(0) == '+' ? Role.PAWN : null;
                case '香' -> Role.LANCE;
                case '桂' -> Role.KNIGHT;
                case '銀' -> Role.SILVER;
                case '角' -> s.charAt(0) == '+' ? Role.BISHOP : null;
                case '飛' -> s.charAt(0) == '+' ? Role.ROOK : null;
                default -> null;
            };
            if (base != null) {
                role = base.promoted();
                i = 2;
            }
        }
        if (role == null && len >= 1) {
            role = Role.ofKanji(s.charAt(0)).orElse(null);
            i = 1;
        }
        if (role == null) {
            throw Errors.malformed("Kitao-Kawasaki", text, legal, lead,
                    "expected a piece (歩 香 桂 銀 金 角 飛 玉 と +香 +桂 +銀 馬 龍)");
        }
        int from = -1;
        if (i < len && (s.charAt(i) == '(' || s.charAt(i) == '（')) {
            from = digits(s, i + 1);
            if (from < 0 || i + 3 >= len || (s.charAt(i + 3) != ')' && s.charAt(i + 3) != '）')) {
                throw Errors.malformed("Kitao-Kawasaki", text, legal, lead + i, "expected an origin such as (48)");
            }
            i += 4;
        } else if (digits(s, i) >= 0) {
            from = digits(s, i);
            i += 2;
        }
        char sep = i < len ? s.charAt(i) : 0;
        if (sep != '-' && sep != 'x' && sep != 'X' && sep != '×' && sep != '*') {
            throw Errors.malformed("Kitao-Kawasaki", text, legal, lead + i, "expected '-', 'x' or '*' after the piece");
        }
        i++;
        int to = digits(s, i);
        if (to >= 0) {
            i += 2;
        } else {
            to = legal.lastTo();
            if (sep == '*' || to < 0) {
                throw Errors.malformed("Kitao-Kawasaki", text, legal, lead + i, "expected a square such as 76");
            }
        }
        char suffix = 0;
        if (i < len) {
            char c = s.charAt(i);
            if (c == '+' || c == '成') {
                suffix = '+';
                i++;
            } else if (c == '=' || c == '生') {
                suffix = '=';
                i++;
            } else if (c == '不' && i + 1 < len && s.charAt(i + 1) == '成') {
                suffix = '=';
                i += 2;
            }
        }
        if (i < len) {
            throw Errors.malformed("Kitao-Kawasaki", text, legal, lead + i, "unexpected '" + s.charAt(i) + "'");
        }
        if (sep == '*' && (from >= 0 || suffix != 0 || !role.isHandRole())) {
            throw Errors.malformed("Kitao-Kawasaki", text, legal, -1,
                    "a drop is a piece that can be held in hand, '*' and a square, with no origin or suffix");
        }
        return WesternNotation.resolve("Kitao-Kawasaki", text, legal, role, from, to, sep == '*', suffix,
                m -> write(legal, m) + " (" + Move.usi(m) + ")");
    }

    /** Two digits (half- or full-width) at {@code i} as a square, or -1. */
    private static int digits(String s, int i) {
        if (i + 1 >= s.length()) {
            return -1;
        }
        int file = JapaneseNotation.digit(s.charAt(i)), rank = JapaneseNotation.digit(s.charAt(i + 1));
        boolean kanji = "一二三四五六七八九".indexOf(s.charAt(i)) >= 0 || "一二三四五六七八九".indexOf(s.charAt(i + 1)) >= 0;
        return file > 0 && rank > 0 && !kanji ? Square.of(file, rank) : -1;
    }
}
