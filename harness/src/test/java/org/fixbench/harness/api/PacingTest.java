package org.fixbench.harness.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

import org.fixbench.harness.LatencyBenchmark;
import org.fixbench.harness.ManualClock;
import org.fixbench.harness.ProgressListener;
import org.fixbench.harness.ScriptedTask;
import org.fixbench.harness.results.BenchmarkResult;
import org.fixbench.harness.results.RunResult;
import org.fixbench.harness.verdict.RunReason;
import org.junit.jupiter.api.Test;

class PacingTest {
    private static final long SECOND = HarnessConfig.NANOS_PER_SECOND;

    @Test
    void evenIsTheFixedRateSchedule() {
        for (long i : new long[] {0, 1, 2, 3, 1_000, 3_000_000}) {
            assertEquals(HarnessConfig.scheduleOffsetNanos(i, 3), Pacing.EVEN.offsetNanos(i, 3));
            assertEquals(HarnessConfig.scheduleOffsetNanos(i, 3), Pacing.EVEN.offsetNanos(12_345, i, 3));
        }
        assertTrue(Pacing.EVEN.isEven());
    }

    @Test
    void aBurstThenALullKeepsItsShapeAtTheMeanRate() {
        // four orders at once, then 300 ns of nothing: at 4/s the cycle lasts a second, all of it the lull
        Pacing burst = Pacing.ofGaps(new long[] {0, 0, 0, 300}, 1);
        assertFalse(burst.isEven());
        for (int i = 0; i < 4; i++) {
            assertEquals(0, burst.offsetNanos(i, 4));
        }
        assertEquals(SECOND, burst.offsetNanos(4, 4));
        assertEquals(7 * SECOND, burst.offsetNanos(28, 4));
        assertEquals(7 * SECOND, burst.offsetNanos(31, 4));
        // the same shape at 8/s: the cycle takes half a second
        assertEquals(SECOND / 2, burst.offsetNanos(4, 8));
    }

    @Test
    void iterationsSharingAGapAreSpreadEvenlyInsideIt() {
        // gaps of 100 and 300, two iterations a gap: recorded at 0, 50, 100, 250, then the next cycle at 400
        Pacing shared = Pacing.ofGaps(new long[] {100, 300}, 2);
        assertEquals(4, shared.cycleIterations());
        long rate = 4; // one cycle a second: 400 recorded ns stretched to 1 s
        assertEquals(0, shared.offsetNanos(0, rate));
        assertEquals(125_000_000, shared.offsetNanos(1, rate));
        assertEquals(250_000_000, shared.offsetNanos(2, rate));
        assertEquals(625_000_000, shared.offsetNanos(3, rate));
        assertEquals(SECOND, shared.offsetNanos(4, rate));
    }

    @Test
    void aRunGoesOnWhereTheLastLeftTheCycle() {
        Pacing shape = Pacing.ofGaps(new long[] {100, 300}, 1);
        // at 2/s: iterations recorded at 0, 100, 400, 500, ... → 0, 0.25 s, 1 s, 1.25 s
        assertEquals(SECOND * 3 / 4, shape.offsetNanos(1, 1, 2), "from the cycle's 2nd iteration to its 3rd");
        assertEquals(SECOND / 4, shape.offsetNanos(2, 1, 2));
        assertEquals(SECOND / 4, shape.offsetNanos(1_000_000, 1, 2), "whole cycles before make no difference");
    }

