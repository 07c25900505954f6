package org.fixbench.harness;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicLongArray;

/**
 * Runs a {@link LatencyTask} on a drift-free schedule and records its latencies.
 *
 * <p>Iteration {@code i} of a run is due at {@code start + i × interval}; the schedule is never re-anchored on
 * the actual send time, so a late send makes the following iterations late too and that lateness is charged to
 * their latency (coordinated-omission correction) unless the configuration turns correction off. Each run also
 * records <em>service time</em> (latency from the actual start) and <em>send lateness</em> (actual − intended).
 *
 * <p>A run is FAILED when its achieved rate is more than 1% below target, when samples are missing after the
 * sample timeout (they are counted lost), or when it falls further behind schedule than the saturation bound
 * (it then stops early and keeps what it recorded). A task that never samples ends the benchmark with an error
 * rather than a hang. The timed loop neither prints nor allocates.
 */
public final class LatencyBenchmark implements Harness {
    static final double RATE_TOLERANCE = 0.01;
    /** Longest idle between two polls of a task that {@linkplain LatencyTask#pollsOnTimedThread() polls}. */
    public static final long POLL_IDLE_CAP_NANOS = 20_000;
    private static final int LATENESS_RING_SIZE = 1 << 20;
    private static final int LATENESS_RING_MASK = LATENESS_RING_SIZE - 1;

    private final HarnessConfig config;
    private final NanoClock clock;
    private final Idler idler;
    private final boolean correct;
    private final PrintStream out;
    private final ProgressListener progress;

    private final LatencySeries endToEnd;
    private final LatencySeries serviceTime;
    private final LatencySeries sendLateness;
    private final LatencySeries hiccups;
    private final LatencySeries jitter;
    private final Map<String, Probe> probes = new LinkedHashMap<>();
    private final Pinning pinning;

    private final AtomicLong samplesReceived = new AtomicLong();
    private final AtomicLong sentCount = new AtomicLong();
    private final AtomicLong serviceUnmatched = new AtomicLong();
    private final AtomicLongArray latenessRing = new AtomicLongArray(LATENESS_RING_SIZE);
    private volatile String failure;
    private boolean initialised;

    public LatencyBenchmark(HarnessConfig config) {
        this(config, System.out, ProgressListener.NONE);
    }

    public LatencyBenchmark(HarnessConfig config, PrintStream out, ProgressListener progress) {
        this.config = config;
        this.clock = config.clock();
        this.idler = config.idler();
        this.correct = config.accountForCoordinatedOmission();
        this.out = config.quiet() ? new PrintStream(java.io.OutputStream.nullOutputStream()) : out;
        this.progress = progress;
        long highest = config.highestTrackableNanos();
        this.endToEnd = new LatencySeries(highest);
        this.serviceTime = new LatencySeries(highest);
        this.sendLateness = new LatencySeries(highest);
        this.hiccups = new LatencySeries(highest);
        this.jitter = new LatencySeries(highest);
        this.pinning = new Pinning(config.pinning(), config.cpus());
    }

    /** Convenience: run {@code task} under {@code config}, printing to standard output. */
    public static BenchmarkResult run(HarnessConfig config, LatencyTask task) {
        return new LatencyBenchmark(config).run(task, Map.of());
    }

    // ---------------------------------------------------------------- Harness, called by the task

    @Override
    public void sample(long elapsedNanos) {
        long index = samplesReceived.getAndIncrement();
        endToEnd.record(elapsedNanos);
        if (!correct) {
            serviceTime.record(elapsedNanos);
            return;
        }
        long sent = sentCount.get();
        if (index < sent && sent - index <= LATENESS_RING_SIZE) {
            serviceTime.record(elapsedNanos - latenessRing.getAcquire((int) (index & LATENESS_RING_MASK)));
        } else {
            serviceUnmatched.incrementAndGet();
        }
    }

    @Override
    public Probe addProbe(String name) {
        if (name == null || name.isBlank()) {
            throw new IllegalArgumentException("probe name must not be blank");
        }
        if (SeriesNames.RESERVED.contains(name)) {
            throw new IllegalArgumentException("probe name '" + name + "' is reserved for a built-in series");
        }
        synchronized (probes) {
            if (probes.containsKey(name)) {
                throw new IllegalArgumentException("probe '" + name + "' was added twice");
            }
            Probe probe = new Probe(name, config.highestTrackableNanos());
            probes.put(name, probe);
            return probe;
        }
    }

    @Override
    public NanoClock clock() {
        return clock;
    }

    @Override
    public PinOutcome pinCurrentThread(String role) {
        PinOutcome outcome = pinning.pinCurrentThread(role);
        out.println("Pinning: " + outcome.describe());
        return outcome;
    }

    @Override
    public void fail(String reason) {
        if (failure == null) {
            failure = reason;
        }
    }

    // ---------------------------------------------------------------- the benchmark

