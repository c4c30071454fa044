import dev.trawl.Input;
import dev.trawl.Matcher;
import dev.trawl.MatcherOptions;
import dev.trawl.PatternSet;
import dev.trawl.Trawl;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/** A user's check: patterns cut from a file nobody here wrote, counted on the GPU and on the CPU. */
public class CountCheck {
    public static void main(String[] args) throws Exception {
        boolean ok = true;
        for (String file : args) {
            Path p = Path.of(file);
            byte[] text = Files.readAllBytes(p);
            for (int size : new int[] {10, 1000, 20000}) {
                Random r = new Random(size);
                List<byte[]> pats = new ArrayList<>();
                for (int i = 0; i < size; i++) {
                    int len = 3 + r.nextInt(10);
                    int at = r.nextInt(Math.max(1, text.length - len));
                    byte[] pat = java.util.Arrays.copyOfRange(text, at, Math.min(text.length, at + len));
                    if (pat.length > 0) pats.add(pat);
                }
                PatternSet.Builder b = PatternSet.builder().caseInsensitive(size == 1000);
                pats.forEach(b::add);
                PatternSet ps = b.build();
                long cpu = Trawl.compile(ps, MatcherOptions.defaults().withEngine("cpu:aho-corasick")).count(Input.map(p));
                Matcher gpu = Trawl.compile(ps, MatcherOptions.defaults().withEngine("gpu:pfac"));
                long g1 = gpu.count(Input.map(p));
                long g2 = gpu.count(Input.of(text));
                long t0 = System.nanoTime();
                long g3 = gpu.count(Input.map(p));
                double ms = (System.nanoTime() - t0) / 1e6;
                boolean same = cpu == g1 && g1 == g2 && g2 == g3;
                ok &= same;
                System.out.printf("%s (%,d bytes), %d patterns%s: cpu %,d, gpu %,d / %,d / %,d (%.1f ms) %s%n", file,
                        text.length, ps.size(), ps.caseInsensitive() ? " -i" : "", cpu, g1, g2, g3, ms, same ? "same" : "DIFFERENT");
            }
        }
        System.out.println(ok ? "all counts agree" : "COUNTS DIFFER");
        System.exit(ok ? 0 : 1);
    }
}
