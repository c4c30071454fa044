package dev.trawl;

/** An engine was asked for by name but cannot run here (unknown name, no GPU, no driver...). */
public final class EngineUnavailableException extends TrawlException {
    private static final long serialVersionUID = 1L;

    public EngineUnavailableException(String message) {
        super(message);
    }

    public EngineUnavailableException(String message, Throwable cause) {
        super(message, cause);
    }
}
