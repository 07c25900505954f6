package org.fixbench.cli.run;

import java.util.List;

import org.fixbench.harness.results.BenchmarkResult;

/**
 * What one call of a {@link Sweep} measured: its results, in the order planned (an interleaved sweep's runs merged
 * per benchmark), and why it stopped early, or null when it ran to the end.
 */
public record SweepOutcome(List<BenchmarkResult> results, String stopReason) {
    public SweepOutcome {
        results = List.copyOf(results);
    }

    public boolean stopped() {
        return stopReason != null;
    }
}
