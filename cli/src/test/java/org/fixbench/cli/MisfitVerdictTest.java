package org.fixbench.cli;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;

import org.fixbench.cli.report.ComparisonReport;
import org.fixbench.harness.api.HarnessConfig;
import org.fixbench.harness.machine.IdleThreads;
import org.fixbench.harness.results.BenchmarkResult;
import org.fixbench.harness.results.RunResult;
import org.fixbench.harness.verdict.RunReason;
import org.fixbench.harness.verdict.RunStatus;
import org.junit.jupiter.api.Test;

/** A run that fell behind with a profile that does not fit the machine is not reported as the engine's limit. */
class MisfitVerdictTest {
    private static BenchmarkResult saturated(List<String> notes) {
        RunResult run = new RunResult(1, RunStatus.SATURATED, List.of(new RunReason(RunReason.Kind.SEND_BEHIND,
                "achieved 25,000/s, 50% below the target")), 25_000, 100, 100, 0, 0, 25_000, 0, 0, 0, 0, 0, 0, 50,
                false, 1_000, 1_100, Map.of(), -1, null, 0, 0, -1, -1);
        HarnessConfig config = HarnessConfig.builder("artio-tuned-50000").targetRatePerSecond(50_000).runs(1)
                .iterationsPerRun(100).warmupIterations(10).build();
        return new BenchmarkResult("artio-tuned-50000", config, Map.of("engine", "artio", "profile", "tuned",
                "engineNotes", notes), 10, List.of(run), List.of(), null);
    }

    @Test
    void aProfileThatDoesNotFitIsSaidSoAndNotBlamedOnTheEngine() {
        String note = "artio:tuned " + IdleThreads.DOES_NOT_FIT + ": 3 busy thread(s) with no load";
        String verdict = ComparisonReport.verdict(saturated(List.of(note)));
        assertTrue(verdict.contains("on this machine, which its profile does not fit"), verdict);
        assertTrue(verdict.contains("not a verdict on the engine"), verdict);
        assertTrue(verdict.contains(note), verdict);
    }

    @Test
    void aProfileThatFitsFallingBehindIsTheEnginesLimit() {
        String verdict = ComparisonReport.verdict(saturated(List.of()));
        assertTrue(verdict.contains("did not keep up with 50,000 msgs/s**"), verdict);
        assertFalse(verdict.contains("does not fit"), verdict);
    }
}
