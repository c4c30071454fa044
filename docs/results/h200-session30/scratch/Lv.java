package dev.trawl.prefilter;

import dev.trawl.*;
import dev.trawl.bench.data.*;
import java.lang.foreign.*;
import java.nio.charset.StandardCharsets;
import java.nio.file.*;
import java.util.*;

public class Lv {
    public static void main(String[] args) throws Exception {
        long size = Long.parseLong(args[0]) << 20;
        boolean iliad = System.getProperty("text", "iliad").equals("iliad");
        Path data = Path.of(System.getProperty("data", "/work/main/data"));
        Workload w = iliad ? Texts.iliadRepeated(data, size, 0, 1) : Texts.logsReplayed(data, size, 0, 1);
        String source;
        if (!iliad) {
            StringBuilder sb = new StringBuilder();
            for (byte[] line : Loghub.interleavedLines(data)) sb.append(new String(line, StandardCharsets.ISO_8859_1));
            source = sb.toString();
        } else {
            String s = new String(Texts.iliad(data), StandardCharsets.ISO_8859_1);
            source = s + s.substring(0, 100);
        }
        List<String> cands = new ArrayList<>();
        for (String x : Files.readAllLines(data.resolve("words/english-100k.txt"))) if (x.length() >= 15 && !source.contains(x)) cands.add(x);
        PatternSet ps = PatternSet.of(cands.subList(0, Math.min(2500, cands.size())));
        BG2 bg = BG2.forPatterns(ps);
        BgVar v = new BgVar(bg, ps);
        BgVec vv = new BgVec(bg);
        MemorySegment seg = w.text();
        long n = seg.byteSize();
        byte[] arr = seg.asSlice(0, Math.min(n, 1L<<30)).toArray(ValueLayout.JAVA_BYTE);
        String[] which = System.getProperty("v", "cur,mask,bloom,base,bloombase").split(",");
        for (int r = 0; r < Integer.getInteger("rounds", 5); r++) {
            StringBuilder sb = new StringBuilder();
            for (String k : which) {
                long t0 = System.nanoTime(); long c = 0; long x0 = 0;
                switch (k) {
                    case "real" -> { BlockGrams rb = BlockGrams.forPatterns(ps); for (long x = 0; x < n; x++) { x = rb.next(seg, x, n, n); if (x >= n) break; c++; } }
                    case "stats" -> v.stats(seg);
                    case "top" -> { v.topRounds(seg, 11); v.topRounds(seg, 12); v.topRounds(seg, 13); v.topRounds(seg, 14); }
                    case "vec" -> c = vv.vecBase(seg);
                    case "basem" -> c = v.baseMasked(seg);
                    case "base1" -> c = v.baseOneLoad(seg);
                    case "vecs" -> c = vv.vecScalar(seg);
                    case "vecl" -> c = vv.vecScalar4(seg);
                    case "vfull" -> { for (long x = 0; x < n; x++) { x = vv.next(seg, x, n, n, true); if (x >= n) break; c++; } }
                    case "vsfull" -> { for (long x = 0; x < n; x++) { x = vv.next(seg, x, n, n, false); if (x >= n) break; c++; } }
                    case "vmask" -> { for (long x = 0; x < n; x++) { x = vv.nextMask(seg, x, n, n); if (x >= n) break; c++; } }
                    case "pv" -> { InPlacePrefilter pf = (InPlacePrefilter) Prefilters.choose(ps); if (r == 0 && c == 0 && x0 == 0) System.out.println(pf.describe()); for (long x = 0; x < n; x++) { x = pf.next(seg, x, n, n); if (x >= n) break; c++; } }
                    case "pva" -> { Prefilter pf = Prefilters.choose(ps); for (int x = 0; x < arr.length; x++) { x = pf.next(arr, x, arr.length, arr.length); if (x >= arr.length) break; c++; } }
                    case "cura" -> { for (int x = 0; x < arr.length; x++) { x = bg.next(arr, x, arr.length, arr.length); if (x >= arr.length) break; c++; } }
                    case "cur" -> { for (long x = 0; x < n; x++) { x = bg.next(seg, x, n, n); if (x >= n) break; c++; } }
                    case "mask" -> { for (long x = 0; x < n; x++) { x = v.nextMask(seg, x, n, n, false); if (x >= n) break; c++; } }
                    case "bloom" -> { for (long x = 0; x < n; x++) { x = v.nextMask(seg, x, n, n, true); if (x >= n) break; c++; } }
                    case "base" -> c = v.baseRounds(seg);
                    case "bloombase" -> c = v.bloomRounds(seg);
                    case "s2_12" -> { v.buildSmall(ps, 12, 2); c = v.smallRounds2(seg); }
                    case "s3_12" -> { v.buildSmall(ps, 12, 3); c = v.smallRounds3(seg); }
                    case "s2_13" -> { v.buildSmall(ps, 13, 2); c = v.smallRounds2(seg); }
                    case "s3_13" -> { v.buildSmall(ps, 13, 3); c = v.smallRounds3(seg); }
                    case "s3_11" -> { v.buildSmall(ps, 11, 3); c = v.smallRounds3(seg); }
                    case "small" -> c = v.baseSmall(seg, 18);
                    case "mid" -> c = v.baseSmall(seg, 20);
                    case "arr" -> c = v.baseArr(arr);
                    case "loads" -> c = v.loadsOnly(seg);
                }
                long t1 = System.nanoTime();
                sb.append(String.format("%s %d %.2f  ", k, c, n / (double) (t1 - t0)));
            }
            System.out.println(sb);
        }
    }
}
