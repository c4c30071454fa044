package dev.trawl.prefilter;

import dev.trawl.PatternSet;
import java.lang.foreign.*;
import java.nio.file.*;
import java.util.*;

public class Bg {
  public static void main(String[] args) throws Exception {
    int size = Integer.parseInt(args[0]) << 20;
    List<String> ws = Files.readAllLines(Path.of("data/words/english-100k.txt")).stream().map(String::strip).filter(s -> s.length() >= 15).distinct().limit(2500).toList();
    PatternSet set = PatternSet.of(new ArrayList<>(ws));
    BlockGrams bg = BlockGrams.forPatterns(set);
    System.out.println("step " + bg.step());
    for (String text : new String[] {"iliad", "loghub"}) {
      byte[] a = dev.trawl.automaton.Gw.textOf(text, size);
      MemorySegment seg = Arena.global().allocate(size);
      MemorySegment.copy(a, 0, seg, java.lang.foreign.ValueLayout.JAVA_BYTE, 0, size);
      for (int rep = 0; rep < 4; rep++) {
        long t0 = System.nanoTime();
        long c = 0;
        for (long q = 0; (q = bg.next(seg, q, size - 64, size)) < size - 64; q++) c++;
        long dt = System.nanoTime() - t0;
        long t1 = System.nanoTime();
        long c2 = 0;
        for (int q = 0; (q = bg.next(a, q, size - 64, size)) < size - 64; q++) c2++;
        long dt2 = System.nanoTime() - t1;
        System.out.printf("%s: segment %.2f GB/s, array %.2f GB/s, candidates %d (%d), one per %d bytes%n", text, size / (double) dt, size / (double) dt2, c, c2, size / Math.max(1, c));
      }
      // share of looks whose gram bit is set
      long looks = 0, hits = 0, rounds = 0, roundHits = 0;
      var fg = BlockGrams.class.getDeclaredField("grams"); fg.setAccessible(true); long[] grams = (long[]) fg.get(bg);
      var fs = BlockGrams.class.getDeclaredField("gramShift"); fs.setAccessible(true); int shift = fs.getInt(bg);
      var fm = BlockGrams.class.getDeclaredField("gramMask"); fm.setAccessible(true); long mask = fm.getLong(bg);
      var lv = java.lang.invoke.MethodHandles.byteArrayViewVarHandle(long[].class, java.nio.ByteOrder.LITTLE_ENDIAN);
      int st = bg.step(); int inRound = 0; boolean any = false;
      for (int g = st - 1; g + 8 < size; g += st) {
        looks++;
        long h = (((long) lv.get(a, g)) & mask) * 0x9E37_79B9_7F4A_7C15L;
        int b = (int) (h >>> shift);
        boolean hit = (grams[b >>> 6] & 1L << b) != 0;
        if (hit) hits++;
        any |= hit;
        if (++inRound == 4) { rounds++; if (any) roundHits++; inRound = 0; any = false; }
      }
      System.out.printf("%s: looks with a gram hit %.4f, rounds that stop %.4f%n", text, hits / (double) looks, roundHits / (double) rounds);
    }
  }
}
