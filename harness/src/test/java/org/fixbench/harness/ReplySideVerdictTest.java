package org.fixbench.harness;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.PriorityQueue;
import java.util.function.LongUnaryOperator;

import org.fixbench.harness.api.Harness;
import org.fixbench.harness.api.HarnessConfig;
import org.fixbench.harness.api.LatencyTask;
import org.fixbench.harness.results.BenchmarkResult;
import org.fixbench.harness.results.RunResult;
import org.fixbench.harness.series.SeriesData;
import org.fixbench.harness.series.SeriesNames;
import org.fixbench.harness.timed.TimedRun;
import org.fixbench.harness.verdict.RunReason;
import org.fixbench.harness.verdict.RunStatus;
import org.fixbench.harness.verdict.Verdicts;
import org.junit.jupiter.api.Test;

/**
 * A run is judged from the replies as well as the sends, and every reply belongs to the run that sent its order.
 * Each test here passed as OK (or was counted in the wrong run) under the sender-only rules and order matching.
 */
class ReplySideVerdictTest {

    /**
     * A server on the timed thread: order i (counted over the whole benchmark) is answered {@code delay(i)} after it
     * was sent, or, as a single FIFO server, {@code serviceNanos} after the previous reply (a queue that grows
     * whenever orders come faster than that).
     */
    private static class ServerTask implements LatencyTask {
        private final ManualClock clock;
        private final LongUnaryOperator delay;
        private final long fifoServiceNanos;
        private final PriorityQueue<long[]> inFlight = new PriorityQueue<>((a, b) -> Long.compare(a[1], b[1]));
        private Harness harness;
        private long order;
        private long lastDone;

        ServerTask(ManualClock clock, LongUnaryOperator delay, long fifoServiceNanos) {
            this.clock = clock;
            this.delay = delay;
            this.fifoServiceNanos = fifoServiceNanos;
        }

        @Override
        public void init(Harness harness) {
            this.harness = harness;
        }

        @Override
        public void run(long startNanos) {
            long now = clock.nanoTime();
            long due = fifoServiceNanos > 0 ? Math.max(lastDone, now) + fifoServiceNanos
                    : now + delay.applyAsLong(order);
            lastDone = due;
            order++;
            inFlight.add(new long[] {startNanos, due});
        }

        @Override
        public boolean pollsOnTimedThread() {
            return true;
        }

        @Override
        public boolean poll() {
            boolean any = false;
            long[] head;
            while ((head = inFlight.peek()) != null && head[1] <= clock.nanoTime()) {
                inFlight.poll();
                harness.sample(head[0], clock.nanoTime());
                any = true;
            }
            return any;
        }
    }

    private static List<RunReason.Kind> kinds(RunResult run) {
        return run.reasons().stream().map(RunReason::kind).toList();
    }

    @Test
    void anEngineThatAcceptsEverySendButQueuesTheRepliesIsSaturated() {
        ManualClock clock = new ManualClock();
        // 10,000/s offered, one reply every 120 us possible (8,333/s): every send goes out on time, the replies queue
        ServerTask queueing = new ServerTask(clock, i -> 0, 120_000);
        RunResult run = new LatencyBenchmark(clock.configure("queueing", 10_000, 20_000).build())
                .run(queueing, Map.of()).runs().get(0);
        assertEquals(10_000, run.achievedRatePerSecond(), 10, "the sends kept the rate");
        assertEquals(0, run.lost(), "everything was answered within the timeout");
        assertEquals(RunStatus.SATURATED, run.status(), run.reason());
        assertTrue(kinds(run).contains(RunReason.Kind.COMPLETION_RATE), run.reason());
        assertTrue(kinds(run).contains(RunReason.Kind.RISING_LATENCY), run.reason());
        assertEquals(1e9 / 120_000, run.completionRatePerSecond(), 20);
        assertTrue(run.lastThirdP50Nanos() > 4 * run.firstThirdP50Nanos(), run.firstThirdP50Nanos() + " "
                + run.lastThirdP50Nanos());
    }

