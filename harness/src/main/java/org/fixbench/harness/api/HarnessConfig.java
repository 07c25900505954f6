package org.fixbench.harness.api;

import java.util.Arrays;
import java.util.Objects;

import org.fixbench.harness.machine.Machine;

/**
 * Everything that decides how a benchmark runs. Immutable; built and validated by {@link Builder}, whose
 * {@link Builder#build()} throws {@link IllegalArgumentException} with a one-line message for any bad value.
 */
public final class HarnessConfig {
    public static final long NANOS_PER_SECOND = 1_000_000_000L;
    /**
     * The warm-up's settling passes (WarmupPolicy) past the schedule stop here at the latest. Sized for C2's work
     * on a 2-CPU machine, not for the schedule: a fresh sbe client's compilers went quiet about 19 s after its start
     * with the old single timed method while two threads spun (issue 38); a warm-up that reaches this has a compiler
     * that does not stop.
     */
    public static final long DEFAULT_WARMUP_CAP_NANOS = 40_000_000_000L;
    /** The length of one of the warm-up's settling passes at the run's rate. */
    public static final long SETTLING_PASS_NANOS = 250_000_000L;
    /**
     * The warm-up runs as this many runs back to back, so the harness's run loop, a run's end and the next run's
     * start have all run before the first measured run. Warmed up as one long run, the just-in-time compiler dropped
     * the run loop's compiled code when the warm-up ended and compiled it again in the first measured second (seen
     * in the JIT log of forked clients; measured in the harness README, "Warm-up").
     */
    public static final int WARMUP_PASSES = 4;
    public static final long DEFAULT_UNANSWERED_AGE_BOUND_NANOS = NANOS_PER_SECOND;
    public static final double DEFAULT_RISING_FACTOR = 2.0;
    public static final long DEFAULT_RISING_FLOOR_NANOS = 1_000_000;

    private final String name;
    private final long targetRatePerSecond;
    private final long warmupIterations;
    private final long[] warmupPassIterations;
    private final long[] warmupPassRates;
    private final boolean warmupUntilJitQuiet;
    private final long warmupCapNanos;
    /** Each run's rate (run k at {@code runRates[k - 1]}); all at the target rate unless set. */
    private final long[] runRates;
    private final java.util.function.LongSupplier compileTimeSource;
    private final boolean timeline;
    private final boolean cpuWaitWatch;
    private final int runs;
    private final long iterationsPerRun;
    private final long pauseBetweenRunsNanos;
    private final boolean accountForCoordinatedOmission;
    private final boolean skipFirstRun;
    private final long saturationBoundNanos;
    private final long sampleTimeoutNanos;
    private final long unansweredAgeBoundNanos;
    private final double risingFactor;
    private final long risingFloorNanos;
    private final WaitStrategy waitStrategy;
    private final Idler idler;
    private final NanoClock clock;
    private final boolean pinning;
    private final int[] cpus;
    private final boolean hiccupMeter;
    private final boolean jitterMonitor;
    private final long highestTrackableNanos;
    private final boolean quiet;
    private final Pacing pacing;

