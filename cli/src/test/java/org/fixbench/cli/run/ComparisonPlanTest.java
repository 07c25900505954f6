package org.fixbench.cli.run;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.fixbench.cli.options.RunOptions;
import org.fixbench.engine.EngineSpec;
import org.fixbench.harness.api.HarnessConfig;
import org.junit.jupiter.api.Test;

/** An interleaved comparison's plan, made and checked without a process, a socket or a clock. */
class ComparisonPlanTest {
    private static final List<Long> RATES = List.of(2_000L, 50_000L, 10_000L);

    private static List<Contender> engines(String... labels) {
        return java.util.Arrays.stream(labels).map(l -> Contender.of(EngineSpec.parse(l))).toList();
    }

    private static ComparisonPlan plan(List<Contender> engines, int rounds, long seed) {
        return ComparisonPlan.interleaved(new RunOptions(), engines, RATES, rounds, seed, 3_000_000_000L,
                2_000_000_000L);
    }

    @Test
    void theSameInputsGiveTheSamePlan() {
        List<Contender> engines = engines("tcp:spin", "sbe:tuned", "philadelphia:spin");
        ComparisonPlan a = plan(engines, 3, 42);
        ComparisonPlan b = plan(engines, 3, 42);
        assertEquals(a.order(), b.order());
        assertEquals(a.configs().stream().map(HarnessConfig::name).toList(),
                b.configs().stream().map(HarnessConfig::name).toList());
        assertEquals(a.plannedNanos(), b.plannedNanos());
        assertTrue(!plan(engines, 3, 43).order().equals(a.order()) || !plan(engines, 3, 44).order().equals(a.order()),
                "another seed, another order");
    }

    @Test
    void eachTurnStepsThroughTheRatesHighestFirstAndIsRecordedPerRate() {
        List<Contender> engines = engines("tcp:spin", "sbe:tuned");
        ComparisonPlan plan = plan(engines, 3, 7);
        assertEquals(engines.size() * RATES.size(), plan.configs().size(), "one benchmark per engine × rate");
        assertEquals(plan.configs().size(), plan.singles().size());
        for (int e = 0; e < engines.size(); e++) {
            for (int r = 0; r < RATES.size(); r++) {
                HarnessConfig config = plan.configs().get(e * RATES.size() + r);
                assertEquals(Sweep.benchmarkName(engines.get(e), RATES.get(r)), config.name());
                assertEquals((long) RATES.get(r), config.targetRatePerSecond());
                HarnessConfig single = plan.singles().get(e * RATES.size() + r);
                assertEquals(config.name(), single.name());
                assertEquals(1, single.runs(), "a turn's run at a rate is one run");
            }
            HarnessConfig turn = plan.stepping().get(e);
            assertEquals(50_000, turn.targetRatePerSecond(), "warmed up at the highest rate");
            assertEquals(RATES.size(), turn.runs());
            assertArrayEquals(new long[] {50_000, 10_000, 2_000}, turn.runRates());
        }
        assertEquals("sbe:tuned @ 50,000, 10,000, 2,000/s", plan.turnLabel(1));
        assertTrue(plan.enginePairsNote().contains("(50,000/s, 10,000/s, 2,000/s)"), plan.enginePairsNote());
    }

    @Test
    void everyRoundRunsEveryEngineOnceEachBesideAFloorTurn() {
        List<Contender> engines = engines("sbe:tuned", "tcp:spin", "philadelphia:spin");
        ComparisonPlan plan = plan(engines, 4, 11);
        assertEquals(1, plan.floor(), "the floor is raw TCP, wherever it is named");
        assertEquals(4, plan.rounds());
        long planned = 0;
        for (List<RunOrder.Slot> round : plan.order()) {
            assertEquals(plan.turnsPerRound(), round.size());
            for (int i = 0; i < round.size(); i++) {
                RunOrder.Slot slot = round.get(i);
                planned += Sweep.plannedNanos(plan.stepping().get(slot.engine()));
                if (!slot.floor()) {
                    assertEquals(1, Math.abs(slot.pairedSlot() - i), "beside its floor turn");
                    assertTrue(round.get(slot.pairedSlot()).floor());
                }
            }
            assertEquals(List.of(0, 2), round.stream().filter(s -> !s.floor()).map(RunOrder.Slot::engine).sorted()
                    .toList(), "each engine once a round");
        }
        assertEquals(planned, plan.plannedNanos());
    }

    @Test
    void aBadPlanIsRefusedBeforeAnythingRuns() {
        IllegalArgumentException twice = assertThrows(IllegalArgumentException.class,
                () -> plan(engines("tcp:spin", "tcp:spin"), 3, 1));
        assertTrue(twice.getMessage().contains("named twice"), twice.getMessage());
    }
}
