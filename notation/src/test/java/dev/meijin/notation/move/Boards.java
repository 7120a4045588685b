package dev.meijin.notation.move;

import dev.meijin.core.position.Position;
import dev.meijin.core.sfen.Sfen;
import dev.meijin.core.usi.Usi;

/** Hand-built test positions: a few pieces on an otherwise empty board, with both kings placed out of the way. */
final class Boards {
    /** Squares tried in turn for a king not named in the piece list. */
    private static final String[] KING_SQUARES = {"5e", "9e", "1e", "5i", "5a", "9i", "1i", "9a", "1a", "6f", "4d"};

    private Boards() {}

    /**
     * A position from pieces written {@code square:piece}, the piece as in SFEN ({@code G} sente gold,
     * {@code +p} gote tokin), the side to move ({@code b} or {@code w}) and the hands in SFEN ({@code -} for
     * none). Kings missing from the list are put on the first square of {@link #KING_SQUARES} that gives a
     * legal position in which the side to move is not in check and that is not one of {@code avoid} (USI
     * squares kept empty, such as the destination of the move under test).
     */
    static Position of(String pieces, char turn, String hands, String... avoid) {
        String[] board = new String[81];
        boolean senteKing = false, goteKing = false;
        java.util.Set<String> kept = new java.util.HashSet<>(java.util.List.of(avoid));
        for (String token : pieces.isBlank() ? new String[0] : pieces.trim().split("\\s+")) {
            String[] kv = token.split(":");
            board[index(kv[0])] = kv[1];
            senteKing |= kv[1].equals("K");
            goteKing |= kv[1].equals("k");
        }
        for (String s : senteKing ? new String[] {null} : KING_SQUARES) {
            for (String g : goteKing ? new String[] {null} : KING_SQUARES) {
                if ((s != null && (board[index(s)] != null || kept.contains(s)))
                        || (g != null && (board[index(g)] != null || kept.contains(g))) || (s != null && s.equals(g))) {
                    continue;
                }
                String[] b = board.clone();
                if (s != null) {
                    b[index(s)] = "K";
                }
                if (g != null) {
                    b[index(g)] = "k";
                }
                String sfen = sfen(b) + " " + turn + " " + hands + " 1";
                try {
                    Position p = Sfen.position(sfen);
                    if (!p.inCheck()) {
                        return p;
                    }
                } catch (IllegalArgumentException e) {
                    // try the next king squares
                }
            }
        }
        throw new IllegalArgumentException("no legal king placement for " + pieces);
    }

    static Position of(String pieces, char turn) {
        return of(pieces, turn, "-");
    }

    /** Plays USI moves from the start position. */
    static Position startpos(String usiMoves) {
        Position p = Position.startpos();
        for (String m : usiMoves.trim().split("\\s+")) {
            if (!m.isEmpty()) {
                p.doMove(Usi.parseMove(p, m));
            }
        }
        return p;
    }

    private static int index(String usiSquare) {
        int file = usiSquare.charAt(0) - '0', rank = usiSquare.charAt(1) - 'a' + 1;
        return 9 * (file - 1) + (rank - 1);
    }

    private static String sfen(String[] b) {
        StringBuilder sb = new StringBuilder();
        for (int rank = 1; rank <= 9; rank++) {
            int empty = 0;
            for (int file = 9; file >= 1; file--) {
                String p = b[9 * (file - 1) + (rank - 1)];
                if (p == null) {
                    empty++;
                } else {
                    if (empty > 0) {
                        sb.append(empty);
                        empty = 0;
                    }
                    sb.append(p);
                }
            }
            if (empty > 0) {
                sb.append(empty);
            }
            if (rank < 9) {
                sb.append('/');
            }
        }
        return sb.toString();
    }
}
