package dev.trawl.prefilter;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Set;

/**
 * The instruction-set flags the operating system reports for this CPU, for the few choices the JVM
 * cannot make for us (whether a two-table byte lookup is one instruction). Read once from
 * {@code /proc/cpuinfo}; elsewhere, or when it cannot be read, no flag is present.
 */
final class CpuFlags {
    private static final Set<String> FLAGS = read();

    private CpuFlags() {}

    /** True when the CPU reports the flag ({@code avx512vbmi}, as {@code /proc/cpuinfo} names it). */
    static boolean has(String flag) {
        return FLAGS.contains(flag);
    }

    private static Set<String> read() {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/cpuinfo"), StandardCharsets.ISO_8859_1)) {
                if (line.startsWith("flags")) {
                    return Set.copyOf(Arrays.asList(line.substring(line.indexOf(':') + 1).trim().split("\\s+")));
                }
            }
        } catch (IOException | RuntimeException e) {
            // not Linux, or not readable: no flags
        }
        return Set.of();
    }
}
