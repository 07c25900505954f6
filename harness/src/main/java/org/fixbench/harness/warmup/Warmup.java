package org.fixbench.harness.warmup;

import java.io.PrintStream;
import java.util.List;
import java.util.Locale;

import org.fixbench.harness.api.HarnessConfig;
import org.fixbench.harness.api.Idler;
import org.fixbench.harness.api.LatencyTask;
import org.fixbench.harness.api.NanoClock;
import org.fixbench.harness.machine.CompilerThreads;
import org.fixbench.harness.machine.MachineWatch;
import org.fixbench.harness.results.RunResult;
import org.fixbench.harness.timed.TimedRun;
import org.fixbench.harness.verdict.RunStatus;
import org.fixbench.harness.verdict.Verdicts;

/**
 * The warm-up that drives {@link WarmupPolicy}: the scheduled passes, which leave the CPU to the JIT compilers between
 * sends (the warm-up idler), then, when the configuration watches the JIT, settling passes at the run's rate and with
 * the run's own idler until the policy finds the compilers of every watched JVM quiet, or its cap; a settling pass
 * that found the compilers busy parks the load until they are quiet. Settling again before a run at a new rate, or
 * before a run measured again, is the same settling.
 */
public final class Warmup {
    /** The longest idle between polls in the warm-up's scheduled passes, which leave the CPU to the compilers. */
    public static final long WARMUP_POLL_IDLE_CAP_NANOS = 1_000_000;

    /** A scheduled warm-up pass, measured as a run is (its verdict says what broke): the conductor's. */
    public interface Pass {
        RunResult measure(long iterations, long ratePerSecond);
    }

    private final HarnessConfig config;
    private final NanoClock clock;
    private final PrintStream out;
    private final LatencyTask task;
    private final TimedRun timed;
    private final MachineWatch machine;
    /** Iterations all settling passes sent so far. */
    private long settledIterations;
    private long iterationsDone = -1;
    private boolean lastSettleCapped;
    /** Why the last settling ended the benchmark (no sample came), or null. */
    private String settleAbort;
    private String note;

    public Warmup(HarnessConfig config, PrintStream out, LatencyTask task, TimedRun timed, MachineWatch machine) {
        this.config = config;
        this.clock = config.clock();
        this.out = out;
        this.task = task;
        this.timed = timed;
        this.machine = machine;
    }

    /** The whole warm-up; returns the reason the benchmark must end, or null. */
    public String warmUp(Pass pass) {
        long warmStart = clock.nanoTime();
        long[] passIterations = config.warmupPassIterations();
        long[] passRates = config.warmupPassRates();
        int passes = passIterations.length;
        String abortReason = null;
        long done = 0;
        machine.exercise(true);
        for (int p = 0; p < passes && abortReason == null; p++) {
            RunResult warm = pass.measure(passIterations[p], passRates[p]);
            done += passIterations[p];
            if (warm.status() == RunStatus.FAILED) {
                // a pass that parks between sends may fall behind or queue: only what broke is worth a line
                out.println("Warm up pass " + (p + 1) + " of " + passes + " (" + passRates[p] + "/s): "
                        + warm.reason());
            }
            if (warm.received() == 0 || timed.failure() != null) {
                abortReason = timed.failure() != null ? timed.failure()
                        : Verdicts.noSamples(warm.sent(), config.sampleTimeoutNanos());
            }
        }
        String jit = "";
        if (config.warmupUntilJitQuiet() && config.warmupCapNanos() == 0) {
            jit = "; no settling passes (a warm-up cap of 0)";
        } else if (config.warmupUntilJitQuiet() && abortReason == null && passes > 0) {
            long before = settledIterations;
            jit = settle(config.targetRatePerSecond());
            done += settledIterations - before;
            if (timed.failure() != null) {
                abortReason = timed.failure();
            } else if (settleAbort != null) {
                abortReason = settleAbort;
            }
        }
        machine.exercise(false);
        this.iterationsDone = done;
        out.printf("Warm up complete (%,d iterations took %.3f s: %d scheduled pass(es)%s)%n", done,
                (clock.nanoTime() - warmStart) / 1e9, passes, jit);
        return abortReason;
    }

    /** Settles at {@code ratePerSecond} and says so after {@code what}; false when the task failed meanwhile. */
    public boolean settleAt(long ratePerSecond, String what) {
        String settled = settle(ratePerSecond);
        out.printf(Locale.ROOT, "%s %,d/s%s%n", what, ratePerSecond, settled);
        return timed.failure() == null;
    }

