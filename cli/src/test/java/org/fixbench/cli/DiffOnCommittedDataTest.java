package org.fixbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.IntPredicate;

import org.fixbench.cli.results.Diff;
import org.fixbench.cli.results.SummaryFile;
import org.junit.jupiter.api.Test;

/**
 * diff's rule proven on results in the repository: identical code split in halves must not read worse (A/A), and a
 * planted 2× slowdown of one engine must be caught.
 */
class DiffOnCommittedDataTest {
    private static final Path PUBLISHED = Path.of("..", "results", "published");
    /** 14 interleaved rounds of tcp:spin, sbe:tuned and philadelphia:spin at 2k, 10k and 50k/s, all of one commit. */
    private static final Path FOURTEEN_ROUNDS = Path.of("src/test/resources/published-data/20261123-2cpu-vm-paired-14rounds");
    /** The 7-round reference of the previous rules, on which the old bootstrap rule called identical code worse. */
    private static final Path SEVEN_ROUNDS = Path.of("src/test/resources/published-data/20261122-2cpu-vm-sbe-7rounds");

    /** 16 interleaved rounds of tcp:spin, sbe:tuned, sbe:published and philadelphia:spin; the floor ran twice a round. */
    private static final Path SIXTEEN_ROUNDS = PUBLISHED.resolve("20261123-sbe-vs-philadelphia-16rounds");

    /**
     * Rounds {@code from}-{@code to} of a paired folder: each engine's runs of those rounds (its run k is round k)
     * and the floor runs they were paired with, under their own numbers (the pairing refers to them).
     */
    private static List<SummaryFile.Result> roundsOf(List<SummaryFile.Result> results, int from, int to) {
        java.util.Map<String, java.util.Set<Integer>> floorRuns = new java.util.HashMap<>();
        List<SummaryFile.Result> engines = new ArrayList<>();
        for (SummaryFile.Result r : results) {
            if (r.floor() == null) {
                continue;
            }
            List<SummaryFile.Run> kept = r.runs().stream().filter(x -> x.run() >= from && x.run() <= to).toList();
            kept.forEach(x -> floorRuns.computeIfAbsent(r.floor() + "@" + r.targetRate(), k -> new java.util.HashSet<>())
                    .add(r.pairedFloorRun(x.run())));
            engines.add(r.withRuns(kept));
        }
        List<SummaryFile.Result> out = new ArrayList<>();
        for (SummaryFile.Result r : results) {
            if (r.floor() == null) {
                java.util.Set<Integer> keep = floorRuns.getOrDefault(r.key(), java.util.Set.of());
                out.add(r.withRuns(r.runs().stream().filter(x -> keep.contains(x.run())).toList()));
            }
        }
        out.addAll(engines);
        return out;
    }

    @Test
    void halvesOfOneSessionAreNeverWorseThoughTheMachineDriftedBetweenThem() {
        List<SummaryFile.Result> all = SummaryFile.load(SIXTEEN_ROUNDS);
        Diff.Outcome halves = Diff.compare(roundsOf(all, 1, 8), roundsOf(all, 9, 16), 0.10);
        String table = Diff.markdown(halves, 0.10);
        assertNull(halves.insufficient(), table);
        assertEquals(0, halves.count(Diff.Verdict.WORSE), table);
        assertEquals(0, halves.count(Diff.Verdict.BETTER), table);
        assertTrue(halves.rows().stream().filter(r -> r.key().startsWith("sbe:"))
                .allMatch(r -> r.basis().equals("paired overhead")), table);
        // the same halves judged on absolute latencies read tcp:spin@2000 p50 worse (1.13x, p = 0.0003): drift
        assertTrue(halves.rows().stream().filter(r -> r.key().startsWith("tcp:spin"))
                .noneMatch(r -> r.verdict() == Diff.Verdict.WORSE), table);
    }

