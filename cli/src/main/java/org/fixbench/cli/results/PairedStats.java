package org.fixbench.cli.results;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * Statistics on a few runs that make no assumption about their distribution.
 *
 * <p>{@link #median} gives the median of paired differences with a distribution-free interval from order statistics:
 * the true median lies between the j-th smallest and j-th largest of n values with probability
 * {@code 1 − 2·P(Binomial(n, ½) ≤ j − 1)}; j is the largest for which that is at least 95%, or 1 (lowest to highest)
 * when n is too small for 95%, in which case the coverage is stated as it is (75% for 3 values, 93.8% for 5).
 *
 * <p>{@link #modes} says whether values (e.g. the floor's run p50s) fall into two groups: sorted, split at the
 * largest gap; two modes when each side has at least two values and the gap exceeds both 1 µs and twice the wider
 * side's own range.
 */
public final class PairedStats {
    public static final double TARGET_COVERAGE = 0.95;

    public record Interval(double median, double low, double high, double coverage, int n) {
        public String text(java.util.function.DoubleFunction<String> format) {
            if (n == 0) {
                return "-";
            }
            if (n == 1) {
                return format.apply(median) + " (1 pair, no interval)";
            }
            return String.format(Locale.ROOT, "%s [%s – %s] (%d pairs, %.0f%%)", format.apply(median),
                    format.apply(low), format.apply(high), n, 100 * coverage);
        }
    }

    /** Two groups of values split at {@code split} (low: values ≤ split), or none. */
    public record Modes(boolean bimodal, double split, double[] low, double[] high) {
        public String modeOf(double value) {
            return !bimodal ? "" : value <= split ? "low" : "high";
        }
    }

    private PairedStats() {
    }

    public static Interval median(double[] values) {
        int n = values.length;
        if (n == 0) {
            return new Interval(Double.NaN, Double.NaN, Double.NaN, 0, 0);
        }
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        double median = n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2.0;
        int j = 1;
        while (j + 1 <= (n + 1) / 2 && coverage(n, j + 1) >= TARGET_COVERAGE) {
            j++;
        }
        return new Interval(median, sorted[j - 1], sorted[n - j], coverage(n, j), n);
    }

    /** {@code 1 − 2·P(Binomial(n, ½) ≤ j − 1)}: the probability that [x(j), x(n−j+1)] holds the median. */
    public static double coverage(int n, int j) {
        double tail = 0;
        for (int k = 0; k <= j - 1; k++) {
            tail += binomial(n, k) / Math.pow(2, n);
        }
        return Math.max(0, 1 - 2 * tail);
    }

    public static double binomial(int n, int k) {
        double c = 1;
        for (int i = 1; i <= k; i++) {
            c = c * (n - k + i) / i;
        }
        return c;
    }

    public static Modes modes(double[] values) {
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        int n = sorted.length;
        if (n < 4) {
            return new Modes(false, Double.NaN, sorted, new double[0]);
        }
        int at = -1;
        double gap = -1;
        for (int i = 1; i < n; i++) {
            if (sorted[i] - sorted[i - 1] > gap) {
                gap = sorted[i] - sorted[i - 1];
                at = i;
            }
        }
        double[] low = Arrays.copyOfRange(sorted, 0, at);
        double[] high = Arrays.copyOfRange(sorted, at, n);
        double widest = Math.max(range(low), range(high));
        boolean bimodal = low.length >= 2 && high.length >= 2 && gap > 1_000 && gap > 2 * widest;
        return bimodal ? new Modes(true, low[low.length - 1], low, high)
                : new Modes(false, Double.NaN, sorted, new double[0]);
    }

    private static double range(double[] v) {
        return v.length == 0 ? 0 : v[v.length - 1] - v[0];
    }

    /** The values as a list, for messages. */
    public static List<Double> list(double[] values) {
        List<Double> l = new ArrayList<>();
        for (double v : values) {
            l.add(v);
        }
        return l;
    }
}
