import dev.trawl.*;
import java.nio.file.*;
import java.nio.channels.FileChannel;
import java.lang.foreign.*;
import java.util.*;

public class Exp {
    public static void main(String[] a) throws Exception {
        List<String> words = Files.readAllLines(Path.of(a[0]));
        Path file = Path.of(a[1]);
        int reps = Integer.parseInt(a[2]);
        String engine = a.length > 3 ? a[3] : "cpu:aho-corasick";
        long t0 = System.nanoTime();
        PatternSet set = PatternSet.of(words);
        Matcher m = Trawl.compile(set, MatcherOptions.defaults().withEngine(engine).withThreads(Integer.getInteger("threads", 2)));
        System.out.printf("compile %.3f s%n", (System.nanoTime() - t0) / 1e9);
        for (int map = 0; map < 2; map++)
        try (FileChannel ch = FileChannel.open(file); Arena arena = Arena.ofShared()) {
            MemorySegment seg = ch.map(FileChannel.MapMode.READ_ONLY, 0, ch.size(), arena);
            for (int r = 0; r < reps; r++) {
                long s = System.nanoTime();
                long c = m.countMatchingRecords(Input.of(seg), (byte) '\n');
                double t = (System.nanoTime() - s) / 1e9;
                System.out.printf("rep %d: %d lines %.3f s %.2f GB/s%n", r, c, t, seg.byteSize() / t / 1e9);
            }
        }
    }
}
