package org.fixbench.harness;

import org.HdrHistogram.Histogram;

/**
 * What one series recorded in one run: the lossless histogram, its exact maximum and the number of values that
 * fell outside the trackable range (recorded at the range's edge).
 */
public record SeriesData(Histogram histogram, long maxNanos, long clampedCount) implements java.io.Serializable {

    public long count() {
        return histogram.getTotalCount();
    }

    /** Value at the given percentile (0-100), in nanoseconds; the exact maximum for 100. */
    public long percentileNanos(double percentile) {
        if (percentile >= 100.0) {
            return maxNanos;
        }
        // The histogram answers with the top of the bucket; never report more than was seen.
        return Math.min(histogram.getValueAtPercentile(percentile), maxNanos);
    }
}
