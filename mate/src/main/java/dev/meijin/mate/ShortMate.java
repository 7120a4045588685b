package dev.meijin.mate;

import dev.meijin.core.Move;
import dev.meijin.core.position.Position;

/**
 * Short mates for the engine's search: mate in one and mate in three for the side to move, by full-width
 * search over checks and evasions. Allocation-free after construction (the buffers are per instance), so
 * cheap enough to call at search nodes; an instance belongs to one thread.
 *
 * <p>Both follow the rules strictly: a pawn-drop mate is not a mate, and every reply of the defender counts
 * (interpositions included, however futile), so a mate found here is a forced win in the game.
 *
 * {@snippet :
 * ShortMate shortMate = new ShortMate();
 * int m = shortMate.mate1(position);       // Move.NONE if there is none
 * int first = shortMate.mate3(position);   // first move of a mate in at most three plies
 * }
 */
public final class ShortMate {
    private final int[] checks1 = new int[Position.MAX_MOVES];
    private final int[] replies = new int[Position.MAX_MOVES];
    private final int[] checks3 = new int[Position.MAX_MOVES];

    /** Creates a short-mate searcher with its own move buffers. */
    public ShortMate() {}

    /**
     * A move that checkmates at once, or {@link Move#NONE}. The position is left as it was.
     *
     * @param pos the position, the side to move being the attacker
     * @return a mating move as an int (see {@link Move}), or {@link Move#NONE}
     */
    public int mate1(Position pos) {
        return mate1(pos, checks1);
    }

    private static int mate1(Position pos, int[] buf) {
        int n = CoreAccess.checks(pos, buf, 0);
        for (int i = 0; i < n; i++) {
            int m = buf[i];
            pos.doMove(m);
            boolean mate = pos.hasNoLegalMove();
            pos.undoMove();
            if (mate) {
                return m;
            }
        }
        return Move.NONE;
    }

    /**
     * The first move of a mate in at most three plies (a mate in one if there is one), or {@link Move#NONE}.
     * The position is left as it was.
     *
     * @param pos the position, the side to move being the attacker
     * @return the first attacker move of the mate, or {@link Move#NONE}
     */
    public int mate3(Position pos) {
        int m1 = mate1(pos, checks1);
        if (m1 != Move.NONE) {
            return m1;
        }
        int n = CoreAccess.checks(pos, checks1, 0);
        for (int i = 0; i < n; i++) {
            int m = checks1[i];
            pos.doMove(m);
            boolean mated = everyReplyMatedInOne(pos);
            pos.undoMove();
            if (mated) {
                return m;
            }
        }
        return Move.NONE;
    }

    private boolean everyReplyMatedInOne(Position pos) {
        int ne = CoreAccess.evasions(pos, replies, 0);
        for (int j = 0; j < ne; j++) {
            pos.doMove(replies[j]);
            int reply = mate1(pos, checks3);
            pos.undoMove();
            if (reply == Move.NONE) {
                return false;
            }
        }
        return true; // ne == 0 cannot happen here: mate1 found no mate in one
    }
}
