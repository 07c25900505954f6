package org.fixbench.cli.run;

import java.io.IOException;
import java.io.PrintStream;
import java.net.InetAddress;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.fixbench.cli.options.RunOptions;
import org.fixbench.cli.results.ComparisonRecord;
import org.fixbench.engine.Directories;
import org.fixbench.engine.EngineSpec;
import org.fixbench.harness.LatencyBenchmark;
import org.fixbench.harness.ProgressListener;
import org.fixbench.harness.api.HarnessConfig;
import org.fixbench.harness.api.HarnessException;
import org.fixbench.harness.results.BenchmarkResult;

/**
 * Runs every engine at every rate, one benchmark at a time (never two at once), each in a fresh engine pair and
 * a fresh work folder that is deleted afterwards. Shows a progress line per run. A benchmark that loses its session
 * stops the sweep (results so far are kept); one that cannot sustain its rate is FAILED and the sweep goes on.
 *
 * <p>Grouped (this class's default; {@code compare} interleaves unless told not to), a benchmark's runs follow each
 * other after one warm-up, in one engine pair. {@linkplain #interleave Interleaved}, the sweep goes round by round:
 * in each round every engine runs once in a fresh engine pair, warmed up until the JIT compilers of both JVMs are
 * quiet, then one run at each rate in turn, highest first, each after settling passes at its rate; the engines go in
 * an order drawn from a seeded shuffle ({@link RunOrder}), and every engine's pair sits next to a raw-TCP pair, its
 * floor: the overhead over the floor is then taken per rate from runs of adjacent pairs, so drift of the machine (on
 * the 2-vCPU VM, p50 modes some µs apart that follow wall-clock time) cancels out of it. One pair for all rates,
 * rather than one per engine × rate (until 2026-11-26), pays the JIT's warm-up once per engine and round: a warm-up
 * that waits for quiet compilers takes 4-30 s on 2 CPUs (harness/README.md).
 */
public final class Sweep {
    /**
     * compare's run length and warm-up: 3 s runs after at least 2 s of warm-up (three quarters of it at the warm-up
     * rate), longer while the JIT still compiles (up to 4 s more): with less, fresh JVMs spent their first measured
     * seconds compiling the hot path (measured in cli/README.md, "Why the defaults are what they are").
     */
    public static final long DEFAULT_RUN_NANOS = 3_000_000_000L;
    public static final long DEFAULT_WARMUP_NANOS = 2_000_000_000L;

    private final BenchmarkSession session;
    private boolean settled;
    private final RunOptions options;
    private final InetAddress bindAddress;
    private final Duration connectTimeout;
    private final PrintStream out;
    private final long defaultRunNanos;
    private final long defaultWarmupNanos;
    private boolean interleave;
    private long seed = System.nanoTime();
    private String stopReason;
    /** Why each contender left out of this call ended early: the others went on without it. */
    private List<String> leftOut = new ArrayList<>();
    /** This call's progress lines (made anew at each {@link #runContenders}). */
    private SweepProgress progress;
    /** An interleaved comparison's walk and its configurations (for {@link #resultsSoFar()}). */
    private volatile RoundWalk inProgress;
    private volatile List<HarnessConfig> inProgressConfigs;

    /**
     * What was measured so far, merged as at the end (for a comparison stopped by a signal): an interleaved one's
     * rounds per benchmark, else the results recorded. Read from another thread while runs go on: the walk's rounds
     * are an immutable copy made after each turn, the session's results a synchronized list.
     */
    public List<BenchmarkResult> resultsSoFar() {
        RoundWalk walk = inProgress;
        if (walk == null) {
            return session.resultsSoFar();
        }
        return walk.mergedSoFar(inProgressConfigs);
    }

    /** Null: every benchmark run in this process; else each in processes of its own (see {@link ForkedRun}). */
    private ForkedRun forked;
    /** A server a user started elsewhere ({@code compare --server}); null: a server per run, here or forked. */
    private java.net.InetSocketAddress remoteServer;
    /** What this call of {@link #runContenders} recorded. */
    private List<BenchmarkResult> recorded;

