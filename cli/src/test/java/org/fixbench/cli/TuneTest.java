package org.fixbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

import org.fixbench.cli.results.Diff;
import org.fixbench.cli.results.SummaryFile;
import org.fixbench.cli.results.Tuning;
import org.fixbench.engine.EngineSpec;
import org.junit.jupiter.api.Test;

/** A tuning session's variants, and its verdicts: the same code read against itself is no change; a planted change is caught. */
class TuneTest {
    private static final int ROUNDS = 8;

    private static SummaryFile.Run run(int run, int round, long p50, long p90) {
        Map<String, Map<String, Long>> series = new LinkedHashMap<>();
        Map<String, Long> e2e = new LinkedHashMap<>();
        e2e.put("p50", p50);
        e2e.put("p90", p90);
        e2e.put("p99", p90 * 3);
        e2e.put("p99.9", p90 * 10);
        series.put("endToEnd", e2e);
        return new SummaryFile.Run(run, org.fixbench.harness.verdict.RunStatus.OK, null, false, 10_000, 0, series, 0, 0, round, 1, new long[0]);
    }

    /**
     * A session of {@link #ROUNDS} rounds on a machine whose speed drifts from round to round (the floor moves by up
     * to 3 µs): the floor runs twice a round, next to the baseline and next to the variant; the baseline's overhead is
     * 10 µs, the variant's 10 µs × {@code factor}, each with noise.
     */
    private static List<SummaryFile.Result> session(double factor, long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        List<SummaryFile.Run> floor = new ArrayList<>();
        List<SummaryFile.Run> base = new ArrayList<>();
        List<SummaryFile.Run> variant = new ArrayList<>();
        List<Integer> basePairs = new ArrayList<>();
        List<Integer> variantPairs = new ArrayList<>();
        for (int round = 1; round <= ROUNDS; round++) {
            long drift = random.nextLong(3_000);
            long f1 = 8_000 + drift + random.nextLong(200);
            long f2 = 8_000 + drift + random.nextLong(200);
            floor.add(run(floor.size() + 1, round, f1, f1 + 2_000));
            basePairs.add(floor.size());
            floor.add(run(floor.size() + 1, round, f2, f2 + 2_000));
            variantPairs.add(floor.size());
            long b = f1 + 10_000 + random.nextLong(1_000);
            long v = f2 + (long) (10_000 * factor) + random.nextLong(1_000);
            base.add(run(base.size() + 1, round, b, b + 3_000));
            variant.add(run(variant.size() + 1, round, v, v + 3_000));
        }
        return List.of(new SummaryFile.Result("tcp:spin", "tcp", "spin", 10_000, floor),
                new SummaryFile.Result("sbe:tuned", "sbe", "tuned", 10_000, base, "sbe-tuned-10000", "tcp:spin",
                        basePairs),
                new SummaryFile.Result("sbe:tuned+idle=yield", "sbe", "tuned+idle=yield", 10_000, variant,
                        "sbe-tuned_idle_yield-10000", "tcp:spin", variantPairs));
    }

    private static Tuning.Outcome judge(List<SummaryFile.Result> session) {
        return Tuning.judge(session, "sbe:tuned", List.of("sbe:tuned+idle=yield"), 0.10);
    }

    @Test
    void theSameSettingReadAgainstItselfIsNoChangeInEverySeed() {
        for (long seed = 1; seed <= 20; seed++) {
            Tuning.Outcome o = judge(session(1.0, seed));
            assertEquals(null, o.insufficient(), "8 rounds are enough for 4 rows");
            for (Tuning.Row r : o.rows()) {
                assertEquals(Diff.Verdict.NO_CHANGE, r.judged().verdict(), "seed " + seed + " " + r.percentile()
                        + ": " + r.judged());
            }
        }
    }

    @Test
    void aVariantWithHalfAgainTheOverheadIsWorseAndItsChangeIsMeasuredAcrossDrift() {
        Tuning.Outcome o = judge(session(1.5, 7));
        Tuning.Row p50 = o.rows().stream().filter(r -> r.percentile().equals("p50")).findFirst().orElseThrow();
        assertEquals(Diff.Verdict.WORSE, p50.judged().verdict(), p50.judged().toString());
        assertEquals(ROUNDS, p50.pairs());
        // the planted change is 5 us of overhead; the floor drifted by up to 3 us between rounds
        assertTrue(Math.abs(p50.change().median() - 5_000) < 1_000, "change " + p50.change());
        assertTrue(p50.change().low() > 0, "its interval is above zero: " + p50.change());
        Tuning.Outcome better = judge(session(0.5, 7));
        assertEquals(Diff.Verdict.BETTER, better.rows().get(0).judged().verdict());
        String md = Tuning.markdown(o, "sbe:tuned", 0.10, Map.of("sbe:tuned+idle=yield", "scripts/fixbench compare"));
        assertTrue(md.contains("| sbe:tuned+idle=yield | 10,000/s | p50 | " + String.format(java.util.Locale.ROOT,
                "%.2f [", p50.change().median() / 1000)), md);
        assertTrue(md.contains("| worse |"), md);
    }

