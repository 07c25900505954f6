package org.fixbench.cli.report;

import java.awt.BasicStroke;
import java.awt.Color;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeSet;

import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.VectorGraphicsEncoder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * The comparison's charts, drawn with XChart from {@code summary.json} data:
 * <ul>
 *   <li>per rate, the percentile distribution of the round trip: x = percentile on the 1/(1−p) log axis,
 *       y = µs (log), a line per engine, the raw-TCP floor dashed and black;</li>
 *   <li>per engine, latency against throughput: p50, p90, p99 over the swept rates, points with SATURATED or FAILED runs marked ✗.</li>
 * </ul>
 * Values are the median across runs, as in the tables.
 */
public final class Charts {
    static final String SERIES = "endToEnd";
    private static final int WIDTH = 900;
    private static final int HEIGHT = 560;

    static {
        System.setProperty("java.awt.headless", "true");
    }

    private Charts() {
    }

    /**
     * x position of a percentile: log10(1/(1−p)), so 90 → 1, 99 → 2, 99.9 → 3, 99.99 → 4 (the usual log axis,
     * drawn as a linear axis of decades); the worst value sits one decade further, at 5.
     */
    static double x(double percentile) {
        return percentile >= 100 ? 5 : Math.log10(1 / (1 - percentile / 100.0));
    }

    /** The worst of the runs' maxima, as the tables show it; NaN when no run measured one. */
    static double worst(double[] maxima) {
        return java.util.Arrays.stream(maxima).max().orElse(Double.NaN);
    }

    public static XYChart percentileChart(long rate, List<SummaryFile.Result> atRate) {
        XYChart chart = new XYChartBuilder().width(WIDTH).height(HEIGHT)
                .title(String.format(Locale.ROOT, "Round trip at %,d msgs/s (percentiles: median of runs; worst: of all runs)", rate))
                .xAxisTitle("percentile, as log10(1/(1-p)):  0 = 0,  1 = 90,  2 = 99,  3 = 99.9,  4 = 99.99,  5 = worst")
                .yAxisTitle("latency (µs)").build();
        chart.getStyler().setYAxisLogarithmic(true);
        chart.getStyler().setMarkerSize(6);
        chart.getStyler().setXAxisMin(0.0);
        chart.getStyler().setXAxisMax(5.0);
        // (XChart's custom tick formatter loops forever on this axis, so the title explains the scale instead)
        for (SummaryFile.Result r : atRate) {
            List<Double> xs = new ArrayList<>();
            List<Double> ys = new ArrayList<>();
            for (int i = 0; i < SummaryFile.PERCENTILES.length; i++) {
                double ns = SummaryFile.PERCENTILES[i] >= 100 ? worst(r.values(SERIES, SummaryFile.PERCENTILE_KEYS[i]))
                        : r.median(SERIES, SummaryFile.PERCENTILE_KEYS[i]);
                if (!Double.isNaN(ns)) {
                    xs.add(x(SummaryFile.PERCENTILES[i]));
                    ys.add(Math.max(ns / 1000.0, 0.001));
                }
            }
            if (xs.isEmpty()) {
                continue;
            }
            XYSeries s = chart.addSeries(r.label() + (r.allOk() ? "" : " ✗ (" + r.worstStatus() + " runs)"), xs, ys);
            if ("tcp".equals(r.engine())) {
                s.setLineColor(Color.BLACK);
                s.setMarkerColor(Color.BLACK);
                s.setLineStyle(new BasicStroke(2.5f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 10f,
                        new float[] {8f, 6f}, 0f));
            }
        }
        return chart;
    }

    public static XYChart throughputChart(String label, List<SummaryFile.Result> ofEngine) {
        XYChart chart = new XYChartBuilder().width(WIDTH).height(HEIGHT)
                .title(label + ": latency against throughput (median of runs)")
                .xAxisTitle("target rate (msgs/s)").yAxisTitle("latency (µs)").build();
        chart.getStyler().setXAxisLogarithmic(true);
        chart.getStyler().setYAxisLogarithmic(true);
        chart.getStyler().setMarkerSize(7);
        List<SummaryFile.Result> sorted = ofEngine.stream()
                .sorted((a, b) -> Long.compare(a.targetRate(), b.targetRate())).toList();
        List<Double> failedX = new ArrayList<>();
        List<Double> failedY = new ArrayList<>();
        for (String key : new String[] {"p50", "p90", "p99"}) {
            List<Double> xs = new ArrayList<>();
            List<Double> ys = new ArrayList<>();
            for (SummaryFile.Result r : sorted) {
                double ns = r.median(SERIES, key);
                if (Double.isNaN(ns)) {
                    continue;
                }
                xs.add((double) r.targetRate());
                ys.add(Math.max(ns / 1000.0, 0.001));
                if (!r.allOk()) {
                    failedX.add((double) r.targetRate());
                    failedY.add(Math.max(ns / 1000.0, 0.001));
                }
            }
            if (!xs.isEmpty()) {
                chart.addSeries(key, xs, ys);
            }
        }
        if (!failedX.isEmpty()) {
            XYSeries failed = chart.addSeries("✗ not kept up (SATURATED or FAILED runs)", failedX, failedY);
            failed.setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Scatter);
            failed.setMarker(SeriesMarkers.CROSS);
            failed.setMarkerColor(Color.RED);
            chart.getStyler().setMarkerSize(9);
        }
        return chart;
    }

    /** Writes every chart as PNG and SVG into {@code folder/charts}; returns chart title → PNG path (relative). */
    public static Map<String, Path> write(Path folder, List<SummaryFile.Result> results) {
        Map<String, Path> written = new LinkedHashMap<>();
        try {
            Path dir = Files.createDirectories(folder.resolve("charts"));
            for (long rate : new TreeSet<>(results.stream().map(SummaryFile.Result::targetRate).toList())) {
                List<SummaryFile.Result> atRate = results.stream().filter(r -> r.targetRate() == rate).toList();
                String name = "percentiles-" + rate;
                save(percentileChart(rate, atRate), dir, name);
                written.put(String.format(Locale.ROOT, "Percentiles at %,d msgs/s", rate), Path.of("charts", name + ".png"));
            }
            for (String label : new java.util.LinkedHashSet<>(results.stream().map(SummaryFile.Result::label).toList())) {
                List<SummaryFile.Result> ofEngine = results.stream().filter(r -> r.label().equals(label)).toList();
                if (ofEngine.size() < 2) {
                    continue;
                }
                String name = "throughput-" + label.replaceAll("[^A-Za-z0-9._-]", "_");
                save(throughputChart(label, ofEngine), dir, name);
                written.put(label + ": latency against throughput", Path.of("charts", name + ".png"));
            }
        } catch (IOException e) {
            throw new org.fixbench.harness.HarnessException("cannot write charts: " + e.getMessage(), e);
        }
        return written;
    }

    private static void save(XYChart chart, Path dir, String name) throws IOException {
        BitmapEncoder.saveBitmap(chart, dir.resolve(name + ".png").toString(), BitmapEncoder.BitmapFormat.PNG);
        VectorGraphicsEncoder.saveVectorGraphic(chart, dir.resolve(name + ".svg").toString(),
                VectorGraphicsEncoder.VectorGraphicsFormat.SVG);
    }
}
