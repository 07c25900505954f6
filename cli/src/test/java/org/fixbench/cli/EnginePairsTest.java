package org.fixbench.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.fixbench.cli.results.EnginePairs;
import org.fixbench.cli.results.SummaryFile;
import org.junit.jupiter.api.Test;

/** Two engines paired round by round: by the round a run records, by the floor run it was paired with, else by k. */
class EnginePairsTest {
    private static SummaryFile.Run run(int run, int round, String status, long p50) {
        Map<String, Map<String, Long>> series = new LinkedHashMap<>();
        Map<String, Long> e2e = new LinkedHashMap<>();
        e2e.put("p50", p50);
        series.put("endToEnd", e2e);
        return new SummaryFile.Run(run, org.fixbench.harness.verdict.RunStatus.valueOf(status), null, false, 0, 0, series, 0, 0, round, 1, new long[0]);
    }

    private static SummaryFile.Result result(String label, List<SummaryFile.Run> runs, String floor,
                                             List<Integer> pairs) {
        String[] ep = label.split(":");
        return new SummaryFile.Result(label, ep[0], ep[1], 10_000, runs, label, floor, pairs);
    }

    private static double[] p50Differences(List<SummaryFile.Result> folder, String a, String b) {
        return EnginePairs.compare(List.of(folder), a, b).stream()
                .filter(r -> r.series().equals("endToEnd") && r.key().equals("p50")).findFirst().orElseThrow()
                .differences();
    }

    @Test
    void runsArePairedByTheRoundTheyRecordNotByTheirNumber() {
        // B's runs listed out of round order: run k of A is not run k of B
        SummaryFile.Result a = result("sbe:tuned", List.of(run(1, 1, "OK", 10_000), run(2, 2, "OK", 20_000),
                run(3, 3, "DISTURBED", 99_000)), null, List.of());
        SummaryFile.Result b = result("philadelphia:spin", List.of(run(1, 2, "OK", 21_000), run(2, 1, "OK", 12_000),
                run(3, 3, "OK", 30_000)), null, List.of());
        double[] d = p50Differences(List.of(a, b), "sbe:tuned", "philadelphia:spin");
        assertArrayEquals(new double[] {-2_000, -1_000}, d, "round 1: 10 - 12 us, round 2: 20 - 21 us");
        EnginePairs.Row row = EnginePairs.compare(List.of(List.of(a, b)), "sbe:tuned", "philadelphia:spin").get(0);
        assertEquals(1, row.leftOut(), "the DISTURBED round is left out and counted");
        assertEquals(2, row.lowerInA());
    }

    @Test
    void againstItsFloorAnEngineRunIsSetAgainstTheFloorRunItWasPairedWith() {
        // the floor runs twice a round: the engine's run 2 (round 2) was paired with floor run 3
        SummaryFile.Result floor = result("tcp:spin", List.of(run(1, 1, "OK", 5_000), run(2, 1, "OK", 6_000),
                run(3, 2, "OK", 7_000), run(4, 2, "OK", 8_000)), null, List.of());
        SummaryFile.Result a = result("sbe:tuned", List.of(run(1, 1, "OK", 10_000), run(2, 2, "OK", 20_000)),
                "tcp:spin", List.of(2, 3));
        assertArrayEquals(new double[] {4_000, 13_000}, p50Differences(List.of(floor, a), "sbe:tuned", "tcp:spin"));
    }

    @Test
    void foldersWithoutRoundsPairRunKWithRunK() {
        SummaryFile.Result a = result("sbe:tuned", List.of(run(1, 0, "OK", 10_000), run(2, 0, "OK", 20_000)), null,
                List.of());
        SummaryFile.Result b = result("artio:tuned", List.of(run(1, 0, "OK", 11_000), run(2, 0, "OK", 19_000)), null,
                List.of());
        List<SummaryFile.Result> folder = new ArrayList<>(List.of(a, b));
        assertArrayEquals(new double[] {-1_000, 1_000}, p50Differences(folder, "sbe:tuned", "artio:tuned"));
        String md = EnginePairs.markdown("sbe:tuned", "artio:tuned", 1, EnginePairs.compare(List.of(folder),
                "sbe:tuned", "artio:tuned"));
        assertTrue(md.contains("| 10,000/s | endToEnd p50 | 0.00"), md);
    }

    private static SummaryFile.Run legs(int run, int round, long endToEnd, long lateness, long toServer,
                                        long processing, long toClient) {
        Map<String, Map<String, Long>> series = new LinkedHashMap<>();
        long[] values = {endToEnd, lateness, toServer, processing, toClient};
        String[] names = {"endToEnd", "sendLateness", "client->server", "server processing", "server->client"};
        for (int i = 0; i < names.length; i++) {
            series.put(names[i], new LinkedHashMap<>(Map.of("p50", values[i])));
        }
        return new SummaryFile.Run(run, org.fixbench.harness.verdict.RunStatus.OK, null, false, 0, 0, series, 0, 0, round, 1,
                new long[0]);
    }

    @Test
    void theLedgerGivesEachLegsPairedDifferenceAndItsShareOfTheRoundTrips() {
        // sbe 2 us slower than the floor per round: 0.5 in client->server, 1.0 in processing, 0.5 in server->client
        SummaryFile.Result floor = result("tcp:spin", List.of(legs(1, 1, 10_000, 500, 4_000, 200, 4_000),
                legs(2, 2, 11_000, 600, 4_500, 200, 4_500)), null, List.of());
        SummaryFile.Result sbe = result("sbe:tuned", List.of(legs(1, 1, 12_000, 500, 4_500, 1_200, 4_500),
                legs(2, 2, 13_000, 600, 5_000, 1_200, 5_000)), null, List.of());
        List<EnginePairs.Row> rows = EnginePairs.compare(List.of(List.of(floor, sbe)), "sbe:tuned", "tcp:spin",
                EnginePairs.LEGS);
        assertEquals(5, rows.size());
        assertArrayEquals(new double[] {1_000, 1_000}, rows.get(3).differences(), "server processing");
        String md = EnginePairs.ledger("sbe:tuned", "tcp:spin", 1, rows);
        assertTrue(md.contains("| 10,000/s | round trip | 2.00"), md);
        assertTrue(md.contains("| 10,000/s | server processing | 1.00 [1.00 – 1.00] (2 pairs, 50%) | 50% |"), md);
        assertTrue(md.contains("| 10,000/s | client->server | 0.50 [0.50 – 0.50] (2 pairs, 50%) | 25% |"), md);
    }

    @Test
    void enginesThatNeverRanTogetherAreRefusedInOneLine() {
        SummaryFile.Result a = result("sbe:tuned", List.of(run(1, 1, "OK", 10_000)), null, List.of());
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> EnginePairs.compare(List.of(List.of(a)), "sbe:tuned", "nosuch:x"));
        assertTrue(e.getMessage().startsWith("no rate at which both sbe:tuned and nosuch:x ran"), e.getMessage());
    }
}
