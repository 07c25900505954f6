package org.fixbench.harness.warmup;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

import org.fixbench.harness.LatencyBenchmark;
import org.fixbench.harness.ManualClock;
import org.fixbench.harness.ScriptedTask;
import org.fixbench.harness.api.HarnessConfig;
import org.fixbench.harness.results.BenchmarkResult;
import org.fixbench.harness.timed.TimedRun;
import org.junit.jupiter.api.Test;

/** The warm-up ends when the compilers are quiet, and only then (or at its cap); warm-up and runs share one loop. */
class WarmupPolicyTest {
    private static final long PASS = HarnessConfig.SETTLING_PASS_NANOS;
    private static final long MS = 1_000_000L;

    @Test
    void doesNotEndWhileCompileTimeGrowsAndEndsAfterAQuietStretch() {
        WarmupPolicy policy = WarmupPolicy.defaults(60_000 * MS);
        for (int i = 0; i < 40; i++) {
            assertEquals(WarmupPolicy.Decision.SETTLING, policy.settlingPassEnded(PASS, 30 * MS), "pass " + i);
        }
        // quiet from here: four quarter-second passes make the 1 s stretch
        assertEquals(WarmupPolicy.Decision.SETTLING, policy.settlingPassEnded(PASS, 0));
        assertEquals(WarmupPolicy.Decision.SETTLING, policy.settlingPassEnded(PASS, 0));
        assertEquals(WarmupPolicy.Decision.SETTLING, policy.settlingPassEnded(PASS, 0));
        assertEquals(WarmupPolicy.Decision.QUIET, policy.settlingPassEnded(PASS, 0));
        assertEquals(44, policy.settlingPasses());
    }

    @Test
    void aCompileInsideTheStretchStartsItAgain() {
        WarmupPolicy policy = WarmupPolicy.defaults(60_000 * MS);
        policy.settlingPassEnded(PASS, 0);
        policy.settlingPassEnded(PASS, 0);
        policy.settlingPassEnded(PASS, 0);
        assertEquals(WarmupPolicy.Decision.SETTLING, policy.settlingPassEnded(PASS, 11 * MS),
                "11 ms in a second is more than 1%");
        for (int i = 0; i < 3; i++) {
            assertEquals(WarmupPolicy.Decision.SETTLING, policy.settlingPassEnded(PASS, 0), "pass " + i);
        }
        assertEquals(WarmupPolicy.Decision.QUIET, policy.settlingPassEnded(PASS, 0));
    }

    @Test
    void aSmallCompileStaysInTheStretchAndCountsAgainstItsBudget() {
        WarmupPolicy policy = WarmupPolicy.defaults(60_000 * MS);
        assertTrue(!policy.passWasBusy(PASS, 6 * MS), "6 ms: no park");
        assertEquals(WarmupPolicy.Decision.SETTLING, policy.settlingPassEnded(PASS, 6 * MS));
        policy.settlingPassEnded(PASS, 0);
        policy.settlingPassEnded(PASS, 0);
        assertEquals(WarmupPolicy.Decision.QUIET, policy.settlingPassEnded(PASS, 0), "6 ms in 1 s is under 1%");

        WarmupPolicy twice = WarmupPolicy.defaults(60_000 * MS);
        twice.settlingPassEnded(PASS, 6 * MS);
        twice.settlingPassEnded(PASS, 0);
        twice.settlingPassEnded(PASS, 6 * MS);
        assertEquals(WarmupPolicy.Decision.SETTLING, twice.settlingPassEnded(PASS, 0), "12 ms in 1 s is over 1%");
        assertEquals(WarmupPolicy.Decision.QUIET, twice.settlingPassEnded(PASS, 0),
                "the first 6 ms left the stretch; 6 ms in the last 1 s");
    }

