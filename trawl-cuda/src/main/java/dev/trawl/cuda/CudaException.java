package dev.trawl.cuda;

import dev.trawl.TrawlException;

/**
 * A CUDA driver call failed. The message names the {@code CUresult} (as {@code cuGetErrorName} spells
 * it, e.g. {@code CUDA_ERROR_OUT_OF_MEMORY}) and what Trawl was doing, on one line.
 */
public final class CudaException extends TrawlException {
    private static final long serialVersionUID = 1L;

    private final int result;
    private final String resultName;

    public CudaException(int result, String resultName, String doing) {
        super("CUDA error " + resultName + " (" + result + ") while " + doing);
        this.result = result;
        this.resultName = resultName;
    }

    /** The numeric {@code CUresult}. */
    public int result() {
        return result;
    }

    /** The {@code CUresult}'s name, e.g. {@code CUDA_ERROR_INVALID_VALUE}. */
    public String resultName() {
        return resultName;
    }
}
