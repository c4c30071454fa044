package dev.trawl.bench.engine;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SymbolLookup;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The downcalls into {@code libtrawl_hs.so}, the C shim over Debian's {@code libhs.so.5} built from
 * {@code src/main/c/hs_count.c} (see there for what each function does). The shim is looked for in
 * {@code -Dtrawl.bench.native=DIR}, then beside the bench jar, then in {@code target/native} beside the
 * classes; the shim finds {@code libhs.so.5} beside itself first ({@code $ORIGIN}), then on the system.
 * When either is missing, {@link #unavailable()} says which and how to get it.
 */
final class HsNative {
    static final String SHIM = "libtrawl_hs.so";
    private static final Linker LINKER = Linker.nativeLinker();
    private static final ValueLayout.OfLong SIZE_T = ValueLayout.JAVA_LONG;
    private static final ValueLayout ADDR = ValueLayout.ADDRESS;
    private static final ValueLayout.OfInt INT = ValueLayout.JAVA_INT;
    private static final ValueLayout.OfLong LONG = ValueLayout.JAVA_LONG;

    /** Hyperscan's compile flags ({@code hs_compile.h}) that the bench uses. */
    static final int FLAG_CASELESS = 1;
    static final int FLAG_SINGLEMATCH = 8;
    static final int FLAG_SOM_LEFTMOST = 256;

    private static volatile Object loaded; // HsNative or the reason (String)

    final MethodHandle compileLiterals;
    final MethodHandle compileRegexes;
    final MethodHandle allocScratch;
    final MethodHandle freeScratch;
    final MethodHandle freeDatabase;
    final MethodHandle count;
    final MethodHandle record;
    final MethodHandle linesAny;
    final MethodHandle linesFirst;
    final String version;
    final Path path;

    private HsNative(SymbolLookup lib, Path path) throws Throwable {
        this.path = path;
        compileLiterals = handle(lib, "trawl_hs_compile_literals",
                FunctionDescriptor.of(INT, ADDR, ADDR, INT, INT, ADDR, ADDR, SIZE_T));
        compileRegexes = handle(lib, "trawl_hs_compile_regexes",
                FunctionDescriptor.of(INT, ADDR, INT, INT, ADDR, ADDR, SIZE_T));
        allocScratch = handle(lib, "trawl_hs_alloc_scratch", FunctionDescriptor.of(INT, ADDR, ADDR));
        freeScratch = handle(lib, "trawl_hs_free_scratch", FunctionDescriptor.ofVoid(ADDR));
        freeDatabase = handle(lib, "trawl_hs_free_database", FunctionDescriptor.ofVoid(ADDR));
        count = handle(lib, "trawl_hs_count", FunctionDescriptor.of(LONG, ADDR, ADDR, ADDR, INT));
        record = handle(lib, "trawl_hs_record", FunctionDescriptor.of(LONG, ADDR, ADDR, ADDR, INT, ADDR, LONG));
        linesAny = handle(lib, "trawl_hs_lines_any", FunctionDescriptor.of(LONG, ADDR, ADDR, ADDR, ADDR, INT, ADDR));
        linesFirst = handle(lib, "trawl_hs_lines_first", FunctionDescriptor.of(LONG, ADDR, ADDR, ADDR, ADDR, INT, ADDR));
        MethodHandle v = handle(lib, "trawl_hs_version", FunctionDescriptor.of(ADDR));
        version = ((MemorySegment) v.invokeExact()).reinterpret(256).getString(0);
    }

    private static MethodHandle handle(SymbolLookup lib, String name, FunctionDescriptor fd) {
        return LINKER.downcallHandle(lib.find(name).orElseThrow(() -> new IllegalStateException("no symbol " + name)), fd);
    }

    /** The loaded shim, or empty with {@link #unavailable()} saying why. */
    static Optional<HsNative> get() {
        Object l = load();
        return l instanceof HsNative h ? Optional.of(h) : Optional.empty();
    }

    static Optional<String> unavailable() {
        Object l = load();
        return l instanceof String s ? Optional.of(s) : Optional.empty();
    }

    private static Object load() {
        Object l = loaded;
        if (l == null) {
            synchronized (HsNative.class) {
                l = loaded;
                if (l == null) {
                    l = tryLoad();
                    loaded = l;
                }
            }
        }
        return l;
    }

    private static Object tryLoad() {
        List<Path> tried = candidates();
        for (Path p : tried) {
            if (Files.isRegularFile(p)) {
                try {
                    return new HsNative(SymbolLookup.libraryLookup(p, Arena.global()), p);
                } catch (Throwable e) {
                    return "native Hyperscan shim " + p + " does not load (" + e.getMessage()
                            + "); is libhs.so.5 installed (apt-get install libhyperscan5) or beside the shim?";
                }
            }
        }
        return "native Hyperscan shim " + SHIM + " not built (needs cc and libhyperscan-dev at build time; "
                + "scripts/bench-setup.sh installs them); looked in " + tried;
    }

    private static List<Path> candidates() {
        List<Path> out = new ArrayList<>();
        String prop = System.getProperty("trawl.bench.native");
        if (prop != null && !prop.isBlank()) {
            out.add(Path.of(prop).resolve(SHIM));
        }
        try {
            var src = HsNative.class.getProtectionDomain().getCodeSource();
            if (src != null) {
                Path where = Path.of(src.getLocation().toURI());
                Path dir = Files.isDirectory(where) ? where.getParent() : where.getParent();
                if (dir != null) {
                    out.add(dir.resolve(SHIM)); // beside the jar
                    out.add(dir.resolve("native").resolve(SHIM)); // target/native beside target/classes
                }
            }
        } catch (URISyntaxException | SecurityException | IllegalArgumentException e) {
            // no code source: only the property
        }
        return out;
    }
}