    /** The session with the variant's run 3 given {@code status}. */
    private static List<SummaryFile.Result> withVariantRun3(String status) {
        List<SummaryFile.Result> session = session(1.0, 3);
        SummaryFile.Result v = session.get(2);
        List<SummaryFile.Run> runs = new ArrayList<>(v.runs());
        SummaryFile.Run r = runs.get(2);
        runs.set(2, new SummaryFile.Run(r.run(), org.fixbench.harness.verdict.RunStatus.valueOf(status), "planted", false, r.achievedRate(), r.lost(), r.series(),
                0, 0, r.round(), r.slot(), new long[0]));
        return List.of(session.get(0), session.get(1), v.withRuns(runs));
    }

    @Test
    void aVariantTheMachineDisturbedGetsNoVerdictOneThatSaturatedIsWorse() {
        Tuning.Row disturbed = judge(withVariantRun3("DISTURBED")).rows().get(0);
        assertEquals(Diff.Verdict.INSUFFICIENT_RUNS, disturbed.judged().verdict(), disturbed.judged().toString());
        assertTrue(disturbed.judged().note().contains("which says nothing of the setting"), disturbed.judged().note());
        Tuning.Row saturated = judge(withVariantRun3("SATURATED")).rows().get(0);
        assertEquals(Diff.Verdict.WORSE, saturated.judged().verdict(), saturated.judged().toString());
        // a variant that saturated against a baseline the machine disturbed once: still worse
        List<SummaryFile.Result> both = withVariantRun3("SATURATED");
        SummaryFile.Result b = both.get(1);
        List<SummaryFile.Run> baseRuns = new ArrayList<>(b.runs());
        SummaryFile.Run r = baseRuns.get(0);
        baseRuns.set(0, new SummaryFile.Run(r.run(), org.fixbench.harness.verdict.RunStatus.DISTURBED, "planted", false, r.achievedRate(), r.lost(),
                r.series(), 0, 0, r.round(), r.slot(), new long[0]));
        Tuning.Row worse = judge(List.of(both.get(0), b.withRuns(baseRuns), both.get(2))).rows().get(0);
        assertEquals(Diff.Verdict.WORSE, worse.judged().verdict(), worse.judged().toString());
        assertTrue(worse.judged().note().contains("baseline: 1 of 8 DISTURBED; variant: 1 of 8 SATURATED"),
                worse.judged().note());
    }

    @Test
    void variantsAreOneSettingAtATimeOrAGrid() {
        EngineSpec base = EngineSpec.parse("sbe:tuned");
        List<EngineSpec> single = TuneCommand.variants(base, List.of("idle=yield,backoff", "validation=dictionary"),
                false);
        assertEquals(List.of("sbe:tuned+idle=yield", "sbe:tuned+idle=backoff", "sbe:tuned+validation=dictionary"),
                single.stream().map(EngineSpec::label).toList());
        List<EngineSpec> grid = TuneCommand.variants(base, List.of("idle=yield,backoff", "validation=dictionary"),
                true);
        assertEquals(List.of("sbe:tuned+idle=yield+validation=dictionary",
                "sbe:tuned+idle=backoff+validation=dictionary"), grid.stream().map(EngineSpec::label).toList());
    }

    @Test
    void badVariantsAreRefusedInOneLine() {
        EngineSpec base = EngineSpec.parse("sbe:tuned");
        for (Object[] bad : new Object[][] {
                {List.of("idle"), "--vary takes KEY=VALUE"},
                {List.of("idel=yield"), "engine sbe has no setting 'idel'"},
                {List.of("idle=spin"), "already sets idle=spin"},
                {List.of("idle=yield", "idle=backoff"), "--vary idle is given twice"},
                {List.of("idle=fast"), "idle must be spin or yield or backoff"},
                {List.of("maxMessageBytes=1,2,3,4,5,6,7,8,9"), "9 variants: at most 8"}}) {
            @SuppressWarnings("unchecked")
            List<String> vary = (List<String>) bad[0];
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> TuneCommand.variants(base, vary, false));
            assertTrue(e.getMessage().contains((String) bad[1]), vary + " -> " + e.getMessage());
        }
        IllegalArgumentException set = assertThrows(IllegalArgumentException.class,
                () -> TuneCommand.variants(EngineSpec.parse("sbe:tuned+idle=yield"), List.of("idle=backoff"), false));
        assertTrue(set.getMessage().contains("the baseline sbe:tuned+idle=yield already sets it"), set.getMessage());
    }
}
