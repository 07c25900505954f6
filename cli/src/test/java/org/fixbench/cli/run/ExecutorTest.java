package org.fixbench.cli.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.fixbench.cli.options.RunOptions;
import org.fixbench.cli.results.ResultLabels;
import org.fixbench.engine.EngineSpec;
import org.fixbench.harness.ProgressListener;
import org.fixbench.harness.api.HarnessConfig;
import org.fixbench.harness.api.HarnessException;
import org.fixbench.harness.results.BenchmarkResult;
import org.fixbench.harness.results.RunResult;
import org.fixbench.harness.verdict.RunStatus;
import org.junit.jupiter.api.Test;

/**
 * The executor's contract, without a process: a plan's turns, walked by the one loop ({@link RoundWalk#run}), each
 * handed back per rate, immutable; a turn on this machine is its engine's stepping benchmark split per rate; a turn
 * that could not run, or ended early, stops the comparison with its reason, and what ran before is kept.
 */
class ExecutorTest {
    private static final List<Long> RATES = List.of(2_000L, 10_000L);

    private static ComparisonPlan plan(int rounds) {
        List<Contender> engines = List.of(Contender.of(EngineSpec.parse("tcp:spin")),
                Contender.of(EngineSpec.parse("sbe:tuned")));
        return ComparisonPlan.interleaved(new RunOptions(), engines, RATES, rounds, 11, 3_000_000_000L,
                2_000_000_000L);
    }

    private static RunResult aRun(int number, long rate) {
        return new RunResult(number, RunStatus.OK, List.of(), rate, 100, 100, 0, 0, 1_000, 0, 0, 0, 0, 0, 0, 50,
                false, number * 1_000L, number * 1_000L + 100, Map.of(), -1, null, 0, 0, -1, -1);
    }

    /** On this machine, without an engine: each benchmark one run per rate it steps through, or what it is told. */
    private static final class Scripted extends Executor.OnThisMachine {
        final List<String> ran = new ArrayList<>();
        /** The benchmark (counted from 1) that throws, and the one that ends early after its first run; 0: none. */
        int throwsAt;
        int abortsAt;
        /** A contender whose every benchmark ends early after its first run (its session lost); null: none. */
        String losesSession;

        Scripted() {
            super(new RunOptions(), null);
        }

        @Override
        BenchmarkResult run(Contender spec, HarnessConfig config, Map<String, Object> labels,
                            ProgressListener listener) {
            ran.add(spec.label());
            if (ran.size() == throwsAt) {
                throw new HarnessException("the server did not start");
            }
            long[] rates = config.runRates() == null ? new long[] {config.targetRatePerSecond()} : config.runRates();
            List<RunResult> runs = new ArrayList<>();
            boolean aborts = ran.size() == abortsAt || spec.label().equals(losesSession);
            for (int k = 0; k < (aborts ? 1 : rates.length); k++) {
                runs.add(aRun(k + 1, rates[k]));
            }
            return new BenchmarkResult(config.name(), config, labels, 10, runs, List.of(),
                    aborts ? "session lost" : null);
        }

        @Override
        String processes() {
            return "scripted";
        }
    }

