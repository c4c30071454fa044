package dev.trawl.cuda;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import dev.trawl.Engine;
import dev.trawl.EngineUnavailableException;
import dev.trawl.Engines;
import dev.trawl.MatcherOptions;
import dev.trawl.PatternSet;
import dev.trawl.Trawl;
import dev.trawl.cuda.engine.GpuPfacEngine;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Where there is no GPU (CI): a one-line reason, a clear refusal of gpu:pfac, and auto on the CPU. */
class NoGpuTest {
    @Test
    void gpuEnginesAreRegisteredEitherWay() {
        Engine e = Engines.all().stream().filter(x -> x.name().equals(GpuPfacEngine.NAME)).findFirst().orElseThrow();
        assertTrue(Engines.autoMayPick(e), "auto prefers the GPU when there is one");
        assertEquals(Gpu.unavailableReason(), e.unavailableReason());
    }

    @Test
    void withoutAGpuTheReasonIsOneLineAndGpuPfacRefuses() {
        assumeFalse(Gpu.available(), "a GPU is here");
        String why = Gpu.unavailableReason().orElseThrow();
        assertFalse(why.isBlank());
        assertFalse(why.contains("\n"), why);
        PatternSet ps = PatternSet.of("Hector", "Achilles");
        EngineUnavailableException e = assertThrows(EngineUnavailableException.class,
                () -> Trawl.compile(ps, MatcherOptions.defaults().withEngine(GpuPfacEngine.NAME)));
        assertFalse(e.getMessage().contains("\n"), e.getMessage());
        assertTrue(e.getMessage().contains(GpuPfacEngine.NAME) && e.getMessage().contains(why), e.getMessage());
        assertThrows(EngineUnavailableException.class, Gpu::get);
    }

    @Test
    void autoFallsBackToTheCpu() {
        assumeFalse(Gpu.available(), "a GPU is here");
        PatternSet ps = PatternSet.of("Hector", "Achilles");
        var m = Trawl.compile(ps);
        assertTrue(m.engine().startsWith("cpu:"), m.engine());
        assertEquals(List.of(new dev.trawl.Match(0, 4, 10)), m.findAll("and Hector"));
    }

    @Test
    void exceptionsNameTheResultAndTheAction() {
        CudaException e = new CudaException(2, "CUDA_ERROR_OUT_OF_MEMORY", "allocating 5 bytes of device memory");
        assertEquals("CUDA error CUDA_ERROR_OUT_OF_MEMORY (2) while allocating 5 bytes of device memory", e.getMessage());
        assertEquals(2, e.result());
    }
}
