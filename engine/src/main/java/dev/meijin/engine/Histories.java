package dev.meijin.engine;

import dev.meijin.core.Move;
import java.util.Arrays;

/**
 * The move-ordering statistics of one search thread, kept by the {@link Engine} from one search to the next
 * within a game (what the last move's search learnt about quiet moves and captures still holds one move later)
 * and cleared by a new game. Only the thread of that index uses them during a search; between searches the
 * engine hands them to the next worker of the same index.
 */
final class Histories {
    /** Quiet-move history, indexed {@code side << 16 | move16}. */
    final int[] history = new int[2 << 16];
    /** Capture history, indexed by moving piece, destination and captured role. */
    final int[] captureHistory = new int[32 * 81 * 16];
    /** The counter move of the previous move, indexed by its piece and destination. */
    final int[] counter = new int[32 * 81];
    /**
     * Continuation history: how a quiet move did after an earlier move of the line (one and two plies before),
     * indexed {@code pieceTo(earlier) * PIECE_TO + pieceTo(move)}. Kept in shorts: the gravity update holds every
     * entry within ±16 384.
     */
    final short[] continuation = new short[PIECE_TO * PIECE_TO];

    /**
     * Correction history: how far the static evaluation fell from the searched score in positions that share a
     * part, in 1/32 centipawns, indexed {@code side * CORRECTION_SIZE + index}: by the pawns of both sides, by the
     * pieces in both hands, by the two kings' squares, and by both shells (the golds and silvers of both sides with
     * the kings' squares). The search adds the four entries to its evaluation.
     */
    final short[] pawnCorrection = new short[2 * CORRECTION_SIZE];
    final short[] handCorrection = new short[2 * CORRECTION_SIZE];
    final short[] kingCorrection = new short[2 * CORRECTION_SIZE];
    final short[] shellCorrection = new short[2 * CORRECTION_SIZE];

    /** The entries per side of each correction table (a power of two at least 81 × 81). */
    static final int CORRECTION_SIZE = 1 << 14;

    /** The number of (piece, destination) pairs: piece codes below 32 times 81 squares. */
    static final int PIECE_TO = 32 * 81;

    /** A move's (piece, destination) index, for the counter move and the continuation history. */
    static int pieceTo(int m) {
        return (Move.piece(m) & 31) * 81 + Move.to(m);
    }

    void clear() {
        Arrays.fill(history, 0);
        Arrays.fill(captureHistory, 0);
        Arrays.fill(counter, 0);
        Arrays.fill(continuation, (short) 0);
        Arrays.fill(pawnCorrection, (short) 0);
        Arrays.fill(handCorrection, (short) 0);
        Arrays.fill(kingCorrection, (short) 0);
        Arrays.fill(shellCorrection, (short) 0);
    }
}
