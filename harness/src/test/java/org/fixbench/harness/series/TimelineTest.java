package org.fixbench.harness.series;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;

import org.HdrHistogram.Histogram;
import org.fixbench.harness.LatencyBenchmark;
import org.fixbench.harness.ManualClock;
import org.fixbench.harness.ScriptedTask;
import org.fixbench.harness.results.BenchmarkResult;
import org.junit.jupiter.api.Test;

/** A run's timeline: one histogram per second of schedule, where a pause shows in the second it happened in. */
class TimelineTest {

    @Test
    void aPauseShowsInTheSecondItHappenedAndOnlyThere() {
        ManualClock clock = new ManualClock();
        // 1,000/s for 3 s; iteration 1,500 (second 2) stalls 50 ms, so the orders due after it queue behind it
        ScriptedTask task = new ScriptedTask(clock) {
            @Override
            protected long costNanos(long i) {
                return i == 1_500 ? 50_000_000 : 10_000;
            }
        };
        BenchmarkResult result = new LatencyBenchmark(clock.configure("pause", 1_000, 3_000).build())
                .run(task, Map.of());
        SeriesData e2e = result.runs().get(0).endToEnd();
        List<Histogram> timeline = e2e.timeline();
        assertEquals(3, timeline.size(), "one interval per second of schedule");
        for (Histogram interval : timeline) {
            assertEquals(1_000, interval.getTotalCount());
            assertEquals(1_000, interval.getEndTimeStamp() - interval.getStartTimeStamp(), "1 s each");
        }
        assertEquals(timeline.get(0).getEndTimeStamp(), timeline.get(1).getStartTimeStamp());
        assertTrue(timeline.get(0).getMaxValue() < 20_000, "second 1 is quiet: " + timeline.get(0).getMaxValue());
        assertTrue(timeline.get(1).getMaxValue() >= 49_000_000, "the pause is in second 2");
        assertTrue(timeline.get(2).getMaxValue() < 20_000, "second 3 is quiet again");
        // the uncorrected series sees only the stalled order itself, in the same second
        List<Histogram> service = result.runs().get(0).series().get(SeriesNames.SERVICE_TIME).timeline();
        assertEquals(1, service.get(1).getCountBetweenValues(49_000_000, 51_000_000));
        long total = timeline.stream().mapToLong(Histogram::getTotalCount).sum();
        assertEquals(e2e.count(), total, "the intervals hold every sample of the run");
        assertTrue(result.runs().get(0).series().get(SeriesNames.SEND_LATENESS).timeline().isEmpty());
    }

    @Test
    void longRunsGetLongerIntervalsSoMemoryStaysBounded() {
        assertEquals(10_000, Timeline.iterationsPerInterval(50_000, 10_000), "1 s at 10,000/s");
        // 2 hours at 1,000/s: 7,200 seconds would be 7,200 intervals; the cap makes them 12 s each
        assertEquals(12_000, Timeline.iterationsPerInterval(7_200_000, 1_000));
        Timeline timeline = new Timeline(60_000_000_000L);
        timeline.reset(7_200_000, 1_000);
        timeline.record(7_199_999, 5);
        timeline.record(0, 5);
        List<Histogram> taken = timeline.take(0, 1_000_000);
        assertEquals(2, taken.size(), "empty intervals are left out");
        assertEquals(Timeline.MAX_INTERVALS - 1, taken.get(1).getStartTimeStamp() / 12_000);
    }
}
