package dev.meijin.mate;

import dev.meijin.core.Hand;

/**
 * The df-pn transposition table, in one {@code long[]}: clusters of {@value #WAYS} entries of four words,
 * the {@value #WAYS} keys of a cluster first (one cache line to scan) and then the other three words of each
 * entry.
 *
 * <pre>
 * word 0  board key (with side to move); 0 = empty slot
 * word 1  attacker's hand (bits 0–31) | best move (bits 32–52) | mate length in plies of a proof (bits 53–63)
 * word 2  proof number (high 32 bits) | disproof number (low 32 bits)
 * word 3  amount of work spent below the entry (nodes, bits 0–47), for replacement and garbage collection
 *         | generation (bits 48–63)
 * </pre>
 *
 * <p>Clearing is lazy, so that a large table costs nothing per solve: {@link #clear()} starts a new
 * generation, and an entry of an older generation counts as an empty slot. The board key is stored mixed with
 * a value drawn from the generation, so that an old entry never matches a lookup. Only when the 16-bit
 * generation wraps is the array filled with zeros.
 *
 * Entries are keyed by the board alone and hold the attacker's hand beside it, so one lookup finds both the
 * exact entry and any entry that settles the position through hand superiority: a proof stored with a
 * (minimal) proof hand holds for every position on the same board whose attacker holds at least that hand;
 * a disproof stored with a hand holds for every attacker hand that is a subset. When the table fills, the
 * entries with least work behind them are dropped ({@link #collectGarbage()}); the search never fails for
 * want of room.
 */
final class MateTable {
    static final int INF = Integer.MAX_VALUE / 2;
    static final int WAYS = 8;
    private static final int WORDS = 4;
    private static final int MOVE_MASK = (1 << 21) - 1;
    static final int MAX_LENGTH = (1 << 11) - 1;

    private final long[] t;
    /**
     * The index of the first cluster: a large {@code long[]} starts on a region boundary of the heap plus its
     * 16-byte header, so starting the clusters {@value} words in puts each cluster's keys on one cache line.
     */
    private static final int OFFSET = 6;
    private final int clusterMask;
    private final int capacity;
    private int used;
    private long collections;
    private long generation = 1;
    private long salt = salt(1);
    private static final int GENERATION_SHIFT = 48;
    private static final long AMOUNT_MASK = (1L << GENERATION_SHIFT) - 1;

    /** Every proof stored, never replaced; consulted by {@link #lookup} only while {@link #reading}. */
    private final ProofStore proofs;
    private boolean reading;
    /**
     * One bit per cluster, set when a proof stored in it was removed or overwritten (replaced as the weakest
     * entry, collected, freed by a proof for a smaller hand, or overwritten for its own hand). Every proof
     * stored in the table is also in {@link #proofs}, so a lookup can find a kept proof that the table lacks
     * only where this bit is set; elsewhere the kept proofs are not consulted (a random read of a large
     * array saved per lookup that finds nothing).
     */
    private final long[] lostProofs;
    private boolean anyLost;

    // Results of the last lookup.
    int pn, dn, hand, move, length;
    long amount;
    /**
     * Whether {@link #lookup} also gathers {@link #pnFloor}; off, it costs nothing (see {@link DfPn#pnFloors}).
     */
    boolean gatherPnFloor;
    /**
     * After {@link #lookup} with {@link #gatherPnFloor}: the largest proof number of the unsettled entries of the
     * same board whose attacker holds at least the hand looked up (0 if none). With fewer pieces a position is no
     * easier to mate, so its proof number is taken to be at least that.
     */
    int pnFloor;

    MateTable(long bytes) {
        long entries = Math.max(WAYS * 16L, bytes / (WORDS * 8L));
        long clusters = Long.highestOneBit(entries / WAYS);
        clusters = Math.min(clusters, 1L << 24); // at most 128 M entries... within one Java array
        while (clusters * WAYS * WORDS > Integer.MAX_VALUE - 16 - OFFSET) {
            clusters >>= 1;
        }
        t = new long[(int) (clusters * WAYS * WORDS) + OFFSET];
        clusterMask = (int) clusters - 1;
        capacity = (int) (clusters * WAYS);
        proofs = new ProofStore(bytes / 2);
        lostProofs = new long[Math.max(1, (int) (clusters >>> 6))];
    }

    /** The number of the cluster that holds array index {@code i}. */
    private static int clusterOf(int i) {
        return (i - OFFSET) / (WAYS * WORDS);
    }

    /** Notes that the entry at key index {@code i} is removed or overwritten, if it is a proof. */
    private void losing(int i) {
        if ((int) (t[data(i) + 1] >>> 32) == 0) {
            int c = clusterOf(i);
            lostProofs[c >>> 6] |= 1L << c;
            anyLost = true;
        }
    }

    /** Whether a proof stored in the cluster starting at {@code base} may have been lost ({@link #lostProofs}). */
    private boolean mayHaveLost(int base) {
        int c = clusterOf(base);
        return (lostProofs[c >>> 6] & 1L << c) != 0;
    }

