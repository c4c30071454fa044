package dev.trawl.testing;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.fail;

import dev.trawl.FirstOccurrences;
import dev.trawl.Match;
import dev.trawl.Matcher;
import dev.trawl.MatcherOptions;
import dev.trawl.PatternSet;
import dev.trawl.RecordPatterns;
import dev.trawl.Records;
import dev.trawl.Trawl;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;

/**
 * Checks an engine's per-record operations ({@code anyMatch}, {@code firstMatch},
 * {@code matchedPatterns}, {@code countPerRecord}, {@code firstOccurrence}, {@code scanRecords},
 * each form and layout) against an oracle run on each record alone: {@code cpu:naive} for literal
 * sets, {@code java.util.regex} for regex sets. Every answer is derived from the oracle's ordered
 * matches of the record, so one oracle pass serves all six operations.
 */
public final class RecordCheck {
    private static final ValueLayout.OfInt INT32 = ValueLayout.JAVA_INT_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);
    private static final ValueLayout.OfLong INT64 = ValueLayout.JAVA_LONG_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);

    private RecordCheck() {}

    /**
     * Each record's matches in order, offsets inside the record, packed in flat arrays (the loghub
     * cases hold millions of matches, and their oracles are cached for every engine's run).
     */
    public static final class Expected {
        private final int[] rowStart; // per record: its first match's index; one more entry at the end
        private int[] ids = new int[16];
        private long[] starts = new long[16];
        private long[] ends = new long[16];
        private int size;

        Expected(int records) {
            rowStart = new int[records + 1];
        }

        void add(int record, List<Match> matches) {
            for (Match m : matches) {
                if (size == ids.length) {
                    ids = Arrays.copyOf(ids, size * 2);
                    starts = Arrays.copyOf(starts, size * 2);
                    ends = Arrays.copyOf(ends, size * 2);
                }
                ids[size] = m.patternId();
                starts[size] = m.start();
                ends[size++] = m.end();
            }
            rowStart[record + 1] = size;
        }

        public int records() {
            return rowStart.length - 1;
        }

        public int matches() {
            return size;
        }

        /** Record {@code i}'s matches. */
        public List<Match> of(int i) {
            List<Match> out = new ArrayList<>();
            for (int k = rowStart[i]; k < rowStart[i + 1]; k++) {
                out.add(new Match(ids[k], starts[k], ends[k]));
            }
            return out;
        }
    }

    /** Each record's matches by {@code cpu:naive} on the record alone (offsets inside the record). */
    public static Expected naive(PatternSet patterns, Records records) {
        Matcher oracle = Trawl.compile(patterns, Differential.oracleOptions());
        Expected out = new Expected(records.size());
        for (int i = 0; i < records.size(); i++) {
            out.add(i, oracle.findAll(records.record(i)));
        }
        return out;
    }

    /**
     * Each record's matches by {@code java.util.regex} on the record alone ({@link JdkRegex#expected},
     * {@code javaRegexes[id]} the Java spelling of regex {@code id}, null for literals), in byte
     * offsets; the records must be valid UTF-8. Null when the backtracking oracle runs out of budget.
     */
    public static Expected jdk(PatternSet patterns, String[] javaRegexes, Records records) {
        Expected out = new Expected(records.size());
        for (int i = 0; i < records.size(); i++) {
            String s = records.string(i);
            if (!Arrays.equals(s.getBytes(StandardCharsets.UTF_8), records.record(i).toArray(ValueLayout.JAVA_BYTE))) {
                throw new IllegalArgumentException("record " + i + " is not valid UTF-8: the JDK oracle cannot read it");
            }
            List<Match> chars = JdkRegex.expected(patterns, javaRegexes, s, 50_000_000);
            if (chars == null) {
                return null;
            }
            int[] toByte = byteOffsets(s);
            List<Match> bytes = new ArrayList<>(chars.size());
            for (Match m : chars) {
                bytes.add(new Match(m.patternId(), toByte[(int) m.start()], toByte[(int) m.end()]));
            }
            out.add(i, bytes);
        }
        return out;
    }

    /** Wraps per-record match lists (for oracles computed elsewhere). */
    public static Expected of(List<List<Match>> perRecord) {
        Expected out = new Expected(perRecord.size());
        for (int i = 0; i < perRecord.size(); i++) {
            out.add(i, perRecord.get(i));
        }
        return out;
    }

    /** The UTF-8 byte offset of each char offset of {@code s} (its code point boundaries). */
    private static int[] byteOffsets(String s) {
        int[] map = new int[s.length() + 1];
        for (int c = 0; c < s.length(); c++) {
            char ch = s.charAt(c);
            int width = ch < 0x80 ? 1 : ch < 0x800 ? 2 : Character.isHighSurrogate(ch) ? 4
                    : Character.isLowSurrogate(ch) ? 0 : 3;
            map[c + 1] = map[c] + width;
        }
        return map;
    }

    /**
     * Asserts that every per-record operation of the engine agrees with {@code expected}, in both
     * forms, arrays handed in dirty and longer than needed; and that {@code scanRecords} stops when
     * asked. Returns the number of matches.
     */
    public static long check(String what, PatternSet patterns, Records records, MatcherOptions options,
            Expected expected) {
        Matcher m = Trawl.compile(patterns, options);
        return check(what + " (" + options.engine() + ", " + options.threads() + " threads, chunk "
                + options.chunkBytes() + ")", m, records, expected, true);
    }

    /** As above on a compiled matcher; {@code bothForms} false checks only the new-array forms. */
    public static long check(String what, Matcher m, Records records, Expected expected, boolean bothForms) {
        int n = records.size();
        if (expected == null) {
            fail(what + ": the oracle ran out of budget");
        }
        assertEquals(n, expected.records(), what + ": the oracle's records");
        boolean[] any = new boolean[n];
        int[] first = new int[n];
        long[] counts = new long[n];
        int[] rowOffsets = new int[n + 1];
        int[] rowIds = new int[expected.size];
        int nIds = 0;
        for (int i = 0; i < n; i++) {
            int a = expected.rowStart[i];
            int b = expected.rowStart[i + 1];
            any[i] = b > a;
            first[i] = b > a ? expected.ids[a] : -1;
            counts[i] = b - a;
            int[] ids = Arrays.stream(expected.ids, a, b).sorted().distinct().toArray();
            System.arraycopy(ids, 0, rowIds, nIds, ids.length);
            nIds += ids.length;
            rowOffsets[i + 1] = nIds;
        }
        RecordPatterns patterns = new RecordPatterns(n, rowOffsets, Arrays.copyOf(rowIds, nIds));

        int[] seen = {0};
        boolean done = m.scanRecords(records, (r, id, s, e) -> {
            int k = seen[0]++;
            if (k >= expected.size || r >= n || k < expected.rowStart[r] || k >= expected.rowStart[r + 1]
                    || expected.ids[k] != id || expected.starts[k] != s || expected.ends[k] != e) {
                failScan(what, records, expected, k, r, new Match(id, s, e));
            }
            return true;
        });
        assertEquals(expected.size, seen[0], what + ": scanRecords found too few matches");
        assertEquals(true, done, what + ": scanRecords ran to the end");

        compare(what, "anyMatch", records, any, m.anyMatch(records));
        compare(what, "firstMatch", records, first, m.firstMatch(records));
        compare(what, "countPerRecord", records, counts, m.countPerRecord(records));
        RecordPatterns actual = m.matchedPatterns(records);
        if (!patterns.equals(actual)) {
            for (int i = 0; i < n; i++) {
                assertArrayEquals(patterns.ids(i), actual.ids(i), what + ": matchedPatterns of record " + i + " "
                        + show(records, i));
            }
            assertEquals(patterns, actual, what + ": matchedPatterns");
        }
        if (bothForms) {
            boolean[] anyInto = new boolean[n + 2];
            Arrays.fill(anyInto, true);
            assertSame(anyInto, m.anyMatch(records, anyInto));
            compare(what, "anyMatch into", records, any, Arrays.copyOf(anyInto, n));
            assertEquals(true, anyInto[n], what + ": anyMatch wrote past the records");
            int[] firstInto = new int[n + 1];
            Arrays.fill(firstInto, 77);
            assertSame(firstInto, m.firstMatch(records, firstInto));
            compare(what, "firstMatch into", records, first, Arrays.copyOf(firstInto, n));
            assertEquals(77, firstInto[n], what + ": firstMatch wrote past the records");
            long[] countsInto = new long[n + 1];
            Arrays.fill(countsInto, 99);
            assertSame(countsInto, m.countPerRecord(records, countsInto));
            compare(what, "countPerRecord into", records, counts, Arrays.copyOf(countsInto, n));
            assertEquals(99, countsInto[n], what + ": countPerRecord wrote past the records");
            int[] offsetsInto = new int[n + 3];
            Arrays.fill(offsetsInto, -5);
            RecordPatterns into = m.matchedPatterns(records, offsetsInto);
            assertSame(offsetsInto, into.offsets());
            assertEquals(patterns, into, what + ": matchedPatterns into");
        }
        FirstOccurrences table = firstOccurrences(expected, m.patterns().size());
        checkFirstOccurrences(what, records, table, m.firstOccurrence(records), null);
        if (bothForms) {
            checkFirstOccurrences(what, records, table, m.firstOccurrence(records, FirstOccurrences.Layout.DENSE),
                    FirstOccurrences.Layout.DENSE);
            checkFirstOccurrences(what, records, table, m.firstOccurrence(records, FirstOccurrences.Layout.SPARSE),
                    FirstOccurrences.Layout.SPARSE);
        }
        if (expected.size >= 2) {
            int stopAt = expected.size / 2;
            int[] got = {0};
            assertFalse(m.scanRecords(records, (r, id, s, e) -> {
                int k = got[0]++;
                if (k < expected.rowStart[r] || k >= expected.rowStart[r + 1] || expected.ids[k] != id
                        || expected.starts[k] != s || expected.ends[k] != e) {
                    failScan(what + ", stopping early", records, expected, k, r, new Match(id, s, e));
                }
                return got[0] < stopAt;
            }), what + ": a stopped scanRecords says so");
            assertEquals(stopAt, got[0], what + ": scanRecords stopped early");
        }
        return expected.size;
    }

    /**
     * The first-occurrence table the oracle's matches give: for each record, each pattern's first
     * match start (matches come ordered by start), built in the sparse layout.
     */
    public static FirstOccurrences firstOccurrences(Expected expected, int patterns) {
        int n = expected.records();
        int[] rowStart = new int[n + 1];
        List<Integer> ids = new ArrayList<>();
        List<Long> offsets = new ArrayList<>();
        for (int r = 0; r < n; r++) {
            java.util.TreeMap<Integer, Long> first = new java.util.TreeMap<>();
            for (int k = expected.rowStart[r]; k < expected.rowStart[r + 1]; k++) {
                first.putIfAbsent(expected.ids[k], expected.starts[k]);
            }
            first.forEach((id, at) -> {
                ids.add(id);
                offsets.add(at);
            });
            rowStart[r + 1] = ids.size();
        }
        return FirstOccurrences.sparse(n, patterns, rowStart, ids.stream().mapToInt(Integer::intValue).toArray(),
                offsets.stream().mapToLong(Long::longValue).toArray());
    }

    /** Asserts that the engine's first-occurrence table in {@code layout} ({@code AUTO} too) is the oracle's. */
    public static void checkFirstOccurrence(String what, Matcher m, Records records, Expected expected,
            FirstOccurrences.Layout layout) {
        checkFirstOccurrences(what, records, firstOccurrences(expected, m.patterns().size()),
                m.firstOccurrence(records, layout), layout == FirstOccurrences.Layout.AUTO ? null : layout);
    }

    /**
     * Asserts that an engine's table equals the oracle's: dimensions, layout (the one asked for, or
     * for {@code null}, the automatic one), size, {@code forEach} in order, and {@code get} on every
     * cell of tables up to 2^22 cells.
     */
    private static void checkFirstOccurrences(String what, Records records, FirstOccurrences expected,
            FirstOccurrences actual, FirstOccurrences.Layout asked) {
        String op = what + ": firstOccurrence" + (asked == null ? "" : " (" + asked + ")");
        assertEquals(expected.records(), actual.records(), op + ": records");
        assertEquals(expected.patterns(), actual.patterns(), op + ": patterns");
        FirstOccurrences.Layout layout = asked != null ? asked
                : (long) expected.records() * expected.patterns() <= FirstOccurrences.DENSE_MAX_CELLS
                        ? FirstOccurrences.Layout.DENSE : FirstOccurrences.Layout.SPARSE;
        assertEquals(layout, actual.layout(), op + ": layout");
        if (!expected.equals(actual)) {
            for (int r = 0; r < expected.records(); r++) {
                assertEquals(row(expected, r), row(actual, r), op + " of record " + r + " " + show(records, r));
            }
            assertEquals(expected.toString(), actual.toString(), op);
        }
        assertEquals(expected.size(), actual.size(), op + ": size");
        if ((long) expected.records() * expected.patterns() <= 1 << 22) {
            for (int r = 0; r < expected.records(); r++) {
                for (int p = 0; p < expected.patterns(); p++) {
                    if (expected.get(r, p) != actual.get(r, p)) {
                        fail(op + ": get(" + r + ", " + p + ") is " + actual.get(r, p) + ", expected " + expected.get(r, p)
                                + " in record " + show(records, r));
                    }
                }
            }
        }
    }

    /** Record {@code r}'s row of a table, as "pattern@offset" in pattern order. */
    private static List<String> row(FirstOccurrences table, int r) {
        List<String> out = new ArrayList<>();
        table.forEach((record, p, at) -> {
            if (record == r) {
                out.add(p + "@" + at);
            }
        });
        return out;
    }

    /** Fails naming the first match of scanRecords that differs, and the record it is in. */
    private static void failScan(String what, Records records, Expected expected, int k, int record, Match got) {
        int r = 0;
        while (r < expected.records() && expected.rowStart[r + 1] <= k) {
            r++;
        }
        String want = k < expected.size ? "record " + r + " " + show(records, r) + ": "
                + new Match(expected.ids[k], expected.starts[k], expected.ends[k]) + " (its matches: " + expected.of(r) + ")"
                : "no more matches";
        fail(what + ": scanRecords' match " + k + " is record " + record + ": " + got + ", expected " + want);
    }

    private static void compare(String what, String op, Records records, Object expected, Object actual) {
        int n = records.size();
        for (int i = 0; i < n; i++) {
            Object e = java.lang.reflect.Array.get(expected, i);
            Object a = java.lang.reflect.Array.get(actual, i);
            if (!e.equals(a)) {
                fail(what + ": " + op + " of record " + i + " " + show(records, i) + ": expected " + e + ", got " + a);
            }
        }
        assertEquals(n, java.lang.reflect.Array.getLength(actual), what + ": " + op + " length");
    }

    private static String show(Records records, int i) {
        String s = records.string(i);
        return "\"" + (s.length() > 120 ? s.substring(0, 120) + "..." : s).replace("\r", "\\r").replace("\n", "\\n") + "\"";
    }

    // ---- the same records through every factory ----

    /**
     * The records as every factory that can hold them builds them: {@code of(byte[]...)}, Arrow with
     * int32 and int64 offsets (data with a prefix before the first record), and, when no record holds
     * a {@code '\n'}, lines of a text joined with {@code "\n"} or {@code "\r\n"} (dropped again), with
     * and without a final newline. The arena keeps the Arrow buffers.
     */
    public static List<Records> everyFactory(List<byte[]> records, Arena arena, Random r) {
        List<Records> out = new ArrayList<>();
        out.add(Records.of(records.toArray(new byte[0][])));
        int prefix = r.nextInt(3);
        long total = prefix;
        for (byte[] b : records) {
            total += b.length;
        }
        MemorySegment data = arena.allocate(Math.max(1, total + r.nextInt(3)));
        MemorySegment o32 = arena.allocate(4L * (records.size() + 1));
        MemorySegment o64 = arena.allocate(8L * (records.size() + 1));
        long at = prefix;
        o32.setAtIndex(INT32, 0, (int) at);
        o64.setAtIndex(INT64, 0, at);
        for (int i = 0; i < records.size(); i++) {
            byte[] b = records.get(i);
            MemorySegment.copy(MemorySegment.ofArray(b), 0, data, at, b.length);
            at += b.length;
            o32.setAtIndex(INT32, i + 1, (int) at);
            o64.setAtIndex(INT64, i + 1, at);
        }
        out.add(Records.arrow(data, o32, records.size()));
        out.add(Records.arrowLarge(data, o64, records.size()));
        boolean hasNewline = records.stream().anyMatch(b -> indexOf(b, (byte) '\n') >= 0);
        boolean endsWithCR = records.stream().anyMatch(b -> b.length > 0 && b[b.length - 1] == '\r');
        // grep's lines cannot hold a last empty line without a final newline, nor a lone empty one.
        boolean lastEmpty = !records.isEmpty() && records.get(records.size() - 1).length == 0;
        if (!hasNewline && !records.isEmpty()) {
            boolean crlf = !endsWithCR && r.nextBoolean();
            boolean finalNewline = lastEmpty || r.nextBoolean();
            out.add(Records.lines(MemorySegment.ofArray(join(records, crlf, finalNewline)), crlf));
        }
        return out;
    }

    /** The records joined by {@code "\n"} or {@code "\r\n"}, with or without a final one. */
    public static byte[] join(List<byte[]> records, boolean crlf, boolean finalNewline) {
        java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
        for (int i = 0; i < records.size(); i++) {
            out.writeBytes(records.get(i));
            if (i < records.size() - 1 || finalNewline) {
                out.writeBytes(crlf ? new byte[] {'\r', '\n'} : new byte[] {'\n'});
            }
        }
        return out.toByteArray();
    }

    private static int indexOf(byte[] b, byte x) {
        for (int i = 0; i < b.length; i++) {
            if (b[i] == x) {
                return i;
            }
        }
        return -1;
    }
}
