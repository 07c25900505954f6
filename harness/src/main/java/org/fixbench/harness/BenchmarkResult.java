package org.fixbench.harness;

import java.util.List;
import java.util.Map;

/**
 * All a benchmark produced: its runs (warm-up never among them), where its threads ran, and, if it ended
 * early, why. {@code labels} carries what the caller adds to identify the result (e.g. an engine and profile);
 * they are written into {@code summary.json} beside the name.
 */
public record BenchmarkResult(String name, HarnessConfig config, Map<String, Object> labels, long warmupIterations,
                              List<RunResult> runs, List<PinOutcome> pinning,
                              String abortReason) {

    public boolean aborted() {
        return abortReason != null;
    }

    /** Runs that count in summaries: all of them, or all but the first when the configuration says so. */
    public List<RunResult> countedRuns() {
        return runs.stream().filter(r -> !r.excluded()).toList();
    }

    public boolean allOk() {
        return !aborted() && !runs.isEmpty() && runs.stream().allMatch(RunResult::ok);
    }
}
