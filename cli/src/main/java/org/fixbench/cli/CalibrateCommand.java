package org.fixbench.cli;

import java.util.Map;
import java.util.concurrent.Callable;

import org.fixbench.cli.options.RunOptions;
import org.fixbench.cli.run.BenchmarkSession;
import org.fixbench.harness.ProgressListener;
import org.fixbench.harness.api.EmptyTask;
import org.fixbench.harness.results.BenchmarkResult;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** The clock's cost and granularity, the clocksource, and the harness's floor: an empty task at the rate. */
@Command(name = "calibrate", description = "Measure System.nanoTime() and the harness floor (an empty task) at a rate.")
final class CalibrateCommand implements Callable<Integer> {
    @Mixin
    RunOptions options;

    @Option(names = "--rate", description = "iterations per second for the floor (default: ${DEFAULT-VALUE})")
    long rate = 100_000;

    @Override
    public Integer call() {
        var config = options.configure("empty-task-" + rate, rate, 2_000_000_000L, 1_000_000_000L).build();
        BenchmarkSession session = new BenchmarkSession(options, System.out);
        BenchmarkResult floor = session.run(config, new EmptyTask(), Map.of("task", "empty"), ProgressListener.NONE);
        System.out.println();
        System.out.println("Harness floor (empty task) at " + rate + "/s, end to end, median of runs:");
        System.out.print(org.fixbench.harness.results.ComparisonTable.markdown(java.util.List.of(floor),
                org.fixbench.harness.series.SeriesNames.END_TO_END, r -> "empty task"));
        return session.finish(options.failOnStatuses());
    }
}
