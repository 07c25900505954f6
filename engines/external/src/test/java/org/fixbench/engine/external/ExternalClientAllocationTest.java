package org.fixbench.engine.external;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.management.ManagementFactory;
import java.net.InetAddress;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;

import org.fixbench.engine.EngineSpec;
import org.fixbench.engine.RoundTripTask;
import org.fixbench.harness.LatencyBenchmark;
import org.fixbench.harness.ProgressListener;
import org.fixbench.harness.api.HarnessConfig;
import org.fixbench.harness.api.WaitStrategy;
import org.fixbench.harness.results.BenchmarkResult;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The external client's whole round trip on the sending thread (send, poll, parse, match each report to its order by
 * ClOrdID whatever order it comes in, count the fills and the gateway's notices, record the sample) allocates nothing
 * per order: against TestGateway answering an ack and a fill per order, in reverse order within windows of 4, with a
 * News and a TradingSessionStatus every 5 ms; measured with the JVM's per-thread allocation counter over two benchmark
 * sizes, so that the fixed costs (connecting, histograms) cancel out.
 */
@org.junit.jupiter.api.Tag("long") // five benchmarks against a started gateway, twice: 90 s
class ExternalClientAllocationTest {
    private static final com.sun.management.ThreadMXBean THREADS =
            (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();

    @TempDir
    Path tmp;

    private Path file;
    private org.fixbench.engine.OrderFlow flow = org.fixbench.engine.OrderFlow.fixed();

    private long allocatedBy(int orders) throws Exception {
        RoundTripTask task = new RoundTripTask(EngineSpec.parse("external:" + file), tmp.resolve("w" + orders
                + "-" + System.nanoTime()), InetAddress.getLoopbackAddress(), Duration.ofSeconds(20)).flow(flow);
        // 5,000/s: about what TestGateway answers on 2 CPUs beside this client (5,700/s offered 20,000/s). Faster,
        // 40,000 orders queue past the 5 s sample timeout and are counted lost (a fresh-clone CI run at 20,000/s lost
        // 166): this test is of allocation per order, so the gateway must keep up
        HarnessConfig config = HarnessConfig.builder("alloc").targetRatePerSecond(5_000).iterationsPerRun(orders)
                .warmupIterations(5_000).runs(1).waitStrategy(WaitStrategy.YIELD).hiccupMeter(false)
                .jitterMonitor(false).quiet(true)
                .cpuWaitWatch(false) // its /proc readings allocate per thread and process on the machine
                .timeline(false) // its histograms are per second of schedule (outside the timed loop), not per order
                .build();
        // counted from the measured run's start to its end, on the sending thread (the harness's): the warm-up's
        // settling passes, whose number the JIT decides, stay out (counted over the whole benchmark, two of the same
        // size differed by up to 0.6 MB)
        long[] inRun = new long[2];
        ProgressListener counter = new ProgressListener() {
            @Override
            public void runStarting(String benchmark, int run, int runs, boolean warmup) {
                if (!warmup) {
                    inRun[0] = THREADS.getThreadAllocatedBytes(Thread.currentThread().getId());
                }
            }

            @Override
            public void runEnded(String benchmark, org.fixbench.harness.results.RunResult result) {
                inRun[1] = THREADS.getThreadAllocatedBytes(Thread.currentThread().getId());
            }
        };
        LatencyBenchmark benchmark = new LatencyBenchmark(config, System.out, counter);
        BenchmarkResult result = benchmark.run(task, Map.of());
        long bytes = inRun[1] - inRun[0];
        var run = result.runs().get(0);
        // the message only when it fails: a run's text holds its histograms, megabytes of it
        assertTrue(run.received() == orders && run.lost() == 0, () -> "every order answered: " + run);
        return bytes;
    }

    @Test
    void noAllocationPerOrderOnTheSendingThreadWithReportsOutOfOrderAndNotices() throws Exception {
        file = TestGateway.engineFile(tmp.resolve("gateway.properties"), "s3cret", "ack-fill,shuffle:4,news:5",
                "clientCompId=ACME-TRADER", "serverCompId=VENUE-GW", "logonFields=553=trader|554=s3cret", "idle=yield");
        assertNoAllocationPerOrder();
    }

    /**
     * The same for each order's whole life: resting orders, replaces and cancels, each timed to its own answer and
     * in the series of its MsgType, with every 10th order filled so that its replace and cancel are rejected
     * (OrderCancelReject, counted per reason).
     */
    @Test
    void noAllocationPerRequestOnTheSendingThreadWithResolvedCancelsReplacesAndTheirRejects() throws Exception {
        file = TestGateway.engineFile(tmp.resolve("lifecycle.properties"), "s3cret", "lifecycle,fill-every:10,news:5",
                "clientCompId=ACME-TRADER", "serverCompId=VENUE-GW", "logonFields=553=trader|554=s3cret", "idle=yield",
                "cancelRejectPercent=100");
        flow = org.fixbench.engine.OrderFlow.parse("lifecycle");
        assertNoAllocationPerOrder();
    }

    private void assertNoAllocationPerOrder() throws Exception {
        allocatedBy(10_000); // JIT warm-up of the whole path
        // the least of up to four attempts: a one-off (a compilation or a deoptimisation ending mid-run) shows in
        // one. An allocation per order is 16 bytes at the least, 480,000 bytes for 30,000 orders, in every one. The
        // bound is 4 bytes an order: the harness's own costs, the same for any run length, still differ between two
        // runs (up to 58,000 bytes over eight attempts on this host, with either flow; not traced to one source). Two
        // fresh-clone CI runs of 2026-12-07 read 184,136 then 15,600, and 144,352 then 286,784 (failed with two
        // attempts), for this case: one-offs of more than the bound in two attempts running
        long extra = Long.MAX_VALUE;
        for (int attempt = 0; attempt < 4; attempt++) {
            long small = allocatedBy(10_000);
            long large = allocatedBy(40_000);
            extra = Math.min(extra, large - small);
            System.out.println("attempt " + (attempt + 1) + ": " + (large - small) + " bytes");
            if (extra < 4 * 30_000) {
                break; // the least is under the bound once one is: the others are for one-offs (12 s each)
            }
        }
        System.out.println("30,000 more orders allocated " + extra + " bytes on the sending thread");
        assertTrue(extra < 4 * 30_000, "30,000 more orders allocated " + extra + " bytes on the sending thread ("
                + extra / 30_000 + " per order)");
    }
}
