package org.fixbench.cli.report;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.fixbench.cli.results.ResultLabels;
import org.fixbench.harness.api.HarnessConfig;
import org.fixbench.harness.results.BenchmarkResult;
import org.junit.jupiter.api.Test;

/**
 * A server that spins gets no CPU-per-order figure: its CPU over a run is its spin's, about one CPU's time over the
 * rate whatever its work (500 µs an order at 2,000/s for every spinning server, published 2026-11-28).
 */
class ServerCpuCellTest {
    private static BenchmarkResult result(Object spinning) {
        Map<String, Object> labels = new LinkedHashMap<>(Map.of(ResultLabels.ENGINE, "sbe", ResultLabels.PROFILE,
                "tuned"));
        if (spinning != null) {
            labels.put(ResultLabels.SERVER_SPINNING_THREADS, spinning);
        }
        HarnessConfig config = HarnessConfig.builder("sbe-tuned-2000").targetRatePerSecond(2_000).build();
        return new BenchmarkResult(config.name(), config, labels, 0, List.of(), List.of(), null);
    }

    @Test
    void aServerWithAThreadBusyWithNoLoadSpinsAndGetsNoFigure() {
        assertEquals("spins: not comparable ('sbe-server', 'a\\|b' busy with no load)",
                RateTable.serverCpuCell(result(List.of("sbe-server", "a|b"))));
    }

    @Test
    void aServerWithNoneBusyOrNotReadKeepsItsFigure() {
        assertEquals("not measured", RateTable.serverCpuCell(result(List.of())), "read: none busy, the runs decide");
        assertEquals("not measured", RateTable.serverCpuCell(result(null)), "a folder from before it was read");
    }
}
