package org.fixbench.harness.timed;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * One measured run's orders one by one, in the order they were due: when each was due after the run's start, its
 * latency from then (from its intended start, when the run corrects for coordinated omission) or {@link #LOST}, and
 * how late it was sent. Made by {@link LatencyBenchmark#lastRunTrace()} after the run, so nothing here is on a hot
 * path; a scripted disturbance (a burst at a known second of the run) reads its windows and ranges.
 */
public final class RunTrace {
    /** The latency of an order never answered within the run. */
    public static final long LOST = -1;

    private final long[] dueOffsetNanos;
    private final long[] latencyNanos;
    private final long[] latenessNanos;
    private final long startNanos;

    /** One stretch of the run's schedule: the orders due in {@code [fromNanos, fromNanos + spanNanos)}. */
    public record Window(long fromNanos, long spanNanos, int orders, int lost, long p50Nanos, long maxNanos,
                         long latencySumNanos, long maxLatenessNanos) {
        /**
         * Orders in flight on average over the window by Little's law: the time its answered orders spent
         * unanswered, over its span.
         */
        public double inFlight() {
            return latencySumNanos / (double) spanNanos;
        }
    }

    public RunTrace(long[] dueOffsetNanos, long[] latencyNanos, long[] latenessNanos) {
        this(dueOffsetNanos, latencyNanos, latenessNanos, 0);
    }

    /** @param startNanos the run's start on the benchmark's clock, from which due offsets count */
    public RunTrace(long[] dueOffsetNanos, long[] latencyNanos, long[] latenessNanos, long startNanos) {
        if (dueOffsetNanos.length != latencyNanos.length || latencyNanos.length != latenessNanos.length) {
            throw new IllegalArgumentException("a run trace needs one due time, latency and lateness per order");
        }
        this.dueOffsetNanos = dueOffsetNanos;
        this.latencyNanos = latencyNanos;
        this.latenessNanos = latenessNanos;
        this.startNanos = startNanos;
    }

    /** The run's start on the benchmark's clock ({@link System#nanoTime} unless a test gave another): offsets' zero. */
    public long startNanos() {
        return startNanos;
    }

    public int orders() {
        return dueOffsetNanos.length;
    }

    public long dueOffsetNanos(int order) {
        return dueOffsetNanos[order];
    }

    public long latencyNanos(int order) {
        return latencyNanos[order];
    }

    public long latenessNanos(int order) {
        return latenessNanos[order];
    }

    /** Orders due in {@code [fromNanos, toNanos)}. */
    public int count(long fromNanos, long toNanos) {
        return first(toNanos) - first(fromNanos);
    }

    /** Orders due in {@code [fromNanos, toNanos)} never answered. */
    public int lost(long fromNanos, long toNanos) {
        int lost = 0;
        for (int i = first(fromNanos), end = first(toNanos); i < end; i++) {
            lost += latencyNanos[i] == LOST ? 1 : 0;
        }
        return lost;
    }

    /**
     * The {@code percentile} (0-100, nearest rank) of the answered orders due in {@code [fromNanos, toNanos)}, exact;
     * -1 when none was answered.
     */
    public long percentileNanos(long fromNanos, long toNanos, double percentile) {
        long[] answered = answered(first(fromNanos), first(toNanos));
        return answered.length == 0 ? -1 : nearestRank(answered, percentile);
    }

    /**
     * The run cut into windows of {@code spanNanos} from its start to its last due order: every window, orders in it
     * or not, so that index {@code w} is the window from {@code w × spanNanos}.
     */
    public List<Window> windows(long spanNanos) {
        if (spanNanos <= 0) {
            throw new IllegalArgumentException("a window must span some time (was " + spanNanos + " ns)");
        }
        List<Window> out = new ArrayList<>();
        if (orders() == 0) {
            return out;
        }
        long last = dueOffsetNanos[orders() - 1];
        for (long from = 0; from <= last; from += spanNanos) {
            int a = first(from);
            int b = first(from + spanNanos);
            long[] answered = answered(a, b);
            long sum = 0;
            long maxLateness = 0;
            for (long v : answered) {
                sum += v;
            }
            for (int i = a; i < b; i++) {
                maxLateness = Math.max(maxLateness, latenessNanos[i]);
            }
            out.add(new Window(from, spanNanos, b - a, (b - a) - answered.length,
                    answered.length == 0 ? -1 : nearestRank(answered, 50),
                    answered.length == 0 ? -1 : answered[answered.length - 1], sum, maxLateness));
        }
        return out;
    }

    /** The index of the first order due at or after {@code offsetNanos} (due times never go back). */
    private int first(long offsetNanos) {
        int lo = 0;
        int hi = dueOffsetNanos.length;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (dueOffsetNanos[mid] < offsetNanos) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo;
    }

    /** The answered latencies of orders {@code [from, to)}, sorted. */
    private long[] answered(int from, int to) {
        long[] out = new long[Math.max(0, to - from)];
        int n = 0;
        for (int i = from; i < to; i++) {
            if (latencyNanos[i] != LOST) {
                out[n++] = latencyNanos[i];
            }
        }
        out = Arrays.copyOf(out, n);
        Arrays.sort(out);
        return out;
    }

    private static long nearestRank(long[] sorted, double percentile) {
        int rank = (int) Math.ceil(percentile / 100.0 * sorted.length);
        return sorted[Math.max(0, Math.min(sorted.length - 1, rank - 1))];
    }
}
