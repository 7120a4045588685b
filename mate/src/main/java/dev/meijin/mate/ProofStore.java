package dev.meijin.mate;

import dev.meijin.core.Hand;

/**
 * Every proof the df-pn finds, kept apart from the transposition table and never replaced, for reading the
 * solution after the root is proven.
 *
 * <p>The transposition table replaces cheap entries when a cluster is full, and that is good for the proof
 * (a replaced unsettled entry is searched again with fresh numbers), but a proven entry near the leaves is
 * cheap too and goes the same way, which breaks the proof tree the reading walks. The df-pn does not look
 * here (its path is the same as without the store); only the reading does, through
 * {@link MateTable#lookup} once the table is switched to reading.
 *
 * <p>Open addressing by board key with linear probing, in two primitive arrays: the board key (0 = empty) and
 * the table's word 1 (proof hand, best move, mate length). One board may hold several proofs for different
 * proof hands; a lookup scans them all and takes the shortest that the hand covers. The arrays grow by
 * doubling up to a fixed number of entries; when that is reached further proofs are not kept (the reading
 * then falls back to its own searches). Growing is rare and amortised; storing allocates nothing otherwise.
 */
final class ProofStore {
    private static final int INITIAL = 1 << 16;
    private static final int MOVE_MASK = (1 << 21) - 1;

    private long[] keys = new long[INITIAL];
    private long[] data = new long[INITIAL];
    private int mask = INITIAL - 1;
    private int size;
    private final int maxSlots;

    // Result of the last lookup.
    int hand, move, length;

    /** A store of at most {@code maxBytes} bytes (16 bytes a slot, at most half the slots used). */
    ProofStore(long maxBytes) {
        long slots = Long.highestOneBit(Math.max(INITIAL, maxBytes / 16));
        maxSlots = (int) Math.min(slots, 1 << 30);
    }

    int size() {
        return size;
    }

    void clear() {
        if (keys.length > INITIAL) {
            keys = new long[INITIAL];
            data = new long[INITIAL];
            mask = INITIAL - 1;
        } else {
            java.util.Arrays.fill(keys, 0L);
        }
        size = 0;
    }

    private static int slot(long key) {
        long z = key * 0x9E3779B97F4A7C15L;
        return (int) (z ^ (z >>> 32));
    }

    /**
     * Keeps a proof: board key, proof hand, best move (0 at a defender node), mate length. A proof already
     * kept for a hand the new one covers, with a length no longer, makes it redundant.
     */
    void store(long key, int proofHand, int move, int length) {
        if (key == 0) {
            return;
        }
        int i = slot(key) & mask;
        int same = -1;
        for (; keys[i] != 0; i = (i + 1) & mask) {
            if (keys[i] != key) {
                continue;
            }
            long w = data[i];
            int h = (int) w;
            int len = (int) (w >>> 53);
            if (Hand.isSuperiorOrEqual(proofHand, h) && len <= length) {
                return;
            }
            if (h == proofHand) {
                same = i;
            }
        }
        long w = (proofHand & 0xFFFFFFFFL) | ((long) (move & MOVE_MASK) << 32)
                | ((long) Math.min(length, MateTable.MAX_LENGTH) << 53);
        if (same >= 0) {
            data[same] = w;
            return;
        }
        if (2 * (size + 1) > keys.length) {
            if (keys.length >= maxSlots) {
                return;
            }
            grow();
            i = slot(key) & mask;
            while (keys[i] != 0) {
                i = (i + 1) & mask;
            }
        }
        keys[i] = key;
        data[i] = w;
        size++;
    }

    private void grow() {
        long[] ok = keys, od = data;
        keys = new long[ok.length * 2];
        data = new long[ok.length * 2];
        mask = keys.length - 1;
        for (int j = 0; j < ok.length; j++) {
            if (ok[j] != 0) {
                int i = slot(ok[j]) & mask;
                while (keys[i] != 0) {
                    i = (i + 1) & mask;
                }
                keys[i] = ok[j];
                data[i] = od[j];
            }
        }
    }

    /**
     * Whether a proof is kept for the board with a proof hand that {@code attackerHand} covers; if so fills
     * {@link #hand}, {@link #move} and {@link #length} with the shortest such proof.
     */
    boolean lookup(long key, int attackerHand) {
        int best = -1, bestLen = Integer.MAX_VALUE;
        for (int i = slot(key) & mask; keys[i] != 0; i = (i + 1) & mask) {
            if (keys[i] != key) {
                continue;
            }
            long w = data[i];
            int len = (int) (w >>> 53);
            if (len < bestLen && Hand.isSuperiorOrEqual(attackerHand, (int) w)) {
                best = i;
                bestLen = len;
            }
        }
        if (best < 0) {
            return false;
        }
        long w = data[best];
        hand = (int) w;
        move = (int) (w >>> 32) & MOVE_MASK;
        length = bestLen;
        return true;
    }
}
