package org.fixbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.fixbench.cli.scenario.resendstorm.ResendStormTable;
import org.fixbench.cli.scenario.slowconsumer.SlowConsumerTable;
import org.fixbench.harness.api.HarnessConfig;
import org.fixbench.harness.results.BenchmarkResult;
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

    /** A round whose gap was a cut connection: what the client did while down and each side's Logon after it. */
    private static Map<String, Object> cutRound(long taken, long notSent, long lastToServer, long logonToServer,
                                               long lastToClient, long logonToClient) {
        Map<String, Object> m = round(20_000, 0, notSent, 300_000_000L, 1_000_000L, 0);
        m.put(ResendStormTable.CUT, true);
        m.put(ResendStormTable.TAKEN_WHILE_DOWN, taken);
        m.put(org.fixbench.cli.scenario.serverrestart.ServerRestartTable.NOT_SENT, notSent);
        m.put(org.fixbench.cli.scenario.serverrestart.ServerRestartTable.ATTEMPTS, 1);
        m.put(ResendStormTable.SESSION_ENDED_AFTER_CUT_NANOS, 1_000_000L);
        m.put(ResendStormTable.LOGGED_ON_AFTER_GAP_NANOS, 33_000_000L);
        m.put(ResendStormTable.LAST_SEQ_TO_SERVER, lastToServer);
        m.put(ResendStormTable.FIRST_SEQ_TO_SERVER, logonToServer);
        m.put(ResendStormTable.LAST_SEQ_TO_CLIENT, lastToClient);
        m.put(ResendStormTable.FIRST_SEQ_TO_CLIENT, logonToClient);
        return m;
    }

    @Test
    void aCutSaysWhatTheClientTookWhileDownAndWhetherEachSideKeptItsNumbers() {
        String kept = verdict(cutRound(20_000, 300, 33_196, 53_197, 33_198, 33_199));
        assertTrue(kept.endsWith("; while down, its client took 20,000 order(s) into the session and left 300 "
                + "unsent; client kept its numbers, server kept its numbers"), kept);
        String reset = verdict(cutRound(0, 20_000, 19_241, 1, 19_221, 1));
        assertTrue(reset.endsWith("took 0 order(s) into the session and left 20,000 unsent; client reset to 1, server "
                + "reset to 1"), reset);
        // a lost-messages round says nothing of a cut, and has no cut table
        String lose = verdict(round(100, 0, 0, 0, 1_000_000L, 0));
        assertTrue(!lose.contains("while down"), lose);
        assertEquals("", ResendStormTable.cutMarkdown(ResendStormTable.of(List.of(result(1, round(100, 0, 0, 0,
                1_000_000L, 0))))));
        String table = ResendStormTable.cutMarkdown(ResendStormTable.of(List.of(result(1,
                cutRound(20_000, 300, 33_196, 53_197, 33_198, 33_199)))));
        assertTrue(table.contains("| x:y | 10,000/s, 2.00 s | 1 ms | 33 ms (1) | 20,000 / 300 | 33,196, 53,197 | "
                + "33,198, 33,199 | 300 |"), table);
    }
}
