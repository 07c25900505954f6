package org.fixbench.harness.results;

import java.util.List;
import java.util.Map;

import org.fixbench.harness.api.HarnessConfig;
import org.fixbench.harness.machine.PinOutcome;
import org.fixbench.harness.verdict.RunStatus;

/**
 * All a benchmark produced: its runs (warm-up never among them), where its threads ran, and, if it ended
 * early, why. {@code labels} carries what the caller adds to identify the result (e.g. an engine and profile);
 * they are written into {@code summary.json} beside the name. {@code warmupLateReplies} counts warm-up orders
 * answered only after the warm-up's sample timeout (never a sample of a run); {@code straySamples} counts samples
 * whose start no run or warm-up ever gave (a task defect). {@code warmupEndedCompiling}: a warm-up (of any round)
 * ended at its cap with the measuring JVM's JIT still compiling, so its first measured seconds may include compiling.
 */
public record BenchmarkResult(String name, HarnessConfig config, Map<String, Object> labels, long warmupIterations,
                              List<RunResult> runs, List<PinOutcome> pinning,
                              String abortReason, long warmupLateReplies, long straySamples,
                              boolean warmupEndedCompiling) {

    public BenchmarkResult(String name, HarnessConfig config, Map<String, Object> labels, long warmupIterations,
                           List<RunResult> runs, List<PinOutcome> pinning, String abortReason, long warmupLateReplies,
                           long straySamples) {
        this(name, config, labels, warmupIterations, runs, pinning, abortReason, warmupLateReplies, straySamples,
                false);
    }

    public BenchmarkResult(String name, HarnessConfig config, Map<String, Object> labels, long warmupIterations,
                           List<RunResult> runs, List<PinOutcome> pinning, String abortReason) {
        this(name, config, labels, warmupIterations, runs, pinning, abortReason, 0, 0);
    }

    public boolean aborted() {
        return abortReason != null;
    }

    /** Runs that count in summaries: all of them, or all but the first when the configuration says so. */
    public List<RunResult> countedRuns() {
        return runs.stream().filter(r -> !r.excluded()).toList();
    }

    /** The worst status among the counted runs; FAILED when the benchmark ended early or has no counted run. */
    public RunStatus status() {
        if (aborted() || countedRuns().isEmpty()) {
            return RunStatus.FAILED;
        }
        RunStatus status = RunStatus.OK;
        for (RunResult r : countedRuns()) {
            status = status.worst(r.status());
        }
        return status;
    }

    public boolean allOk() {
        return !aborted() && !runs.isEmpty() && runs.stream().allMatch(RunResult::ok);
    }
}