    @Test
    void anEngineThatKeepsUpIsOk() {
        ManualClock clock = new ManualClock();
        ServerTask keepsUp = new ServerTask(clock, i -> 0, 80_000);
        RunResult run = new LatencyBenchmark(clock.configure("keeps-up", 10_000, 20_000).build())
                .run(keepsUp, Map.of()).runs().get(0);
        assertEquals(RunStatus.OK, run.status(), run.reason());
        assertEquals(10_000, run.completionRatePerSecond(), 100);
    }

    @Test
    void anOrderLeftUnansweredLongerThanTheBoundSaturatesTheRunThoughEveryOtherFlows() {
        ManualClock clock = new ManualClock();
        ServerTask oneStuck = new ServerTask(clock, i -> i == 500 ? 1_500_000_000L : 50_000, 0);
        RunResult run = new LatencyBenchmark(clock.configure("stuck", 10_000, 20_000).build())
                .run(oneStuck, Map.of()).runs().get(0);
        assertEquals(0, run.lost());
        assertEquals(RunStatus.SATURATED, run.status(), run.reason());
        assertTrue(kinds(run).contains(RunReason.Kind.UNANSWERED_AGE), run.reason());
        assertTrue(run.oldestUnansweredNanos() >= 1_499_000_000L, "age " + run.oldestUnansweredNanos());
    }

    @Test
    void aReplyAfterItsRunsTimeoutIsLateForThatRunNotASampleOfTheNext() {
        ManualClock clock = new ManualClock();
        // order 5 of run 1 is answered 60 ms after it was sent; run 1 waits only 10 ms after its last send
        ServerTask late = new ServerTask(clock, i -> i == 5 ? 60_000_000L : 20_000, 0);
        BenchmarkResult result = new LatencyBenchmark(clock.configure("late", 10_000, 500).runs(2)
                .sampleTimeoutNanos(10_000_000L).build()).run(late, Map.of());
        RunResult first = result.runs().get(0);
        RunResult second = result.runs().get(1);
        assertEquals(1, first.lost());
        assertEquals(1, first.lateReplies(), "the reply came, after the timeout, and is counted for run 1");
        assertEquals(RunStatus.FAILED, first.status());
        assertEquals(500, second.received());
        assertEquals(0, second.unmatchedSamples());
        assertEquals(RunStatus.OK, second.status(), second.reason());
        assertEquals(500, second.endToEnd().count(), "run 2 holds its own 500 samples, nothing of run 1");
        assertTrue(second.endToEnd().maxNanos() < 1_000_000, "no 60 ms sample in run 2: "
                + second.endToEnd().maxNanos());
    }

    /**
     * A run that left the server a queue (orders it answers after the run's timeout): the next run starts once that
     * queue is answered, so it measures its own rate, not the queue. Seen in a comparison: jspurefix with its file
     * store at 10,000/s left about 9 s of orders, and its 2,000/s run read p50 250 ms, falling through the run.
     */
    @Test
    void theNextRunWaitsUntilTheServerHasAnsweredTheLastRunsQueue() {
        ManualClock clock = new ManualClock();
        // one reply every 120 us (8,333/s): run 1 at 20,000/s for 1 s leaves about 11,000 orders queued (1.3 s of
        // them) after its 100 ms timeout; run 2 at 2,000/s is well within the server's reach
        ServerTask fifo = new ServerTask(clock, i -> 0, 120_000);
        java.io.ByteArrayOutputStream printed = new java.io.ByteArrayOutputStream();
        BenchmarkResult result = new LatencyBenchmark(clock.configure("drain", 20_000, 20_000).runs(2)
                .runRates(20_000, 2_000).sampleTimeoutNanos(100_000_000L).quiet(false).build(),
                new java.io.PrintStream(printed, true), ProgressListener.NONE).run(fifo, Map.of());
        RunResult first = result.runs().get(0);
        RunResult second = result.runs().get(1);
        assertTrue(first.lost() > 10_000, "run 1 left a queue: " + first.lost());
        assertEquals(first.lost(), first.lateReplies(), "every one of them answered, late, and counted for run 1");
        assertEquals(RunStatus.OK, second.status(), second.reason());
        assertTrue(second.endToEnd().maxNanos() < 1_000_000, "run 2 measured its own orders, not the queue: worst "
                + second.endToEnd().maxNanos());
        String said = printed.toString();
        assertTrue(said.contains("Waited") && said.contains("answered late"), said);
    }

