package dev.trawl.prefilter;

import dev.trawl.PatternSet;
import java.nio.file.*;
import java.util.*;

/** Session 31 scratch: candidates block q-grams name per MB, and how many are starts of a match. */
public class Cand {
    public static void main(String[] args) throws Exception {
        int len = Integer.parseInt(args[0]), n = Integer.parseInt(args[1]);
        String textName = args[2];
        List<String> ws = Files.readAllLines(Path.of("data/words/english-100k.txt")).stream().map(String::strip)
                .filter(s -> s.length() >= len).distinct().limit(n).toList();
        PatternSet ps = PatternSet.of(new ArrayList<>(ws));
        byte[] src;
        if (textName.equals("iliad")) src = Files.readAllBytes(Path.of("data/iliad.txt"));
        else {
            var out = new java.io.ByteArrayOutputStream();
            try (var st = Files.walk(Path.of("data/loghub"))) {
                for (Path p : st.filter(p -> p.toString().endsWith("_2k.log")).sorted().toList()) out.write(Files.readAllBytes(p));
            }
            src = out.toByteArray();
        }
        BlockGrams f = BlockGrams.forPatterns(ps);
        Set<String> prefixes = new HashSet<>();
        for (String w : ws) prefixes.add(w.substring(0, 8));
        long cands = 0, real = 0;
        int x = 0;
        while ((x = f.next(src, x, src.length, src.length)) < src.length) {
            cands++;
            if (x + 8 <= src.length && prefixes.contains(new String(src, x, 8, java.nio.charset.StandardCharsets.ISO_8859_1))) real++;
            x++;
        }
        long looks = 0, pass = 0, rounds = 0, roundPass = 0;
        long[] bits = f.gramBits();
        int sh = f.gramShift();
        java.nio.ByteBuffer bb = java.nio.ByteBuffer.wrap(src).order(java.nio.ByteOrder.LITTLE_ENDIAN);
        int st = f.step();
        for (int g = 0; g + 8 * st + 8 < src.length; g += 8 * st) {
            boolean any = false;
            for (int j = 0; j < 8; j++) {
                int b = (int) (f.hash(bb.getLong(g + j * st) | f.fold()) >>> sh);
                looks++;
                if ((bits[b >>> 6] >>> b & 1) != 0) { pass++; any = true; }
            }
            rounds++;
            if (any) roundPass++;
        }
        System.out.printf("looks %d, passing %.2f%%, vector rounds of 8 with a passing look %.1f%%%n", looks, 100.0 * pass / looks, 100.0 * roundPass / rounds);
        System.out.printf("%d words %d+: %s; %d bytes, %d candidates (one per %d bytes), %d with a pattern's 8-byte prefix%n",
                n, len, f.describe(), src.length, cands, src.length / Math.max(1, cands), real);
    }
}