    @Test
    void aPlantedTwofoldSlowdownInTheSecondHalfIsCaught() {
        List<SummaryFile.Result> all = SummaryFile.load(SIXTEEN_ROUNDS);
        List<SummaryFile.Result> newer = slowed(roundsOf(all, 9, 16), "sbe:tuned", 2.0);
        Diff.Outcome outcome = Diff.compare(roundsOf(all, 1, 8), newer, 0.10);
        String table = Diff.markdown(outcome, 0.10);
        for (long rate : new long[] {2_000, 10_000, 50_000}) {
            String key = "sbe:tuned@" + rate;
            assertTrue(outcome.rows().stream().anyMatch(r -> r.key().equals(key) && r.percentile().equals("p50")
                    && r.verdict() == Diff.Verdict.WORSE), key + " p50 must read worse:\n" + table);
        }
        assertTrue(outcome.rows().stream().filter(r -> r.verdict() == Diff.Verdict.WORSE)
                .allMatch(r -> r.key().startsWith("sbe:tuned@")), table);
    }

    @Test
    void aBenchmarkThatTurnedNotOkOrWentMissingIsWorseAndAnEmptyNewCannotBeJudged() {
        List<SummaryFile.Result> all = SummaryFile.load(SIXTEEN_ROUNDS);
        List<SummaryFile.Result> older = roundsOf(all, 1, 8);
        List<SummaryFile.Result> newer = new ArrayList<>();
        for (SummaryFile.Result r : roundsOf(all, 9, 16)) {
            if (r.key().equals("philadelphia:spin@2000")) {
                continue; // missing in NEW
            }
            newer.add(!r.key().equals("sbe:tuned@50000") ? r : r.withRuns(r.runs().stream().map(run -> run.run() != 12
                    ? run : new SummaryFile.Run(run.run(), org.fixbench.harness.verdict.RunStatus.SATURATED, "planted", false, run.achievedRate(),
                    run.lost(), run.series())).toList()));
        }
        Diff.Outcome outcome = Diff.compare(older, newer, 0.10);
        String table = Diff.markdown(outcome, 0.10);
        assertTrue(outcome.rows().stream().anyMatch(r -> r.key().equals("sbe:tuned@50000")
                && r.verdict() == Diff.Verdict.WORSE && r.note().contains("SATURATED")), table);
        assertTrue(outcome.rows().stream().anyMatch(r -> r.key().equals("philadelphia:spin@2000")
                && r.verdict() == Diff.Verdict.WORSE && r.note().contains("missing")), table);
        assertEquals(1, DiffCommand.exitStatus(outcome));

        Diff.Outcome empty = Diff.compare(older, List.of(), 0.10);
        assertTrue(empty.couldNotJudge());
        assertEquals(FixbenchCli.EXIT_NOT_JUDGED, DiffCommand.exitStatus(empty));
        Diff.Outcome few = Diff.compare(roundsOf(all, 1, 2), roundsOf(all, 3, 4), 0.10);
        assertTrue(few.couldNotJudge(), Diff.markdown(few, 0.10));
        assertEquals(FixbenchCli.EXIT_NOT_JUDGED, DiffCommand.exitStatus(few));
    }

    /** The runs of every result that the filter keeps (by run number), renumbered from 1. */
    private static List<SummaryFile.Result> runs(List<SummaryFile.Result> results, IntPredicate keep) {
        List<SummaryFile.Result> out = new ArrayList<>();
        for (SummaryFile.Result r : results) {
            List<SummaryFile.Run> kept = new ArrayList<>();
            for (SummaryFile.Run run : r.runs()) {
                if (keep.test(run.run())) {
                    kept.add(new SummaryFile.Run(kept.size() + 1, run.status(), run.reason(), false,
                            run.achievedRate(), run.lost(), run.series()));
                }
            }
            out.add(new SummaryFile.Result(r.label(), r.engine(), r.profile(), r.targetRate(), kept));
        }
        return out;
    }

