package dev.trawl.cuda.engine;

import dev.trawl.cuda.CudaDriver;
import dev.trawl.cuda.CudaException;
import dev.trawl.cuda.Gpu;
import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;

/**
 * A large native input (a mapped file) page-locked in place with {@code cuMemHostRegister}, one piece
 * per chunk, on background threads: the device copies chunk {@code i} straight from the input while
 * later pieces are still being locked, and no byte is copied on the host. Locking runs at about
 * 16 GB/s on one thread, below the bus's 50+, which is why it is spread over threads and overlapped.
 *
 * <p>Pieces are the chunks themselves, so a chunk's bytes lie in one piece and its overlap (the
 * longest pattern minus one bytes) at the start of the next. The last piece is rounded up to a whole
 * page, which the mapping covers. {@link #close()} waits for every piece and unlocks them, in parallel.
 */
final class InputRegistration implements AutoCloseable {
    static final long PAGE = 4096;

    private final Gpu gpu;
    private final long base;
    private final long piece;
    private final List<Future<MemorySegment>> pieces = new ArrayList<>();

    /** Starts locking {@code text} in pieces of {@code chunk} bytes (a multiple of {@link #PAGE}). */
    InputRegistration(Gpu gpu, MemorySegment text, long chunk) {
        if (chunk % PAGE != 0 || text.address() % PAGE != 0) {
            throw new IllegalArgumentException("pieces must be whole pages");
        }
        this.gpu = gpu;
        this.base = text.address();
        this.piece = chunk;
        long n = text.byteSize();
        for (long from = 0; from < n; from += chunk) {
            long len = Math.min(chunk, (n - from + PAGE - 1) / PAGE * PAGE);
            MemorySegment seg = MemorySegment.ofAddress(base + from).reinterpret(len);
            pieces.add(HostCopier.POOL.submit(() -> {
                gpu.bind();
                CudaDriver.memHostRegister(seg, CudaDriver.MEMHOSTREGISTER_READ_ONLY | CudaDriver.MEMHOSTREGISTER_PORTABLE);
                return seg;
            }));
        }
    }

    /**
     * Waits until bytes {@code [from, to)} of the input are locked.
     *
     * @throws CudaException when the driver refused a piece
     */
    void await(long from, long to) {
        for (long p = from / piece; p <= (to - 1) / piece && p < pieces.size(); p++) {
            get(pieces.get((int) p));
        }
    }

    private static MemorySegment get(Future<MemorySegment> f) {
        try {
            return f.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while page-locking the input", e);
        } catch (ExecutionException e) {
            if (e.getCause() instanceof RuntimeException re) {
                throw re;
            }
            throw new IllegalStateException(e.getCause());
        }
    }

    /** Unlocks every piece that was locked; the caller has waited for the copies that read them. */
    @Override
    public void close() {
        List<Future<?>> unlocking = new ArrayList<>();
        RuntimeException first = null;
        for (Future<MemorySegment> f : pieces) {
            MemorySegment seg;
            try {
                seg = get(f);
            } catch (RuntimeException e) {
                continue; // never locked
            }
            unlocking.add(HostCopier.POOL.submit(() -> {
                gpu.bind();
                CudaDriver.memHostUnregister(seg);
            }));
        }
        for (Future<?> f : unlocking) {
            try {
                f.get();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } catch (ExecutionException e) {
                if (first == null && e.getCause() instanceof RuntimeException re) {
                    first = re;
                }
            }
        }
        if (first != null) {
            throw first;
        }
    }
}
