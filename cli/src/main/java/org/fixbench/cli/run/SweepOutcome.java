package org.fixbench.cli.run;

import java.util.List;

import org.fixbench.harness.results.BenchmarkResult;

/**
 * What one call of a {@link Sweep} measured: its results, in the order planned (an interleaved sweep's runs merged
 * per benchmark), why it stopped early (null when it ran to the end), and why each contender it left out ended early
 * (it went on with the others).
 */
public record SweepOutcome(List<BenchmarkResult> results, String stopReason, List<String> leftOut) {
    public SweepOutcome {
        results = List.copyOf(results);
        leftOut = List.copyOf(leftOut);
    }

    /** Nothing left out. */
    public SweepOutcome(List<BenchmarkResult> results, String stopReason) {
        this(results, stopReason, List.of());
    }

    public boolean stopped() {
        return stopReason != null;
    }
}
