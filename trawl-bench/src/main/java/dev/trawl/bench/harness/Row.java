package dev.trawl.bench.harness;

import java.util.Arrays;

/** One engine's outcome in one measurement: its timings, what it produced, and how its check went. */
public final class Row {
    public enum Status { OK, MISMATCH, SKIPPED, UNAVAILABLE, FAILED }

    public final String engine;
    public final String kind;
    public final int threads;
    public final String note;
    public Status status = Status.OK;
    /** Why a row did not run or failed, or what the check found. */
    public String detail = "";
    public double buildMs;
    public long[] nanos = new long[0];
    public long result;
    /** What the check compared ("all matches", "matching lines", ...), or empty. */
    public String checkedOn = "";
    public boolean baseline;
    /** Bytes and lines the timed runs covered: the whole input, or a prefix for slow engines. */
    public long bytes;
    public int lines;
    public boolean sampled;

    Row(String engine, String kind, int threads, String note) {
        this.engine = engine;
        this.kind = kind;
        this.threads = threads;
        this.note = note;
    }

    public boolean ran() {
        return (status == Status.OK || status == Status.MISMATCH) && nanos.length > 0;
    }

    public long medianNanos() {
        long[] s = nanos.clone();
        Arrays.sort(s);
        int n = s.length;
        return n % 2 == 1 ? s[n / 2] : (s[n / 2 - 1] + s[n / 2]) / 2;
    }

    public long minNanos() {
        return Arrays.stream(nanos).min().orElse(0);
    }

    public long maxNanos() {
        return Arrays.stream(nanos).max().orElse(0);
    }

    /** Half the range over the median: the spread printed as ±. */
    public double spread() {
        long m = medianNanos();
        return m == 0 ? 0 : (maxNanos() - minNanos()) / 2.0 / m;
    }

    /** Units (bytes, lines) per second at the median. */
    public double perSecond(long units) {
        long m = medianNanos();
        return m == 0 ? 0 : units * 1e9 / m;
    }
}
