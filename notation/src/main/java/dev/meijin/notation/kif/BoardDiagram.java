package dev.meijin.notation.kif;

import dev.meijin.core.Color;
import dev.meijin.core.Piece;
import dev.meijin.core.Role;
import dev.meijin.core.Square;
import dev.meijin.core.position.Setup;
import dev.meijin.notation.kifu.KifuException;
import dev.meijin.notation.kifu.Limits;
import dev.meijin.notation.kifu.Problem;
import java.util.ArrayList;
import java.util.List;

/**
 * Kakinoki board diagrams (BOD), the position block that KIF and KI2 files use for any start other than a
 * registered handicap:
 *
 * <pre>
 * 後手の持駒：飛　角　金　歩四
 *   ９ ８ ７ ６ ５ ４ ３ ２ １
 * +---------------------------+
 * |v香v桂v銀v金v玉v金v銀v桂v香|一
 * | ・ ・ ・ ・ ・ ・ ・ ・ ・|二
 * …
 * +---------------------------+
 * 先手の持駒：なし
 * 後手番
 * </pre>
 *
 * Each square is two characters: a side mark ({@code v} for gote, a space for sente) and a one-character
 * piece ({@code ・} for an empty square; the promoted pieces are と 杏 圭 全 馬 龍, 竜 and 王 are read too). Hands
 * list pieces with kanji counts ({@code 歩十八}); {@code なし} means none. In handicap games the sides may be
 * named 上手 (gote) and 下手 (sente). {@code 手数＝N} gives the number of moves played before the diagram.
 *
 * {@snippet :
 * String bod = BoardDiagram.format(Setups.STARTPOS);
 * Setup s = BoardDiagram.parse(bod);
 * }
 */
public final class BoardDiagram {
    private BoardDiagram() {}

    /** The column header line. */
    public static final String FILES = "  ９ ８ ７ ６ ５ ４ ３ ２ １";

    /** The border line above and below the board. */
    public static final String BORDER = "+---------------------------+";

    static final String RANKS = "一二三四五六七八九";
    private static final String NUMERALS = "〇一二三四五六七八九";

    /**
     * Writes a setup as a board diagram: gote's hand, the board, sente's hand, the side to move, and a
     * {@code 手数＝N} line when the setup's move number is above 1. Lines end with {@code \n}.
     *
     * @param setup the position
     * @return the diagram
     */
    public static String format(Setup setup) {
        StringBuilder sb = new StringBuilder(512);
        for (String line : lines(setup, false)) {
            sb.append(line).append('\n');
        }
        return sb.toString();
    }

    /**
     * The diagram's lines.
     *
     * @param setup the position
     * @param handicapNames whether to name the sides 上手 and 下手 instead of 後手 and 先手
     * @return the lines, without line ends
     */
    public static List<String> lines(Setup setup, boolean handicapNames) {
        String sente = handicapNames ? "下手" : "先手";
        String gote = handicapNames ? "上手" : "後手";
        List<String> out = new ArrayList<>(16);
        out.add(gote + "の持駒：" + hand(setup, Color.GOTE));
        out.add(FILES);
        out.add(BORDER);
        for (int rank = 1; rank <= 9; rank++) {
            StringBuilder row = new StringBuilder(32).append('|');
            for (int file = 9; file >= 1; file--) {
                int pc = setup.piece(Square.of(file, rank));
                if (pc == Piece.NONE) {
                    row.append(" ・");
                } else {
                    row.append(Piece.color(pc) == 0 ? ' ' : 'v').append(kanji(Piece.roleOf(pc)));
                }
            }
            out.add(row.append('|').append(RANKS.charAt(rank - 1)).toString());
        }
        out.add(BORDER);
        out.add(sente + "の持駒：" + hand(setup, Color.SENTE));
        out.add((setup.turn() == Color.SENTE ? sente : gote) + "番");
        if (setup.moveNumber() > 1) {
            out.add("手数＝" + (setup.moveNumber() - 1));
        }
        return out;
    }

