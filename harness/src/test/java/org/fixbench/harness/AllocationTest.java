package org.fixbench.harness;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.management.ManagementFactory;
import java.util.Map;

import org.fixbench.harness.api.Pacing;
import org.fixbench.harness.api.Probe;
import org.fixbench.harness.series.LatencySeries;
import org.junit.jupiter.api.Test;

/** Recording must not allocate: measured with the JVM's per-thread allocation counter, not guessed. */
class AllocationTest {
    private static final com.sun.management.ThreadMXBean THREADS =
            (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();

    private static long allocatedBytes() {
        return THREADS.getThreadAllocatedBytes(Thread.currentThread().getId());
    }

    @Test
    void recordingASampleAllocatesNothing() {
        LatencySeries series = new LatencySeries(60_000_000_000L);
        Probe probe = new Probe("p", 60_000_000_000L);
        for (int i = 0; i < 200_000; i++) {
            series.record(i * 37L);
            probe.sampleNanos(i * 37L);
        }
        // the least of three attempts: a one-off of the JVM (a compilation finishing mid-loop, seen once on a cold
        // CI clone: 4,632 bytes) shows in one attempt; an allocation per sample (at least 32 MB here) in all three
        long allocated = Long.MAX_VALUE;
        for (int attempt = 0; attempt < 3; attempt++) {
            long before = allocatedBytes();
            for (int i = 0; i < 1_000_000; i++) {
                series.record(i * 37L);
                probe.sampleNanos(i * 37L);
            }
            allocated = Math.min(allocated, allocatedBytes() - before);
        }
        assertTrue(allocated < 1_000, "2,000,000 recorded samples allocated " + allocated + " bytes");
    }

    @Test
    void theTimedLoopAllocatesNothingPerIteration() {
        long small = allocationOfOneBenchmark(100_000);
        long large = allocationOfOneBenchmark(400_000);
        long perIteration = (large - small) / 300_000;
        assertTrue(large - small < 30_000, "300,000 more iterations allocated " + (large - small) + " bytes ("
                + perIteration + " per iteration)");
    }

    @Test
    void thePacedTimedLoopAllocatesNothingPerIteration() {
        Pacing bursts = Pacing.ofGaps(new long[] {0, 0, 0, 40, 7, 900}, 2);
        long small = allocationOfOneBenchmark(100_000, bursts);
        long large = allocationOfOneBenchmark(400_000, bursts);
        assertTrue(large - small < 30_000, "300,000 more paced iterations allocated " + (large - small) + " bytes");
    }

    private static long allocationOfOneBenchmark(long iterations) {
        return allocationOfOneBenchmark(iterations, Pacing.EVEN);
    }

    private static long allocationOfOneBenchmark(long iterations, Pacing pacing) {
        ManualClock clock = new ManualClock();
        ScriptedTask task = new ScriptedTask(clock);
        LatencyBenchmark benchmark = new LatencyBenchmark(clock.configure("alloc", 1_000_000, iterations)
                .pacing(pacing).build());
        allocationWarmUp();
        long before = allocatedBytes();
        benchmark.run(task, Map.of());
        return allocatedBytes() - before;
    }

    private static void allocationWarmUp() {
        ManualClock clock = new ManualClock();
        new LatencyBenchmark(clock.configure("jit", 1_000_000, 300_000).build()).run(new ScriptedTask(clock), Map.of());
    }
}
