package org.fixbench.harness.series;

import java.util.ArrayList;
import java.util.List;

import org.HdrHistogram.AtomicHistogram;
import org.HdrHistogram.Histogram;

/**
 * A run's latencies by when their orders were due: one histogram per interval of the schedule, so a run has a
 * timeline (pauses and saturation show in the interval they happened in). An order belongs to the interval of its
 * iteration number, not of its reply, so the timeline is a function of the schedule alone (the same on every clock).
 *
 * <p>An interval is one second of schedule ({@code ratePerSecond} iterations), or longer for runs of more than
 * {@link #MAX_INTERVALS} seconds, so memory stays bounded: at most {@value #MAX_INTERVALS} histograms of
 * {@value #SIGNIFICANT_DIGITS} significant digits (values within 1%) per series. The run's own histogram keeps full
 * precision. Histograms are allocated in {@link #reset}, never while recording; {@link #record} is thread-safe and
 * allocation-free.
 */
public final class Timeline {
    static final int MAX_INTERVALS = 600;
    public static final int SIGNIFICANT_DIGITS = 2;

    private final long highestTrackableNanos;
    private AtomicHistogram[] intervals = new AtomicHistogram[0];
    private volatile long iterationsPerInterval = 1;
    private volatile int used;

    public Timeline(long highestTrackableNanos) {
        this.highestTrackableNanos = highestTrackableNanos;
    }

    /** Iterations per interval for a run: one second of schedule, more when that would exceed the cap. */
    static long iterationsPerInterval(long iterations, long ratePerSecond) {
        long perSecond = Math.max(1, ratePerSecond);
        long atCap = (iterations + MAX_INTERVALS - 1) / MAX_INTERVALS;
        return Math.max(perSecond, atCap);
    }

    /** Starts a run of {@code iterations}: empties the intervals it needs, allocating any it lacks. */
    public void reset(long iterations, long ratePerSecond) {
        long per = iterationsPerInterval(iterations, ratePerSecond);
        int needed = (int) Math.max(1, (iterations + per - 1) / per);
        if (intervals.length < needed) {
            AtomicHistogram[] grown = java.util.Arrays.copyOf(intervals, needed);
            for (int i = intervals.length; i < needed; i++) {
                grown[i] = new AtomicHistogram(1, highestTrackableNanos, SIGNIFICANT_DIGITS);
            }
            intervals = grown;
        }
        for (int i = 0; i < needed; i++) {
            intervals[i].reset();
        }
        iterationsPerInterval = per;
        used = needed;
    }

    /** Records the latency of iteration {@code index} of the run (clamped to the trackable range). */
    public void record(long index, long nanos) {
        int slot = (int) Math.min(index / iterationsPerInterval, used - 1);
        if (slot < 0) {
            return;
        }
        intervals[slot].recordValue(Math.max(0, Math.min(nanos, highestTrackableNanos)));
    }

    /**
     * The run's intervals that hold samples, as plain histograms stamped with their place on the schedule (start and
     * end in epoch milliseconds, the run having started at {@code runStartEpochMillis}).
     */
    public List<Histogram> take(long runStartEpochMillis, long scheduleIntervalNanos) {
        List<Histogram> out = new ArrayList<>();
        double intervalMillis = iterationsPerInterval * (double) scheduleIntervalNanos / 1e6;
        for (int i = 0; i < used; i++) {
            AtomicHistogram source = intervals[i];
            if (source.getTotalCount() == 0) {
                continue;
            }
            Histogram copy = new Histogram(1, highestTrackableNanos, SIGNIFICANT_DIGITS);
            copy.add(source);
            copy.setStartTimeStamp(runStartEpochMillis + Math.round(i * intervalMillis));
            copy.setEndTimeStamp(runStartEpochMillis + Math.round((i + 1) * intervalMillis));
            out.add(copy);
        }
        return out;
    }
}
