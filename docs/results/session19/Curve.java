import dev.trawl.*;
import java.nio.file.*;
import java.nio.channels.FileChannel;
import java.lang.foreign.*;
import java.util.*;

public class Curve {
    public static void main(String[] a) throws Exception {
        long t00 = System.nanoTime();
        List<String> words = Files.readAllLines(Path.of(a[0]));
        Matcher m = Trawl.compile(PatternSet.of(words), MatcherOptions.defaults().withEngine("cpu:aho-corasick").withThreads(2));
        long slice = Long.parseLong(a[2]) << 20;
        StringBuilder sb = new StringBuilder();
        try (FileChannel ch = FileChannel.open(Path.of(a[1])); Arena arena = Arena.ofShared()) {
            MemorySegment seg = ch.map(FileChannel.MapMode.READ_ONLY, 0, ch.size(), arena);
            long t0 = System.nanoTime();
            sb.append(String.format("compile %.0f ms%n", (t0 - t00) / 1e6));
            for (int pass = 0; pass < 3; pass++) { sb.append("pass " + pass + "\n");
            for (long pos = 0; pos < seg.byteSize(); pos += slice) {
                long s = System.nanoTime();
                long c = m.countMatchingRecords(Input.of(seg.asSlice(pos, Math.min(slice, seg.byteSize() - pos))), (byte) '\n');
                long e = System.nanoTime();
                sb.append(String.format("%5.0f ms: %.2f GB/s%n", (e - t0) / 1e6, Math.min(slice, seg.byteSize() - pos) / (double) (e - s)));
            }}
        }
        System.out.print(sb);
    }
}