    public Sweep(BenchmarkSession session, RunOptions options, InetAddress bindAddress, Duration connectTimeout) {
        this(session, options, bindAddress, connectTimeout, DEFAULT_RUN_NANOS, DEFAULT_WARMUP_NANOS);
    }

    public Sweep(BenchmarkSession session, RunOptions options, InetAddress bindAddress, Duration connectTimeout,
          long defaultRunNanos, long defaultWarmupNanos) {
        this.defaultRunNanos = defaultRunNanos;
        this.defaultWarmupNanos = defaultWarmupNanos;
        this.session = session;
        this.options = options;
        this.bindAddress = bindAddress;
        this.connectTimeout = connectTimeout;
        this.out = session.out;
    }

    /** The seed of the interleaved order (recorded with the results). */
    public Sweep seed(long seed) {
        this.seed = seed;
        return this;
    }

    /** Each benchmark run in processes of its own: the server in one, the harness with the client in another. */
    public Sweep fork(boolean on) {
        this.forked = on ? new ForkedRun(out, bindAddress, connectTimeout) : null;
        return this;
    }

    /** Every run against this server, started by the user elsewhere; the legs are then not measured. */
    public Sweep remoteServer(java.net.InetSocketAddress address) {
        this.remoteServer = address;
        return this;
    }

    /**
     * This comparison is one client host's part of a comparison across hosts ({@code compare --cluster}): its
     * sessions take identities {@code first} ... of {@code total} at the one server, and each forked client waits at
     * every run's start for a go in {@code gate} ({@link FileGate}) that the host's cluster node gives once every
     * client host is ready.
     */
    public Sweep clusterMember(int first, int total, java.nio.file.Path gate) {
        this.firstIdentity = first;
        this.identities = total;
        this.gate = gate;
        return this;
    }

    private int firstIdentity;
    private int identities;
    private java.nio.file.Path gate;

    /** Runs round by round (see the class comment) rather than each benchmark's runs together. */
    public Sweep interleave(boolean on) {
        this.interleave = on;
        return this;
    }

    private static String label(Contender c, long rate) {
        return c.label() + " @ " + String.format(Locale.ROOT, "%,d/s", rate);
    }

    public static String benchmarkName(EngineSpec spec, long rate) {
        return benchmarkName(Contender.of(spec), rate);
    }

    public static String benchmarkName(Contender c, long rate) {
        return c.isPair() ? c.client().engine().name() + "-" + c.client().profileLabel() + "-to-"
                + c.server().engine().name() + "-" + c.server().profileLabel() + "-" + rate
                : c.client().engine().name() + "-" + c.client().profileLabel() + "-" + rate;
    }

    /** Validates every configuration before anything runs, so a bad option fails in a second, not in an hour. */
    public List<HarnessConfig> plan(List<EngineSpec> engines, List<Long> rates) {
        return plan(options, engines, rates, defaultRunNanos, defaultWarmupNanos);
    }

    public static List<HarnessConfig> plan(RunOptions options, List<EngineSpec> engines, List<Long> rates,
                                    long defaultRunNanos, long defaultWarmupNanos) {
        return planContenders(options, engines.stream().map(Contender::of).toList(), rates, defaultRunNanos,
                defaultWarmupNanos);
    }

    public static List<HarnessConfig> planContenders(RunOptions options, List<Contender> engines, List<Long> rates,
                                              long defaultRunNanos, long defaultWarmupNanos) {
        int sessions = options.sessions();
        org.fixbench.engine.OrderFlow flow = options.flow();
        for (Contender spec : engines) {
            for (org.fixbench.engine.FixEngine engine : List.of(spec.client().engine(), spec.server().engine())) {
                String refusal = engine.sessionsRefusal(sessions);
                if (refusal == null) {
                    refusal = engine.workloadRefusal(flow);
                }
                if (refusal != null) {
                    throw new IllegalArgumentException(refusal);
                }
            }
        }
        java.util.Set<String> names = new java.util.HashSet<>();
        for (Contender spec : engines) {
            for (long rate : rates) {
                if (!names.add(benchmarkName(spec, rate))) {
                    throw new IllegalArgumentException("two benchmarks would both be " + spec.label() + " at "
                            + String.format(Locale.ROOT, "%,d/s", rate) + ": an engine or a rate is named twice");
                }
            }
        }
        List<HarnessConfig> configs = new ArrayList<>();
        for (Contender spec : engines) {
            for (long rate : rates) {
                configs.add(options.configure(benchmarkName(spec, rate), rate, defaultRunNanos, defaultWarmupNanos)
                        .build());
            }
        }
        return configs;
    }

