package org.fixbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Map;

import org.fixbench.cli.results.JvmPauses;
import org.junit.jupiter.api.Test;

/** The pauses of a JVM's own log within a run's window: what counts, what is left out, and the label round trip. */
class JvmPausesTest {
    /** Lines as JDK 17 writes them with {@link JvmPauses#LOG_FLAG}, and one as JDK 25 does. */
    private static final List<String> LOG = List.of(
            "[1000ms] Using G1",
            "[1500ms] Safepoint \"G1CollectForAllocation\", Time since last: 1 ns, Reaching safepoint: 8827 ns, "
                    + "Cleanup: 13295 ns, At safepoint: 6415629 ns, Total: 6437751 ns", // before the run
            "[2000ms] GC(1) Pause Young (Normal) (G1 Evacuation Pause) 22M->2M(64M) 2.500ms",
            "[2000ms] Safepoint \"G1CollectForAllocation\", Time since last: 1 ns, Reaching safepoint: 8026 ns, "
                    + "Cleanup: 10881 ns, At safepoint: 2481815 ns, Total: 2500722 ns",
            "[2500ms] Safepoint \"ICBufferFull\", Time since last: 1 ns, Reaching safepoint: 7705 ns, At safepoint: "
                    + "30000 ns, Leaving safepoint: 22974 ns, Total: 60679 ns, Threads: 0 runnable, 10 total",
            "[2600ms] Safepoint \"garbled",
            "not a log line",
            "[3001ms] Safepoint \"Cleanup\", Time since last: 1 ns, Reaching safepoint: 1 ns, At safepoint: 1 ns, "
                    + "Total: 9000000 ns"); // after the run

    @Test
    void onlyThePausesThatEndedWithinTheRunCount() {
        JvmPauses p = JvmPauses.within(1, "server", JvmPauses.parse(LOG), 2000, 3000);
        assertEquals(new JvmPauses(1, "server", 2, 2560, 2500, 1, 2500), p);
        assertEquals("2 safepoints 2.6 ms (longest 2.50 ms), 1 GC 2.5 ms", p.describe());
        assertEquals(new JvmPauses(2, "client", 0, 0, 0, 0, 0),
                JvmPauses.within(2, "client", JvmPauses.parse(LOG), 4000, 5000));
        assertEquals("none", JvmPauses.within(2, "client", List.of(), 0, 1).describe());
    }

    @Test
    void theLabelReadsBackAsWritten() {
        JvmPauses p = JvmPauses.within(3, "client", JvmPauses.parse(LOG), 0, 10_000);
        // as summary.json reads back: numbers as Integer where they fit
        Map<String, Object> label = p.toLabel();
        assertEquals(List.of(p), JvmPauses.fromLabels(Map.of(JvmPauses.LABEL, List.of(label))));
        assertEquals(List.of(), JvmPauses.fromLabels(Map.of()));
        assertEquals(4, p.safepoints());
        assertEquals(6437 + 2500 + 60 + 9000, p.safepointTotalMicros());
    }
}
