package org.fixbench.harness.warmup;

import java.io.PrintStream;
import java.util.Locale;

import org.fixbench.harness.api.HarnessConfig;
import org.fixbench.harness.machine.CpuWait;
import org.fixbench.harness.results.RunResult;
import org.fixbench.harness.verdict.Verdicts;

/**
 * Whether a run is measured again: one JVM's JIT compilers took more than {@link Verdicts#REMEASURE_JIT_SHARE} of its
 * wall time (the CPU of each JVM's compiler threads, read from /proc; with a test's compile-time source, that source).
 * Set before the run and on the compilers' CPU alone; it never looks at the latencies. The first attempt is kept
 * beside the second as a {@link org.fixbench.harness.results.Remeasure}.
 */
public final class RemeasureRule {
    private RemeasureRule() {
    }

    /**
     * Null, or why {@code run} must be measured again. Only where the warm-up waits for the compilers (a cap above 0), only when they
     * had gone quiet before the run ({@code settlingCapped} false: a warm-up that ended at its cap found compilers that
     * do not stop), never for a run already measured twice, and never for one that fell further short of its rate
     * (sends or replies per second) than the compilers' share of it could explain; that exemption is said on {@code
     * out}.
     *
     * @param sourceCompileNanos with a test's compile-time source, its compile time inside the run
     * @param runWallNanos       with a test's compile-time source, the run's span on the benchmark's clock
     */
    public static String compiledInRun(RunResult run, HarnessConfig config, boolean settlingCapped,
                                       long sourceCompileNanos, long runWallNanos, PrintStream out) {
        if (!config.remeasuresCompiledRuns() || run.remeasure() != null || settlingCapped) {
            return null;
        }
        String who;
        long compileNanos;
        long wallNanos;
        if (config.compileTimeSource() != null) {
            who = "the compilers";
            compileNanos = sourceCompileNanos;
            wallNanos = runWallNanos;
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
        if (share <= Verdicts.REMEASURE_JIT_SHARE) {
            return null;
        }
        String compiled = String.format(Locale.ROOT, "%s took %d ms of CPU inside it, %.1f%% of its %.1f s "
                + "(more than %.0f%%)", who, compileNanos / 1_000_000, 100 * share, wallNanos / 1e9,
                100 * Verdicts.REMEASURE_JIT_SHARE);
        // compilers that took a share of the run could have held the load up for that share of it at most: a run
        // that fell further short of its rate fell short whatever they did, and is not measured again
        long target = config.runRate(run.run());
        double shortfall = 1 - Math.min(run.achievedRatePerSecond(), run.completionRatePerSecond()) / target;
        if (config.pacing().isEven() && shortfall > share + Verdicts.RATE_TOLERANCE) {
            out.printf(Locale.ROOT, "Run %d of %d not measured again: %s, but it fell %.1f%% short of its "
                            + "rate, more than compiling for %.1f%% of it explains%n", run.run(), config.runs(), compiled,
                    100 * shortfall, 100 * share);
            return null;
        }
        return compiled;
    }
}
