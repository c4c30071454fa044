package dev.trawl.cli;

/** A failure that ends the command with status 2 and one line on stderr: {@code trawl: MESSAGE}. */
final class CommandException extends RuntimeException {
    @java.io.Serial
    private static final long serialVersionUID = 1L;

    CommandException(String message) {
        super(message, null, false, false);
    }
}
