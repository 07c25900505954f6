package org.fixbench.harness;

import java.util.Locale;

import org.fixbench.harness.api.EmptyTask;
import org.fixbench.harness.api.HarnessConfig;
import org.fixbench.harness.machine.Environment;
import org.fixbench.harness.results.BenchmarkResult;

/**
 * What the clock and the harness themselves cost on this machine, measured before anything else so that results
 * can be read against it: the cost of one {@link System#nanoTime()} call, its granularity (the smallest step seen
 * between two consecutive calls), the kernel clocksource, and the floor an empty task shows at a given rate.
 */
public final class Calibration {
    private Calibration() {
    }

    public record Clock(double nanoTimeCostNanos, long granularityNanos, String clocksource) {
        public String describe() {
            return String.format(Locale.ROOT, "System.nanoTime(): %.1f ns per call, granularity %d ns, clocksource %s",
                    nanoTimeCostNanos, granularityNanos, clocksource);
        }
    }

    public static Clock measureClock() {
        for (int warm = 0; warm < 3; warm++) {
            costOfNanoTime(1_000_000);
        }
        double cost = costOfNanoTime(5_000_000);
        long granularity = Long.MAX_VALUE;
        long previous = System.nanoTime();
        for (int i = 0; i < 2_000_000; i++) {
            long now = System.nanoTime();
            long step = now - previous;
            if (step > 0 && step < granularity) {
                granularity = step;
            }
            previous = now;
        }
        return new Clock(cost, granularity == Long.MAX_VALUE ? 0 : granularity, Environment.clocksource());
    }

    private static double costOfNanoTime(int calls) {
        long sink = 0;
        long start = System.nanoTime();
        for (int i = 0; i < calls; i++) {
            sink += System.nanoTime();
        }
        long elapsed = System.nanoTime() - start;
        if (sink == 42) {
            System.out.print("");
        }
        return elapsed / (double) calls;
    }

    /** The harness's floor: an empty task at {@code config}'s rate. */
    public static BenchmarkResult floor(HarnessConfig config, java.io.PrintStream out) {
        return new LatencyBenchmark(config, out, ProgressListener.NONE).run(new EmptyTask(), java.util.Map.of());
    }
}
