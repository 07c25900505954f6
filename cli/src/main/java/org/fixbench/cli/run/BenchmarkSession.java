package org.fixbench.cli.run;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.fixbench.cli.options.RunOptions;
import org.fixbench.cli.results.ComparisonRecord;
import org.fixbench.harness.Calibration;
import org.fixbench.harness.LatencyBenchmark;
import org.fixbench.harness.ProgressListener;
import org.fixbench.harness.api.HarnessConfig;
import org.fixbench.harness.api.LatencyTask;
import org.fixbench.harness.machine.Environment;
import org.fixbench.harness.results.BenchmarkResult;
import org.fixbench.harness.results.ResultsWriter;
import org.fixbench.harness.results.RunResult;
import org.fixbench.harness.series.SeriesData;

/**
 * One command's worth of benchmarks: the results folder (made first, so a bad path fails before any work), the
 * environment, the results in order, and the files at the end, also when a benchmark ended early.
 */
public final class BenchmarkSession {
    public final Path folder;
    public final Map<String, Object> environment;
    /** The results in order; synchronized, so that a signal's handler can copy them while runs go on. */
    public final List<BenchmarkResult> results = java.util.Collections.synchronizedList(new ArrayList<>());
    public final PrintStream out;
    private boolean written;

    /** A copy of the results so far, safe while another thread adds to them. */
    public List<BenchmarkResult> resultsSoFar() {
        synchronized (results) {
            return new ArrayList<>(results);
        }
    }

    /** The machine-wide lock measuring commands hold (one measuring command at a time per machine). */
    private static final Path LOCK_FILE = Path.of(System.getProperty("java.io.tmpdir"), "fixbench-measuring.lock");
    private static java.nio.channels.FileChannel lockChannel;
    private static java.nio.channels.FileLock lock;
    private static int holders;

    /**
     * Takes the machine-wide measuring lock, or says who holds it: two measuring commands at once pin the same CPUs
     * and disturb each other's numbers. With {@code allowConcurrent} it goes on and returns a note for the results.
     */
    public static synchronized String acquireMeasuringLock(boolean allowConcurrent) {
        if (lock != null) {
            holders++;
            return null;
        }
        try {
            java.nio.channels.FileChannel channel = java.nio.channels.FileChannel.open(LOCK_FILE,
                    java.nio.file.StandardOpenOption.CREATE, java.nio.file.StandardOpenOption.WRITE,
                    java.nio.file.StandardOpenOption.READ);
            java.nio.channels.FileLock l = channel.tryLock();
            if (l == null) {
                channel.close();
                String holder = "another fixbench measuring command is running on this machine (it holds " + LOCK_FILE
                        + ")";
                if (!allowConcurrent) {
                    throw new org.fixbench.harness.api.HarnessException(holder + ": two at once would disturb each other's numbers; "
                            + "wait for it, or pass --allow-concurrent (the results are then marked disturbed)");
                }
                return "disturbed: " + holder + " while these results were measured";
            }
            lockChannel = channel;
            lock = l;
            holders = 1;
            channel.truncate(0).write(java.nio.ByteBuffer.wrap(Long.toString(ProcessHandle.current().pid())
                    .getBytes(java.nio.charset.StandardCharsets.US_ASCII)));
            return null;
        } catch (java.io.IOException e) {
            return "not checked for other measuring commands: " + e.getMessage();
        }
    }

    public static synchronized void releaseMeasuringLock() {
        if (lock != null && --holders <= 0) {
            try {
                lock.release();
                lockChannel.close();
            } catch (java.io.IOException ignored) {
                // the lock goes with the process anyway
            }
            lock = null;
            lockChannel = null;
        }
    }

    private boolean holdsLock;
    /** Whether the derived files (per-run .hgrm distributions) are written with the results. */
    private final boolean derivedFiles;

    public BenchmarkSession(RunOptions options, PrintStream out) {
        this.derivedFiles = options.derivedFiles();
        String concurrency = acquireMeasuringLock(options.allowConcurrent());
        holdsLock = concurrency == null || !concurrency.startsWith("disturbed");
        this.folder = createFolderOrRelease(options);
        this.out = out;
        int reaped = org.fixbench.engine.Directories.reapOrphans();
        if (reaped > 0) {
            out.println("Removed " + reaped + " work folder(s) left by fixbench processes that were killed");
        }
        // synchronized: a stop signal writes the results from another thread while a run may add to it
        this.environment = java.util.Collections.synchronizedMap(new LinkedHashMap<>(Environment.capture()));
        if (concurrency != null) {
            environment.put("concurrency", concurrency);
            out.println("Warning: " + concurrency);
        }
        Calibration.Clock clock = Calibration.measureClock();
        environment.put(Environment.NANO_TIME_COST_NANOS, clock.nanoTimeCostNanos());
        environment.put(Environment.NANO_TIME_GRANULARITY_NANOS, clock.granularityNanos());
        out.println(clock.describe());
        out.println("Results folder: " + folder);
    }