    @Test
    void offsetsNeverGoBackAndMeetTheMeanRateEveryCycle() {
        SplittableRandom random = new SplittableRandom(42);
        for (int shape = 0; shape < 50; shape++) {
            long[] gaps = new long[1 + random.nextInt(40)];
            for (int g = 0; g < gaps.length; g++) {
                gaps[g] = random.nextInt(4) == 0 ? 0 : random.nextLong(1, 5_000_000_000L);
            }
            gaps[random.nextInt(gaps.length)] += 1;
            int perGap = 1 + random.nextInt(7);
            long rate = 1 + random.nextLong(100_000);
            Pacing pacing = Pacing.ofGaps(gaps, perGap);
            long cycle = pacing.cycleIterations();
            long previous = 0;
            for (long i = 0; i < 3 * cycle + 5; i++) {
                long offset = pacing.offsetNanos(i, rate);
                assertTrue(offset >= previous, "iteration " + i + " of shape " + shape + " went back");
                previous = offset;
            }
            assertEquals(HarnessConfig.scheduleOffsetNanos(2 * cycle, rate), pacing.offsetNanos(2 * cycle, rate));
        }
    }

    private static long offsets(Pacing pacing, long count) {
        long sum = 0;
        for (long i = 0; i < count; i++) {
            sum += pacing.offsetNanos(7, i, 10_000);
        }
        return sum;
    }

    @Test
    void aPacedOffsetAllocatesNothing() {
        com.sun.management.ThreadMXBean threads =
                (com.sun.management.ThreadMXBean) java.lang.management.ManagementFactory.getThreadMXBean();
        long id = Thread.currentThread().getId();
        Pacing pacing = Pacing.ofGaps(new long[] {0, 10, 250, 3}, 3);
        long sum = offsets(pacing, 200_000); // compiled before it is counted
        // the least of three attempts (as AllocationTest: a one-off of the JVM shows in one attempt, an allocation per
        // offset, 16 MB or more here, in all three)
        long allocated = Long.MAX_VALUE;
        for (int attempt = 0; attempt < 3; attempt++) {
            long before = threads.getThreadAllocatedBytes(id);
            sum += offsets(pacing, 1_000_000);
            allocated = Math.min(allocated, threads.getThreadAllocatedBytes(id) - before);
        }
        assertTrue(sum > 0);
        assertTrue(allocated < 1_000, "1,000,000 paced offsets allocated " + allocated + " bytes");
    }

    @Test
    void badShapesAreRefusedInOneLine() {
        assertEquals("pacing needs at least one gap",
                assertThrows(IllegalArgumentException.class, () -> Pacing.ofGaps(new long[0], 1)).getMessage());
        assertEquals("pacing: a gap is negative (-1 ns)",
                assertThrows(IllegalArgumentException.class, () -> Pacing.ofGaps(new long[] {5, -1}, 1)).getMessage());
        assertEquals("pacing: the gaps add up to no time at all",
                assertThrows(IllegalArgumentException.class, () -> Pacing.ofGaps(new long[] {0, 0}, 1)).getMessage());
        assertEquals("pacing: iterations per gap must be at least 1 (was 0)",
                assertThrows(IllegalArgumentException.class, () -> Pacing.ofGaps(new long[] {1}, 0)).getMessage());
    }

    /** A task that records the intended start time of every iteration it is given. */
    private static class RecordingTask extends ScriptedTask {
        final List<Long> intended = new ArrayList<>();

        RecordingTask(ManualClock clock) {
            super(clock);
        }

        @Override
        public void run(long startNanos) {
            intended.add(startNanos);
            super.run(startNanos);
        }
    }

