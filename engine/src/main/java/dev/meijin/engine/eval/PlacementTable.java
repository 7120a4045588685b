package dev.meijin.engine.eval;

import dev.meijin.core.Piece;
import dev.meijin.core.position.Position;

/**
 * The placement terms of {@link ShogiEvaluator} looked up instead of computed: for a king of each colour on each
 * square, the weight (for sente) of every piece code on every square relative to that king, that is the
 * king-relative table ({@code own.*} for the king's own pieces, {@code enemy.*} for the other side's) plus the
 * king-piece-square table when it has weights. A piece's placement term is then the sum of two entries, one per
 * king, and a recount after a king move one pass over the occupied squares.
 *
 * <p>Layout: {@code ((kingColour * 82 + kingSquare) * 32 + piece) * 81 + square}. King square 81 ({@link
 * Position#NO_SQUARE}, a side without a king) and the kings' own entries (role 8) hold zero, so no lookup needs
 * a branch. Built once per {@link Weights} (1.7 MB) and shared by every evaluator of those weights.
 */
final class PlacementTable {
    private PlacementTable() {}

    /** Entries per king square: piece codes times squares. */
    static final int SLICE = Piece.CODES * 81;

    /** The index of the slice of a king of colour {@code kc} on {@code k} (81 for none). */
    static int slice(int kc, int k) {
        return (kc * 82 + k) * SLICE;
    }

    /**
     * Builds the table for a weight vector.
     *
     * @param w the weights, indexed by feature
     * @param kpTerms whether the king-piece-square weights are used
     * @return the table
     */
    static int[] build(int[] w, boolean kpTerms) {
        int[] t = new int[2 * 82 * SLICE];
        for (int kc = 0; kc < 2; kc++) {
            for (int k = 0; k < 81; k++) {
                int s = slice(kc, k);
                for (int pc = 0; pc < Piece.CODES; pc++) {
                    int r = pc & 15;
                    if (r == 0 || r == 8 || r == 15) {
                        continue;
                    }
                    int c = pc >>> 4;
                    int cls = Features.CLASS[r];
                    int base = cls * Features.REL;
                    for (int sq = 0; sq < 81; sq++) {
                        int v;
                        if (c == kc) {
                            v = w[Features.OWN + base + Features.rel(c, sq, k)];
                            if (kpTerms) {
                                v += w[Features.kp(c, k, 0, cls, sq)];
                            }
                        } else {
                            v = w[Features.ENEMY + base + Features.rel(c, sq, k)];
                            if (kpTerms) {
                                // counted for the enemy king's owner, so against this piece's side
                                v -= w[Features.kp(kc, k, 1, cls, sq)];
                            }
                        }
                        t[s + pc * 81 + sq] = c == 0 ? v : -v;
                    }
                }
            }
        }
        return t;
    }
}
