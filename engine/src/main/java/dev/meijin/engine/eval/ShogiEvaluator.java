package dev.meijin.engine.eval;

import dev.meijin.core.Hand;
import dev.meijin.core.Move;
import dev.meijin.core.Piece;
import dev.meijin.core.position.Position;

/**
 * The hand-made evaluation: material (board and hand, kept incrementally through the move hooks) plus
 * piece placement relative to both kings and the kings' own placement (computed at each call from the board).
 * Linear in {@link Features}, so its weights come from {@link Tuner}. Allocation-free.
 */
public final class ShogiEvaluator implements Evaluator {
    private static final int MAX_DEPTH = 1024;

    private final int[] w;
    private final int[] material = new int[MAX_DEPTH + 1];
    private int sp;

    /**
     * An evaluator with the given weights.
     *
     * @param weights the feature weights
     */
    public ShogiEvaluator(Weights weights) {
        this.w = weights.raw();
    }

    /** An evaluator with the tuned weights of the engine. */
    public ShogiEvaluator() {
        this(Weights.tuned());
    }

    @Override
    public void reset(Position pos) {
        int s = 0;
        for (int sq = 0; sq < 81; sq++) {
            int pc = pos.pieceAt(sq);
            if (pc != 0) {
                s += Piece.color(pc) == 0 ? w[Features.BOARD + Piece.role(pc)] : -w[Features.BOARD + Piece.role(pc)];
            }
        }
        for (int c = 0; c < 2; c++) {
            int h = pos.hand(c);
            for (int r = 1; r <= 7; r++) {
                int k = Hand.count(h, r);
                for (int i = 1; i <= k; i++) {
                    s += c == 0 ? w[Features.hand(r, i)] : -w[Features.hand(r, i)];
                }
            }
        }
        sp = 0;
        material[0] = s;
    }

    @Override
    public void beforeMove(Position pos, int m) {
        int us = pos.sideToMove();
        int h = pos.hand(us);
        int delta;
        if (Move.isDrop(m)) {
            int r = Move.dropRole(m);
            delta = w[Features.BOARD + r] - w[Features.hand(r, Hand.count(h, r))];
        } else {
            int to = Move.to(m);
            int r = Piece.role(pos.pieceAt(Move.from(m)));
            delta = Move.isPromotion(m) ? w[Features.BOARD + r + 8] - w[Features.BOARD + r] : 0;
            int cap = pos.pieceAt(to);
            if (cap != 0) {
                int cr = Piece.role(cap), base = cr & 7;
                delta += w[Features.BOARD + cr] + w[Features.hand(base, Hand.count(h, base) + 1)];
            }
        }
        material[sp + 1] = material[sp] + (us == 0 ? delta : -delta);
        sp++;
    }

    @Override
    public void afterUndo(Position pos) {
        sp--;
    }

    @Override
    public int evaluate(Position pos) {
        int s = material[sp] + placement(pos);
        s += pos.sideToMove() == 0 ? w[Features.TEMPO] : -w[Features.TEMPO];
        if (s > MAX_EVAL) {
            s = MAX_EVAL;
        } else if (s < -MAX_EVAL) {
            s = -MAX_EVAL;
        }
        return pos.sideToMove() == 0 ? s : -s;
    }

    /** The placement terms for sente (every feature but material and tempo). */
    private int placement(Position pos) {
        int k0 = pos.kingSquare(0), k1 = pos.kingSquare(1);
        int s = 0;
        for (int sq = 0; sq < 81; sq++) {
            int pc = pos.pieceAt(sq);
            if (pc == 0) {
                continue;
            }
            int c = pc >>> 4, r = pc & 15;
            int v;
            if (r == 8) {
                v = w[Features.king(c, sq)];
            } else {
                int base = Features.CLASS[r] * Features.REL;
                int own = c == 0 ? k0 : k1, enemy = c == 0 ? k1 : k0;
                v = 0;
                if (own != Position.NO_SQUARE) {
                    v += w[Features.OWN + base + Features.rel(c, sq, own)];
                }
                if (enemy != Position.NO_SQUARE) {
                    v += w[Features.ENEMY + base + Features.rel(c, sq, enemy)];
                }
            }
            s += c == 0 ? v : -v;
        }
        return s;
    }
}
