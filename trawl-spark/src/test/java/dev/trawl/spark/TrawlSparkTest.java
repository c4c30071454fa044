package dev.trawl.spark;

import static dev.trawl.spark.TrawlFunctions.trawl_any;
import static dev.trawl.spark.TrawlFunctions.trawl_count;
import static dev.trawl.spark.TrawlFunctions.trawl_extract;
import static dev.trawl.spark.TrawlFunctions.trawl_first;
import static dev.trawl.spark.TrawlFunctions.trawl_matched;
import static org.apache.spark.sql.functions.col;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trawl.MatcherOptions;
import dev.trawl.PatternSet;
import dev.trawl.TrawlException;
import dev.trawl.testing.TestData;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.catalyst.expressions.GenericInternalRow;
import org.apache.spark.sql.catalyst.util.ArrayData;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.unsafe.types.UTF8String;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every function, in its three forms (the batched transform, SQL, the DataFrame column functions),
 * against Trawl's core library called directly ({@link Oracle}), on loghub lines under the loghub
 * templates and on random values (nulls, empty strings, two- to four-byte UTF-8) under sets with and
 * without labels. One local session for the class.
 */
class TrawlSparkTest {
    private static final StructType SCHEMA = new StructType().add("id", DataTypes.LongType, false)
            .add("value", DataTypes.StringType, true);

    private static SparkSession spark;
    private static PatternSet templates;
    private static PatternSet mixed;
    private static PatternSet plain;
    private static List<String> loghub;
    private static List<String> random;

    @BeforeAll
    static void start() throws Exception {
        spark = LocalSpark.start("TrawlSparkTest");
        templates = LoghubTemplates.patternSet(LoghubTemplates.all(TestData.dataDir()));
        mixed = PatternSet.builder()
                .add("ab", "ab")
                .add("é") // no label: reported as its id, 1
                .add("aa", "aa") // overlaps itself
                .addRegex("日本+", "nihon")
                .addRegex("(?i)ab?c", "abc-i")
                .addRegex("^a", "starts-a")
                .addRegex("b$", "ends-b")
                .addRegex("😀.", "emoji-then")
                .addRegex("\\s+")
                .addRegex("c*", "empty-too") // matches the empty string, so empty values match
                .build();
        plain = PatternSet.of("a", "ab", "b", "ba", "日", "😀", "é");
        TrawlSpark.register(spark, "templates", templates);
        TrawlSpark.register(spark, "mixed", mixed);
        TrawlSpark.register(spark, "plain", plain);
        loghub = new ArrayList<>();
        for (Path log : LoghubTemplates.logs(TestData.dataDir())) {
            List<String> lines = Files.readAllLines(log, StandardCharsets.UTF_8);
            loghub.addAll(lines.subList(0, Math.min(100, lines.size())));
        }
        random = randomValues(1500, 7);
    }

    @AfterAll
    static void stop() {
        spark.stop();
    }

    @Test
    void loghubLinesUnderTheTemplates() {
        checkAllForms("templates", templates, loghub);
    }

    @Test
    void randomValuesUnderASetWithLabels() {
        checkAllForms("mixed", mixed, random);
    }

    @Test
    void randomValuesUnderASetWithoutLabels() {
        checkAllForms("plain", plain, random);
    }

