package org.fixbench.harness;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;

import org.fixbench.harness.api.HarnessConfig;
import org.fixbench.harness.results.BenchmarkResult;
import org.fixbench.harness.results.RunResult;
import org.fixbench.harness.verdict.RunReason;
import org.fixbench.harness.verdict.RunStatus;
import org.junit.jupiter.api.Test;

class FailedRunTest {
    private static final long RATE = 100_000;

    private static ScriptedTask slowTask(ManualClock clock) {
        return new ScriptedTask(clock) {
            @Override
            protected long costNanos(long i) {
                return 20_000; // twice the interval
            }
        };
    }

    @Test
    void aRunBehindItsTargetRateIsSaturatedWithItsAchievedRate() {
        ManualClock clock = new ManualClock();
        BenchmarkResult result = new LatencyBenchmark(clock.configure("slow", RATE, 1_000).build())
                .run(slowTask(clock), Map.of());
        RunResult run = result.runs().get(0);
        assertEquals(RunStatus.SATURATED, run.status());
        assertTrue(run.reasons().stream().anyMatch(r -> r.kind() == RunReason.Kind.SEND_RATE), run.reason());
        assertTrue(run.reason().contains("below the target"), run.reason());
        assertEquals(1_000 / 0.01999, run.achievedRatePerSecond(), 1.0);
        assertEquals(0, run.lost());
    }

    @Test
    void aRunWithinOnePercentOfTargetPasses() {
        ManualClock clock = new ManualClock();
        ScriptedTask slightlySlow = new ScriptedTask(clock) {
            @Override
            protected long costNanos(long i) {
                return i % 200 == 0 ? 10_000 + 1_000_000 / 1_000 : 0; // 0.5% behind overall
            }
        };
        RunResult run = new LatencyBenchmark(clock.configure("ok", RATE, 1_000).build())
                .run(slightlySlow, Map.of()).runs().get(0);
        assertEquals(RunStatus.OK, run.status(), run.reason());
    }

    @Test
    void aSaturatedRunStopsEarlyAndKeepsWhatItRecorded() {
        ManualClock clock = new ManualClock();
        HarnessConfig config = clock.configure("saturated", RATE, 1_000_000).saturationBoundNanos(1_000_000).runs(2)
                .build();
        BenchmarkResult result = new LatencyBenchmark(config).run(slowTask(clock), Map.of());
        assertEquals(2, result.runs().size(), "the next run still goes ahead");
        RunResult run = result.runs().get(0);
        assertEquals(RunStatus.SATURATED, run.status());
        assertEquals(RunReason.Kind.SEND_BEHIND, run.reasons().get(0).kind());
        assertTrue(run.reason().startsWith("saturated"), run.reason());
        // lateness grows 10 us per iteration: iteration 101 is the first beyond 1 ms behind
        assertEquals(101, run.sent());
        assertEquals(101, run.endToEnd().count());
        assertEquals(0, run.lost());
    }

    @Test
    void missingSamplesAreCountedLostAndFailTheRunWithinTheTimeout() {
        ManualClock clock = new ManualClock();
        ScriptedTask halfDeaf = new ScriptedTask(clock) {
            @Override
            protected boolean samples(long i) {
                return i % 2 == 0;
            }
        };
        long before = clock.nanoTime();
        HarnessConfig config = clock.configure("lossy", RATE, 1_000).sampleTimeoutNanos(2_000_000_000L).build();
        RunResult run = new LatencyBenchmark(config).run(halfDeaf, Map.of()).runs().get(0);
        assertEquals(RunStatus.FAILED, run.status());
        assertEquals(500, run.lost());
        assertEquals(500, run.received());
        assertTrue(run.reason().contains("500 of 1,000 samples missing"), run.reason());
        // the lost half is charged at no less than the timeout: the median cannot read as if they never existed
        assertEquals(1_000, run.endToEnd().count());
        assertTrue(run.endToEnd().percentileNanos(50) >= 0 && run.endToEnd().percentileNanos(60) >= 2_000_000_000L,
                "p60 charged at the timeout: " + run.endToEnd().percentileNanos(60));
        long waited = clock.nanoTime() - before;
        assertTrue(waited >= 2_000_000_000L && waited < 3_000_000_000L, "waited the timeout, no more: " + waited);
    }

    @Test
    void aTaskThatNeverSamplesEndsTheBenchmarkWithAClearError() {
        ManualClock clock = new ManualClock();
        ScriptedTask mute = new ScriptedTask(clock) {
            @Override
            protected boolean samples(long i) {
                return false;
            }
        };
        BenchmarkResult result = new LatencyBenchmark(clock.configure("mute", RATE, 1_000).runs(3).build())
                .run(mute, Map.of());
        assertTrue(result.aborted());
        assertTrue(result.abortReason().contains("never called harness.sample()"), result.abortReason());
        assertEquals(1, result.runs().size(), "no further runs after the first empty one");
    }

    @Test
    void aTaskThatNeverSamplesDuringWarmUpStopsBeforeTheRuns() {
        ManualClock clock = new ManualClock();
        ScriptedTask mute = new ScriptedTask(clock) {
            @Override
            protected boolean samples(long i) {
                return false;
            }
        };
        BenchmarkResult result = new LatencyBenchmark(clock.configure("mute", RATE, 1_000).warmupIterations(100)
                .build()).run(mute, Map.of());
        assertTrue(result.aborted());
        assertEquals(0, result.runs().size());
    }

    @Test
    void aTaskFailureEndsTheBenchmarkAndKeepsPartialResults() {
        ManualClock clock = new ManualClock();
        ScriptedTask breaking = new ScriptedTask(clock) {
            @Override
            protected long costNanos(long i) {
                if (i == 50) {
                    throw new IllegalStateException("server closed the connection");
                }
                return 0;
            }
        };
        BenchmarkResult result = new LatencyBenchmark(clock.configure("broken", RATE, 1_000).runs(3).build())
                .run(breaking, Map.of());
        assertTrue(result.aborted());
        assertTrue(result.abortReason().contains("server closed the connection"), result.abortReason());
        assertEquals(1, result.runs().size());
        RunResult run = result.runs().get(0);
        assertEquals(RunStatus.FAILED, run.status());
        assertEquals(50, run.sent());
        assertEquals(50, run.endToEnd().count());
    }

    @Test
    void failFromAnotherThreadStopsTheRun() throws Exception {
        ManualClock clock = new ManualClock();
        ScriptedTask failing = new ScriptedTask(clock) {
            @Override
            protected long costNanos(long i) {
                if (i == 10) {
                    Thread t = new Thread(() -> harness.fail("peer disconnected"));
                    t.start();
                    try {
                        t.join();
                    } catch (InterruptedException e) {
                        throw new AssertionError(e);
                    }
                }
                return 0;
            }
        };
        BenchmarkResult result = new LatencyBenchmark(clock.configure("peer", RATE, 1_000).runs(2).build())
                .run(failing, Map.of());
        assertNotNull(result.abortReason());
        assertEquals("peer disconnected", result.abortReason());
        assertEquals(11, result.runs().get(0).sent());
        assertEquals(RunStatus.FAILED, result.runs().get(0).status());
    }
}
