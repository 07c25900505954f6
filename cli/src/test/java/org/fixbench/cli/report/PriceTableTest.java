package org.fixbench.cli.report;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.HdrHistogram.Histogram;
import org.fixbench.cli.results.ResultLabels;
import org.fixbench.harness.api.HarnessConfig;
import org.fixbench.harness.results.BenchmarkResult;
import org.fixbench.harness.results.RunResult;
import org.fixbench.harness.verdict.RunStatus;
import org.fixbench.harness.series.SeriesData;
import org.fixbench.harness.series.SeriesNames;
import org.junit.jupiter.api.Test;

/**
 * A setting's price is paired round by round: the variant's run minus its base's in the same round, never the
 * difference of medians taken apart; a round with a run not OK is left out and counted; an engine with no base
 * beside it has no price.
 */
class PriceTableTest {
    /** An engine's runs, one per round, each with every sample at {@code micros[round]} µs. */
    private static BenchmarkResult result(String engine, String profile, RunStatus[] status, long... micros) {
        List<RunResult> runs = new ArrayList<>();
        for (int i = 0; i < micros.length; i++) {
            Histogram h = new Histogram(3_600_000_000_000L, 3);
            h.recordValueWithCount(micros[i] * 1_000, 100);
            runs.add(new RunResult(i + 1, status == null ? RunStatus.OK : status[i], List.of(), 2_000, 100, 100, 0, 0,
                    2_000, 0, 0, 0, 0, 0, 0, 50, false, 1_000, 1_100,
                    Map.of(SeriesNames.END_TO_END, new SeriesData(h, micros[i] * 1_000, 0)), -1, null, 0, 0, -1, -1));
        }
        HarnessConfig config = HarnessConfig.builder(engine + "-2000").targetRatePerSecond(2_000).runs(micros.length)
                .iterationsPerRun(100).warmupIterations(10).build();
        return new BenchmarkResult(config.name(), config, Map.of(ResultLabels.ENGINE, engine, ResultLabels.PROFILE,
                profile), 10, runs, List.of(), null);
    }

    @Test
    void eachRoundsVariantIsSetAgainstItsBaseInThatRound() {
        // the base drifts up round by round and the variant with it: paired, the price is 10 each round
        BenchmarkResult base = result("sbe", "tuned", null, 20, 40, 60);
        BenchmarkResult tls = result("sbe", "tuned+tls=terminator", null, 30, 50, 70);
        BenchmarkResult plain = result("philadelphia", "yield", null, 25, 25, 25);
        List<PriceTable.Price> prices = PriceTable.prices(List.of(base, plain, tls));
        assertEquals(1, prices.size(), "philadelphia has no base beside it");
        PriceTable.Price p = prices.get(0);
        assertEquals("sbe:tuned", p.base());
        assertEquals("tls=terminator", p.settings());
        assertEquals(3, p.p50().n());
        assertEquals(10_000, p.p50().median(), 100, "paired: 10 µs; unpaired medians would say the same, spread 40");
        assertEquals(10_000, p.p50().low(), 100);
        assertEquals(10_000, p.p50().high(), 100);
        assertEquals(0, p.excluded());
    }

    @Test
    void aRoundNotOkIsLeftOutAndTheLongestBaseIsTaken() {
        BenchmarkResult base = result("quickfixj", "tuned", null, 100, 100, 100);
        BenchmarkResult store = result("quickfixj", "tuned+fixbench.store=file", null, 110, 120, 130);
        BenchmarkResult synced = result("quickfixj", "tuned+fixbench.store=file+FileStoreSync=Y",
                new RunStatus[] {RunStatus.OK, RunStatus.SATURATED, RunStatus.OK}, 1_110, 9_999, 1_130);
        List<PriceTable.Price> prices = PriceTable.prices(List.of(base, store, synced));
        assertEquals(2, prices.size());
        assertEquals("quickfixj:tuned", prices.get(0).base());
        PriceTable.Price s = prices.get(1);
        assertEquals("quickfixj:tuned+fixbench.store=file", s.base(), "the closest base: the sync's own price");
        assertEquals("FileStoreSync=Y", s.settings());
        assertEquals(2, s.p50().n());
        assertEquals(1, s.excluded(), "the SATURATED round");
        assertEquals("with it SATURATED", s.excludedWhy());
        assertEquals(1_000_000, s.p50().median(), 1_000);
    }
}
