package dev.trawl.bench.data;

import dev.trawl.testing.Words;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * The experiments' inputs, made deterministically from the shared data and written straight into
 * off-heap memory (sizes past 2 GiB work): the Iliad repeated, loghub lines replayed, generated records.
 */
public final class Texts {
    private Texts() {}

    public static byte[] iliad(Path dataDir) {
        return read(dataDir.resolve("iliad.txt"));
    }

    /** The Iliad repeated to exactly {@code size} bytes, on the heap (for the JMH benchmarks). */
    public static byte[] iliadRepeatedOnHeap(Path dataDir, int size) {
        byte[] iliad = iliad(dataDir);
        byte[] out = new byte[size];
        for (int at = 0; at < size; at += iliad.length) {
            System.arraycopy(iliad, 0, out, at, Math.min(iliad.length, size - at));
        }
        return out;
    }

    /** The Iliad repeated to exactly {@code size} bytes (the last copy cut short). */
    public static Workload iliadRepeated(Path dataDir, long size, long chunkBytes, int threads) {
        byte[] iliad = iliad(dataDir);
        Arena arena = Arena.ofShared();
        MemorySegment seg = arena.allocate(Math.max(1, size), 64).asSlice(0, size);
        for (long at = 0; at < size; at += iliad.length) {
            int n = (int) Math.min(iliad.length, size - at);
            MemorySegment.copy(iliad, 0, seg, ValueLayout.JAVA_BYTE, at, n);
        }
        return Workload.of(String.format("the Iliad (%,d bytes) repeated to %s", iliad.length, Sizes.format(size)),
                arena, seg, chunkBytes, threads);
    }

    /**
     * Loghub's 2,000-line samples of every system, interleaved (line i of each system in turn) and
     * replayed until the next line would pass {@code size} bytes.
     */
    public static Workload logsReplayed(Path dataDir, long size, long chunkBytes, int threads) {
        List<byte[]> lines = Loghub.interleavedLines(dataDir);
        long total = 0;
        long count = 0;
        for (int i = 0; ; i = (i + 1) % lines.size()) {
            long next = total + lines.get(i).length;
            if (next > size && count > 0) {
                break;
            }
            total = next;
            count++;
        }
        return replay(lines, count, total, chunkBytes, threads);
    }

    /** The same lines replayed to exactly {@code count} lines (at least one). */
    public static Workload logsReplayedLines(Path dataDir, long count, long chunkBytes, int threads) {
        List<byte[]> lines = Loghub.interleavedLines(dataDir);
        count = Math.max(1, count);
        long cycle = 0;
        for (byte[] l : lines) {
            cycle += l.length;
        }
        long total = count / lines.size() * cycle;
        for (int i = 0; i < count % lines.size(); i++) {
            total += lines.get(i).length;
        }
        return replay(lines, count, total, chunkBytes, threads);
    }

    /** The first {@code count} lines of {@code lines} repeated, {@code total} bytes, off-heap. */
    private static Workload replay(List<byte[]> lines, long count, long total, long chunkBytes, int threads) {
        Arena arena = Arena.ofShared();
        MemorySegment seg = arena.allocate(Math.max(1, total), 64).asSlice(0, total);
        long at = 0;
        for (long k = 0; k < count; k++) {
            byte[] l = lines.get((int) (k % lines.size()));
            MemorySegment.copy(l, 0, seg, ValueLayout.JAVA_BYTE, at, l.length);
            at += l.length;
        }
        return Workload.of(String.format("%,d loghub lines (%d distinct, 16 systems) replayed: %s", count, lines.size(),
                Sizes.format(total)), arena, seg, chunkBytes, threads);
    }

    /**
     * Records of {@code recordBytes} bytes (the newline included) of generated words, enough to fill
     * about {@code size} bytes. Deterministic for a seed.
     */
    public static Workload records(long size, int recordBytes, long seed, long chunkBytes, int threads) {
        List<String> vocabulary = Words.generate(20_000, seed);
        long records = Math.max(1, size / recordBytes);
        long total = records * recordBytes;
        Arena arena = Arena.ofShared();
        MemorySegment seg = arena.allocate(total, 64);
        Random r = new Random(seed ^ 0x5DEECE66DL);
        byte[] rec = new byte[recordBytes];
        for (long k = 0; k < records; k++) {
            fillRecord(rec, vocabulary, r);
            MemorySegment.copy(rec, 0, seg, ValueLayout.JAVA_BYTE, k * recordBytes, recordBytes);
        }
        return Workload.of(String.format("%,d generated records × %d bytes: %s", records, recordBytes, Sizes.format(total)),
                arena, seg, chunkBytes, threads);
    }

    /** Fills one record: words separated by spaces, padded with spaces, ending in a newline. */
    static void fillRecord(byte[] rec, List<String> vocabulary, Random r) {
        int at = 0;
        int end = rec.length - 1;
        while (at < end) {
            byte[] w = vocabulary.get(r.nextInt(vocabulary.size())).getBytes(StandardCharsets.ISO_8859_1);
            for (int i = 0; i < w.length && at < end; i++) {
                rec[at++] = w[i];
            }
            if (at < end) {
                rec[at++] = ' ';
            }
        }
        rec[end] = '\n';
    }

    /**
     * The Rabin-Karp records write-up's patterns: {@code totalBytes / length} patterns of {@code length}
     * bytes, half cut from random records (so they occur) and half made of other generated words (so they
     * mostly do not).
     */
    public static List<String> recordPatterns(Workload w, int totalBytes, int length, long seed) {
        int n = Math.max(1, totalBytes / length);
        Random r = new Random(seed);
        List<String> out = new ArrayList<>(n);
        List<String> other = Words.generate(4 * n, seed + 1);
        java.util.Set<String> seen = new java.util.HashSet<>();
        while (out.size() < n) {
            String p;
            if (out.size() % 2 == 0) {
                int line = r.nextInt(w.lines());
                String rec = w.lineString(line);
                if (rec.length() < length) {
                    continue;
                }
                int at = r.nextInt(rec.length() - length + 1);
                p = rec.substring(at, at + length);
            } else {
                StringBuilder sb = new StringBuilder();
                while (sb.length() < length) {
                    sb.append(other.get(r.nextInt(other.size()))).append(' ');
                }
                p = sb.substring(0, length);
            }
            if (seen.add(p)) {
                out.add(p);
            }
        }
        return out;
    }

    static byte[] read(Path p) {
        try {
            return Files.readAllBytes(p);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
