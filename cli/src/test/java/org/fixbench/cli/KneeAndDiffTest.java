package org.fixbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.fixbench.cli.options.Slo;
import org.fixbench.cli.results.Diff;
import org.fixbench.cli.results.SummaryFile;
import org.fixbench.cli.run.KneeSearch;
import org.fixbench.engine.EngineSpec;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class KneeAndDiffTest {
    @TempDir
    Path tmp;

    private static KneeSearch.Outcome searchWithKneeAt(long kneeRate, long from, long to, int steps, List<Long> tried) {
        Slo slo = Slo.parse("p99=200us");
        return KneeSearch.search(EngineSpec.parse("tcp:yield"), slo, from, to, steps, rate -> {
            tried.add(rate);
            boolean pass = rate <= kneeRate;
            return new KneeSearch.Step(rate, pass, pass ? 100_000 : 900_000, pass ? null : "over", null);
        });
    }

    @Test
    void kneeSearchBracketsTheKneeInBoundedSteps() {
        List<Long> tried = new ArrayList<>();
        KneeSearch.Outcome o = searchWithKneeAt(37_000, 1_000, 200_000, 10, tried);
        assertTrue(tried.size() <= 10, tried.toString());
        assertEquals(List.of(1_000L, 200_000L), tried.subList(0, 2));
        assertTrue(o.kneeRate() <= 37_000 && o.kneeRate() >= 37_000 / KneeSearch.RESOLUTION, "knee " + o.kneeRate());
        assertTrue(o.markdown().contains("| 1 | 1,000 |"), o.markdown());
    }

    @Test
    void kneeSearchStopsAtTheStepLimitAndReportsTheHighestPassingRate() {
        List<Long> tried = new ArrayList<>();
        KneeSearch.Outcome o = searchWithKneeAt(37_000, 1_000, 200_000, 3, tried);
        assertEquals(3, tried.size());
        assertTrue(o.kneeRate() < 37_000);
    }

    @Test
    void kneeSearchSaysSoWhenNothingPassesOrEverythingDoes() {
        assertNull(searchWithKneeAt(500, 1_000, 200_000, 8, new ArrayList<>()).kneeRate());
        KneeSearch.Outcome all = searchWithKneeAt(1_000_000, 1_000, 200_000, 8, new ArrayList<>());
        assertEquals(200_000L, all.kneeRate());
        assertTrue(all.atLeast());
    }

    @Test
    void sloIsParsedOrRejectedWithOneLine() {
        assertEquals(200_000, Slo.parse("p99=200us").boundNanos());
        assertEquals("p99.9", Slo.parse("p99.9=1ms").percentileKey());
        assertThrows(IllegalArgumentException.class, () -> Slo.parse("p98=1ms"));
        assertThrows(IllegalArgumentException.class, () -> Slo.parse("p99"));
        assertThrows(IllegalArgumentException.class, () -> Slo.parse("p99=fast"));
    }

    private static SummaryFile.Result result(String label, long rate, double... p50Micros) {
        List<SummaryFile.Run> runs = new ArrayList<>();
        for (int i = 0; i < p50Micros.length; i++) {
            long ns = Math.round(p50Micros[i] * 1000);
            Map<String, Long> stats = new java.util.LinkedHashMap<>();
            for (String k : SummaryFile.PERCENTILE_KEYS) {
                stats.put(k, ns);
            }
            runs.add(new SummaryFile.Run(i + 1, org.fixbench.harness.verdict.RunStatus.OK, null, false, rate, 0, Map.of("endToEnd", stats)));
        }
        return new SummaryFile.Result(label, label.split(":")[0], label.split(":")[1], rate, runs);
    }

    @Test
    void withThreeRunsASideDiffGivesNoVerdictEvenForADoubling() {
        // the old bootstrap called this worse: with 3 runs its "95% interval" was [min/max, max/min]
        List<SummaryFile.Result> old = List.of(result("x:a", 1000, 10, 11, 10.5), result("y:b", 1000, 10, 30, 12));
        List<SummaryFile.Result> slower = List.of(result("x:a", 1000, 20, 21, 20.5), result("y:b", 1000, 11, 29, 14));
        Diff.Outcome outcome = Diff.compare(old, slower, 0.10);
        assertTrue(outcome.insufficient() != null && outcome.insufficient().startsWith("insufficient runs"));
        assertEquals(0, outcome.count(Diff.Verdict.WORSE));
        assertEquals(6, outcome.runsNeeded(), "8 rows at alpha 0.05 need 2/C(2k,k) <= 0.00625: 2/924 is, 2/252 not");
    }

    @Test
    void withEnoughRunsAClearSlowdownIsWorseAndNoiseIsNoChange() {
        double[] base = {10, 11, 10.5, 10.2, 10.8, 10.1, 10.9, 10.4};
        double[] doubled = java.util.Arrays.stream(base).map(v -> 2 * v).toArray();
        double[] noisy = {10, 30, 12, 11, 25, 10.5, 13, 28};
        double[] noisyToo = {11, 29, 14, 10, 26, 12, 12.5, 27};
        List<SummaryFile.Result> old = List.of(result("x:a", 1000, base), result("y:b", 1000, noisy));
        List<SummaryFile.Result> slower = List.of(result("x:a", 1000, doubled), result("y:b", 1000, noisyToo));
        Diff.Outcome outcome = Diff.compare(old, slower, 0.10);
        assertEquals(null, outcome.insufficient());
        Diff.Row x = outcome.rows().stream().filter(r -> r.key().equals("x:a@1000") && r.percentile().equals("p50"))
                .findFirst().orElseThrow();
        assertEquals(Diff.Verdict.WORSE, x.verdict());
        assertEquals(2 / 12870.0, x.pValue(), 1e-12, "complete separation of 8 and 8: 2 / C(16, 8)");
        assertTrue(outcome.rows().stream().filter(r -> r.key().startsWith("y:b"))
                .allMatch(r -> r.verdict() == Diff.Verdict.NO_CHANGE));
        assertTrue(Diff.compare(old, old, 0.10).rows().stream().allMatch(r -> r.verdict() == Diff.Verdict.NO_CHANGE));
        assertTrue(Diff.compare(slower, old, 0.10).rows().stream().anyMatch(r -> r.verdict() == Diff.Verdict.BETTER));
    }

    @Test
    void aBenchmarkWithASaturatedRunGetsAStatusRowAndNoFigureFromItsSurvivors() {
        SummaryFile.Result withBad = result("x:a", 1000, 10, 11, 10.5, 10.2, 10.8, 10.1, 10.9, 90);
        List<SummaryFile.Run> runs = new ArrayList<>(withBad.runs());
        SummaryFile.Run last = runs.get(7);
        runs.set(7, new SummaryFile.Run(last.run(), org.fixbench.harness.verdict.RunStatus.SATURATED, "replies completed at 900/s", false, 1000, 0,
                last.series()));
        SummaryFile.Result marked = new SummaryFile.Result("x:a", "x", "a", 1000, runs);
        Diff.Outcome outcome = Diff.compare(List.of(marked), List.of(marked), 0.10);
        assertEquals(1, outcome.rows().size(), Diff.markdown(outcome, 0.10));
        assertEquals("status", outcome.rows().get(0).percentile());
        assertEquals(Diff.Verdict.NO_CHANGE, outcome.rows().get(0).verdict(), "not OK on either side");
        assertEquals(2, outcome.excluded().size(), "listed once per side");
        assertTrue(outcome.excluded().get(0).text().contains("SATURATED"));
        Diff.Outcome turned = Diff.compare(List.of(withBad), List.of(marked), 0.10);
        assertEquals(Diff.Verdict.WORSE, turned.rows().get(0).verdict(), Diff.markdown(turned, 0.10));
        assertEquals(1, DiffCommand.exitStatus(turned));
    }

    @Test
    void aBenchmarkTheMachineDisturbedGetsNoVerdictAndTheDiffIsNotJudged() {
        // A/A: the same runs, one of them marked DISTURBED in NEW (the machine took the CPU), must not read worse;
        // the planted SATURATED run above (the engine's own doing) still does
        SummaryFile.Result same = result("x:a", 1000, 10, 11, 10.5, 10.2, 10.8, 10.1, 10.9, 10.3);
        List<SummaryFile.Run> runs = new ArrayList<>(same.runs());
        SummaryFile.Run last = runs.get(7);
        runs.set(7, new SummaryFile.Run(last.run(), org.fixbench.harness.verdict.RunStatus.DISTURBED, "waited 300 ms for a CPU",
                false, 1000, 0, last.series()));
        SummaryFile.Result disturbed = new SummaryFile.Result("x:a", "x", "a", 1000, runs);
        SummaryFile.Result other = result("x:b", 1000, 20, 21, 20.5, 20.2, 20.8, 20.1, 20.9, 20.3);
        Diff.Outcome outcome = Diff.compare(List.of(same, other), List.of(disturbed, other), 0.10);
        String table = Diff.markdown(outcome, 0.10);
        assertEquals(0, outcome.count(Diff.Verdict.WORSE), table);
        Diff.Row status = outcome.rows().stream().filter(r -> r.key().startsWith("x:a")).findFirst().orElseThrow();
        assertEquals("status", status.percentile(), table);
        assertEquals(Diff.Verdict.INSUFFICIENT_RUNS, status.verdict(), table);
        assertTrue(status.note().contains("the CPU taken by the JIT or other processes, not the code's (OLD all 8 runs OK / NEW 1 of 8 runs "
                + "DISTURBED)"), status.note());
        assertTrue(outcome.couldNotJudge(), "a gate must not read a benchmark it could not judge as a pass");
        assertEquals(5, DiffCommand.exitStatus(outcome));
        assertTrue(table.contains("1 benchmark(s) had runs DISTURBED"), table);
        // disturbed in OLD, saturated in NEW: the engine did not keep up, worse whatever the machine did before
        List<SummaryFile.Run> saturated = new ArrayList<>(same.runs());
        saturated.set(7, new SummaryFile.Run(last.run(), org.fixbench.harness.verdict.RunStatus.SATURATED, "replies at 900/s",
                false, 1000, 0, last.series()));
        Diff.Outcome worse = Diff.compare(List.of(disturbed),
                List.of(new SummaryFile.Result("x:a", "x", "a", 1000, saturated)), 0.10);
        assertEquals(Diff.Verdict.WORSE, worse.rows().get(0).verdict(), Diff.markdown(worse, 0.10));
    }

    @Test
    void diffCommandExitsNonZeroWhenWorseAndRejectsBadInput() throws Exception {
        Path fixed = Path.of(KneeAndDiffTest.class.getResource("/fixed-summary.json").toURI());
        Path a = Files.createDirectories(tmp.resolve("a"));
        Files.copy(fixed, a.resolve("summary.json"));
        Path b = Files.createDirectories(tmp.resolve("b"));
        // the same comparison, every latency doubled
        Files.writeString(b.resolve("summary.json"), doubled(Files.readString(fixed)));
        StringWriter err = new StringWriter();
        PrintWriter silent = new PrintWriter(new StringWriter());
        assertEquals(FixbenchCli.EXIT_NOT_JUDGED, FixbenchCli.execute(new String[] {"diff", a.toString(),
                a.toString()}, silent, new PrintWriter(err)));
        // two runs a side: no verdict is possible, so no exit 1 even for a doubling, but not a pass either: exit 5
        assertEquals(FixbenchCli.EXIT_NOT_JUDGED, FixbenchCli.execute(new String[] {"diff", a.toString(),
                b.toString()}, silent, new PrintWriter(err)));
        // eight runs a side: the doubling is worse, exit 1; the other way round it is better, exit 0
        Path c = Files.createDirectories(tmp.resolve("c"));
        Files.writeString(c.resolve("summary.json"), replicated(Files.readString(fixed), 4, 1));
        Path d = Files.createDirectories(tmp.resolve("d"));
        Files.writeString(d.resolve("summary.json"), replicated(Files.readString(fixed), 4, 2));
        assertEquals(1, FixbenchCli.execute(new String[] {"diff", c.toString(), d.toString()}, silent, new PrintWriter(err)));
        assertEquals(0, FixbenchCli.execute(new String[] {"diff", d.toString(), c.toString()}, silent, new PrintWriter(err)));
        // what diff writes goes to the writer it is given: nothing another thread prints to System.out meanwhile
        StringWriter captured = new StringWriter();
        int jsonStatus = FixbenchCli.execute(new String[] {"diff", c.toString(), d.toString(), "--format", "json"},
                new PrintWriter(captured, true), new PrintWriter(err));
        assertEquals(1, jsonStatus);
        com.fasterxml.jackson.databind.JsonNode json = new com.fasterxml.jackson.databind.ObjectMapper()
                .readTree(captured.toString());
        assertTrue(json.get("worse").asLong() > 0, json.toString());
        assertTrue(json.get("rows").size() > 0 && json.get("rows").get(0).has("verdict"), json.toString());
        StringWriter bad = new StringWriter();
        assertEquals(2, FixbenchCli.execute(new String[] {"diff", tmp.resolve("nope").toString(), a.toString()}, silent,
                new PrintWriter(bad, true)));
        assertTrue(bad.toString().startsWith("fixbench: not a fixbench results folder"), bad.toString());
        StringWriter badThreshold = new StringWriter();
        assertEquals(2, FixbenchCli.execute(new String[] {"diff", a.toString(), a.toString(), "--threshold", "lots"},
                silent, new PrintWriter(badThreshold, true)));
    }

    /** Each run copied {@code copies} times (a little apart, so no ties), every latency times {@code factor}. */
    private static String replicated(String json, int copies, long factor) throws Exception {
        com.fasterxml.jackson.databind.ObjectMapper mapper = new com.fasterxml.jackson.databind.ObjectMapper();
        com.fasterxml.jackson.databind.JsonNode root = mapper.readTree(doubled(json, factor));
        for (com.fasterxml.jackson.databind.JsonNode r : root.get("results")) {
            com.fasterxml.jackson.databind.node.ArrayNode runs = (com.fasterxml.jackson.databind.node.ArrayNode) r.get("runs");
            List<com.fasterxml.jackson.databind.JsonNode> original = new ArrayList<>();
            runs.forEach(original::add);
            int n = original.size();
            for (int c = 1; c < copies; c++) {
                for (com.fasterxml.jackson.databind.JsonNode run : original) {
                    com.fasterxml.jackson.databind.node.ObjectNode copy = run.deepCopy();
                    copy.put("run", runs.size() + 1);
                    com.fasterxml.jackson.databind.node.ObjectNode e2e =
                            (com.fasterxml.jackson.databind.node.ObjectNode) copy.get("series").get("endToEnd");
                    for (String k : SummaryFile.PERCENTILE_KEYS) {
                        if (e2e.hasNonNull(k)) {
                            e2e.put(k, e2e.get(k).asLong() + c * n + run.get("run").asLong());
                        }
                    }
                    runs.add(copy);
                }
            }
        }
        return mapper.writeValueAsString(root);
    }

    private static String doubled(String json) throws Exception {
        return doubled(json, 2);
    }

    private static String doubled(String json, long factor) throws Exception {
        com.fasterxml.jackson.databind.ObjectMapper mapper = new com.fasterxml.jackson.databind.ObjectMapper();
        com.fasterxml.jackson.databind.JsonNode root = mapper.readTree(json);
        for (com.fasterxml.jackson.databind.JsonNode r : root.get("results")) {
            for (com.fasterxml.jackson.databind.JsonNode run : r.get("runs")) {
                com.fasterxml.jackson.databind.node.ObjectNode e2e =
                        (com.fasterxml.jackson.databind.node.ObjectNode) run.get("series").get("endToEnd");
                for (String k : SummaryFile.PERCENTILE_KEYS) {
                    if (e2e.hasNonNull(k)) {
                        e2e.put(k, e2e.get(k).asLong() * factor);
                    }
                }
            }
        }
        return mapper.writeValueAsString(root);
    }

    @Test
    void aRowNotMeasuredOnBothSidesIsNotJudgedAndTheDiffExitsFive() {
        double[] floor = {10, 10.1, 10.2, 10.3, 10.4, 10.5, 10.6, 10.7};
        double[] engine = {15, 15.1, 15.2, 15.3, 15.4, 15.5, 15.6, 15.7};
        SummaryFile.Result tcp = result("tcp:spin", 1000, floor);
        SummaryFile.Result e = result("e:x", 1000, engine);
        List<Integer> paired = List.of(1, 2, 3, 4, 5, 6, 7, 8);
        List<Integer> unpaired = List.of(0, 0, 0, 0, 0, 0, 0, 0);
        SummaryFile.Result oldEngine = new SummaryFile.Result(e.label(), e.engine(), e.profile(), e.targetRate(),
                e.runs(), e.name(), "tcp:spin", paired);
        SummaryFile.Result newEngine = new SummaryFile.Result(e.label(), e.engine(), e.profile(), e.targetRate(),
                e.runs(), e.name(), "tcp:spin", unpaired);
        Diff.Outcome outcome = Diff.compare(List.of(tcp, oldEngine), List.of(tcp, newEngine), 0.10);
        assertTrue(outcome.rows().stream().filter(r -> r.note().contains("not measured on both sides"))
                .allMatch(r -> r.verdict() == Diff.Verdict.INSUFFICIENT_RUNS), "such a row is not 'no change'");
        assertTrue(outcome.couldNotJudge(), "the diff as a whole is not judged");
        assertTrue(outcome.insufficient().contains("not measured on both sides"), outcome.insufficient());
        assertEquals(5, DiffCommand.exitStatus(outcome));
        // A/A: the same paired data on both sides is judged (no change), exit 0
        Diff.Outcome same = Diff.compare(List.of(tcp, oldEngine), List.of(tcp, oldEngine), 0.10);
        assertFalse(same.couldNotJudge(), String.valueOf(same.insufficient()));
        assertEquals(0, DiffCommand.exitStatus(same));
    }
}