    @Test
    void aPacedBenchmarkSendsOnTheShapeAcrossRunsAndKeepsUp() {
        ManualClock clock = new ManualClock();
        RecordingTask task = new RecordingTask(clock);
        // gaps 0, 0, 300 (a burst of 3, then a lull), 6 iterations a run = two cycles, 3 runs, at 1,000/s
        Pacing burst = Pacing.ofGaps(new long[] {0, 0, 300}, 1);
        HarnessConfig config = clock.configure("paced", 1_000, 5).runs(3).pacing(burst).build();
        BenchmarkResult result = new LatencyBenchmark(config).run(task, Map.of());
        assertNull(result.abortReason());
        assertEquals(15, task.intended.size());
        long cycleNanos = 3_000_000; // 3 iterations at 1,000/s
        // a run of 5 ends inside the second cycle's burst; the next run starts there, not at a cycle's start
        long[] expectedWithinRun = {0, 0, 0, cycleNanos, cycleNanos};
        long[] expectedRun2 = {0, cycleNanos, cycleNanos, cycleNanos, 2 * cycleNanos};
        for (int i = 0; i < 5; i++) {
            assertEquals(expectedWithinRun[i], task.intended.get(i) - task.intended.get(0), "run 1, iteration " + i);
            assertEquals(expectedRun2[i], task.intended.get(5 + i) - task.intended.get(5), "run 2, iteration " + i);
        }
        for (RunResult run : result.runs()) {
            assertTrue(run.ok(), "a run that kept to its paced schedule is OK: " + run.reasons());
        }
    }

    @Test
    void aPacedRunThatFallsBehindItsBurstsIsNotOk() {
        ManualClock clock = new ManualClock();
        // every iteration costs 2 ms: at a mean of 1,000/s and bursts of three at once, the sends fall behind
        RecordingTask task = new RecordingTask(clock) {
            @Override
            protected long costNanos(long i) {
                return 2_000_000;
            }
        };
        Pacing burst = Pacing.ofGaps(new long[] {0, 0, 300}, 1);
        HarnessConfig config = clock.configure("behind", 1_000, 3_000).pacing(burst).build();
        RunResult run = new LatencyBenchmark(config).run(task, Map.of()).runs().get(0);
        assertFalse(run.ok());
        assertTrue(run.reasons().stream().anyMatch(r -> r.kind() == RunReason.Kind.SEND_RATE),
                () -> "the send rate fell below the paced schedule's: " + run.reasons());
    }

    @Test
    void aShapeRestartingEachRunBeginsEveryMeasuredRunAtItsCycleStartWhileTheWarmupGoesOn() {
        ManualClock clock = new ManualClock();
        // a cycle of 4: a lull of 900 ns after the first iteration, then three 100 ns apart; runs of 4 = one cycle
        Pacing shape = Pacing.ofGaps(new long[] {900, 100, 100, 100}, 1).restartingEachRun();
        assertTrue(shape.restartsEachRun());
        assertFalse(Pacing.ofGaps(new long[] {900, 100, 100, 100}, 1).restartsEachRun());
        assertFalse(shape.equals(Pacing.ofGaps(new long[] {900, 100, 100, 100}, 1)));
        List<List<Long>> offsetsByRun = new ArrayList<>();
        RecordingTask task = new RecordingTask(clock);
        // a warm-up of 3 (it leaves the cycle at its 4th iteration), then 2 runs at 4/s: one cycle a second
        HarnessConfig config = clock.configure("restarting", 4, 4).warmupIterations(3).runs(2).pacing(shape).build();
        BenchmarkResult result = new LatencyBenchmark(config, System.out, new ProgressListener() {
            int from;

            @Override
            public void runStarting(String benchmark, int run, int runs, boolean warmup) {
                from = task.intended.size();
            }

            @Override
            public void runEnded(String benchmark, RunResult r) {
                List<Long> run = task.intended.subList(from, task.intended.size());
                offsetsByRun.add(run.stream().map(v -> v - run.get(0)).toList());
            }
        }).run(task, Map.of());
        assertNull(result.abortReason());
        // 1,200 recorded ns stretched to the second: 0, 900/1200, 1000/1200, 1100/1200 of it
        List<Long> cycle = List.of(0L, 750_000_000L, 833_333_333L, 916_666_666L);
        assertEquals(cycle, offsetsByRun.get(0), "run 1 begins with the cycle's lull, not where the warm-up left it");
        assertEquals(cycle, offsetsByRun.get(1), "and so does run 2");
        for (RunResult run : result.runs()) {
            assertTrue(run.ok(), "a run that kept to its restarting schedule is OK: " + run.reasons());
        }
    }
}