    /**
     * Reads a board diagram (the lines above; other lines, such as headers, are ignored).
     *
     * @param text the diagram
     * @return the position it shows (not checked against the rules)
     * @throws KifuException naming the line of the first malformed row or hand, or if there is no board
     */
    public static Setup parse(String text) {
        Reader r = new Reader();
        String[] lines = text.split("\r\n|\r|\n", -1);
        for (int i = 0; i < lines.length; i++) {
            String t = lines[i].strip();
            if (!t.isEmpty()) {
                String error = r.accept(t);
                if (error != null) {
                    throw new KifuException(new Problem(kindOf(t), i + 1, 0, 0, error, t));
                }
            }
        }
        if (r.rows != 9 || r.malformed) {
            throw new KifuException(new Problem(Problem.Kind.BAD_BOARD, 0, 0, 0, "the diagram has " + r.rows + " board rows, not 9"));
        }
        return r.setup(r.turn == null ? Color.SENTE : r.turn, r.moveNumber);
    }

    /** The text of a hand: {@code 飛　角　金　歩四}, or {@code なし}. */
    static String hand(Setup setup, Color color) {
        StringBuilder sb = new StringBuilder();
        for (Role r : Role.HAND_ORDER) {
            int n = setup.handCount(color, r);
            if (n > 0) {
                if (!sb.isEmpty()) {
                    sb.append('　');
                }
                sb.append(r.kanji());
                if (n > 1) {
                    sb.append(numeral(n));
                }
            }
        }
        return sb.isEmpty() ? "なし" : sb.toString();
    }

    /**
     * Kanji numerals as hands use them: 二 … 九, 十, 十一 … 十八, up to 九十九; digits from 100 on, which only a hand
     * beyond {@link Limits#MAX_HAND_COUNT} needs (the writers report it).
     */
    static String numeral(int n) {
        if (n >= 100) {
            return Integer.toString(n);
        }
        if (n < 10) {
            return String.valueOf(NUMERALS.charAt(n));
        }
        if (n < 20) {
            return "十" + (n == 10 ? "" : String.valueOf(NUMERALS.charAt(n - 10)));
        }
        return NUMERALS.charAt(n / 10) + "十" + (n % 10 == 0 ? "" : String.valueOf(NUMERALS.charAt(n % 10)));
    }

    /** The one-character diagram name of a role. */
    static char kanji(Role r) {
        return switch (r) {
            case PAWN -> '歩';
            case LANCE -> '香';
            case KNIGHT -> '桂';
            case SILVER -> '銀';
            case GOLD -> '金';
            case BISHOP -> '角';
            case ROOK -> '飛';
            case KING -> '玉';
            case TOKIN -> 'と';
            case PRO_LANCE -> '杏';
            case PRO_KNIGHT -> '圭';
            case PRO_SILVER -> '全';
            case HORSE -> '馬';
            case DRAGON -> '龍';
        };
    }

    /** The role of a one-character diagram name, or null. */
    static Role role(char c) {
        return Role.ofKanji(c).orElse(null);
    }

    /**
     * What a line of a diagram that {@link Reader#accept} refuses is about: pieces in hand, the move number
     * (手数＝), or else a row of the board.
     */
    static Problem.Kind kindOf(String t) {
        if (handColor(t) != null) {
            return Problem.Kind.BAD_HAND;
        }
        return t.startsWith("手数＝") || t.startsWith("手数=") ? Problem.Kind.MOVE_NUMBER : Problem.Kind.BAD_BOARD_ROW;
    }

    /** Whether a (stripped) line belongs to a diagram's frame or board: the file header, a border or a row. */
    static boolean isFrame(String t) {
        return t.startsWith("+-") || t.startsWith("|") || t.startsWith("９ ８") || t.startsWith("９　８");
    }

    /** Whether a (stripped) line is a hand line such as {@code 先手の持駒：…}; returns the color or null. */
    static Color handColor(String t) {
        if (t.length() < 5 || !t.startsWith("の持駒", 2) || (t.length() > 5 && t.charAt(5) != '：' && t.charAt(5) != ':')) {
            return null;
        }
        return switch (t.substring(0, 2)) {
            case "先手", "下手" -> Color.SENTE;
            case "後手", "上手" -> Color.GOTE;
            default -> null;
        };
    }