    /**
     * Initialises the task, warms up, runs, completes the task and returns what was measured. Never throws for
     * a failure of the task during runs: that ends the benchmark early with {@link BenchmarkResult#abortReason()}.
     *
     * @throws HarnessException when the task cannot be initialised
     */
    public BenchmarkResult run(LatencyTask task, Map<String, Object> labels) {
        if (initialised) {
            throw new IllegalStateException("a LatencyBenchmark runs once");
        }
        initialised = true;
        List<RunResult> runs = new ArrayList<>();
        String abortReason = null;
        HiccupMeter hiccupMeter = null;
        JitterMonitor jitterMonitor = null;
        try {
            pinCurrentThread("harness");
            try {
                task.init(this);
            } catch (Exception | Error e) {
                throw new HarnessException("task could not start: " + describe(e), e);
            }
            hiccupMeter = config.hiccupMeter() ? new HiccupMeter(hiccups).start() : null;
            jitterMonitor = config.jitterMonitor() ? new JitterMonitor(jitter).start() : null;
            printHeader();

            if (config.warmupIterations() > 0) {
                progress.runStarting(config.name(), 0, config.runs(), true);
                long warmStart = clock.nanoTime();
                RunResult warm = measure(task, 0, config.warmupIterations(), false);
                out.printf("Warm up complete (%,d iterations took %.3f s)%n", config.warmupIterations(),
                        (clock.nanoTime() - warmStart) / 1e9);
                if (!warm.ok()) {
                    out.println("Warm up " + warm.reason());
                }
                if (warm.received() == 0 || failure != null) {
                    abortReason = failure != null ? failure : noSamplesReason(warm);
                }
            }
            for (int run = 1; run <= config.runs() && abortReason == null; run++) {
                if (run > 1 && config.pauseBetweenRunsNanos() > 0) {
                    pause(task, config.pauseBetweenRunsNanos());
                }
                progress.runStarting(config.name(), run, config.runs(), false);
                boolean excluded = config.skipFirstRun() && run == 1 && config.runs() > 1;
                RunResult result = measure(task, run, config.iterationsPerRun(), excluded);
                runs.add(result);
                printRun(result);
                progress.runEnded(config.name(), result);
                if (failure != null) {
                    abortReason = failure;
                } else if (result.received() == 0) {
                    abortReason = noSamplesReason(result);
                }
            }
        } finally {
            try {
                task.complete();
            } catch (Exception | Error e) {
                out.println("Task did not complete cleanly: " + describe(e));
            }
            closeQuietly(hiccupMeter);
            closeQuietly(jitterMonitor);
            pinning.close();
        }
        if (abortReason != null) {
            out.println("Benchmark ended early: " + abortReason);
        }
        BenchmarkResult result = new BenchmarkResult(config.name(), config, labels, config.warmupIterations(),
                runs, pinning.outcomes(), abortReason);
        if (!runs.isEmpty()) {
            out.print(TextReport.summaries(result));
        }
        return result;
    }

    private String noSamplesReason(RunResult run) {
        return "the task never called harness.sample() (0 of " + run.sent() + " iterations answered within "
                + seconds(config.sampleTimeoutNanos()) + ")";
    }

