package dev.trawl.scan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.function.LongUnaryOperator;
import org.junit.jupiter.api.Test;

/**
 * {@link ChunkPlan} against brute force: for every start position, the chunks that own it (exactly
 * one), and for every match a pattern of up to {@code overlap + 1} bytes could make, whether the
 * owning chunk reads all of it and no chunk reads past the input.
 */
class ChunkPlanTest {

    @Test
    void everyStartOwnedOnceAndEveryShortMatchReadWhole() {
        SplittableRandom rnd = new SplittableRandom(7);
        long[] sizes = {0, 1, 2, 7, 63, 64, 65, 1000};
        long[] chunks = {1, 2, 3, 16, 63, 64, 65, 999, 1000, 1001, 1L << 40, Long.MAX_VALUE};
        long[] overlaps = {0, 1, 2, 15, 64, 2000, Long.MAX_VALUE / 2};
        for (long size : sizes) {
            for (long chunk : chunks) {
                for (long overlap : overlaps) {
                    check(new ChunkPlan(size, chunk, overlap));
                    check(new ChunkPlan(size, chunk, overlap).cutAt(randomCut(rnd, size)));
                    for (int threads : new int[] {1, 2, 16}) {
                        check(new ChunkPlan(size, chunk, overlap).tapered(threads, 5));
                        check(new ChunkPlan(size, chunk, overlap).cutAt(randomCut(rnd, size)).tapered(threads, 1));
                    }
                }
            }
        }
    }

    /** The GPU pipeline's chunks as it cut them by hand: {@code [i * chunk, (i + 1) * chunk)} reading the overlap on. */
    @Test
    void uncutPlanIsTheArithmeticOne() {
        for (long size : new long[] {1, 5, 100, 4097}) {
            for (long chunk : new long[] {1, 3, 64, 4096, 5000}) {
                for (int longest : new int[] {1, 2, 7, 300}) {
                    ChunkPlan plan = ChunkPlan.forLongestPattern(size, chunk, longest);
                    List<long[]> expected = new ArrayList<>();
                    for (long from = 0; from < size; from += chunk) {
                        long to = Math.min(size, from + chunk);
                        expected.add(new long[] {from, to, Math.min(size, to + longest - 1)});
                    }
                    List<long[]> got = walk(plan);
                    assertEquals(expected.size(), got.size(), plan + " chunks");
                    for (int i = 0; i < got.size(); i++) {
                        assertEquals(List.of(expected.get(i)[0], expected.get(i)[1], expected.get(i)[2]),
                                List.of(got.get(i)[0], got.get(i)[1], got.get(i)[2]), "chunk " + i);
                    }
                }
            }
        }
    }

    @Test
    void cutIsCalledInOrderOncePerChunkAndClamped() {
        List<Long> asked = new ArrayList<>();
        // A cut that moves back (to 0), one that moves forward, one past the end: ends stay in (from, size].
        ChunkPlan plan = new ChunkPlan(100, 10, 3).cutAt(end -> {
            asked.add(end);
            return end == 10 ? 0 : end == 11 ? end + 4 : end == 25 ? 1000 : end;
        });
        List<Long> ends = walk(plan).stream().map(c -> c[1]).toList();
        assertEquals(List.of(1L, 15L, 100L), ends);
        assertEquals(List.of(10L, 11L, 25L), asked);
    }

    @Test
    void taperedChunksShrinkTowardTheEndButNotBelowTheLeast() {
        long size = 256L << 20;
        long chunk = 1 << 20;
        long least = 128 << 10;
        List<long[]> chunks = walk(new ChunkPlan(size, chunk, 0).tapered(16, least));
        long before = chunk;
        for (int i = 0; i < chunks.size(); i++) {
            long length = chunks.get(i)[1] - chunks.get(i)[0];
            long rest = size - chunks.get(i)[0];
            assertTrue(length <= before, "#" + i + " is no longer than the one before");
            assertEquals(Math.min(rest, Math.max(least, Math.min(chunk, rest / (16 * ChunkPlan.TAPER_PER_THREAD)))), length,
                    "#" + i + ": the rest over 64, between the least and the chunk size");
            before = length;
        }
        assertEquals(chunk, chunks.getFirst()[1], "the first chunks are whole");
        assertEquals(least, chunks.get(chunks.size() - 2)[1] - chunks.get(chunks.size() - 2)[0], "the last ones the least");
        // Untapered, the same input is 256 whole chunks. Tapered, the last quarter (where the rest over 64 is
        // under a chunk) is cut ever finer: a sixty-fourth of the rest each, about 130 chunks down to an
        // eighth of a chunk, then 64 of the least.
        assertTrue(chunks.size() > 256 + 128 && chunks.size() < 256 + 192, chunks.size() + " chunks");
    }

    @Test
    void refusesEmptyChunksAndNegativeSizes() {
        assertThrows(IllegalArgumentException.class, () -> new ChunkPlan(10, 0, 0));
        assertThrows(IllegalArgumentException.class, () -> new ChunkPlan(-1, 1, 0));
        assertThrows(IllegalArgumentException.class, () -> new ChunkPlan(10, 1, -1));
    }

    private static LongUnaryOperator randomCut(SplittableRandom rnd, long size) {
        long seed = rnd.nextLong();
        return end -> {
            // Deterministic per end: back, same, forward a little or far past the size.
            int kind = (int) Math.floorMod(end * 31 + seed, 4);
            return switch (kind) {
                case 0 -> end - 1 - Math.floorMod(seed, 5);
                case 1 -> end;
                case 2 -> end + Math.floorMod(seed ^ end, 7);
                default -> size + 3;
            };
        };
    }

    private static List<long[]> walk(ChunkPlan plan) {
        List<long[]> out = new ArrayList<>();
        for (long from = 0, to; from < plan.size(); from = to) {
            to = plan.end(from);
            out.add(new long[] {from, to, plan.readEnd(to)});
            assertTrue(out.size() <= plan.size(), "more chunks than starts: " + plan);
        }
        return out;
    }

    private static void check(ChunkPlan plan) {
        long size = plan.size();
        List<long[]> chunks = walk(plan);
        int[] owners = new int[(int) size];
        int[] owner = new int[(int) size];
        long prevEnd = 0;
        for (int i = 0; i < chunks.size(); i++) {
            long from = chunks.get(i)[0];
            long to = chunks.get(i)[1];
            long readEnd = chunks.get(i)[2];
            String where = "size " + size + " chunk " + plan.chunk() + " overlap " + plan.overlap() + " #" + i;
            assertEquals(prevEnd, from, where + " starts where the last ended");
            assertTrue(from < to && to <= size, where + " is a non-empty range inside the input");
            assertTrue(readEnd >= to && readEnd <= size, where + " reads [" + from + ", " + readEnd + ")");
            assertEquals(Math.min(size, to + Math.min(plan.overlap(), size)), readEnd, where + " reads the overlap on");
            for (long s = from; s < to; s++) {
                owners[(int) s]++;
                owner[(int) s] = i;
            }
            prevEnd = to;
        }
        assertEquals(size, prevEnd, "the last chunk ends at the size");
        for (int s = 0; s < size; s++) {
            assertEquals(1, owners[s], "start " + s + " is owned once");
            long readEnd = chunks.get(owner[s])[2];
            // Every match starting here that the overlap is meant for lies inside what its chunk reads.
            long longest = Math.min(plan.overlap() + 1, size - s);
            assertTrue(s + longest <= readEnd, "a " + longest + "-byte match at " + s + " is read whole");
        }
    }
}
