package org.fixbench.cli;

import org.fixbench.cli.run.RunOrder;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

/** The interleaved order: a seeded shuffle per round, every engine run next to a floor run at its rate. */
class RunOrderTest {

    @Test
    void everyEngineRunHasAnAdjacentFloorRunAtItsRateAndEveryBenchmarkRunsOncePerRound() {
        List<List<RunOrder.Slot>> order = RunOrder.plan(7, 0, 3, 5, 42);
        assertEquals(5, order.size());
        for (List<RunOrder.Slot> round : order) {
            Map<Integer, Integer> times = new HashMap<>();
            for (int i = 0; i < round.size(); i++) {
                RunOrder.Slot s = round.get(i);
                times.merge(s.benchmark(), 1, Integer::sum);
                if (!s.floor()) {
                    RunOrder.Slot f = round.get(s.pairedSlot());
                    assertTrue(f.floor());
                    assertEquals(s.rate(), f.rate());
                    assertEquals(1, Math.abs(s.pairedSlot() - i), "adjacent in time");
                }
            }
            for (int e = 1; e < 7; e++) {
                for (int r = 0; r < 3; r++) {
                    assertEquals(1, times.get(e * 3 + r));
                }
            }
            for (int r = 0; r < 3; r++) {
                assertEquals(3, times.get(r), "6 engines at a rate share 3 floor runs");
            }
        }
    }

    @Test
    void theOrderIsDrawnFromTheSeedAndDiffersBetweenRounds() {
        assertEquals(RunOrder.plan(4, 0, 3, 3, 7), RunOrder.plan(4, 0, 3, 3, 7));
        assertNotEquals(RunOrder.plan(4, 0, 3, 3, 7), RunOrder.plan(4, 0, 3, 3, 8));
        List<List<RunOrder.Slot>> order = RunOrder.plan(4, 0, 3, 6, 7);
        assertTrue(order.stream().distinct().count() > 1, "not the same order every round");
        // not engine-major: the first benchmark of the engine list does not always come first
        assertTrue(order.stream().anyMatch(round -> round.get(0).benchmark() != 0));
    }

    @Test
    void withoutAFloorEveryBenchmarkRunsOncePerRoundUnpaired() {
        List<List<RunOrder.Slot>> order = RunOrder.plan(3, -1, 2, 2, 1);
        for (List<RunOrder.Slot> round : order) {
            assertEquals(6, round.size());
            assertEquals(6, round.stream().map(RunOrder.Slot::benchmark).distinct().count());
            assertTrue(round.stream().allMatch(s -> s.pairedSlot() == -1));
        }
    }
}
