package org.fixbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.image.BufferedImage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.fixbench.cli.report.Charts;
import org.fixbench.cli.report.SummaryFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.XYChart;

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
    void percentileChartHasALinePerEngineAndIsNotBlank() throws Exception {
        List<SummaryFile.Result> atRate = fixed().stream().filter(r -> r.targetRate() == 1000).toList();
        XYChart chart = assertTimeoutPreemptively(Duration.ofSeconds(20), () -> Charts.percentileChart(1000, atRate));
        assertEquals(3, chart.getSeriesMap().size(), chart.getSeriesMap().keySet().toString());
        assertTrue(chart.getSeriesMap().keySet().stream().anyMatch(k -> k.startsWith("tcp:")));
        assertTimeoutPreemptively(Duration.ofSeconds(20), () -> assertNotBlank(chart));
    }

    @Test
    void theWorstPointIsTheWorstOfAllRunsAsInTheTables() throws Exception {
        List<SummaryFile.Result> atRate = fixed().stream().filter(r -> r.targetRate() == 1000).toList();
        XYChart chart = Charts.percentileChart(1000, atRate);
        for (SummaryFile.Result r : atRate) {
            double[] maxima = r.values("endToEnd", "max");
            double worstMicros = java.util.Arrays.stream(maxima).max().orElseThrow() / 1000.0;
            org.knowm.xchart.XYSeries series = chart.getSeriesMap().entrySet().stream()
                    .filter(e -> e.getKey().startsWith(r.label())).findFirst().orElseThrow().getValue();
            double[] ys = series.getYData();
            assertEquals(worstMicros, ys[ys.length - 1], 1e-9, r.label() + " maxima " + java.util.Arrays.toString(maxima));
        }
    }

    @Test
    void throughputChartHasPercentileSeriesAndIsNotBlank() throws Exception {
        List<SummaryFile.Result> engine = fixed().stream().filter(r -> r.label().equals("quickfixj:tuned")).toList();
        XYChart chart = Charts.throughputChart("quickfixj:tuned", engine);
        assertTrue(chart.getSeriesMap().keySet().containsAll(List.of("p50", "p90", "p99")));
        assertTimeoutPreemptively(Duration.ofSeconds(20), () -> assertNotBlank(chart));
    }

    @Test
    void everyChartIsWrittenAsPngAndSvg() throws Exception {
        Map<String, Path> written = assertTimeoutPreemptively(Duration.ofSeconds(60), () -> Charts.write(tmp, fixed()));
        assertEquals(2 + 3, written.size(), written.toString());
        for (Path png : written.values()) {
            assertTrue(Files.size(tmp.resolve(png)) > 5_000, png.toString());
            Path svg = tmp.resolve(png.toString().replace(".png", ".svg"));
            assertTrue(Files.readString(svg).contains("<svg"), svg.toString());
        }
    }
}
