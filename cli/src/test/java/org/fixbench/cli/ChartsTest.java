package org.fixbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.BasicStroke;
import java.awt.image.BufferedImage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.fixbench.cli.report.ChartData;
import org.fixbench.cli.report.Charts;
import org.fixbench.cli.results.SessionsTable;
import org.fixbench.cli.results.SummaryFile;
import org.fixbench.harness.verdict.RunStatus;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYSeries;

/** Charts drawn from a fixed summary.json (a real 3-engine, 2-rate comparison) must show something. */
class ChartsTest {
    @TempDir
    Path tmp;

    private static List<SummaryFile.Result> fixed() throws Exception {
        Path file = Path.of(ChartsTest.class.getResource("/fixed-summary.json").toURI());
        return SummaryFile.load(file);
    }

    private static void assertNotBlank(XYChart chart) {
        BufferedImage image = BitmapEncoder.getBufferedImage(chart);
        Set<Integer> colours = new HashSet<>();
        for (int x = 0; x < image.getWidth(); x += 3) {
            for (int y = 0; y < image.getHeight(); y += 3) {
                colours.add(image.getRGB(x, y));
            }
        }
        assertTrue(colours.size() > 20, "a chart, not a blank image: " + colours.size() + " colours");
    }

    @Test
    void theSessionsChartDrawsTheTablesNumbersAndCrossesWhatIsNotOk() {
        List<SessionsTable.Row> rows = List.of(
                new SessionsTable.Row("sbe:tuned", 2_000, 1, 20_000, 900_000, Double.NaN, null, 3, 3, RunStatus.OK),
                new SessionsTable.Row("sbe:tuned", 2_000, 10, 25_000, 1_500_000, 1_900_000, "session 007", 3, 3,
                        RunStatus.OK),
                new SessionsTable.Row("sbe:tuned", 2_000, 100, 40_000, 3_000_000, 9_000_000, "session 042", 2, 3,
                        RunStatus.DISTURBED),
                new SessionsTable.Row("tcp:spin", 2_000, 1, 18_000, 800_000, Double.NaN, null, 3, 3, RunStatus.OK));
        XYChart chart = Charts.sessionsChart(rows);
        assertNotBlank(chart);
        XYSeries p50 = chart.getSeriesMap().get("sbe:tuned");
        XYSeries p99 = chart.getSeriesMap().get("sbe:tuned p99");
        assertEquals(List.of(1.0, 10.0, 100.0), boxed(p50.getXData()));
        assertEquals(List.of(20.0, 25.0, 40.0), boxed(p50.getYData()), "p50 in µs, the table's numbers");
        assertEquals(List.of(900.0, 1_500.0, 3_000.0), boxed(p99.getYData()));
        assertEquals(List.of(18.0), boxed(chart.getSeriesMap().get("tcp:spin").getYData()));
        XYSeries crossed = chart.getSeriesMap().values().stream().filter(s -> s.getName().startsWith("✗")).findFirst()
                .orElseThrow();
        assertEquals(List.of(100.0, 100.0), boxed(crossed.getXData()), "the 100-session point, p50 and p99");
        String md = SessionsTable.markdown(rows, List.of("charts/sessions.png"));
        assertTrue(md.contains("| sbe:tuned | 2,000 | 100 | 40.0 | 3,000.0 | 9,000.0 (session 042) | 2 of 3 | DISTURBED |"),
                md);
        assertTrue(md.contains("](charts/sessions.png)"), md);
    }

    private static List<Double> boxed(double[] values) {
        return java.util.Arrays.stream(values).boxed().toList();
    }

    @Test
    void percentileChartHasALinePerEngineAndIsNotBlank() throws Exception {
        List<SummaryFile.Result> atRate = fixed().stream().filter(r -> r.targetRate() == 1000).toList();
        XYChart chart = assertTimeoutPreemptively(Duration.ofSeconds(20), () -> Charts.percentileChart(1000, atRate));
        assertEquals(3, chart.getSeriesMap().size(), chart.getSeriesMap().keySet().toString());
        assertTrue(chart.getSeriesMap().keySet().stream().anyMatch(k -> k.startsWith("tcp:")));
        assertTimeoutPreemptively(Duration.ofSeconds(20), () -> assertNotBlank(chart));
    }

