package org.fixbench.harness;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.Map;

import org.HdrHistogram.Histogram;
import org.fixbench.harness.api.HarnessConfig;
import org.fixbench.harness.results.BenchmarkResult;
import org.fixbench.harness.results.RunResult;
import org.fixbench.harness.series.SeriesNames;
import org.fixbench.harness.verdict.RunStatus;
import org.junit.jupiter.api.Test;

class ScheduleAndCorrectionTest {
    private static final long STALL_NANOS = 1_000_000;
    private static final long RATE = 100_000;
    private static final long INTERVAL = 10_000;
    private static final long STALLED_ITERATION = 10_000;

    @Test
    void scheduleIsStartPlusIterationTimesIntervalWithoutDrift() {
        HarnessConfig thirds = HarnessConfig.builder("s").targetRatePerSecond(3).iterationsPerRun(1).build();
        assertEquals(333_333_333L, thirds.scheduleOffsetNanos(1));
        assertEquals(1_000_000_000L, thirds.scheduleOffsetNanos(3));
        assertEquals(1_000_000_000L * 1_000_000, thirds.scheduleOffsetNanos(3_000_000));
        HarnessConfig fast = HarnessConfig.builder("f").targetRatePerSecond(RATE).iterationsPerRun(1).build();
        assertEquals(INTERVAL * 123_456_789L, fast.scheduleOffsetNanos(123_456_789L));
    }

    @Test
    void durationBecomesIterationsAtTheRate() {
        HarnessConfig c = HarnessConfig.builder("d").targetRatePerSecond(2_000).runNanos(5_000_000_000L)
                .warmupNanos(500_000_000L).build();
        assertEquals(10_000, c.iterationsPerRun());
        assertEquals(1_000, c.warmupIterations());
    }

    private RunResult runStalling(boolean correct) {
        ManualClock clock = new ManualClock();
        ScriptedTask task = new ScriptedTask(clock) {
            @Override
            protected long costNanos(long i) {
                return i == STALLED_ITERATION ? STALL_NANOS : 0;
            }
        };
        HarnessConfig config = clock.configure("stall", RATE, 20_000).accountForCoordinatedOmission(correct).build();
        BenchmarkResult result = new LatencyBenchmark(config).run(task, Map.of());
        assertNull(result.abortReason());
        return result.runs().get(0);
    }

    @Test
    void aStallChargesEveryIterationItDelaysWhenCorrecting() {
        RunResult run = runStalling(true);
        Histogram e2e = run.endToEnd().histogram();
        assertEquals(20_000, e2e.getTotalCount());
        // The stalled iteration took 1 ms; the 99 after it were due every 10 us while it ran.
        for (long delayed = 0; delayed < 100; delayed++) {
            long expected = STALL_NANOS - delayed * INTERVAL;
            assertEquals(1, e2e.getCountAtValue(expected), "one sample of " + expected + " ns");
        }
        assertEquals(20_000 - 100, e2e.getCountAtValue(0));
        assertEquals(STALL_NANOS, run.endToEnd().maxNanos());

        Histogram service = run.series().get(SeriesNames.SERVICE_TIME).histogram();
        assertEquals(1, service.getCountAtValue(STALL_NANOS));
        assertEquals(20_000 - 1, service.getCountAtValue(0));

        Histogram lateness = run.series().get(SeriesNames.SEND_LATENESS).histogram();
        assertEquals(99, lateness.getTotalCount() - lateness.getCountAtValue(0));
        assertEquals(STALL_NANOS - INTERVAL, run.series().get(SeriesNames.SEND_LATENESS).maxNanos());
    }

    @Test
    void withoutCorrectionOnlyTheStalledIterationShows() {
        RunResult run = runStalling(false);
        Histogram e2e = run.endToEnd().histogram();
        assertEquals(20_000, e2e.getTotalCount());
        assertEquals(1, e2e.getCountAtValue(STALL_NANOS));
        assertEquals(20_000 - 1, e2e.getCountAtValue(0));
    }

