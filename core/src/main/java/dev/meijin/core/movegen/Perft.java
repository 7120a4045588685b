package dev.meijin.core.movegen;

import dev.meijin.core.Move;
import dev.meijin.core.position.GenType;
import dev.meijin.core.position.Position;
import java.util.ArrayList;
import java.util.List;

/**
 * Perft: the number of leaf nodes of the legal move tree to a fixed depth (non-promotions included). Used
 * to check move generation against published counts and to measure its speed. Allocates nothing while
 * counting (one buffer per ply, made up front).
 */
public final class Perft {
    private final int[][] buffers;

    /** A counter for depths up to {@code maxDepth}. */
    public Perft(int maxDepth) {
        buffers = new int[Math.max(1, maxDepth)][Position.MAX_MOVES];
    }

    /**
     * Counts leaves to {@code depth}; the last ply is counted from the generated list without being played
     * ("bulk counting").
     *
     * @throws IllegalArgumentException if {@code depth} is beyond the depth this counter was made for
     */
    public long count(Position pos, int depth) {
        if (depth <= 0) {
            return 1;
        }
        checkDepth(depth);
        return bulk(pos, depth, 0);
    }

    private void checkDepth(int depth) {
        if (depth > buffers.length) {
            throw new IllegalArgumentException("depth " + depth + " is beyond this counter's maximum depth " + buffers.length);
        }
    }

    private long bulk(Position pos, int depth, int ply) {
        int[] buf = buffers[ply];
        int n = pos.generate(GenType.LEGAL_ALL, buf, 0);
        if (depth == 1) {
            return n;
        }
        long total = 0;
        for (int i = 0; i < n; i++) {
            pos.doMove(buf[i]);
            total += bulk(pos, depth - 1, ply + 1);
            pos.undoMove();
        }
        return total;
    }

    /**
     * Counts leaves to {@code depth} by playing and taking back every move, the last ply included.
     *
     * @throws IllegalArgumentException if {@code depth} is beyond the depth this counter was made for
     */
    public long countFull(Position pos, int depth) {
        if (depth <= 0) {
            return 1;
        }
        checkDepth(depth);
        return full(pos, depth, 0);
    }

    private long full(Position pos, int depth, int ply) {
        if (depth == 0) {
            return 1;
        }
        int[] buf = buffers[ply];
        int n = pos.generate(GenType.LEGAL_ALL, buf, 0);
        long total = 0;
        for (int i = 0; i < n; i++) {
            pos.doMove(buf[i]);
            total += full(pos, depth - 1, ply + 1);
            pos.undoMove();
        }
        return total;
    }

    /** One root move and its leaf count. */
    public record Division(String usi, long nodes) {}

    /**
     * Leaf counts per root move, in generation order.
     *
     * @throws IllegalArgumentException if {@code depth} is below 1 or beyond the depth this counter was made for
     */
    public List<Division> divide(Position pos, int depth) {
        if (depth < 1) {
            throw new IllegalArgumentException("divide needs depth ≥ 1, not " + depth);
        }
        checkDepth(depth);
        int[] root = pos.legalMoves();
        List<Division> out = new ArrayList<>(root.length);
        for (int m : root) {
            pos.doMove(m);
            out.add(new Division(Move.usi(m), depth == 1 ? 1 : bulk(pos, depth - 1, 0)));
            pos.undoMove();
        }
        return out;
    }
}
