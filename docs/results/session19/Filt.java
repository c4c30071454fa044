import dev.trawl.*;
import dev.trawl.prefilter.*;
import java.nio.file.*;
public class Filt {
    public static void main(String[] a) throws Exception {
        PatternSet set = PatternSet.of(Files.readAllLines(Path.of(a[0])));
        Prefilter f = Prefilters.choose(set);
        System.out.println(f.describe());
        byte[] one = Files.readAllBytes(Path.of(a[1]));
        byte[] t = new byte[one.length * 80];
        for (int i = 0; i < 80; i++) System.arraycopy(one, 0, t, i * one.length, one.length);
        for (int r = 0; r < 8; r++) {
            long s = System.nanoTime(); long c = 0;
            int x = 0; while (true) { x = f.next(t, x, t.length, t.length); if (x >= t.length) break; c++; x++; }
            double sec = (System.nanoTime() - s) / 1e9;
            System.out.printf("%d cands %.2f GB/s%n", c, t.length / sec / 1e9);
        }
    }
}
