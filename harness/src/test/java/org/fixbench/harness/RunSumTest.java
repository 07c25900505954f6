package org.fixbench.harness;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.HdrHistogram.Histogram;
import org.fixbench.harness.results.RunResult;
import org.fixbench.harness.series.SeriesData;
import org.fixbench.harness.series.SeriesNames;
import org.fixbench.harness.verdict.RunReason;
import org.fixbench.harness.verdict.RunStatus;
import org.junit.jupiter.api.Test;

/** One schedule split between hosts, added up ({@link RunResult#sumOf}): nothing lost, the worst kept. */
class RunSumTest {
    private static Histogram histogram(long value, long count) {
        Histogram h = new Histogram(3_600_000_000_000L, 3);
        h.recordValueWithCount(value, count);
        return h;
    }

    /** A host's run: {@code count} round trips of {@code valueNanos}, one timeline interval per half. */
    private static RunResult host(long valueNanos, long count, RunStatus status, List<RunReason> reasons,
                                  long startMillis, long endMillis, boolean withProbe) {
        Map<String, SeriesData> series = new LinkedHashMap<>();
        series.put(SeriesNames.END_TO_END, new SeriesData(histogram(valueNanos, count), valueNanos + 7, 1,
                List.of(histogram(valueNanos, count / 2), histogram(valueNanos, count - count / 2))));
        if (withProbe) {
            series.put("a probe", new SeriesData(histogram(1_000, count), 1_000, 0));
        }
        return new RunResult(1, status, reasons, count / 2.0, count, count - 1, 1, 0, count / 2.0, valueNanos * 3,
                valueNanos, valueNanos * 2, count / 100, 0, 0.5, 10, false, startMillis, endMillis, series, 5, null, 2,
                3, 40, 7);
    }

    @Test
    void theHostsRunsAddUpWithoutLossAndTheWorstOfEachIsKept() {
        RunReason disturbed = new RunReason(RunReason.Kind.CPU_WAIT, "host b waited for a CPU");
        RunResult a = host(50_000, 1_000, RunStatus.OK, List.of(), 1_000, 3_000, true);
        RunResult b = host(90_000, 3_000, RunStatus.DISTURBED, List.of(disturbed), 1_010, 3_050, false);
        RunResult sum = RunResult.sumOf(List.of(a, b));

        assertEquals(4_000, sum.endToEnd().count(), "every host's round trips, each once");
        assertEquals(1_000, sum.endToEnd().histogram().getCountAtValue(50_000));
        assertEquals(3_000, sum.endToEnd().histogram().getCountAtValue(90_000));
        assertEquals(90_007, sum.endToEnd().maxNanos());
        assertEquals(2, sum.endToEnd().clampedCount());
        assertEquals(2, sum.endToEnd().timeline().size());
        assertEquals(500 + 1_500, sum.endToEnd().timeline().get(0).getTotalCount());
        assertTrue(!sum.series().containsKey("a probe"), "a series one host lacks is not summed as if whole");
        assertEquals(4_000, sum.sent());
        assertEquals(3_998, sum.received());
        assertEquals(2, sum.lost());
        assertEquals(2_000.0, sum.achievedRatePerSecond());
        assertEquals(RunStatus.DISTURBED, sum.status());
        assertEquals(List.of(disturbed), sum.reasons());
        assertEquals(270_000, sum.oldestUnansweredNanos());
        assertEquals(1_000, sum.startEpochMillis());
        assertEquals(3_050, sum.endEpochMillis());
        assertEquals(2, sum.round());
        assertEquals(3, sum.slot());
        assertEquals(RunStatus.OK, RunResult.sumOf(List.of(a)).status());
        assertEquals(1_000, RunResult.sumOf(List.of(a)).endToEnd().count());
        assertThrows(IllegalArgumentException.class, () -> RunResult.sumOf(List.of()));
        RunResult named = RunResult.sumOf(List.of(a.withReasonsPrefixed("host a: "), b.withReasonsPrefixed("host b: ")));
        assertEquals(List.of(new RunReason(RunReason.Kind.CPU_WAIT, "host b: host b waited for a CPU")),
                named.reasons(), "each reason says whose run it was");
        assertEquals(RunStatus.DISTURBED, named.status());
    }
}
