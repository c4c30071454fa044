package dev.trawl.engine.cpu;

import dev.trawl.PatternSet;
import dev.trawl.automaton.*;
import dev.trawl.prefilter.*;
import java.lang.foreign.*;
import java.nio.file.*;
import java.util.*;

/** Session 30 scratch: which prefilter for N dictionary words of L+ letters; one thread, native text. */
public class Ew {
    public static void main(String[] args) throws Exception {
        int len = Integer.parseInt(args[0]), n = Integer.parseInt(args[1]);
        int size = Integer.parseInt(args[2]) << 20;
        String textName = args[3];
        List<String> ws = Files.readAllLines(Path.of("data/words/english-100k.txt")).stream().map(String::strip)
                .filter(s -> s.length() >= len).distinct().limit(n).toList();
        PatternSet ps = PatternSet.of(new ArrayList<>(ws));
        AhoCorasickAutomaton ac = AhoCorasickAutomaton.compile(ps);
        byte[] src;
        if (textName.equals("iliad")) src = Files.readAllBytes(Path.of("data/iliad.txt"));
        else {
            var out = new java.io.ByteArrayOutputStream();
            try (var st = Files.walk(Path.of("data/loghub"))) {
                for (Path p : st.filter(p -> p.toString().endsWith("_2k.log")).sorted().toList()) out.write(Files.readAllBytes(p));
            }
            src = out.toByteArray();
        }
        MemorySegment nat = Arena.global().allocate(size, 64);
        for (long i = 0; i < size; i += src.length) MemorySegment.copy(src, 0, nat, ValueLayout.JAVA_BYTE, i, (int) Math.min(src.length, size - i));
        Map<String, Prefilter> fs = new LinkedHashMap<>();
        fs.put("blockgrams", BlockGrams.forPatterns(ps));
        System.setProperty("trawl.blockgrams", "vector");
        fs.put("vector", Prefilters.blockGrams(ps));
        fs.put("fdr8", Fdr.forPatterns(ps));
        fs.put("fdr4", Fdr.narrow(ps));
        fs.put("wumanber", WuManber.forPatterns(ps));
        fs.put("none", null);
        System.out.println(ps.size() + " words of " + len + "+ letters; chosen: " + (Prefilters.choose(ps) == null ? "none" : Prefilters.choose(ps).describe()));
        for (int rep = 0; rep < 4; rep++) {
            StringBuilder sb = new StringBuilder();
            for (var e : fs.entrySet()) {
                if (e.getValue() == null && !e.getKey().equals("none")) continue;
                AhoCorasickSearcher s = AhoCorasickEngine.searcher(ac, e.getValue());
                long t0 = System.nanoTime();
                long c = s.count(nat, 0, size);
                long t1 = System.nanoTime();
                sb.append(String.format("%s %d %.2f  ", e.getKey(), c, size / (double) (t1 - t0)));
            }
            System.out.println(sb);
        }
    }
}
