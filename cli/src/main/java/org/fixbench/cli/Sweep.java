package org.fixbench.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.net.InetAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.fixbench.engine.Directories;
import org.fixbench.engine.EngineSpec;
import org.fixbench.engine.RoundTripTask;
import org.fixbench.harness.BenchmarkResult;
import org.fixbench.harness.HarnessConfig;
import org.fixbench.harness.HarnessException;
import org.fixbench.harness.LatencyBenchmark;
import org.fixbench.harness.ProgressListener;
import org.fixbench.harness.RunResult;

/**
 * Runs every engine at every rate, one benchmark at a time (never two at once), each in a fresh engine pair and
 * a fresh work folder that is deleted afterwards. Shows a progress line per run. A benchmark that loses its session
 * stops the sweep (results so far are kept); one that cannot sustain its rate is FAILED and the sweep goes on.
 *
 * <p>Grouped (this class's default; {@code compare} interleaves unless told not to), a benchmark's runs follow each
 * other after one warm-up, in one engine pair. {@linkplain #interleave Interleaved}, the sweep goes round by round:
 * in each round every engine × rate does one run, in a fresh engine pair after its own warm-up, so each engine's runs
 * are spread over the whole comparison and over as many engine pairs as runs; drift of the machine and the mode an
 * engine pair happens to land in (on a small VM, p50 modes some µs apart) then land on every engine alike.
 */
final class Sweep implements ProgressListener {
    static final long DEFAULT_RUN_NANOS = 5_000_000_000L;
    static final long DEFAULT_WARMUP_NANOS = 5_000_000_000L;

    private final BenchmarkSession session;
    private boolean settled;
    private final RunOptions options;
    private final InetAddress bindAddress;
    private final Duration connectTimeout;
    private final PrintStream out;
    private final long defaultRunNanos;
    private final long defaultWarmupNanos;
    private long startMillis;
    private long plannedNanos;
    private long doneNanos;
    private int benchmarkIndex;
    private int benchmarkCount;
    private String currentLabel;
    private HarnessConfig currentConfig;
    private boolean interleave;
    private int round;
    private int rounds;
    String stopReason;

    Sweep(BenchmarkSession session, RunOptions options, InetAddress bindAddress, Duration connectTimeout) {
        this(session, options, bindAddress, connectTimeout, DEFAULT_RUN_NANOS, DEFAULT_WARMUP_NANOS);
    }

    Sweep(BenchmarkSession session, RunOptions options, InetAddress bindAddress, Duration connectTimeout,
          long defaultRunNanos, long defaultWarmupNanos) {
        this.defaultRunNanos = defaultRunNanos;
        this.defaultWarmupNanos = defaultWarmupNanos;
        this.session = session;
        this.options = options;
        this.bindAddress = bindAddress;
        this.connectTimeout = connectTimeout;
        this.out = session.out;
    }

    /** Runs round by round (see the class comment) rather than each benchmark's runs together. */
    Sweep interleave(boolean on) {
        this.interleave = on;
        return this;
    }

    private static String label(EngineSpec spec, long rate) {
        return spec.label() + " @ " + String.format(Locale.ROOT, "%,d/s", rate);
    }

    static String benchmarkName(EngineSpec spec, long rate) {
        return spec.engine().name() + "-" + spec.profile() + "-" + rate;
    }

    /** Validates every configuration before anything runs, so a bad option fails in a second, not in an hour. */
    List<HarnessConfig> plan(List<EngineSpec> engines, List<Long> rates) {
        return plan(options, engines, rates, defaultRunNanos, defaultWarmupNanos);
    }

    static List<HarnessConfig> plan(RunOptions options, List<EngineSpec> engines, List<Long> rates,
                                    long defaultRunNanos, long defaultWarmupNanos) {
        List<HarnessConfig> configs = new ArrayList<>();
        for (EngineSpec spec : engines) {
            for (long rate : rates) {
                configs.add(options.configure(benchmarkName(spec, rate), rate, defaultRunNanos, defaultWarmupNanos)
                        .build());
            }
        }
        return configs;
    }