    @Test
    void onScheduleRunIsOkAtExactlyTheTargetRate() {
        ManualClock clock = new ManualClock();
        HarnessConfig config = clock.configure("exact", RATE, 5_000).runs(2).build();
        BenchmarkResult result = new LatencyBenchmark(config).run(new ScriptedTask(clock), Map.of());
        assertEquals(2, result.runs().size());
        for (RunResult run : result.runs()) {
            assertEquals(RunStatus.OK, run.status(), run.reason());
            assertEquals(RATE, run.achievedRatePerSecond(), 1e-6);
            assertEquals(5_000, run.sent());
            assertEquals(5_000, run.received());
            assertEquals(0, run.lost());
        }
    }

    @Test
    void warmUpIsPacedAndExcludedFromRuns() {
        ManualClock clock = new ManualClock();
        HarnessConfig config = clock.configure("warm", 1_000, 100).warmupIterations(50).build();
        long before = clock.nanoTime();
        ScriptedTask task = new ScriptedTask(clock);
        BenchmarkResult result = new LatencyBenchmark(config).run(task, Map.of());
        assertEquals(150, task.iteration);
        assertEquals(100, result.runs().get(0).endToEnd().count());
        // 50 paced warm-up iterations at 1 ms each in 4 passes (12, 12, 13, 13), then 100 more: the clock moved by
        // at least 11 + 11 + 12 + 12 + 99 ms
        org.junit.jupiter.api.Assertions.assertTrue(clock.nanoTime() - before >= 145_000_000L);
        assertEquals(java.util.List.of(12L, 12L, 13L, 13L),
                java.util.Arrays.stream(config.warmupPassIterations()).boxed().toList());
    }

    @Test
    void aWarmUpRateRunsThreeQuartersOfTheWarmUpFasterAndTheLastQuarterAtTheRate() {
        HarnessConfig c = HarnessConfig.builder("w").targetRatePerSecond(2_000).runNanos(1_000_000_000L)
                .warmupNanos(2_000_000_000L).warmupRatePerSecond(10_000).build();
        assertEquals(java.util.List.of(5_000L, 5_000L, 5_000L, 1_000L),
                java.util.Arrays.stream(c.warmupPassIterations()).boxed().toList());
        assertEquals(java.util.List.of(10_000L, 10_000L, 10_000L, 2_000L),
                java.util.Arrays.stream(c.warmupPassRates()).boxed().toList());
        assertEquals(16_000, c.warmupIterations());
        assertEquals(2_000_000_000L, c.warmupScheduleNanos(), "still 2 s of schedule");
        // never slower than the benchmark's own rate
        HarnessConfig fast = HarnessConfig.builder("f").targetRatePerSecond(50_000).runNanos(1_000_000_000L)
                .warmupNanos(2_000_000_000L).warmupRatePerSecond(10_000).build();
        assertEquals(100_000, fast.warmupIterations());
        // the plan travels to forked clients as it is
        HarnessConfig again = c.portable().build();
        assertEquals(java.util.Arrays.toString(c.warmupPassRates()), java.util.Arrays.toString(again.warmupPassRates()));
        assertEquals(16_000, again.warmupIterations());

        ManualClock clock = new ManualClock();
        ScriptedTask task = new ScriptedTask(clock);
        HarnessConfig paced = clock.configure("paced", 100, 10).warmupNanos(400_000_000L).warmupRatePerSecond(1_000)
                .build();
        long before = clock.nanoTime();
        new LatencyBenchmark(paced).run(task, Map.of());
        assertEquals(3 * 100 + 10 + 10, task.iteration, "three passes of 0.1 s at 1,000/s, one at 100/s, the run");
        org.junit.jupiter.api.Assertions.assertTrue(clock.nanoTime() - before < 400_000_000L + 100_000_000L);
    }
}