    /** Two raw-TCP lines (the floor and the TLS floor) are drawn so that they tell apart. */
    @Test
    void aSecondRawTcpLineIsDrawnUnlikeTheFloor() throws Exception {
        List<SummaryFile.Result> atRate = new java.util.ArrayList<>(fixed().stream()
                .filter(r -> r.targetRate() == 1000).toList());
        SummaryFile.Result tcp = atRate.stream().filter(r -> "tcp".equals(r.engine())).findFirst().orElseThrow();
        atRate.add(new SummaryFile.Result(tcp.label() + "+tls=terminator", tcp.engine(), tcp.profile(),
                tcp.targetRate(), tcp.runs(), tcp.name() + "-tls"));
        XYChart chart = assertTimeoutPreemptively(Duration.ofSeconds(20), () -> Charts.percentileChart(1000, atRate));
        List<org.knowm.xchart.XYSeries> tcpLines = chart.getSeriesMap().entrySet().stream()
                .filter(e -> e.getKey().startsWith(tcp.label())).map(java.util.Map.Entry::getValue).toList();
        assertEquals(2, tcpLines.size());
        assertFalse(tcpLines.get(0).getLineColor().equals(tcpLines.get(1).getLineColor())
                && java.util.Arrays.equals(((java.awt.BasicStroke) tcpLines.get(0).getLineStyle()).getDashArray(),
                ((java.awt.BasicStroke) tcpLines.get(1).getLineStyle()).getDashArray()), "the two tell apart");
        assertEquals(java.awt.Color.BLACK, tcpLines.get(0).getLineColor(), "the first is the floor, black");
    }

    @Test
    void theWorstPointIsTheWorstOfAllRunsAsInTheTables() throws Exception {
        List<SummaryFile.Result> atRate = fixed().stream().filter(r -> r.targetRate() == 1000).toList();
        XYChart chart = Charts.percentileChart(1000, atRate);
        double unit = chart.getYAxisTitle().contains("(ms") ? 1000.0 : 1.0;
        for (SummaryFile.Result r : atRate) {
            double[] maxima = r.values("endToEnd", "max");
            double worstMicros = java.util.Arrays.stream(maxima).max().orElseThrow() / 1000.0;
            org.knowm.xchart.XYSeries series = chart.getSeriesMap().entrySet().stream()
                    .filter(e -> e.getKey().startsWith(r.label())).findFirst().orElseThrow().getValue();
            double[] ys = series.getYData();
            assertEquals(worstMicros / unit, ys[ys.length - 1], 1e-9, r.label() + " maxima "
                    + java.util.Arrays.toString(maxima));
        }
    }

    @Test
    void throughputChartHasPercentileSeriesAndIsNotBlank() throws Exception {
        List<SummaryFile.Result> engine = fixed().stream().filter(r -> r.label().equals("quickfixj:tuned")).toList();
        XYChart chart = Charts.throughputChart("quickfixj:tuned", engine);
        assertTrue(chart.getSeriesMap().keySet().containsAll(List.of("p50", "p90", "p99")));
        assertTimeoutPreemptively(Duration.ofSeconds(20), () -> assertNotBlank(chart));
        // x is log10 of the rate, so that every rate measured gets its own label (a log axis labels decades only)
        assertEquals(engine.stream().map(r -> Math.log10(r.targetRate())).sorted().toList(),
                java.util.Arrays.stream(chart.getSeriesMap().get("p50").getXData()).boxed().toList(),
                "a point per rate, at log10 of the rate");
    }

    @Test
    void aRateAxisLabelsEveryRateMeasuredNotOnlyPowersOfTen() {
        XYChart chart = new org.knowm.xchart.XYChartBuilder().width(400).height(300).build();
        chart.addSeries("p50", List.of(Math.log10(2000), Math.log10(10000), Math.log10(50000)), List.of(17.0, 15.0, 15.0));
        assertEquals(List.of("2,000", "10,000", "50,000"), Charts.labelEachRate(chart, List.of(2000L, 10000L, 50000L)));
        assertEquals(10.0, chart.getStyler().getYAxisMin(), "the labels sit at the foot of the lowest decade");
    }

