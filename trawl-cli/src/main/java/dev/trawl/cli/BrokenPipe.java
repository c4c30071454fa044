package dev.trawl.cli;

/**
 * Standard output was closed by its reader ({@code trawl ... | head -1}): the search stops at once
 * and the command exits quietly, as grep does when SIGPIPE ends it.
 */
final class BrokenPipe extends RuntimeException {
    @java.io.Serial
    private static final long serialVersionUID = 1L;

    BrokenPipe() {
        super(null, null, false, false);
    }
}
