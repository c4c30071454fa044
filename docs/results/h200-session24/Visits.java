import dev.trawl.*;
import dev.trawl.automaton.*;
import java.nio.file.*;
import java.util.*;

public class Visits {
  public static void main(String[] args) throws Exception {
    List<String> all = Files.readAllLines(Path.of(args[0]));
    LinkedHashSet<String> ws = new LinkedHashSet<>();
    for (String s : all) { s = s.strip(); if (!s.isEmpty()) ws.add(s); if (ws.size() == Integer.parseInt(args[1])) break; }
    PatternSet ps = PatternSet.of(new ArrayList<>(ws));
    byte[] a = Files.readAllBytes(Path.of(args[2]));
    AhoCorasickAutomaton ac = AhoCorasickAutomaton.compile(ps);
    CompactRows rows = ac.compactRows();
    int[] cls = ac.classTable();
    char[] t = rows.next(); int sh = rows.shift();
    System.out.printf("states %d classes %d shift %d compact %d KiB table %d KiB%n", ac.stateCount(), ac.classCount(), sh, t.length * 2 / 1024, ac.table().length * 4 / 1024);
    long[] visits = new long[t.length >> sh];
    int s = rows.id(ac.start());
    long matchSteps = 0;
    for (byte b : a) { s = t[(s << sh) + cls[b & 0xFF]]; visits[s]++; if ((s & rows.matchFrom()) != 0) matchSteps++; }
    long total = a.length;
    long[] sorted = visits.clone(); Arrays.sort(sorted);
    long cum = 0; int k = 0;
    int[] marks = {27, 100, 300, 750, 1500, 3000, 6000, 12000, 30000};
    int mi = 0;
    for (int i = sorted.length - 1; i >= 0 && mi < marks.length; i--) {
      cum += sorted[i]; k++;
      if (k == marks[mi]) { System.out.printf("top %5d rows (%4d KiB): %.1f%% of steps%n", k, k * (1 << sh) * 2 / 1024, 100.0 * cum / total); mi++; }
    }
    System.out.printf("distinct rows visited %d, match steps %.1f%%%n", Arrays.stream(visits).filter(v -> v > 0).count(), 100.0 * matchSteps / total);
  }
}
