package org.fixbench.cli.report;

import static org.fixbench.cli.report.ChartData.timelines;
import static org.fixbench.cli.report.Charts.HEIGHT;
import static org.fixbench.cli.report.Charts.LATENCY_PATTERN;
import static org.fixbench.cli.report.Charts.SERIES;
import static org.fixbench.cli.report.Charts.WIDTH;
import static org.fixbench.cli.report.Charts.save;
import static org.fixbench.cli.report.Charts.timelineChart;

import java.awt.BasicStroke;
import java.awt.Color;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.fixbench.cli.report.ChartData.RunTimeline;
import org.fixbench.cli.results.SummaryFile;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * The scenarios' own charts: {@code slow-consumer}'s timeline with the stall marked, and the round trips per 10 ms
 * window that every scenario's report draws, its disturbance's start and end marked.
 */
public final class ScenarioCharts {
    static {
        System.setProperty("java.awt.headless", "true");
    }

    private ScenarioCharts() {
    }

    /**
     * The {@code slow-consumer} scenario's chart for one benchmark (one round of one engine at one rate): the
     * {@linkplain Charts#timelineChart timeline} of its two runs, every session's replies together, with the stall's start
     * and end marked as vertical lines (grey, dotted), {@code stallFromSeconds} to {@code stallToSeconds} into the
     * stalled run; saved as {@code charts/NAME.png}. Returns the PNG's path relative to {@code out}.
     */
    public static Path writeStallChart(Path folder, Path out, SummaryFile.Result result, int stalledRun,
                                       double stallFromSeconds, double stallToSeconds, String name) {
        return writeStallChart(folder, out, result, stalledRun, stallFromSeconds, stallToSeconds, name, false);
    }

    /**
     * As above; {@code othersOnly}: the slow session was a client of its own, so the samples are the other
     * sessions' alone, and the title says so.
     */
    public static Path writeStallChart(Path folder, Path out, SummaryFile.Result result, int stalledRun,
                                       double stallFromSeconds, double stallToSeconds, String name,
                                       boolean othersOnly) {
        List<RunTimeline> runs = timelines(folder, result, SERIES);
        if (runs.isEmpty()) {
            return null;
        }
        XYChart chart = timelineChart(result, runs);
        chart.setTitle(othersOnly
                ? String.format(Locale.ROOT, "%s, the others at %,d msgs/s: their round trips per second; run %d's "
                        + "slow client stalled", result.label(), result.targetRate(), stalledRun)
                : String.format(Locale.ROOT, "%s at %,d msgs/s: every session's round trips per second; run %d's"
                        + " session 1 stalled", result.label(), result.targetRate(), stalledRun));
        double top = runs.stream().flatMap(r -> r.intervals().stream()).mapToDouble(h -> h.getMaxValue() / 1000.0)
                .max().orElse(1);
        double bottom = runs.stream().flatMap(r -> r.intervals().stream())
                .mapToDouble(h -> Math.max(h.getValueAtPercentile(99) / 1000.0, 0.001)).min().orElse(top);
        List<Double> ys = new ArrayList<>(List.of(bottom, top)); // the lines span the data, not the axis
        for (double x : new double[] {stallFromSeconds, stallToSeconds}) {
            markAt(chart, x == stallFromSeconds ? "stall starts (run " + stalledRun + ")" : "stall ends", x, ys);
        }
        return saveInCharts(chart, out, name);
    }

    /** A grey dotted vertical line at {@code x}, spanning {@code ys} (a disturbance's start or end). */
    static void markAt(XYChart chart, String label, double x, List<Double> ys) {
        XYSeries mark = chart.addSeries(label, List.of(x, x), ys);
        mark.setLineColor(Color.GRAY);
        mark.setMarker(SeriesMarkers.NONE);
        mark.setLineStyle(new BasicStroke(1.5f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 10f,
                new float[] {2f, 3f}, 0f));
    }

    /** Saves {@code chart} as {@code out/charts/name.png}; returns its path from {@code out}. */
    static Path saveInCharts(XYChart chart, Path out, String name) {
        try {
            Path dir = Files.createDirectories(out.resolve("charts"));
            save(chart, dir, name, false);
        } catch (IOException e) {
            throw new org.fixbench.harness.api.HarnessException("cannot write charts: " + e.getMessage(), e);
        }
        return Path.of("charts", name + ".png");
    }

