package org.fixbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.function.LongUnaryOperator;

import org.fixbench.cli.scenario.burst.Burst;
import org.fixbench.cli.scenario.burst.BurstTable;
import org.fixbench.harness.timed.RunTrace;
import org.junit.jupiter.api.Test;

/** The burst scenario's schedule and its reading of a run, on made-up runs whose answer is known. */
class BurstTest {
    private static final long MS = 1_000_000L;
    private static final Burst.Plan PLAN = new Burst.Plan(10_000, 10, 2_000, 1_000, 3_000);

    @Test
    void theScheduleIsTheBaseRateThenTheBurstThenTheBaseRate() {
        assertEquals(20_000, PLAN.beforeIterations());
        assertEquals(100_000, PLAN.burstIterations());
        assertEquals(30_000, PLAN.afterIterations());
        assertEquals(25_000, PLAN.meanRatePerSecond(), "150,000 orders over 6 s");
        assertEquals(2_000 * MS, PLAN.burstStartNanos());
        assertEquals(3_000 * MS, PLAN.burstEndNanos());
        var pacing = PLAN.pacing();
        assertTrue(pacing.restartsEachRun());
        long rate = PLAN.meanRatePerSecond();
        assertEquals(100_000, pacing.offsetNanos(1, rate), "0.1 ms apart before the burst");
        assertEquals(10_000, pacing.offsetNanos(20_001, rate) - pacing.offsetNanos(20_000, rate), "0.01 ms in it");
        assertEquals(100_000, pacing.offsetNanos(120_001, rate) - pacing.offsetNanos(120_000, rate), "0.1 ms after");
        assertEquals(6_000 * MS, pacing.offsetNanos(150_000, rate), "the next run's cycle starts at 6 s");
        // a base rate that is not whole thousands: one order a gap
        Burst.Plan odd = new Burst.Plan(2_500, 4, 2_000, 500, 3_000);
        assertEquals(5_000 + 5_000 + 7_500, odd.iterations());
        // its mean rate, 17,500 orders over 5.5 s, is whole per second only rounded (3,182/s): the schedule is
        // stretched by that much, and the burst's times are read from the schedule the harness keeps
        assertEquals(3_182, odd.meanRatePerSecond());
        assertEquals(2_000 * MS * (17_500 / 5.5) / 3_182, odd.burstStartNanos(), 1);
        assertEquals(odd.pacing().offsetNanos(5_000, 3_182), odd.burstStartNanos());
        assertEquals(odd.pacing().offsetNanos(10_000, 3_182), odd.burstEndNanos());
    }

    /** A run on {@link #PLAN}'s schedule whose order due at {@code t} ns took {@code latency(t)}. */
    private static RunTrace run(LongUnaryOperator latency) {
        var pacing = PLAN.pacing();
        int n = (int) PLAN.iterations();
        long[] due = new long[n];
        long[] latencies = new long[n];
        for (int i = 0; i < n; i++) {
            due[i] = pacing.offsetNanos(i, PLAN.meanRatePerSecond());
            latencies[i] = latency.applyAsLong(due[i]);
        }
        return new RunTrace(due, latencies, new long[n]);
    }

    private static Map<String, Object> observe(RunTrace trace) {
        return Burst.observe(trace, PLAN, PLAN.burstStartNanos(), PLAN.burstEndNanos());
    }

    @Test
    void anEngineThatKeepsUpIsBackAtOnceAndNeverAbove() {
        // 20 us always, but a 15 ms hiccup of 6 ms inside the burst: one window's median, not a queue
        Map<String, Object> seen = observe(run(t -> t >= 2_500 * MS && t < 2_506 * MS ? 15 * MS : 20_000));
        assertEquals(20_000L, seen.get(BurstTable.PRE_P99_NANOS));
        assertEquals(0L, seen.get(BurstTable.BACK_AFTER_NANOS));
        assertEquals(1, seen.get(BurstTable.BURST_WINDOWS_ABOVE));
        assertEquals(100, seen.get(BurstTable.BURST_WINDOWS));
        assertEquals(0, seen.get(BurstTable.LOST));
        BurstTable.Row row = rowOf(seen);
        assertTrue(row.verdict().startsWith("kept up"), row.verdict());
    }

