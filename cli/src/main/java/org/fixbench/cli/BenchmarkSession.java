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
import org.fixbench.harness.RunResult;
import org.fixbench.harness.SeriesData;

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

    /**
     * The harness's own floor at each rate: an empty task (it samples at once) for one second after half a second
     * of warm-up, with the session's wait strategy. Recorded in the environment so every result can be read
     * against what the harness itself costs at that rate.
     */
    void calibrateFloor(RunOptions options, List<Long> rates) {
        Map<String, Object> floors = new LinkedHashMap<>();
        for (long rate : rates) {
            HarnessConfig config = options.configure("harness-floor-" + rate, rate, 1_000_000_000L, 500_000_000L)
                    .runs(1).runNanos(1_000_000_000L).warmupNanos(500_000_000L).skipFirstRun(false)
                    .pinning(false).cpus().hiccupMeter(false).jitterMonitor(false).quiet(true).build();
            BenchmarkResult floor = Calibration.floor(config, out);
            Map<String, Object> stats = new LinkedHashMap<>();
            if (!floor.runs().isEmpty()) {
                RunResult run = floor.runs().get(0);
                stats.put("status", run.status().name());
                stats.put("achievedRate", run.achievedRatePerSecond());
                SeriesData e2e = run.endToEnd();
                stats.put("p50", e2e.percentileNanos(50));
                stats.put("p99", e2e.percentileNanos(99));
                stats.put("max", e2e.maxNanos());
            }
            floors.put(Long.toString(rate), stats);
            out.printf("Harness floor at %,d/s (empty task, 1 s): %s%n", rate, stats);
        }
        environment.put("harnessFloorNanos", floors);
    }

    BenchmarkResult run(HarnessConfig config, LatencyTask task, Map<String, Object> labels, ProgressListener progress) {
        return run(config, task, labels, progress, true);
    }

    /** Runs a benchmark; {@code record}: adds its result to those written (else the caller adds a merged one). */
    BenchmarkResult run(HarnessConfig config, LatencyTask task, Map<String, Object> labels, ProgressListener progress,
                        boolean record) {
        BenchmarkResult result = new LatencyBenchmark(config, out, progress).run(task, labels);
        if (record) {
            results.add(result);
        }
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
            out.println("Some runs were SATURATED or FAILED, or ended early: see the reasons above and in summary.json.");
        }
        return allOk ? 0 : FixbenchCli.EXIT_FAILED_RUNS;
    }
}
