package dev.meijin.mate;

import java.util.Arrays;

/**
 * A map from {@code long} keys to {@code long} values in primitive arrays (open addressing, linear probing),
 * for the memos the reading keeps per position: a lookup or a store boxes nothing and allocates nothing, and the
 * arrays grow (doubling) when half full. Not thread-safe.
 */
final class LongLongMap {
    /** What {@link #get} answers for a key the map does not hold: a value the solver's memos never store. */
    static final long NONE = Long.MIN_VALUE;

    private long[] keys;
    private long[] values;
    private boolean[] used;
    private int mask;
    private int size;

    LongLongMap() {
        allocate(1 << 10);
    }

    private void allocate(int capacity) {
        keys = new long[capacity];
        values = new long[capacity];
        used = new boolean[capacity];
        mask = capacity - 1;
    }

    private int slot(long key) {
        long h = key * 0x9E3779B97F4A7C15L;
        return (int) (h ^ h >>> 32) & mask;
    }

    /** The value stored under {@code key}, or {@link #NONE}. */
    long get(long key) {
        for (int i = slot(key); used[i]; i = i + 1 & mask) {
            if (keys[i] == key) {
                return values[i];
            }
        }
        return NONE;
    }

    /** Stores {@code value} (never {@link #NONE}) under {@code key}, replacing any value it had. */
    void put(long key, long value) {
        assert value != NONE;
        int i = slot(key);
        for (; used[i]; i = i + 1 & mask) {
            if (keys[i] == key) {
                values[i] = value;
                return;
            }
        }
        used[i] = true;
        keys[i] = key;
        values[i] = value;
        if (++size > keys.length >>> 1) {
            grow();
        }
    }

    private void grow() {
        long[] oldKeys = keys, oldValues = values;
        boolean[] oldUsed = used;
        allocate(keys.length << 1);
        for (int j = 0; j < oldKeys.length; j++) {
            if (oldUsed[j]) {
                int i = slot(oldKeys[j]);
                while (used[i]) {
                    i = i + 1 & mask;
                }
                used[i] = true;
                keys[i] = oldKeys[j];
                values[i] = oldValues[j];
            }
        }
    }

    /** The number of keys held. */
    int size() {
        return size;
    }

    /** Removes every key; the arrays keep their size. */
    void clear() {
        Arrays.fill(used, false);
        size = 0;
    }
}
