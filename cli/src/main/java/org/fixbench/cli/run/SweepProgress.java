package org.fixbench.cli.run;

import java.io.PrintStream;
import java.util.Locale;
import java.util.function.LongSupplier;

import org.fixbench.harness.ProgressListener;
import org.fixbench.harness.api.HarnessConfig;
import org.fixbench.harness.results.RunResult;

/**
 * The progress lines of one call of a sweep: before each warm-up and run, which benchmark (or turn) of how many, what
 * it is doing, the time since the call began, and the planned work left ({@link Sweep#remainingMillis}). Made anew
 * for every call, so that what a call has done is its own (a knee search calls a sweep once per step).
 */
final class SweepProgress implements ProgressListener {
    private final PrintStream out;
    private final LongSupplier clockMillis;
    private final long plannedNanos;
    private final int benchmarks;
    private final int rounds;
    private final long startMillis;
    private long doneNanos;
    private int index;
    private String label;
    private HarnessConfig config;
    private int round;

    /**
     * @param plannedNanos the call's planned work: its schedules summed
     * @param benchmarks how many benchmarks (grouped) or turns a round (interleaved) the lines count
     * @param rounds the interleaved rounds; 0: grouped, each benchmark's runs together
     */
    SweepProgress(PrintStream out, LongSupplier clockMillis, long plannedNanos, int benchmarks, int rounds) {
        this.out = out;
        this.clockMillis = clockMillis;
        this.plannedNanos = plannedNanos;
        this.benchmarks = benchmarks;
        this.rounds = rounds;
        this.startMillis = clockMillis.getAsLong();
    }

    /** The next benchmark (or turn) starts: the {@code index}th, called {@code label}, run with {@code config}. */
    void starting(int index, String label, HarnessConfig config, int round) {
        this.index = index;
        this.label = label;
        this.config = config;
        this.round = round;
    }

    /** The benchmark (or turn) run with {@code config} ended: its schedule counts as done. */
    void ended(HarnessConfig config) {
        doneNanos += Sweep.plannedNanos(config);
    }

    @Override
    public void runStarting(String benchmark, int run, int runs, boolean warmup) {
        long elapsedMillis = clockMillis.getAsLong() - startMillis;
        HarnessConfig c = config;
        long withinNanos = warmup ? 0 : c.warmupScheduleNanos() + (run - 1L) * c.iterationsPerRun() * c.intervalNanos();
        long remainingMillis = Sweep.remainingMillis(plannedNanos, doneNanos + withinNanos, elapsedMillis);
        String what = rounds > 0 ? "round " + round + "/" + rounds + (warmup ? " warm-up" : " run")
                : warmup ? "warm-up" : "run " + run + "/" + runs;
        out.printf(Locale.ROOT, "[progress] %d/%d %s %s - elapsed %s, about %s of planned work left%n",
                index, benchmarks, label, what, clock(elapsedMillis), clock(remainingMillis));
    }

    @Override
    public void runEnded(String benchmark, RunResult result) {
        // the harness prints the run itself
    }

    static String clock(long millis) {
        long s = millis / 1000;
        return s >= 60 ? (s / 60) + "m" + String.format(Locale.ROOT, "%02d", s % 60) + "s" : s + "s";
    }
}