    /**
     * A scenario's chart of one run ({@code seen}: what the scenario kept, e.g. {@code run.Burst#observe}): each 10 ms
     * window's median and worst round trip by when its orders were due, the threshold at {@code thresholdKey}, and
     * the disturbance's start and end (at {@code startKey} and {@code endKey}, ns into the run). Null when the run
     * has no windows.
     */
    public static Path writeWindowsChart(Path out, String name, String title, Map<?, ?> seen, String startKey,
                                         String endKey, String kind, String thresholdKey, String thresholdLabel) {
        return writeWindowsChart(out, name, title, seen, startKey, endKey, kind + " starts", kind + " ends",
                thresholdKey, thresholdLabel);
    }

    /** As the other, the two marks labelled {@code startLabel} and {@code endLabel}. */
    public static Path writeWindowsChart(Path out, String name, String title, Map<?, ?> seen, String startKey,
                                         String endKey, String startLabel, String endLabel, String thresholdKey,
                                         String thresholdLabel) {
        if (!(seen.get(org.fixbench.cli.results.ScenarioKeys.WINDOW_P50_NANOS) instanceof List<?> p50s)
                || !(seen.get(org.fixbench.cli.results.ScenarioKeys.WINDOW_MAX_NANOS) instanceof List<?> maxes)
                || p50s.isEmpty()) {
            return null;
        }
        double windowSeconds = ((Number) seen.get(org.fixbench.cli.results.ScenarioKeys.WINDOW_MILLIS)).doubleValue()
                / 1e3;
        List<Double> xs = new ArrayList<>();
        List<Double> p50 = new ArrayList<>();
        List<Double> max = new ArrayList<>();
        for (int w = 0; w < p50s.size(); w++) {
            long median = ((Number) p50s.get(w)).longValue();
            long worst = ((Number) maxes.get(w)).longValue();
            xs.add((w + 0.5) * windowSeconds);
            if (median < 0) { // no order due in the window answered: a break in the lines, not a line across
                p50.add(Double.NaN);
                max.add(Double.NaN);
                continue;
            }
            p50.add(Math.max(median / 1000.0, 0.001));
            max.add(Math.max(worst / 1000.0, 0.001));
        }
        if (p50.stream().allMatch(v -> Double.isNaN(v))) {
            return null;
        }
        XYChart chart = new XYChartBuilder().width(WIDTH).height(HEIGHT)
                .title(title)
                .xAxisTitle("seconds into the run (orders by their due time)")
                .yAxisTitle("round trip (µs, log scale)").build();
        chart.getStyler().setYAxisLogarithmic(true);
        chart.getStyler().setYAxisDecimalPattern(LATENCY_PATTERN);
        chart.getStyler().setXAxisDecimalPattern("#,##0.#");
        chart.getStyler().setMarkerSize(0);
        chart.getStyler().setXAxisMin(0.0);
        XYSeries median = chart.addSeries("median of the window", xs, p50);
        median.setMarker(SeriesMarkers.NONE);
        median.setLineStyle(new BasicStroke(1.5f));
        XYSeries worst = chart.addSeries("worst of the window", xs, max);
        worst.setMarker(SeriesMarkers.NONE);
        worst.setLineStyle(new BasicStroke(1f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 10f,
                new float[] {4f, 3f}, 0f));
        long preP99 = seen.get(thresholdKey) instanceof Number n ? n.longValue() : -1;
        double last = xs.get(xs.size() - 1);
        if (preP99 > 0) {
            List<Double> y = new ArrayList<>(List.of(preP99 / 1000.0, preP99 / 1000.0));
            XYSeries line = chart.addSeries(thresholdLabel, List.of(0.0, last), y);
            line.setMarker(SeriesMarkers.NONE);
            line.setLineColor(Color.BLACK);
            line.setLineStyle(new BasicStroke(1f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 10f,
                    new float[] {1f, 3f}, 0f));
        }
        double bottom = Math.min(p50.stream().filter(v -> !v.isNaN()).mapToDouble(Double::doubleValue).min()
                .orElse(0.001), max.stream().filter(v -> !v.isNaN()).mapToDouble(Double::doubleValue).min()
                .orElse(0.001));
        double top = max.stream().filter(v -> !v.isNaN()).mapToDouble(Double::doubleValue).max().orElse(1);
        for (String key : List.of(startKey, endKey)) {
            if (!(seen.get(key) instanceof Number at) || at.longValue() < 0) {
                continue;
            }
            double x = at.longValue() / 1e9;
            markAt(chart, key.equals(startKey) ? startLabel : endLabel, x, List.of(bottom, top));
        }
        return saveInCharts(chart, out, name);
    }
}