    private static String walk(ComparisonPlan plan, Executor executor, RoundWalk walk, StringBuilder lines) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        String stop = walk.run(plan, executor, new PrintStream(bytes, true, StandardCharsets.UTF_8),
                RoundWalk.TurnListener.NONE);
        lines.append(bytes.toString(StandardCharsets.UTF_8));
        return stop;
    }

    @Test
    void aTurnOnThisMachineIsItsEnginesSteppingBenchmarkRecordedPerRate() {
        ComparisonPlan plan = plan(1);
        Scripted executor = new Scripted();
        Executor.Turn turn = executor.turn(plan, 1, 1);
        assertNull(turn.stopReason());
        assertEquals(List.of("sbe:tuned"), executor.ran);
        assertEquals(List.of(10_000L, 2_000L), turn.perRate().stream()
                .map(r -> r.config().targetRatePerSecond()).toList(), "highest rate first, as the turn ran them");
        for (BenchmarkResult r : turn.perRate()) {
            int b = RATES.size() + RATES.indexOf(r.config().targetRatePerSecond());
            assertEquals(plan.singles().get(b), r.config(), "recorded under its engine × rate's one-run config");
            assertEquals(1, r.runs().size());
            assertEquals(1, r.runs().get(0).run(), "each rate's run is its own run 1");
            assertEquals("scripted", r.labels().get(ResultLabels.PROCESSES));
            assertEquals("sbe", r.labels().get(ResultLabels.ENGINE));
        }
        assertThrows(UnsupportedOperationException.class, () -> turn.perRate().add(null), "a turn is immutable");
    }

    @Test
    void theOneLoopRunsEveryTurnInThePlannedOrderAndMergesEachBenchmark() {
        ComparisonPlan plan = plan(2);
        Scripted executor = new Scripted();
        RoundWalk walk = RoundWalk.of(plan);
        StringBuilder lines = new StringBuilder();
        assertNull(walk(plan, executor, walk, lines));
        List<String> planned = plan.order().stream().flatMap(List::stream)
                .map(s -> plan.engines().get(s.engine()).label()).toList();
        assertEquals(planned, executor.ran, "the turns in the plan's order");
        assertTrue(lines.toString().contains("=== round 2/2 [2/2] "), lines.toString());
        List<RoundWalk.Merged> merged = walk.merged(plan.configs(), plan.floor(), "tcp:spin");
        assertEquals(plan.configs().size(), merged.size());
        merged.forEach(m -> assertEquals(2, m.result().runs().size(), "a run per round"));
    }

    @Test
    void aTurnThatCannotRunStopsTheComparisonAndKeepsWhatRanBefore() {
        ComparisonPlan plan = plan(2);
        Scripted executor = new Scripted();
        executor.throwsAt = 3;
        RoundWalk walk = RoundWalk.of(plan);
        StringBuilder lines = new StringBuilder();
        String stop = walk(plan, executor, walk, lines);
        String third = executor.ran.get(2);
        assertEquals(third + ": the server did not start", stop);
        assertTrue(lines.toString().contains("Comparison stopped: " + stop), lines.toString());
        assertEquals(3, executor.ran.size(), "nothing after the turn that stopped it");
        assertEquals(2 * RATES.size(), walk.mergedSoFar(plan.configs()).stream().mapToInt(r -> r.runs().size())
                .sum(), "round 1's runs kept");
    }

    @Test
    void aTurnThatEndsEarlyKeepsItsRunsAndSaysWhy() {
        ComparisonPlan plan = plan(1);
        Scripted executor = new Scripted();
        executor.abortsAt = 1;
        Executor.Turn turn = executor.turn(plan, 1, 0);
        assertEquals("tcp:spin: session lost", turn.stopReason(), "the stop names the contender");
        assertEquals(1, turn.perRate().size(), "the run before the loss");
        assertEquals(10_000L, turn.perRate().get(0).config().targetRatePerSecond());
        assertEquals("session lost", turn.perRate().get(0).abortReason());
    }

    @Test
    void anEngineThatLosesItsSessionIsLeftOutAndTheOthersGoOn() {
        List<Contender> engines = List.of(Contender.of(EngineSpec.parse("tcp:spin")),
                Contender.of(EngineSpec.parse("sbe:tuned")), Contender.of(EngineSpec.parse("philadelphia:spin")));
        ComparisonPlan plan = ComparisonPlan.interleaved(new RunOptions(), engines, RATES, 3, 11, 3_000_000_000L,
                2_000_000_000L);
        Scripted executor = new Scripted();
        executor.losesSession = "sbe:tuned";
        RoundWalk walk = RoundWalk.of(plan);
        StringBuilder lines = new StringBuilder();
        assertNull(walk(plan, executor, walk, lines), "the comparison went to its end");
        assertEquals(1, executor.ran.stream().filter("sbe:tuned"::equals).count(), "sbe ran once, then left out");
        assertEquals(3, executor.ran.stream().filter("philadelphia:spin"::equals).count(), "the others every round");
        assertEquals(1, walk.leftOut().size(), walk.leftOut().toString());
        assertTrue(walk.leftOut().get(0).startsWith("sbe:tuned: session lost (round "), walk.leftOut().toString());
        assertTrue(lines.toString().contains("Left out for the rest of the comparison, which goes on without it: "
                + "sbe:tuned: session lost"), lines.toString());
        assertTrue(walk.sequence().stream().anyMatch(l -> l.startsWith("round 2: sbe:tuned @ ")
                && l.contains("/s (left out)")), walk.sequence().toString());
        List<RoundWalk.Merged> merged = walk.merged(plan.configs(), plan.floor(), "tcp:spin");
        int sbe = engines.indexOf(engines.get(1));
        assertEquals(1, merged.stream().filter(m -> m.benchmark() / RATES.size() == sbe)
                .mapToInt(m -> m.result().runs().size()).sum(), "sbe's run before the loss is kept");
    }

    @Test
    void theLastEngineStillInStopsTheComparisonWhenItEndsEarly() {
        ComparisonPlan plan = plan(2);
        Scripted executor = new Scripted();
        executor.losesSession = "sbe:tuned";
        RoundWalk walk = RoundWalk.of(plan);
        StringBuilder lines = new StringBuilder();
        assertEquals("sbe:tuned: session lost", walk(plan, executor, walk, lines));
        assertEquals(List.of(), walk.leftOut());
    }
}
