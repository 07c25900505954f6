package org.fixbench.cli.run;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

import org.fixbench.harness.api.HarnessConfig;
import org.junit.jupiter.api.Test;

/** A sweep's progress lines on a clock the test moves: what is counted, the time since the call, the work left. */
class SweepProgressLinesTest {
    /** 1,000/s, 2 runs of 1,000 orders: 1 s of warm-up schedule (set below), 2 s of runs. */
    private static HarnessConfig config() {
        return HarnessConfig.builder("tcp-spin-1000").targetRatePerSecond(1_000).runs(2).iterationsPerRun(1_000)
                .warmupNanos(1_000_000_000L).warmupUntilJitQuiet(false).build();
    }

    @Test
    void eachCallCountsItsOwnWorkOnTheClockItIsGiven() {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        PrintStream out = new PrintStream(bytes, true, StandardCharsets.UTF_8);
        long[] now = {10_000};
        HarnessConfig c = config();
        long planned = Sweep.plannedNanos(c);
        SweepProgress grouped = new SweepProgress(out, () -> now[0], 2 * planned, 2, 0);
        grouped.starting(1, "tcp:spin @ 1,000/s", c, 0);
        grouped.runStarting(c.name(), 1, 2, true);
        now[0] += 61_000;
        grouped.ended(c);
        grouped.starting(2, "tcp:spin @ 1,000/s", c, 0);
        grouped.runStarting(c.name(), 2, 2, false);
        // a second call (a knee search's next step) starts from nothing done, on its own clock
        SweepProgress next = new SweepProgress(out, () -> now[0], planned, 1, 3);
        next.starting(1, "tcp:spin @ 1,000/s", c, 2);
        next.runStarting(c.name(), 1, 1, false);
        String[] lines = bytes.toString(StandardCharsets.UTF_8).split("\n");
        assertEquals("[progress] 1/2 tcp:spin @ 1,000/s warm-up - elapsed 0s, about "
                + SweepProgress.clock(2 * planned / 1_000_000) + " of planned work left", lines[0]);
        // half the planned work done in 61 s, and of the second benchmark its warm-up and its first run
        long done = planned + c.warmupScheduleNanos() + c.iterationsPerRun() * c.intervalNanos();
        assertEquals("[progress] 2/2 tcp:spin @ 1,000/s run 2/2 - elapsed 1m01s, about "
                + SweepProgress.clock(Sweep.remainingMillis(2 * planned, done, 61_000)) + " of planned work left",
                lines[1]);
        assertEquals("[progress] 1/1 tcp:spin @ 1,000/s round 2/3 run - elapsed 0s, about "
                + SweepProgress.clock(Sweep.remainingMillis(planned, c.warmupScheduleNanos(), 0))
                + " of planned work left", lines[2], "nothing of the first call counts in the second");
        assertEquals(3, lines.length);
    }
}
