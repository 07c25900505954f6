package org.fixbench.cli;

import org.fixbench.cli.run.Sweep;
import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** The progress line's estimate of the time left: the schedule left, at the pace the work so far took. */
class SweepProgressTest {
    @Test
    void theScheduleLeftIsScaledByThePaceSoFar() {
        // 100 s planned, 20 s of it done in 28 s of wall time (forked JVMs start and stop): 80 s left take 112 s
        assertEquals(112_000, Sweep.remainingMillis(100_000_000_000L, 20_000_000_000L, 28_000));
    }

    @Test
    void beforeATenthIsDoneTheScheduleAloneIsTheEstimate() {
        assertEquals(95_000, Sweep.remainingMillis(100_000_000_000L, 5_000_000_000L, 30_000));
    }

    @Test
    void workFasterThanItsScheduleNeverShortensTheEstimate() {
        assertEquals(50_000, Sweep.remainingMillis(100_000_000_000L, 50_000_000_000L, 40_000));
    }
}
