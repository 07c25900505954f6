package org.fixbench.harness.api;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** A probe's sample of an iteration counts in a run only when the iteration is the run's (started once it opened). */
class ProbeIterationTest {
    @Test
    void aLateAnswerToAnIterationBeforeTheRunIsNotTheRuns() {
        Probe probe = new Probe("order->fill", 60_000_000_000L);
        probe.sampleIteration(10, 20); // no run opened yet: every iteration counts
        probe.runOpens(1_000);
        probe.sampleIteration(999, 5_000); // the warm-up's, answered during the run
        probe.sampleIteration(1_000, 1_250);
        probe.sampleIteration(2_000, 2_500);
        var data = probe.series().takeInterval();
        assertEquals(3, data.count());
        assertEquals(500, data.percentileNanos(100), 1, "the warm-up's 4,001 ns is not among them");
    }
}
