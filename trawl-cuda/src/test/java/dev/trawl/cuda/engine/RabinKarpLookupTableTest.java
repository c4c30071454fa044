package dev.trawl.cuda.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trawl.PatternSet;
import dev.trawl.testing.TestData;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@link RabinKarpPatterns#lookupTable}, read as {@code rabinkarp.cu}'s {@code TableLookup} reads it
 * (no GPU needed), against the constant-memory loop it replaces: for every entry's key and for random
 * keys, the entries it yields are exactly those of the group with that key. With the polynomial hash
 * and the test-only weak one (four keys, so long buckets), for sets within one batch and over several
 * (groups cut at a batch's edge).
 */
class RabinKarpLookupTableTest {

    @AfterEach
    void clearSwitches() {
        System.clearProperty(RabinKarpPatterns.HASH_PROPERTY);
    }

    private static PatternSet patterns(int words) {
        List<String> p = new ArrayList<>(TestData.words(words, 3));
        p.addAll(List.of("a", "b", "ab", "abc", "Achilles", "Achilles", "a long pattern of more than thirty-two bytes"));
        return PatternSet.of(p);
    }

    @ParameterizedTest
    @ValueSource(strings = {"polynomial@300", "weak@300", "polynomial@9500", "weak@9500"})
    void findsExactlyTheEntriesOfAKey(String spec) {
        String[] parts = spec.split("@");
        System.setProperty(RabinKarpPatterns.HASH_PROPERTY, parts[0]);
        RabinKarpPatterns t = new RabinKarpPatterns(patterns(Integer.parseInt(parts[1])));
        Random random = new Random(7);
        int checked = 0;
        for (int b = 0; b < t.batches(); b++) {
            int[] groups = t.batchGroups(b);
            int[] table = t.lookupTable(b);
            int lo = b * RabinKarpPatterns.BATCH;
            assertTrue(4L * table.length <= 44 << 10, "a full batch's table fits shared memory: " + 4L * table.length);
            for (int g = 0; g < groups.length / 4; g++) {
                List<Integer> keys = new ArrayList<>();
                for (int e = groups[4 * g + 1]; e < groups[4 * g + 2]; e++) {
                    keys.add(t.keys[lo + e]);
                    assertEquals(t.keys[lo + e], table[groups.length + e], "the batch's keys, in entry order");
                }
                for (int k = 0; k < 200; k++) {
                    keys.add(random.nextInt() & t.keyMask);
                }
                for (int key : keys) {
                    assertEquals(linear(t, groups, g, lo, key), lookedUp(table, groups.length / 4, g, key), "key " + key);
                    checked++;
                }
            }
        }
        assertTrue(checked > 1000);
    }

    /** The constant-memory loop: the entries of group {@code g} whose key is {@code key}, ascending. */
    private static List<Integer> linear(RabinKarpPatterns t, int[] groups, int g, int lo, int key) {
        List<Integer> out = new ArrayList<>();
        for (int e = groups[4 * g + 1]; e < groups[4 * g + 2]; e++) {
            if (t.keys[lo + e] == key) {
                out.add(e);
            }
        }
        return out;
    }

    /** {@code TableLookup::each} of {@code rabinkarp.cu}, line for line. */
    private static List<Integer> lookedUp(int[] words, int groupCount, int g, int key) {
        List<Integer> out = new ArrayList<>();
        int keysAt = 4 * groupCount;
        int filterBits = words[4 * g + 2];
        int bit = RabinKarpPatterns.top(key, RabinKarpPatterns.FILTER_MUL, filterBits);
        if ((words[words[4 * g + 3] + (bit >>> 5)] >>> (bit & 31) & 1) != 0) {
            int at = words[4 * g + 1] + RabinKarpPatterns.top(key, RabinKarpPatterns.BUCKET_MUL, words[4 * g]);
            for (int e = words[at]; e < words[at + 1]; e++) {
                if (words[keysAt + e] == key) {
                    out.add(e);
                }
            }
        }
        return out;
    }
}
