package org.fixbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;

import org.fixbench.harness.BenchmarkResult;
import org.fixbench.harness.HarnessConfig;
import org.fixbench.harness.RunResult;
import org.junit.jupiter.api.Test;

/** An interleaved benchmark's rounds become one result: its runs in round order, numbered again. */
class SweepMergeTest {
    private static BenchmarkResult round(long startMillis, String status, String abortReason) {
        RunResult run = new RunResult(1, status, null, 1_000, 100, 100, 0, 0, 50, false, startMillis,
                startMillis + 100, Map.of());
        return new BenchmarkResult("tcp-yield-1000", null, Map.of("engine", "tcp", "round", startMillis), 10,
                List.of(run), List.of(), abortReason);
    }

    private static HarnessConfig config(boolean skipFirstRun) {
        return HarnessConfig.builder("tcp-yield-1000").targetRatePerSecond(1_000).runs(3).iterationsPerRun(100)
                .warmupIterations(10).skipFirstRun(skipFirstRun).build();
    }

    @Test
    void roundsBecomeRunsInOrderWithTheFirstRoundsLabels() {
        BenchmarkResult merged = Sweep.merge(config(false), List.of(round(1_000, RunResult.OK, null),
                round(2_000, RunResult.FAILED, null), round(3_000, RunResult.OK, null)));
        assertEquals(3, merged.runs().size());
        for (int k = 0; k < 3; k++) {
            RunResult run = merged.runs().get(k);
            assertEquals(k + 1, run.run());
            assertEquals((k + 1) * 1_000L, run.startEpochMillis());
            assertFalse(run.excluded());
        }
        assertEquals(RunResult.FAILED, merged.runs().get(1).status());
        assertEquals(1_000L, merged.labels().get("round"));
        assertEquals(3, merged.config().runs());
        assertNull(merged.abortReason());
    }

    @Test
    void skipFirstRunLeavesOutRoundOneAndAnEarlyEndIsKept() {
        BenchmarkResult merged = Sweep.merge(config(true), List.of(round(1_000, RunResult.OK, null),
                round(2_000, RunResult.FAILED, "session ended during the benchmark")));
        assertTrue(merged.runs().get(0).excluded());
        assertFalse(merged.runs().get(1).excluded());
        assertEquals(1, merged.countedRuns().size());
        assertTrue(merged.aborted());
        assertEquals("session ended during the benchmark", merged.abortReason());
    }
}