    private HarnessConfig(Builder b) {
        this.name = b.name;
        this.targetRatePerSecond = b.targetRatePerSecond;
        long warmupRate = Math.max(b.targetRatePerSecond, b.warmupRatePerSecond);
        if (b.passIterations != null) {
            this.warmupPassIterations = b.passIterations.clone();
            this.warmupPassRates = b.passRates.clone();
        } else {
            long total = b.warmupIterations >= 0 ? b.warmupIterations : -1;
            int passes = total >= 0 ? (int) Math.min(WARMUP_PASSES, total) : b.warmupNanos > 0 ? WARMUP_PASSES : 0;
            this.warmupPassIterations = new long[passes];
            this.warmupPassRates = new long[passes];
            long left = total;
            for (int i = 0; i < passes; i++) {
                warmupPassRates[i] = i == passes - 1 ? b.targetRatePerSecond : warmupRate;
                if (total >= 0) {
                    warmupPassIterations[i] = left / (passes - i);
                    left -= warmupPassIterations[i];
                } else {
                    warmupPassIterations[i] = iterationsFor(warmupPassRates[i], b.warmupNanos / passes);
                }
            }
        }
        this.warmupIterations = java.util.Arrays.stream(warmupPassIterations).sum();
        this.warmupUntilJitQuiet = b.warmupUntilJitQuiet;
        this.warmupCapNanos = b.warmupCapNanos;
        this.runRates = b.runRates != null ? b.runRates.clone() : filled(b.runs, b.targetRatePerSecond);
        this.compileTimeSource = b.compileTimeSource;
        this.cpuWaitWatch = b.cpuWaitWatch;
        this.timeline = b.timeline;
        this.runs = b.runs;
        this.iterationsPerRun = b.iterationsPerRun > 0 ? b.iterationsPerRun
                : iterationsFor(b.targetRatePerSecond, b.runNanos);
        this.pauseBetweenRunsNanos = b.pauseBetweenRunsNanos;
        this.accountForCoordinatedOmission = b.accountForCoordinatedOmission;
        this.skipFirstRun = b.skipFirstRun;
        this.saturationBoundNanos = b.saturationBoundNanos;
        this.sampleTimeoutNanos = b.sampleTimeoutNanos;
        this.unansweredAgeBoundNanos = b.unansweredAgeBoundNanos;
        this.risingFactor = b.risingFactor;
        this.risingFloorNanos = b.risingFloorNanos;
        this.waitStrategy = b.waitStrategy;
        this.idler = b.idler != null ? b.idler : b.waitStrategy;
        this.clock = b.clock;
        this.pinning = b.pinning;
        this.cpus = b.cpus.clone();
        this.hiccupMeter = b.hiccupMeter;
        this.jitterMonitor = b.jitterMonitor != null ? b.jitterMonitor
                : Machine.cpus() >= 4;
        this.highestTrackableNanos = b.highestTrackableNanos;
        this.quiet = b.quiet;
        this.pacing = b.pacing;
    }

    private static long[] filled(int n, long value) {
        long[] a = new long[Math.max(0, n)];
        Arrays.fill(a, value);
        return a;
    }

    /**
     * The rate of run {@code run} (1-based): the target rate, or the run's own where the runs step through rates in
     * one engine pair ({@link Builder#runRates}); the first run is at the target rate.
     */
    public long runRate(int run) {
        return runRates[run - 1];
    }

    /** Each run's rate, in run order. */
    public long[] runRates() {
        return runRates.clone();
    }

    /** Whether the runs step through more than one rate. */
    public boolean multiRate() {
        return Arrays.stream(runRates).anyMatch(r -> r != targetRatePerSecond);
    }

    /** Iterations of run {@code run}: as long as a run at the target rate lasts, at the run's own rate. */
    public long runIterations(int run) {
        long rate = runRate(run);
        return rate == targetRatePerSecond ? iterationsPerRun
                : Math.max(1, Math.round(iterationsPerRun * (double) rate / targetRatePerSecond));
    }

    /** The largest number of iterations one run (or one settling pass at a run's rate) needs. */
    public long largestRun() {
        long largest = 0;
        for (int run = 1; run <= runs; run++) {
            largest = Math.max(largest, runIterations(run));
            if (warmupUntilJitQuiet) {
                largest = Math.max(largest, settlingPassIterations(runRate(run)));
            }
        }
        return largest;
    }

    static long iterationsFor(long ratePerSecond, long durationNanos) {
        return Math.max(1, Math.round(ratePerSecond * (durationNanos / (double) NANOS_PER_SECOND)));
    }

    /** Offset of iteration {@code i} from the start of a run at the target rate, as {@link #pacing()} spaces them. */
    public long scheduleOffsetNanos(long iteration) {
        return pacing.offsetNanos(iteration, targetRatePerSecond);
    }

    /**
     * How iterations are spaced around the rate: {@link Pacing#EVEN} (exactly {@code 1/rate} apart, the default) or
     * a recorded shape whose mean rate is the rate.
     */
    public Pacing pacing() {
        return pacing;
    }

    /** When iteration {@code iteration} of a run at {@code ratePerSecond} is due, after the run's start. */
    public static long scheduleOffsetNanos(long iteration, long ratePerSecond) {
        return iteration <= Long.MAX_VALUE / NANOS_PER_SECOND
                ? iteration * NANOS_PER_SECOND / ratePerSecond
                : (long) (iteration * (NANOS_PER_SECOND / (double) ratePerSecond));
    }

