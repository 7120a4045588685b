package dev.meijin.core;

import dev.meijin.core.position.Position;
import dev.meijin.core.position.Setup;
import dev.meijin.core.sfen.Sfen;
import dev.meijin.testdata.TestData;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Shared test fixtures: the perft table of the {@code testdata} module and seeded random playouts. Test code
 * only; the random choices depend on nothing but the seed, so every failure can be replayed.
 */
public final class Fixtures {
    private Fixtures() {}

    /** One row of {@code perft/perft.tsv}. */
    public record PerftRow(String sfen, int depth, long nodes, String source) {
        @Override
        public String toString() {
            return "perft " + depth + " = " + nodes + " of " + sfen;
        }
    }

    /** Every row of the perft table, in file order. */
    public static List<PerftRow> perftRows() {
        List<PerftRow> rows = new ArrayList<>();
        for (String[] r : TestData.tsv("perft/perft.tsv")) {
            rows.add(new PerftRow(r[0], Integer.parseInt(r[1]), Long.parseLong(r[2]), r[3]));
        }
        return rows;
    }

    /** The distinct SFENs of the perft table, in file order. */
    public static List<String> perftSfens() {
        LinkedHashSet<String> out = new LinkedHashSet<>();
        for (PerftRow r : perftRows()) {
            out.add(r.sfen());
        }
        return List.copyOf(out);
    }

    /** Whether the side to move has a king on the board (mate-problem positions may lack the attacker's king). */
    public static boolean sideToMoveHasKing(String sfen) {
        String[] f = sfen.trim().split(" +");
        char king = f[1].equals("b") ? 'K' : 'k';
        return f[0].indexOf(king) >= 0;
    }

    /** A position from SFEN: {@link Sfen#tsume} where the side to move has no king, else {@link Sfen#position}. */
    public static Position load(String sfen) {
        return sideToMoveHasKing(sfen) ? Sfen.position(sfen) : Sfen.tsume(sfen);
    }

    /**
     * Picks a move the way a weak but purposeful player might, so that playouts reach checks, captures,
     * drops and promotions more often than uniform choice does: a third of the time a checking move if there
     * is one, a third of the time a capture if there is one, otherwise any legal move (non-promotions
     * included). Returns {@link Move#NONE} when there is no legal move.
     */
    public static int pickMove(Position pos, SplittableRandom rnd) {
        int[] moves = pos.legalMoves();
        if (moves.length == 0) {
            return Move.NONE;
        }
        int roll = rnd.nextInt(3);
        if (roll < 2) {
            List<Integer> preferred = new ArrayList<>();
            for (int m : moves) {
                boolean capture = !Move.isDrop(m) && pos.pieceAt(Move.to(m)) != 0;
                if (roll == 0 ? pos.givesCheck(m) : capture) {
                    preferred.add(m);
                }
            }
            if (!preferred.isEmpty()) {
                return preferred.get(rnd.nextInt(preferred.size()));
            }
        }
        return moves[rnd.nextInt(moves.length)];
    }

    /**
     * The SFENs met on one seeded playout of at most {@code plies} moves from {@code startSfen}, the start
     * included; the playout stops early when the side to move has no legal move.
     */
    public static List<String> playoutSfens(String startSfen, long seed, int plies) {
        SplittableRandom rnd = new SplittableRandom(seed);
        Position pos = load(startSfen);
        List<String> out = new ArrayList<>();
        out.add(Sfen.format(pos));
        for (int i = 0; i < plies; i++) {
            int m = pickMove(pos, rnd);
            if (m == Move.NONE) {
                break;
            }
            pos.doMove(m);
            out.add(Sfen.format(pos));
        }
        return out;
    }

    /** The position rotated 180° with the colours swapped, so that gote plays what sente played. */
    public static String flip(String sfen) {
        Setup s = Sfen.parse(sfen);
        List<Integer> board = new ArrayList<>(81);
        for (int sq = 0; sq < 81; sq++) {
            int pc = s.piece(Square.flip(sq));
            board.add(pc == 0 ? 0 : Piece.of(Piece.color(pc) ^ 1, Piece.role(pc)));
        }
        List<Integer> hands = new ArrayList<>(16);
        for (int i = 0; i < 16; i++) {
            hands.add(s.hands().get(i ^ 8));
        }
        return Sfen.format(new Setup(board, hands, s.turn().opposite(), s.moveNumber()));
    }
}
