package org.fixbench.harness;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicLongArray;

import org.HdrHistogram.WriterReaderPhaser;

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
    /**
     * Sends per call of the timed loop: few enough that HotSpot's tiered policy compiles it when invoked 600 times
     * (600 × 32 back branches stay under the 40,000 that would compile it on-stack instead).
     */
    static final int TIMED_LOOP_CHUNK = 32;
    /** ... in the warm-up's scheduled passes, which leave the CPU to the compilers: replies then wait up to this. */
    static final long WARMUP_POLL_IDLE_CAP_NANOS = 1_000_000;
    /**
     * A run is DISTURBED when its measuring threads waited for a CPU for more than this share of its wall time
     * (summed over the threads) <em>and</em> others took more than {@link #DISTURBED_INTRUSION_SHARE} of it.
     * Chosen from measurements on the 2-vCPU VM (harness/README.md): quiet runs of raw TCP, sbe and Philadelphia
     * waited 4-9%, QuickFIX/J's threads, which hand each order between them, 70-85% with nobody else running.
     */
    public static final double DISTURBED_WAIT_SHARE = 0.05;
    /**
     * ... and CPU time used by other processes and by the JIT compilers over the run exceeded this share of its
     * wall time: quiet runs 1-3%, a run overlapped by a busy loop for 3 s 20%, a run that compiled 2 s 23%.
     */
    public static final double DISTURBED_INTRUSION_SHARE = 0.05;
    /** ... and the wait was at least this long (a run of a fraction of a second reads /proc/stat's 10 ms ticks). */
    public static final long DISTURBED_MIN_WAIT_NANOS = 10_000_000L;
    /**
     * ... and what others took was at least this share of the wait: a CPU taken for a millisecond makes the threads
     * that measure wait about that long, so a wait many times what others took is the task's own threads waiting for
     * each other (quickfixj:tuned and artio:tuned waited 10-40× the JIT's CPU in the default comparison; a planted
     * busy loop took 3.5× the wait; a JIT compiling through an sbe or Philadelphia run, 0.7-0.9×).
     */
    public static final double DISTURBED_EXPLAINED_SHARE = 0.5;
    /**
     * A run with more orders than this in flight (Little's law: per second of schedule, the sum of its orders'
     * latencies over the second's length) in the median second is QUEUEING (SATURATED).
     */
    public static final double QUEUE_BOUND_ORDERS = 10;
    /**
     * A run in which one JVM's JIT compilers took more than this share of its wall time is measured again, once,
     * after the compilers have gone quiet again (see {@link Remeasure}).
     */
    public static final double REMEASURE_JIT_SHARE = 0.02;
    /** Version of the rules that make verdicts; raised whenever a rule or a bound changes. Recorded with results. */
    public static final int RULES_VERSION = 3;
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
    private HiccupMeter hiccupMeter;
    private volatile CpuWaitWatch cpuWaitWatch;
    private final List<Long> watchedPids = new java.util.concurrent.CopyOnWriteArrayList<>();
    /** Watched processes that may not be JVMs: never asked for a compile queue. */
    private final List<Long> notJvmPids = new java.util.concurrent.CopyOnWriteArrayList<>();
    private final LatencySeries jitter;
    private final Map<String, Probe> probes = new LinkedHashMap<>();
    private final Pinning pinning;

    private final RunLedger ledger;
    private final WriterReaderPhaser phaser = new WriterReaderPhaser();
    private final LatencySeries[] thirds = new LatencySeries[3];
    private final Timeline endToEndTimeline;
    private final Timeline serviceTimeTimeline;
    /** The run samples are attributed to; written by the harness thread before {@link #runOpen} is set. */
    private volatile boolean runOpen;
    private volatile long runFirstStartNanos;
    private volatile long runIterations;
    private final AtomicLong received = new AtomicLong();
    private final AtomicLong unmatched = new AtomicLong();
    private final AtomicLong lastReplyNanos = new AtomicLong();
    /** Per run (0 = warm-up): the first and last start it gave; a run's last is set when it closes. */
    private final long[] runFirstStart;
    private final long[] runLastStart;
    private final AtomicLongArray lateByRun;
    private final AtomicLong stray = new AtomicLong();
    private volatile String failure;
    private boolean initialised;
    private long warmupIterationsDone = -1;
    /** Iterations handed to the task so far (warm-up and runs): where a paced schedule's cycle goes on from. */
    private long iterationsHandedOut;
    private String warmupNote;
    // the timed loop's state for the run in progress: written and read by the harness thread only
    private long loopStartNanos;
    private long loopCycleFrom;
    private long loopCycleFromOffsetNanos;
    private long loopRatePerSecond;
    private long loopIntervalNanos;
    private long loopSaturationBoundNanos;
    private boolean loopPolls;
    private Idler loopIdler;
    private long loopPollIdleCapNanos;
    private long loopSent;
    private long loopLastActualNanos;
    private long loopSaturatedLateness;
    private long loopLargestBacklog;
    private long loopOldestAgeNanos;

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
        this.endToEndTimeline = config.timeline() ? new Timeline(highest) : null;
        this.serviceTimeTimeline = config.timeline() ? new Timeline(highest) : null;
        this.pinning = new Pinning(config.pinning(), config.cpus());
        for (int i = 0; i < thirds.length; i++) {
            thirds[i] = new LatencySeries(highest);
        }
        long capacity = Math.max(config.largestWarmupPass(), config.largestRun());
        long bytes = RunLedger.bytesFor(capacity);
        if (bytes > Runtime.getRuntime().maxMemory() / 4) {
            throw new HarnessException(String.format(java.util.Locale.ROOT, "a run of %,d iterations needs %,d MB to "
                    + "track which orders were answered, more than a quarter of this JVM's heap (%,d MB): use shorter "
                    + "runs or a larger -Xmx", capacity, bytes >> 20, Runtime.getRuntime().maxMemory() >> 20));
        }
        this.ledger = new RunLedger(capacity);
        this.runFirstStart = new long[config.runs() + 1];
        this.runLastStart = new long[config.runs() + 1];
        java.util.Arrays.fill(runLastStart, Long.MIN_VALUE);
        this.lateByRun = new AtomicLongArray(config.runs() + 1);
    }

    /** Convenience: run {@code task} under {@code config}, printing to standard output. */
    public static BenchmarkResult run(HarnessConfig config, LatencyTask task) {
        return new LatencyBenchmark(config).run(task, Map.of());
    }

    // ---------------------------------------------------------------- Harness, called by the task

    /**
     * Attributes the sample to the run whose schedule gave {@code startNanos}: a sample of the current run is
     * recorded (once per iteration); one for an earlier run, or the warm-up, arrived after that run's sample timeout
     * and is only counted as late for it.
     */
    @Override
    public void sample(long startNanos, long endNanos) {
        long phase = phaser.writerCriticalSectionEnter();
        try {
            if (runOpen && startNanos >= runFirstStartNanos) {
                recordInRun(startNanos, endNanos);
            } else {
                countLate(startNanos);
            }
        } finally {
            phaser.writerCriticalSectionExit(phase);
        }
    }

    private void recordInRun(long startNanos, long endNanos) {
        int index = ledger.answer(startNanos, received.get());
        if (index < 0) {
            unmatched.incrementAndGet();
            return;
        }
        received.incrementAndGet();
        long elapsedNanos = endNanos - startNanos;
        ledger.latency(index, elapsedNanos);
        endToEnd.record(elapsedNanos);
        long serviceNanos = correct ? elapsedNanos - ledger.latenessNanos(index) : elapsedNanos;
        serviceTime.record(serviceNanos);
        if (endToEndTimeline != null) {
            endToEndTimeline.record(index, elapsedNanos);
            serviceTimeTimeline.record(index, serviceNanos);
        }
        thirds[(int) (index * 3L / runIterations)].record(elapsedNanos);
        long last = lastReplyNanos.get();
        while (endNanos > last && !lastReplyNanos.compareAndSet(last, endNanos)) {
            last = lastReplyNanos.get();
        }
    }

    private void countLate(long startNanos) {
        for (int run = runFirstStart.length - 1; run >= 0; run--) {
            if (runLastStart[run] != Long.MIN_VALUE && startNanos >= runFirstStart[run]
                    && startNanos <= runLastStart[run]) {
                lateByRun.incrementAndGet(run);
                return;
            }
        }
        stray.incrementAndGet();
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
        if (!jvm && !notJvmPids.contains(pid)) {
            notJvmPids.add(pid);
        }
        if (!watchedPids.contains(pid)) {
            watchedPids.add(pid);
        }
        CpuWaitWatch watch = cpuWaitWatch;
        if (watch != null) {
            watch.watch(pid);
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
        JitterMonitor jitterMonitor = null;
        try {
            pinCurrentThread("harness");
            try {
                task.init(this);
            } catch (Exception | Error e) {
                throw new HarnessException("task could not start: " + describe(e), e);
            }
            hiccupMeter = config.hiccupMeter() ? new HiccupMeter(hiccups).start() : null;
            if (hiccupMeter != null) {
                hiccupMeter.awaitStarted(100_000_000L);
            }
            jitterMonitor = config.jitterMonitor() ? new JitterMonitor(jitter).start() : null;
            // the machine is watched when it is the machine that keeps time: a run on an injected clock (a test's)
            // measures no machine, and its verdict must not depend on what else this machine does
            if (config.clock() == NanoClock.SYSTEM && config.cpuWaitWatch() && CpuWaitWatch.supported()) {
                cpuWaitWatch = new CpuWaitWatch(ProcessHandle.current().pid());
                watchedPids.forEach(cpuWaitWatch::watch);
                cpuWaitWatch.start();
            }
            printHeader();
            if (cpuWaitWatch != null) {
                readIdleThreads();
            }

            if (config.warmupIterations() > 0) {
                abortReason = warmUp(task);
            }
            for (int run = 1; run <= config.runs() && abortReason == null; run++) {
                if (run > 1 && config.pauseBetweenRunsNanos() > 0) {
                    pause(task, config.pauseBetweenRunsNanos());
                }
                if (run > 1 && config.runRate(run) != config.runRate(run - 1)) {
                    // a new rate: settle at it first, as the warm-up did at the first
                    if (!settleAt(task, config.runRate(run), "Settled at")) {
                        abortReason = failure;
                        break;
                    }
                }
                progress.runStarting(config.name(), run, config.runs(), false);
                boolean excluded = config.skipFirstRun() && run == 1 && config.runs() > 1;
                RunResult result = measure(task, run, config.runIterations(run), excluded,
                        config.runRate(run), idler, POLL_IDLE_CAP_NANOS);
                String compiled = failure == null ? compiledInRun(result) : null;
                if (compiled != null) {
                    // the JIT came in after the compilers had gone quiet (a method reaching its threshold by the
                    // clock, a path the run took first): set the attempt aside, settle again, measure once more
                    out.printf(java.util.Locale.ROOT, "Measuring run %d of %d again: in its first attempt %s; "
                            + "that attempt read %s%n", run, config.runs(), compiled, result.status());
                    out.print(TextReport.runBlock(result, config).replaceFirst("^Run ", "Set aside: run "));
                    Remeasure first = Remeasure.of(compiled, result);
                    setAside(run);
                    if (!settleAt(task, config.runRate(run), "Settled again at")) {
                        runs.add(result); // the benchmark ends here: the first attempt is all this run has
                        abortReason = failure;
                        break;
                    }
                    progress.runStarting(config.name(), run, config.runs(), false);
                    result = measure(task, run, config.runIterations(run), excluded, config.runRate(run), idler,
                            POLL_IDLE_CAP_NANOS).withRemeasure(first);
                }
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
            closeQuietly(cpuWaitWatch);
            closeQuietly(jitterMonitor);
            pinning.close();
        }
        if (abortReason != null) {
            out.println("Benchmark ended early: " + abortReason);
        }
        // replies that came after their run's timeout, counted for the run that sent them (none can come now)
        runs.replaceAll(r -> r.withLateReplies(lateByRun.get(r.run())));
        long lateWarmup = lateByRun.get(0);
        if (lateWarmup > 0 || stray.get() > 0) {
            out.printf("Replies after their timeout: %,d of the warm-up's; samples for starts no run gave: %,d%n",
                    lateWarmup, stray.get());
        }
        BenchmarkResult result = new BenchmarkResult(config.name(), config, labels,
                warmupIterationsDone >= 0 ? warmupIterationsDone : config.warmupIterations(),
                runs, pinning.outcomes(), abortReason, lateWarmup, stray.get(), warmupNote != null);
        if (!runs.isEmpty()) {
            out.print(TextReport.summaries(result));
        }
        return result;
    }

    /**
     * The warm-up: the scheduled passes, which leave the CPU to the JIT compilers between sends (the warm-up idler),
     * then, when the configuration watches the JIT, settling passes at the run's rate and with the run's own idler
     * until {@link WarmupPolicy} finds the compilers of every watched JVM quiet, or its cap. Returns the reason the
     * benchmark must end, or null.
     */
    private String warmUp(LatencyTask task) {
        progress.runStarting(config.name(), 0, config.runs(), true);
        long warmStart = clock.nanoTime();
        long[] passIterations = config.warmupPassIterations();
        long[] passRates = config.warmupPassRates();
        int passes = passIterations.length;
        String abortReason = null;
        long done = 0;
        if (cpuWaitWatch != null) {
            cpuWaitWatch.exercise(true);
        }
        for (int pass = 0; pass < passes && abortReason == null; pass++) {
            RunResult warm = measure(task, 0, passIterations[pass], false, passRates[pass], config.warmupIdler(),
                    WARMUP_POLL_IDLE_CAP_NANOS);
            done += passIterations[pass];
            if (warm.status() == RunStatus.FAILED) {
                // a pass that parks between sends may fall behind or queue: only what broke is worth a line
                out.println("Warm up pass " + (pass + 1) + " of " + passes + " (" + passRates[pass] + "/s): "
                        + warm.reason());
            }
            if (warm.received() == 0 || failure != null) {
                abortReason = failure != null ? failure : noSamplesReason(warm);
            }
        }
        String jit = "";
        if (config.warmupUntilJitQuiet() && config.warmupCapNanos() == 0) {
            jit = "; no settling passes (a warm-up cap of 0)";
        } else if (config.warmupUntilJitQuiet() && abortReason == null && passes > 0) {
            long before = settledIterations;
            jit = settle(task, config.targetRatePerSecond());
            done += settledIterations - before;
            if (failure != null) {
                abortReason = failure;
            } else if (settleAbort != null) {
                abortReason = settleAbort;
            }
        }
        if (cpuWaitWatch != null) {
            cpuWaitWatch.exercise(false);
        }
        this.warmupIterationsDone = done;
        out.printf("Warm up complete (%,d iterations took %.3f s: %d scheduled pass(es)%s)%n", done,
                (clock.nanoTime() - warmStart) / 1e9, passes, jit);
        return abortReason;
    }

    /**
     * The last measured run's orders, one by one, by when each was due: for a listener's {@link
     * ProgressListener#runEnded} (the harness thread, before the next run starts), and null before any run. Copies
     * the run's ledger; a scripted disturbance reads the seconds around it from this.
     */
    public RunTrace lastRunTrace() {
        long sent = ledger.sentCount();
        if (sent == 0 || !measuredRunTraced) {
            return null;
        }
        int n = (int) sent;
        long[] dueOffsetNanos = new long[n];
        long[] latencyNanos = new long[n];
        long[] latenessNanos = new long[n];
        for (int i = 0; i < n; i++) {
            dueOffsetNanos[i] = ledger.startNanos(i) - runStartNanos;
            latencyNanos[i] = ledger.isAnswered(i) ? ledger.latencyNanos(i) : RunTrace.LOST;
            latenessNanos[i] = ledger.latenessNanos(i);
        }
        return new RunTrace(dueOffsetNanos, latencyNanos, latenessNanos, runStartNanos);
    }

    /** The threads busy with no load, read before the warm-up (null: not read). */
    private IdleThreads idleThreads;

    /**
     * Before the warm-up: which threads of the watched JVMs keep a CPU busy with no load, said in one line, so that a
     * profile that does not fit the machine's CPUs is named before its runs, not only after.
     */
    private void readIdleThreads() {
        List<Long> pids = new ArrayList<>();
        List<String> roles = new ArrayList<>();
        pids.add(ProcessHandle.current().pid());
        roles.add("client");
        for (long pid : watchedPids) {
            pids.add(pid);
            roles.add("server");
        }
        WaitStrategy wait = config.waitStrategy();
        idleThreads = IdleThreads.read(pids, roles, Machine.cpus(), wait == WaitStrategy.SPIN
                || wait == WaitStrategy.YIELD);
        if (idleThreads != null) {
            out.println(idleThreads.describe(config.name()));
        }
    }

    /** The threads busy with no load, read before the warm-up; null when not read. */
    public IdleThreads idleThreads() {
        return idleThreads;
    }

    /** Iterations all settling passes sent so far. */
    private long settledIterations;
    // the last measured run's span on the benchmark's clock, and a test's compile time inside it
    private long runStartNanos;
    private long runEndNanos;
    /** Whether the ledger holds a measured run's orders (not a warm-up pass's): see {@link #lastRunTrace}. */
    private boolean measuredRunTraced;
    private long sourceCompileInRunNanos;
    private boolean lastSettleCapped;
    /** Why the last settling ended the benchmark (no sample came), or null. */
    private String settleAbort;

    /**
     * Settling passes at {@code ratePerSecond} with the run's idler until {@link WarmupPolicy} finds the compilers of
     * every watched JVM quiet, or its cap; returns the sentence for the warm-up's line. A cap of 0: none.
     */
    private String settle(LatencyTask task, long ratePerSecond) {
        if (!config.warmupUntilJitQuiet() || config.warmupCapNanos() == 0) {
            return "";
        }
        WarmupPolicy policy = WarmupPolicy.defaults(config.warmupCapNanos());
        long settleIterations = HarnessConfig.settlingPassIterations(ratePerSecond);
        List<Long> jvms = new ArrayList<>();
        jvms.add(ProcessHandle.current().pid());
        jvms.addAll(watchedPids);
        CompilerThreads compilers = cpuWaitWatch != null && config.compileTimeSource() == null
                ? CompilerThreads.of(jvms) : null;
        settleAbort = null;
        if (cpuWaitWatch != null) {
            cpuWaitWatch.exercise(true); // its once-a-second reading inside a run must find its code compiled
        }
        while (settleAbort == null && failure == null && !policy.done()) {
            long jitBefore = compilers != null ? compilers.busyNanos() : ownCompileNanos();
            long passStart = clock.nanoTime();
            long answered = settlingPass(task, settleIterations, ratePerSecond);
            // a pass spans at least its schedule: its clock time ends at the last reply, a little short of the
            // schedule's end, and four quarter-second passes must make the one-second stretch, not need a fifth
            long wallNanos = Math.max(clock.nanoTime() - passStart,
                    settleIterations * (HarnessConfig.NANOS_PER_SECOND / ratePerSecond));
            long jitAfter = compilers != null ? compilers.busyNanos() : ownCompileNanos();
            settledIterations += settleIterations;
            if (answered == 0 && failure == null) {
                settleAbort = "the task never called harness.sample() (0 of " + settleIterations
                        + " iterations answered within " + seconds(config.sampleTimeoutNanos()) + ")";
            }
            long passJit = jitBefore < 0 || jitAfter < 0 ? -1 : jitAfter - jitBefore;
            policy.settlingPassEnded(wallNanos, passJit);
            if (!policy.done() && passJit >= 0 && policy.passWasBusy(wallNanos, passJit)) {
                policy.parked(parkForCompilers(task, compilers, policy));
            }
        }
        if (cpuWaitWatch != null) {
            cpuWaitWatch.exercise(false);
        }
        lastSettleCapped = policy.decision() == WarmupPolicy.Decision.CAPPED;
        String jit = "; " + policy.describe();
        if (policy.decision() == WarmupPolicy.Decision.CAPPED) {
            List<String> compiling = compilingNow();
            String note = String.format(java.util.Locale.ROOT, "warm-up at %,d/s ended at its cap of %.0f s of "
                            + "settling with the JIT still compiling (%d ms compiling, on a CPU or waiting for one, over its last %.1f s)%s: "
                            + "the measured run may include compiling; see the latency-over-time chart",
                    ratePerSecond, policy.capNanos() / 1e9, policy.stretchJitNanos() / 1_000_000,
                    policy.stretchWallNanos() / 1e9, compiling.isEmpty() ? ""
                            : "; compiling or queued: " + String.join(", ", compiling));
            warmupNote = warmupNote == null ? note : warmupNote + "; " + note;
            jit += compiling.isEmpty() ? "" : "; compiling or queued: " + String.join(", ", compiling);
        }
        return jit;
    }

    /**
     * Parks the load while the compilers work: the timed thread idles with the warm-up's idler (polling where the task
     * polls on it), in steps of {@link WarmupPolicy#PARK_STEP_NANOS}, until a step in which the compilers were quiet,
     * or the policy's cap. On a machine with as many spinning threads as CPUs, a compiler gets a CPU only when the
     * load leaves one; this is where it does. Returns the time parked, ns.
     */
    private long parkForCompilers(LatencyTask task, CompilerThreads compilers, WarmupPolicy policy) {
        long start = clock.nanoTime();
        long before = compilers != null ? compilers.busyNanos() : ownCompileNanos();
        Idler parkIdler = config.warmupIdler();
        boolean polls = task.pollsOnTimedThread();
        while (failure == null && before >= 0) {
            long stepStart = clock.nanoTime();
            long until = stepStart + WarmupPolicy.PARK_STEP_NANOS;
            long now;
            while ((now = clock.nanoTime()) < until && failure == null) {
                if (!polls || !task.poll()) {
                    parkIdler.idle(Math.min(until - now, polls ? WARMUP_POLL_IDLE_CAP_NANOS : 1_000_000));
                }
            }
            long after = compilers != null ? compilers.busyNanos() : ownCompileNanos();
            boolean quiet = policy.parkStepQuiet(now - stepStart, after < 0 ? -1 : after - before);
            before = after;
            if (quiet || after < 0 || policy.settlingNanosWith(now - start) >= policy.capNanos()) {
                break;
            }
        }
        return clock.nanoTime() - start;
    }

    /** Settles at {@code ratePerSecond} and says so after {@code what}; false when the task failed meanwhile. */
    private boolean settleAt(LatencyTask task, long ratePerSecond, String what) {
        String settled = settle(task, ratePerSecond);
        out.printf(java.util.Locale.ROOT, "%s %,d/s%s%n", what, ratePerSecond, settled);
        return failure == null;
    }

    /**
     * Null, or why a run must be measured again: one JVM's JIT compilers took more than {@link #REMEASURE_JIT_SHARE}
     * of its wall time (the CPU of each JVM's compiler threads, read from /proc; with a test's compile-time source,
     * that source). Only where the warm-up waits for the compilers, only when they had gone quiet before the run (a
     * warm-up that ended at its cap found compilers that do not stop), never for a run already measured twice, and
     * never for one that fell further short of its rate (sends or replies per second) than the compilers' share of it
     * could explain.
     */
    private String compiledInRun(RunResult run) {
        if (!config.warmupUntilJitQuiet() || run.remeasure() != null || lastSettleCapped) {
            return null;
        }
        String who;
        long compileNanos;
        long wallNanos;
        if (config.compileTimeSource() != null) {
            who = "the compilers";
            compileNanos = sourceCompileInRunNanos;
            wallNanos = Math.max(1, runEndNanos - runStartNanos);
        } else {
            CpuWait wait = run.cpuWait();
            CpuWait.Jvm busiest = null;
            for (CpuWait.Jvm jvm : wait.jvms()) {
                if (busiest == null || jvm.jitCpuNanos() > busiest.jitCpuNanos()) {
                    busiest = jvm;
                }
            }
            if (!wait.available() || wait.wallNanos() <= 0 || busiest == null) {
                return null;
            }
            who = "the " + busiest.role() + " JVM's compilers";
            compileNanos = busiest.jitCpuNanos();
            wallNanos = wait.wallNanos();
        }
        double share = (double) compileNanos / wallNanos;
        if (share <= REMEASURE_JIT_SHARE) {
            return null;
        }
        String compiled = String.format(java.util.Locale.ROOT, "%s took %d ms of CPU inside it, %.1f%% of its %.1f s "
                + "(more than %.0f%%)", who, compileNanos / 1_000_000, 100 * share, wallNanos / 1e9,
                100 * REMEASURE_JIT_SHARE);
        // compilers that took a share of the run could have held the load up for that share of it at most: a run
        // that fell further short of its rate fell short whatever they did, and is not measured again
        long target = config.runRate(run.run());
        double shortfall = 1 - Math.min(run.achievedRatePerSecond(), run.completionRatePerSecond()) / target;
        if (config.pacing().isEven() && shortfall > share + RATE_TOLERANCE) {
            out.printf(java.util.Locale.ROOT, "Run %d of %d not measured again: %s, but it fell %.1f%% short of its "
                            + "rate, more than compiling for %.1f%% of it explains%n", run.run(), config.runs(), compiled,
                    100 * shortfall, 100 * share);
            return null;
        }
        return compiled;
    }

    /**
     * Sets a run's first attempt aside: replies to it that come late count with the warm-up's (run 0's), as the
     * settling passes' do, not with the attempt that is kept.
     */
    private void setAside(int runNumber) {
        runLastStart[0] = Math.max(runLastStart[0], runLastStart[runNumber]);
        runLastStart[runNumber] = Long.MIN_VALUE;
    }

    /** Which methods the watched JVMs' compilers are compiling or have queued (client first), tagged by role. */
    private List<String> compilingNow() {
        if (config.compileTimeSource() != null) {
            return List.of();
        }
        List<String> names = new ArrayList<>();
        CompileQueue.methods(-1, 5).forEach(m -> names.add(m + " (client)"));
        for (long pid : watchedPids) {
            if (notJvmPids.contains(pid)) {
                continue;
            }
            CompileQueue.methods(pid, 5).forEach(m -> names.add(m + " (server)"));
        }
        return names;
    }

    private String noSamplesReason(RunResult run) {
        return "the task never called harness.sample() (0 of " + run.sent() + " iterations answered within "
                + seconds(config.sampleTimeoutNanos()) + ")";
    }

    /**
     * One run: the timed loop, then the wait for outstanding samples, then the close (no later sample counts in
     * this run), the charge for lost orders, and the verdict.
     */
    private RunResult measure(LatencyTask task, int runNumber, long iterations, boolean excluded, long ratePerSecond,
                              Idler runIdler, long pollIdleCapNanos) {
        resetAll(iterations, ratePerSecond);
        long meterWaitBefore = hiccupMeter == null ? -1 : hiccupMeter.runQueueWaitNanos();
        long jitBefore = jitMillis();
        long gcBefore = gcMillis();
        if (cpuWaitWatch != null) {
            // warm-up passes are read too, and their reading thrown away: the watch's own code (reading /proc) is
            // then compiled during the warm-up, not inside the first measured runs, and the warm-up sees both JVMs' JIT
            cpuWaitWatch.runStarted();
        }
        CpuTimes cpuBefore = CpuTimes.read();
        long sourceBefore = config.compileTimeSource() != null ? config.compileTimeSource().getAsLong() : 0;
        long startEpochMillis = System.currentTimeMillis();
        long intervalNanos = HarnessConfig.NANOS_PER_SECOND / ratePerSecond;
        Pacing pacing = config.pacing();
        long handedOutBefore = runNumber > 0 && pacing.restartsEachRun() ? 0 : iterationsHandedOut;
        long startNanos = openRun(task, runNumber, iterations, ratePerSecond, runIdler, pollIdleCapNanos);
        sendAndAwait(task, iterations);
        long sent = loopSent;
        long lastActualNanos = loopLastActualNanos;
        long saturatedLateness = loopSaturatedLateness;
        long largestBacklog = loopLargestBacklog;

        long timeoutNanos = config.sampleTimeoutNanos();
        long oldestAgeNanos = loopOldestAgeNanos;
        closeRun(runNumber, sent);
        long endNanos = clock.nanoTime();
        runStartNanos = startNanos;
        runEndNanos = endNanos;
        measuredRunTraced = runNumber > 0;
        sourceCompileInRunNanos = config.compileTimeSource() != null
                ? config.compileTimeSource().getAsLong() - sourceBefore : 0;
        CpuWait cpuWait = cpuWaitWatch != null ? cpuWaitWatch.runEnded() : CpuWait.UNAVAILABLE;
        long jitAfter = jitMillis();
        long gcAfter = gcMillis();
        long answered = received.get();
        long lost = sent - answered;
        if (lost > 0) {
            // every lost order is charged at no less than the timeout, so losses cannot make a run read faster
            for (long i = 0; i < sent; i++) {
                if (!ledger.isAnswered(i)) {
                    long start = ledger.startNanos(i);
                    long charged = Math.max(endNanos - start, timeoutNanos);
                    endToEnd.record(charged);
                    long chargedService = correct
                            ? Math.max(endNanos - start - ledger.latenessNanos(i), timeoutNanos) : charged;
                    serviceTime.record(chargedService);
                    if (endToEndTimeline != null) {
                        endToEndTimeline.record(i, charged);
                        serviceTimeTimeline.record(i, chargedService);
                    }
                    thirds[(int) (i * 3L / iterations)].record(charged);
                    oldestAgeNanos = Math.max(oldestAgeNanos, endNanos - start);
                }
            }
        }
        CpuTimes cpuAfter = CpuTimes.read();

        double elapsedSeconds = ((lastActualNanos - startNanos) + intervalNanos) / 1e9;
        double achievedRate = sent == 0 ? 0.0 : sent / elapsedSeconds;
        long replySpanNanos = Math.max(lastReplyNanos.get() - startNanos, intervalNanos);
        double completionRate = answered == 0 ? 0.0 : answered / (replySpanNanos / 1e9);
        long firstThirdP50 = medianOrMinusOne(thirds[0].takeInterval());
        thirds[1].reset();
        long lastThirdP50 = medianOrMinusOne(thirds[2].takeInterval());

        List<RunReason> reasons = new ArrayList<>();
        // the rate the schedule asked for over what was sent: the target itself when even; a paced run that ended
        // inside a burst or a lull of its cycle asked for more or less than its mean
        double target = pacing.isEven() || sent == 0 ? ratePerSecond
                : sent / ((pacing.offsetNanos(handedOutBefore, sent - 1, ratePerSecond) + intervalNanos) / 1e9);
        String targetText = pacing.isEven() ? String.format("the target %,d/s", ratePerSecond)
                : String.format("the paced schedule's %,.0f/s", target);
        if (saturatedLateness >= 0) {
            reasons.add(new RunReason(RunReason.Kind.SEND_BEHIND, String.format(
                    "saturated: %s behind schedule at iteration %,d of %,d, stopped early", seconds(saturatedLateness),
                    sent + 1, iterations)));
        }
        if (failure != null) {
            reasons.add(new RunReason(RunReason.Kind.TASK_ERROR, failure));
        }
        boolean ranToEnd = saturatedLateness < 0 && failure == null;
        if (ranToEnd && achievedRate < target * (1 - RATE_TOLERANCE)) {
            reasons.add(new RunReason(RunReason.Kind.SEND_RATE, String.format(
                    "achieved %,.0f/s, %.1f%% below %s", achievedRate,
                    100 * (1 - achievedRate / target), targetText)));
        }
        if (ranToEnd && answered > 0 && completionRate < target * (1 - RATE_TOLERANCE)) {
            reasons.add(new RunReason(RunReason.Kind.COMPLETION_RATE, String.format(
                    "replies completed at %,.0f/s, %.1f%% below %s (the last reply came %s after the "
                            + "run's first send)", completionRate, 100 * (1 - completionRate / target),
                    targetText, seconds(replySpanNanos))));
        }
        if (oldestAgeNanos > config.unansweredAgeBoundNanos()) {
            reasons.add(new RunReason(RunReason.Kind.UNANSWERED_AGE, String.format(
                    "an order waited %s unanswered, more than the bound of %s", seconds(oldestAgeNanos),
                    seconds(config.unansweredAgeBoundNanos()))));
        }
        if (isRising(firstThirdP50, lastThirdP50)) {
            reasons.add(new RunReason(RunReason.Kind.RISING_LATENCY, String.format(
                    "latency kept rising: p50 of the last third of the run's orders %s, of the first third %s",
                    TextReport.formatMicros(lastThirdP50) + " us", TextReport.formatMicros(firstThirdP50) + " us")));
        }
        if (lost > 0) {
            reasons.add(new RunReason(RunReason.Kind.LOST, String.format(
                    "%,d of %,d samples missing %s (counted lost, charged at no less than the timeout)", lost, sent,
                    failure != null ? "when the run ended" : "after " + seconds(timeoutNanos))));
        }
        long bad = unmatched.get();
        if (bad > 0) {
            reasons.add(new RunReason(RunReason.Kind.BAD_SAMPLES, String.format(
                    "%,d samples matched no iteration of this run (a start it never gave, or a second sample for one)",
                    bad)));
        }
        long meterWaitAfter = hiccupMeter == null ? -1 : hiccupMeter.runQueueWaitNanos();
        long meterWait = meterWaitBefore < 0 || meterWaitAfter < 0 ? -1 : meterWaitAfter - meterWaitBefore;
        Map<String, SeriesData> series = takeAll(startEpochMillis, intervalNanos);
        double inFlight = ordersInFlight(series.get(SeriesNames.END_TO_END), completionRate);
        if (inFlight > QUEUE_BOUND_ORDERS) {
            reasons.add(new RunReason(RunReason.Kind.QUEUEING, String.format(java.util.Locale.ROOT,
                    "queueing: %,.1f orders in flight in the median second (Little's law: the second's latencies "
                            + "summed over its length), more than the bound of %,.0f", inFlight, QUEUE_BOUND_ORDERS)));
        }
        if (runNumber > 0 && isDisturbed(cpuWait)) {
            reasons.add(new RunReason(RunReason.Kind.CPU_WAIT, disturbedText(cpuWait)));
        }
        return new RunResult(runNumber, RunReason.statusOf(reasons), reasons, achievedRate, sent, answered, lost, 0,
                completionRate, oldestAgeNanos, firstThirdP50, lastThirdP50, largestBacklog, bad,
                cpuAfter.stealPercentSince(cpuBefore), cpuAfter.busyPercentSince(cpuBefore), excluded,
                startEpochMillis, System.currentTimeMillis(), series, meterWait, cpuWait, 0, 0,
                jitBefore < 0 ? -1 : jitAfter - jitBefore, gcBefore < 0 ? -1 : gcAfter - gcBefore);
    }

    /**
     * Sets the timed loop up for a run (or a warm-up pass) and opens it for samples; returns its start, ns. The
     * same for every pass and run, so that what a measured run executes is what the warm-up compiled.
     */
    private long openRun(LatencyTask task, int runNumber, long iterations, long ratePerSecond, Idler runIdler,
                         long pollIdleCapNanos) {
        Pacing pacing = config.pacing();
        // where in the pacing's cycle this run starts, and that point's offset: computed once, not per send
        long cycleFrom = pacing.isEven() || (runNumber > 0 && pacing.restartsEachRun()) ? 0
                : iterationsHandedOut % pacing.cycleIterations();
        long cycleFromOffsetNanos = pacing.offsetNanos(cycleFrom, ratePerSecond);
        long startNanos = clock.nanoTime();
        if (runNumber > 0 || runLastStart[0] == Long.MIN_VALUE) {
            runFirstStart[runNumber] = startNanos; // the warm-up's passes count as one span for late replies
        }
        runFirstStartNanos = startNanos;
        runIterations = iterations;
        lastReplyNanos.set(startNanos);
        loopStartNanos = startNanos;
        loopCycleFrom = cycleFrom;
        loopCycleFromOffsetNanos = cycleFromOffsetNanos;
        loopRatePerSecond = ratePerSecond;
        loopIntervalNanos = HarnessConfig.NANOS_PER_SECOND / ratePerSecond;
        loopSaturationBoundNanos = config.saturationBoundNanos();
        loopPolls = task.pollsOnTimedThread();
        loopIdler = runIdler;
        loopPollIdleCapNanos = pollIdleCapNanos;
        loopSent = 0;
        loopLastActualNanos = startNanos;
        loopSaturatedLateness = -1;
        loopLargestBacklog = 0;
        loopOldestAgeNanos = 0;
        runOpen = true;
        return startNanos;
    }

    /** The timed loop, then the wait for its samples (up to the sample timeout). */
    private void sendAndAwait(LatencyTask task, long iterations) {
        try {
            // in chunks: the timed loop is then invoked often enough to be compiled as a method, once, during the
            // warm-up, not on-stack inside a long measured run
            boolean going = true;
            while (going && loopSent < iterations && failure == null) {
                going = timedLoop(task, Math.min(iterations, loopSent + TIMED_LOOP_CHUNK));
            }
        } catch (RuntimeException | Error e) {
            fail("task failed at iteration " + (loopSent + 1) + ": " + describe(e));
        }
        iterationsHandedOut += loopSent;
        try {
            awaitSamples(task, loopSent, clock.nanoTime() + config.sampleTimeoutNanos());
        } catch (RuntimeException | Error e) {
            fail("task failed while its samples were awaited: " + describe(e));
        }
    }

    /**
     * A settling pass: the timed loop and the wait for samples as a run has them, and none of a run's bookkeeping
     * (no /proc walk, no percentiles, no verdict), whose code the compilers would otherwise go on compiling pass after
     * pass. Returns how many of its orders were answered.
     */
    private long settlingPass(LatencyTask task, long iterations, long ratePerSecond) {
        resetAll(iterations, ratePerSecond);
        openRun(task, 0, iterations, ratePerSecond, idler, POLL_IDLE_CAP_NANOS);
        sendAndAwait(task, iterations);
        closeRun(0, loopSent);
        return received.get();
    }

    /**
     * The timed loop, the one method every warm-up pass and measured run sends from: small, so that the compilers
     * compile it once, quickly, and the engine's send path into {@link #sendNext} (invoked once per send, so compiled
     * as a method, not on-stack in a long loop).
     */
    private boolean timedLoop(LatencyTask task, long iterations) {
        while (loopSent < iterations && failure == null) {
            if (!sendNext(task)) {
                return false;
            }
            loopSent++;
        }
        return true;
    }

    /** Waits for the next iteration's due time and hands it to the task; false when the run fell too far behind. */
    private boolean sendNext(LatencyTask task) {
        long intendedNanos = loopStartNanos + config.pacing().offsetNanos(loopCycleFrom + loopSent, loopRatePerSecond)
                - loopCycleFromOffsetNanos;
        long nowNanos = awaitDue(task, intendedNanos);
        long latenessNanos = nowNanos - intendedNanos;
        if (latenessNanos > loopSaturationBoundNanos) {
            loopSaturatedLateness = latenessNanos;
            return false;
        }
        if (latenessNanos >= loopIntervalNanos) {
            // catching up: iterations already due are sent back to back; a task that reads its replies on this
            // thread still gets one poll per send, so its replies are not left unread meanwhile
            loopLargestBacklog = Math.max(loopLargestBacklog, latenessNanos / loopIntervalNanos);
            if (loopPolls) {
                task.poll();
            }
        }
        long oldest = ledger.oldestUnansweredStart();
        if (oldest != Long.MIN_VALUE) {
            loopOldestAgeNanos = Math.max(loopOldestAgeNanos, nowNanos - oldest);
        }
        sendLateness.record(latenessNanos);
        long givenNanos = correct ? intendedNanos : nowNanos;
        ledger.sent(loopSent, givenNanos, latenessNanos);
        loopLastActualNanos = nowNanos;
        task.run(givenNanos);
        return true;
    }

    /** Until {@code intendedNanos}: polls the task (if it reads on this thread) and idles; returns the time then. */
    private long awaitDue(LatencyTask task, long intendedNanos) {
        long nowNanos;
        while ((nowNanos = clock.nanoTime()) < intendedNanos) {
            if (!loopPolls) {
                loopIdler.idle(intendedNanos - nowNanos);
            } else if (!task.poll()) {
                loopIdler.idle(Math.min(intendedNanos - nowNanos, loopPollIdleCapNanos));
            }
        }
        return nowNanos;
    }

    /** After the last send: until every sample came or the deadline, polling and idling; tracks the oldest age. */
    private void awaitSamples(LatencyTask task, long sent, long deadline) {
        long nowNanos = clock.nanoTime();
        while (received.get() < sent && failure == null && nowNanos < deadline) {
            if (!loopPolls) {
                loopIdler.idle(Math.min(deadline - nowNanos, 1_000_000));
            } else if (!task.poll()) {
                loopIdler.idle(Math.min(deadline - nowNanos, loopPollIdleCapNanos));
            }
            nowNanos = clock.nanoTime();
            long oldest = ledger.oldestUnansweredStart();
            if (oldest != Long.MIN_VALUE) {
                loopOldestAgeNanos = Math.max(loopOldestAgeNanos, nowNanos - oldest);
            }
        }
    }

    /** The rule: measuring threads waited beyond the bound while others (processes, JIT) took beyond theirs. */
    public static boolean isDisturbed(CpuWait wait) {
        return wait.available() && wait.waitShare() > DISTURBED_WAIT_SHARE
                && wait.waitNanos() >= DISTURBED_MIN_WAIT_NANOS
                && wait.intrusionNanos() > DISTURBED_INTRUSION_SHARE * wait.wallNanos()
                && wait.intrusionNanos() >= DISTURBED_EXPLAINED_SHARE * wait.waitNanos();
    }

    static String disturbedText(CpuWait wait) {
        return String.format(java.util.Locale.ROOT, "disturbed by %s: the threads that measure waited %.0f ms for a "
                        + "CPU (%.1f%% of the run; longest %s, %.0f ms; %,d involuntary switches) while %s (bounds "
                        + "%.0f%% and %.0f%% of the run, and others' CPU at least half the wait)",
                disturbedBy(wait), wait.waitNanos() / 1e6, 100 * wait.waitShare(), wait.worstThread(),
                wait.worstThreadWaitNanos() / 1e6, wait.involuntarySwitches(), intruders(wait),
                100 * DISTURBED_WAIT_SHARE, 100 * DISTURBED_INTRUSION_SHARE);
    }

    /**
     * Who took the CPU, the largest first: "the client JVM's JIT", "the server JVM's JIT" or "other processes", by
     * their CPU over the run.
     */
    static String disturbedBy(CpuWait wait) {
        List<Map.Entry<String, Long>> takers = takers(wait);
        if (takers.isEmpty() || takers.get(0).getValue() <= 0) {
            return "unknown";
        }
        return takers.get(0).getKey();
    }

    private static List<Map.Entry<String, Long>> takers(CpuWait wait) {
        List<Map.Entry<String, Long>> takers = new ArrayList<>();
        long jitByRole = 0;
        for (CpuWait.Jvm jvm : wait.jvms()) {
            takers.add(Map.entry("the " + jvm.role() + " JVM's JIT", jvm.jitCpuNanos()));
            jitByRole += jvm.jitCpuNanos();
        }
        long housekeeping = Math.max(0, wait.housekeepingCpuNanos());
        if (housekeeping > jitByRole) {
            takers.add(Map.entry("the JIT", housekeeping - jitByRole)); // a reading of before 2026-11-26: no roles
        }
        takers.add(Map.entry("other processes", Math.max(0, wait.otherProcessesCpuNanos())));
        takers.sort((x, y) -> Long.compare(y.getValue(), x.getValue()));
        return takers;
    }

    private static String intruders(CpuWait wait) {
        List<String> parts = new ArrayList<>();
        for (Map.Entry<String, Long> t : takers(wait)) {
            String what = t.getKey().equals("other processes") ? "other processes used %.0f ms of CPU"
                    : t.getKey().replace("'s JIT", "'s JIT compilers") + " used %.0f ms";
            String part = String.format(java.util.Locale.ROOT, what, t.getValue() / 1e6);
            if (t.getKey().equals("other processes") && !wait.topOtherProcesses().isEmpty()) {
                part += " (most: " + String.join(", ", wait.topOtherProcesses()) + ")";
            }
            parts.add(part);
        }
        return String.join(", ", parts);
    }

    /**
     * Orders in flight in the run's median second (Little's law): per second of the timeline, the sum of the
     * latencies of the orders due in it divided by the second's length; without a timeline, completion rate × mean
     * latency over the whole run. 0 when nothing was recorded.
     */
    static double ordersInFlight(SeriesData endToEnd, double completionRatePerSecond) {
        if (endToEnd == null || endToEnd.count() == 0) {
            return 0;
        }
        List<org.HdrHistogram.Histogram> seconds = endToEnd.timeline();
        if (seconds.isEmpty()) {
            return completionRatePerSecond * endToEnd.histogram().getMean() / 1e9;
        }
        double[] inFlight = new double[seconds.size()];
        for (int i = 0; i < inFlight.length; i++) {
            org.HdrHistogram.Histogram h = seconds.get(i);
            double lengthSeconds = Math.max(1, h.getEndTimeStamp() - h.getStartTimeStamp()) / 1e3;
            inFlight[i] = h.getTotalCount() == 0 ? 0 : h.getMean() * h.getTotalCount() / 1e9 / lengthSeconds;
        }
        java.util.Arrays.sort(inFlight);
        int n = inFlight.length;
        return n % 2 == 1 ? inFlight[n / 2] : (inFlight[n / 2 - 1] + inFlight[n / 2]) / 2;
    }

    /**
     * A sentence for reports when the warm-up watched the JIT and ended at its cap with the JIT still compiling;
     * null otherwise (also before {@link #run}).
     */
    public String warmupNote() {
        return warmupNote;
    }

    /** This JVM's total GC time so far (every collector's collection time), in ms; -1 where not monitored. */
    private static long gcMillis() {
        long total = 0;
        for (java.lang.management.GarbageCollectorMXBean gc
                : java.lang.management.ManagementFactory.getGarbageCollectorMXBeans()) {
            long t = gc.getCollectionTime();
            if (t < 0) {
                return -1;
            }
            total += t;
        }
        return total;
    }

    /** Compile time so far, ns: a test's source, or this JVM's (CompilationMXBean, ms); -1 where not monitored. */
    private long ownCompileNanos() {
        if (config.compileTimeSource() != null) {
            return config.compileTimeSource().getAsLong();
        }
        long millis = jitMillis();
        return millis < 0 ? -1 : millis * 1_000_000L;
    }

    /** This JVM's total JIT compile time so far, in ms; -1 where it is not monitored. */
    private static long jitMillis() {
        java.lang.management.CompilationMXBean jit = java.lang.management.ManagementFactory.getCompilationMXBean();
        return jit != null && jit.isCompilationTimeMonitoringSupported() ? jit.getTotalCompilationTime() : -1;
    }

    private static long medianOrMinusOne(SeriesData data) {
        return data.count() == 0 ? -1 : data.percentileNanos(50);
    }

    /** Rising when the last third's p50 is at least the factor above the first's, and by more than the floor. */
    boolean isRising(long firstThirdP50Nanos, long lastThirdP50Nanos) {
        return firstThirdP50Nanos >= 0 && lastThirdP50Nanos - firstThirdP50Nanos > config.risingFloorNanos()
                && lastThirdP50Nanos >= config.risingFactor() * firstThirdP50Nanos;
    }

    /**
     * Ends attribution to {@code runNumber}: once this returns, no sample is being recorded in it and every later
     * sample for it is counted late.
     */
    private void closeRun(int runNumber, long sent) {
        runLastStart[runNumber] = sent > 0 ? ledger.startNanos(sent - 1) : runFirstStart[runNumber] - 1;
        runOpen = false;
        phaser.readerLock();
        try {
            phaser.flipPhase();
        } finally {
            phaser.readerUnlock();
        }
    }

    private void resetAll(long iterations, long ratePerSecond) {
        ledger.reset(iterations);
        measuredRunTraced = false;
        if (endToEndTimeline != null) {
            endToEndTimeline.reset(iterations, ratePerSecond);
            serviceTimeTimeline.reset(iterations, ratePerSecond);
        }
        received.set(0);
        unmatched.set(0);
        endToEnd.reset();
        serviceTime.reset();
        sendLateness.reset();
        hiccups.reset();
        jitter.reset();
        for (LatencySeries third : thirds) {
            third.reset();
        }
        synchronized (probes) {
            probes.values().forEach(p -> p.series.reset());
        }
    }

    private Map<String, SeriesData> takeAll(long startEpochMillis, long interval) {
        Map<String, SeriesData> series = new LinkedHashMap<>();
        series.put(SeriesNames.END_TO_END, endToEnd.takeInterval().withTimeline(endToEndTimeline == null ? null
                : endToEndTimeline.take(startEpochMillis, interval)));
        series.put(SeriesNames.SERVICE_TIME, serviceTime.takeInterval().withTimeline(serviceTimeTimeline == null
                ? null : serviceTimeTimeline.take(startEpochMillis, interval)));
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
        if (!config.pacing().isEven()) {
            out.println("Paced: " + config.pacing() + ", stretched to a mean of the target rate"
                    + (config.pacing().restartsEachRun() ? "" : "; each run goes on where the last left the cycle"));
        }
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
