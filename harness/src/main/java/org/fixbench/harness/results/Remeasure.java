package org.fixbench.harness.results;

import org.fixbench.harness.series.SeriesData;
import org.fixbench.harness.verdict.RunStatus;

/**
 * Why a run was measured a second time, and what its first attempt read: a JVM's JIT compilers took more than
 * {@link LatencyBenchmark#REMEASURE_JIT_SHARE} of the attempt's wall time ({@code why} names the JVM, its compile
 * CPU and the share). The first attempt's status, reasons (null when OK), orders lost and end-to-end p50, p99 and
 * worst (ns, -1 when it had no sample) are kept here; its histograms are not kept. A run is measured again at most
 * once, and the second attempt counts whatever it reads.
 */
public record Remeasure(String why, RunStatus firstStatus, String firstReasons, long firstLost, long firstP50Nanos,
                        long firstP99Nanos, long firstWorstNanos) implements java.io.Serializable {
    public Remeasure {
        java.util.Objects.requireNonNull(why, "why");
        java.util.Objects.requireNonNull(firstStatus, "firstStatus");
    }

    /** The first attempt of {@code first}, set aside for {@code why}. */
    public static Remeasure of(String why, RunResult first) {
        SeriesData e2e = first.endToEnd();
        boolean any = e2e != null && e2e.count() > 0;
        return new Remeasure(why, first.status(), first.reason(), first.lost(),
                any ? e2e.histogram().getValueAtPercentile(50) : -1,
                any ? e2e.histogram().getValueAtPercentile(99) : -1,
                any ? e2e.histogram().getMaxValue() : -1);
    }
}
