package dev.trawl.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PipedInputStream;
import java.io.PipedOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Inputs that are streams (standard input, FIFOs) and outputs that go away: streams are read in
 * bounded blocks whatever their size, line-buffered output prints each line as it arrives, a closed
 * output stops the scan at once, and {@code -q} and {@code -m} stop reading.
 */
class StreamingTest {
    /** An endless (or long) stream of lines, counting the bytes read from it. */
    private static final class Lines extends InputStream {
        private final byte[] line;
        private final long limit;
        final AtomicLong read = new AtomicLong();
        private int at;

        Lines(String line, long limit) {
            this.line = line.getBytes(StandardCharsets.UTF_8);
            this.limit = limit;
        }

        @Override
        public int read() {
            byte[] one = new byte[1];
            return read(one, 0, 1) < 0 ? -1 : one[0] & 0xFF;
        }

        @Override
        public int read(byte[] b, int off, int len) {
            if (read.get() >= limit) {
                return -1;
            }
            int n = (int) Math.min(len, limit - read.get());
            for (int i = 0; i < n; i++) {
                b[off + i] = line[at];
                at = (at + 1) % line.length;
            }
            read.addAndGet(n);
            return n;
        }
    }

    private static Oracle.Run trawl(InputStream in, OutputStream out, String... args) {
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        PrintStream ps = new PrintStream(out, false, StandardCharsets.UTF_8);
        int code = TrawlCommand.run(args, ps, new PrintStream(err, true, StandardCharsets.UTF_8), in, Oracle.baseEnv());
        return new Oracle.Run(new byte[0], err.toString(StandardCharsets.UTF_8), code);
    }

    @Test
    void aStreamOfAnySizeIsReadInBlocks() {
        // 96 MB: far more than a block, counted without holding it
        String pair = "line with a needle in it and some more words\nand one without it at all!!\n";
        long size = 96_000_000L;
        Lines in = new Lines(pair, size);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        Oracle.Run r = trawl(in, out, "-F", "-c", "needle");
        assertEquals(0, r.code(), r.err());
        long expected = size / pair.length() + (size % pair.length() >= pair.indexOf("needle") + 6 ? 1 : 0);
        assertEquals(expected + "\n", out.toString(StandardCharsets.UTF_8));
        Runtime rt = Runtime.getRuntime();
        assertTrue(rt.totalMemory() - rt.freeMemory() < 2L << 30, "bounded memory");
    }

    @Test
    void linesLongerThanABlockAndCutsInsideLines() {
        String longLine = "x".repeat(3_000_000) + "needle" + "y".repeat(1_000_000) + "\n";
        Lines in = new Lines(longLine + "short needle\nnothing\n", (longLine.length() + 21L) * 3);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        Oracle.Run r = trawl(in, out, "-F", "-n", "-b", "-o", "needle");
        assertEquals(0, r.code(), r.err());
        long l = longLine.length() + 21L;
        assertEquals("1:3000000:needle\n2:" + (longLine.length() + 6) + ":needle\n"
                + "4:" + (l + 3_000_000) + ":needle\n5:" + (l + longLine.length() + 6) + ":needle\n"
                + "7:" + (2 * l + 3_000_000) + ":needle\n8:" + (2 * l + longLine.length() + 6) + ":needle\n",
                out.toString(StandardCharsets.UTF_8));
    }

    @Test
    @Timeout(60)
    void aClosedOutputStopsTheScanAtOnce() {
        Lines in = new Lines("a match here\n", Long.MAX_VALUE);
        OutputStream closed = new OutputStream() {
            @Override
            public void write(int b) throws IOException {
                throw new IOException("Broken pipe");
            }

            @Override
            public void write(byte[] b, int off, int len) throws IOException {
                throw new IOException("Broken pipe");
            }
        };
        Oracle.Run r = trawl(in, closed, "-F", "match");
        assertEquals(0, r.code());
        assertEquals("", r.err());
        assertTrue(in.read.get() < 1L << 30, "stopped reading after " + in.read.get() + " bytes");
    }