    public SweepOutcome run(List<EngineSpec> engines, List<Long> rates) {
        return runContenders(engines.stream().map(Contender::of).toList(), rates);
    }

    /**
     * Runs every contender at every rate; returns what this call measured (also added to the session's results) and
     * why it stopped early, if it did. Each call starts afresh: a stop ends that call only.
     */
    public SweepOutcome runContenders(List<Contender> engines, List<Long> rates) {
        List<HarnessConfig> configs = planContenders(options, engines, rates, defaultRunNanos, defaultWarmupNanos);
        stopReason = null;
        leftOut = new ArrayList<>();
        recorded = new ArrayList<>();
        Executor.Profiles profiles = options.profile() == null ? Executor.Profiles.NONE
                : new Executor.Profiles(options.profile(), session.folder);
        executor = forked != null ? new Executor.Forked(options, out, forked.profiles(profiles)
                .jvmLogs(session.folder).sessions(options.sessions()).workload(options.workloadSpec())
                .identities(firstIdentity, identities).gate(gate), remoteServer, session.environment)
                : new Executor.InProcess(options, out, bindAddress, connectTimeout, remoteServer, profiles)
                .sessions(options.sessions()).flow(options.flow());
        if (interleave) {
            runInterleaved(engines, rates, configs);
        } else {
            runGrouped(engines, rates, configs);
        }
        return new SweepOutcome(recorded, stopReason, leftOut);
    }

    /** This call's executor: in this process or forked. */
    private Executor.OnThisMachine executor;

    private void record(BenchmarkResult result) {
        session.results.add(result);
        recorded.add(result);
    }

    private void runGrouped(List<Contender> engines, List<Long> rates, List<HarnessConfig> configs) {
        int benchmarkCount = configs.size();
        progress = new SweepProgress(out, System::currentTimeMillis,
                configs.stream().mapToLong(Sweep::plannedNanos).sum(), benchmarkCount, 0);
        executor.progress(progress);
        settle(engines.get(0), configs.get(0));
        java.util.Set<Contender> stillIn = new java.util.HashSet<>(engines.stream().filter(c -> !c.isFloor())
                .toList());
        int i = 0;
        for (Contender spec : engines) {
            for (int r = 0; r < rates.size(); r++) {
                long rate = rates.get(r);
                HarnessConfig config = configs.get(i++);
                String label = label(spec, rate);
                progress.starting(i, label, config, 0);
                out.println();
                out.println("=== [" + i + "/" + benchmarkCount + "] " + label);
                Executor.OnThisMachine.Benchmark ran = executor.benchmark(spec, config);
                if (ran.result() != null) {
                    record(ran.result());
                }
                progress.ended(config);
                if (ran.stopReason() != null) {
                    stillIn.remove(spec);
                    if (spec.isFloor() || stillIn.isEmpty()) {
                        stopReason = ran.stopReason();
                        out.println("Sweep stopped: " + stopReason);
                        return;
                    }
                    // left out: its other rates are not run, the others go on
                    leftOut.add(ran.stopReason() + " (at " + rate + "/s)");
                    out.println("Left out for the rest of the comparison, which goes on without it: "
                            + ran.stopReason());
                    i += rates.size() - 1 - r;
                    break;
                }
            }
        }
    }