    @Test
    void everyChartIsWrittenAsPngAndAsSvgOnlyWhenAsked() throws Exception {
        org.fixbench.cli.report.ChartSet written = assertTimeoutPreemptively(Duration.ofSeconds(60),
                () -> Charts.write(tmp, fixed()));
        assertEquals(2 + 3, written.refs().size(), written.toString());
        for (Path png : written.refs().stream().map(org.fixbench.cli.report.ChartSet.Ref::png).toList()) {
            assertTrue(Files.size(tmp.resolve(png)) > 5_000, png.toString());
            assertFalse(Files.exists(tmp.resolve(png.toString().replace(".png", ".svg"))), "SVG is derived: on request");
        }
        Path out = Files.createDirectories(tmp.resolve("with-svg"));
        org.fixbench.cli.report.ChartSet again = assertTimeoutPreemptively(Duration.ofSeconds(60),
                () -> Charts.write(tmp, out, fixed(), true));
        for (Path png : again.refs().stream().map(org.fixbench.cli.report.ChartSet.Ref::png).toList()) {
            Path svg = out.resolve(png.toString().replace(".png", ".svg"));
            assertTrue(Files.readString(svg).contains("<svg"), svg.toString());
        }
    }

    @Test
    void percentileAxisLabelsReadAsPercentilesAndNeverRepeat() {
        assertEquals("0%", Charts.percentileLabel(0));
        assertEquals("90%", Charts.percentileLabel(1));
        assertEquals("99%", Charts.percentileLabel(2));
        assertEquals("99.9%", Charts.percentileLabel(3));
        assertEquals("99.999%", Charts.percentileLabel(5));
        Set<String> labels = new HashSet<>();
        for (int i = 0; i <= 70; i++) {
            assertTrue(labels.add(Charts.percentileLabel(i / 10.0)), "unique: " + Charts.percentileLabel(i / 10.0));
        }
    }

    /** A real comparison's folder (tcp, sbe:tuned, quickfixj:tuned at 2,000 and 50,000/s, 2 runs each, forked). */
    private static Path realFolder() throws Exception {
        return Path.of(ChartsTest.class.getResource("/per-second-results/summary.json").toURI()).getParent();
    }

    @Test
    void theDistributionIsDrawnFromTheHistogramsWithHundredsOfPoints() throws Exception {
        Path folder = realFolder();
        List<SummaryFile.Result> results = SummaryFile.load(folder);
        List<SummaryFile.Result> atRate = results.stream().filter(r -> r.targetRate() == 2000).toList();
        Map<String, org.HdrHistogram.Histogram> histograms = new java.util.HashMap<>();
        for (SummaryFile.Result r : atRate) {
            histograms.put(r.key(), ChartData.merged(ChartData.timelines(folder, r, "endToEnd")));
        }
        XYChart chart = assertTimeoutPreemptively(Duration.ofSeconds(20),
                () -> Charts.percentileChart(2000, atRate, histograms));
        double unit = chart.getYAxisTitle().contains("(ms") ? 1000.0 : 1.0; // the axis reads in µs or ms
        for (SummaryFile.Result r : atRate) {
            org.knowm.xchart.XYSeries series = chart.getSeriesMap().entrySet().stream()
                    .filter(e -> e.getKey().startsWith(r.label())).findFirst().orElseThrow().getValue();
            assertTrue(series.getXData().length > 100, r.label() + ": " + series.getXData().length + " points");
            org.HdrHistogram.Histogram h = histograms.get(r.key());
            double[] xs = series.getXData();
            double[] ys = series.getYData();
            assertEquals(Math.log10(h.getTotalCount()), xs[xs.length - 1], 1e-9, "ends at 1 - 1/count");
            double worstMicros = java.util.Arrays.stream(r.values("endToEnd", "max")).max().orElseThrow() / 1000.0;
            assertEquals(worstMicros / unit, ys[ys.length - 1], 1e-9, "ends at the worst sample, as in the tables");
            // a distribution: never falling, and crossing the merged histogram's 99th percentile at 99%
            for (int i = 1; i < ys.length; i++) {
                assertTrue(ys[i] >= ys[i - 1], r.label() + " falls at point " + i);
            }
            int at99 = 0;
            while (xs[at99] < 2) {
                at99++;
            }
            double p99 = Math.min(h.getValueAtPercentile(99) / 1000.0, worstMicros) / unit;
            assertTrue(ys[at99 - 1] <= p99 && ys[at99] >= p99, r.label() + ": " + ys[at99 - 1] + " <= " + p99
                    + " <= " + ys[at99]);
        }
        assertTimeoutPreemptively(Duration.ofSeconds(20), () -> assertNotBlank(chart));
    }

