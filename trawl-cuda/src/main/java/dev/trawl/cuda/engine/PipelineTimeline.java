package dev.trawl.cuda.engine;

import dev.trawl.cuda.Event;
import dev.trawl.cuda.Gpu;
import dev.trawl.cuda.Stream;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A run's timeline for {@link RecordPipeline#TRACE_PROPERTY}: when the host queued each chunk, and when
 * the device finished its copy and its kernels, in milliseconds from the run's start (timing events;
 * the device's clock is read against a first event recorded on an idle stream). Shows whether a run
 * waits on the copies, the kernels or the host, which the host-side sums of the trace cannot.
 */
final class PipelineTimeline implements AutoCloseable {
    private final Gpu gpu;
    private final long hostStart = System.nanoTime();
    private final Event start;
    private final List<Event> copied = new ArrayList<>();
    private final List<Event> done = new ArrayList<>();
    private final List<Long> queuedNs = new ArrayList<>();

    PipelineTimeline(Gpu gpu, Stream idle) {
        this.gpu = gpu;
        this.start = new Event(gpu, true);
        start.record(idle);
    }

    /** Chunk's copy to the device has just been queued on {@code stream}. */
    void copyQueued(Stream stream) {
        queuedNs.add(System.nanoTime() - hostStart);
        Event e = new Event(gpu, true);
        e.record(stream);
        copied.add(e);
    }

    /** Chunk's kernels and copies back have just been queued on {@code stream}. */
    void passQueued(Stream stream) {
        Event e = new Event(gpu, true);
        e.record(stream);
        done.add(e);
    }

    /** Prints one line per chunk to standard error; call once every chunk is done. */
    void print() {
        StringBuilder b = new StringBuilder("records timeline (ms from start: queued on the host, copied, done):");
        for (int c = 0; c < copied.size(); c++) {
            b.append(String.format(Locale.ROOT, " [%d: %.2f %.2f %.2f]", c, queuedNs.get(c) / 1e6,
                    copied.get(c).millisSince(start), done.get(c).millisSince(start)));
        }
        System.err.println(b);
    }

    @Override
    public void close() {
        start.close();
        copied.forEach(Event::close);
        done.forEach(Event::close);
    }
}