    public long intervalNanos() {
        return NANOS_PER_SECOND / targetRatePerSecond;
    }

    public String name() { return name; }
    public long targetRatePerSecond() { return targetRatePerSecond; }
    public long warmupIterations() { return warmupIterations; }
    /** The warm-up's passes (runs back to back, see {@link #WARMUP_PASSES}): iterations of each. */
    public long[] warmupPassIterations() { return warmupPassIterations.clone(); }
    /**
     * Whether the warm-up goes on after its scheduled passes, in settling passes at the run's rate and wait strategy,
     * until the JIT compilers of every watched JVM are quiet (WarmupPolicy; up to {@link #warmupCapNanos()}),
     * so that no measured run is spent compiling.
     */
    public boolean warmupUntilJitQuiet() { return warmupUntilJitQuiet; }

    /** Whether end to end and service time keep a per-second timeline (on unless a test turns it off). */
    public boolean timeline() { return timeline; }

    /** How long the warm-up's schedule lasts, all passes together. */
    public long warmupScheduleNanos() {
        long nanos = 0;
        for (int i = 0; i < warmupPassIterations.length; i++) {
            nanos += pacing.offsetNanos(warmupPassIterations[i], warmupPassRates[i]);
        }
        return nanos;
    }

    /** The largest number of iterations one warm-up pass has. */
    public long largestWarmupPass() {
        long scheduled = java.util.Arrays.stream(warmupPassIterations).max().orElse(0);
        return warmupUntilJitQuiet && scheduled > 0 ? Math.max(scheduled, settlingPassIterations()) : scheduled;
    }

    /** Iterations of one of the warm-up's settling passes (see WarmupPolicy): a quarter second at the rate. */
    public long settlingPassIterations() {
        return settlingPassIterations(targetRatePerSecond);
    }

    /** ... at {@code ratePerSecond}. */
    public static long settlingPassIterations(long ratePerSecond) {
        return Math.max(1, ratePerSecond * SETTLING_PASS_NANOS / NANOS_PER_SECOND);
    }

    /** The warm-up's passes: the rate of each; the last is the target rate. */
    public long[] warmupPassRates() { return warmupPassRates.clone(); }
    public int runs() { return runs; }
    public long iterationsPerRun() { return iterationsPerRun; }
    public long pauseBetweenRunsNanos() { return pauseBetweenRunsNanos; }
    public boolean accountForCoordinatedOmission() { return accountForCoordinatedOmission; }
    public boolean skipFirstRun() { return skipFirstRun; }
    public long saturationBoundNanos() { return saturationBoundNanos; }
    public long sampleTimeoutNanos() { return sampleTimeoutNanos; }
    /** A run whose oldest unanswered order got older than this is SATURATED. */
    public long unansweredAgeBoundNanos() { return unansweredAgeBoundNanos; }
    /** A run is SATURATED as rising when its last third's p50 is this many times its first third's ... */
    public double risingFactor() { return risingFactor; }
    /** ... and higher by more than this. */
    public long risingFloorNanos() { return risingFloorNanos; }
    public WaitStrategy waitStrategy() { return waitStrategy; }
    public Idler idler() { return idler; }
    /**
     * How the warm-up's scheduled passes wait: {@link WaitStrategy#BACKOFF}, which parks, so that the JIT compilers
     * get the CPU the timed thread would spin on (the settling passes and the runs then use {@link #idler()}); a
     * test's injected idler where there is one.
     */
    public Idler warmupIdler() { return idler instanceof WaitStrategy ? WaitStrategy.BACKOFF : idler; }
    /** Settling passes (see WarmupPolicy) stop at this much time, ns, with the compilers still busy. */
    public long warmupCapNanos() { return warmupCapNanos; }
    /**
     * Whether a run inside which the JIT compiled is measured again (RemeasureRule): only where the warm-up settles,
     * since the second attempt comes after the compilers went quiet again. With a cap of 0 nothing waits for them,
     * so a second attempt would begin as the first did: the run is measured once, its verdict as it reads.
     */
    public boolean remeasuresCompiledRuns() { return warmupUntilJitQuiet && warmupCapNanos > 0; }
    /** For tests: the compile time so far, ns, in place of the JVMs' compiler threads (null: read those). */
    public java.util.function.LongSupplier compileTimeSource() { return compileTimeSource; }
    public NanoClock clock() { return clock; }
    public boolean pinning() { return pinning; }
    public int[] cpus() { return cpus.clone(); }
    public boolean hiccupMeter() { return hiccupMeter; }
    /**
     * Whether runs read their threads' CPU wait from /proc (on by default; where /proc allows it). Off only for
     * tests that count this thread's allocation: its readings allocate as many objects as there are threads and
     * processes on the machine at the run's end, a count no test controls.
     */
    public boolean cpuWaitWatch() { return cpuWaitWatch; }
    public boolean jitterMonitor() { return jitterMonitor; }
    public long highestTrackableNanos() { return highestTrackableNanos; }
    public boolean quiet() { return quiet; }