    @Test
    void latencyOverTimeHasP99AndMaxOfEverySecondOfEveryRun() throws Exception {
        Path folder = realFolder();
        SummaryFile.Result r = SummaryFile.load(folder).stream()
                .filter(x -> x.label().equals("quickfixj:tuned") && x.targetRate() == 50000).findFirst().orElseThrow();
        List<ChartData.RunTimeline> runs = ChartData.timelines(folder, r, "endToEnd");
        assertEquals(r.counted().size(), runs.size(), "every counted run");
        XYChart chart = Charts.timelineChart(r, runs);
        assertEquals(2 * runs.size(), chart.getSeriesMap().size());
        assertEquals(runs.size(), chart.getSeriesMap().values().stream().filter(s -> s.isShowInLegend()).count(),
                "one legend entry per run (15 runs' 30 entries did not fit the chart)");
        assertTrue(chart.getSeriesMap().values().stream().filter(s -> s.isShowInLegend())
                .allMatch(s -> ((BasicStroke) s.getLineStyle()).getDashArray() == null), "p99 lines solid, as the axis says");
        assertTrue(chart.getYAxisTitle().contains("(µs"), "in µs, the unit of the report's tables, even for a saturated "
                + "engine's seconds of tens of ms (issue 53: a chart and its table in one unit)");
        for (ChartData.RunTimeline run : runs) {
            assertEquals(5, run.intervals().size(), "a 5 s run has five seconds");
            org.knowm.xchart.XYSeries max = chart.getSeriesMap().entrySet().stream()
                    .filter(e -> e.getKey().startsWith("run " + run.run()) && e.getKey().endsWith(" max"))
                    .findFirst().orElseThrow().getValue();
            assertEquals(List.of(1.0, 2.0, 3.0, 4.0, 5.0),
                    java.util.Arrays.stream(max.getXData()).map(x -> Math.rint(x * 10) / 10).boxed().toList());
            for (int i = 0; i < 5; i++) {
                assertEquals(run.intervals().get(i).getMaxValue() / 1e3, max.getYData()[i], 1e-6, "µs");
            }
        }
        assertTimeoutPreemptively(Duration.ofSeconds(20), () -> assertNotBlank(chart));
    }

    @Test
    void aFolderWithHistogramsGetsATimelinePerEngineAndRate() throws Exception {
        Path folder = realFolder();
        Path copy = tmp.resolve("copy");
        Files.createDirectories(copy);
        Files.copy(folder.resolve("summary.json"), copy.resolve("summary.json"));
        try (var files = Files.walk(folder.resolve("hlog"))) {
            for (Path p : files.toList()) {
                Path target = copy.resolve(folder.relativize(p).toString());
                if (Files.isDirectory(p)) {
                    Files.createDirectories(target);
                } else {
                    Files.copy(p, target);
                }
            }
        }
        List<SummaryFile.Result> results = SummaryFile.load(copy);
        org.fixbench.cli.report.ChartSet written = assertTimeoutPreemptively(Duration.ofSeconds(60),
                () -> Charts.write(copy, results));
        long timelines = written.of(org.fixbench.cli.report.ChartSet.Kind.TIMELINE).size();
        assertEquals(results.size(), timelines, written.toString());
        assertTrue(written.timeline("sbe:tuned", 50000) != null);
    }

    @Test
    void aLogAxisWhoseValuesFallInsideOneDecadeStillSpansTwoLabelledDecades() {
        XYChart chart = new org.knowm.xchart.XYChartBuilder().width(400).height(300).build();
        chart.getStyler().setYAxisLogarithmic(true);
        chart.addSeries("p99", new double[] {1, 2, 3}, new double[] {21, 48, 83});
        Charts.spanDecades(chart);
        assertEquals(10.0, chart.getStyler().getYAxisMin(), "down to the decade below the lowest value");
        assertEquals(100.0, chart.getStyler().getYAxisMax(), "up to the decade above the highest");
        XYChart exact = new org.knowm.xchart.XYChartBuilder().width(400).height(300).build();
        exact.getStyler().setYAxisLogarithmic(true);
        exact.addSeries("flat", new double[] {1, 2}, new double[] {100, 100});
        Charts.spanDecades(exact);
        assertEquals(100.0, exact.getStyler().getYAxisMin());
        assertEquals(1000.0, exact.getStyler().getYAxisMax(), "a value on a decade still gets a second one");
        assertNotBlank(chart);
    }
}