    /** One run: the timed loop, then the wait for outstanding samples, then the verdict. */
    private RunResult measure(LatencyTask task, int runNumber, long iterations, boolean excluded) {
        resetAll();
        CpuTimes cpuBefore = CpuTimes.read();
        long startEpochMillis = System.currentTimeMillis();
        long intervalNanos = config.intervalNanos();
        long saturationBound = config.saturationBoundNanos();

        boolean polls = task.pollsOnTimedThread();
        long startNanos = clock.nanoTime();
        long sent = 0;
        long lastActualNanos = startNanos;
        long saturatedLateness = -1;
        String taskError = null;
        try {
            while (sent < iterations && failure == null) {
                long intendedNanos = startNanos + config.scheduleOffsetNanos(sent);
                long nowNanos;
                while ((nowNanos = clock.nanoTime()) < intendedNanos) {
                    if (!polls) {
                        idler.idle(intendedNanos - nowNanos);
                    } else if (!task.poll()) {
                        idler.idle(Math.min(intendedNanos - nowNanos, POLL_IDLE_CAP_NANOS));
                    }
                }
                long latenessNanos = nowNanos - intendedNanos;
                if (latenessNanos > saturationBound) {
                    saturatedLateness = latenessNanos;
                    break;
                }
                sendLateness.record(latenessNanos);
                latenessRing.setRelease((int) (sent & LATENESS_RING_MASK), latenessNanos);
                sentCount.setRelease(sent + 1);
                lastActualNanos = nowNanos;
                task.run(correct ? intendedNanos : nowNanos);
                sent++;
            }
        } catch (RuntimeException | Error e) {
            taskError = "task failed at iteration " + (sent + 1) + ": " + describe(e);
            fail(taskError);
        }

        long sendEndNanos = clock.nanoTime();
        long deadline = sendEndNanos + config.sampleTimeoutNanos();
        long nowNanos = sendEndNanos;
        try {
            while (samplesReceived.get() < sent && failure == null && nowNanos < deadline) {
                if (!polls) {
                    idler.idle(Math.min(deadline - nowNanos, 1_000_000));
                } else if (!task.poll()) {
                    idler.idle(Math.min(deadline - nowNanos, POLL_IDLE_CAP_NANOS));
                }
                nowNanos = clock.nanoTime();
            }
        } catch (RuntimeException | Error e) {
            fail("task failed while its samples were awaited: " + describe(e));
        }
        long received = samplesReceived.get();
        CpuTimes cpuAfter = CpuTimes.read();

        double elapsedSeconds = ((lastActualNanos - startNanos) + intervalNanos) / 1e9;
        double achievedRate = sent == 0 ? 0.0 : sent / elapsedSeconds;
        List<String> reasons = new ArrayList<>();
        if (saturatedLateness >= 0) {
            reasons.add(String.format("saturated: %s behind schedule at iteration %,d of %,d, stopped early",
                    seconds(saturatedLateness), sent + 1, iterations));
        }
        if (failure != null) {
            reasons.add(failure);
        }
        double target = config.targetRatePerSecond();
        if (saturatedLateness < 0 && failure == null && achievedRate < target * (1 - RATE_TOLERANCE)) {
            reasons.add(String.format("achieved %,.0f/s, %.1f%% below the target %,d/s", achievedRate,
                    100 * (1 - achievedRate / target), config.targetRatePerSecond()));
        }
        long lost = Math.max(0, sent - received);
        if (lost > 0) {
            reasons.add(String.format("%,d of %,d samples missing %s (counted lost)", lost, sent,
                    failure != null ? "when the run ended" : "after " + seconds(config.sampleTimeoutNanos())));
        }
        if (received > sent) {
            reasons.add(String.format("%,d samples for %,d iterations: the task sampled more than once per iteration",
                    received, sent));
        }
        Map<String, SeriesData> series = takeAll();
        return new RunResult(runNumber, reasons.isEmpty() ? RunResult.OK : RunResult.FAILED,
                reasons.isEmpty() ? null : String.join("; ", reasons), achievedRate, sent, received, lost,
                cpuAfter.stealPercentSince(cpuBefore), cpuAfter.busyPercentSince(cpuBefore), excluded,
                startEpochMillis, System.currentTimeMillis(), series);
    }

    private void resetAll() {
        samplesReceived.set(0);
        sentCount.set(0);
        serviceUnmatched.set(0);
        endToEnd.reset();
        serviceTime.reset();
        sendLateness.reset();
        hiccups.reset();
        jitter.reset();
        synchronized (probes) {
            probes.values().forEach(p -> p.series.reset());
        }
    }

    private Map<String, SeriesData> takeAll() {
        Map<String, SeriesData> series = new LinkedHashMap<>();
        series.put(SeriesNames.END_TO_END, endToEnd.takeInterval());
        series.put(SeriesNames.SERVICE_TIME, serviceTime.takeInterval());
        series.put(SeriesNames.SEND_LATENESS, sendLateness.takeInterval());
        synchronized (probes) {
            probes.forEach((name, probe) -> series.put(name, probe.series.takeInterval()));
        }
        if (config.hiccupMeter()) {
            series.put(SeriesNames.HICCUPS, hiccups.takeInterval());
        }
        if (config.jitterMonitor()) {
            series.put(SeriesNames.JITTER, jitter.takeInterval());
        }
        return series;
    }

    private void pause(LatencyTask task, long nanos) {
        boolean polls = task.pollsOnTimedThread();
        long until = clock.nanoTime() + nanos;
        long now;
        while ((now = clock.nanoTime()) < until && failure == null) {
            if (!polls || !task.poll()) {
                idler.idle(Math.min(until - now, polls ? POLL_IDLE_CAP_NANOS : 1_000_000));
            }
        }
    }

    private void printHeader() {
        out.printf("Benchmark %s: target %,d/s (1 every %s), warm-up %,d, %d run(s) of %,d iterations%n",
                config.name(), config.targetRatePerSecond(), TextReport.formatMicros(config.intervalNanos()) + " us",
                config.warmupIterations(), config.runs(), config.iterationsPerRun());
        out.println("Correcting for coordinated omission: " + correct + "; wait strategy: "
                + config.waitStrategy().label() + "; hiccup meter: " + config.hiccupMeter() + "; jitter monitor: "
                + config.jitterMonitor());
    }

    private void printRun(RunResult run) {
        out.print(TextReport.runBlock(run, config));
    }

    static String seconds(long nanos) {
        return String.format("%.3f s", nanos / 1e9);
    }

    static String describe(Throwable e) {
        String message = e.getMessage();
        return e.getClass().getSimpleName() + (message == null ? "" : ": " + message);
    }

    private static void closeQuietly(AutoCloseable closeable) {
        if (closeable == null) {
            return;
        }
        try {
            closeable.close();
        } catch (Exception ignored) {
            Thread.currentThread().interrupt();
        }
    }
}
