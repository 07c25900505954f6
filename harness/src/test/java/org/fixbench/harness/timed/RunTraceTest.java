package org.fixbench.harness.timed;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.fixbench.harness.LatencyBenchmark;
import org.fixbench.harness.ManualClock;
import org.fixbench.harness.ProgressListener;
import org.fixbench.harness.ScriptedTask;
import org.fixbench.harness.api.HarnessConfig;
import org.fixbench.harness.results.RunResult;
import org.junit.jupiter.api.Test;

class RunTraceTest {
    private static final long MS = 1_000_000L;

    @Test
    void windowsHoldTheOrdersDueInThemAndLittlesLaw() {
        // due at 0, 1, 2, 10, 11 ms; latencies 4, 2, LOST, 6, 8 ms; the third sent 3 ms late
        RunTrace trace = new RunTrace(new long[] {0, MS, 2 * MS, 10 * MS, 11 * MS},
                new long[] {4 * MS, 2 * MS, RunTrace.LOST, 6 * MS, 8 * MS}, new long[] {0, 0, 3 * MS, 0, 0});
        List<RunTrace.Window> windows = trace.windows(5 * MS);
        assertEquals(3, windows.size(), "0-5, 5-10 (empty), 10-15 ms");
        RunTrace.Window first = windows.get(0);
        assertEquals(3, first.orders());
        assertEquals(1, first.lost());
        assertEquals(2 * MS, first.p50Nanos(), "nearest rank of 2 and 4 ms");
        assertEquals(4 * MS, first.maxNanos());
        assertEquals(6 * MS, first.latencySumNanos());
        assertEquals(1.2, first.inFlight(), 1e-12, "6 ms of waiting over 5 ms");
        assertEquals(3 * MS, first.maxLatenessNanos());
        assertEquals(0, windows.get(1).orders());
        assertEquals(-1, windows.get(1).p50Nanos());
        assertEquals(2.8, windows.get(2).inFlight(), 1e-12);
        assertEquals(8 * MS, trace.percentileNanos(0, 20 * MS, 99));
        assertEquals(4 * MS, trace.percentileNanos(0, 10 * MS, 99), "the lost order is not a latency");
        assertEquals(-1, trace.percentileNanos(3 * MS, 10 * MS, 99));
        assertEquals(1, trace.lost(0, 20 * MS));
        assertEquals(0, trace.lost(10 * MS, 20 * MS));
        assertEquals(2, trace.count(MS, 10 * MS));
        assertThrows(IllegalArgumentException.class, () -> trace.windows(0));
    }

    @Test
    void aListenerReadsEachMeasuredRunsOrdersAndNotTheWarmups() {
        ManualClock clock = new ManualClock();
        // each order answered after 7 us, the fifth of each run never
        ScriptedTask task = new ScriptedTask(clock) {
            @Override
            protected long costNanos(long i) {
                return 7_000;
            }

            @Override
            protected boolean samples(long i) {
                return i < 10 || (i - 10) % 8 != 4;
            }
        };
        List<RunTrace> traces = new ArrayList<>();
        LatencyBenchmark[] benchmark = new LatencyBenchmark[1];
        HarnessConfig config = clock.configure("traced", 1_000, 8).warmupIterations(10).runs(2)
                .sampleTimeoutNanos(MS).build();
        benchmark[0] = new LatencyBenchmark(config, System.out, new ProgressListener() {
            @Override
            public void runStarting(String name, int run, int runs, boolean warmup) {
                if (warmup) {
                    assertNull(benchmark[0].lastRunTrace(), "no measured run yet");
                }
            }

            @Override
            public void runEnded(String name, RunResult result) {
                traces.add(benchmark[0].lastRunTrace());
            }
        });
        benchmark[0].run(task, Map.of());
        assertEquals(2, traces.size());
        for (RunTrace trace : traces) {
            assertNotNull(trace);
            assertEquals(8, trace.orders());
            for (int i = 0; i < 8; i++) {
                assertEquals(i * MS, trace.dueOffsetNanos(i));
                assertEquals(i == 4 ? RunTrace.LOST : 7_000, trace.latencyNanos(i), "order " + i);
            }
        }
    }
}