    /** Text in and Parquet out through Hadoop's file system (the client Spark 4.1.0 brings fails on Java 24+). */
    @Test
    void filesReadAndWrittenThroughHadoop(@TempDir Path dir) throws Exception {
        List<String> lines = loghub.subList(0, 400);
        Path text = Files.write(dir.resolve("lines.txt"), lines, StandardCharsets.UTF_8);
        Dataset<Row> read = spark.read().text(text.toString());
        String parquet = dir.resolve("classified.parquet").toString();
        TrawlSpark.columns(read).first("first", "value", "templates").count("count", "value", "templates").apply()
                .write().parquet(parquet);
        List<List<Object>> expected = Oracle.expected(templates, MatcherOptions.AUTO, lines);
        List<String> want = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            want.add(lines.get(i) + " -> " + expected.get(i).get(1) + ", " + expected.get(i).get(3));
        }
        List<String> got = new ArrayList<>();
        for (Row r : spark.read().parquet(parquet).collectAsList()) {
            got.add(r.getString(0) + " -> " + r.getString(1) + ", " + r.getLong(2));
        }
        Collections.sort(want);
        Collections.sort(got);
        assertEquals(want, got);
    }

    @Test
    void batchesSmallerThanAPartition() {
        spark.conf().set(TrawlSpark.BATCH_SIZE, "7");
        try {
            assertEquals(byId(Oracle.expected(mixed, MatcherOptions.AUTO, random)), batched(frame(random), "mixed"));
        } finally {
            spark.conf().unset(TrawlSpark.BATCH_SIZE);
        }
    }

    /** A batch also ends when a column's bytes would pass its limit; the row that did not fit starts the next one. */
    @Test
    void batchesEndAtTheirByteLimit() {
        RegisteredSet set = TrawlSpark.set(spark, "mixed");
        BatchEvaluation.Output[] outputs = new BatchEvaluation.Output[TrawlFunction.values().length];
        for (TrawlFunction f : TrawlFunction.values()) {
            outputs[f.ordinal()] = new BatchEvaluation.Output(f, 0, set);
        }
        List<InternalRow> rows = new ArrayList<>();
        for (int i = 0; i < random.size(); i++) {
            String v = random.get(i);
            rows.add(new GenericInternalRow(new Object[] {(long) i, v == null ? null : UTF8String.fromString(v)}));
        }
        Map<Long, List<Object>> actual = new HashMap<>();
        new BatchEvaluation(1000, 40, new int[] {1}, outputs).call(rows.iterator()).forEachRemaining(r -> {
            List<Object> v = new ArrayList<>();
            v.add(r.isNullAt(2) ? null : r.getBoolean(2));
            v.add(r.isNullAt(3) ? null : r.getUTF8String(3).toString());
            v.add(r.isNullAt(4) ? null : strings(r.getArray(4)));
            v.add(r.isNullAt(5) ? null : r.getLong(5));
            v.add(r.isNullAt(6) ? null : matches(r.getArray(6)));
            actual.put(r.getLong(0), v);
        });
        assertEquals(byId(Oracle.expected(mixed, MatcherOptions.AUTO, random)), actual);
    }

    private static List<String> strings(ArrayData a) {
        List<String> out = new ArrayList<>();
        for (int k = 0; k < a.numElements(); k++) {
            out.add(a.getUTF8String(k).toString());
        }
        return out;
    }

    private static List<List<Object>> matches(ArrayData a) {
        List<List<Object>> out = new ArrayList<>();
        for (int k = 0; k < a.numElements(); k++) {
            InternalRow m = a.getStruct(k, 3);
            out.add(List.of(m.getUTF8String(0).toString(), m.getInt(1), m.getInt(2)));
        }
        return out;
    }

    /** What the docs promise: a match is substring(value, start + 1, end - start) in Spark's own SQL. */
    @Test
    void extractOffsetsAreSparkCharacterPositions() {
        Map<Long, List<String>> expected = new HashMap<>();
        var m = dev.trawl.Trawl.compile(mixed);
        for (int i = 0; i < random.size(); i++) {
            String v = random.get(i);
            if (v != null) {
                byte[] utf8 = v.getBytes(StandardCharsets.UTF_8);
                List<String> texts = new ArrayList<>();
                m.scan(utf8, (id, s, e) -> texts.add(new String(utf8, (int) s, (int) (e - s), StandardCharsets.UTF_8)));
                expected.put((long) i, texts);
            }
        }
        TrawlSpark.columns(frame(random)).extract("matches", "value", "mixed").apply().createOrReplaceTempView("extracted");
        String texts = "transform(%s, m -> substring(value, m.start + 1, m.end - m.start))";
        for (String sql : List.of("SELECT id, " + texts.formatted("matches") + " FROM extracted WHERE value IS NOT NULL",
                "SELECT id, " + texts.formatted("trawl_extract(value, 'mixed')") + " FROM extracted WHERE value IS NOT NULL")) {
            Map<Long, List<String>> actual = new HashMap<>();
            for (Row r : spark.sql(sql).collectAsList()) {
                actual.put(r.getLong(0), r.getList(1));
            }
            assertEquals(expected, actual, sql);
        }
    }

    @Test
    void theEngineSettingChoosesTheEngine() {
        spark.conf().set(TrawlSpark.ENGINE, "cpu:pike");
        try {
            TrawlSpark.register(spark, "pike", mixed);
            assertEquals("cpu:pike", TrawlSpark.set(spark, "pike").compiled().matcher().engine());
            assertEquals(byId(Oracle.expected(mixed, "cpu:pike", random)), batched(frame(random), "pike"));
            spark.conf().set(TrawlSpark.ENGINE, "no-such-engine");
            assertThrows(TrawlException.class, () -> TrawlSpark.register(spark, "nowhere", mixed));
        } finally {
            spark.conf().unset(TrawlSpark.ENGINE);
        }
    }

    /** Each JVM compiles a set once: at registration here, then every task of every query reuses it. */
    @Test
    void aSetIsCompiledOncePerJvm() {
        long before = CompiledSets.compiles();
        TrawlSpark.register(spark, "once", PatternSet.of("once", "more"));
        Dataset<Row> data = frame(random).repartition(4);
        TrawlSpark.classify(data, "value", "once", "first").count();
        spark.sql("SELECT trawl_count(value, 'once') FROM random").collectAsList();
        assertEquals(1, CompiledSets.compiles() - before);
    }

    @Test
    void mistakesAreReportedByName() {
        Dataset<Row> data = frame(random);
        var noSet = assertThrows(IllegalArgumentException.class, () -> TrawlSpark.classify(data, "value", "nope", "x"));
        assertTrue(noSet.getMessage().contains("no Trawl pattern set named nope"), noSet.getMessage());
        assertThrows(IllegalArgumentException.class, () -> TrawlSpark.classify(data, "missing", "plain", "x"));
        var notString = assertThrows(IllegalArgumentException.class, () -> TrawlSpark.classify(data, "id", "plain", "x"));
        assertTrue(notString.getMessage().contains("string column"), notString.getMessage());
        assertThrows(IllegalArgumentException.class, () -> TrawlSpark.classify(data, "value", "plain", "id"));
        var inSql = assertThrows(Exception.class, () -> spark.sql("SELECT trawl_any(value, 'nope') FROM random").collectAsList());
        assertTrue(causes(inSql).contains("no Trawl pattern set named nope"), causes(inSql));
    }

    private static void checkAllForms(String name, PatternSet set, List<String> values) {
        Map<Long, List<Object>> expected = byId(Oracle.expected(set, MatcherOptions.AUTO, values));
        Dataset<Row> data = frame(values);
        assertEquals(expected, batched(data, name), "batched");
        data.createOrReplaceTempView("data");
        String sql = "SELECT id, trawl_any(value, '%1$s'), trawl_first(value, '%1$s'), trawl_matched(value, '%1$s'),"
                + " trawl_count(value, '%1$s'), trawl_extract(value, '%1$s') FROM data";
        assertEquals(expected, collect(spark.sql(sql.formatted(name))), "SQL");
        Dataset<Row> columns = data.select(col("id"), trawl_any(col("value"), name), trawl_first(col("value"), name),
                trawl_matched(col("value"), name), trawl_count(col("value"), name), trawl_extract(col("value"), name));
        assertEquals(expected, collect(columns), "DataFrame functions");
    }

    private static Map<Long, List<Object>> batched(Dataset<Row> data, String set) {
        Dataset<Row> out = TrawlSpark.columns(data).any("any", "value", set).first("first", "value", set)
                .matched("matched", "value", set).count("count", "value", set).extract("extract", "value", set).apply();
        return collect(out.select("id", "any", "first", "matched", "count", "extract"));
    }

    /** (id, any, first, matched, count, extract) rows as the oracle's plain Java values, by id. */
    private static Map<Long, List<Object>> collect(Dataset<Row> rows) {
        Map<Long, List<Object>> out = new HashMap<>();
        for (Row r : rows.collectAsList()) {
            List<Object> v = new ArrayList<>();
            v.add(r.isNullAt(1) ? null : r.getBoolean(1));
            v.add(r.isNullAt(2) ? null : r.getString(2));
            v.add(r.isNullAt(3) ? null : List.copyOf(r.<String>getList(3)));
            v.add(r.isNullAt(4) ? null : r.getLong(4));
            v.add(r.isNullAt(5) ? null : r.<Row>getList(5).stream()
                    .map(m -> List.<Object>of(m.getString(0), m.getInt(1), m.getInt(2))).toList());
            out.put(r.getLong(0), v);
        }
        return out;
    }

    private static Map<Long, List<Object>> byId(List<List<Object>> answers) {
        Map<Long, List<Object>> out = new HashMap<>();
        for (int i = 0; i < answers.size(); i++) {
            out.put((long) i, answers.get(i));
        }
        return out;
    }

    /** The values as (id, value) rows in three partitions; also the temporary view {@code random} when they are {@link #random}. */
    private static Dataset<Row> frame(List<String> values) {
        List<Row> rows = new ArrayList<>();
        for (int i = 0; i < values.size(); i++) {
            rows.add(RowFactory.create((long) i, values.get(i)));
        }
        Dataset<Row> df = spark.createDataFrame(rows, SCHEMA).repartition(3);
        if (values == random) {
            df.createOrReplaceTempView("random");
        }
        return df;
    }

    /** Values of 0 to 30 pieces: ASCII, two-, three- and four-byte UTF-8, spaces; one in 20 null, one in 20 empty. */
    static List<String> randomValues(int n, long seed) {
        String[] pieces = {"a", "b", "c", "ab", "aa", "A", "C", "é", "日", "本", "😀", " ", "\t", "x", "abc"};
        SplittableRandom r = new SplittableRandom(seed);
        List<String> out = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            int kind = r.nextInt(20);
            if (kind == 0) {
                out.add(null);
            } else if (kind == 1) {
                out.add("");
            } else {
                StringBuilder sb = new StringBuilder();
                for (int k = r.nextInt(31); k > 0; k--) {
                    sb.append(pieces[r.nextInt(pieces.length)]);
                }
                out.add(sb.toString());
            }
        }
        return out;
    }

    private static String causes(Throwable t) {
        StringBuilder sb = new StringBuilder();
        for (; t != null; t = t.getCause()) {
            sb.append(t.getMessage()).append(" <- ");
        }
        return sb.toString();
    }
}
