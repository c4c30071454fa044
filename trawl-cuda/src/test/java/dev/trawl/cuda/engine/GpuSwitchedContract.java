package dev.trawl.cuda.engine;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.trawl.cuda.Gpu;
import dev.trawl.testing.EngineContract;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.params.Parameter;

/**
 * The whole differential suite on one GPU engine, once per combination of its switches (system
 * properties): a subclass is a {@code @ParameterizedClass} whose values are {@code @}-separated, the
 * i-th part going to the i-th property (a missing part leaves that property unset). The
 * {@link #full} combination runs the suite in full, the others with fewer random cases and log
 * systems. Skipped (not passed) without a GPU.
 */
abstract class GpuSwitchedContract extends EngineContract {
    @Parameter
    String switches;

    private final String engine;
    private final String full;
    private final String[] properties;

    GpuSwitchedContract(String engine, String full, String... properties) {
        this.engine = engine;
        this.full = full;
        this.properties = properties;
    }

    private boolean full() {
        return switches.equals(full);
    }

    @BeforeEach
    void needsGpu() {
        assumeTrue(Gpu.available(), () -> "no GPU: " + Gpu.unavailableReason().orElse("?"));
        String[] parts = switches.split("@");
        for (int i = 0; i < properties.length; i++) {
            if (i < parts.length) {
                System.setProperty(properties[i], parts[i]);
            } else {
                System.clearProperty(properties[i]);
            }
        }
    }

    @AfterEach
    void clearSwitches() {
        for (String p : properties) {
            System.clearProperty(p);
        }
    }

    @Override
    protected String engineName() {
        return engine;
    }

    @Override
    protected int randomCases() {
        return full() ? super.randomCases() : 150;
    }

    @Override
    protected List<String> perRecordLogSystems() {
        return full() ? super.perRecordLogSystems() : List.of("Apache", "HDFS", "OpenSSH");
    }
}
