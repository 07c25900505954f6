package org.fixbench.harness.verdict;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;

import org.junit.jupiter.api.Test;

class RunReasonTest {

    private static RunReason reason(RunReason.Kind kind) {
        return new RunReason(kind, kind.name());
    }

    @Test
    void theMostSevereReasonDecides() {
        assertEquals(RunStatus.OK, RunReason.statusOf(List.of()));
        assertEquals(RunStatus.SATURATED, RunReason.statusOf(List.of(reason(RunReason.Kind.QUEUEING))));
        assertEquals(RunStatus.DISTURBED, RunReason.statusOf(List.of(reason(RunReason.Kind.CPU_WAIT))));
        assertEquals(RunStatus.FAILED,
                RunReason.statusOf(List.of(reason(RunReason.Kind.QUEUEING), reason(RunReason.Kind.LOST))));
    }

    @Test
    void aQueueInferredInADisturbedRunIsTheMachinesButMeasuredShortfallsAndLossesAreFacts() {
        assertEquals(RunStatus.DISTURBED, RunReason.statusOf(
                List.of(reason(RunReason.Kind.QUEUEING), reason(RunReason.Kind.CPU_WAIT))));
        assertEquals(RunStatus.SATURATED, RunReason.statusOf(List.of(reason(RunReason.Kind.CPU_WAIT),
                reason(RunReason.Kind.QUEUEING), reason(RunReason.Kind.COMPLETION_RATE))));
        // rising latency is inferred from latencies too: the machine's in a disturbed run, the engine's otherwise
        assertEquals(RunStatus.DISTURBED, RunReason.statusOf(List.of(reason(RunReason.Kind.RISING_LATENCY),
                reason(RunReason.Kind.QUEUEING), reason(RunReason.Kind.CPU_WAIT))));
        assertEquals(RunStatus.SATURATED, RunReason.statusOf(List.of(reason(RunReason.Kind.RISING_LATENCY))));
        assertEquals(RunStatus.SATURATED, RunReason.statusOf(List.of(reason(RunReason.Kind.CPU_WAIT),
                reason(RunReason.Kind.RISING_LATENCY), reason(RunReason.Kind.UNANSWERED_AGE))));
        assertEquals(RunStatus.FAILED, RunReason.statusOf(
                List.of(reason(RunReason.Kind.CPU_WAIT), reason(RunReason.Kind.TASK_ERROR))));
    }
}
