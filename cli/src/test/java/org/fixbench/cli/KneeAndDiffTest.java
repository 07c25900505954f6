package org.fixbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
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

import org.fixbench.cli.report.Diff;
import org.fixbench.cli.report.SummaryFile;
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
            runs.add(new SummaryFile.Run(i + 1, "OK", null, false, rate, 0, Map.of("endToEnd", stats)));
        }
        return new SummaryFile.Result(label, label.split(":")[0], label.split(":")[1], rate, runs);
    }

    @Test
    void diffCallsAClearSlowdownWorseAndNoiseNoChange() {
        List<SummaryFile.Result> old = List.of(result("x:a", 1000, 10, 11, 10.5), result("y:b", 1000, 10, 30, 12));
        List<SummaryFile.Result> slower = List.of(result("x:a", 1000, 20, 21, 20.5), result("y:b", 1000, 11, 29, 14));
        List<Diff.Row> rows = Diff.compare(old, slower, 0.10);
        Diff.Row x = rows.stream().filter(r -> r.key().equals("x:a@1000") && r.percentile().equals("p50")).findFirst().orElseThrow();
        assertEquals(Diff.Verdict.WORSE, x.verdict());
        assertTrue(x.low() > 1.0);
        Diff.Row y = rows.stream().filter(r -> r.key().equals("y:b@1000") && r.percentile().equals("p50")).findFirst().orElseThrow();
        assertEquals(Diff.Verdict.NO_CHANGE, y.verdict(), "a 17% median change inside a noisy spread is noise");
        List<Diff.Row> same = Diff.compare(old, old, 0.10);
        assertTrue(same.stream().allMatch(r -> r.verdict() == Diff.Verdict.NO_CHANGE));
        List<Diff.Row> faster = Diff.compare(slower, old, 0.10);
        assertTrue(faster.stream().anyMatch(r -> r.verdict() == Diff.Verdict.BETTER));
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
        assertEquals(0, FixbenchCli.execute(new String[] {"diff", a.toString(), a.toString()}, silent, new PrintWriter(err)));
        assertEquals(1, FixbenchCli.execute(new String[] {"diff", a.toString(), b.toString()}, silent, new PrintWriter(err)));
        assertEquals(0, FixbenchCli.execute(new String[] {"diff", b.toString(), a.toString()}, silent, new PrintWriter(err)));
        StringWriter bad = new StringWriter();
        assertEquals(2, FixbenchCli.execute(new String[] {"diff", tmp.resolve("nope").toString(), a.toString()}, silent,
                new PrintWriter(bad, true)));
        assertTrue(bad.toString().startsWith("fixbench: not a fixbench results folder"), bad.toString());
        StringWriter badThreshold = new StringWriter();
        assertEquals(2, FixbenchCli.execute(new String[] {"diff", a.toString(), a.toString(), "--threshold", "lots"},
                silent, new PrintWriter(badThreshold, true)));
    }

    private static String doubled(String json) throws Exception {
        com.fasterxml.jackson.databind.ObjectMapper mapper = new com.fasterxml.jackson.databind.ObjectMapper();
        com.fasterxml.jackson.databind.JsonNode root = mapper.readTree(json);
        for (com.fasterxml.jackson.databind.JsonNode r : root.get("results")) {
            for (com.fasterxml.jackson.databind.JsonNode run : r.get("runs")) {
                com.fasterxml.jackson.databind.node.ObjectNode e2e =
                        (com.fasterxml.jackson.databind.node.ObjectNode) run.get("series").get("endToEnd");
                for (String k : SummaryFile.PERCENTILE_KEYS) {
                    if (e2e.hasNonNull(k)) {
                        e2e.put(k, e2e.get(k).asLong() * 2);
                    }
                }
            }
        }
        return mapper.writeValueAsString(root);
    }
}