    private void runInterleaved(List<Contender> engines, List<Long> rates, List<HarnessConfig> configs) {
        ComparisonPlan plan = ComparisonPlan.interleaved(options, engines, rates, configs.get(0).runs(), seed,
                defaultRunNanos, defaultWarmupNanos);
        int rateCount = rates.size();
        int floor = plan.floor();
        progress = new SweepProgress(out, System::currentTimeMillis, plan.plannedNanos(), plan.turnsPerRound(),
                plan.rounds());
        executor.progress(progress);
        session.environment.put("runOrderSeed", seed);
        session.environment.put("enginePairs", plan.enginePairsNote());
        settle(engines.get(0), plan.singles().get(0));
        RoundWalk walk = RoundWalk.of(plan);
        inProgressConfigs = plan.configs();
        inProgress = walk;
        stopReason = walk.run(plan, executor, out, new RoundWalk.TurnListener() {
            @Override
            public void starting(int round, int number, int engine, String label) {
                progress.starting(number, label, plan.stepping().get(engine), round);
            }

            @Override
            public void ended(int engine) {
                progress.ended(plan.stepping().get(engine));
            }
        });
        session.environment.put("runSequence", walk.sequence());
        leftOut.addAll(walk.leftOut());
        for (RoundWalk.Merged m : walk.merged(plan.configs(), floor,
                floor < 0 ? null : engines.get(floor).label())) {
            BenchmarkResult merged = m.result();
            record(merged);
            out.println();
            out.println("=== " + label(engines.get(m.benchmark() / rateCount), merged.config().targetRatePerSecond())
                    + ": its " + merged.runs().size() + " interleaved runs");
            out.print(org.fixbench.harness.results.TextReport.summaries(merged));
        }
    }

    /**
     * A discarded round of the first benchmark, as long as its warm-up, before anything is measured: without it,
     * whichever engine ran first in a comparison read slower than the same engine later in the same JVM, which
     * biased every overhead computed against it (measured in cli/README.md). Recorded in the environment; its
     * numbers are not kept.
     */
    private void settle(Contender spec, HarnessConfig first) {
        long iterations = first.warmupIterations();
        if (iterations <= 0 || settled || forked != null || remoteServer != null) {
            return; // a forked run starts in fresh JVMs: there is no first benchmark in a JVM to settle
        }
        settled = true;
        HarnessConfig settle = HarnessConfig.builder("settle-" + first.name())
                .targetRatePerSecond(first.targetRatePerSecond()).warmupIterations(0).runs(1)
                .iterationsPerRun(iterations).waitStrategy(first.waitStrategy()).pinning(first.pinning())
                .cpus(first.cpus()).hiccupMeter(false).jitterMonitor(false).quiet(true).build();
        String what = spec.label() + " at " + String.format(Locale.ROOT, "%,d/s", first.targetRatePerSecond())
                + " for " + String.format(Locale.ROOT, "%,d", iterations) + " round trips, discarded";
        out.println("Settling: " + what + " (the first benchmark in a JVM otherwise runs slower)");
        session.environment.put(ComparisonRecord.SETTLING_RUN, what);
        Path work = null;
        try {
            work = Directories.createWork("settle");
            new LatencyBenchmark(settle, out, ProgressListener.NONE).run(
                    new Executor.InProcess(options, out, bindAddress, connectTimeout, remoteServer).task(spec, work),
                    Map.of());
        } catch (IOException | HarnessException e) {
            out.println("Settling run did not complete (" + e.getMessage() + "); measuring anyway");
        } finally {
            if (work != null) {
                Directories.deleteRecursively(work);
            }
        }
    }

    /**
     * What is left of the planned work, in wall-clock time: the schedule still to run, scaled by how much longer
     * than its schedule the work done so far took (starting JVMs, connecting, waiting for replies), once a tenth is
     * done; before that, the schedule alone.
     */
    public static long remainingMillis(long plannedNanos, long doneNanos, long elapsedMillis) {
        long leftNanos = Math.max(0, plannedNanos - doneNanos);
        double pace = doneNanos > 0 && doneNanos >= plannedNanos / 10 && elapsedMillis > 0
                ? Math.max(1.0, elapsedMillis * 1e6 / doneNanos) : 1.0;
        return (long) (leftNanos * pace / 1e6);
    }

    public static long plannedNanos(HarnessConfig c) {
        long perIterationNanos = c.intervalNanos();
        return c.warmupScheduleNanos() + (long) c.runs() * c.iterationsPerRun() * perIterationNanos
                + (c.runs() - 1L) * c.pauseBetweenRunsNanos();
    }
}
