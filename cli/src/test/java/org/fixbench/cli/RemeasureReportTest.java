package org.fixbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;

import org.fixbench.cli.report.ChartSet;
import org.fixbench.cli.report.ComparisonReport;
import org.fixbench.harness.ResultsReader;
import org.junit.jupiter.api.Test;

/**
 * Runs measured again (the JIT came into their first attempt) are counted per engine and rate, and each says what
 * its first attempt read: on the published default comparison, where quickfixj:tuned's were.
 */
class RemeasureReportTest {
    private static final Path COMPARE = Path.of("..", "results", "published",
            "20261126-default-comparison-remeasure", "compare-2");

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
}
