package org.fixbench.cli.results;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;

import org.fixbench.harness.results.BenchmarkResult;
import org.fixbench.harness.results.ComparisonTable;
import org.fixbench.harness.results.RunResult;
import org.fixbench.harness.series.SeriesNames;
import org.fixbench.harness.verdict.RunReason;
import org.fixbench.harness.verdict.RunStatus;

/**
 * The sweep-wide half of the queue rule (the run-wide half, orders in flight, is the harness's): a run whose p50 is
 * more than {@link #FACTOR} times its engine's p50 at the sweep's lowest rate (all of that benchmark's runs'
 * samples together, when they are all OK), and more than {@link #FLOOR_NANOS} above it, is QUEUEING: at a higher rate
 * the same engine took many times longer per order, whatever way its queue was moving.
 */
public final class QueueRule {
    public static final double FACTOR = 10;
    public static final long FLOOR_NANOS = 1_000_000;

    private QueueRule() {
    }

    /** The results with every such run given the reason (new objects; the others as they were). */
    public static List<BenchmarkResult> apply(List<BenchmarkResult> results) {
        List<BenchmarkResult> out = new ArrayList<>();
        for (BenchmarkResult r : results) {
            BenchmarkResult lowest = results.stream()
                    .filter(o -> ResultLabels.label(o).equals(ResultLabels.label(r)))
                    .min(Comparator.comparingLong(o -> o.config().targetRatePerSecond())).orElse(r);
            if (lowest == r || lowest.config().targetRatePerSecond() >= r.config().targetRatePerSecond()
                    || lowest.status() != RunStatus.OK) {
                out.add(r);
                continue;
            }
            double reference = ComparisonTable.pooledNanos(lowest, SeriesNames.END_TO_END, 50);
            List<RunResult> runs = new ArrayList<>();
            boolean changed = false;
            for (RunResult run : r.runs()) {
                double p50 = run.endToEnd() == null || run.endToEnd().count() == 0 ? Double.NaN
                        : run.endToEnd().percentileNanos(50);
                if (p50 > FACTOR * reference && p50 - reference > FLOOR_NANOS) {
                    runs.add(run.withReason(new RunReason(RunReason.Kind.QUEUEING, String.format(Locale.ROOT,
                            "queueing: p50 %s µs, %.0f times its p50 at %,d msgs/s (%s µs)",
                            ComparisonTable.micros(p50), p50 / reference, lowest.config().targetRatePerSecond(),
                            ComparisonTable.micros(reference)))));
                    changed = true;
                } else {
                    runs.add(run);
                }
            }
            out.add(!changed ? r : new BenchmarkResult(r.name(), r.config(), r.labels(), r.warmupIterations(), runs,
                    r.pinning(), r.abortReason(), r.warmupLateReplies(), r.straySamples(), r.warmupEndedCompiling()));
        }
        return out;
    }
}