    void run(List<EngineSpec> engines, List<Long> rates) {
        List<HarnessConfig> configs = plan(engines, rates);
        if (interleave) {
            runInterleaved(engines, rates, configs);
            return;
        }
        benchmarkCount = configs.size();
        plannedNanos = configs.stream().mapToLong(Sweep::plannedNanos).sum();
        startMillis = System.currentTimeMillis();
        settle(engines.get(0), configs.get(0));
        int i = 0;
        for (EngineSpec spec : engines) {
            for (long rate : rates) {
                HarnessConfig config = configs.get(i++);
                currentConfig = config;
                benchmarkIndex = i;
                currentLabel = label(spec, rate);
                out.println();
                out.println("=== [" + i + "/" + benchmarkCount + "] " + currentLabel);
                BenchmarkResult result = runOne(spec, config, true);
                doneNanos += plannedNanos(config);
                if (result == null || result.aborted()) {
                    stopReason = result == null ? stopReason : result.abortReason();
                    out.println("Sweep stopped: " + stopReason);
                    return;
                }
            }
        }
    }

    private void runInterleaved(List<EngineSpec> engines, List<Long> rates, List<HarnessConfig> configs) {
        List<EngineSpec> specs = new ArrayList<>();
        List<HarnessConfig> singles = new ArrayList<>();
        for (EngineSpec spec : engines) {
            for (long rate : rates) {
                specs.add(spec);
                singles.add(options.configure(benchmarkName(spec, rate), rate, defaultRunNanos, defaultWarmupNanos)
                        .runs(1).skipFirstRun(false).build());
            }
        }
        rounds = configs.get(0).runs();
        benchmarkCount = configs.size();
        plannedNanos = rounds * singles.stream().mapToLong(Sweep::plannedNanos).sum();
        startMillis = System.currentTimeMillis();
        settle(specs.get(0), singles.get(0));
        List<List<BenchmarkResult>> done = new ArrayList<>();
        specs.forEach(s -> done.add(new ArrayList<>()));
        sweep:
        for (round = 1; round <= rounds; round++) {
            for (int i = 0; i < specs.size(); i++) {
                HarnessConfig single = singles.get(i);
                currentConfig = single;
                benchmarkIndex = i + 1;
                currentLabel = label(specs.get(i), single.targetRatePerSecond());
                out.println();
                out.println("=== round " + round + "/" + rounds + " [" + benchmarkIndex + "/" + benchmarkCount + "] "
                        + currentLabel);
                BenchmarkResult result = runOne(specs.get(i), single, false);
                doneNanos += plannedNanos(single);
                if (result != null) {
                    done.get(i).add(result);
                }
                if (result == null || result.aborted()) {
                    stopReason = result == null ? stopReason : result.abortReason();
                    out.println("Sweep stopped: " + stopReason);
                    break sweep;
                }
            }
        }
        for (int i = 0; i < specs.size(); i++) {
            if (!done.get(i).isEmpty()) {
                BenchmarkResult merged = merge(configs.get(i), done.get(i));
                session.results.add(merged);
                out.println();
                out.println("=== " + label(specs.get(i), merged.config().targetRatePerSecond()) + ": its "
                        + merged.runs().size() + " interleaved runs");
                out.print(org.fixbench.harness.TextReport.summaries(merged));
            }
        }
    }

    /**
     * One benchmark's result from its single-run rounds: run k is round k's run (renumbered; left out of summaries
     * when it is run 1 and the configuration skips the first run); the labels, warm-up and pinning are the first
     * round's; the first round that ended early gives the reason.
     */
    static BenchmarkResult merge(HarnessConfig config, List<BenchmarkResult> rounds) {
        List<RunResult> runs = new ArrayList<>();
        String abortReason = null;
        for (BenchmarkResult r : rounds) {
            for (RunResult run : r.runs()) {
                int k = runs.size() + 1;
                runs.add(new RunResult(k, run.status(), run.reason(), run.achievedRatePerSecond(), run.sent(),
                        run.received(), run.lost(), run.stealPercent(), run.busyPercent(),
                        k == 1 && config.skipFirstRun(), run.startEpochMillis(), run.endEpochMillis(), run.series()));
            }
            if (abortReason == null && r.aborted()) {
                abortReason = r.abortReason();
            }
        }
        BenchmarkResult first = rounds.get(0);
        return new BenchmarkResult(first.name(), config, first.labels(), first.warmupIterations(), runs,
                first.pinning(), abortReason);
    }