    /**
     * The settings as plain data, to hand to another process (a forked client): everything but the clock and idler,
     * which are this process's own (the other process uses its system clock and the wait strategy's idler).
     */
    public Portable portable() {
        return new Portable(name, targetRatePerSecond, warmupPassIterations.clone(), warmupPassRates.clone(), runs, iterationsPerRun, pauseBetweenRunsNanos,
                accountForCoordinatedOmission, skipFirstRun, saturationBoundNanos, sampleTimeoutNanos,
                unansweredAgeBoundNanos, risingFactor, risingFloorNanos, waitStrategy, pinning, cpus.clone(),
                hiccupMeter, jitterMonitor, highestTrackableNanos, quiet, warmupUntilJitQuiet, pacing, warmupCapNanos,
                runRates.clone());
    }

    /** {@link HarnessConfig} as plain, serializable data ({@link #portable()}); {@link #build} makes it again. */
    public record Portable(String name, long targetRatePerSecond, long[] warmupPassIterations, long[] warmupPassRates,
                           int runs,
                           long iterationsPerRun, long pauseBetweenRunsNanos, boolean accountForCoordinatedOmission,
                           boolean skipFirstRun, long saturationBoundNanos, long sampleTimeoutNanos,
                           long unansweredAgeBoundNanos, double risingFactor, long risingFloorNanos,
                           WaitStrategy waitStrategy, boolean pinning, int[] cpus, boolean hiccupMeter,
                           boolean jitterMonitor, long highestTrackableNanos, boolean quiet,
                           boolean warmupUntilJitQuiet, Pacing pacing, long warmupCapNanos, long[] runRates)
            implements java.io.Serializable {
        /** The configuration again, with CPUs for this process ({@code cpus} replaces the original list). */
        public HarnessConfig build(int... cpusHere) {
            return builder(name).targetRatePerSecond(targetRatePerSecond)
                    .warmupPasses(warmupPassIterations, warmupPassRates).runs(runs)
                    .iterationsPerRun(iterationsPerRun).pauseBetweenRunsNanos(pauseBetweenRunsNanos)
                    .accountForCoordinatedOmission(accountForCoordinatedOmission).skipFirstRun(skipFirstRun)
                    .saturationBoundNanos(saturationBoundNanos).sampleTimeoutNanos(sampleTimeoutNanos)
                    .unansweredAgeBoundNanos(unansweredAgeBoundNanos).rising(risingFactor, risingFloorNanos)
                    .waitStrategy(waitStrategy).pinning(pinning).cpus(cpusHere).pinning(pinning)
                    .hiccupMeter(hiccupMeter).jitterMonitor(jitterMonitor).highestTrackableNanos(highestTrackableNanos)
                    .quiet(quiet).warmupUntilJitQuiet(warmupUntilJitQuiet).warmupCapNanos(warmupCapNanos).pacing(pacing)
                    .runRates(runRates).build();
        }
    }

    public static Builder builder(String name) {
        return new Builder(name);
    }

    @Override
    public String toString() {
        return "HarnessConfig{name=" + name + ", rate=" + targetRatePerSecond + "/s, warmup=" + warmupIterations
                + ", runs=" + runs + "x" + iterationsPerRun + ", co=" + accountForCoordinatedOmission
                + ", wait=" + waitStrategy.label() + ", pin=" + pinning + Arrays.toString(cpus) + "}";
    }

