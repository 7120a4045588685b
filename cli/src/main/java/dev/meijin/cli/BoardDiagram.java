package dev.meijin.cli;

import dev.meijin.core.Color;
import dev.meijin.core.Piece;
import dev.meijin.core.Role;
import dev.meijin.core.Square;
import dev.meijin.core.position.Position;
import java.util.ArrayList;
import java.util.List;

/**
 * Board diagrams for the terminal, seen from sente's side: square 11 ({@code 1a}) at the top right, file
 * numbers across the top, ranks down the right side, gote's hand above the board and sente's below, then the
 * side to move, the move number and whether it is in check.
 *
 * <p>{@link Style#KANJI} follows the KIF board diagram (BOD) conventions: {@code +---+} borders, {@code |}
 * sides, one-character piece kanji ({@code 杏 圭 全} for the promoted lance, knight and silver), {@code v}
 * before gote's pieces, {@code ・} for an empty square, and hands such as {@code 飛　角　歩四} with kanji
 * counts. {@link Style#ASCII} uses SFEN letters (uppercase sente, lowercase gote, {@code +} before a promoted
 * piece), files {@code 9 … 1} and ranks {@code a … i}, for terminals without Japanese fonts.
 *
 * {@snippet :
 * List<String> lines = BoardDiagram.render(Position.startpos(), BoardDiagram.Style.KANJI, BoardDiagram.Sides.EVEN);
 * }
 */
final class BoardDiagram {
    private BoardDiagram() {}

    /** How pieces and labels are written. */
    enum Style {
        /** Japanese, as a KIF board diagram. */
        KANJI,
        /** SFEN letters and English labels. */
        ASCII
    }

    /**
     * What the two sides are called: sente and gote in an even game or a set-up position; in a handicap game
     * the receiver (下手, shitate) plays sente and the giver (上手, uwate) plays gote.
     *
     * @param senteKanji sente's name in Japanese
     * @param goteKanji gote's name in Japanese
     * @param senteAscii sente's name in English
     * @param goteAscii gote's name in English
     */
    record Sides(String senteKanji, String goteKanji, String senteAscii, String goteAscii) {
        /** 先手 and 後手. */
        static final Sides EVEN = new Sides("先手", "後手", "Sente", "Gote");
        /** 下手 (sente) and 上手 (gote). */
        static final Sides HANDICAP = new Sides("下手", "上手", "Shitate", "Uwate");

        /** The name of a side in a style. */
        String name(Color color, Style style) {
            boolean sente = color == Color.SENTE;
            return switch (style) {
                case KANJI -> sente ? senteKanji : goteKanji;
                case ASCII -> sente ? senteAscii : goteAscii;
            };
        }

        /** The name with its mark, as prompts and moves show it: {@code ▲先手}, {@code △上手}; plain in ASCII. */
        String marked(Color color, Style style) {
            return switch (style) {
                case KANJI -> (color == Color.SENTE ? "▲" : "△") + name(color, style);
                case ASCII -> name(color, style);
            };
        }
    }

    /** Piece kanji by role code, one character each as in a KIF diagram (index 0 unused). */
    private static final String[] KANJI = {
        "", "歩", "香", "桂", "銀", "角", "飛", "金", "玉", "と", "杏", "圭", "全", "馬", "龍"
    };
    private static final String NUMERALS = "〇一二三四五六七八九";
    private static final String FULL_WIDTH_DIGITS = "０１２３４５６７８９";
    private static final String BORDER = "+" + "-".repeat(27) + "+";
    private static final String IDEOGRAPHIC_SPACE = "\u3000";

    /** The diagram as lines without line terminators. */
    static List<String> render(Position pos, Style style, Sides sides) {
        List<String> lines = new ArrayList<>(14);
        lines.add(handLine(pos, Color.GOTE, style, sides));
        StringBuilder header = new StringBuilder(" "); // above the left border
        for (int file = 9; file >= 1; file--) {
            header.append(switch (style) {
                case KANJI -> " " + FULL_WIDTH_DIGITS.charAt(file);
                case ASCII -> "  " + file;
            });
        }
        lines.add(header.toString());
        lines.add(BORDER);
        for (int rank = 1; rank <= 9; rank++) {
            StringBuilder row = new StringBuilder("|");
            for (int file = 9; file >= 1; file--) {
                row.append(cell(pos.pieceAt(Square.of(file, rank)), style));
            }
            row.append(switch (style) {
                case KANJI -> "|" + NUMERALS.charAt(rank);
                case ASCII -> "| " + (char) ('a' + rank - 1);
            });
            lines.add(row.toString());
        }
        lines.add(BORDER);
        lines.add(handLine(pos, Color.SENTE, style, sides));
        lines.add(statusLine(pos, style, sides));
        return lines;
    }

    /** Three columns per square: a KIF cell ({@code  歩}, {@code v歩}, {@code  ・}) or right-aligned SFEN letters. */
    private static String cell(int piece, Style style) {
        return switch (style) {
            case KANJI -> piece == Piece.NONE ? " ・" : (Piece.color(piece) == 0 ? " " : "v") + KANJI[Piece.role(piece)];
            case ASCII -> {
                String text = piece == Piece.NONE ? "." : Piece.sfen(piece);
                yield " ".repeat(3 - text.length()) + text;
            }
        };
    }

    private static String handLine(Position pos, Color color, Style style, Sides sides) {
        List<String> items = new ArrayList<>(7);
        for (Role role : Role.HAND_ORDER) {
            int n = pos.handCount(color, role);
            if (n > 0) {
                items.add(switch (style) {
                    case KANJI -> KANJI[role.code()] + (n > 1 ? kanjiNumber(n) : "");
                    case ASCII -> (n > 1 ? Integer.toString(n) : "") + role.sfenLetter();
                });
            }
        }
        return switch (style) {
            case KANJI -> sides.name(color, style) + "の持駒："
                    + (items.isEmpty() ? "なし" : String.join(IDEOGRAPHIC_SPACE, items));
            case ASCII -> sides.name(color, style) + " hand: " + (items.isEmpty() ? "-" : String.join(" ", items));
        };
    }

    /**
     * {@code 先手番　1手目} (with {@code 　王手} when in check), or {@code Sente to move, move 1} (with
     * {@code , in check}).
     */
    private static String statusLine(Position pos, Style style, Sides sides) {
        String side = sides.name(pos.turn(), style);
        return switch (style) {
            case KANJI -> side + "番" + IDEOGRAPHIC_SPACE + pos.moveNumber() + "手目"
                    + (pos.inCheck() ? IDEOGRAPHIC_SPACE + "王手" : "");
            case ASCII -> side + " to move, move " + pos.moveNumber() + (pos.inCheck() ? ", in check" : "");
        };
    }

    /** Kanji numerals as KIF writes hand counts: 二 … 九, 十, 十一 … 十八. */
    static String kanjiNumber(int n) {
        if (n < 1 || n > 19) {
            return Integer.toString(n);
        }
        return n < 10 ? String.valueOf(NUMERALS.charAt(n)) : "十" + (n > 10 ? String.valueOf(NUMERALS.charAt(n - 10)) : "");
    }
}
