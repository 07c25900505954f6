package org.fixbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;

import org.fixbench.cli.run.RoundWalk;
import org.fixbench.harness.api.HarnessConfig;
import org.fixbench.harness.machine.PinOutcome;
import org.fixbench.harness.results.BenchmarkResult;
import org.fixbench.harness.results.RunResult;
import org.fixbench.harness.verdict.RunReason;
import org.fixbench.harness.verdict.RunStatus;
import org.junit.jupiter.api.Test;

/** An interleaved benchmark's rounds become one result: its runs in round order, numbered again. */
class SweepMergeTest {
    private static BenchmarkResult round(long startMillis, RunStatus status, String abortReason) {
        List<RunReason> reasons = status == RunStatus.OK ? List.of()
                : List.of(new RunReason(RunReason.Kind.LOST, "1 of 100 samples missing"));
        RunResult run = new RunResult(1, status, reasons, 1_000, 100, 100, 0, 0, 1_000, 0, 0, 0, 0, 0, 0, 50, false,
                startMillis, startMillis + 100, Map.of(), -1, null, 0, 0, -1, -1);
        Map<String, Object> labels = Map.of("engine", "tcp", "round", startMillis,
                "engineNotes", List.of("note of round " + startMillis));
        PinOutcome pin = new PinOutcome("harness", "main", startMillis == 1_000 ? 1 : -1, startMillis == 1_000,
                startMillis == 1_000 ? "reserved" : "no CPU left");
        return new BenchmarkResult("tcp-yield-1000", null, labels, 10, List.of(run), List.of(pin), abortReason);
    }

    @Test
    void everyRoundsPinningAndNotesAreKept() {
        BenchmarkResult merged = RoundWalk.merge(config(false), List.of(round(1_000, RunStatus.OK, null),
                round(2_000, RunStatus.OK, null)));
        assertEquals(2, merged.pinning().size(), "round 2 was not pinned, and that must show");
        assertEquals(List.of("note of round 1000 (round 1)", "note of round 2000 (round 2)"),
                merged.labels().get("engineNotes"));
        BenchmarkResult same = RoundWalk.merge(config(false), List.of(round(1_000, RunStatus.OK, null),
                round(1_000, RunStatus.OK, null)));
        assertEquals(1, same.pinning().size(), "the same outcome in every round is listed once");
        assertEquals(List.of("note of round 1000"), same.labels().get("engineNotes"));
    }

    private static HarnessConfig config(boolean skipFirstRun) {
        return HarnessConfig.builder("tcp-yield-1000").targetRatePerSecond(1_000).runs(3).iterationsPerRun(100)
                .warmupIterations(10).skipFirstRun(skipFirstRun).build();
    }

    @Test
    void roundsBecomeRunsInOrderWithTheFirstRoundsLabels() {
        BenchmarkResult merged = RoundWalk.merge(config(false), List.of(round(1_000, RunStatus.OK, null),
                round(2_000, RunStatus.FAILED, null), round(3_000, RunStatus.OK, null)));
        assertEquals(3, merged.runs().size());
        for (int k = 0; k < 3; k++) {
            RunResult run = merged.runs().get(k);
            assertEquals(k + 1, run.run());
            assertEquals((k + 1) * 1_000L, run.startEpochMillis());
            assertFalse(run.excluded());
        }
        assertEquals(RunStatus.FAILED, merged.runs().get(1).status());
        assertEquals(1_000L, merged.labels().get("round"));
        assertEquals(3, merged.config().runs());
        assertNull(merged.abortReason());
    }

    @Test
    void skipFirstRunLeavesOutRoundOneAndAnEarlyEndIsKept() {
        BenchmarkResult merged = RoundWalk.merge(config(true), List.of(round(1_000, RunStatus.OK, null),
                round(2_000, RunStatus.FAILED, "session ended during the benchmark")));
        assertTrue(merged.runs().get(0).excluded());
        assertFalse(merged.runs().get(1).excluded());
        assertEquals(1, merged.countedRuns().size());
        assertTrue(merged.aborted());
        assertEquals("session ended during the benchmark", merged.abortReason());
    }

    @Test
    void eachRoundsJvmPausesFollowItsRunsNumber() {
        java.util.function.Function<Long, BenchmarkResult> withPauses = start -> {
            BenchmarkResult r = round(start, RunStatus.OK, null);
            Map<String, Object> labels = new java.util.LinkedHashMap<>(r.labels());
            labels.put(org.fixbench.cli.results.JvmPauses.LABEL, List.of(
                    new org.fixbench.cli.results.JvmPauses(1, "server", 1, start, start, 0, 0).toLabel(),
                    new org.fixbench.cli.results.JvmPauses(1, "client", 2, start + 1, start, 1, 5).toLabel()));
            return new BenchmarkResult(r.name(), null, labels, 10, r.runs(), r.pinning(), null);
        };
        BenchmarkResult merged = RoundWalk.merge(config(false), List.of(withPauses.apply(1_000L),
                withPauses.apply(2_000L)));
        List<org.fixbench.cli.results.JvmPauses> pauses = org.fixbench.cli.results.JvmPauses.fromLabels(
                merged.labels());
        assertEquals(List.of(1, 1, 2, 2), pauses.stream().map(org.fixbench.cli.results.JvmPauses::run).toList());
        assertEquals(2_001L, pauses.get(3).safepointTotalMicros(), "round 2's client is run 2's");
    }
}