    public static final class Builder {
        private final String name;
        private long targetRatePerSecond = 10_000;
        private long warmupIterations = -1;
        private long warmupNanos = 2 * NANOS_PER_SECOND;
        private long warmupRatePerSecond;
        private long[] passIterations;
        private long[] passRates;
        private boolean warmupUntilJitQuiet;
        private long warmupCapNanos = DEFAULT_WARMUP_CAP_NANOS;
        private long[] runRates;
        private java.util.function.LongSupplier compileTimeSource;
        private boolean timeline = true;
        private boolean cpuWaitWatch = true;
        private int runs = 3;
        private long iterationsPerRun = -1;
        private long runNanos = 5 * NANOS_PER_SECOND;
        private long pauseBetweenRunsNanos;
        private boolean accountForCoordinatedOmission = true;
        private boolean skipFirstRun;
        private long saturationBoundNanos = 5 * NANOS_PER_SECOND;
        private long sampleTimeoutNanos = 5 * NANOS_PER_SECOND;
        private long unansweredAgeBoundNanos = DEFAULT_UNANSWERED_AGE_BOUND_NANOS;
        private double risingFactor = DEFAULT_RISING_FACTOR;
        private long risingFloorNanos = DEFAULT_RISING_FLOOR_NANOS;
        private WaitStrategy waitStrategy = WaitStrategy.BACKOFF;
        private Idler idler;
        private NanoClock clock = NanoClock.SYSTEM;
        private boolean pinning;
        private int[] cpus = new int[0];
        private boolean hiccupMeter = true;
        private Boolean jitterMonitor;
        private long highestTrackableNanos = 60 * NANOS_PER_SECOND;
        private boolean quiet;
        private Pacing pacing = Pacing.EVEN;

        private Builder(String name) {
            this.name = name;
        }

        public Builder targetRatePerSecond(long rate) { this.targetRatePerSecond = rate; return this; }
        public Builder warmupIterations(long n) { this.warmupIterations = n; this.passIterations = null; return this; }
        /**
         * The rate of every warm-up pass but the last (which runs at the target rate); the target rate when lower.
         * A warm-up by time then runs {@code warmupRatePerSecond} for three quarters of its time.
         */
        public Builder warmupRatePerSecond(long rate) { this.warmupRatePerSecond = rate; return this; }
        /**
         * Off: no per-second timeline (its histograms are allocated per second of schedule, outside the timed loop,
         * which an allocation test that compares run lengths would count).
         */
        public Builder timeline(boolean on) { this.timeline = on; return this; }
        /** See {@link HarnessConfig#cpuWaitWatch()}. */
        public Builder cpuWaitWatch(boolean on) { this.cpuWaitWatch = on; return this; }
        /** See {@link HarnessConfig#warmupUntilJitQuiet()}. */
        public Builder warmupUntilJitQuiet(boolean on) { this.warmupUntilJitQuiet = on; return this; }
        /**
         * Each run at its own rate, in one engine pair: {@code rates[k - 1]} for run k (one per run; the first is the
         * target rate). Each run after a change of rate starts after settling passes at its rate.
         */
        public Builder runRates(long... rates) { this.runRates = rates.clone(); return this; }
        /** See {@link HarnessConfig#warmupCapNanos()}. */
        public Builder warmupCapNanos(long nanos) { this.warmupCapNanos = nanos; return this; }
        /** For tests: see {@link HarnessConfig#compileTimeSource()}. */
        public Builder compileTimeSource(java.util.function.LongSupplier nanos) {
            this.compileTimeSource = nanos;
            return this;
        }
        /** The warm-up's passes exactly (as {@link Portable} carries them). */
        public Builder warmupPasses(long[] iterations, long[] rates) {
            require(iterations.length == rates.length, "one rate per warm-up pass");
            this.passIterations = iterations.clone();
            this.passRates = rates.clone();
            return this;
        }
        public Builder warmupNanos(long nanos) {
            this.warmupNanos = nanos;
            this.warmupIterations = -1;
            this.passIterations = null;
            return this;
        }
        public Builder runs(int n) { this.runs = n; return this; }
        public Builder iterationsPerRun(long n) { this.iterationsPerRun = n; return this; }
        public Builder runNanos(long nanos) { this.runNanos = nanos; this.iterationsPerRun = -1; return this; }
        public Builder pauseBetweenRunsNanos(long nanos) { this.pauseBetweenRunsNanos = nanos; return this; }
        public Builder accountForCoordinatedOmission(boolean on) { this.accountForCoordinatedOmission = on; return this; }
        public Builder skipFirstRun(boolean skip) { this.skipFirstRun = skip; return this; }
        public Builder saturationBoundNanos(long nanos) { this.saturationBoundNanos = nanos; return this; }
        public Builder sampleTimeoutNanos(long nanos) { this.sampleTimeoutNanos = nanos; return this; }
        public Builder unansweredAgeBoundNanos(long nanos) { this.unansweredAgeBoundNanos = nanos; return this; }
        public Builder rising(double factor, long floorNanos) {
            this.risingFactor = factor;
            this.risingFloorNanos = floorNanos;
            return this;
        }
        public Builder waitStrategy(WaitStrategy strategy) { this.waitStrategy = strategy; return this; }
        /** For tests: an idler that moves an injected clock. */
        public Builder idler(Idler idler) { this.idler = idler; return this; }
        public Builder clock(NanoClock clock) { this.clock = clock; return this; }
        public Builder pinning(boolean on) { this.pinning = on; return this; }
        /** CPUs to pin to, harness thread first, then task threads in the order they ask. Implies pinning. */
        public Builder cpus(int... cpus) { this.cpus = cpus.clone(); this.pinning |= cpus.length > 0; return this; }
        public Builder hiccupMeter(boolean on) { this.hiccupMeter = on; return this; }
        public Builder jitterMonitor(Boolean on) { this.jitterMonitor = on; return this; }
        public Builder highestTrackableNanos(long nanos) { this.highestTrackableNanos = nanos; return this; }
        /** No text output (tests). */
        public Builder quiet(boolean quiet) { this.quiet = quiet; return this; }
        /** See {@link HarnessConfig#pacing()}. */
        public Builder pacing(Pacing pacing) { this.pacing = Objects.requireNonNull(pacing, "pacing"); return this; }

