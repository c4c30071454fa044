package dev.trawl.cuda.engine;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.trawl.Input;
import dev.trawl.Matcher;
import dev.trawl.MatcherOptions;
import dev.trawl.PatternSet;
import dev.trawl.Trawl;
import dev.trawl.cuda.DeviceBuffer;
import dev.trawl.cuda.Event;
import dev.trawl.cuda.Gpu;
import dev.trawl.cuda.PinnedBuffer;
import dev.trawl.cuda.Stream;
import dev.trawl.engine.cpu.AhoCorasickEngine;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * {@link CopyLanes} put exactly the bytes asked for at the device address asked for: sizes around a
 * piece and across every lane, the next copy started before the last one's stream waited (as the
 * pipeline does), and scans from several threads at once sharing the lanes.
 */
@Tag("gpu")
class GpuCopyLanesTest {
    private static final long P = CopyLanes.PIECE;

    @BeforeEach
    void needsGpu() {
        assumeTrue(Gpu.available(), () -> "no GPU: " + Gpu.unavailableReason().orElse("?"));
    }

    private static Event[] events(Gpu gpu) {
        Event[] e = new Event[CopyLanes.lanes()];
        for (int j = 0; j < e.length; j++) {
            e[j] = new Event(gpu, false);
        }
        return e;
    }

    @Test
    void copiesOfEverySizeArriveWholeWithTheNextOneUnderWay() {
        Gpu gpu = Gpu.get();
        gpu.bind();
        Random r = new Random(41);
        byte[] text = new byte[(int) (40 * P)];
        r.nextBytes(text);
        long lanes = CopyLanes.lanes();
        long[] sizes = {0, 1, 100, P - 1, P, P + 1, 2 * P + 7, lanes * P - 1, lanes * P, lanes * P + 1,
                (2 * lanes + 1) * P + 12345, 36 * P};
        Event[][] done = {events(gpu), events(gpu)};
        long room = 37 * P + (1 << 20) + 64;
        try (Arena a = Arena.ofShared();
                Stream after0 = new Stream(gpu);
                Stream after1 = new Stream(gpu);
                DeviceBuffer dev0 = new DeviceBuffer(gpu, room);
                DeviceBuffer dev1 = new DeviceBuffer(gpu, room);
                PinnedBuffer back = new PinnedBuffer(gpu, room)) {
            DeviceBuffer[] dev = {dev0, dev1};
            Stream[] after = {after0, after1};
            MemorySegment src = a.allocate(text.length).copyFrom(MemorySegment.ofArray(text));
            // Two copies in turn: copy i starts before copy i - 1's stream is told to wait, as in ScanPipeline.
            CopyLanes.Copy last = null;
            long[] lastAt = null;
            for (int i = 0; i <= 2 * sizes.length; i++) {
                int b = i & 1;
                CopyLanes.Copy copy = null;
                long[] at = null;
                if (i < 2 * sizes.length) {
                    long size = sizes[i % sizes.length];
                    long from = r.nextInt((int) (text.length - size + 1));
                    long to = r.nextInt(1 << 20); // not aligned to a piece on the device either
                    after[b].fill(dev[b].pointer(), (byte) 0x5a, room);
                    after[b].synchronize(); // the lanes copy on their own streams
                    copy = CopyLanes.start(gpu, src, from, size, dev[b].pointer() + to, done[b]);
                    at = new long[] {from, to, size};
                }
                if (last != null) {
                    int pb = b ^ 1;
                    last.before(after[pb]);
                    long size = lastAt[2];
                    long to = lastAt[1];
                    after[pb].copyToHost(back.segment(), dev[pb].pointer(), to + size + 64);
                    after[pb].synchronize();
                    byte[] expected = new byte[(int) (to + size + 64)];
                    Arrays.fill(expected, (byte) 0x5a);
                    System.arraycopy(text, (int) lastAt[0], expected, (int) to, (int) size);
                    assertArrayEquals(expected, back.segment().asSlice(0, expected.length).toArray(ValueLayout.JAVA_BYTE),
                            "copy " + (i - 1) + ": " + size + " bytes from " + lastAt[0] + " to +" + to);
                }
                last = copy;
                lastAt = at;
            }
        } finally {
            for (Event[] es : done) {
                for (Event e : es) {
                    e.close();
                }
            }
        }
    }

    @Test
    void scansAtOnceShareTheLanesAndEachCountsItsOwnText() throws Exception {
        PatternSet set = PatternSet.of("error", "warn", "rror w", "e");
        Matcher gpu = Trawl.compile(set, MatcherOptions.defaults().withEngine(GpuPfacEngine.NAME).withChunkBytes(3 * P + 11));
        Matcher cpu = Trawl.compile(set, MatcherOptions.defaults().withEngine(AhoCorasickEngine.NAME));
        String[] words = {"error ", "warn ", "info ", "e", "rr", "or w"};
        int tasks = 6;
        ExecutorService pool = Executors.newFixedThreadPool(tasks);
        try (Arena a = Arena.ofShared()) {
            List<MemorySegment> texts = new ArrayList<>();
            for (int t = 0; t < tasks; t++) {
                Random r = new Random(100 + t);
                int n = (int) (5 * P + r.nextInt((int) P));
                byte[] b = new byte[n];
                for (int i = 0; i < n; ) {
                    byte[] w = words[r.nextInt(words.length - t % 3)].getBytes(); // each text its own mix
                    int k = Math.min(w.length, n - i);
                    System.arraycopy(w, 0, b, i, k);
                    i += k;
                }
                texts.add(a.allocate(n).copyFrom(MemorySegment.ofArray(b)));
            }
            for (int round = 0; round < 3; round++) {
                List<Future<long[]>> running = new ArrayList<>();
                for (MemorySegment text : texts) {
                    running.add(pool.submit(() -> new long[] {gpu.count(Input.of(text)), cpu.count(Input.of(text))}));
                }
                for (int t = 0; t < tasks; t++) {
                    long[] got = running.get(t).get();
                    assertEquals(got[1], got[0], "round " + round + ", text " + t);
                }
            }
        } finally {
            pool.shutdownNow();
        }
    }
}
