package org.fixbench.harness;

import java.io.OutputStream;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.fixbench.harness.api.Harness;
import org.fixbench.harness.api.HarnessConfig;
import org.fixbench.harness.api.HarnessException;
import org.fixbench.harness.api.Idler;
import org.fixbench.harness.api.LatencyTask;
import org.fixbench.harness.api.NanoClock;
import org.fixbench.harness.api.Probe;
import org.fixbench.harness.api.WaitStrategy;
import org.fixbench.harness.machine.IdleThreads;
import org.fixbench.harness.machine.MachineWatch;
import org.fixbench.harness.machine.PinOutcome;
import org.fixbench.harness.machine.Pinning;
import org.fixbench.harness.results.BenchmarkResult;
import org.fixbench.harness.results.Remeasure;
import org.fixbench.harness.results.RunResult;
import org.fixbench.harness.results.TextReport;
import org.fixbench.harness.timed.RunTrace;
import org.fixbench.harness.timed.TimedRun;
import org.fixbench.harness.verdict.RunFacts;
import org.fixbench.harness.verdict.RunReason;
import org.fixbench.harness.verdict.Verdicts;
import org.fixbench.harness.warmup.RemeasureRule;
import org.fixbench.harness.warmup.Warmup;

/**
 * Runs a {@link LatencyTask} on a drift-free schedule and records its latencies: the conductor. It starts the
 * machine's watchers ({@code machine}), warms up ({@code warmup}), has each run measured by the timed loop
 * ({@code timed}), judged by the verdict rules ({@code verdict}) and measured once more when the re-measure rule asks
 * ({@code warmup}), prints each run's lines and returns the results ({@code results}).
 *
 * <p>A task that never samples ends the benchmark with an error rather than a hang; a failure of the task during the
 * runs ends it early with {@link BenchmarkResult#abortReason()}.
 */
public final class LatencyBenchmark implements Harness {
    private final HarnessConfig config;
    private final PrintStream out;
    private final ProgressListener progress;
    private final TimedRun timed;
    private final MachineWatch machine = new MachineWatch();
    private final Pinning pinning;
    private boolean initialised;
    /** The threads busy with no load, read before the warm-up (null: not read). */
    private IdleThreads idleThreads;
    private Warmup warmup;
    // a test's compile-time source: its compile time inside the last run
    private long sourceCompileInRunNanos;

    public LatencyBenchmark(HarnessConfig config) {
        this(config, System.out, ProgressListener.NONE);
    }

    /** @throws HarnessException when the runs' ledger would take more than a quarter of the heap */
    public LatencyBenchmark(HarnessConfig config, PrintStream out, ProgressListener progress) {
        this.config = config;
        this.out = config.quiet() ? new PrintStream(OutputStream.nullOutputStream()) : out;
        this.progress = progress;
        this.pinning = new Pinning(config.pinning(), config.cpus());
        this.timed = new TimedRun(config);
    }

    /** Convenience: run {@code task} under {@code config}, printing to standard output. */
    public static BenchmarkResult run(HarnessConfig config, LatencyTask task) {
        return new LatencyBenchmark(config).run(task, Map.of());
    }

    // ---------------------------------------------------------------- Harness, called by the task

    @Override
    public void sample(long startNanos, long endNanos) {
        timed.sample(startNanos, endNanos);
    }

    @Override
    public Probe addProbe(String name) {
        return timed.addProbe(name);
    }

    @Override
    public NanoClock clock() {
        return config.clock();
    }

    @Override
    public PinOutcome pinCurrentThread(String role) {
        PinOutcome outcome = pinning.pinCurrentThread(role);
        out.println("Pinning: " + outcome.describe());
        return outcome;
    }

    @Override
    public void fail(String reason) {
        timed.fail(reason);
    }

    /**
     * Also read the CPU wait of another process's threads over each run (the forked server): its measuring threads
     * count like this process's. Called before {@link #run}, or during it for a process that takes another's place
     * (a server started again): from then on.
     */
    public void watchProcess(long pid) {
        watchProcess(pid, true);
    }

