package org.fixbench.engine.philadelphia;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.management.ManagementFactory;
import java.net.InetAddress;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;

import org.fixbench.engine.EngineSpec;
import org.fixbench.engine.RoundTripTask;
import org.fixbench.harness.HarnessConfig;
import org.fixbench.harness.LatencyBenchmark;
import org.fixbench.harness.ProgressListener;
import org.fixbench.harness.WaitStrategy;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The client's whole round trip on the sending thread (send, poll, parse the report, record the sample) allocates
 * nothing per order: measured with the JVM's per-thread allocation counter over two benchmark sizes, so that the
 * fixed costs (connecting, histograms) cancel out.
 */
class PhiladelphiaClientAllocationTest {
    private static final com.sun.management.ThreadMXBean THREADS =
            (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();

    @TempDir
    Path tmp;

    private long allocatedBy(int orders) {
        RoundTripTask task = new RoundTripTask(EngineSpec.parse("philadelphia:yield"), tmp.resolve("w" + orders),
                InetAddress.getLoopbackAddress(), Duration.ofSeconds(10));
        HarnessConfig config = HarnessConfig.builder("alloc").targetRatePerSecond(20_000).iterationsPerRun(orders)
                .warmupIterations(20_000).runs(1).waitStrategy(WaitStrategy.YIELD).hiccupMeter(false)
                .jitterMonitor(false).quiet(true)
                .timeline(false) // its histograms are per second of schedule (outside the timed loop), not per order
                .build();
        LatencyBenchmark benchmark = new LatencyBenchmark(config, System.out, ProgressListener.NONE);
        long before = THREADS.getThreadAllocatedBytes(Thread.currentThread().getId());
        benchmark.run(task, Map.of());
        return THREADS.getThreadAllocatedBytes(Thread.currentThread().getId()) - before;
    }

    @Test
    void noAllocationPerOrderOnTheSendingThread() {
        allocatedBy(10_000); // JIT warm-up of the whole path
        long small = allocatedBy(10_000);
        long large = allocatedBy(50_000);
        long perOrder = (large - small) / 40_000;
        assertTrue(perOrder < 1, "40,000 more orders allocated " + (large - small) + " bytes on the sending thread ("
                + perOrder + " per order)");
    }
}
