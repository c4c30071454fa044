package dev.trawl;

/** The root of every error Trawl reports on purpose; its message is meant for the user, one line. */
public class TrawlException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public TrawlException(String message) {
        super(message);
    }

    public TrawlException(String message, Throwable cause) {
        super(message, cause);
    }
}
