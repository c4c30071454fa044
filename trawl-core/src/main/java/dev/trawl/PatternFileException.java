package dev.trawl;

import java.nio.file.Path;

/** A pattern file that cannot be read or holds a pattern Trawl rejects; names the file and, when known, the line. */
public final class PatternFileException extends TrawlException {
    private static final long serialVersionUID = 1L;
    private final transient Path file;
    private final long line;

    public PatternFileException(Path file, long line, String problem) {
        super(file + (line > 0 ? ":" + line : "") + ": " + problem);
        this.file = file;
        this.line = line;
    }

    public PatternFileException(Path file, String problem, Throwable cause) {
        super(file + ": " + problem, cause);
        this.file = file;
        this.line = 0;
    }

    public Path file() {
        return file;
    }

    /** 1-based line number, or 0 when the problem is with the whole file. */
    public long line() {
        return line;
    }
}
