// Scratch (session 21): one long-word count over heap, mapped, native and per-call-mapped text, in the
// kinds given, in one process. java -cp trawl-core.jar ProfileMix.java WORDS TEXT MIB REPS heap,mapped,native,path,maptouch,mappop
import dev.trawl.*;
import java.nio.file.*;
import java.util.*;
import java.lang.foreign.*;
import java.nio.channels.FileChannel;

public class ProfileMix {
  static final java.lang.invoke.MethodHandle MADV = Linker.nativeLinker().downcallHandle(Linker.nativeLinker().defaultLookup().find("madvise").orElseThrow(), FunctionDescriptor.of(ValueLayout.JAVA_INT, ValueLayout.ADDRESS, ValueLayout.JAVA_LONG, ValueLayout.JAVA_INT));
  static int madv(MemorySegment sg) { try { return (int) MADV.invokeExact(sg, sg.byteSize(), 22); } catch (Throwable t) { throw new RuntimeException(t); } }
  public static void main(String[] args) throws Exception {
    List<String> all = Files.readAllLines(Path.of(args[0]));
    byte[] src = Files.readAllBytes(Path.of(args[1]));
    String text = new String(src, java.nio.charset.StandardCharsets.ISO_8859_1);
    List<String> w = new ArrayList<>();
    for (String s : all) { if (s.length() >= 15 && !text.contains(s)) w.add(s); if (w.size() == 2500) break; }
    int size = Integer.parseInt(args[2]) << 20;
    byte[] a = new byte[size];
    for (int i = 0; i < size; i += src.length) System.arraycopy(src, 0, a, i, Math.min(src.length, size - i));
    Path f = Path.of("/tmp/profilemix-text.bin"); Files.write(f, a);
    Matcher m = Trawl.compile(PatternSet.of(w), MatcherOptions.defaults().withEngine("cpu:aho-corasick").withThreads(1));
    Arena arena = Arena.ofShared();
    MemorySegment mapped; try (FileChannel ch = FileChannel.open(f)) { mapped = ch.map(FileChannel.MapMode.READ_ONLY, 0, size, arena); }
    MemorySegment nat = arena.allocate(size); nat.copyFrom(MemorySegment.ofArray(a));
    for (int rep = 0; rep < Integer.parseInt(args[3]); rep++) {
      for (String v : args[4].split(",")) {
        long t0 = System.nanoTime();
        long n = switch (v) { case "heap" -> m.count(a); case "mapped" -> m.count(Input.of(mapped)); case "native" -> m.count(Input.of(nat)); case "path" -> m.count(f); case "mappop" -> { try (Input in = Input.map(f)) { MemorySegment sg = in.segment(); int r = madv(sg); long x = 0; for (long i = 0; i < sg.byteSize(); i += 4096) x += sg.get(ValueLayout.JAVA_BYTE, i); yield x + r; } } case "pathpop" -> { try (Input in = Input.map(f)) { MemorySegment sg = in.segment(); int r = madv(sg); yield m.count(in) + r; } } case "maponly" -> { try (Input in = Input.map(f)) { yield in.segment().get(ValueLayout.JAVA_BYTE, 5); } } case "maptouch" -> { try (Input in = Input.map(f)) { long x = 0; MemorySegment sg = in.segment(); for (long i = 0; i < sg.byteSize(); i += 4096) x += sg.get(ValueLayout.JAVA_BYTE, i); yield x; } } default -> -1; };
        long dt = System.nanoTime() - t0;
        System.out.printf("%-7s %d %.3f%n", v, n, size / (double) dt);
      }
    }
  }
}