        public HarnessConfig build() {
            require(name != null && !name.isBlank(), "benchmark name must not be blank");
            require(targetRatePerSecond > 0, "rate must be > 0 (was " + targetRatePerSecond + ")");
            require(targetRatePerSecond <= NANOS_PER_SECOND, "rate must be at most 1,000,000,000/s (was "
                    + targetRatePerSecond + ")");
            require(runs > 0, "runs must be > 0 (was " + runs + ")");
            require(iterationsPerRun > 0 || runNanos > 0, "run duration must be > 0");
            require(warmupIterations >= 0 || warmupNanos >= 0, "warm-up must not be negative");
            require(warmupRatePerSecond >= 0 && warmupRatePerSecond <= NANOS_PER_SECOND,
                    "warm-up rate must be between 0 and 1,000,000,000/s (was " + warmupRatePerSecond + ")");
            require(warmupCapNanos >= 0, "warm-up cap must not be negative");
            require(runRates == null || (runRates.length == runs && runRates[0] == targetRatePerSecond
                    && Arrays.stream(runRates).allMatch(r -> r > 0 && r <= NANOS_PER_SECOND)),
                    "run rates: one per run, the first the target rate, each between 1 and 1,000,000,000/s");
            require(pauseBetweenRunsNanos >= 0, "pause between runs must not be negative");
            require(saturationBoundNanos > 0, "saturation bound must be > 0");
            require(sampleTimeoutNanos > 0, "sample timeout must be > 0");
            require(unansweredAgeBoundNanos > 0, "unanswered-age bound must be > 0");
            require(risingFactor > 1 && Double.isFinite(risingFactor), "rising factor must be a number above 1 (was "
                    + risingFactor + ")");
            require(risingFloorNanos >= 0, "rising floor must not be negative");
            require(highestTrackableNanos >= 1_000_000, "highest trackable latency must be at least 1 ms");
            Objects.requireNonNull(clock, "clock");
            Objects.requireNonNull(waitStrategy, "waitStrategy");
            int available = Machine.cpus();
            for (int cpu : cpus) {
                require(cpu >= 0 && cpu < available, "unknown CPU " + cpu + " (this machine has CPUs 0-"
                        + (available - 1) + ")");
            }
            return new HarnessConfig(this);
        }

        private static void require(boolean condition, String message) {
            if (!condition) {
                throw new IllegalArgumentException(message);
            }
        }
    }
}
