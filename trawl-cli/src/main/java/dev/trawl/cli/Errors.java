package dev.trawl.cli;

import dev.trawl.TrawlException;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;

/**
 * The one-line reasons the command prints for failures, worded as the operating system words them
 * (what grep prints after the file name: "No such file or directory", "Permission denied", "Is a
 * directory"), and never a stack trace.
 */
final class Errors {
    private Errors() {}

    /** The OS's reason for an I/O failure, without the file name Java puts in its messages. */
    static String reason(Throwable e) {
        if (e instanceof UncheckedIOException u) {
            return reason(u.getCause());
        }
        if (e instanceof NoSuchFileException) {
            return "No such file or directory";
        }
        if (e instanceof AccessDeniedException) {
            return "Permission denied";
        }
        if (e instanceof NotDirectoryException) {
            return "Not a directory";
        }
        if (e instanceof FileSystemException f && f.getReason() != null) {
            return capitalised(f.getReason());
        }
        String m = e.getMessage();
        if (e instanceof FileNotFoundException && m != null && m.endsWith(")") && m.lastIndexOf(" (") >= 0) {
            return m.substring(m.lastIndexOf(" (") + 2, m.length() - 1); // "name (Reason)"
        }
        if (e instanceof OutOfMemoryError) {
            return "memory exhausted";
        }
        if ((e instanceof TrawlException || e instanceof CommandException) && m != null) {
            return m.replace('\n', ' ');
        }
        if (e instanceof IOException && m != null) {
            return m.replace('\n', ' ');
        }
        return m == null ? e.getClass().getSimpleName() : e.getClass().getSimpleName() + ": " + m.replace('\n', ' ');
    }

    private static String capitalised(String s) {
        return s.isEmpty() ? s : Character.toUpperCase(s.charAt(0)) + s.substring(1);
    }
}
