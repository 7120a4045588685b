package dev.meijin.core.sfen;

import dev.meijin.core.Color;
import dev.meijin.core.Hand;
import dev.meijin.core.Piece;
import dev.meijin.core.Role;
import dev.meijin.core.position.IllegalPositionException;
import dev.meijin.core.position.Position;
import dev.meijin.core.position.Setup;
import dev.meijin.core.position.Setups;
import dev.meijin.core.text.AsciiNumbers;
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
        if (text == null) {
            throw new SfenException(SfenException.Reason.FIELDS, "", 0, "no SFEN given");
        }
        if (text.isBlank()) {
            throw new SfenException(SfenException.Reason.FIELDS, text, 0, "empty SFEN");
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
                    "startpos is a whole position and takes no other fields, found " + SfenException.quote(in.substring(starts.get(1))));
        }
        if (fields.size() < 3 || fields.size() > 4) {
            throw new SfenException(SfenException.Reason.FIELDS, in, in.length(), "expected 4 fields (board, side, hands, move number), found " + fields.size());
        }
        List<Integer> board = parseBoard(in, fields.get(0), starts.get(0));
        String turnText = fields.get(1);
        Color turn = switch (turnText) {
            case "b" -> Color.SENTE;
            case "w" -> Color.GOTE;
            default -> throw new SfenException(SfenException.Reason.TURN, in, starts.get(1), "side to move " + SfenException.quote(turnText) + " is not b or w");
        };
        List<Integer> hands = parseHands(in, fields.get(2), starts.get(2));
        int moveNumber = 1;
        if (fields.size() == 4) {
            String mn = fields.get(3);
            int at = starts.get(3);
            if (mn.length() > 9 || !AsciiNumbers.isDigits(mn)) {
                throw new SfenException(SfenException.Reason.MOVE_NUMBER, in, at, "move number " + SfenException.quote(mn) + " is not a positive integer");
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
                Role letter = letter(ch);
                if (letter == null) {
                    throw new SfenException(SfenException.Reason.BOARD, in, at, "unknown piece letter " + SfenException.quote(ch));
                }
                int role = letter.code();
                if (promoted) {
                    if (!letter.canPromote()) {
                        throw new SfenException(SfenException.Reason.BOARD, in, at, "'+" + ch + "': a " + letter.englishName() + " cannot promote");
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
                    throw new SfenException(SfenException.Reason.HANDS, in, at, "count " + SfenException.quote(h.substring(s, i)) + " is too large");
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
            Role letter = letter(ch);
            if (letter == null || letter == Role.KING) {
                throw new SfenException(SfenException.Reason.HANDS, in, offset + i,
                        letter == Role.KING ? "a king cannot be in hand" : "unknown piece letter " + SfenException.quote(ch));
            }
            int role = letter.code();
            int color = Character.isUpperCase(ch) ? 0 : 1;
            int idx = color * 8 + role;
            int total = hands.get(idx) + n;
            if (total > Hand.MAX[role]) {
                throw new SfenException(SfenException.Reason.HANDS, in, at,
                        total + " " + letter.englishName() + "s in " + (color == 0 ? "sente" : "gote") + "'s hand, a set has " + Hand.MAX[role]);
            }
            hands.set(idx, total);
            i++;
        }
        return hands;
    }

    /**
     * The role of a piece letter of either case, or null. Only ASCII letters are pieces: {@code Character.toUpperCase}
     * also turns the long s ({@code ſ}) into {@code S}.
     */
    private static Role letter(char ch) {
        return ch < 0x80 ? Role.ofSfenLetter(Character.toUpperCase(ch)) : null;
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
            throw new SfenException(in, e.square() < 0 ? -1 : indexOf(in, e.square()), e);
        }
    }

    /**
     * Parses SFEN text into a mate-problem position: one side (the attacker) may lack a king, whichever side
     * is to move.
     *
     * @throws SfenException if the text is malformed or the position is illegal
     */
    public static Position tsume(String text) {
        Setup s = parse(text);
        try {
            return Position.ofTsume(s);
        } catch (IllegalPositionException e) {
            String in = text.strip();
            throw new SfenException(in, e.square() < 0 ? -1 : indexOf(in, e.square()), e);
        }
    }

    /**
     * Parses SFEN text into the position of a mate problem, as leniently as published problems need: a legal
     * position ({@link #position}); else one whose attacker has no king ({@link #tsume}); else a composed
     * position that breaks a rule of placement, such as the nine pawns on one file of some classics
     * ({@link Position#ofRecord}).
     *
     * @throws SfenException if the text is malformed, or with the reason of the reading as a mate problem when
     *     the position is none of these (it lists every issue but the attacker's missing king, which a problem
     *     may lack)
     */
    public static Position problem(String text) {
        try {
            return position(text);
        } catch (SfenException e) {
            if (e.reason() != SfenException.Reason.POSITION) {
                throw e;
            }
            try {
                return tsume(text);
            } catch (SfenException tsume) {
                try {
                    return Position.ofRecord(parse(text));
                } catch (IllegalPositionException composed) {
                    throw tsume;
                }
            }
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

    /** The SFEN of a position (the move number advanced by the moves played on it). */
    public static String format(Position p) {
        return format(p.toSetup());
    }

    /** The SFEN of a setup: board, side, hands in the order R B G S N L P (sente's first), move number. */
    public static String format(Setup s) {
        StringBuilder sb = new StringBuilder(96);
        for (int rank = 1; rank <= 9; rank++) {
            int empty = 0;
            for (int file = 9; file >= 1; file--) {
                int pc = s.piece(9 * (file - 1) + rank - 1);
                if (pc == 0) {
                    empty++;
                    continue;
                }
                if (empty > 0) {
                    sb.append(empty);
                    empty = 0;
                }
                sb.append(Piece.sfen(pc));
            }
            if (empty > 0) {
                sb.append(empty);
            }
            if (rank < 9) {
                sb.append('/');
            }
        }
        sb.append(s.turn() == Color.SENTE ? " b " : " w ");
        int len = sb.length();
        for (Color c : Color.values()) {
            for (Role r : Role.HAND_ORDER) {
                int n = s.handCount(c, r);
                if (n > 0) {
                    if (n > 1) {
                        sb.append(n);
                    }
                    sb.append(c == Color.SENTE ? r.sfenLetter() : Character.toLowerCase(r.sfenLetter()));
                }
            }
        }
        if (sb.length() == len) {
            sb.append('-');
        }
        sb.append(' ').append(s.moveNumber());
        return sb.toString();
    }
}