    /**
     * A discarded round of the first benchmark, as long as its warm-up, before anything is measured. Measured on a
     * 2-vCPU VM: without it, whichever engine ran first in a comparison read about 3-4 µs slower at p50 than the
     * same engine later in the same JVM (tcp:spin at 10,000/s: 12.1 first, 8.5 second), which biased every
     * overhead computed against it. Recorded in the environment; its numbers are not kept.
     */
    private void settle(EngineSpec spec, HarnessConfig first) {
        long iterations = first.warmupIterations();
        if (iterations <= 0 || settled) {
            return;
        }
        settled = true;
        HarnessConfig settle = HarnessConfig.builder("settle-" + first.name())
                .targetRatePerSecond(first.targetRatePerSecond()).warmupIterations(0).runs(1)
                .iterationsPerRun(iterations).waitStrategy(first.waitStrategy()).pinning(first.pinning())
                .cpus(first.cpus()).hiccupMeter(false).jitterMonitor(false).quiet(true).build();
        String what = spec.label() + " at " + String.format(Locale.ROOT, "%,d/s", first.targetRatePerSecond())
                + " for " + String.format(Locale.ROOT, "%,d", iterations) + " round trips, discarded";
        out.println("Settling: " + what + " (the first benchmark in a JVM otherwise runs slower)");
        session.environment.put("settlingRun", what);
        Path work = null;
        try {
            work = Files.createTempDirectory("fixbench-settle-");
            new LatencyBenchmark(settle, out, ProgressListener.NONE)
                    .run(new RoundTripTask(spec, work, bindAddress, connectTimeout), Map.of());
        } catch (IOException | HarnessException e) {
            out.println("Settling run did not complete (" + e.getMessage() + "); measuring anyway");
        } finally {
            if (work != null) {
                Directories.deleteRecursively(work);
            }
        }
    }

    private BenchmarkResult runOne(EngineSpec spec, HarnessConfig config, boolean record) {
        Path work;
        try {
            work = Files.createTempDirectory("fixbench-" + config.name() + "-");
        } catch (IOException e) {
            throw new HarnessException("cannot create a work folder: " + e.getMessage());
        }
        Map<String, Object> labels = new LinkedHashMap<>();
        labels.put("engine", spec.engine().name());
        labels.put("profile", spec.profile());
        RoundTripTask task = new RoundTripTask(spec, work, bindAddress, connectTimeout);
        try {
            BenchmarkResult result = session.run(config, task, labels, this, record);
            labels.put("engineNotes", task.engineNotes());
            return result;
        } catch (HarnessException e) {
            stopReason = spec.label() + ": " + e.getMessage();
            return null;
        } finally {
            Directories.deleteRecursively(work);
        }
    }

    static long plannedNanos(HarnessConfig c) {
        long perIterationNanos = c.intervalNanos();
        return (c.warmupIterations() + (long) c.runs() * c.iterationsPerRun()) * perIterationNanos
                + (c.runs() - 1L) * c.pauseBetweenRunsNanos();
    }

    @Override
    public void runStarting(String benchmark, int run, int runs, boolean warmup) {
        long elapsedMillis = System.currentTimeMillis() - startMillis;
        HarnessConfig c = currentConfig;
        long withinNanos = warmup ? 0 : (c.warmupIterations() + (run - 1L) * c.iterationsPerRun()) * c.intervalNanos();
        long remainingMillis = Math.max(0, (plannedNanos - doneNanos - withinNanos) / 1_000_000);
        String what = interleave ? "round " + round + "/" + rounds + (warmup ? " warm-up" : " run")
                : warmup ? "warm-up" : "run " + run + "/" + runs;
        out.printf(Locale.ROOT, "[progress] %d/%d %s %s - elapsed %s, about %s of planned work left%n",
                benchmarkIndex, benchmarkCount, currentLabel, what, clock(elapsedMillis), clock(remainingMillis));
    }

    @Override
    public void runEnded(String benchmark, RunResult result) {
        // the harness prints the run itself
    }

    private static String clock(long millis) {
        long s = millis / 1000;
        return s >= 60 ? (s / 60) + "m" + String.format(Locale.ROOT, "%02d", s % 60) + "s" : s + "s";
    }
}
