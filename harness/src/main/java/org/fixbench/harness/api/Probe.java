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

    /** Records one duration in nanoseconds. Negative values are recorded as 0 and counted as clamped. */
    public void sampleNanos(long nanos) {
        series.record(nanos);
    }

    /** The series the samples go into: the timed run resets it and takes it at each run's end. */
    public LatencySeries series() {
        return series;
    }
}
