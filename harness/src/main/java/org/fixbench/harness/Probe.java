package org.fixbench.harness;

/**
 * A named latency series recorded at some point inside the code under test. Thread-safe, wait-free and
 * allocation-free per sample.
 */
public final class Probe {
    private final String name;
    final LatencySeries series;

    Probe(String name, long highestTrackableNanos) {
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
}
