package dev.trawl.cli;

import java.io.PrintStream;
import java.util.Locale;

/**
 * {@code --stats}: what the search did and where the time went, on stderr. Start-up is the time
 * from the launcher's start (told by {@code bin/trawl} through {@code -Dtrawl.launch}, the shell's
 * {@code $EPOCHREALTIME}) or else the JVM's start to {@code main}; compile is reading the patterns
 * and building the engine's tables; scan is the search and the output. Counts are those the mode
 * computed: {@code -l} and {@code -q} stop at a file's first selected line, {@code -c} counts lines
 * without counting matches, so those numbers are said to be partial or not counted.
 */
final class Stats {
    long startupNanos = -1;
    long compileNanos;
    long scanNanos;
    long files;
    long filesSelected;
    long bytes;
    long selectedLines;
    long matches;
    boolean matchesCounted = true;
    int patterns;
    String engine = "none (only the empty pattern)";

    void add(FileSearch.Outcome r) {
        files++;
        bytes += r.bytes();
        selectedLines += r.selected();
        filesSelected += r.selected() > 0 ? 1 : 0;
        if (r.matches() < 0) {
            matchesCounted = false;
        } else {
            matches += r.matches();
        }
    }

    void print(PrintStream err, FileSearch.Mode mode) {
        String lines = switch (mode) {
            case LIST_MATCHING, LIST_NON_MATCHING, QUIET -> "lines not counted (this mode stops at a file's first selected line)";
            default -> String.format(Locale.ROOT, "%,d selected lines", selectedLines);
        };
        String found = mode == FileSearch.Mode.COUNT ? "matches not counted (-c counts lines)"
                : matchesCounted ? String.format(Locale.ROOT, "%,d matches", matches)
                : "matches not counted (only lines are, without -o, --color or --json)";
        err.printf(Locale.ROOT, "trawl: %,d files (%,d with a selected line), %s, %,d patterns, engine %s%n", files,
                filesSelected, size(bytes), patterns, engine);
        err.printf(Locale.ROOT, "trawl: %s, %s%n", lines, found);
        String start = startupNanos < 0 ? "start-up unknown" : "start-up " + seconds(startupNanos);
        err.printf(Locale.ROOT, "trawl: %s, compile %s, scan %s (%s)%n", start, seconds(compileNanos),
                seconds(scanNanos), rate(bytes, scanNanos));
    }

    static String seconds(long nanos) {
        return String.format(Locale.ROOT, "%.3f s", nanos / 1e9);
    }

    static String size(long bytes) {
        if (bytes < 10_000) {
            return bytes + " bytes";
        }
        if (bytes < 10_000_000) {
            return String.format(Locale.ROOT, "%.1f kB", bytes / 1e3);
        }
        if (bytes < 10_000_000_000L) {
            return String.format(Locale.ROOT, "%.1f MB", bytes / 1e6);
        }
        return String.format(Locale.ROOT, "%.2f GB", bytes / 1e9);
    }

    /** Throughput in the unit that fits: kB/s, MB/s or GB/s. */
    static String rate(long bytes, long nanos) {
        double perSecond = bytes / Math.max(nanos / 1e9, 1e-9);
        if (perSecond >= 1e9) {
            return String.format(Locale.ROOT, "%.2f GB/s", perSecond / 1e9);
        }
        if (perSecond >= 1e6) {
            return String.format(Locale.ROOT, "%.1f MB/s", perSecond / 1e6);
        }
        return String.format(Locale.ROOT, "%.1f kB/s", perSecond / 1e3);
    }
}
