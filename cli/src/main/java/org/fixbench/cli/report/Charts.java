package org.fixbench.cli.report;

import static org.fixbench.cli.report.ChartData.distribution;
import static org.fixbench.cli.report.ChartData.pooled;
import static org.fixbench.cli.report.ChartData.timelines;

import java.awt.BasicStroke;
import java.awt.Color;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeSet;

import org.HdrHistogram.Histogram;
import org.fixbench.cli.report.ChartData.RunTimeline;
import org.fixbench.cli.results.SessionsTable;
import org.fixbench.cli.results.SummaryFile;
import org.fixbench.harness.results.ResultsWriter;
import org.fixbench.harness.verdict.RunStatus;
import org.knowm.xchart.AnnotationLine;
import org.knowm.xchart.AnnotationText;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.VectorGraphicsEncoder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * The comparison's charts, drawn with XChart from the results folder:
 * <ul>
 *   <li>per rate, the percentile distribution of the round trip from the histograms
 *       ({@code hlog/<benchmark>/endToEnd.hlog}: every counted run's samples together, a few hundred points):
 *       x = percentile on the 1/(1−p) log axis labelled 90%, 99%, 99.9%…, y = latency (log, µs), a line per engine,
 *       the raw-TCP floor dashed and black (a second raw-TCP line, such as the TLS floor, dotted and dark grey, so
 *       that the two tell apart); each line ends at its largest sample, placed at 1 − 1/count (a
 *       distribution says nothing beyond that);</li>
 *   <li>per engine × rate, latency over time: p99 and max of each second of schedule of each counted run, from the
 *       same logs, so pauses and saturation show when they happened;</li>
 *   <li>per engine, latency against throughput: p50, p90, p99 (all counted runs pooled, as in the tables) over the swept
 *       rates, points with SATURATED or FAILED runs marked ✗.</li>
 * </ul>
 * A folder written before histograms were logged per second (no {@code hlog/}) gets the percentile chart from
 * {@code summary.json}'s six percentiles (median of runs) and no latency-over-time charts.
 */
public final class Charts {
    public static final String SERIES = "endToEnd";
    static final int WIDTH = 900;
    static final int HEIGHT = 560;
    static final String LATENCY_PATTERN = "#,##0.###";

    static {
        System.setProperty("java.awt.headless", "true");
    }

    private Charts() {
    }

    /**
     * x position of a percentile: log10(1/(1−p)), so 90 → 1, 99 → 2, 99.9 → 3, 99.99 → 4 (the usual log axis,
     * drawn as a linear axis of decades); in the six-point fallback the worst value sits one decade further, at 5.
     */
    public static double x(double percentile) {
        return percentile >= 100 ? 5 : Math.log10(1 / (1 - percentile / 100.0));
    }

    /**
     * The x axis's tick label for a position: the percentile it stands for, "90%", "99.9%", …; never the same text
     * for two positions (XChart's tick search loops while two ticks read the same).
     */
    public static String percentileLabel(double x) {
        if (x > 8 || x < 0) {
            return String.format(Locale.ROOT, "1-10^-%s", new java.math.BigDecimal(x).round(new java.math.MathContext(6)).stripTrailingZeros().toPlainString());
        }
        double p = 100 * (1 - Math.pow(10, -x));
        if (Math.abs(x - Math.rint(x)) < 1e-9) {
            int nines = (int) Math.rint(x);
            if (nines <= 0) {
                return "0%";
            }
            return nines <= 2 ? String.format(Locale.ROOT, "%.0f%%", p)
                    : String.format(Locale.ROOT, "%." + (nines - 2) + "f%%", p);
        }
        return String.format(Locale.ROOT, "%." + Math.max(1, (int) Math.ceil(x) + 1) + "f%%", p);
    }

    /** The worst of the runs' maxima, as the tables show it; NaN when no run measured one. */
    public static double worst(double[] maxima) {
        return java.util.Arrays.stream(maxima).max().orElse(Double.NaN);
    }

    public static XYChart percentileChart(long rate, List<SummaryFile.Result> atRate) {
        return percentileChart(rate, atRate, Map.of());
    }

    /**
     * @param histograms by {@link SummaryFile.Result#key()}: each benchmark's counted runs together; a benchmark
     *                   without one is drawn from its six summary percentiles (median of runs)
     */
    public static XYChart percentileChart(long rate, List<SummaryFile.Result> atRate, Map<String, Histogram> histograms) {
        boolean full = atRate.stream().anyMatch(r -> histograms.containsKey(r.key()));
        XYChart chart = new XYChartBuilder().width(WIDTH).height(HEIGHT)
                .title(String.format(Locale.ROOT, full
                        ? "Round trip at %,d msgs/s: distribution of all counted runs' samples (corrected)"
                        : "Round trip at %,d msgs/s (percentiles: median of runs; worst: of all runs)", rate))
                .xAxisTitle(full ? "percentile (log scale of 1/(1-p)); each line ends at its worst sample"
                        : "percentile; the last point of each line is the worst sample")
                .yAxisTitle("round trip (µs, log scale)").build();
        chart.getStyler().setYAxisLogarithmic(true);
        chart.getStyler().setYAxisDecimalPattern(LATENCY_PATTERN);
        chart.getStyler().setMarkerSize(full ? 0 : 6);
        chart.getStyler().setXAxisMin(0.0);
        chart.getStyler().setXAxisTickMarkSpacingHint(130);
        chart.getStyler().setxAxisTickLabelsFormattingFunction(Charts::percentileLabel);
        double maxX = 3;
        double minY = Double.MAX_VALUE;
        List<Object[]> lines = new ArrayList<>(); // result, xs, ys
        for (SummaryFile.Result r : atRate) {
            List<Double> xs = new ArrayList<>();
            List<Double> ys = new ArrayList<>();
            double worstNanos = worst(r.values(SERIES, "max"));
            Histogram h = histograms.get(r.key());
            if (h != null) {
                for (double[] point : distribution(h, worstNanos)) {
                    xs.add(point[0]);
                    ys.add(point[1]);
                }
            } else {
                for (int i = 0; i < SummaryFile.PERCENTILES.length; i++) {
                    double ns = SummaryFile.PERCENTILES[i] >= 100 ? worstNanos
                            : r.median(SERIES, SummaryFile.PERCENTILE_KEYS[i]);
                    if (!Double.isNaN(ns)) {
                        xs.add(x(SummaryFile.PERCENTILES[i]));
                        ys.add(Math.max(ns / 1000.0, 0.001));
                    }
                }
            }
            if (xs.isEmpty()) {
                continue;
            }
            maxX = Math.max(maxX, xs.get(xs.size() - 1));
            minY = Math.min(minY, ys.stream().mapToDouble(Double::doubleValue).min().orElse(minY));
            lines.add(new Object[] {r, xs, ys});
        }
        int tcpLines = 0;
        for (Object[] line : lines) {
            SummaryFile.Result r = (SummaryFile.Result) line[0];
            @SuppressWarnings("unchecked") List<Double> xs = (List<Double>) line[1];
            @SuppressWarnings("unchecked") List<Double> ys = (List<Double>) line[2];
            XYSeries s = chart.addSeries(r.label() + (r.allOk() ? "" : " ✗ (" + r.worstStatus() + " runs)"), xs, ys);
            if ("tcp".equals(r.engine())) {
                // the first raw-TCP line is the floor, dashed and black; another (the TLS floor) dotted, dark grey
                boolean first = tcpLines++ == 0;
                Color colour = first ? Color.BLACK : Color.DARK_GRAY;
                s.setLineColor(colour);
                s.setMarkerColor(colour);
                s.setLineStyle(new BasicStroke(2.5f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 10f,
                        first ? new float[] {8f, 6f} : new float[] {2f, 3f}, 0f));
            }
        }
        chart.getStyler().setXAxisMax(Math.ceil(maxX));
        if (minY < Double.MAX_VALUE) {
            // the median, which no decade tick marks, as a dotted line labelled at the bottom
            double floor = Math.pow(10, Math.floor(Math.log10(minY)));
            chart.getStyler().setYAxisMin(floor);
            chart.getStyler().setAnnotationLineColor(Color.GRAY);
            chart.getStyler().setAnnotationLineStroke(new BasicStroke(1f, BasicStroke.CAP_BUTT,
                    BasicStroke.JOIN_MITER, 10f, new float[] {2f, 4f}, 0f));
            chart.addAnnotation(new AnnotationLine(x(50), true, false));
            AnnotationText label = new AnnotationText("50%", x(50) + 0.12, floor * 1.25, false);
            chart.addAnnotation(label);
        }
        return chart;
    }

    /**
     * Latency over time for one engine × rate: p99 (solid) and max (dashed, same colour) of each second of schedule
     * of each counted run; x is the end of the second, counted from the run's start.
     */
    public static XYChart timelineChart(SummaryFile.Result result, List<RunTimeline> runs) {
        XYChart chart = new XYChartBuilder().width(WIDTH).height(HEIGHT)
                .title(String.format(Locale.ROOT, "%s at %,d msgs/s: latency over time, per second of each run",
                        result.label(), result.targetRate()))
                .xAxisTitle("seconds into the run (measured part; orders by their due time)")
                .yAxisTitle("round trip in that second (µs, log scale): p99 solid, max dashed").build();
        chart.getStyler().setYAxisLogarithmic(true);
        chart.getStyler().setYAxisDecimalPattern(LATENCY_PATTERN);
        chart.getStyler().setXAxisDecimalPattern("#,##0.#");
        chart.getStyler().setMarkerSize(5);
        chart.getStyler().setXAxisMin(0.0);
        Color[] palette = chart.getStyler().getSeriesColors();
        int i = 0;
        for (RunTimeline run : runs) {
            List<Double> xs = new ArrayList<>();
            List<Double> p99 = new ArrayList<>();
            List<Double> max = new ArrayList<>();
            for (Histogram h : run.intervals()) {
                xs.add((h.getEndTimeStamp() - run.startEpochMillis()) / 1000.0);
                p99.add(Math.max(h.getValueAtPercentile(99) / 1000.0, 0.001));
                max.add(Math.max(h.getMaxValue() / 1000.0, 0.001));
            }
            Color colour = palette[i++ % palette.length];
            String name = "run " + run.run() + (run.remeasured() ? " (measured again)" : "")
                    + (run.status() == RunStatus.OK ? "" : " ✗ " + run.status());
            XYSeries s99 = chart.addSeries(name, xs, p99); // one legend entry per run: the title says which line is which
            s99.setLineColor(colour);
            s99.setMarkerColor(colour);
            s99.setMarker(SeriesMarkers.CIRCLE);
            s99.setLineStyle(new BasicStroke(1.5f)); // solid, whatever XChart's default for the series' index
            XYSeries sMax = chart.addSeries(name + " max", xs, max);
            sMax.setLineColor(colour);
            sMax.setMarkerColor(colour);
            sMax.setMarker(SeriesMarkers.DIAMOND);
            sMax.setLineStyle(new BasicStroke(1.5f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 10f,
                    new float[] {6f, 4f}, 0f));
            sMax.setShowInLegend(false);
            // a DISTURBED run: a red cross at the top of each second whose measuring threads waited for a CPU beyond
            // the bound (the wait per second of wall time from the run's start, as read by the harness)
            if (run.status() == RunStatus.DISTURBED) {
                List<Double> wx = new ArrayList<>();
                List<Double> wy = new ArrayList<>();
                long[] waits = run.cpuWaitPerSecondNanos();
                for (int second = 0; second < waits.length; second++) {
                    if (waits[second] > org.fixbench.harness.verdict.Verdicts.DISTURBED_WAIT_SHARE * 1e9) {
                        wx.add(second + 1.0);
                        wy.add(max.stream().mapToDouble(Double::doubleValue).max().orElse(1));
                    }
                }
                if (!wx.isEmpty()) {
                    XYSeries marks = chart.addSeries("run " + run.run() + ": seconds it waited for a CPU", wx, wy);
                    marks.setMarker(SeriesMarkers.CROSS);
                    marks.setMarkerColor(Color.RED);
                    marks.setLineStyle(new BasicStroke(0f));
                    marks.setLineColor(new Color(0, 0, 0, 0));
                }
            }
        }
        return chart;
    }

    public static XYChart throughputChart(String label, List<SummaryFile.Result> ofEngine) {
        return throughputChart(label, ofEngine, Map.of());
    }

    /**
     * @param histograms by {@link SummaryFile.Result#key()}: each benchmark's counted runs pooled (the tables'
     *                   numbers); a benchmark without one is drawn from the median of its runs' percentiles
     */
    public static XYChart throughputChart(String label, List<SummaryFile.Result> ofEngine,
                                          Map<String, Histogram> histograms) {
        boolean pooled = ofEngine.stream().allMatch(r -> histograms.containsKey(r.key()));
        XYChart chart = new XYChartBuilder().width(WIDTH).height(HEIGHT)
                .title(label + ": latency vs throughput (" + (pooled ? "runs pooled, as in the tables" : "median of runs")
                        + ")")
                .xAxisTitle("target rate (msgs/s, log scale; each rate measured labelled)").yAxisTitle("latency (µs)")
                .build();
        chart.getStyler().setYAxisLogarithmic(true);
        chart.getStyler().setYAxisDecimalPattern(LATENCY_PATTERN);
        chart.getStyler().setMarkerSize(7);
        List<SummaryFile.Result> sorted = ofEngine.stream()
                .sorted((a, b) -> Long.compare(a.targetRate(), b.targetRate())).toList();
        List<Double> failedX = new ArrayList<>();
        List<Double> failedY = new ArrayList<>();
        for (String key : new String[] {"p50", "p90", "p99"}) {
            List<Double> xs = new ArrayList<>();
            List<Double> ys = new ArrayList<>();
            for (SummaryFile.Result r : sorted) {
                Histogram h = histograms.get(r.key());
                double ns = h != null && h.getTotalCount() > 0 // as ComparisonTable.pooledNanos: never above the max
                        ? Math.min(h.getValueAtPercentile(Double.parseDouble(key.substring(1))),
                        worst(r.values(SERIES, "max"))) : r.median(SERIES, key);
                if (Double.isNaN(ns)) {
                    continue;
                }
                xs.add(Math.log10(r.targetRate()));
                ys.add(Math.max(ns / 1000.0, 0.001));
                if (!r.allOk()) {
                    failedX.add(Math.log10(r.targetRate()));
                    failedY.add(Math.max(ns / 1000.0, 0.001));
                }
            }
            if (!xs.isEmpty()) {
                chart.addSeries(key, xs, ys);
            }
        }
        if (!failedX.isEmpty()) {
            XYSeries failed = chart.addSeries("✗ not OK (DISTURBED, SATURATED or FAILED runs)", failedX, failedY);
            failed.setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Scatter);
            failed.setMarker(SeriesMarkers.CROSS);
            failed.setMarkerColor(Color.RED);
            chart.getStyler().setMarkerSize(9);
        }
        labelEachRate(chart, sorted.stream().map(SummaryFile.Result::targetRate).distinct().toList());
        return chart;
    }

    /**
     * A log axis of rates whose every measured rate is labelled (XChart's own log axis labels only powers of ten, so
     * a sweep of 2,000, 10,000 and 50,000/s read "10,000" alone): x is log10 of the rate on a linear axis with no
     * tick labels of its own; each rate gets a dotted vertical line and its number at the foot of the plot.
     */
    public static List<String> labelEachRate(XYChart chart, List<Long> rates) {
        List<String> labels = new ArrayList<>();
        if (rates.isEmpty()) {
            return labels;
        }
        double low = Math.log10(rates.stream().mapToLong(Long::longValue).min().orElse(1));
        double high = Math.log10(rates.stream().mapToLong(Long::longValue).max().orElse(1));
        double pad = Math.max(0.15, (high - low) * 0.08);
        chart.getStyler().setXAxisMin(low - pad);
        chart.getStyler().setXAxisMax(high + pad);
        chart.getStyler().setxAxisTickLabelsFormattingFunction(x -> "");
        double minY = chart.getSeriesMap().values().stream().flatMapToDouble(sr -> java.util.Arrays.stream(
                sr.getYData())).filter(y -> y > 0 && Double.isFinite(y)).min().orElse(1);
        double floor = Math.pow(10, Math.floor(Math.log10(minY)));
        chart.getStyler().setYAxisMin(floor);
        chart.getStyler().setAnnotationLineColor(Color.GRAY);
        chart.getStyler().setAnnotationLineStroke(new BasicStroke(1f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER,
                10f, new float[] {2f, 4f}, 0f));
        for (long rate : rates) {
            double x = Math.log10(rate);
            String label = String.format(Locale.ROOT, "%,d", rate);
            chart.addAnnotation(new AnnotationLine(x, true, false));
            chart.addAnnotation(new AnnotationText(label, x, floor * 1.2, false));
            labels.add(label);
        }
        return labels;
    }

    /**
     * Latency against session count ({@code fixbench analyze sessions}): per engine and rate, its p50 (solid) and
     * p99 (dashed, same colour) at each session count, the very numbers of the sessions table (medians of counted
     * runs); a point whose runs were not all OK is crossed in red.
     */
    public static XYChart sessionsChart(List<SessionsTable.Row> rows) {
        XYChart chart = new XYChartBuilder().width(WIDTH).height(HEIGHT)
                .title("Latency against FIX sessions (median of counted runs, as in the table)")
                .xAxisTitle("FIX sessions (one acceptor; the rate split evenly among them)")
                .yAxisTitle("round trip (µs, log scale): p50 solid, p99 dashed").build();
        chart.getStyler().setXAxisLogarithmic(true);
        chart.getStyler().setYAxisLogarithmic(true);
        chart.getStyler().setXAxisDecimalPattern("#,##0");
        chart.getStyler().setYAxisDecimalPattern(LATENCY_PATTERN);
        chart.getStyler().setMarkerSize(7);
        Color[] palette = chart.getStyler().getSeriesColors();
        boolean manyRates = rows.stream().map(SessionsTable.Row::rate).distinct().count() > 1;
        List<Double> failedX = new ArrayList<>();
        List<Double> failedY = new ArrayList<>();
        int i = 0;
        java.util.function.Function<SessionsTable.Row, String> lineOf = r -> r.engine()
                + (manyRates ? String.format(Locale.ROOT, " @ %,d/s", r.rate()) : "");
        for (String key : new LinkedHashSet<>(rows.stream().map(lineOf).toList())) {
            List<SessionsTable.Row> line = rows.stream().filter(r -> lineOf.apply(r).equals(key))
                    .sorted(Comparator.comparingInt(SessionsTable.Row::sessions)).toList();
            Color colour = palette[i++ % palette.length];
            for (boolean p99 : new boolean[] {false, true}) {
                List<Double> xs = new ArrayList<>();
                List<Double> ys = new ArrayList<>();
                for (SessionsTable.Row r : line) {
                    double ns = p99 ? r.p99() : r.p50();
                    if (Double.isNaN(ns)) {
                        continue;
                    }
                    xs.add((double) r.sessions());
                    ys.add(Math.max(ns / 1000.0, 0.001));
                    if (!r.allOk()) {
                        failedX.add((double) r.sessions());
                        failedY.add(Math.max(ns / 1000.0, 0.001));
                    }
                }
                if (xs.isEmpty()) {
                    continue;
                }
                XYSeries s = chart.addSeries(p99 ? key + " p99" : key, xs, ys);
                s.setLineColor(colour);
                s.setMarkerColor(colour);
                s.setMarker(p99 ? SeriesMarkers.DIAMOND : SeriesMarkers.CIRCLE);
                s.setLineStyle(p99 ? new BasicStroke(1.5f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 10f,
                        new float[] {6f, 4f}, 0f) : new BasicStroke(1.5f));
                s.setShowInLegend(!p99);
            }
        }
        if (!failedX.isEmpty()) {
            XYSeries failed = chart.addSeries("✗ not OK (DISTURBED, SATURATED or FAILED runs)", failedX, failedY);
            failed.setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Scatter);
            failed.setMarker(SeriesMarkers.CROSS);
            failed.setMarkerColor(Color.RED);
        }
        return chart;
    }

    /** Writes the sessions chart as {@code dir/name.png}. */
    public static void saveSessionsChart(List<SessionsTable.Row> rows, Path dir, String name)
            throws IOException {
        save(sessionsChart(rows), Files.createDirectories(dir), name, false);
    }

    /** Writes every chart as PNG into {@code folder/charts}; returns what it drew (PNGs relative). */
    public static ChartSet write(Path folder, List<SummaryFile.Result> results) {
        return write(folder, folder, results, false);
    }

    /**
     * Every chart of the results in {@code folder}, drawn from its logs, as PNG (and SVG when {@code svg}) into
     * {@code out/charts}; returns what it drew (PNGs relative to {@code out}).
     */
    public static ChartSet write(Path folder, Path out, List<SummaryFile.Result> results, boolean svg) {
        List<ChartSet.Ref> written = new ArrayList<>();
        try {
            Path dir = Files.createDirectories(out.resolve("charts"));
            Map<String, List<RunTimeline>> timelines = new LinkedHashMap<>();
            Map<String, Histogram> histograms = new LinkedHashMap<>();
            for (SummaryFile.Result r : results) {
                List<RunTimeline> runs = timelines(folder, r, SERIES);
                if (!runs.isEmpty()) {
                    timelines.put(r.key(), runs);
                }
                Histogram pooled = pooled(folder, r, SERIES);
                if (pooled != null) {
                    histograms.put(r.key(), pooled);
                }
            }
            for (long rate : new TreeSet<>(results.stream().map(SummaryFile.Result::targetRate).toList())) {
                List<SummaryFile.Result> atRate = results.stream().filter(r -> r.targetRate() == rate).toList();
                String name = "percentiles-" + rate;
                save(percentileChart(rate, atRate, histograms), dir, name, svg);
                written.add(new ChartSet.Ref(ChartSet.Kind.PERCENTILES, null, rate, ChartSet.percentilesTitle(rate),
                        Path.of("charts", name + ".png")));
            }
            for (SummaryFile.Result r : results) {
                List<RunTimeline> runs = timelines.get(r.key());
                if (runs == null) {
                    continue;
                }
                String name = "timeline-" + ResultsWriter.safeName(r.label()) + "-" + r.targetRate();
                save(timelineChart(r, runs), dir, name, svg);
                written.add(new ChartSet.Ref(ChartSet.Kind.TIMELINE, r.label(), r.targetRate(),
                        ChartSet.timelineTitle(r.label(), r.targetRate()), Path.of("charts", name + ".png")));
            }
            for (String label : new java.util.LinkedHashSet<>(results.stream().map(SummaryFile.Result::label).toList())) {
                List<SummaryFile.Result> ofEngine = results.stream().filter(r -> r.label().equals(label)).toList();
                if (ofEngine.size() < 2) {
                    continue;
                }
                String name = "throughput-" + label.replaceAll("[^A-Za-z0-9._-]", "_");
                save(throughputChart(label, ofEngine, histograms), dir, name, svg);
                written.add(new ChartSet.Ref(ChartSet.Kind.THROUGHPUT, label, 0, ChartSet.throughputTitle(label),
                        Path.of("charts", name + ".png")));
            }
        } catch (IOException e) {
            throw new org.fixbench.harness.api.HarnessException("cannot write charts: " + e.getMessage(), e);
        }
        return new ChartSet(written);
    }

    /**
     * A legend with an entry longer than this, and at most {@link #LEGEND_BELOW_MAX_ENTRIES} entries, goes below the
     * plot: beside it, it squeezes the plot and cuts the title; a longer legend stays beside (below, it would take the
     * plot's height).
     */
    static final int LONG_LEGEND_CHARS = 32;
    static final int LEGEND_BELOW_MAX_ENTRIES = 6;

    /**
     * A logarithmic y axis labels only powers of ten: its range is widened to whole decades around the data (at
     * least one), so that it always shows numbers, also when every value falls inside one decade (before, such a
     * timeline chart had no number on its y axis). A minimum the chart set itself is kept.
     */
    public static void spanDecades(XYChart chart) {
        if (!chart.getStyler().isYAxisLogarithmic()) {
            return;
        }
        double min = Double.MAX_VALUE;
        double max = 0;
        for (org.knowm.xchart.XYSeries series : chart.getSeriesMap().values()) {
            for (double y : series.getYData()) {
                if (y > 0 && Double.isFinite(y)) {
                    min = Math.min(min, y);
                    max = Math.max(max, y);
                }
            }
        }
        if (max <= 0) {
            return;
        }
        double low = Math.pow(10, Math.floor(Math.log10(min)));
        double high = Math.pow(10, Math.ceil(Math.log10(max)));
        if (high <= low) {
            high = low * 10;
        }
        Double set = chart.getStyler().getYAxisMin();
        chart.getStyler().setYAxisMin(set != null ? Math.min(set, low) : low);
        chart.getStyler().setYAxisMax(high);
    }

    static void save(XYChart chart, Path dir, String name, boolean svg) throws IOException {
        spanDecades(chart);
        if (chart.getSeriesMap().size() <= LEGEND_BELOW_MAX_ENTRIES
                && chart.getSeriesMap().keySet().stream().anyMatch(k -> k.length() > LONG_LEGEND_CHARS)) {
            chart.getStyler().setLegendPosition(org.knowm.xchart.style.Styler.LegendPosition.OutsideS);
        }
        BitmapEncoder.saveBitmap(chart, dir.resolve(name + ".png").toString(), BitmapEncoder.BitmapFormat.PNG);
        if (svg) {
            VectorGraphicsEncoder.saveVectorGraphic(chart, dir.resolve(name + ".svg").toString(),
                    VectorGraphicsEncoder.VectorGraphicsFormat.SVG);
        }
    }
}
