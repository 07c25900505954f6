package org.fixbench.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.LinkedHashMap;
import java.util.Map;

import org.junit.jupiter.api.Test;

/** A barrier that some hosts reached and others never did is named once it is past the turn's bound. */
class BarrierWatchTest {
    private static final long S = 1_000_000_000L;

    private static Map<String, String> at(String h1, String h2) {
        Map<String, String> m = new LinkedHashMap<>();
        m.put("198.18.7.12", h1);
        m.put("198.18.7.13", h2);
        return m;
    }

    @Test
    void theBoundIsTheTurnsOwnLengthAndAMargin() {
        assertEquals((6 + 40 + 30) * S, BarrierWatch.boundNanos(6 * S, 40 * S, BarrierWatch.MARGIN_NANOS));
        assertEquals((6 + 40 + 5) * S, BarrierWatch.boundNanos(6 * S, 40 * S, 5 * S), "the cluster file's margin");
    }

    @Test
    void aHostThatNeverArrivesIsNamedOnlyPastTheBound() {
        BarrierWatch watch = new BarrierWatch(76 * S, 30 * S);
        String b = "fixbench-002-round-1-tcp_yield-run-1-1";
        assertNull(watch.look(100 * S, at(b, null), x -> "run-1 of tcp:yield", h -> "tcp-yield-500 fits this machine"));
        assertNull(watch.look(176 * S, at(b, null), x -> "run-1 of tcp:yield", h -> "x"), "at the bound: not yet");
        assertEquals("client hosts waited 77.0 s at the barrier before run-1 of tcp:yield "
                        + "(fixbench-002-round-1-tcp_yield-run-1-1), longer than this turn's bound of 76 s (its "
                        + "warm-up's schedule and cap, its runs, and 30 s): 198.18.7.13 (its log ends: "
                        + "'tcp-yield-500 fits this machine') did not arrive",
                watch.look(177 * S, at(b, null), x -> "run-1 of tcp:yield",
                        h -> h.endsWith("13") ? "tcp-yield-500 fits this machine  " : "waiting"));
    }

    @Test
    void hostsThatPassBarrierAfterBarrierWithinTheBoundAreNeverNamed() {
        BarrierWatch watch = new BarrierWatch(10 * S, 30 * S);
        long t = 0;
        for (String b : new String[] {"w-warmup-1", "w-run-1-1", "w-run-2-1"}) {
            assertNull(watch.look(t, at(b, null), x -> x, h -> null));
            t += 9 * S; // the other host arrives within the bound; both pass
            assertNull(watch.look(t, at(null, null), x -> x, h -> null));
            t += 30 * S; // a long run between barriers: nobody waits
            assertNull(watch.look(t, at(null, null), x -> x, h -> null));
        }
    }

    @Test
    void aWaitIsTimedFromTheFirstHostSeenThere() {
        BarrierWatch watch = new BarrierWatch(10 * S, 4 * S);
        assertNull(watch.look(0, at("b", null), x -> x, h -> null));
        assertNull(watch.look(5 * S, at("b", null), x -> x, h -> null));
        String line = watch.look(11 * S, at("b", "other"), x -> x, h -> null);
        assertEquals("client hosts waited 11.0 s at the barrier before b (b), longer than this turn's bound of 10 s (its "
                + "warm-up's schedule and cap, its runs, and 4 s): 198.18.7.13 did not arrive", line);
    }
}
