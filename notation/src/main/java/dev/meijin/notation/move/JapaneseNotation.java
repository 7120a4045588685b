package dev.meijin.notation.move;

import dev.meijin.core.Color;
import dev.meijin.core.Move;
import dev.meijin.core.Piece;
import dev.meijin.core.Role;
import dev.meijin.core.Square;
import dev.meijin.core.position.IllegalMove;
import dev.meijin.core.position.IllegalMoveReason;
import dev.meijin.core.position.Position;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * Japanese move notation in its two record styles.
 *
 * <p><b>KIF style</b> (Kakinoki): destination, piece, 成 for a promotion, then the origin in parentheses, or
 * 打 for every drop: {@code ７六歩(77)}, {@code 同　歩(76)} (with an ideographic space after 同),
 * {@code ２二角成(88)}, {@code ２二角(88)}, {@code ５五角打}. A move that could have promoted and did not is the bare
 * move, as Kakinoki writes it (other KIF readers take only 成 there); {@code ２二角不成(88)} is still read. The
 * origin says which piece moved, so KIF never writes 右 or 左.
 *
 * <p><b>KI2 style</b>: side mark, destination, piece, relative markers, 打 where needed, 成 or 不成:
 * {@code ▲７六歩}, {@code △同　歩}, {@code ▲５八金左}, {@code ▲２八銀左上}, {@code ▲２二銀右引不成}. The markers follow
 * the Japan Shogi Association's rules for 棋譜の表記方法, applied to every piece of the same kind that reaches
 * the destination by its movement, even one that may not go there because it is pinned or the king is in
 * check: the common KI2 readers count such a piece as a candidate, and a move written without a marker would
 * be ambiguous or wrong to them. Such markers say more than the rules need, never anything wrong:
 * <ol>
 *   <li>If the direction of movement alone tells the pieces apart, write it: 上 (forward), 引 (backward) or
 *       寄 (sideways), as seen by the mover.
 *   <li>Otherwise write where the piece stands: 右 or 左 from the mover's own side (sente's right is the
 *       low-numbered files, gote's the high-numbered ones), or 直 for a piece moving straight forward. For
 *       pieces other than 龍 and 馬, right and left are measured from the destination's file. For 龍 and 馬
 *       (two at most) they are measured against each other, and 直 is not used.
 *   <li>If that is still not enough, write both: 右 or 左 first, then 上, 引 or 寄 ({@code ８八と左上}).
 * </ol>
 * A drop is written with 打 only when a piece of the same kind on the board reaches the square (pinned or not); a move
 * that could promote is written with 成 or 不成; a move to the previous move's destination is written with
 * 同 ({@code 同　歩} with a one-character rest, else {@code 同歩成}, in KI2; {@code 同　歩} in KIF).
 *
 * <p><b>Reading</b> ({@link #parse}) accepts both styles and the usual variants: the marks ▲ △ ☗ ☖ ▼ ▽ or
 * none; full-width, half-width or kanji digits ({@code ７六}, {@code 76}, {@code 7六}); 同 with an ideographic
 * space, a plain space or none (and 仝); 行 for 上, 生 for 不成, 竜 for 龍, 王 for 玉, and the one-character
 * names 全 (成銀), 圭 (成桂) and 杏 (成香); the KIF origin {@code (77)} or {@code （７７）}. A move that omits 不成
 * is read as not promoting. Without 打, a move of a piece on the board is preferred over a drop, as the rules
 * say. A text that names one move the rules refuse (its origin, or the only piece of its kind that reaches the
 * square) is refused for the rule it breaks, in the core's words, as CSA and USI refuse the same move.
 *
 * {@snippet :
 * Position pos = Position.startpos();
 * int m = JapaneseNotation.parse(pos, "▲７六歩");    // also "７六歩(77)", "76歩", "☗7六歩"
 * String kif = JapaneseNotation.formatKif(pos, m);  // "７六歩(77)"
 * String ki2 = JapaneseNotation.formatKi2(pos, m);  // "▲７六歩"
 * }
 */
public final class JapaneseNotation {
    // Relative position markers.
    static final int NONE = 0, RIGHT = 1, LEFT = 2, STRAIGHT = 3;
    // Movement markers.
    static final int UP = 1, BACK = 2, SIDEWAYS = 3;

    private static final String[] POSITION_TEXT = {"", "右", "左", "直"};
    private static final String[] MOTION_TEXT = {"", "上", "引", "寄"};
    private static final String FULL_DIGITS = "０１２３４５６７８９";
    private static final String KANJI_DIGITS = "〇一二三四五六七八九";
    private static final int MAX_RIVALS = 16;

    private JapaneseNotation() {}

    /**
     * Writes a move in KIF style: {@code ７六歩(77)}, {@code 同　歩(76)}, {@code ２二角不成(88)}, {@code ５五角打}.
     *
     * @param before the position before the move (its last move decides 同)
     * @param move a legal move of that position
     * @return the KIF move text, without move number or time
     * @throws MoveNotationException ILLEGAL if the move is not legal in the position
     */
    public static String formatKif(Position before, int move) {
        Legal legal = new Legal(before);
        legal.requireLegal(move);
        return kif(legal, move);
    }

    /**
     * Writes a move in KI2 style with the side mark: {@code ▲７六歩}, {@code △同　歩}, {@code ▲５八金左}.
     *
     * @param before the position before the move (its last move decides 同)
     * @param move a legal move of that position
     * @return the KI2 move text
     * @throws MoveNotationException ILLEGAL if the move is not legal in the position
     */
    public static String formatKi2(Position before, int move) {
        return formatKi2(before, move, true);
    }

    /**
     * Writes a move in KI2 style, with or without the side mark (▲ for sente, △ for gote).
     *
     * {@snippet :
     * JapaneseNotation.formatKi2(pos, m, false); // "５八金左"
     * }
     *
     * @param before the position before the move
     * @param move a legal move of that position
     * @param mark whether to start with ▲ or △
     * @return the KI2 move text
     * @throws MoveNotationException ILLEGAL if the move is not legal in the position
     */
    public static String formatKi2(Position before, int move, boolean mark) {
        Legal legal = new Legal(before);
        legal.requireLegal(move);
        return ki2(legal, move, mark);
    }

    /**
     * Reads a move in KIF or KI2 style (see the class comment for the variants accepted).
     *
     * {@snippet :
     * int m = JapaneseNotation.parse(pos, "△同　歩");
     * pos.doMove(m);
     * }
     *
     * @param before the position before the move (its last move gives the square of 同)
     * @param text the move text, for example {@code ▲５八金左}, {@code ７六歩(77)} or {@code 同歩}
     * @return the legal int move
     * @throws MoveNotationException MALFORMED for text that is not Japanese notation; ILLEGAL if no legal move
     *     matches (wrong side mark, 同 without a previous move, no such piece can go there), with the core's
     *     rule ({@link MoveNotationException#rule()}) when the text names one move: the origin written, or the
     *     only piece of the kind that reaches the square (a pinned piece, a king walking into check); AMBIGUOUS
     *     if several legal moves match and the markers do not decide (the message lists them)
     */
    public static int parse(Position before, String text) {
        return parse(new Legal(before), text);
    }

    // ------------------------------------------------------------------ writing

    static String kif(Legal legal, int m) {
        StringBuilder sb = new StringBuilder(12);
        destination(legal, m, sb, "同　");
        if (Move.isDrop(m)) {
            return sb.append(Role.of(Move.dropRole(m)).kanji()).append('打').toString();
        }
        sb.append(Piece.roleOf(Move.piece(m)).kanji());
        // Kakinoki writes a non-promotion as the bare move; other KIF readers accept only 成 here.
        if (Move.isPromotion(m)) {
            sb.append('成');
        }
        return sb.append('(').append(Square.csa(Move.from(m))).append(')').toString();
    }

    static String ki2(Legal legal, int m, boolean mark) {
        StringBuilder sb = new StringBuilder(12);
        if (mark) {
            sb.append(legal.us == 0 ? '▲' : '△');
        }
        destination(legal, m, sb, "同");
        int rest = sb.length();
        if (Move.isDrop(m)) {
            sb.append(Role.of(Move.dropRole(m)).kanji());
            int[] reachers = new int[MAX_RIVALS];
            return legal.reachers(Move.piece(m), Move.to(m), reachers) > 0 ? sb.append('打').toString() : sb.toString();
        }
        sb.append(Piece.roleOf(Move.piece(m)).kanji()).append(markers(legal, m));
        promotion(legal, m, sb);
        // As Kakinoki writes it: 同 and a one-character rest take an ideographic space between them (△同　歩), so
        // that the move is as wide as one to a square; a longer rest does not (△同歩成, △同金左, △同成銀).
        if (sb.charAt(rest - 1) == '同' && sb.length() - rest == 1) {
            sb.insert(rest, '　');
        }
        return sb.toString();
    }

    /**
     * The KI2 markers (右 左 直 上 引 寄) a board move needs; empty when no other piece of its kind reaches the
     * square. A piece that reaches it but may not move there (pinned, or its move would leave the king in
     * check) counts too, as the common readers count it ({@link Legal#reachers}).
     */
    static String markers(Legal legal, int m) {
        int piece = Move.piece(m), from = Move.from(m), to = Move.to(m);
        int[] rivals = new int[MAX_RIVALS];
        int n = legal.reachers(piece, to, rivals);
        if (n <= 1) {
            return "";
        }
        int us = Piece.color(piece), role = Piece.role(piece);
        int motion = motion(us, from, to);
        int sameMotion = 0;
        for (int i = 0; i < n; i++) {
            sameMotion += motion(us, rivals[i], to) == motion ? 1 : 0;
        }
        if (sameMotion == 1) {
            return MOTION_TEXT[motion];
        }
        int position = position(us, role, from, to, rivals, n);
        if (position != NONE) {
            int samePosition = 0;
            for (int i = 0; i < n; i++) {
                samePosition += position(us, role, rivals[i], to, rivals, n) == position ? 1 : 0;
            }
            if (samePosition == 1) {
                return POSITION_TEXT[position];
            }
        }
        // Neither alone decides (three or more pieces): both, the position first, as in ８八と左上.
        return POSITION_TEXT[position] + MOTION_TEXT[motion];
    }

    private static void destination(Legal legal, int m, StringBuilder sb, String same) {
        int to = Move.to(m);
        if (to == legal.lastTo()) {
            sb.append(same);
        } else {
            sb.append(FULL_DIGITS.charAt(Square.file(to))).append(KANJI_DIGITS.charAt(Square.rank(to)));
        }
    }

    private static void promotion(Legal legal, int m, StringBuilder sb) {
        if (Move.isPromotion(m)) {
            sb.append('成');
        } else if (legal.couldPromote(m)) {
            sb.append("不成");
        }
    }

    /** The direction of a move as the mover sees it: {@link #UP}, {@link #BACK} or {@link #SIDEWAYS}. */
    static int motion(int us, int from, int to) {
        int f = Square.relativeRank(us, from), t = Square.relativeRank(us, to);
        return t < f ? UP : t > f ? BACK : SIDEWAYS;
    }

    /** The file as the mover sees it: smaller is further to the mover's right. */
    private static int sideFile(int us, int sq) {
        int f = Square.file(sq);
        return us == 0 ? f : 10 - f;
    }

    /**
     * Where a piece stands for 右/左/直. Dragons and horses compare with the other pieces (no 直); the others
     * compare with the destination's file, and a piece on that file is 直 if it moves forward, else nothing.
     */
    static int position(int us, int role, int from, int to, int[] rivals, int n) {
        int f = sideFile(us, from);
        if (role == Role.HORSE.code() || role == Role.DRAGON.code()) {
            boolean rightmost = true, leftmost = true;
            for (int i = 0; i < n; i++) {
                if (rivals[i] != from) {
                    int o = sideFile(us, rivals[i]);
                    rightmost &= f < o;
                    leftmost &= f > o;
                }
            }
            return rightmost ? RIGHT : leftmost ? LEFT : NONE;
        }
        int t = sideFile(us, to);
        if (f == t) {
            return motion(us, from, to) == UP ? STRAIGHT : NONE;
        }
        return f < t ? RIGHT : LEFT;
    }

    // ------------------------------------------------------------------ reading

    /** The parts of a Japanese move text. */
    private record Parsed(int mark, boolean same, int to, Role role, int position, int motion, boolean drop,
            int promote, int from) {}

    static int parse(Legal legal, String text) {
        Parsed p = syntax(legal, text);
        int us = legal.us;
        if (p.mark >= 0 && p.mark != us) {
            throw Errors.illegal("Japanese", text, legal, IllegalMoveReason.NOT_YOUR_TURN,
                    (p.mark == 0 ? "▲ marks sente" : "△ marks gote") + " but " + (us == 0 ? "sente" : "gote")
                            + " is to move");
        }
        int to = p.to;
        if (p.same) {
            to = legal.lastTo();
            if (to < 0) {
                throw Errors.illegal("Japanese", text, legal, "同 needs a previous move, and there is none");
            }
        }
        int piece = Piece.of(us, p.role.code());
        final int dest = to;
        if (p.drop) {
            List<Integer> drops = legal.select(m -> Move.isDrop(m) && Move.to(m) == dest && Move.piece(m) == piece);
            if (drops.isEmpty()) {
                // The core says which rule the drop breaks (not in hand, occupied, nifu, the check, …).
                Optional<IllegalMove> why = p.role.isHandRole() ? legal.whyIllegalDrop(p.role, to) : Optional.empty();
                throw why.isPresent() ? Errors.illegal("Japanese", text, legal, why.get())
                        : Errors.illegal("Japanese", text, legal, cannot(p.role, "be dropped on", to));
            }
            return drops.getFirst();
        }
        int[] rivals = new int[MAX_RIVALS];
        int n = legal.origins(piece, to, rivals);
        List<Integer> board = legal.select(m -> !Move.isDrop(m) && Move.to(m) == dest && Move.piece(m) == piece);
        if (board.isEmpty()) {
            // Without 打, a drop is meant only when no piece of the kind on the board can go there.
            boolean plain = p.position == NONE && p.motion == NONE && p.from < 0 && p.promote < 0;
            List<Integer> drops = legal.select(m -> Move.isDrop(m) && Move.to(m) == dest && Move.piece(m) == piece);
            if (plain && !drops.isEmpty()) {
                return drops.getFirst();
            }
            // No piece of the kind on the board reaches the square and one is in hand: the text means a drop,
            // and the core says which rule that drop breaks (the check, nifu, …).
            if (plain && p.role.isHandRole() && legal.reachers(piece, to, new int[MAX_RIVALS]) == 0
                    && legal.pos.handCount(Color.of(us), p.role) > 0) {
                Optional<IllegalMove> why = legal.whyIllegalDrop(p.role, to);
                if (why.isPresent()) {
                    throw Errors.illegal("Japanese", text, legal, why.get());
                }
            }
            // The text names one board move (its origin, or the only piece of the kind that reaches the square):
            // the core says which rule it breaks (a pinned piece, a king walking into check, …).
            MoveNotationException named = refusedByRule(legal, text, p, piece, to);
            throw named != null ? named : Errors.illegal("Japanese", text, legal, cannot(p.role, "move to", to));
        }
        // Some writers count a pinned dragon or horse as a rival; their 右 or 左 compares with it.
        int[] all = new int[MAX_RIVALS];
        int allCount = 0;
        for (int sq = 0; sq < Square.COUNT && allCount < MAX_RIVALS; sq++) {
            if (legal.pos.pieceAt(sq) == piece) {
                all[allCount++] = sq;
            }
        }
        List<Integer> matching = new ArrayList<>();
        for (int m : board) {
            int from = Move.from(m);
            if ((p.from >= 0 && from != p.from)
                    || Move.isPromotion(m) != (p.promote == 1)
                    || (p.motion != NONE && motion(us, from, to) != p.motion)
                    || (p.position == STRAIGHT && !(Square.file(from) == Square.file(to) && motion(us, from, to) == UP))
                    || (p.position != NONE && p.position != STRAIGHT
                            && position(us, p.role.code(), from, to, rivals, n) != p.position
                            && position(us, p.role.code(), from, to, all, allCount) != p.position)) {
                continue;
            }
            matching.add(m);
        }
        if (matching.size() == 1) {
            return matching.getFirst();
        }
        if (matching.isEmpty()) {
            MoveNotationException named = refusedByRule(legal, text, p, piece, to);
            if (named != null) {
                throw named;
            }
            boolean onlyPromotion = p.promote < 0 && board.stream().allMatch(Move::isPromotion);
            throw Errors.illegal("Japanese", text, legal, onlyPromotion
                    ? "the " + name(p.role) + " must promote there (write 成)"
                    : "no " + name(p.role) + " that can move to " + Square.name(to) + " fits the markers"
                            + " (legal: " + String.join(", ", board.stream().map(m -> kif(legal, m)).toList()) + ")");
        }
        throw Errors.ambiguous("Japanese", text, legal, matching, m -> kif(legal, m), "add 右, 左, 直, 上, 引 or 寄");
    }

    /**
     * The refusal of the one board move the text names, for the rule it breaks as the core gives it
     * ({@link Legal#whyIllegal}), exactly as the other notations refuse the same move: the move from the origin
     * a KIF text writes ({@code ４七金(57)}), or else from the only square whose piece of the kind reaches the
     * destination by its movement and fits the markers written, promoting if 成 is written. {@code null} when
     * the text names no single move (no such piece, or several), or when the move it names is legal.
     */
    private static MoveNotationException refusedByRule(Legal legal, String text, Parsed p, int piece, int to) {
        int from = p.from;
        if (from >= 0) {
            int there = legal.pos.pieceAt(from);
            if (there != Piece.NONE && Piece.color(there) == legal.us && there != piece) {
                // The origin holds a piece of the mover's, of another kind: the text contradicts the board.
                return Errors.illegal("Japanese", text, legal, "the piece on " + Square.name(from) + " is a "
                        + name(Piece.roleOf(there)) + ", not a " + name(p.role));
            }
        } else {
            int[] reach = new int[MAX_RIVALS];
            int n = legal.reachers(piece, to, reach);
            int fitting = 0;
            for (int i = 0; i < n; i++) {
                if (fitsMarkers(legal.us, p, reach[i], to, reach, n)) {
                    from = reach[i];
                    fitting++;
                }
            }
            if (fitting != 1) {
                return null;
            }
        }
        return legal.whyIllegal(from, to, p.promote == 1).map(why -> Errors.illegal("Japanese", text, legal, why))
                .orElse(null);
    }

    /** Whether a piece on {@code from} moving to {@code to} fits the 上/引/寄 and 右/左/直 the text writes. */
    private static boolean fitsMarkers(int us, Parsed p, int from, int to, int[] rivals, int n) {
        if (p.motion != NONE && motion(us, from, to) != p.motion) {
            return false;
        }
        if (p.position == STRAIGHT) {
            return Square.file(from) == Square.file(to) && motion(us, from, to) == UP;
        }
        return p.position == NONE || position(us, p.role.code(), from, to, rivals, n) == p.position;
    }

    private static String cannot(Role role, String what, int to) {
        return "no " + name(role) + " can " + what + " " + Square.name(to);
    }

    private static String name(Role role) {
        return role.name().toLowerCase(Locale.ROOT).replace('_', ' ') + " (" + role.kanji() + ")";
    }

    private static Parsed syntax(Legal legal, String text) {
        if (text == null) {
            throw Errors.malformed("Japanese", "null", legal, -1, "no text");
        }
        int len = text.length();
        int i = skipSpaces(text, 0);
        int mark = -1;
        if (i < len && "▲☗▼".indexOf(text.charAt(i)) >= 0) {
            mark = 0;
            i = skipSpaces(text, i + 1);
        } else if (i < len && "△☖▽".indexOf(text.charAt(i)) >= 0) {
            mark = 1;
            i = skipSpaces(text, i + 1);
        }
        boolean same = false;
        int to = -1;
        if (i < len && (text.charAt(i) == '同' || text.charAt(i) == '仝')) {
            same = true;
            i = skipSpaces(text, i + 1);
        } else {
            int file = i < len ? digit(text.charAt(i)) : 0;
            int rank = i + 1 < len ? digit(text.charAt(i + 1)) : 0;
            if (file == 0 || rank == 0) {
                throw Errors.malformed("Japanese", text, legal, i, "expected a square such as ７六 or 同");
            }
            to = Square.of(file, rank);
            i += 2;
        }
        if (i >= len) {
            throw Errors.malformed("Japanese", text, legal, i, "expected a piece after the square");
        }
        Role role;
        char c = text.charAt(i);
        if (c == '成' && i + 1 < len && "香桂銀".indexOf(text.charAt(i + 1)) >= 0) {
            role = switch (text.charAt(i + 1)) {
                case '香' -> Role.PRO_LANCE;
                case '桂' -> Role.PRO_KNIGHT;
                default -> Role.PRO_SILVER;
            };
            i += 2;
        } else {
            role = piece(c);
            if (role == null) {
                throw Errors.malformed("Japanese", text, legal, i,
                        "'" + c + "' is not a piece (歩 香 桂 銀 金 角 飛 玉 と 成香 成桂 成銀 馬 龍)");
            }
            i++;
        }
        int position = NONE, motion = NONE, promote = -1, from = -1;
        boolean drop = false;
        while (i < len) {
            c = text.charAt(i);
            int at = i;
            if (c == '右' || c == '左' || c == '直') {
                if (position != NONE) {
                    throw Errors.malformed("Japanese", text, legal, at, "more than one of 右, 左 and 直");
                }
                position = c == '右' ? RIGHT : c == '左' ? LEFT : STRAIGHT;
            } else if (c == '上' || c == '行' || c == '引' || c == '寄') {
                if (motion != NONE) {
                    throw Errors.malformed("Japanese", text, legal, at, "more than one of 上, 引 and 寄");
                }
                motion = c == '引' ? BACK : c == '寄' ? SIDEWAYS : UP;
            } else if (c == '打') {
                if (drop) {
                    throw Errors.malformed("Japanese", text, legal, at, "打 written twice");
                }
                drop = true;
            } else if (c == '成' || c == '生' || (c == '不' && i + 1 < len && text.charAt(i + 1) == '成')) {
                if (promote >= 0) {
                    throw Errors.malformed("Japanese", text, legal, at, "成 or 不成 written twice");
                }
                promote = c == '成' ? 1 : 0;
                i += c == '不' ? 1 : 0;
            } else {
                break;
            }
            i++;
        }
        i = skipSpaces(text, i);
        if (i < len && (text.charAt(i) == '(' || text.charAt(i) == '（')) {
            int file = i + 1 < len ? digit(text.charAt(i + 1)) : 0;
            int rank = i + 2 < len ? digit(text.charAt(i + 2)) : 0;
            if (file == 0 || rank == 0 || i + 3 >= len || (text.charAt(i + 3) != ')' && text.charAt(i + 3) != '）')) {
                throw Errors.malformed("Japanese", text, legal, i, "expected an origin such as (77)");
            }
            from = Square.of(file, rank);
            i = skipSpaces(text, i + 4);
        }
        if (i < len) {
            throw Errors.malformed("Japanese", text, legal, i, "unexpected '" + text.charAt(i) + "'");
        }
        if (drop && (from >= 0 || promote >= 0 || position != NONE || motion != NONE)) {
            throw Errors.malformed("Japanese", text, legal, -1,
                    "a drop (打) has no origin, no 成 or 不成 and no 右, 左, 直, 上, 引 or 寄");
        }
        if (drop && !role.isHandRole()) {
            throw Errors.malformed("Japanese", text, legal, -1, role.kanji() + " cannot be dropped");
        }
        return new Parsed(mark, same, to, role, position, motion, drop, promote, from);
    }

    private static Role piece(char c) {
        return Role.ofKanji(c).orElse(null);
    }

    /** A digit 1–9 written half-width, full-width or in kanji; 0 if the character is none of these. */
    static int digit(char c) {
        if (c >= '1' && c <= '9') {
            return c - '0';
        }
        int full = FULL_DIGITS.indexOf(c);
        if (full > 0) {
            return full;
        }
        int kanji = KANJI_DIGITS.indexOf(c);
        return Math.max(kanji, 0);
    }

    private static int skipSpaces(String text, int i) {
        while (i < text.length() && (text.charAt(i) == ' ' || text.charAt(i) == '　' || text.charAt(i) == '\t')) {
            i++;
        }
        return i;
    }
}