    /** The side of a turn line ({@code 先手番}, {@code 後手番}, {@code 下手番}, {@code 上手番}), or null. */
    static Color turnLine(String t) {
        return switch (t) {
            case "先手番", "下手番" -> Color.SENTE;
            case "後手番", "上手番" -> Color.GOTE;
            default -> null;
        };
    }

    /**
     * Reads hand text ({@code 飛　角　金　歩四}, {@code 歩十八}, {@code なし}) into counts by role code.
     *
     * @return null if the text is fine, else what is wrong
     */
    static String parseHand(String text, int[] counts) {
        String t = text.strip();
        if (t.isEmpty() || t.equals("なし")) {
            return null;
        }
        int i = 0;
        while (i < t.length()) {
            char c = t.charAt(i);
            if (c == ' ' || c == '　' || c == '\t' || c == '、' || c == ',') {
                i++;
                continue;
            }
            Role r = role(c);
            if (r == null || !r.isHandRole()) {
                return "'" + c + "' is not a piece that can be held in hand";
            }
            i++;
            int start = i;
            int n = 0;
            // Kanji numerals (十八, 二), or Arabic / full-width digits.
            while (i < t.length() && numeralValue(t.charAt(i)) >= 0) {
                i++;
            }
            if (i > start) {
                n = numeralText(t.substring(start, i));
                if (n < 0) {
                    return "bad count \"" + t.substring(start, i) + "\" after " + c;
                }
            } else {
                n = 1;
            }
            // More pieces than a set has is the start position's problem, reported once by its check
            // ("99 pawns on the board and in hand, a set has 18"); more than a record may give is refused here,
            // also when hand lines repeat and add up (they overflowed the count).
            if (n > Limits.MAX_HAND_COUNT - counts[r.code()]) {
                return "more than " + Limits.MAX_HAND_COUNT + " " + c + " in hand";
            }
            counts[r.code()] += n;
        }
        return null;
    }

    private static int numeralValue(char c) {
        int k = NUMERALS.indexOf(c);
        if (k >= 0) {
            return k;
        }
        if (c == '十') {
            return 10;
        }
        if (c >= '0' && c <= '9') {
            return c - '0';
        }
        if (c >= '０' && c <= '９') {
            return c - '０';
        }
        return -1;
    }

