package dev.trawl.regex;

import dev.trawl.Matcher;
import dev.trawl.MatcherOptions;
import dev.trawl.PatternSet;
import dev.trawl.Trawl;
import dev.trawl.testing.LoghubTemplates;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Pattern;

/**
 * All loghub templates (every {@code *_templates.csv}, {@code <*>} as {@code .*?}) as one pattern set
 * over the 16 2k logs replayed to a size, in one run: MB/s of {@code cpu:dfa}, {@code cpu:pike},
 * {@code java.util.regex} with one {@code Pattern} per template (each find() loop over the text),
 * and {@code java.util.regex} with one alternation of all templates.
 *
 * <p>Usage: {@code RegexLogsBenchmark [MiB, default 64] [seconds per engine, default 20]}. The issue
 * asks for 1 GiB; the engines slower than the DFA by orders of magnitude are timed on a prefix of
 * the text sized to take about the given seconds (printed), since their MB/s does not depend on
 * the size. Counts are printed so runs on the same bytes can be compared.
 *
 * <p>Run: {@code mvn -q -pl trawl-core -am test-compile} then {@code java -cp
 * trawl-core/target/classes:trawl-core/target/test-classes -Dtrawl.data.dir=../shared/data
 * dev.trawl.regex.RegexLogsBenchmark 64}.
 */
public final class RegexLogsBenchmark {
    private RegexLogsBenchmark() {}

    public static void main(String[] args) throws IOException {
        long size = (args.length > 0 ? Long.parseLong(args[0]) : 64) << 20;
        double budget = args.length > 1 ? Double.parseDouble(args[1]) : 20;
        List<String> templates = new ArrayList<>();
        ByteArrayOutputStream logs = new ByteArrayOutputStream();
        for (String system : LoghubTemplates.systems()) {
            for (Path csv : LoghubTemplates.templateFiles(system)) {
                templates.addAll(LoghubTemplates.templates(csv));
            }
            logs.write(Files.readAllBytes(LoghubTemplates.log(system)));
        }
        byte[] one = logs.toByteArray();
        byte[] text = new byte[(int) Math.min(size, Integer.MAX_VALUE - 16)];
        for (int at = 0; at < text.length; at += one.length) {
            System.arraycopy(one, 0, text, at, Math.min(one.length, text.length - at));
        }
        List<String> regexes = templates.stream().map(LoghubTemplates::toRegex).toList();
        PatternSet set = PatternSet.builder().addAllRegex(regexes).build();
        System.out.printf("%d templates, logs %.1f MiB replayed to %.1f MiB%n", regexes.size(), one.length / 1048576.0,
                text.length / 1048576.0);

        Matcher dfa = Trawl.compile(set, MatcherOptions.defaults().withEngine("cpu:dfa"));
        dfa.count(Arrays.copyOf(text, Math.min(text.length, 4 << 20))); // warm up: JIT and states
        long t0 = System.nanoTime();
        long n = dfa.count(text);
        report("cpu:dfa", text.length, System.nanoTime() - t0, n);

        // The combined reverse DFA alone, without the literal prefilter cpu:dfa puts in front of it.
        DfaScanner raw = new DfaScanner(RegexPrograms.compile(set));
        timeOnPrefix("combined DFA alone (no prefilter)", text, budget, b -> {
            long[] c = {0};
            raw.scan(Text.of(b), (id, s, e) -> {
                c[0]++;
                return true;
            });
            if (raw.fellBack()) {
                System.out.println("  (its state cache thrashed: it fell back to the Pike VM)");
            }
            return c[0];
        });

        Matcher pike = Trawl.compile(set, MatcherOptions.defaults().withEngine("cpu:pike"));
        timeOnPrefix("cpu:pike", text, budget, b -> pike.count(b));

        List<Pattern> each = regexes.stream().map(r -> Pattern.compile(r, Pattern.UNIX_LINES)).toList();
        timeOnPrefix("java.util.regex, one Pattern per template", text, budget, b -> {
            String s = new String(b, StandardCharsets.ISO_8859_1);
            long c = 0;
            for (Pattern p : each) {
                java.util.regex.Matcher m = p.matcher(s);
                while (m.find()) {
                    c++;
                }
            }
            return c;
        });
        Pattern alt = Pattern.compile(String.join("|", regexes.stream().map(r -> "(?:" + r + ")").toList()),
                Pattern.UNIX_LINES);
        timeOnPrefix("java.util.regex, one alternation", text, budget, b -> {
            java.util.regex.Matcher m = alt.matcher(new String(b, StandardCharsets.ISO_8859_1));
            long c = 0;
            while (m.find()) {
                c++;
            }
            return c;
        });
        // The same prefix on the DFA, for comparing counts with the slow engines.
        byte[] small = Arrays.copyOf(text, Math.min(text.length, 64 << 10));
        System.out.printf("counts on the first 64 KiB: cpu:dfa %d, cpu:pike %d%n", dfa.count(small), pike.count(small));
    }

    interface Counter {
        long count(byte[] text);
    }

    /** Times on a prefix sized from a 64 KiB trial so that the run takes about {@code budget} seconds. */
    private static void timeOnPrefix(String name, byte[] text, double budget, Counter c) {
        byte[] trial = Arrays.copyOf(text, Math.min(text.length, 64 << 10));
        long t0 = System.nanoTime();
        c.count(trial);
        double rate = trial.length / Math.max(1e-9, (System.nanoTime() - t0) / 1e9);
        int len = (int) Math.min(text.length, Math.max(trial.length, rate * budget));
        byte[] prefix = Arrays.copyOf(text, len);
        t0 = System.nanoTime();
        long n = c.count(prefix);
        report(name, len, System.nanoTime() - t0, n);
    }

    private static void report(String name, long bytes, long nanos, long matches) {
        double s = nanos / 1e9;
        System.out.printf("%-45s %10.4f MB/s  (%.2f MiB in %.2f s, %d matches)%n", name, bytes / 1e6 / s,
                bytes / 1048576.0, s, matches);
    }
}
