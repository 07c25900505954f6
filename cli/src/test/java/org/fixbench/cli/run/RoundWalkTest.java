package org.fixbench.cli.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.fixbench.cli.results.ResultLabels;
import org.fixbench.harness.api.HarnessConfig;
import org.fixbench.harness.results.BenchmarkResult;
import org.fixbench.harness.results.RunResult;
import org.fixbench.harness.verdict.RunStatus;
import org.junit.jupiter.api.Test;

/**
 * The walk over an interleaved comparison's rounds: what another thread reads while it goes on is a copy that no
 * later turn changes, and the merge at the end is the same merge a signal's handler gets, plus the floor's pairing.
 */
class RoundWalkTest {
    private static final List<Long> RATES = List.of(1_000L, 2_000L);

    private static HarnessConfig config(int engine, long rate) {
        return HarnessConfig.builder("engine" + engine + "-" + rate).targetRatePerSecond(rate).runs(3)
                .iterationsPerRun(100).warmupIterations(10).skipFirstRun(false).build();
    }

    private static List<HarnessConfig> configs(int engines) {
        List<HarnessConfig> configs = new ArrayList<>();
        for (int e = 0; e < engines; e++) {
            for (long rate : RATES) {
                configs.add(config(e, rate));
            }
        }
        return configs;
    }

    private static BenchmarkResult one(int engine, long rate, int round) {
        RunResult run = new RunResult(1, RunStatus.OK, List.of(), rate, 100, 100, 0, 0, 1_000, 0, 0, 0, 0, 0, 0, 50,
                false, round * 1_000L, round * 1_000L + 100, Map.of(), -1, null, 0, 0, -1, -1);
        return new BenchmarkResult(config(engine, rate).name(), config(engine, rate),
                new java.util.LinkedHashMap<>(Map.of("engine", "engine" + engine)), 10, List.of(run), List.of(),
                null);
    }

    @Test
    void whatAnotherThreadReadsIsACopyThatLaterTurnsDoNotChange() {
        int engines = 2;
        List<HarnessConfig> configs = configs(engines);
        RoundWalk walk = new RoundWalk(engines, RATES);
        List<List<RunOrder.Slot>> order = RunOrder.plan(engines, 0, 1, 3, 7);
        List<List<List<BenchmarkResult>>> seen = new ArrayList<>();
        List<Integer> mergedRunsSeen = new ArrayList<>();
        boolean all = walk.walk(order, (round, number, slot) -> {
            // what a signal's handler would read at this moment: the turns before this one, never a list in change
            seen.add(walk.results());
            mergedRunsSeen.add(walk.mergedSoFar(configs).stream().mapToInt(r -> r.runs().size()).sum());
            return new RoundWalk.Turn("engine" + slot.engine(), RATES.stream()
                    .map(rate -> one(slot.engine(), rate, round)).toList(), false);
        });
        assertTrue(all);
        int turns = order.stream().mapToInt(List::size).sum();
        assertEquals(turns, seen.size());
        for (int t = 0; t < turns; t++) {
            int runs = seen.get(t).stream().mapToInt(List::size).sum();
            assertEquals(t * RATES.size(), runs, "turn " + (t + 1) + " saw the runs of the turns before it, as then");
            assertEquals(runs, (int) mergedRunsSeen.get(t), "the merge so far holds every run seen");
            List<List<BenchmarkResult>> copy = seen.get(t);
            assertThrows(UnsupportedOperationException.class, () -> copy.get(0).add(null), "a copy is immutable");
        }
        assertEquals(turns * RATES.size(), walk.results().stream().mapToInt(List::size).sum());
    }

    @Test
    void theMergeAtTheEndPairsEveryEngineButTheFloorWithIt() {
        int engines = 2;
        List<HarnessConfig> configs = configs(engines);
        RoundWalk walk = new RoundWalk(engines, RATES);
        List<List<RunOrder.Slot>> order = RunOrder.plan(engines, 0, 1, 3, 7);
        walk.walk(order, (round, number, slot) -> new RoundWalk.Turn("engine" + slot.engine(), RATES.stream()
                .map(rate -> one(slot.engine(), rate, round)).toList(), false));
        List<RoundWalk.Merged> merged = walk.merged(configs, 0, "floor:label");
        assertEquals(engines * RATES.size(), merged.size());
        for (RoundWalk.Merged m : merged) {
            BenchmarkResult r = m.result();
            assertEquals(3, r.runs().size(), "one run per round");
            assertEquals(configs.get(m.benchmark()), r.config());
            if (m.benchmark() / RATES.size() == 0) {
                assertNull(r.labels().get(ResultLabels.FLOOR), "the floor is paired with nothing");
            } else {
                assertEquals("floor:label", r.labels().get(ResultLabels.FLOOR));
                assertEquals(List.of(1, 2, 3), r.labels().get(ResultLabels.PAIRED_FLOOR_RUNS),
                        "each run beside the floor's run of its round");
            }
        }
        assertEquals(merged.stream().map(m -> m.result().runs().size()).toList(),
                walk.mergedSoFar(configs).stream().map(r -> r.runs().size()).toList(),
                "a signal's merge holds the same runs");
    }
}
