package dev.trawl.engine.cpu;

import dev.trawl.PatternSet;
import dev.trawl.automaton.AhoCorasickAutomaton;
import java.io.IOException;
import java.io.InputStream;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.channels.FileChannel;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.zip.Adler32;
import java.util.zip.CRC32;

/**
 * Compiled Aho-Corasick tables kept in a directory between processes (as Hyperscan's serialised
 * databases), for large sets that a command compiles again and again: 100,000 words compile in
 * 0.3-0.45 s in a fresh JVM on the GPU host, a third of a whole {@code trawl -F -c -f words} over
 * 512 MiB; their 22 MB of tables read back in a few milliseconds.
 *
 * <p>A file is named by a key of the set (its size, case rule, every pattern's bytes and length,
 * through two checksums computed in native code, which a cold JVM runs at full speed) and of the
 * code that lays the tables out (the bytes of the classes that build them), so a changed set or a
 * new build never reads tables that are not its own. A file that does not read back as tables for
 * the set is ignored and written anew. Files are written whole under a temporary name and moved into
 * place, so two processes never see half of one; the least recently used go once the directory
 * holds more than {@link #MAX_FILES} or {@link #MAX_BYTES}. Any failure to read or write the
 * directory leaves the compile as it would be without one.
 */
final class AutomatonCache {
    /** Sets smaller than this compile in tens of milliseconds: not worth a file. */
    static final int MIN_PATTERNS = 10_000;
    static final int MAX_FILES = 16;
    static final long MAX_BYTES = 2L << 30;
    private static final String PREFIX = "aho-corasick-";
    private static final String SUFFIX = ".tables";
    /** The classes whose code decides the tables' content and layout. */
    private static final List<String> LAYOUT_CLASSES = List.of("AhoCorasickAutomaton.class",
            "AhoCorasickAutomaton$Builder.class", "Trie.class", "ByteClasses.class", "ByteFrequencies.class");
    private static volatile String codeKey;

    private AutomatonCache() {}

    /** The automaton of {@code patterns}: read from {@code dir} when stored there, else compiled (and stored). */
    static AhoCorasickAutomaton compile(PatternSet patterns, Path dir) {
        return compile(patterns, dir, MIN_PATTERNS);
    }

    /** As above, storing sets of {@code minPatterns} or more (tests use small sets). */
    static AhoCorasickAutomaton compile(PatternSet patterns, Path dir, int minPatterns) {
        if (dir == null || patterns.size() < minPatterns) {
            return AhoCorasickAutomaton.compile(patterns);
        }
        Path file;
        try {
            file = dir.resolve(PREFIX + key(patterns) + SUFFIX);
        } catch (IOException | RuntimeException e) {
            return AhoCorasickAutomaton.compile(patterns);
        }
        AhoCorasickAutomaton stored = read(file, patterns);
        if (stored != null) {
            return stored;
        }
        AhoCorasickAutomaton ac = AhoCorasickAutomaton.compile(patterns);
        store(dir, file, ac);
        return ac;
    }

    /** The stored tables in {@code file} for {@code patterns}, or null when there are none fit to use. */
    private static AhoCorasickAutomaton read(Path file, PatternSet patterns) {
        try (Arena arena = Arena.ofConfined(); FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
            MemorySegment bytes = ch.map(FileChannel.MapMode.READ_ONLY, 0, ch.size(), arena);
            AhoCorasickAutomaton ac = AhoCorasickAutomaton.readFrom(bytes, patterns);
            try {
                Files.setLastModifiedTime(file, FileTime.fromMillis(System.currentTimeMillis())); // recently used
            } catch (IOException e) {
                // a read-only directory still serves its files
            }
            return ac;
        } catch (IOException | RuntimeException e) {
            return null; // absent, unreadable, or not tables for this set: compiled afresh
        }
    }

    private static void store(Path dir, Path file, AhoCorasickAutomaton ac) {
        Path tmp = null;
        try {
            Files.createDirectories(dir);
            tmp = Files.createTempFile(dir, PREFIX, ".partial");
            try (FileChannel ch = FileChannel.open(tmp, StandardOpenOption.WRITE)) {
                ac.writeTo(ch);
            }
            Files.move(tmp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            tmp = null;
            evict(dir);
        } catch (IOException | RuntimeException e) {
            // no room or no permission: the search goes on with the tables it compiled
        } finally {
            if (tmp != null) {
                try {
                    Files.deleteIfExists(tmp);
                } catch (IOException e) {
                    // left for the next eviction
                }
            }
        }
    }

    /** Deletes the least recently used tables beyond {@link #MAX_FILES} files or {@link #MAX_BYTES}. */
    private static void evict(Path dir) throws IOException {
        record Entry(Path path, long used, long size) {}
        List<Entry> entries = new ArrayList<>();
        try (DirectoryStream<Path> ds = Files.newDirectoryStream(dir, PREFIX + "*")) {
            for (Path p : ds) {
                entries.add(new Entry(p, Files.getLastModifiedTime(p).toMillis(), Files.size(p)));
            }
        }
        entries.sort(Comparator.comparingLong(Entry::used).reversed());
        long bytes = 0;
        for (int i = 0; i < entries.size(); i++) {
            bytes += entries.get(i).size();
            if (i >= MAX_FILES || bytes > MAX_BYTES) {
                Files.deleteIfExists(entries.get(i).path());
            }
        }
    }

    /** The set's key: its size, case rule and patterns, then the layout code's, in hex. */
    static String key(PatternSet patterns) throws IOException {
        CRC32 crc = new CRC32();
        Adler32 adler = new Adler32();
        long total = 0;
        // Patterns go through the checksums in runs of about 64 KiB, each length before its bytes:
        // one native call per run, not per pattern.
        byte[] run = new byte[1 << 16];
        int filled = 0;
        for (int id = 0; id < patterns.size(); id++) {
            byte[] p = patterns.bytes(id);
            if (filled + 4 + p.length > run.length) {
                crc.update(run, 0, filled);
                adler.update(run, 0, filled);
                filled = 0;
                if (4 + p.length > run.length) {
                    run = new byte[4 + p.length];
                }
            }
            run[filled] = (byte) (p.length >>> 24);
            run[filled + 1] = (byte) (p.length >>> 16);
            run[filled + 2] = (byte) (p.length >>> 8);
            run[filled + 3] = (byte) p.length;
            System.arraycopy(p, 0, run, filled + 4, p.length);
            filled += 4 + p.length;
            total += p.length;
        }
        crc.update(run, 0, filled);
        adler.update(run, 0, filled);
        String rule = (patterns.caseInsensitive() ? "i" : "s") + (patterns.hasRegex() ? "r" : "");
        return String.format("%d-%d-%s-%08x%08x-%s", patterns.size(), total, rule,
                crc.getValue(), adler.getValue(), codeKey());
    }

    /** A checksum of the layout classes' bytes, so tables from another build are never read. */
    private static String codeKey() throws IOException {
        String k = codeKey;
        if (k == null) {
            CRC32 crc = new CRC32();
            for (String name : LAYOUT_CLASSES) {
                try (InputStream in = AhoCorasickAutomaton.class.getResourceAsStream(name)) {
                    if (in == null) {
                        throw new IOException("class file " + name + " not found");
                    }
                    crc.update(in.readAllBytes());
                }
            }
            k = codeKey = String.format("%08x", crc.getValue());
        }
        return k;
    }
}