    /**
     * The harness's own floor at each rate: an empty task (it samples at once), warmed up once and then one second
     * at each rate in turn, highest first (as {@code compare}'s engine pairs run their rates), with the session's
     * wait strategy. Recorded in the environment so every result can be read against what the harness itself costs at
     * that rate. One warm-up for all rates, rather than one per rate (until 2026-11-26).
     */
    public void calibrateFloor(RunOptions options, List<Long> rates) {
        Map<String, Object> floors = new LinkedHashMap<>();
        if (rates.isEmpty()) {
            environment.put(ComparisonRecord.HARNESS_FLOOR, floors);
            return;
        }
        long[] descending = rates.stream().sorted(java.util.Comparator.reverseOrder()).distinct()
                .mapToLong(Long::longValue).toArray();
        HarnessConfig config = options.configure("harness-floor", descending[0], 1_000_000_000L, 500_000_000L)
                .runs(descending.length).runRates(descending).runNanos(1_000_000_000L).warmupNanos(500_000_000L)
                .skipFirstRun(false).pinning(false).cpus().hiccupMeter(false).jitterMonitor(false).quiet(true)
                .build();
        BenchmarkResult floor = Calibration.floor(config, out);
        Map<Long, Map<String, Object>> perRate = new LinkedHashMap<>();
        for (RunResult run : floor.runs()) {
            Map<String, Object> stats = new LinkedHashMap<>();
            stats.put("status", run.status().name());
            stats.put("achievedRate", run.achievedRatePerSecond());
            SeriesData e2e = run.endToEnd();
            stats.put("p50", e2e.percentileNanos(50));
            stats.put("p99", e2e.percentileNanos(99));
            stats.put("max", e2e.maxNanos());
            perRate.put(config.runRate(run.run()), stats);
        }
        for (long rate : rates) {
            Map<String, Object> stats = perRate.getOrDefault(rate, new LinkedHashMap<>());
            floors.put(Long.toString(rate), stats);
            out.printf("Harness floor at %,d/s (empty task, 1 s): %s%n", rate, stats);
        }
        environment.put(ComparisonRecord.HARNESS_FLOOR, floors);
    }

    /** Runs a benchmark and adds its result to those written. */
    public BenchmarkResult run(HarnessConfig config, LatencyTask task, Map<String, Object> labels, ProgressListener progress) {
        BenchmarkResult result = new LatencyBenchmark(config, out, progress).run(task, labels);
        results.add(result);
        return result;
    }

    private Path createFolderOrRelease(RunOptions options) {
        try {
            return options.createResultsFolder();
        } catch (RuntimeException e) {
            release();
            throw e;
        }
    }

    /** Writes {@code these} as the results, unless results were written already; whether it wrote them. */
    public synchronized boolean writeInstead(List<BenchmarkResult> these) {
        if (written) {
            return false;
        }
        ResultsWriter.write(folder, environmentNow(), these, derivedFiles);
        written = true;
        return true;
    }

    public synchronized boolean written() {
        return written;
    }

    /** Lets another measuring command start (called when this command's results are written). */
    public void release() {
        if (holdsLock) {
            holdsLock = false;
            releaseMeasuringLock();
        }
    }

    /** A copy of the environment as it is now (it may still grow on another thread). */
    public Map<String, Object> environmentNow() {
        synchronized (environment) {
            return new LinkedHashMap<>(environment);
        }
    }

    /** Writes summary.json, summary.csv and the histograms (once). */
    public synchronized void writeResults() {
        if (!written) {
            ResultsWriter.write(folder, environmentNow(), results, derivedFiles);
            written = true;
        }
    }

    /**
     * Writes the files; returns the exit status: 0 once the command completed and wrote its results, whatever the
     * engines did (SATURATED and FAILED runs are findings, in the report), unless {@code failOn} names a status that
     * some run has: then 1.
     */
    public int finish(java.util.Set<org.fixbench.harness.verdict.RunStatus> failOn) {
        writeResults();
        release();
        out.println("Results written to " + folder);
        boolean allOk = !results.isEmpty() && results.stream().allMatch(BenchmarkResult::allOk);
        if (!allOk) {
            out.println("Some runs were DISTURBED, SATURATED or FAILED, or ended early: see the reasons above and in summary.json.");
        }
        boolean failing = results.stream().flatMap(r -> r.runs().stream()).anyMatch(r -> failOn.contains(r.status()))
                || (failOn.contains(org.fixbench.harness.verdict.RunStatus.FAILED)
                        && results.stream().anyMatch(BenchmarkResult::aborted));
        if (failing) {
            out.println("Exit status 1: --fail-on " + failOn + " and some run has that status.");
        }
        return failing ? org.fixbench.cli.options.ExitStatus.FAILED_RUNS : 0;
    }
}
