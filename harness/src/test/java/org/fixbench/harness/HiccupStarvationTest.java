package org.fixbench.harness;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.HdrHistogram.Histogram;
import org.fixbench.harness.api.HarnessConfig;
import org.fixbench.harness.machine.HiccupMeter;
import org.fixbench.harness.results.BenchmarkResult;
import org.fixbench.harness.results.RunResult;
import org.fixbench.harness.results.TextReport;
import org.fixbench.harness.series.LatencySeries;
import org.fixbench.harness.series.SeriesData;
import org.fixbench.harness.series.SeriesNames;
import org.fixbench.harness.verdict.RunStatus;
import org.junit.jupiter.api.Test;

/** A hiccup meter that could not get a CPU says so instead of reporting its own wait as pauses of the process. */
class HiccupStarvationTest {
    /**
     * 990 sleeps that overshot by the timer's 50 µs of slack and 10 that overshot by a 4 ms scheduler tick: the
     * readings exceed their median by about 39.5 ms in all.
     */
    private static RunResult run(int number, long meterWaitNanos) {
        Histogram histogram = new Histogram(3_600_000_000_000L, 3);
        histogram.recordValueWithCount(50_000, 990);
        histogram.recordValueWithCount(4_000_000, 10);
        Map<String, SeriesData> series = new LinkedHashMap<>();
        series.put(SeriesNames.HICCUPS, new SeriesData(histogram, 100_000, 0));
        return new RunResult(number, RunStatus.OK, List.of(), 1_000, 1_000, 1_000, 0, 0, 1_000, 0, 0, 0, 0, 0, 0, 50,
                false, 0, 1_000, series, meterWaitNanos, null, 0, 0, -1, -1);
    }

    @Test
    void aMeterThatWaitedForHalfTheExcessOfItsReadingsIsStarved() {
        assertEquals(39_500_000L, run(1, 0).hiccupExcessNanos(), 100_000);
        assertTrue(run(1, 30_000_000L).hiccupMeterStarved(), "its 4 ms readings were its own wait for a CPU");
        assertTrue(run(1, 20_000_000L).hiccupMeterStarved());
        assertFalse(run(1, 19_000_000L).hiccupMeterStarved());
        assertFalse(run(1, 0).hiccupMeterStarved(), "a meter that never waited saw real pauses");
        assertFalse(run(1, -1).hiccupMeterStarved(), "an unknown wait is not starvation");
    }

    @Test
    void theSummaryShowsNoHiccupNumbersWhenTheMeterWasStarved() {
        BenchmarkResult starved = new BenchmarkResult("b", null, Map.of(), 0, List.of(run(1, 0), run(2, 30_000_000L)),
                List.of(), null);
        String summary = TextReport.summary(starved, SeriesNames.HICCUPS);
        assertTrue(summary.contains("not measured"), summary);
        assertTrue(summary.contains("run 2: the hiccup meter waited 30.0 ms for a CPU, 7"), summary);
        assertFalse(summary.contains("50:"), "no percentiles of a starved meter: " + summary);

        BenchmarkResult fed = new BenchmarkResult("b", null, Map.of(), 0, List.of(run(1, 0), run(2, 1_000_000L)),
                List.of(), null);
        assertTrue(TextReport.summary(fed, SeriesNames.HICCUPS).contains("50:"));
    }

    @Test
    void aRunBlockShowsNoHiccupNumbersForAStarvedMeter() {
        HarnessConfig config = HarnessConfig.builder("b").targetRatePerSecond(1_000).build();
        String starved = TextReport.runBlock(run(1, 30_000_000L), config);
        assertFalse(starved.contains("Hiccups:"), starved);
        assertTrue(starved.contains("hiccups not measured"), starved);
        assertTrue(TextReport.runBlock(run(1, 0), config).contains("Hiccups:"));
    }

    @Test
    void theMeterReadsItsOwnRunQueueWaitOnLinux() throws Exception {
        assumeTrue(Files.isReadable(Path.of("/proc/thread-self/schedstat")), "no schedstat on this kernel");
        try (HiccupMeter meter = new HiccupMeter(new LatencySeries(3_600_000_000_000L)).start()) {
            meter.awaitStarted(1_000_000_000L);
            assertTrue(meter.runQueueWaitNanos() >= 0, "the meter found its own schedstat");
        }
    }
}