    /**
     * Switches the fallback to the proofs kept apart on or off: while on, a lookup that finds no proof or
     * disproof in the table answers with a kept proof if there is one. Off during the proof (its path must not
     * change), on while the solution is read.
     */
    void reading(boolean on) {
        reading = on;
    }

    /** Proofs kept apart for the reading. */
    int keptProofs() {
        return proofs.size();
    }

    int capacity() {
        return capacity;
    }

    int used() {
        return used;
    }

    long collections() {
        return collections;
    }

    /** Forgets every entry (lazily: see the class comment). */
    void clear() {
        generation++;
        if (generation >= 1 << 16) {
            java.util.Arrays.fill(t, 0L);
            generation = 1;
        }
        salt = salt(generation);
        used = 0;
        proofs.clear();
        if (anyLost) {
            java.util.Arrays.fill(lostProofs, 0L);
            anyLost = false;
        }
        reading = false;
    }

    /** A well-mixed non-zero value per generation (splitmix64 of it). */
    private static long salt(long generation) {
        long z = generation * 0x9E3779B97F4A7C15L;
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return (z ^ (z >>> 31)) | 1;
    }

    /** Whether slot {@code i} holds an entry of the current generation. */
    private boolean live(int i) {
        return (t[data(i) + 2] >>> GENERATION_SHIFT) == generation;
    }

    /** The index of word 1 of the entry whose key is at index {@code i} (words 1–3 follow one another). */
    private static int data(int i) {
        int r = i - OFFSET;
        return OFFSET + (r & ~(WAYS * WORDS - 1)) + WAYS + (WORDS - 1) * (r & (WAYS * WORDS - 1));
    }

    private int cluster(long key) {
        return OFFSET + (int) ((key ^ (key >>> 29)) & clusterMask) * (WAYS * WORDS);
    }

    /** Keeps the loads of {@link #prefetch} from being optimised away. */
    private long touched;

    /**
     * Reads the cache line of a key's cluster, so that several clusters are fetched from memory at once (the
     * loads are independent) before they are looked up one after the other.
     */
    void prefetch(long key) {
        touched += t[cluster(key)];
    }

    /**
     * Looks the position up and fills {@link #pn}, {@link #dn}, {@link #hand}, {@link #move} and
     * {@link #amount}. Returns {@code true} if an entry applies: a proof whose hand {@code hand} covers, a
     * disproof whose hand covers {@code hand}, or the exact entry. Otherwise the fields keep the given initial
     * values.
     */
    boolean lookup(long key, int attackerHand, int initPn, int initDn) {
        return lookup(key, attackerHand, initPn, initDn, MAX_LENGTH);
    }

    /**
     * {@link #lookup(long, int, int, int)} for a search bounded by the plies left: a proof applies only if its
     * mate takes at most {@code remaining} plies, and a disproof only if it holds for at least that many (a
     * disproof stored with {@link #MAX_LENGTH} holds for any number; one with fewer plies says only that there
     * is no mate within them).
     */
    boolean lookup(long key, int attackerHand, int initPn, int initDn, int remaining) {
        int base = cluster(key);
        long stored = key ^ salt;
        boolean exact = false;
        pnFloor = 0;
        for (int i = base, end = base + WAYS; i < end; i++) {
            if (t[i] != stored || !live(i)) {
                continue;
            }
            int d = data(i);
            long w1 = t[d], w2 = t[d + 1];
            int eh = (int) w1;
            int epn = (int) (w2 >>> 32), edn = (int) w2;
            if (epn == 0) {
                if (Hand.isSuperiorOrEqual(attackerHand, eh) && (int) (w1 >>> 53) <= remaining) {
                    set(epn, edn, w1, t[d + 2]);
                    return true;
                }
            } else if (edn == 0) {
                if (Hand.isSuperiorOrEqual(eh, attackerHand) && (int) (w1 >>> 53) >= remaining) {
                    set(epn, edn, w1, t[d + 2]);
                    return true;
                }
            } else if (eh == attackerHand) {
                set(epn, edn, w1, t[d + 2]);
                exact = true;
            } else if (gatherPnFloor && epn > pnFloor && Hand.isSuperiorOrEqual(eh, attackerHand)) {
                pnFloor = epn;
            }
        }
        if (reading && mayHaveLost(base) && proofs.lookup(key, attackerHand) && proofs.length <= remaining) {
            this.pn = 0;
            this.dn = INF;
            this.hand = proofs.hand;
            this.move = proofs.move;
            this.length = proofs.length;
            this.amount = 0;
            return true;
        }
        if (!exact) {
            set(initPn, initDn, attackerHand & 0xFFFFFFFFL, 0);
        }
        return exact;
    }

    private void set(int pn, int dn, long w1, long amount) {
        this.pn = pn;
        this.dn = dn;
        this.hand = (int) w1;
        this.move = (int) (w1 >>> 32) & MOVE_MASK;
        this.length = (int) (w1 >>> 53);
        this.amount = amount & AMOUNT_MASK;
    }