    /** Every latency of {@code label}'s runs multiplied by {@code factor}. */
    private static List<SummaryFile.Result> slowed(List<SummaryFile.Result> results, String label, double factor) {
        List<SummaryFile.Result> out = new ArrayList<>();
        for (SummaryFile.Result r : results) {
            if (!r.label().equals(label)) {
                out.add(r);
                continue;
            }
            List<SummaryFile.Run> runs = new ArrayList<>();
            for (SummaryFile.Run run : r.runs()) {
                Map<String, Map<String, Long>> series = new LinkedHashMap<>();
                run.series().forEach((name, stats) -> {
                    Map<String, Long> scaled = new LinkedHashMap<>();
                    stats.forEach((k, v) -> scaled.put(k, v == null ? null : Math.round(v * factor)));
                    series.put(name, scaled);
                });
                runs.add(run.withSeries(series)); // keeps round, slot and numbers: the pairing refers to them
            }
            out.add(r.withRuns(runs));
        }
        return out;
    }

    private static int rounds(List<SummaryFile.Result> results, String label) {
        return results.stream().filter(r -> r.label().equals(label)).mapToInt(r -> r.runs().size()).max().orElse(0);
    }

    @Test
    void identicalCodeSplitIntoHalvesIsNeverWorse() {
        List<SummaryFile.Result> all = SummaryFile.load(FOURTEEN_ROUNDS);
        int n = rounds(all, "tcp:spin");
        assertEquals(14, n);
        Diff.Outcome halves = Diff.compare(runs(all, k -> k <= n / 2), runs(all, k -> k > n / 2), 0.10);
        assertNull(halves.insufficient(), "7 runs a side are enough for a verdict");
        assertEquals(0, halves.count(Diff.Verdict.WORSE), Diff.markdown(halves, 0.10));
        assertEquals(0, halves.count(Diff.Verdict.BETTER), Diff.markdown(halves, 0.10));
        Diff.Outcome parity = Diff.compare(runs(all, k -> k % 2 == 1), runs(all, k -> k % 2 == 0), 0.10);
        assertEquals(0, parity.count(Diff.Verdict.WORSE), Diff.markdown(parity, 0.10));
        assertEquals(0, parity.count(Diff.Verdict.BETTER), Diff.markdown(parity, 0.10));
    }

    @Test
    void aPlantedTwofoldSlowdownOfOneEngineIsCaughtAndNothingElseMoves() {
        List<SummaryFile.Result> all = SummaryFile.load(FOURTEEN_ROUNDS);
        int n = rounds(all, "tcp:spin");
        List<SummaryFile.Result> newer = slowed(runs(all, k -> k > n / 2), "sbe:tuned", 2.0);
        Diff.Outcome outcome = Diff.compare(runs(all, k -> k <= n / 2), newer, 0.10);
        String table = Diff.markdown(outcome, 0.10);
        for (long rate : new long[] {2_000, 10_000, 50_000}) {
            String key = "sbe:tuned@" + rate;
            assertTrue(outcome.rows().stream().anyMatch(r -> r.key().equals(key) && r.percentile().equals("p50")
                    && r.verdict() == Diff.Verdict.WORSE), key + " p50 must read worse:\n" + table);
        }
        assertTrue(outcome.rows().stream().filter(r -> r.verdict() == Diff.Verdict.WORSE)
                .allMatch(r -> r.key().startsWith("sbe:tuned@")), table);
    }

    @Test
    void theSplitThatTheOldRuleCalledWorseNowGivesNoVerdict() {
        // runs 1-3 against 5-7 of one folder of identical code: the old bootstrap rule found 2 "worse" rows
        List<SummaryFile.Result> all = SummaryFile.load(SEVEN_ROUNDS);
        Diff.Outcome outcome = Diff.compare(runs(all, k -> k <= 3), runs(all, k -> k >= 5), 0.10);
        assertTrue(outcome.insufficient() != null, Diff.markdown(outcome, 0.10));
        assertEquals(0, outcome.count(Diff.Verdict.WORSE));
    }
}
