package dev.trawl;

import dev.trawl.input.CharOffsets;
import dev.trawl.input.DeviceBytes;
import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Objects;
import java.util.Optional;
import java.util.function.BiFunction;

/**
 * What a scan reads: a run of bytes as a {@link MemorySegment}, whatever it came from. Byte inputs
 * report byte offsets; {@link CharSequence} inputs are scanned as UTF-8 and report {@code char}
 * offsets. A mapped file must be closed; other inputs need not be.
 *
 * <p>A {@linkplain #ofDevice device input} holds bytes in an accelerator's memory: the GPU engines scan
 * them in place; anything else that asks for its {@link #segment()} gets a host copy, made once and
 * freed by {@link #close()}.
 */
public final class Input implements AutoCloseable {
    private final CharOffsets chars; // null for byte inputs
    private final String name;
    private final DeviceBytes device; // null for host inputs
    private Arena arena; // owns a mapping or a device input's host copy, or null
    private MemorySegment segment; // a device input's: null until copied

    private Input(MemorySegment segment, CharOffsets chars, Arena arena, String name) {
        this(segment, chars, arena, name, null);
    }

    private Input(MemorySegment segment, CharOffsets chars, Arena arena, String name, DeviceBytes device) {
        this.segment = segment;
        this.chars = chars;
        this.arena = arena;
        this.name = name;
        this.device = device;
    }

    public static Input of(byte[] bytes) {
        return new Input(MemorySegment.ofArray(Objects.requireNonNull(bytes, "bytes")), null, null, "bytes");
    }

    /** The buffer's bytes between its position and limit; offsets are relative to the position. */
    public static Input of(ByteBuffer buffer) {
        return new Input(MemorySegment.ofBuffer(Objects.requireNonNull(buffer, "buffer")), null, null, "buffer");
    }

    public static Input of(MemorySegment segment) {
        return new Input(Objects.requireNonNull(segment, "segment"), null, null, "segment");
    }

    /** The text as UTF-8; matches report {@code char} offsets into it. */
    public static Input of(CharSequence text) {
        CharOffsets c = CharOffsets.of(Objects.requireNonNull(text, "text"));
        return new Input(MemorySegment.ofArray(c.bytes()), c, null, "text");
    }

    /**
     * Maps a file read-only (files over 2 GiB work). Close the input to unmap it.
     *
     * @throws TrawlException for a missing file, a directory or an I/O error, naming the file
     */
    public static Input map(Path file) {
        return mapFile(file, (seg, arena) -> new Input(seg, null, arena, file.toString()));
    }

    /**
     * Maps a file read-only and hands its bytes and the arena that unmaps them to {@code wrap}; the
     * arena is closed again when mapping or {@code wrap} fails. Shared with {@link Records#mapLines}.
     *
     * @throws TrawlException for a missing file, a directory or an I/O error, naming the file
     */
    static <T> T mapFile(Path file, BiFunction<MemorySegment, Arena, T> wrap) {
        if (Files.isDirectory(file)) {
            throw new TrawlException(file + ": is a directory");
        }
        Arena arena = Arena.ofShared();
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
            long size = ch.size();
            MemorySegment text = size == 0 ? MemorySegment.ofArray(new byte[0])
                    : ch.map(FileChannel.MapMode.READ_ONLY, 0, size, arena);
            return wrap.apply(text, arena);
        } catch (NoSuchFileException e) {
            arena.close();
            throw new TrawlException(file + ": no such file");
        } catch (IOException | UnsupportedOperationException e) {
            arena.close();
            throw new TrawlException(file + ": cannot read: " + e.getMessage(), e);
        } catch (RuntimeException e) {
            arena.close();
            throw e;
        }
    }

    /**
     * Bytes in an accelerator's memory, scanned in place by the engines of the library that made
     * {@code bytes} (trawl-cuda's {@code DeviceInput.of(gpu, pointer, length)} makes such inputs; see
     * there what the memory must be). Byte offsets. Other engines scan a host copy: see
     * {@link #segment()}.
     */
    public static Input ofDevice(DeviceBytes bytes) {
        return new Input(null, null, null, Objects.requireNonNull(bytes, "bytes").describe(), bytes);
    }

    /**
     * The bytes to scan. For a {@linkplain #ofDevice device input} this copies them to the host the
     * first time (the whole input over the bus, at its speed, into memory this input holds until
     * {@link #close()}): CPU engines, and the per-match defaults of {@link Matcher}, read them so. The GPU
     * engines never call it for their own device inputs.
     */
    public synchronized MemorySegment segment() {
        if (segment == null) {
            Arena copies = Arena.ofShared();
            try {
                MemorySegment host = copies.allocate(Math.max(1, device.byteSize()), 64).asSlice(0, device.byteSize());
                device.copyToHost(host);
                segment = host;
                arena = copies;
            } catch (RuntimeException | Error e) {
                copies.close();
                throw e;
            }
        }
        return segment;
    }

    public long byteSize() {
        return device != null ? device.byteSize() : segment.byteSize();
    }

    /** The device memory of a {@linkplain #ofDevice device input}; empty for host inputs. */
    public Optional<DeviceBytes> device() {
        return Optional.ofNullable(device);
    }

    /** True when offsets are {@code char} offsets of a text input. */
    public boolean charOffsets() {
        return chars != null;
    }

    /** Where the input came from: a file name, or "bytes", "text", ... */
    public String name() {
        return name;
    }

    /**
     * The sink an engine should report byte offsets to: the given sink itself for byte inputs, a
     * translating one for text inputs.
     */
    public MatchSink translate(MatchSink sink) {
        if (chars == null || chars.identity()) {
            return sink;
        }
        CharOffsets c = chars;
        return (id, start, end) -> sink.onMatch(id, c.toChar(start), c.toChar(end));
    }

    @Override
    public synchronized void close() {
        if (arena != null) {
            arena.close();
            arena = null;
            if (device != null) {
                segment = null; // a later segment() copies again rather than read freed memory
            }
        }
    }
}