    /**
     * As {@link #watchProcess(long)}, for a process that may not be a JVM ({@code jvm} false: an acceptor in C++ or
     * Node.js): its threads count alike, but it is never asked for a JVM's compile queue ({@code jcmd} would send it
     * a SIGQUIT, which ends a process that is not a JVM).
     */
    public void watchProcess(long pid, boolean jvm) {
        machine.watchProcess(pid, jvm);
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
        warmup = new Warmup(config, out, task, timed, machine);
        try {
            pinCurrentThread("harness");
            try {
                task.init(this);
            } catch (Exception | Error e) {
                throw new HarnessException("task could not start: " + HarnessException.describe(e), e);
            }
            // the processes the task started (a TLS terminator beside its client) are on the orders' path: their
            // threads count as this process's, their CPU never as other processes'
            ProcessHandle.current().descendants().forEach(child -> machine.watchProcess(child.pid(), false,
                    org.fixbench.harness.machine.CpuWaitWatch.CLIENT));
            // the machine is watched when it is the machine that keeps time: a run on an injected clock (a test's)
            // measures no machine, and its verdict must not depend on what else this machine does
            machine.start(config.hiccupMeter() ? timed.hiccups() : null,
                    config.jitterMonitor() ? timed.jitter() : null,
                    config.clock() == NanoClock.SYSTEM && config.cpuWaitWatch());
            out.print(TextReport.header(config));
            if (machine.watchesCpuWait()) {
                readIdleThreads();
            }
            if (config.warmupIterations() > 0) {
                progress.runStarting(config.name(), 0, config.runs(), true);
                abortReason = warmup.warmUp((iterations, rate) -> measure(task, 0, iterations, false, rate,
                        config.warmupIdler(), Warmup.WARMUP_POLL_IDLE_CAP_NANOS));
            }
            for (int run = 1; run <= config.runs() && abortReason == null; run++) {
                abortReason = measureRun(task, run, runs);
            }
        } finally {
            try {
                task.complete();
            } catch (Exception | Error e) {
                out.println("Task did not complete cleanly: " + HarnessException.describe(e));
            }
            machine.close();
            pinning.close();
        }
        if (abortReason != null) {
            out.println("Benchmark ended early: " + abortReason);
        }
        // replies that came after their run's timeout, counted for the run that sent them (none can come now)
        runs.replaceAll(r -> r.withLateReplies(timed.lateReplies(r.run())));
        long lateWarmup = timed.lateReplies(0);
        long stray = timed.straySamples();
        if (lateWarmup > 0 || stray > 0) {
            out.printf("Replies after their timeout: %,d of the warm-up's; samples for starts no run gave: %,d%n",
                    lateWarmup, stray);
        }
        BenchmarkResult result = new BenchmarkResult(config.name(), config, labels,
                warmup.iterationsDone() >= 0 ? warmup.iterationsDone() : config.warmupIterations(),
                runs, pinning.outcomes(), abortReason, lateWarmup, stray, warmup.note() != null);
        if (!runs.isEmpty()) {
            out.print(TextReport.summaries(result));
        }
        return result;
    }

    /** The longest wait for a run's late replies. */
    static final long LATE_CAP_NANOS = 30_000_000_000L;

    /**
     * After run {@code run} left {@code unanswered} orders, before the next run: waits while the server still answers
     * them (a queue the next run would otherwise start behind, and measure), and says so. They are counted late for
     * this run. A server that answered none of the run's orders is not waited for: it answers nothing.
     */
    private void awaitLateReplies(LatencyTask task, int run, long unanswered) {
        // the server gets as long between two late replies as an order gets to be answered: a pause of 1 s inside
        // jspurefix's queue (its file store at 10,000/s) ended a wait of 1 s of quiet with 9,133 orders still to come
        TimedRun.LateWait wait = timed.awaitLateReplies(task, unanswered, config.sampleTimeoutNanos(),
                LATE_CAP_NANOS);
        out.printf(Locale.ROOT, "Waited %.1f s after run %d for its %,d unanswered orders: %,d answered late%s%n",
                wait.waitedNanos() / 1e9, run, unanswered, wait.replies(), wait.ended() ? ""
                        : String.format(Locale.ROOT, ", still coming when the wait ended at %.0f s: the next run "
                        + "starts behind the server's queue", LATE_CAP_NANOS / 1e9));
    }