    @Test
    void aWarmUpReplyAfterTheWarmUpsTimeoutIsNeverASampleOfRunOne() {
        ManualClock clock = new ManualClock();
        ServerTask late = new ServerTask(clock, i -> i == 3 ? 60_000_000L : 20_000, 0);
        BenchmarkResult result = new LatencyBenchmark(clock.configure("late-warm-up", 10_000, 500)
                .warmupIterations(100).sampleTimeoutNanos(10_000_000L).build()).run(late, Map.of());
        assertEquals(1, result.warmupLateReplies());
        RunResult run = result.runs().get(0);
        assertEquals(RunStatus.OK, run.status(), run.reason());
        assertEquals(500, run.endToEnd().count());
    }

    @Test
    void serviceTimeIsPairedWithTheSendOfTheSameOrderWhenRepliesOvertakeEachOther() {
        ManualClock clock = new ManualClock();
        // the first of every pair of orders takes 400 us, the second 10 us: replies come back swapped
        ServerTask swapped = new ServerTask(clock, i -> i % 2 == 0 ? 400_000 : 10_000, 0) {
            @Override
            public void run(long startNanos) {
                super.run(startNanos);
                if (startNanos % 7 == 0) {
                    clock.advance(150_000); // some sends late, so service time and end to end differ
                }
            }
        };
        RunResult run = new LatencyBenchmark(clock.configure("swapped", 10_000, 2_000).build())
                .run(swapped, Map.of()).runs().get(0);
        SeriesData service = run.series().get(SeriesNames.SERVICE_TIME);
        assertEquals(2_000, service.count());
        long min = service.histogram().getMinValue();
        assertTrue(min >= 9_000, "every service time is at least the fastest reply's 10 us, was " + min);
        // a reply can wait for a read behind a send that blocked 150 us, never more
        assertTrue(service.maxNanos() <= 400_000 + 150_000 + TimedRun.POLL_IDLE_CAP_NANOS, "max " + service.maxNanos());
    }

    @Test
    void aSampleForAStartNeverGivenIsCountedAndFailsTheRun() {
        ManualClock clock = new ManualClock();
        ScriptedTask liar = new ScriptedTask(clock) {
            @Override
            public void run(long startNanos) {
                long i = iteration++;
                harness.sample(i == 7 ? startNanos + 1 : startNanos, clock.nanoTime());
            }
        };
        RunResult run = new LatencyBenchmark(clock.configure("liar", 10_000, 100).sampleTimeoutNanos(1_000_000)
                .build()).run(liar, Map.of()).runs().get(0);
        assertEquals(1, run.unmatchedSamples());
        assertEquals(1, run.lost());
        assertEquals(RunStatus.FAILED, run.status());
        assertTrue(kinds(run).contains(RunReason.Kind.BAD_SAMPLES), run.reason());
    }

    @Test
    void aMachineModeChangeInARunIsNotRising() {
        HarnessConfig config = HarnessConfig.builder("x").quiet(true).build();
        assertFalse(Verdicts.isRising(config, 8_000, 12_600), "a few us between p50 modes is not a growing queue");
        assertFalse(Verdicts.isRising(config, 800_000, 1_700_000), "doubling by less than the 1 ms floor");
        assertTrue(Verdicts.isRising(config, 800_000, 2_000_000));
        assertFalse(Verdicts.isRising(config, -1, 2_000_000), "no first third, no verdict");
    }
}
