package dev.trawl.prefilter;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Set;

/**
 * The instruction-set flags and vendor the operating system reports for this CPU, for the few choices
 * the JVM cannot make for us (whether a two-table byte lookup is one instruction, whether gathers are
 * fast). Read once from {@code /proc/cpuinfo}; elsewhere, or when it cannot be read, no flag is present
 * and the vendor is empty.
 */
final class CpuFlags {
    private static final List<String> CPUINFO = read();
    private static final Set<String> FLAGS = Set.copyOf(Arrays.asList(field("flags").split("\\s+")));
    private static final String VENDOR = field("vendor_id");

    private CpuFlags() {}

    /** True when the CPU reports the flag ({@code avx512vbmi}, as {@code /proc/cpuinfo} names it). */
    static boolean has(String flag) {
        return FLAGS.contains(flag);
    }

    /** True on an Intel CPU ({@code GenuineIntel}). */
    static boolean intel() {
        return VENDOR.equals("GenuineIntel");
    }

    /** The value of the first CPU's {@code name : value} line, or "". */
    private static String field(String name) {
        for (String line : CPUINFO) {
            int colon = line.indexOf(':');
            if (colon > 0 && line.substring(0, colon).trim().equals(name)) {
                return line.substring(colon + 1).trim();
            }
        }
        return "";
    }

    /** The first CPU's lines (up to the first empty one: every CPU has the same flags and vendor). */
    private static List<String> read() {
        try (var lines = Files.lines(Path.of("/proc/cpuinfo"), StandardCharsets.ISO_8859_1)) {
            return lines.takeWhile(l -> !l.isBlank()).toList();
        } catch (IOException | RuntimeException e) {
            return List.of(); // not Linux, or not readable: no flags
        }
    }
}