    @Test
    @Timeout(60)
    void quietAndMaxCountStopReading() {
        Lines in = new Lines("a match here\n", Long.MAX_VALUE);
        assertEquals(0, trawl(in, new ByteArrayOutputStream(), "-q", "-F", "match").code());
        Lines in2 = new Lines("a match here\n", Long.MAX_VALUE);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        assertEquals(0, trawl(in2, out, "-m", "2", "-F", "match").code());
        assertEquals("a match here\na match here\n", out.toString(StandardCharsets.UTF_8));
        Lines in3 = new Lines("a match here\n", Long.MAX_VALUE);
        assertEquals(0, trawl(in3, new ByteArrayOutputStream(), "-l", "-F", "match").code());
    }

    @Test
    @Timeout(60)
    void lineBufferedOutputPrintsEachLineAsItArrives() throws Exception {
        PipedOutputStream feed = new PipedOutputStream();
        PipedInputStream in = new PipedInputStream(feed, 1 << 16);
        java.util.concurrent.LinkedBlockingQueue<String> printed = new java.util.concurrent.LinkedBlockingQueue<>();
        OutputStream out = new OutputStream() {
            private final ByteArrayOutputStream line = new ByteArrayOutputStream();

            @Override
            public void write(int b) {
                if (b == '\n') {
                    printed.add(line.toString(StandardCharsets.UTF_8));
                    line.reset();
                } else {
                    line.write(b);
                }
            }
        };
        CompletableFuture<Oracle.Run> run = CompletableFuture.supplyAsync(
                () -> trawl(in, out, "--line-buffered", "-F", "-n", "hit"));
        // like tail -f: each line is written only after the previous one was printed
        for (int i = 1; i <= 5; i++) {
            feed.write(("skip\nhit " + i + "\n").getBytes(StandardCharsets.UTF_8));
            feed.flush();
            assertEquals((2 * i) + ":hit " + i, printed.poll(20, TimeUnit.SECONDS), "line " + i);
        }
        feed.close();
        assertEquals(0, run.get(20, TimeUnit.SECONDS).code());
    }

    @Test
    @Timeout(60)
    void fifosAreStreamed(@TempDir Path dir) throws Exception {
        Path fifo = dir.resolve("fifo");
        try {
            Process mk = new ProcessBuilder("mkfifo", fifo.toString()).start();
            assumeTrue(mk.waitFor() == 0, "no mkfifo here");
        } catch (IOException e) {
            assumeTrue(false, "no mkfifo here");
        }
        CompletableFuture<Void> writer = CompletableFuture.runAsync(() -> {
            try (OutputStream w = Files.newOutputStream(fifo)) {
                for (int i = 0; i < 100_000; i++) {
                    w.write(("line " + i + (i % 10 == 0 ? " hit" : "") + "\n").getBytes(StandardCharsets.UTF_8));
                }
            } catch (IOException e) {
                throw new RuntimeException(e);
            }
        });
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        Oracle.Run r = trawl(InputStream.nullInputStream(), out, "-c", "-F", "hit", fifo.toString());
        writer.get(30, TimeUnit.SECONDS);
        assertEquals(0, r.code(), r.err());
        assertEquals("10000\n", out.toString(StandardCharsets.UTF_8));
    }

    @Test
    void parallelFilesPrintInTheirOrder(@TempDir Path dir) throws Exception {
        for (int i = 0; i < 200; i++) {
            Path d = Files.createDirectories(dir.resolve("d" + (i % 7)));
            Files.writeString(d.resolve("f" + i + ".txt"), ("x\n".repeat(i % 13) + "hit " + i + "\nctx\n").repeat(1 + i % 3));
        }
        for (String[] opt : new String[][] {{"-n"}, {"-c"}, {"-l"}, {"-C", "1"}, {"-o", "-b"}, {"--json"}}) {
            List<String> one = new java.util.ArrayList<>(List.of("--threads", "1", "-r", "-F", "hit"));
            one.addAll(List.of(opt));
            one.add(dir.toString());
            List<String> many = new java.util.ArrayList<>(one);
            many.set(1, "4");
            String a = normalizeJson(Oracle.trawl(one, new byte[0], Oracle.baseEnv()).text());
            String b = normalizeJson(Oracle.trawl(many, new byte[0], Oracle.baseEnv()).text());
            assertEquals(a, b, String.join(" ", opt));
        }
    }

    private static String normalizeJson(String s) {
        return s.replaceAll("\"(elapsed|elapsed_total)\":\\{[^}]*\\}", "\"$1\":{}");
    }
}
