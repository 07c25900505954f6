package org.fixbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.fixbench.cli.results.ResendStormTable;
import org.fixbench.cli.results.SlowConsumerTable;
import org.fixbench.harness.BenchmarkResult;
import org.fixbench.harness.HarnessConfig;
import org.junit.jupiter.api.Test;

/** The resend-storm verdict from what the scenario saw, on made-up rounds. */
class ResendStormTableTest {
    private static Map<String, Object> round(long gapOrders, long gapLost, long lost, long backNanos, long preP99,
                                             long duplicates) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put(ResendStormTable.RUN, 1);
        m.put(ResendStormTable.STATUS, "SATURATED");
        m.put(ResendStormTable.GAP_ORDERS, gapOrders);
        m.put(ResendStormTable.GAP_ORDERS_LOST, gapLost);
        m.put(ResendStormTable.LOST, lost);
        m.put(ResendStormTable.BACK_AFTER_NANOS, backNanos);
        m.put(ResendStormTable.PRE_P99_NANOS, preP99);
        m.put(ResendStormTable.DUPLICATE_ANSWERS, duplicates);
        return m;
    }

    private static BenchmarkResult result(int round, Map<String, Object> seen) {
        Map<String, Object> labels = new LinkedHashMap<>();
        labels.put(SlowConsumerTable.ENGINE_LABEL, "x:y");
        labels.put(SlowConsumerTable.SCENARIO_RUNS, List.of(seen));
        labels.put("round", round);
        labels.put("gapMillis", 2_000L);
        HarnessConfig config = HarnessConfig.builder("x").targetRatePerSecond(10_000).iterationsPerRun(90_000).build();
        return new BenchmarkResult("x", config, labels, 0, List.of(), List.of(), null, 0, 0, false);
    }

    private static String verdict(Map<String, Object>... rounds) {
        List<BenchmarkResult> results = new java.util.ArrayList<>();
        for (int i = 0; i < rounds.length; i++) {
            results.add(result(i + 1, rounds[i]));
        }
        List<ResendStormTable.Row> rows = ResendStormTable.of(results);
        assertEquals(1, rows.size());
        return rows.get(0).verdict();
    }

    @Test
    void aRecoveredGapAndTheSlowerMiddleRound() {
        String v = verdict(round(20_000, 0, 0, 200_000_000L, 1_000_000L, 0),
                round(20_000, 0, 0, 400_000_000L, 1_000_000L, 0));
        assertTrue(v.startsWith("recovered the gap: all 40,000 of its orders answered; latency back within the "
                + "pre-gap p99 400 ms after the gap's end (the slower middle round)"), v);
    }

    @Test
    void lostOrdersNotBackDuplicatesAndASaturatedStartAreSaid() {
        String v = verdict(round(20_000, 20_000, 20_100, -1, 200_000_000L, 3));
        assertTrue(v.startsWith("lost 20,000 of the gap's 20,000 orders, and 100 other order(s); latency not back "
                + "within the pre-gap p99 by the run's end"), v);
        assertTrue(v.contains("in 1 round(s) the pre-gap p99 was above 100 ms already"), v);
        assertTrue(v.endsWith("3 answer(s) unmatched or twice"), v);
        // one round not back of two: the slower middle is "not back"
        String w = verdict(round(100, 0, 0, 0, 1_000_000L, 0), round(100, 0, 0, -1, 1_000_000L, 0));
        assertTrue(w.contains("not back within the pre-gap p99 by the run's end"), w);
        // every order of the gap answered, but orders behind the replay still unanswered at the run's end
        String x = verdict(round(100, 0, 27, -1, 1_000_000L, 0));
        assertTrue(x.startsWith("recovered the gap: all 100 of its orders answered; 27 other order(s) lost;"), x);
    }
}