    /**
     * Measured run {@code run}: a pause and a settling at a new rate before it when configured, the run, and once
     * more when the JIT came in after the compilers had gone quiet. Adds it to {@code runs}; returns the reason the
     * benchmark must end, or null.
     */
    private String measureRun(LatencyTask task, int run, List<RunResult> runs) {
        if (run > 1 && config.pauseBetweenRunsNanos() > 0) {
            timed.pause(task, config.pauseBetweenRunsNanos());
        }
        if (run > 1 && config.runRate(run) != config.runRate(run - 1)) {
            // a new rate: settle at it first, as the warm-up did at the first
            if (!warmup.settleAt(config.runRate(run), "Settled at")) {
                return timed.failure();
            }
        }
        progress.runStarting(config.name(), run, config.runs(), false);
        boolean excluded = config.skipFirstRun() && run == 1 && config.runs() > 1;
        RunResult result = measure(task, run, config.runIterations(run), excluded, config.runRate(run),
                config.idler(), TimedRun.POLL_IDLE_CAP_NANOS);
        String compiled = timed.failure() == null && progress.mayMeasureAgain() ? RemeasureRule.compiledInRun(result,
                config, warmup.lastSettleCapped(), sourceCompileInRunNanos, timed.lastRunWallNanos(), out) : null;
        if (compiled != null) {
            // the JIT came in after the compilers had gone quiet (a method reaching its threshold by the clock, a
            // path the run took first): set the attempt aside, settle again, measure once more
            out.printf(Locale.ROOT, "Measuring run %d of %d again: in its first attempt %s; that attempt read %s%n",
                    run, config.runs(), compiled, result.status());
            out.print(TextReport.runBlock(result, config).replaceFirst("^Run ", "Set aside: run "));
            Remeasure first = Remeasure.of(compiled, result);
            timed.setAside(run);
            if (!warmup.settleAt(config.runRate(run), "Settled again at")) {
                runs.add(result); // the benchmark ends here: the first attempt is all this run has
                return timed.failure();
            }
            progress.runStarting(config.name(), run, config.runs(), false);
            result = measure(task, run, config.runIterations(run), excluded, config.runRate(run), config.idler(),
                    TimedRun.POLL_IDLE_CAP_NANOS).withRemeasure(first);
        }
        runs.add(result);
        out.print(TextReport.runBlock(result, config));
        progress.runEnded(config.name(), result);
        if (timed.failure() != null) {
            return timed.failure();
        }
        if (run < config.runs() && result.lost() > 0 && result.received() > 0) {
            awaitLateReplies(task, run, result.lost());
        }
        return result.received() == 0 ? Verdicts.noSamples(result.sent(), config.sampleTimeoutNanos()) : null;
    }

    /** One run (or a scheduled warm-up pass): the machine read around the timed run, and the verdict. */
    private RunResult measure(LatencyTask task, int runNumber, long iterations, boolean excluded, long ratePerSecond,
                              Idler runIdler, long pollIdleCapNanos) {
        MachineWatch.Before before = machine.runStarted();
        long sourceBefore = config.compileTimeSource() != null ? config.compileTimeSource().getAsLong() : 0;
        MachineWatch.Reading[] reading = new MachineWatch.Reading[1];
        TimedRun.Measured measured = timed.measure(task, runNumber, iterations, ratePerSecond, runIdler,
                pollIdleCapNanos, () -> {
                    reading[0] = machine.runEnded(before);
                    return reading[0].cpuWait();
                });
        sourceCompileInRunNanos = config.compileTimeSource() != null
                ? config.compileTimeSource().getAsLong() - sourceBefore : 0;
        RunFacts f = measured.facts();
        MachineWatch.Reading m = reading[0];
        List<RunReason> reasons = Verdicts.reasons(f, config);
        return new RunResult(runNumber, RunReason.statusOf(reasons), reasons, f.achievedRatePerSecond(), f.sent(),
                f.answered(), f.lost(), 0, f.completionRatePerSecond(), f.oldestUnansweredNanos(),
                f.firstThirdP50Nanos(), f.lastThirdP50Nanos(), measured.largestSendBacklog(), f.unmatched(),
                m.stealPercent(), m.busyPercent(), excluded, measured.startEpochMillis(), measured.endEpochMillis(),
                measured.series(), m.meterWaitNanos(), m.cpuWait(), 0, 0, m.jitMillis(), m.gcMillis());
    }

    /**
     * The last measured run's orders, one by one, by when each was due: for a listener's {@link
     * ProgressListener#runEnded} (the harness thread, before the next run starts), and null before any run. Copies
     * the run's ledger; a scripted disturbance reads the seconds around it from this.
     */
    public RunTrace lastRunTrace() {
        return timed.lastRunTrace();
    }

    /**
     * Before the warm-up: which threads of the watched JVMs keep a CPU busy with no load, said in one line, so that a
     * profile that does not fit the machine's CPUs is named before its runs, not only after.
     */
    private void readIdleThreads() {
        WaitStrategy wait = config.waitStrategy();
        idleThreads = machine.readIdleThreads(wait == WaitStrategy.SPIN || wait == WaitStrategy.YIELD);
        if (idleThreads != null) {
            out.println(idleThreads.describe(config.name()));
        }
    }

    /** The threads busy with no load, read before the warm-up; null when not read. */
    public IdleThreads idleThreads() {
        return idleThreads;
    }

    /**
     * A sentence for reports when the warm-up watched the JIT and ended at its cap with the JIT still compiling;
     * null otherwise (also before {@link #run}).
     */
    public String warmupNote() {
        return warmup == null ? null : warmup.note();
    }
}
