package org.fixbench.cli;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.fixbench.harness.BenchmarkResult;
import org.fixbench.harness.Calibration;
import org.fixbench.harness.Environment;
import org.fixbench.harness.HarnessConfig;
import org.fixbench.harness.LatencyBenchmark;
import org.fixbench.harness.LatencyTask;
import org.fixbench.harness.ProgressListener;
import org.fixbench.harness.ResultsWriter;

/**
 * One command's worth of benchmarks: the results folder (made first, so a bad path fails before any work), the
 * environment, the results in order, and the files at the end, also when a benchmark ended early.
 */
final class BenchmarkSession {
    final Path folder;
    final Map<String, Object> environment;
    final List<BenchmarkResult> results = new ArrayList<>();
    final PrintStream out;
    private boolean written;

    BenchmarkSession(RunOptions options, PrintStream out) {
        this.folder = options.createResultsFolder();
        this.out = out;
        this.environment = new LinkedHashMap<>(Environment.capture());
        Calibration.Clock clock = Calibration.measureClock();
        environment.put("nanoTimeCostNanos", clock.nanoTimeCostNanos());
        environment.put("nanoTimeGranularityNanos", clock.granularityNanos());
        out.println(clock.describe());
        out.println("Results folder: " + folder);
    }

    BenchmarkResult run(HarnessConfig config, LatencyTask task, Map<String, Object> labels, ProgressListener progress) {
        BenchmarkResult result = new LatencyBenchmark(config, out, progress).run(task, labels);
        results.add(result);
        return result;
    }

    /** Writes summary.json, summary.csv and the histograms (once). */
    void writeResults() {
        if (!written) {
            ResultsWriter.write(folder, environment, results);
            written = true;
        }
    }

    /** Writes the files; returns the exit status: 0 when every run of every benchmark was OK. */
    int finish() {
        writeResults();
        out.println("Results written to " + folder);
        boolean allOk = !results.isEmpty() && results.stream().allMatch(BenchmarkResult::allOk);
        if (!allOk) {
            out.println("Some runs FAILED or ended early: see the reasons above and in summary.json.");
        }
        return allOk ? 0 : FixbenchCli.EXIT_FAILED_RUNS;
    }
}
