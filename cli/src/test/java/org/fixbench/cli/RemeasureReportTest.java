package org.fixbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;

import org.fixbench.cli.report.ChartSet;
import org.fixbench.cli.report.ComparisonReport;
import org.fixbench.harness.results.ResultsReader;
import org.junit.jupiter.api.Test;

/**
 * Runs measured again (the JIT came into their first attempt) are counted per engine and rate, and each says what
 * its first attempt read: on the published default comparison, where quickfixj:tuned's were.
 */
class RemeasureReportTest {
    private static final Path COMPARE = Path.of("..", "results", "published",
            "20261126-default-comparison-remeasure", "compare-2");
    /** The same comparison's first run, kept with its histogram logs (charts). */
    private static final Path WITH_LOGS = COMPARE.resolveSibling("compare-1");

    @Test
    void theReportCountsRunsMeasuredAgainAndGivesTheirFirstAttempts() {
        ResultsReader.Read read = ResultsReader.read(COMPARE);
        String md = ComparisonReport.render("compare", read.environment(),
                List.of("tcp:spin", "artio:tuned", "philadelphia:spin", "quickfixj:tuned", "sbe:tuned"),
                List.of(2_000L, 10_000L, 50_000L), read.results(), null, ChartSet.NONE);
        List<String> rows = md.lines().filter(l -> l.startsWith("| runs measured again")).toList();
        assertEquals(3, rows.size(), "one row per rate");
        // columns: tcp:spin, artio:tuned, philadelphia:spin, quickfixj:tuned, sbe:tuned
        assertTrue(rows.get(0).endsWith("| 0 | 0 | 0 | 1: 1 / 0 | 0 |"), rows.get(0));
        assertTrue(rows.get(1).endsWith("| 0 | 0 | 0 | 2: 2 / 0 | 0 |"), rows.get(1));
        assertTrue(rows.get(2).endsWith("| 0 | 0 | 0 | 3: 0 / 3 | 0 |"), rows.get(2));
        long lines = md.lines().filter(l -> l.startsWith("  measured again: in its first attempt the ")).count();
        assertEquals(6, lines, "a line under each run measured again");
        assertTrue(md.contains("that attempt read SATURATED"), "first attempts keep their status");
    }

    /**
     * A comparison whose warm-ups had a cap of 0 waited for no compiler and measured nothing again: its report says
     * so instead of the settled warm-up's sentence; a folder written before the cap was recorded reads as settled.
     */
    @Test
    void aReportOfWarmupsWithoutACapSaysNoRunWasWaitedForOrMeasuredAgain(@org.junit.jupiter.api.io.TempDir Path tmp)
            throws Exception {
        String settled = "A run starts once both JVMs' JIT compilers have gone quiet at its rate";
        String none = "the warm-up did not wait for the JIT compilers to go quiet (a warm-up cap of 0)";
        List<org.fixbench.harness.results.BenchmarkResult> published = ResultsReader.read(COMPARE).results();
        assertTrue(ComparisonReport.warmupSentence(published).startsWith(settled));
        com.fasterxml.jackson.databind.ObjectMapper json = new com.fasterxml.jackson.databind.ObjectMapper();
        com.fasterxml.jackson.databind.JsonNode root = json.readTree(COMPARE.resolve("summary.json").toFile());
        int n = 0;
        for (com.fasterxml.jackson.databind.JsonNode r : root.get("results")) {
            // the first result's warm-up had a cap of 0, then all of them
            ((com.fasterxml.jackson.databind.node.ObjectNode) r.get("config")).put("warmupCapNanos", 0L);
            java.nio.file.Files.createDirectories(tmp.resolve("one"));
            if (n++ == 0) {
                json.writeValue(tmp.resolve("one").resolve("summary.json").toFile(), root);
            }
        }
        List<org.fixbench.harness.results.BenchmarkResult> one = ResultsReader.read(tmp.resolve("one")).results();
        String mixed = ComparisonReport.warmupSentence(one);
        assertTrue(mixed.startsWith(settled) && mixed.contains(" Except in 1 of the " + one.size() + " benchmarks, "
                + "where " + none), mixed);
        java.nio.file.Files.createDirectories(tmp.resolve("all"));
        json.writeValue(tmp.resolve("all").resolve("summary.json").toFile(), root);
        List<org.fixbench.harness.results.BenchmarkResult> all = ResultsReader.read(tmp.resolve("all")).results();
        String md = ComparisonReport.render("compare", ResultsReader.read(tmp.resolve("all")).environment(),
                List.of("tcp:spin", "artio:tuned", "philadelphia:spin", "quickfixj:tuned", "sbe:tuned"),
                List.of(2_000L, 10_000L, 50_000L), all, null, ChartSet.NONE);
        assertTrue(md.contains("In every benchmark here " + none + ": a run may include compiling"), md);
        assertTrue(!md.contains(settled), md);
    }

    @Test
    void theTimelineChartNamesTheRunsMeasuredAgainAsTheReportDoes() {
        // compare-1: quickfixj:tuned at 10,000/s had runs 1, 2 and 3 measured again; at 50,000/s run 2 only
        for (long rate : List.of(10_000L, 50_000L)) {
            org.fixbench.cli.results.SummaryFile.Result qfj = org.fixbench.cli.results.SummaryFile.load(WITH_LOGS)
                    .stream().filter(r -> r.label().equals("quickfixj:tuned") && r.targetRate() == rate)
                    .findFirst().orElseThrow();
            java.util.Set<String> names = org.fixbench.cli.report.Charts.timelineChart(qfj,
                    org.fixbench.cli.report.ChartData.timelines(WITH_LOGS, qfj, org.fixbench.cli.report.Charts.SERIES))
                    .getSeriesMap().keySet();
            List<String> again = names.stream()
                    .filter(n -> n.contains("(measured again)") && !n.endsWith(" max")).toList();
            List<Integer> expected = rate == 10_000L ? List.of(1, 2, 3) : List.of(2);
            assertEquals(expected.size(), again.size(), names.toString());
            for (int run : expected) {
                assertTrue(again.stream().anyMatch(n -> n.startsWith("run " + run + " (measured again)")),
                        names.toString());
            }
        }
    }
}