    @Test
    void aQueueThatBuildsThroughTheBurstIsBackWhenItHasDrained() {
        // the engine serves 50,000/s: through the burst the queue grows by 50,000 orders a second, so the order due
        // at 2 s + x waits x/2 (x in the burst); after it the queue of 25 ms... drains at 40,000/s net of the 10,000/s
        // arriving: latency falls from 500 ms to 20 us by 3.5 s + 0.5 s x ... made simple here: it falls linearly to
        // the floor at 3.4 s
        LongUnaryOperator latency = t -> {
            if (t < 2_000 * MS) {
                return 20_000;
            }
            if (t < 3_000 * MS) {
                return Math.max(20_000, (t - 2_000 * MS) / 2);
            }
            long left = 500 * MS - (t - 3_000 * MS) * 500 / 400; // 500 ms at the burst's end, 0 at 3.4 s
            return Math.max(20_000, left);
        };
        Map<String, Object> seen = observe(run(latency));
        assertEquals(400 * MS, seen.get(BurstTable.BACK_AFTER_NANOS), "back at the first window after 3.4 s");
        assertEquals(100, seen.get(BurstTable.BURST_WINDOWS_ABOVE), "every window of the burst");
        // Little's law at the burst's end: 1,000 orders due in a 10 ms window, each waiting about 0.5 s
        double peak = ((Number) seen.get(BurstTable.PEAK_IN_FLIGHT)).doubleValue();
        assertEquals(49_750, peak, 300, "100,000/s x ~0.4975 s");
        assertEquals(0.2, ((Number) seen.get(BurstTable.PRE_IN_FLIGHT)).doubleValue(), 0.005,
                "10,000/s x 20 us (a window may hold 101 orders)");
        assertTrue(rowOf(seen).verdict().startsWith("back within the pre-burst p99 400 ms after the burst's end"),
                rowOf(seen).verdict());
    }

    @Test
    void aQueueNeverDrainedIsNotBackAndLostOrdersAreCounted() {
        RunTrace trace = run(t -> t < 2_000 * MS ? 20_000 : t >= 5_990 * MS ? RunTrace.LOST : 50 * MS);
        Map<String, Object> seen = observe(trace);
        assertEquals(-1L, seen.get(BurstTable.BACK_AFTER_NANOS));
        assertEquals(100, seen.get(BurstTable.LOST), "the orders due in the last 10 ms");
        String verdict = rowOf(seen).verdict();
        assertTrue(verdict.startsWith("not back within the pre-burst p99 by the run's end in 1 of 1"), verdict);
        assertTrue(verdict.endsWith("100 order(s) never answered"), verdict);
    }

    private static BurstTable.Row rowOf(Map<String, Object> seen) {
        Map<String, Object> run = new java.util.LinkedHashMap<>(seen);
        run.put(BurstTable.RUN, 1);
        run.put(BurstTable.STATUS, "OK");
        var labels = new java.util.LinkedHashMap<String, Object>();
        labels.put(BurstTable.SCENARIO_RUNS, List.of(run));
        labels.put(BurstTable.BASE_RATE_LABEL, 10_000L);
        labels.put("round", 1);
        var config = org.fixbench.harness.api.HarnessConfig.builder("b").targetRatePerSecond(25_000)
                .iterationsPerRun(150_000).build();
        var result = new org.fixbench.harness.results.BenchmarkResult("b", config, labels, 0, List.of(), List.of(), null, 0,
                0, false);
        List<BurstTable.Row> rows = BurstTable.of(List.of(result));
        assertEquals(1, rows.size());
        assertEquals(1_000, rows.get(0).burstMillis());
        return rows.get(0);
    }
}
