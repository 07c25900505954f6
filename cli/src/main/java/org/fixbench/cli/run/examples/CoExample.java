package org.fixbench.cli.run.examples;

import java.util.Map;
import java.util.concurrent.Callable;

import org.fixbench.cli.options.Durations;
import org.fixbench.cli.options.RunOptions;
import org.fixbench.cli.run.BenchmarkSession;
import org.fixbench.harness.ProgressListener;
import org.fixbench.harness.api.Harness;
import org.fixbench.harness.api.HarnessConfig;
import org.fixbench.harness.api.LatencyTask;
import org.fixbench.harness.api.NanoClock;
import org.fixbench.harness.results.ComparisonTable;
import org.fixbench.harness.series.SeriesNames;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * The seed's coordinated-omission experiment: a task that stalls 1 ms every 10,000 iterations at 100,000/s, run
 * with correction off and then on. Off, the stall shows only from the 99.99th percentile; on, the ~100 iterations
 * each stall delays are charged too, so about 1% are hit and the 99th percentile is tens to hundreds of µs.
 */
@Command(name = "co", description = "Coordinated omission: a 1 ms stall every 10,000 iterations, correction off vs on.")
public final class CoExample implements Callable<Integer> {
    @Mixin
    RunOptions options;

    @Option(names = "--rate", description = "iterations per second (default: ${DEFAULT-VALUE})")
    long rate = 100_000;

    @Option(names = "--stall-every", description = "stall once every N iterations (default: ${DEFAULT-VALUE})")
    long stallEvery = 10_000;

    @Option(names = "--stall", converter = Durations.class, paramLabel = "DURATION", description = "stall length (default: 1ms)")
    long stallNanos = 1_000_000;

    @Override
    public Integer call() {
        if (stallEvery <= 0 || stallNanos < 0) {
            throw new IllegalArgumentException("--stall-every must be > 0 and --stall must not be negative");
        }
        HarnessConfig off = options.configure("co-off", rate, 2_000_000_000L, 1_000_000_000L)
                .accountForCoordinatedOmission(false).build();
        HarnessConfig on = options.configure("co-on", rate, 2_000_000_000L, 1_000_000_000L)
                .accountForCoordinatedOmission(true).build();
        BenchmarkSession session = new BenchmarkSession(options, System.out);
        session.run(off, new StallingTask(stallEvery, stallNanos), Map.of("coordinatedOmissionCorrection", false),
                ProgressListener.NONE);
        session.run(on, new StallingTask(stallEvery, stallNanos), Map.of("coordinatedOmissionCorrection", true),
                ProgressListener.NONE);
        System.out.println();
        System.out.printf("End to end, median of runs, stall of %s every %,d iterations at %,d/s:%n",
                Durations.format(stallNanos), stallEvery, rate);
        System.out.print(ComparisonTable.markdown(session.results, SeriesNames.END_TO_END,
                r -> r.config().accountForCoordinatedOmission() ? "correction on" : "correction off"));
        return session.finish(options.failOnStatuses());
    }

    /** Samples at once, except that every {@code stallEvery}-th iteration first spins for {@code stallNanos}. */
    public static final class StallingTask implements LatencyTask {
        private final long stallEvery;
        private final long stallNanos;
        private Harness harness;
        private NanoClock clock;
        private long count;

        StallingTask(long stallEvery, long stallNanos) {
            this.stallEvery = stallEvery;
            this.stallNanos = stallNanos;
        }

        @Override
        public void init(Harness harness) {
            this.harness = harness;
            this.clock = harness.clock();
        }

        @Override
        public void run(long startNanos) {
            if (++count % stallEvery == 0) {
                long until = clock.nanoTime() + stallNanos;
                while (clock.nanoTime() < until) {
                    Thread.onSpinWait();
                }
            }
            harness.sample(startNanos, clock.nanoTime());
        }
    }
}
