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

    @Test
    void theTimelineChartNamesTheRunsMeasuredAgainAsTheReportDoes() {
        // compare-1: quickfixj:tuned at 10,000/s had runs 1, 2 and 3 measured again; at 50,000/s run 2 only
        for (long rate : List.of(10_000L, 50_000L)) {
            org.fixbench.cli.results.SummaryFile.Result qfj = org.fixbench.cli.results.SummaryFile.load(WITH_LOGS)
                    .stream().filter(r -> r.label().equals("quickfixj:tuned") && r.targetRate() == rate)
                    .findFirst().orElseThrow();
            java.util.Set<String> names = org.fixbench.cli.report.Charts.timelineChart(qfj,
                    org.fixbench.cli.report.Charts.timelines(WITH_LOGS, qfj, org.fixbench.cli.report.Charts.SERIES))
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
