package dev.trawl.cuda.engine;

/**
 * The per-record answers reduced on the device ({@code tiles.cuh}'s {@code RECORD_*}): the code the
 * kernels take, the bytes of one record's slot, and the byte the slots are cleared to first.
 */
enum RecordOp {
    /** {@code anyMatch}: one byte, 1 when the record holds a match. */
    ANY(0, 1, 0),
    /** {@code firstMatch}: the smallest {@code start in record << 32 | id}, ~0 for none. */
    FIRST(1, 8, 0xFF),
    /** {@code countPerRecord}: the record's matches. */
    COUNT(2, 8, 0);

    final int code;
    final int slotBytes;
    final byte clearTo;

    RecordOp(int code, int slotBytes, int clearTo) {
        this.code = code;
        this.slotBytes = slotBytes;
        this.clearTo = (byte) clearTo;
    }
}
