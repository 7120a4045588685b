package dev.meijin.core.game;

import dev.meijin.core.sfen.Sfen;
import dev.meijin.core.Color;
import dev.meijin.core.Move;
import dev.meijin.core.Piece;
import dev.meijin.core.Role;
import dev.meijin.core.Square;
import dev.meijin.core.position.Position;
import dev.meijin.core.position.Setup;
import dev.meijin.core.position.Setups;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;

/**
 * A minimal CSA game-record reader for tests; the real reader belongs to the notation module. It reads what
 * the fixtures use: a {@code PI} line (with optional removals such as {@code PI82HI22KA}) or {@code P1}–{@code P9}
 * board lines, {@code P+}/{@code P-} lines putting pieces in hand ({@code 00FU}) or on squares ({@code 55KA}),
 * the side to move ({@code +} or {@code -} alone), moves ({@code +7776FU}), several statements on a line
 * separated by commas, and the terminal {@code %} command. Version, name, header, time and comment lines
 * ({@code V}, {@code N}, {@code $}, {@code T}, {@code '}) are skipped; the comments are kept for inspection.
 */
public final class CsaMoves {
    private CsaMoves() {}

    /**
     * A record: the start, the moves as CSA text, the terminal command if any ({@code %TORYO}), and the
     * comment lines without their quote.
     */
    public record Record(Setup start, List<String> moves, Optional<String> terminal, List<String> comments) {
        /** The text after {@code 'summary:} in the comments, if there is one. */
        public Optional<String> summary() {
            return comments.stream().filter(c -> c.startsWith("summary:")).map(c -> c.substring(8)).findFirst();
        }
    }

    /**
     * Reads a record.
     *
     * @throws IllegalArgumentException naming the line if a line is not understood
     */
    public static Record read(String text) {
        List<Integer> board = new ArrayList<>(Collections.nCopies(81, 0));
        List<Integer> hands = new ArrayList<>(Collections.nCopies(16, 0));
        Color turn = Color.SENTE;
        boolean boardSeen = false;
        List<String> moves = new ArrayList<>();
        List<String> comments = new ArrayList<>();
        String terminal = null;
        String[] lines = text.split("\r?\n");
        outer:
        for (int n = 0; n < lines.length; n++) {
            String line = lines[n];
            if (line.startsWith("'")) {
                comments.add(line.substring(1));
                continue;
            }
            if (terminal != null) {
                continue; // after the terminal command only comments (the final board, the summary) are kept
            }
            if (!line.isEmpty() && "VN$".indexOf(line.charAt(0)) >= 0) {
                continue; // headers may contain commas
            }
            for (String st : line.split(",")) {
                st = st.strip();
                if (st.isEmpty() || st.charAt(0) == 'T') {
                    continue;
                }
                if (st.startsWith("%")) {
                    terminal = st;
                    continue outer;
                }
                if (st.equals("+") || st.equals("-")) {
                    turn = st.equals("+") ? Color.SENTE : Color.GOTE;
                } else if (st.startsWith("PI")) {
                    List<Integer> even = Setups.STARTPOS.board();
                    for (int sq = 0; sq < 81; sq++) {
                        board.set(sq, even.get(sq));
                    }
                    for (int i = 2; i + 4 <= st.length(); i += 4) {
                        board.set(square(st.substring(i, i + 2), n), 0);
                    }
                    boardSeen = true;
                } else if (st.length() >= 2 && st.charAt(0) == 'P' && st.charAt(1) >= '1' && st.charAt(1) <= '9') {
                    int rank = st.charAt(1) - '0';
                    String cells = st.substring(2);
                    for (int i = 0; i < 9; i++) {
                        String cell = i * 3 + 3 <= cells.length() ? cells.substring(i * 3, i * 3 + 3) : " * ";
                        board.set(Square.of(9 - i, rank), cell.strip().equals("*") ? 0 : piece(cell, n));
                    }
                    boardSeen = true;
                } else if (st.startsWith("P+") || st.startsWith("P-")) {
                    Color c = st.charAt(1) == '+' ? Color.SENTE : Color.GOTE;
                    for (int i = 2; i + 4 <= st.length(); i += 4) {
                        String where = st.substring(i, i + 2);
                        Role r = Role.ofCsa(st.substring(i + 2, i + 4));
                        if (where.equals("00")) {
                            int idx = c.index() * 8 + r.code();
                            hands.set(idx, hands.get(idx) + 1);
                        } else {
                            board.set(square(where, n), Piece.of(c, r));
                        }
                    }
                } else if ((st.charAt(0) == '+' || st.charAt(0) == '-') && st.length() == 7) {
                    moves.add(st);
                } else {
                    throw new IllegalArgumentException("line " + (n + 1) + ": not understood: \"" + st + "\"");
                }
            }
        }
        if (!boardSeen) {
            throw new IllegalArgumentException("no start position (PI or P1–P9)");
        }
        return new Record(new Setup(board, hands, turn, 1), List.copyOf(moves), Optional.ofNullable(terminal),
                List.copyOf(comments));
    }

    /**
     * The int move for a CSA move in the position: {@code +7776FU}, {@code +2822RY} (the piece code after the
     * move differs from the piece on the origin, so it promotes), {@code -0055KA} (a drop). Not checked for
     * legality beyond naming the side to move's own piece; check with {@link Position#isLegal(int)}.
     *
     * @throws IllegalArgumentException naming the move if it cannot be read in this position
     */
    public static int toMove(Position pos, String csa) {
        Color side = csa.charAt(0) == '+' ? Color.SENTE : Color.GOTE;
        if (side != pos.turn()) {
            throw new IllegalArgumentException(csa + ": " + pos.turn() + " is to move in " + Sfen.format(pos));
        }
        Role after = Role.ofCsa(csa.substring(5, 7));
        int to = square(csa.substring(3, 5), 0);
        if (csa.startsWith("00", 1)) {
            return Move.drop(after.code(), to, side.index());
        }
        int from = square(csa.substring(1, 3), 0);
        int pc = pos.pieceAt(from);
        if (pc == 0 || Piece.colorOf(pc) != side) {
            throw new IllegalArgumentException(
                    csa + ": no piece of " + side + " on " + Square.name(from) + " in " + Sfen.format(pos));
        }
        Role before = Piece.roleOf(pc);
        boolean promote = before != after;
        if (promote && !(before.canPromote() && before.promoted() == after)) {
            throw new IllegalArgumentException(
                    csa + ": " + before + " on " + Square.name(from) + " cannot become " + after);
        }
        return Move.normal(from, to, pc, promote);
    }

    /** A CSA square such as {@code 77} (file then rank). */
    private static int square(String two, int line) {
        int f = two.charAt(0) - '0', r = two.charAt(1) - '0';
        if (f < 1 || f > 9 || r < 1 || r > 9) {
            throw new IllegalArgumentException("line " + (line + 1) + ": not a square: \"" + two + "\"");
        }
        return Square.of(f, r);
    }

    /** A board cell such as {@code +FU} or {@code -OU}. */
    private static int piece(String cell, int line) {
        char sign = cell.charAt(0);
        if (sign != '+' && sign != '-') {
            throw new IllegalArgumentException("line " + (line + 1) + ": not a piece: \"" + cell + "\"");
        }
        return Piece.of(sign == '+' ? Color.SENTE : Color.GOTE, Role.ofCsa(cell.substring(1, 3)));
    }
}