    @Test
    void littleCompilingWithinTheBoundIsQuiet() {
        WarmupPolicy policy = WarmupPolicy.defaults(60_000 * MS);
        for (int i = 0; i < 3; i++) {
            policy.settlingPassEnded(PASS, 2 * MS);
        }
        assertEquals(WarmupPolicy.Decision.QUIET, policy.settlingPassEnded(PASS, 2 * MS), "8 ms in 1 s is under 1%");
    }

    @Test
    void endsAtTheCapWhenTheCompilersNeverStop() {
        WarmupPolicy policy = WarmupPolicy.defaults(3_000 * MS);
        int passes = 0;
        while (!policy.done()) {
            policy.settlingPassEnded(PASS, 100 * MS);
            passes++;
        }
        assertEquals(WarmupPolicy.Decision.CAPPED, policy.decision());
        assertEquals(12, passes, "3 s of quarter-second passes");
        assertTrue(policy.describe().contains("cap"), policy.describe());
    }

    @Test
    void nothingToWatchEndsAtOnceAndSaysSo() {
        WarmupPolicy policy = WarmupPolicy.defaults(3_000 * MS);
        assertEquals(WarmupPolicy.Decision.UNWATCHED, policy.settlingPassEnded(PASS, -1));
        assertTrue(policy.describe().contains("no compile time"));
    }

    /** A fake compile-time source that grows with the manual clock until {@code stopsAtNanos}, then stays. */
    private static java.util.function.LongSupplier compilingUntil(ManualClock clock, long stopsAtNanos) {
        long start = clock.nanoTime();
        return () -> Math.min(clock.nanoTime(), start + stopsAtNanos) - start; // one CPU compiling all the while
    }

    @Test
    void aBusyPassParksTheLoadAndTheStretchIsSeenAgainUnderLoad() {
        WarmupPolicy policy = WarmupPolicy.defaults(60_000 * MS);
        assertTrue(policy.passWasBusy(PASS, 11 * MS), "11 ms is more than a 1 s stretch may have at 1%");
        assertTrue(!policy.passWasBusy(PASS, 10 * MS), "10 ms is not");
        for (int i = 0; i < 3; i++) {
            policy.settlingPassEnded(PASS, 0);
        }
        assertEquals(WarmupPolicy.Decision.SETTLING, policy.parked(500 * MS));
        for (int i = 0; i < 3; i++) {
            assertEquals(WarmupPolicy.Decision.SETTLING, policy.settlingPassEnded(PASS, 0),
                    "quiet passes before a park do not count toward the stretch after it: pass " + i);
        }
        assertEquals(WarmupPolicy.Decision.QUIET, policy.settlingPassEnded(PASS, 0));
        assertEquals(500 * MS, policy.parkedNanos());
        assertTrue(policy.describe().contains("0.5 s with the load parked"), policy.describe());
    }

    @Test
    void parkingCountsTowardTheCap() {
        WarmupPolicy policy = WarmupPolicy.defaults(1_000 * MS);
        policy.settlingPassEnded(PASS, 100 * MS);
        assertEquals(WarmupPolicy.Decision.CAPPED, policy.parked(800 * MS));
        assertTrue(policy.done());
    }

    /** A task that records each iteration's intended start, then runs as a {@link ScriptedTask}. */
    private static ScriptedTask recordingStarts(ManualClock clock, List<Long> starts) {
        return new ScriptedTask(clock) {
            @Override
            public void run(long startNanos) {
                starts.add(startNanos);
                super.run(startNanos);
            }
        };
    }

