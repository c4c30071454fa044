package dev.trawl.spark;

import dev.trawl.Matcher;
import dev.trawl.MatcherOptions;
import dev.trawl.PatternSet;
import dev.trawl.RecordPatterns;
import dev.trawl.Records;
import dev.trawl.Trawl;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * What each function should answer for each value, from Trawl's core library called directly: one
 * {@link Records} column of the non-null values and the {@link Matcher}'s per-record operations.
 * Character offsets come from Java's own UTF-8 decoding, not from the code under test. Answers are
 * in plain Java form: Boolean, String, List of String, Long, List of (label, start, end).
 */
final class Oracle {
    private Oracle() {}

    /** One answer per value of {@code values} (null for a null value), for each function, by {@link TrawlFunction#ordinal}. */
    static List<List<Object>> expected(PatternSet set, String engine, List<String> values) {
        Matcher m = Trawl.compile(set, MatcherOptions.defaults().withEngine(engine));
        List<String> present = values.stream().filter(v -> v != null).toList();
        Records records = Records.of(present);
        boolean[] any = m.anyMatch(records);
        int[] first = m.firstMatch(records);
        RecordPatterns matched = m.matchedPatterns(records);
        long[] count = m.countPerRecord(records);
        List<List<List<Object>>> extract = new ArrayList<>();
        for (int i = 0; i < present.size(); i++) {
            extract.add(new ArrayList<>());
        }
        m.scanRecords(records, (record, id, start, end) -> {
            byte[] utf8 = present.get(record).getBytes(StandardCharsets.UTF_8);
            extract.get(record).add(List.of(name(set, id), chars(utf8, start), chars(utf8, end)));
            return true;
        });
        List<List<Object>> out = new ArrayList<>();
        int r = 0;
        for (String v : values) {
            if (v == null) {
                out.add(Arrays.asList(null, null, null, null, null));
                continue;
            }
            List<String> names = Arrays.stream(matched.ids(r)).mapToObj(id -> name(set, id)).toList();
            out.add(Arrays.asList(any[r], first[r] < 0 ? null : name(set, first[r]), names, count[r], extract.get(r)));
            r++;
        }
        return out;
    }

    /** A pattern's label, or its id when it has none. */
    static String name(PatternSet set, int id) {
        return set.label(id) != null ? set.label(id) : Integer.toString(id);
    }

    /** The code points in the first {@code bytes} bytes of a UTF-8 value. */
    static int chars(byte[] utf8, long bytes) {
        String prefix = new String(utf8, 0, (int) bytes, StandardCharsets.UTF_8);
        return prefix.codePointCount(0, prefix.length());
    }
}
