package dev.trawl.automaton;
import dev.trawl.PatternSet;
import java.nio.file.*;
import java.util.*;
public class Zf {
  public static void main(String[] args) throws Exception {
    List<String> ws = Files.readAllLines(Path.of("data/words/english-100k.txt")).stream().map(String::strip).filter(s -> !s.isEmpty()).distinct().limit(Integer.parseInt(args[0])).toList();
    AhoCorasickAutomaton ac = AhoCorasickAutomaton.compile(PatternSet.of(new ArrayList<>(ws)));
    int[] cls = ac.classTable();
    int zero = 0; for (int b = 0; b < 256; b++) if (cls[b] == 0) zero++;
    System.out.println("class-0 bytes: " + zero);
    for (String text : new String[] {"iliad", "loghub"}) {
      byte[] a = Gw.textOf(text, 32 << 20);
      long z = 0, rm = 0;
      for (int i = 1; i < (32 << 20); i++) { boolean c0 = cls[a[i] & 0xFF] == 0; if (c0) z++; if (c0 && cls[a[i - 1] & 0xFF] == 0) rm++; }
      System.out.printf("%s: class 0 %.3f of bytes, removable (class 0 after class 0) %.3f%n", text, z / (double) (32 << 20), rm / (double) (32 << 20));
    }
  }
}