    /** The value of a count written in kanji ({@code 十八}) or digits ({@code 18}, {@code １８}); -1 if malformed. */
    private static int numeralText(String s) {
        if (s.length() > 3) {
            return -1;
        }
        boolean digits = true;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            digits &= (c >= '0' && c <= '9') || (c >= '０' && c <= '９');
        }
        if (digits) {
            int n = 0;
            for (int i = 0; i < s.length(); i++) {
                n = n * 10 + numeralValue(s.charAt(i));
            }
            return n;
        }
        int ten = s.indexOf('十');
        if (ten < 0) {
            return s.length() == 1 ? numeralValue(s.charAt(0)) : -1;
        }
        int tens = ten == 0 ? 1 : ten == 1 ? numeralValue(s.charAt(0)) : -1;
        int units = ten == s.length() - 1 ? 0 : ten == s.length() - 2 ? numeralValue(s.charAt(ten + 1)) : -1;
        if (tens < 1 || tens > 9 || units < 0 || units > 9) {
            return -1;
        }
        return tens * 10 + units;
    }

    /**
     * Reads a board row ({@code |v香v桂 ・ …|一}) into piece codes, file 9 first.
     *
     * @return null if the row is fine, else what is wrong
     */
    static String parseRow(String t, int[] pieces) {
        int open = t.indexOf('|');
        int close = t.lastIndexOf('|');
        if (open < 0 || close <= open) {
            return "a board row must lie between two '|'";
        }
        String cells = t.substring(open + 1, close);
        int n = 0;
        int i = 0;
        while (i < cells.length()) {
            char c = cells.charAt(i);
            int color = 0;
            if (c == 'v' || c == 'V' || c == '^') {
                color = 1;
                i++;
            } else if (c == ' ' || c == '　' || c == '+') {
                i++;
            }
            if (i >= cells.length()) {
                return "board row ends in the middle of a square";
            }
            char p = cells.charAt(i++);
            if (n >= 9) {
                return "board row has more than 9 squares";
            }
            if (p == '・' || p == '□' || p == ' ' || p == '　') {
                pieces[n++] = Piece.NONE;
                continue;
            }
            Role r = role(p);
            if (r == null) {
                return "'" + p + "' is not a piece";
            }
            pieces[n++] = Piece.of(color, r.code());
        }
        if (n != 9) {
            return "board row has " + n + " squares, not 9";
        }
        return null;
    }

    /** Collects the lines of one diagram. */
    static final class Reader {
        final int[] board = new int[Square.COUNT];
        final int[][] hands = new int[2][8];
        int rows;
        /** Some row could not be read; the diagram is not used. */
        boolean malformed;
        int borders;
        boolean handSeen;
        Color turn;
        int moveNumber = 1;

        /** Takes one stripped line of a diagram; returns null if fine, or what is wrong with it. */
        String accept(String t) {
            Color hand = handColor(t);
            if (hand != null) {
                handSeen = true;
                int colon = Math.max(t.indexOf('：'), t.indexOf(':'));
                return parseHand(colon < 0 ? "" : t.substring(colon + 1), hands[hand.index()]);
            }
            Color side = turnLine(t);
            if (side != null) {
                turn = side;
                return null;
            }
            if (t.startsWith("手数＝") || t.startsWith("手数=")) {
                return moveCount(t);
            }
            if (t.startsWith("+-")) {
                borders++;
                return null;
            }
            if (t.startsWith("|")) {
                int[] row = new int[9];
                String error = parseRow(t, row);
                if (rows >= 9) {
                    malformed = true;
                    return "more than 9 board rows";
                }
                if (error != null) {
                    // Count the row anyway, so that the rows after it keep their places.
                    rows++;
                    malformed = true;
                    return error;
                }
                char label = t.charAt(t.length() - 1);
                int labelled = RANKS.indexOf(label);
                if (labelled >= 0 && labelled != rows) {
                    return "board row " + label + " found where row " + RANKS.charAt(rows) + " was expected";
                }
                for (int k = 0; k < 9; k++) {
                    board[Square.of(9 - k, rows + 1)] = row[k];
                }
                rows++;
                return null;
            }
            return null;
        }

        /**
         * Takes a {@code 手数＝N} line: N moves were played before the diagram. Kakinoki writes the last of them after
         * spaces ({@code 手数＝30  ▲５八玉  まで}); anything else after the digits makes it no number.
         */
        private String moveCount(String t) {
            int i = 3;
            long n = 0;
            while (i < t.length() && t.charAt(i) >= '0' && t.charAt(i) <= '9' && n < Limits.MAX_MOVE_NUMBER) {
                n = n * 10 + (t.charAt(i++) - '0');
            }
            if (i == 3) {
                return "手数＝ without a number";
            }
            // The start's move number (SFEN's) follows the moves before it.
            if (n >= Limits.MAX_MOVE_NUMBER) {
                return "手数＝ number too large (at most " + (Limits.MAX_MOVE_NUMBER - 1) + ")";
            }
            if (i < t.length() && !Character.isWhitespace(t.charAt(i))) {
                int end = i;
                while (end < t.length() && !Character.isWhitespace(t.charAt(end))) {
                    end++;
                }
                return "手数＝ number \"" + Limits.excerpt(t.substring(3, end)) + "\" is not a whole number";
            }
            moveNumber = (int) n + 1;
            return null;
        }

        Setup setup(Color side, int number) {
            List<Integer> b = new ArrayList<>(Square.COUNT);
            for (int p : board) {
                b.add(p);
            }
            List<Integer> h = new ArrayList<>(16);
            for (int c = 0; c < 2; c++) {
                for (int r = 0; r < 8; r++) {
                    h.add(hands[c][r]);
                }
            }
            return new Setup(b, h, side, Math.max(1, number));
        }
    }
}
