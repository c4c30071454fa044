package dev.trawl.bench.harness;

import java.util.Arrays;

/**
 * A small open-addressing map from non-negative long keys to int values that keeps the minimum value
 * put under each key: the per-chunk table of "first offset of pattern p in record r". Linear probing,
 * power-of-two capacity, grows at half full.
 */
final class LongIntMap {
    private long[] keys; // key + 1; 0 is empty
    private int[] values;
    private int size;

    LongIntMap() {
        keys = new long[64];
        values = new int[64];
    }

    void putMin(long key, int value) {
        int mask = keys.length - 1;
        int i = (int) (Digest.mix(0, key) & mask);
        long k = key + 1;
        while (true) {
            long at = keys[i];
            if (at == 0) {
                keys[i] = k;
                values[i] = value;
                if (++size * 2 > keys.length) {
                    grow();
                }
                return;
            }
            if (at == k) {
                if (value < values[i]) {
                    values[i] = value;
                }
                return;
            }
            i = (i + 1) & mask;
        }
    }

    int size() {
        return size;
    }

    interface Visitor {
        void visit(long key, int value);
    }

    void forEach(Visitor v) {
        for (int i = 0; i < keys.length; i++) {
            if (keys[i] != 0) {
                v.visit(keys[i] - 1, values[i]);
            }
        }
    }

    private void grow() {
        long[] oldKeys = keys;
        int[] oldValues = values;
        keys = new long[oldKeys.length * 2];
        values = new int[oldKeys.length * 2];
        size = 0;
        for (int i = 0; i < oldKeys.length; i++) {
            if (oldKeys[i] != 0) {
                putMin(oldKeys[i] - 1, oldValues[i]);
            }
        }
        Arrays.fill(oldKeys, 0);
    }
}
