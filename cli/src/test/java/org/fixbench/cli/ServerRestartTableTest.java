package org.fixbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.fixbench.cli.scenario.serverrestart.ServerRestartTable;
import org.fixbench.cli.scenario.slowconsumer.SlowConsumerTable;
import org.fixbench.harness.api.HarnessConfig;
import org.fixbench.harness.results.BenchmarkResult;
import org.junit.jupiter.api.Test;

/** The server-restart verdict from what the scenario saw, on made-up rounds. */
class ServerRestartTableTest {
    private static Map<String, Object> round(long loggedOnNanos, long firstAnswerNanos, long lost, long notSent,
                                             long lastSeqUp, long firstSeqUp, long lastSeqDown, long firstSeqDown) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put(ServerRestartTable.RUN, 1);
        m.put(ServerRestartTable.STATUS, "FAILED");
        m.put(ServerRestartTable.KILL_NANOS, 2_000_000_000L);
        m.put(ServerRestartTable.LOGGED_ON_AFTER_KILL_NANOS, loggedOnNanos);
        m.put(ServerRestartTable.FIRST_ANSWER_AFTER_KILL_NANOS, firstAnswerNanos);
        m.put(ServerRestartTable.LOST, lost);
        m.put(ServerRestartTable.NOT_SENT, notSent);
        m.put(ServerRestartTable.LAST_SEQ_TO_SERVER, lastSeqUp);
        m.put(ServerRestartTable.FIRST_SEQ_TO_SERVER, firstSeqUp);
        m.put(ServerRestartTable.LAST_SEQ_TO_CLIENT, lastSeqDown);
        m.put(ServerRestartTable.FIRST_SEQ_TO_CLIENT, firstSeqDown);
        m.put(ServerRestartTable.DUPLICATE_ANSWERS, 0L);
        if (loggedOnNanos < 0) {
            m.put(ServerRestartTable.LAST_REFUSAL, "Connection refused");
        }
        return m;
    }

    private static String verdict(Map<String, Object>... rounds) {
        List<BenchmarkResult> results = new java.util.ArrayList<>();
        for (int i = 0; i < rounds.length; i++) {
            Map<String, Object> labels = new LinkedHashMap<>();
            labels.put(SlowConsumerTable.ENGINE_LABEL, "x:y");
            labels.put(SlowConsumerTable.SCENARIO_RUNS, List.of(rounds[i]));
            labels.put("round", i + 1);
            HarnessConfig config = HarnessConfig.builder("x").targetRatePerSecond(1_000).iterationsPerRun(8_000)
                    .build();
            results.add(new BenchmarkResult("x", config, labels, 0, List.of(), List.of(), null, 0, 0, false));
        }
        List<ServerRestartTable.Row> rows = ServerRestartTable.of(results);
        assertEquals(1, rows.size());
        return rows.get(0).verdict();
    }

    @Test
    void timesAreTheSlowerMiddleRoundAndEveryLostOrderIsCounted() {
        String v = verdict(round(1_000_000_000L, 1_010_000_000L, 1_100, 1_050, 2_000, 1, 2_000, 1),
                round(3_000_000_000L, 3_020_000_000L, 3_100, 3_000, 2_000, 1, 2_000, 1));
        assertEquals("logged on again 3.00 s after the kill, first order answered 3.02 s after it (the slower "
                + "middle round); 4,200 order(s) lost, all counted: 4,050 not sent while the session was gone, 150 "
                + "sent and never answered; sequence numbers: client reset to 1; server reset to 1", v);
    }

    @Test
    void aStoreThatPersistsIsToldFromOneThatResets() {
        String v = verdict(round(1_000_000_000L, 1_010_000_000L, 1_000, 1_000, 2_000, 2_001, 2_000, 1));
        assertTrue(v.endsWith("sequence numbers: client went on from 2,000; server reset to 1"), v);
        v = verdict(round(1_000_000_000L, 1_010_000_000L, 1_000, 1_000, 2_000, 1_500, -1, -1));
        assertTrue(v.endsWith("sequence numbers: client began at 1,500 (last before: 2,000)"), v);
    }

    @Test
    void aSessionNeverLoggedOnAgainIsSaidWithItsRefusal() {
        String v = verdict(round(-1, -1, 6_000, 5_900, -1, -1, -1, -1),
                round(1_000_000_000L, 1_010_000_000L, 1_000, 1_000, -1, -1, -1, -1));
        assertTrue(v.startsWith("not logged on again in 1 of 2 round(s) (last refusal: Connection refused); logged "
                + "on again 1.00 s after the kill"), v);
    }
}