    /**
     * Settling passes at {@code ratePerSecond} with the run's idler until {@link WarmupPolicy} finds the compilers of
     * every watched JVM quiet, or its cap; returns the sentence for the warm-up's line. A cap of 0: none.
     */
    private String settle(long ratePerSecond) {
        if (!config.warmupUntilJitQuiet() || config.warmupCapNanos() == 0) {
            return "";
        }
        WarmupPolicy policy = WarmupPolicy.defaults(config.warmupCapNanos());
        long settleIterations = HarnessConfig.settlingPassIterations(ratePerSecond);
        CompilerThreads compilers = config.compileTimeSource() == null ? machine.compilerThreads() : null;
        settleAbort = null;
        machine.exercise(true); // its once-a-second reading inside a run must find its code compiled
        while (settleAbort == null && timed.failure() == null && !policy.done()) {
            long jitBefore = compilers != null ? compilers.busyNanos() : ownCompileNanos();
            long passStart = clock.nanoTime();
            long answered = timed.settlingPass(task, settleIterations, ratePerSecond);
            // a pass spans at least its schedule: its clock time ends at the last reply, a little short of the
            // schedule's end, and four quarter-second passes must make the one-second stretch, not need a fifth
            long wallNanos = Math.max(clock.nanoTime() - passStart,
                    settleIterations * (HarnessConfig.NANOS_PER_SECOND / ratePerSecond));
            long jitAfter = compilers != null ? compilers.busyNanos() : ownCompileNanos();
            settledIterations += settleIterations;
            if (answered == 0 && timed.failure() == null) {
                settleAbort = Verdicts.noSamples(settleIterations, config.sampleTimeoutNanos());
            }
            long passJit = jitBefore < 0 || jitAfter < 0 ? -1 : jitAfter - jitBefore;
            policy.settlingPassEnded(wallNanos, passJit);
            if (!policy.done() && passJit >= 0 && policy.passWasBusy(wallNanos, passJit)) {
                policy.parked(parkForCompilers(compilers, policy));
            }
        }
        machine.exercise(false);
        lastSettleCapped = policy.decision() == WarmupPolicy.Decision.CAPPED;
        String jit = "; " + policy.describe();
        if (policy.decision() == WarmupPolicy.Decision.CAPPED) {
            List<String> compiling = config.compileTimeSource() != null ? List.of() : machine.compilingNow();
            String capped = String.format(Locale.ROOT, "warm-up at %,d/s ended at its cap of %.0f s of "
                            + "settling with the JIT still compiling (%d ms compiling, on a CPU or waiting for one, over its last %.1f s)%s: "
                            + "the measured run may include compiling; see the latency-over-time chart",
                    ratePerSecond, policy.capNanos() / 1e9, policy.stretchJitNanos() / 1_000_000,
                    policy.stretchWallNanos() / 1e9, compiling.isEmpty() ? ""
                            : "; compiling or queued: " + String.join(", ", compiling));
            note = note == null ? capped : note + "; " + capped;
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
    private long parkForCompilers(CompilerThreads compilers, WarmupPolicy policy) {
        long start = clock.nanoTime();
        long before = compilers != null ? compilers.busyNanos() : ownCompileNanos();
        Idler parkIdler = config.warmupIdler();
        boolean polls = task.pollsOnTimedThread();
        while (timed.failure() == null && before >= 0) {
            long stepStart = clock.nanoTime();
            long until = stepStart + WarmupPolicy.PARK_STEP_NANOS;
            long now;
            while ((now = clock.nanoTime()) < until && timed.failure() == null) {
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

    /** Compile time so far, ns: a test's source, or this JVM's (CompilationMXBean, ms); -1 where not monitored. */
    private long ownCompileNanos() {
        if (config.compileTimeSource() != null) {
            return config.compileTimeSource().getAsLong();
        }
        long millis = MachineWatch.jitMillis();
        return millis < 0 ? -1 : millis * 1_000_000L;
    }

    /** Iterations the warm-up sent, scheduled and settling; -1 before it ran. */
    public long iterationsDone() {
        return iterationsDone;
    }

    /** Whether the last settling ended at its cap with the compilers still busy. */
    public boolean lastSettleCapped() {
        return lastSettleCapped;
    }

    /** A sentence for reports when a settling ended at its cap with the JIT still compiling; null otherwise. */
    public String note() {
        return note;
    }
}
