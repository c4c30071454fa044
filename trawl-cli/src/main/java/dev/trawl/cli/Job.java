package dev.trawl.cli;

import java.nio.file.Path;

/**
 * One input to search, in output order: its name as output shows it, where it is, and what kind
 * of file it is.
 *
 * @param display the name output shows ({@code --label} or "(standard input)" for standard input)
 * @param path null for standard input
 * @param kind what the file is, as far as known when the job was made
 * @param size bytes of a regular file, else -1
 * @param commandLine whether it was named on the command line (devices are read only then)
 * @param error a problem found while walking (a directory that could not be listed), reported in
 *     the job's turn instead of searching; null when none
 * @param fileKey the file's identity (device and inode), to tell when it is also the output; null when unknown
 */
record Job(String display, Path path, Kind kind, long size, boolean commandLine, String error, Object fileKey) {
    enum Kind { STDIN, REGULAR, DIRECTORY, OTHER, MISSING }

    /** Small regular files are searched on the pool; the rest in their turn on the calling thread. */
    boolean parallel() {
        return kind == Kind.REGULAR && error == null && size <= 8L << 20;
    }
}
