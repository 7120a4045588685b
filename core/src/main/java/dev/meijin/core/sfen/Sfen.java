package dev.meijin.core.sfen;

import dev.meijin.core.Color;
import dev.meijin.core.Hand;
import dev.meijin.core.Piece;
import dev.meijin.core.Role;
import dev.meijin.core.position.IllegalPositionException;
import dev.meijin.core.position.Position;
import dev.meijin.core.position.Setup;
import dev.meijin.core.position.Setups;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * SFEN text: {@code board side hands move-number}, e.g. the start position
 * {@code lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1}.
 *
 * <p>{@link #parse(String)} checks the syntax and returns a {@link Setup} that may still be illegal;
 * {@link #position(String)} also checks the rules. The move number may be omitted (it is then 1). Hands
 * are accepted in any order and with repeated letters ({@code SPbslpppp}); they are written in the order
 * R B G S N L P, sente's first.
 *
 * {@snippet :
 * Position p = Sfen.position("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1");
 * String text = Sfen.format(p);
 * }
 */
public final class Sfen {
    private Sfen() {}

    /** The start position's SFEN. */
    public static final String STARTPOS = Setups.STARTPOS_SFEN;

    /**
     * Parses SFEN text into a setup, checking syntax only.
     *
     * @throws SfenException naming the reason and the character index
     */
    public static Setup parse(String text) {
        if (text == null || text.isBlank()) {
            throw new SfenException(SfenException.Reason.FIELDS, String.valueOf(text), 0, "empty SFEN");
        }
        String in = text.strip();
        if (in.startsWith("sfen ")) {
            in = in.substring(5).strip();
        }
        if (in.equals("startpos")) {
            return Setups.STARTPOS;
        }
        // Split on runs of spaces, keeping each field's start index for error messages.
        List<String> fields = new ArrayList<>();
        List<Integer> starts = new ArrayList<>();
        int i = 0;
        while (i < in.length()) {
            while (i < in.length() && in.charAt(i) == ' ') i++;
            int s = i;
            while (i < in.length() && in.charAt(i) != ' ') i++;
            if (i > s) {
                fields.add(in.substring(s, i));
                starts.add(s);
            }
        }
        if (fields.getFirst().equals("startpos")) {
            throw new SfenException(SfenException.Reason.FIELDS, in, starts.get(1),
                    "startpos is a whole position and takes no other fields, found \"" + in.substring(starts.get(1)) + "\"");
        }
        if (fields.size() < 3 || fields.size() > 4) {
            throw new SfenException(SfenException.Reason.FIELDS, in, in.length(), "expected 4 fields (board, side, hands, move number), found " + fields.size());
        }
        List<Integer> board = parseBoard(in, fields.get(0), starts.get(0));
        String turnText = fields.get(1);
        Color turn = switch (turnText) {
            case "b" -> Color.SENTE;
            case "w" -> Color.GOTE;
            default -> throw new SfenException(SfenException.Reason.TURN, in, starts.get(1), "side to move \"" + turnText + "\" is not b or w");
        };
        List<Integer> hands = parseHands(in, fields.get(2), starts.get(2));
        int moveNumber = 1;
        if (fields.size() == 4) {
            String mn = fields.get(3);
            int at = starts.get(3);
            if (mn.length() > 9 || !mn.chars().allMatch(ch -> ch >= '0' && ch <= '9')) {
                throw new SfenException(SfenException.Reason.MOVE_NUMBER, in, at, "move number \"" + mn + "\" is not a positive integer");
            }
            moveNumber = Integer.parseInt(mn);
            if (moveNumber < 1) {
                throw new SfenException(SfenException.Reason.MOVE_NUMBER, in, at, "move number " + moveNumber + " is below 1");
            }
        }
        return new Setup(board, hands, turn, moveNumber);
    }

    private static List<Integer> parseBoard(String in, String b, int offset) {
        List<Integer> board = new ArrayList<>(Collections.nCopies(81, 0));
        int rank = 1, file = 9;
        boolean promoted = false;
        for (int i = 0; i < b.length(); i++) {
            char ch = b.charAt(i);
            int at = offset + i;
            if (ch == '/') {
                if (promoted) {
                    throw new SfenException(SfenException.Reason.BOARD, in, at, "'+' not followed by a piece");
                }
                if (file != 0) {
                    throw new SfenException(SfenException.Reason.BOARD, in, at, "rank " + rank + " has " + (9 - file) + " squares, not 9");
                }
                rank++;
                file = 9;
                if (rank > 9) {
                    throw new SfenException(SfenException.Reason.BOARD, in, at, "more than 9 ranks");
                }
            } else if (ch >= '1' && ch <= '9') {
                if (promoted) {
                    throw new SfenException(SfenException.Reason.BOARD, in, at, "'+' not followed by a piece");
                }
                file -= ch - '0';
                if (file < 0) {
                    throw new SfenException(SfenException.Reason.BOARD, in, at, "rank " + rank + " has more than 9 squares");
                }
            } else if (ch == '+') {
                if (promoted) {
                    throw new SfenException(SfenException.Reason.BOARD, in, at, "'++'");
                }
                promoted = true;
            } else {
                int role = roleOfLetter(Character.toUpperCase(ch));
                if (role == 0) {
                    throw new SfenException(SfenException.Reason.BOARD, in, at, "unknown piece letter '" + ch + "'");
                }
                if (promoted) {
                    if (role > 6) {
                        throw new SfenException(SfenException.Reason.BOARD, in, at, "'+" + ch + "': " + Role.of(role) + " cannot promote");
                    }
                    role += 8;
                    promoted = false;
                }
                if (file < 1) {
                    throw new SfenException(SfenException.Reason.BOARD, in, at, "rank " + rank + " has more than 9 squares");
                }
                int color = Character.isUpperCase(ch) ? 0 : 1;
                board.set(9 * (file - 1) + rank - 1, Piece.of(color, role));
                file--;
            }
        }
        if (promoted) {
            throw new SfenException(SfenException.Reason.BOARD, in, offset + b.length(), "'+' not followed by a piece");
        }
        if (rank != 9 || file != 0) {
            throw new SfenException(SfenException.Reason.BOARD, in, offset + b.length(),
                    rank != 9 ? "the board has " + rank + " ranks, not 9" : "rank 9 has " + (9 - file) + " squares, not 9");
        }
        return board;
    }

    private static int roleOfLetter(char upper) {
        return switch (upper) {
            case 'P' -> 1;
            case 'L' -> 2;
            case 'N' -> 3;
            case 'S' -> 4;
            case 'B' -> 5;
            case 'R' -> 6;
            case 'G' -> 7;
            case 'K' -> 8;
            default -> 0;
        };
    }

    private static List<Integer> parseHands(String in, String h, int offset) {
        List<Integer> hands = new ArrayList<>(Collections.nCopies(16, 0));
        if (h.equals("-")) {
            return hands;
        }
        int i = 0;
        while (i < h.length()) {
            int at = offset + i;
            int n = 1;
            if (h.charAt(i) >= '0' && h.charAt(i) <= '9') {
                int s = i;
                while (i < h.length() && h.charAt(i) >= '0' && h.charAt(i) <= '9') i++;
                if (i - s > 2) {
                    throw new SfenException(SfenException.Reason.HANDS, in, at, "count \"" + h.substring(s, i) + "\" is too large");
                }
                n = Integer.parseInt(h.substring(s, i));
                if (n < 1) {
                    throw new SfenException(SfenException.Reason.HANDS, in, at, "count " + n + " is below 1");
                }
                if (i == h.length()) {
                    throw new SfenException(SfenException.Reason.HANDS, in, offset + i, "count " + n + " without a piece letter");
                }
            }
            char ch = h.charAt(i);
            int role = roleOfLetter(Character.toUpperCase(ch));
            if (role == 0 || role == 8) {
                throw new SfenException(SfenException.Reason.HANDS, in, offset + i, role == 8 ? "a king cannot be in hand" : "unknown piece letter '" + ch + "'");
            }
            int color = Character.isUpperCase(ch) ? 0 : 1;
            int idx = color * 8 + role;
            int total = hands.get(idx) + n;
            if (total > Hand.MAX[role]) {
                throw new SfenException(SfenException.Reason.HANDS, in, at, "\"" + h + "\": " + Role.of(role) + " count " + total + " > " + Hand.MAX[role]);
            }
            hands.set(idx, total);
            i++;
        }
        return hands;
    }

    /**
     * Parses SFEN text into a legal position (both kings required).
     *
     * @throws SfenException if the text is malformed or the position is illegal (reason {@code POSITION})
     */
    public static Position position(String text) {
        Setup s = parse(text);
        try {
            return Position.of(s);
        } catch (IllegalPositionException e) {
            String in = text.strip();
            throw new SfenException(SfenException.Reason.POSITION, in, indexOf(in, e.square()), e.getMessage() + " " + e.issues());
        }
    }

    /**
     * Parses SFEN text into a mate-problem position: the side to move may lack a king.
     *
     * @throws SfenException if the text is malformed or the position is illegal
     */
    public static Position tsume(String text) {
        Setup s = parse(text);
        try {
            return Position.ofTsume(s);
        } catch (IllegalPositionException e) {
            String in = text.strip();
            throw new SfenException(SfenException.Reason.POSITION, in, indexOf(in, e.square()), e.getMessage() + " " + e.issues());
        }
    }

    /**
     * The character index in SFEN text of the piece on a square (the {@code +} of a promoted one), or 0 when the
     * square is -1 or not found.
     */
    static int indexOf(String in, int square) {
        if (square < 0) {
            return 0;
        }
        int start = in.startsWith("sfen ") ? 5 : 0;
        while (start < in.length() && in.charAt(start) == ' ') {
            start++;
        }
        int rank = 1, file = 9;
        for (int i = start; i < in.length() && in.charAt(i) != ' '; i++) {
            char ch = in.charAt(i);
            if (ch == '/') {
                rank++;
                file = 9;
            } else if (ch >= '1' && ch <= '9') {
                file -= ch - '0';
            } else if (ch != '+') {
                if (file >= 1 && 9 * (file - 1) + rank - 1 == square) {
                    return i > start && in.charAt(i - 1) == '+' ? i - 1 : i;
                }
                file--;
            }
        }
        return 0;
    }

    /** The SFEN of a position. */
    public static String format(Position p) {
        return Setups.sfen(p);
    }

    /** The SFEN of a setup. */
    public static String format(Setup s) {
        return Setups.sfen(s);
    }
}
