package org.fixbench.harness.series;

import java.util.List;

import org.HdrHistogram.Histogram;

/**
 * What one series recorded in one run: the lossless histogram, its exact maximum, the number of values that
 * fell outside the trackable range (recorded at the range's edge), and, for the end-to-end and service-time series,
 * the run's timeline: one histogram per second of schedule (see {@link Timeline}), each stamped with its start and
 * end; empty for other series.
 */
public record SeriesData(Histogram histogram, long maxNanos, long clampedCount, List<Histogram> timeline)
        implements java.io.Serializable {

    public SeriesData {
        timeline = timeline == null ? List.of() : List.copyOf(timeline);
    }

    public SeriesData(Histogram histogram, long maxNanos, long clampedCount) {
        this(histogram, maxNanos, clampedCount, List.of());
    }

    /** The same data with a timeline. */
    public SeriesData withTimeline(List<Histogram> intervals) {
        return new SeriesData(histogram, maxNanos, clampedCount, intervals);
    }

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
