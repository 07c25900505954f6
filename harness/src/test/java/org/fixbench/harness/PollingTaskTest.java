package org.fixbench.harness;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayDeque;
import java.util.Map;

import org.fixbench.harness.api.Harness;
import org.fixbench.harness.api.LatencyTask;
import org.fixbench.harness.results.RunResult;
import org.fixbench.harness.timed.TimedRun;
import org.fixbench.harness.verdict.RunStatus;
import org.junit.jupiter.api.Test;

/** A task whose replies are read on the timed thread: the harness must poll it between sends and after them. */
class PollingTaskTest {
    private static final long RATE = 1_000;              // 1 ms between sends
    private static final long REPLY_DELAY_NANOS = 300_000;

    private static final class PollingTask implements LatencyTask {
        private final ManualClock clock;
        private final ArrayDeque<long[]> inFlight = new ArrayDeque<>(); // {start, due}
        private Harness harness;
        long polls;

        PollingTask(ManualClock clock) {
            this.clock = clock;
        }

        @Override
        public void init(Harness harness) {
            this.harness = harness;
        }

        @Override
        public void run(long startNanos) {
            inFlight.add(new long[] {startNanos, clock.nanoTime() + REPLY_DELAY_NANOS});
        }

        @Override
        public boolean pollsOnTimedThread() {
            return true;
        }

        @Override
        public boolean poll() {
            polls++;
            long[] head = inFlight.peek();
            if (head != null && clock.nanoTime() >= head[1]) {
                inFlight.poll();
                harness.sample(head[0], clock.nanoTime());
                return true;
            }
            return false;
        }
    }

    @Test
    void repliesReadOnTheTimedThreadArriveWithinThePollingCap() {
        ManualClock clock = new ManualClock();
        PollingTask task = new PollingTask(clock);
        RunResult run = new LatencyBenchmark(clock.configure("polling", RATE, 100).build()).run(task, Map.of())
                .runs().get(0);
        assertEquals(RunStatus.OK, run.status(), run.reason());
        assertEquals(100, run.received());
        // each reply is read no later than one idle cap after it is due
        long max = run.endToEnd().maxNanos();
        assertTrue(max >= REPLY_DELAY_NANOS && max <= REPLY_DELAY_NANOS + TimedRun.POLL_IDLE_CAP_NANOS,
                "max " + max);
        assertTrue(task.polls > 100, "polled between sends: " + task.polls);
    }
}
