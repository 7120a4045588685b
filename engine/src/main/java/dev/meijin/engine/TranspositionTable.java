package dev.meijin.engine;

/**
 * The transposition table: buckets of four entries in one {@code long[]}, two words per entry.
 *
 * <p>Entry layout: word 0 holds {@code key ^ data}, word 1 holds {@code data}:
 * <pre>
 * bits  0–20  move (the core's int move, without flags above bit 20)
 * bits 21–28  depth + 1 (0 means empty)
 * bits 29–30  bound (1 upper, 2 lower, 3 exact)
 * bits 31–36  generation (the search count, modulo 64)
 * bits 37–52  score (signed 16 bits; mate scores relative to the node, see {@link #toTt}/{@link #fromTt})
 * bits 53–63  static evaluation / 16 (signed 11 bits)
 * </pre>
 *
 * <p><b>Racy by design.</b> Search threads read and write entries without locks or volatile accesses. A reader
 * can see word 0 of one write and word 1 of another; the XOR of the two words then does not give back the key,
 * and the entry is treated as a miss. A hit that still carries a wrong move is harmless because the search
 * only plays a table move that it finds in the generated legal moves. Replacement prefers empty entries, then
 * the entry with the least {@code depth - 8 * age}.
 */
final class TranspositionTable {
    static final int BOUND_UPPER = 1, BOUND_LOWER = 2, BOUND_EXACT = 3;
    private static final int WAYS = 4;

    private long[] table;
    private long mask; // bucket index mask
    private int generation;

    TranspositionTable(int megabytes) {
        resize(megabytes);
    }

    /**
     * The largest table in MiB: 2^27 buckets of 64 bytes, the most power-of-two buckets a {@code long[]} holds
     * (2^28 buckets would need 2^31 words, one more than an array index reaches).
     */
    static final int MAX_MB = 8192;

    /** Reallocates the table with the given size in MiB (at most {@link #MAX_MB}, rounded down to a power of two buckets). */
    void resize(int megabytes) {
        int words = words(megabytes);
        table = new long[words];
        mask = words / (WAYS * 2) - 1;
    }

    /** The words of a table of the given size in MiB: a power of two, at most 2^30. */
    static int words(int megabytes) {
        long bytes = (long) Math.clamp(megabytes, 1, MAX_MB) << 20;
        return (int) (Long.highestOneBit(bytes / (WAYS * 16)) * WAYS * 2);
    }

    void clear() {
        java.util.Arrays.fill(table, 0L);
        generation = 0;
    }

    void newSearch() {
        generation = (generation + 1) & 63;
    }

    /** Index of the bucket's first word. */
    private int bucket(long key) {
        return (int) ((key ^ (key >>> 32)) & mask) * (WAYS * 2);
    }

    /** The data word of a key, or 0 if absent. */
    long probe(long key) {
        long[] t = table;
        int b = bucket(key);
        for (int i = 0; i < WAYS; i++) {
            int e = b + 2 * i;
            long data = t[e + 1];
            if ((t[e] ^ data) == key && data != 0) {
                return data;
            }
        }
        return 0;
    }

    void store(long key, int move, int depth, int bound, int score, int eval) {
        long[] t = table;
        int b = bucket(key);
        int replace = b;
        int worst = Integer.MAX_VALUE;
        for (int i = 0; i < WAYS; i++) {
            int e = b + 2 * i;
            long data = t[e + 1];
            if (data == 0 || (t[e] ^ data) == key) {
                if (data != 0 && move == 0) {
                    move = move(data); // keep the old move
                }
                if (data != 0 && bound != BOUND_EXACT && depth + 2 < depth(data) && generation(data) == generation) {
                    return; // a deeper entry of this search stays
                }
                replace = e;
                break;
            }
            int age = (generation - generation(data)) & 63;
            int value = depth(data) - 8 * age;
            if (value < worst) {
                worst = value;
                replace = e;
            }
        }
        int d = Math.max(-1, Math.min(depth, 250)) + 1;
        int ev = Math.max(-1024, Math.min(1023, eval >> 4));
        long data = (move & 0x1FFFFFL) | ((long) d << 21) | ((long) bound << 29) | ((long) generation << 31)
                | ((long) (score & 0xFFFF) << 37) | ((long) (ev & 0x7FF) << 53);
        t[replace] = key ^ data;
        t[replace + 1] = data;
    }

    static int move(long data) {
        return (int) (data & 0x1FFFFF);
    }

    static int depth(long data) {
        return (int) ((data >>> 21) & 0xFF) - 1;
    }

    static int bound(long data) {
        return (int) ((data >>> 29) & 3);
    }

    static int generation(long data) {
        return (int) ((data >>> 31) & 63);
    }

    static int score(long data) {
        return (short) (data >>> 37);
    }

    static int eval(long data) {
        return ((int) (data >>> 53) << 21 >> 21) << 4;
    }

    /** A score for storing: mate scores made relative to the node at {@code ply}. */
    static int toTt(int score, int ply) {
        return score >= Scores.MATE_IN_MAX ? score + ply : score <= -Scores.MATE_IN_MAX ? score - ply : score;
    }

    /** A stored score made relative to the root again. */
    static int fromTt(int score, int ply) {
        return score >= Scores.MATE_IN_MAX ? score - ply : score <= -Scores.MATE_IN_MAX ? score + ply : score;
    }

    /** Entries of the current generation among the first thousand, in per mille. */
    int hashfull() {
        int n = 0;
        int count = Math.min(1000, table.length / 2);
        for (int i = 0; i < count; i++) {
            long data = table[2 * i + 1];
            if (data != 0 && generation(data) == generation) {
                n++;
            }
        }
        return n * 1000 / count;
    }
}