    /**
     * Stores a result. For a proof {@code attackerHand} is the proof hand, for a disproof the disproof hand;
     * either replaces the entries of the same board that it settles.
     */
    void store(long key, int attackerHand, int pn, int dn, int move, long amount) {
        store(key, attackerHand, pn, dn, move, dn == 0 ? MAX_LENGTH : 0, amount);
    }

    /**
     * {@link #store} with the mate length of a proof (in plies, capped at {@link #MAX_LENGTH}), or for a
     * disproof the plies within which there is no mate ({@link #MAX_LENGTH}: none at all).
     */
    void store(long key, int attackerHand, int pn, int dn, int move, int length, long amount) {
        if (used >= capacity - capacity / 8) {
            collectGarbage();
        }
        if (pn == 0) {
            proofs.store(key, attackerHand, move, length);
        }
        int base = cluster(key);
        long storedKey = key ^ salt;
        // An unsettled entry or a disproof within a bound never overwrites a proof or a full disproof.
        boolean weak = pn != 0 && (dn != 0 || length < MAX_LENGTH);
        int target = -1;
        int empty = -1;
        int weakest = -1;
        long weakestAmount = Long.MAX_VALUE;
        for (int i = base, end = base + WAYS; i < end; i++) {
            long k = t[i];
            if (!live(i)) {
                if (empty < 0) {
                    empty = i;
                }
                continue;
            }
            if (k == storedKey) {
                int eh = (int) t[data(i)];
                if (eh == attackerHand && target < 0 && !(weak && settledFor(t[data(i) + 1], t[data(i)]))) {
                    target = i;
                    continue;
                }
                boolean settled = pn == 0 ? Hand.isSuperiorOrEqual(eh, attackerHand)
                        : dn == 0 && Hand.isSuperiorOrEqual(attackerHand, eh)
                                && (length >= MAX_LENGTH || weaker(t[data(i) + 1], t[data(i)], length));
                if (settled) {
                    // An entry this result settles (or repeats): free it.
                    losing(i);
                    t[i] = 0;
                    t[data(i) + 2] = 0;
                    used--;
                    if (empty < 0) {
                        empty = i;
                    }
                    continue;
                }
            }
            long a = t[data(i) + 2] & AMOUNT_MASK;
            if (a < weakestAmount) {
                weakestAmount = a;
                weakest = i;
            }
        }
        if (target < 0) {
            if (empty >= 0) {
                target = empty;
                used++;
            } else {
                target = weakest;
                losing(target);
            }
        } else if (t[target] == storedKey && live(target)) {
            losing(target);
        }
        t[target] = storedKey;
        int d = data(target);
        t[d] = (attackerHand & 0xFFFFFFFFL) | ((long) (move & MOVE_MASK) << 32)
                | ((long) Math.min(length, MAX_LENGTH) << 53);
        t[d + 1] = ((long) pn << 32) | (dn & 0xFFFFFFFFL);
        t[d + 2] = Math.min(amount, AMOUNT_MASK) | generation << GENERATION_SHIFT;
    }

    /**
     * Whether an entry (words 2 and 1) may give way to a disproof that holds only within {@code plies}: it is
     * unsettled, or a disproof within no more plies. A proof stays (a mate longer than the bound is no
     * contradiction).
     */
    private static boolean weaker(long w2, long w1, int plies) {
        int epn = (int) (w2 >>> 32), edn = (int) w2;
        if (epn == 0) {
            return false;
        }
        return edn != 0 || (int) (w1 >>> 53) <= plies;
    }

    /** Whether an entry (words 2 and 1) is a proof or a disproof that holds for any number of plies. */
    private static boolean settledFor(long w2, long w1) {
        int epn = (int) (w2 >>> 32), edn = (int) w2;
        return epn == 0 || edn == 0 && (int) (w1 >>> 53) >= MAX_LENGTH;
    }

    /**
     * Frees about half the table: the entries with the least work behind them (estimated from a sample), so
     * that the expensive results survive. Called by {@link #store} when the table is seven-eighths full.
     */
    void collectGarbage() {
        collections++;
        int n = capacity;
        int samples = Math.min(n, 4096);
        long[] s = new long[samples];
        int got = 0;
        long step = Math.max(1, n / samples);
        for (long e = 0; e < n && got < samples; e += step) {
            int i = OFFSET + (int) (e / WAYS) * (WAYS * WORDS) + (int) (e % WAYS);
            if (live(i)) {
                s[got++] = t[data(i) + 2] & AMOUNT_MASK;
            }
        }
        java.util.Arrays.sort(s, 0, got);
        long threshold = got == 0 ? 0 : s[got / 2];
        for (int c = OFFSET; c < t.length; c += WAYS * WORDS) {
            for (int i = c; i < c + WAYS; i++) {
                if (live(i) && (t[data(i) + 2] & AMOUNT_MASK) <= threshold) {
                    losing(i);
                    t[i] = 0;
                    t[data(i) + 2] = 0;
                    used--;
                }
            }
        }
    }
}
