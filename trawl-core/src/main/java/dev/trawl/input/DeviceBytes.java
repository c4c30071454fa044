package dev.trawl.input;

import java.lang.foreign.MemorySegment;

/**
 * Bytes that live in an accelerator's memory (a CUDA device pointer and a length, as cuDF hands a
 * string column over), for an {@link dev.trawl.Input#ofDevice device input}. The library that owns the
 * device implements it (trawl-cuda's {@code dev.trawl.cuda.DeviceInput}), so that trawl-core knows
 * device memory only as this: its engines recognise their own implementation and read the bytes in
 * place; any other engine asks for a host copy, once, through {@link #copyToHost}.
 *
 * <p>The caller owns the memory: it must stay valid and unchanged while a scan of it runs.
 */
public interface DeviceBytes {
    /** The number of bytes. */
    long byteSize();

    /** Copies all {@link #byteSize()} bytes into {@code host} (at least that long); returns when done. */
    void copyToHost(MemorySegment host);

    /** Where the bytes are, for messages: e.g. {@code "device memory 0x7f00... on NVIDIA H200"}. */
    String describe();
}
