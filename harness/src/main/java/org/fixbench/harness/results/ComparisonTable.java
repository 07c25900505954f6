package org.fixbench.harness.results;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;

import org.fixbench.harness.series.SeriesData;

/**
 * Several benchmarks side by side: a row per percentile, a column per benchmark, each cell that percentile of all
 * the benchmark's counted runs' samples of one series together (runs that are not OK included, and flagged), in µs;
 * the "worst" row is the largest value of all counted runs, not a median.
 * Rendered as a Markdown table, which reads as plain text too.
 */
public final class ComparisonTable {
    public static final double[] PERCENTILES = {50, 90, 99, 99.9, 99.99, 100};

    private ComparisonTable() {
    }

    /** Median across counted runs of {@code percentile} of {@code series}, in ns; NaN when nothing was measured. */
    public static double medianNanos(BenchmarkResult result, String series, double percentile) {
        return medianNanos(result.countedRuns(), series, percentile);
    }

    /** The median over {@code runs} of {@code series}' percentile, in ns; NaN when none measured it. */
    public static double medianNanos(List<RunResult> runs, String series, double percentile) {
        double[] values = runs.stream()
                .map(r -> r.series().get(series))
                .filter(d -> d != null && d.count() > 0)
                .mapToDouble(d -> d.percentileNanos(percentile)).sorted().toArray();
        if (values.length == 0) {
            return Double.NaN;
        }
        int mid = values.length / 2;
        return values.length % 2 == 1 ? values[mid] : (values[mid - 1] + values[mid]) / 2.0;
    }

    /**
     * The percentile of all counted runs' samples of {@code series} together (HdrHistogram's add: the distribution
     * the percentile chart draws), in ns, never above the exact maximum; NaN when nothing was measured.
     */
    public static double pooledNanos(BenchmarkResult result, String series, double percentile) {
        return pooledNanos(result.countedRuns(), series, percentile);
    }

    public static double pooledNanos(List<RunResult> runs, String series, double percentile) {
        org.HdrHistogram.Histogram all = null;
        long max = Long.MIN_VALUE;
        for (RunResult r : runs) {
            SeriesData d = r.series().get(series);
            if (d == null || d.count() == 0) {
                continue;
            }
            if (all == null) {
                all = d.histogram().copy();
            } else {
                all.add(d.histogram());
            }
            max = Math.max(max, d.maxNanos());
        }
        if (all == null) {
            return Double.NaN;
        }
        return percentile >= 100 ? max : Math.min(all.getValueAtPercentile(percentile), max);
    }

    /** The lowest and highest of the counted runs' own values of a percentile, in ns; NaNs when none. */
    public static double[] runRange(BenchmarkResult result, String series, double percentile) {
        double[] values = result.countedRuns().stream().map(r -> r.series().get(series))
                .filter(d -> d != null && d.count() > 0).mapToDouble(d -> d.percentileNanos(percentile)).toArray();
        return values.length == 0 ? new double[] {Double.NaN, Double.NaN}
                : new double[] {java.util.Arrays.stream(values).min().getAsDouble(),
                java.util.Arrays.stream(values).max().getAsDouble()};
    }

    /** The largest value of {@code series} over all counted runs, in ns; NaN when nothing was measured. */
    public static double worstNanos(BenchmarkResult result, String series) {
        return result.countedRuns().stream().map(r -> r.series().get(series)).filter(d -> d != null && d.count() > 0)
                .mapToDouble(SeriesData::maxNanos).max().orElse(Double.NaN);
    }

    public static String percentileLabel(double p) {
        return p >= 100 ? "worst" : TextReport.percentileName(p);
    }

    /** One column: a series of one benchmark. */
    public record Column(String name, BenchmarkResult result, String series) {
    }

    /** The table: {@code columnName} names each column; FAILED runs add a {@code *} to a column's header. */
    public static String markdown(List<BenchmarkResult> results, String series,
                                  Function<BenchmarkResult, String> columnName) {
        return markdown(results.stream().map(r -> new Column(columnName.apply(r), r, series)).toList());
    }

    public static String markdown(List<Column> columns) {
        StringBuilder sb = new StringBuilder();
        List<String> header = new ArrayList<>(List.of("percentile (µs)"));
        for (Column c : columns) {
            header.add(c.name() + (c.result().allOk() ? "" : " *"));
        }
        row(sb, header);
        String[] rule = new String[header.size()];
        Arrays.fill(rule, "---:");
        rule[0] = "---";
        row(sb, List.of(rule));
        for (double p : PERCENTILES) {
            List<String> cells = new ArrayList<>(List.of(percentileLabel(p)));
            for (Column c : columns) {
                cells.add(micros(p >= 100 ? worstNanos(c.result(), c.series()) : pooledNanos(c.result(), c.series(), p)));
            }
            row(sb, cells);
        }
        return sb.toString();
    }

    public static String micros(double nanos) {
        if (Double.isNaN(nanos)) {
            return "-";
        }
        double us = nanos / 1000.0;
        double size = Math.abs(us);
        return size < 10 ? String.format(Locale.ROOT, "%.2f", us)
                : size < 1000 ? String.format(Locale.ROOT, "%.1f", us) : String.format(Locale.ROOT, "%,.0f", us);
    }

    static void row(StringBuilder sb, List<String> cells) {
        sb.append("| ").append(String.join(" | ", cells)).append(" |\n");
    }
}