    @Test
    void aBenchmarkMeasuresOnlyAfterTheFakeCompilerStops() {
        ManualClock clock = new ManualClock();
        long rate = 10_000;
        int runIterations = 1_000;
        long compilingNanos = 5_000 * MS;
        List<Long> starts = new ArrayList<>();
        ScriptedTask task = recordingStarts(clock, starts);
        long clockStart = clock.nanoTime();
        HarnessConfig config = clock.configure("warm", rate, runIterations).warmupIterations(4_000)
                .warmupUntilJitQuiet(true).compileTimeSource(compilingUntil(clock, compilingNanos)).build();
        LatencyBenchmark benchmark = new LatencyBenchmark(config);
        BenchmarkResult result = benchmark.run(task, Map.of());
        assertNull(benchmark.warmupNote(), "quiet, not capped");
        long runStart = starts.get(starts.size() - runIterations) - clockStart;
        assertTrue(runStart >= compilingNanos + WarmupPolicy.DEFAULT_STRETCH_NANOS,
                "the warm-up went on while compiling and for the quiet stretch after: " + runStart);
        assertTrue(runStart <= compilingNanos + WarmupPolicy.DEFAULT_STRETCH_NANOS + PASS
                        + WarmupPolicy.PARK_STEP_NANOS,
                "and ended once the stretch was quiet: " + runStart);
        long settlingSent = result.warmupIterations() - 4_000;
        assertTrue(settlingSent * (HarnessConfig.NANOS_PER_SECOND / rate) < compilingNanos,
                "while the fake compiler worked the load was parked, not sending: " + settlingSent);
        assertEquals(1, result.runs().size());
        assertTrue(result.runs().get(0).ok(), result.runs().get(0).reason());
    }

    @Test
    void aBenchmarkWhoseFakeCompilerNeverStopsStartsAtTheCapAndSaysSo() {
        ManualClock clock = new ManualClock();
        List<Long> starts = new ArrayList<>();
        ScriptedTask task = recordingStarts(clock, starts);
        long clockStart = clock.nanoTime();
        HarnessConfig config = clock.configure("capped", 10_000, 1_000).warmupIterations(4_000)
                .warmupUntilJitQuiet(true).warmupCapNanos(2_000 * MS)
                .compileTimeSource(compilingUntil(clock, Long.MAX_VALUE / 4)).build();
        LatencyBenchmark benchmark = new LatencyBenchmark(config);
        BenchmarkResult result = benchmark.run(task, Map.of());
        assertNotNull(benchmark.warmupNote());
        assertTrue(benchmark.warmupNote().contains("cap"), benchmark.warmupNote());
        assertTrue(result.warmupEndedCompiling());
        long settling = starts.get(starts.size() - 1_000) - clockStart - 400 * MS; // after the 0.4 s schedule
        assertTrue(settling >= 2_000 * MS - PASS && settling <= 2_000 * MS + PASS + WarmupPolicy.PARK_STEP_NANOS,
                "about 2 s of settling, passes and parks: " + settling);
    }

    @Test
    void warmUpPassesAndMeasuredRunsSendFromTheSameTimedLoop() {
        ManualClock clock = new ManualClock();
        Set<List<String>> stacks = new LinkedHashSet<>();
        List<Long> runStarts = new ArrayList<>();
        ScriptedTask task = new ScriptedTask(clock) {
            @Override
            public void run(long startNanos) {
                stacks.add(StackWalker.getInstance().walk(frames -> frames.skip(1).limit(3)
                        .map(f -> f.getClassName() + "." + f.getMethodName()).collect(Collectors.toList())));
                runStarts.add(startNanos);
                super.run(startNanos);
            }
        };
        HarnessConfig config = clock.configure("loop", 10_000, 500).warmupIterations(400).runs(2)
                .warmupUntilJitQuiet(true).compileTimeSource(() -> 0).build();
        BenchmarkResult result = new LatencyBenchmark(config).run(task, Map.of());
        assertEquals(2, result.runs().size(), String.valueOf(result.abortReason()));
        assertTrue(runStarts.size() > 400 + 2 * 500, "warm-up (scheduled and settling) and runs all sent");
        assertEquals(Set.of(List.of(TimedRun.class.getName() + ".sendNext",
                TimedRun.class.getName() + ".timedLoop",
                TimedRun.class.getName() + ".sendAndAwait")), stacks,
                "every send of every pass and run comes from the one timed loop");
    }
}
