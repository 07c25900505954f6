package org.fixbench.harness.series;

import java.util.concurrent.atomic.AtomicLong;

import org.HdrHistogram.Histogram;
import org.HdrHistogram.Recorder;

/**
 * One series of latencies: an HdrHistogram {@link Recorder} (multi-writer, wait-free, fixed range so it never
 * resizes or allocates) plus the exact largest value, because a histogram only knows its bucket.
 */
public final class LatencySeries {
    static final int SIGNIFICANT_DIGITS = 3;

    private final long highestTrackableNanos;
    private final Recorder recorder;
    private final AtomicLong maxNanos = new AtomicLong(-1);
    private final AtomicLong clampedCount = new AtomicLong();
    private Histogram recycled;

    public LatencySeries(long highestTrackableNanos) {
        this.highestTrackableNanos = highestTrackableNanos;
        this.recorder = new Recorder(1, highestTrackableNanos, SIGNIFICANT_DIGITS);
    }

    public void record(long nanos) {
        long value = nanos;
        if (value < 0 || value > highestTrackableNanos) {
            clampedCount.incrementAndGet();
            value = value < 0 ? 0 : highestTrackableNanos;
        }
        recorder.recordValue(value);
        long max = maxNanos.get();
        while (value > max && !maxNanos.compareAndSet(max, value)) {
            max = maxNanos.get();
        }
    }

    /** Takes everything recorded since the last call and starts a new interval. */
    public SeriesData takeInterval() {
        Histogram histogram = recorder.getIntervalHistogram(recycled);
        long exactMax = maxNanos.getAndSet(-1);
        long clamped = clampedCount.getAndSet(0);
        Histogram copy = histogram.copy();
        recycled = histogram;
        long max = 0;
        if (copy.getTotalCount() > 0) {
            long bucketMax = copy.getMaxValue();
            // A sample racing the interval swap may land in one interval and its max in the other.
            boolean exactFits = exactMax >= copy.lowestEquivalentValue(bucketMax)
                    && exactMax <= copy.highestEquivalentValue(bucketMax);
            max = exactFits ? exactMax : bucketMax;
        }
        return new SeriesData(copy, max, clamped);
    }

    /** Discards everything recorded so far. */
    public void reset() {
        takeInterval();
    }
}
