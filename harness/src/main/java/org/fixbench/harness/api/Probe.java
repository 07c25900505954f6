package org.fixbench.harness.api;

import org.fixbench.harness.series.LatencySeries;

/**
 * A named latency series recorded at some point inside the code under test. Thread-safe, wait-free and
 * allocation-free per sample.
 */
public final class Probe {
    private final String name;
    private final LatencySeries series;

    public Probe(String name, long highestTrackableNanos) {
        this.name = name;
        this.series = new LatencySeries(highestTrackableNanos);
    }

    public String name() {
        return name;
    }

    /** The first moment a run's iterations may start at: set by the timed run as each run opens. */
    private volatile long runStartNanos = Long.MIN_VALUE;

    /** Records one duration in nanoseconds. Negative values are recorded as 0 and counted as clamped. */
    public void sampleNanos(long nanos) {
        series.record(nanos);
    }

    /**
     * Records {@code nowNanos - startNanos} for the iteration given {@code startNanos}, only if that iteration is the
     * current run's (it started at or after the run opened): a late answer to a warm-up's iteration is not the run's.
     */
    public void sampleIteration(long startNanos, long nowNanos) {
        if (startNanos >= runStartNanos) {
            series.record(nowNanos - startNanos);
        }
    }

    /** The run that opens now starts its iterations at or after {@code startNanos} (the timed run calls this). */
    public void runOpens(long startNanos) {
        runStartNanos = startNanos;
    }

    /** The series the samples go into: the timed run resets it and takes it at each run's end. */
    public LatencySeries series() {
        return series;
    }
}
