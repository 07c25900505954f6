package org.fixbench.cli.scenario.burst;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.fixbench.cli.report.doc.Block;
import org.fixbench.cli.report.doc.Document;
import org.fixbench.cli.options.Durations;
import org.fixbench.cli.options.Rates;
import org.fixbench.cli.options.RunOptions;
import org.fixbench.cli.report.ScenarioReport;
import org.fixbench.cli.run.Contender;
import org.fixbench.cli.run.Sweep;
import org.fixbench.cli.scenario.Scenario;
import org.fixbench.engine.EngineSpec;
import org.fixbench.harness.api.HarnessConfig;
import org.fixbench.harness.results.BenchmarkResult;
import picocli.CommandLine.Option;

/**
 * The burst scenario (see {@link Burst} and {@link BurstTable}): each round gives every engine at every base rate a
 * fresh pair of JVMs, warmed up as {@code compare}'s (the warm-up goes through the run's shape, bursts included), and
 * one measured run of {@link #BURST_DELAY_MILLIS} at the rate, the burst, and the rest of the run at the rate again.
 */
public final class BurstScenario implements Scenario {
    public static final String NAME = "burst";
    /** How far into a burst run its burst starts. */
    public static final long BURST_DELAY_MILLIS = 2_000;
    /** How long a burst run goes on after the burst, unless --duration says longer. */
    static final long AFTER_BURST_MILLIS = 3_000;

    /** Its options: refused for the other scenarios. */
    public static final class Options {
        @Option(names = "--burst", converter = Durations.class, paramLabel = "DURATION",
                description = "burst: how long the burst lasts (default: 1s)")
        long burstNanos = 1_000_000_000L;

        @Option(names = "--factor", paramLabel = "N", description = "burst: the burst's rate over the base rate "
                + "(default: ${DEFAULT-VALUE})")
        int factor = 10;
    }

    private final Options o = new Options();

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String summary() {
        return "burst: 2 s at the rate, --burst at --factor times it, then 3 s at the rate again; each round a fresh "
                + "pair of JVMs with one run";
    }

    @Override
    public Object options() {
        return o;
    }

    @Override
    public Rounds plan(Request request) {
        RunOptions options = request.options();
        if (o.factor < 2 || o.factor > 100) {
            throw new IllegalArgumentException("--factor must be 2-100 (was " + o.factor + ")");
        }
        if (o.burstNanos < 100_000_000L || o.burstNanos > 60_000_000_000L) {
            throw new IllegalArgumentException("--burst must be 100ms-60s (was " + o.burstNanos / 1_000_000 + "ms)");
        }
        if (!options.flow().pacing(options.sessions()).isEven()) {
            throw new IllegalArgumentException("burst paces its runs itself: a paced --workload is not for it");
        }
        request.rounds();
        long burstMillis = o.burstNanos / 1_000_000;
        long leastRunMillis = BURST_DELAY_MILLIS + burstMillis + AFTER_BURST_MILLIS;
        long runMillis = Math.max(leastRunMillis, options.runNanosOr(leastRunMillis * 1_000_000L) / 1_000_000);
        long afterMillis = runMillis - BURST_DELAY_MILLIS - burstMillis;
        List<EngineSpec> specs = request.specs(DEFAULT_ENGINES);
        List<Long> rateList = Rates.parse(request.rates());
        Map<Long, Burst.Plan> plans = new LinkedHashMap<>();
        for (long rate : rateList) {
            Burst.Plan plan = new Burst.Plan(rate, o.factor,
                    BURST_DELAY_MILLIS, burstMillis, afterMillis);
            if (plan.iterations() > 20_000_000L) {
                throw new IllegalArgumentException(String.format(Locale.ROOT, "a burst run at %,d/s would send %,d "
                        + "orders: more than 20,000,000 (lower the rate, --factor or --burst)", rate,
                        plan.iterations()));
            }
            plans.put(rate, plan);
        }
        request.refusals(specs, rateList, runMillis * 1_000_000L);
        int sessions = options.sessions();

        Map<String, Object> scenario = new LinkedHashMap<>();
        scenario.put("name", NAME);
        scenario.put("sessions", sessions);
        scenario.put("factor", o.factor);
        scenario.put("burstMillis", burstMillis);
        scenario.put("burstStartMillisIntoRun", BURST_DELAY_MILLIS);
        scenario.put("runMillis", runMillis);
        scenario.put("windowMillis", BurstTable.WINDOW_NANOS / 1_000_000);
        scenario.put("what", String.format(Locale.ROOT, "each round, a fresh pair of JVMs and one measured run: %d ms "
                + "at the rate, %d ms at %d times it, %d ms at the rate again, on one drift-free schedule (every "
                + "order's latency from when it was due)", BURST_DELAY_MILLIS, burstMillis, o.factor, afterMillis));
        return new Rounds(scenario, specs, rateList, sessions, true, (forked, spec, rate, round, labels) -> {
            Burst.Plan plan = plans.get(rate);
            HarnessConfig config = options.configure(Sweep.benchmarkName(spec, rate) + "-round" + round,
                            plan.meanRatePerSecond(), runMillis * 1_000_000L, Sweep.DEFAULT_WARMUP_NANOS)
                    .runs(1).skipFirstRun(false).iterationsPerRun(plan.iterations()).pacing(plan.pacing())
                    .build();
            System.out.printf(Locale.ROOT, "%,d/s for %d ms from %.1f s into the run%n", rate * o.factor, burstMillis,
                    BURST_DELAY_MILLIS / 1e3);
            labels.put(BurstTable.BASE_RATE_LABEL, rate);
            return forked.scenario(plan).run(Contender.of(spec), config, labels, null);
        }, Scenario.verdicts(BurstTable::of, r -> r.engine(), r -> r.baseRate(), r -> r.verdict()));
    }

    /** The burst scenario's report from its folder (charts of round 1 into {@code out/charts}). */
    @Override
    public Document report(Map<String, Object> env, List<BenchmarkResult> results, Path folder, Path out,
                           String partialReason) {
        long burstMillis = ScenarioReport.recorded(env, "burstMillis").longValue();
        long runMillis = ScenarioReport.recorded(env, "runMillis").longValue();
        int sessions = ScenarioReport.recorded(env, "sessions").intValue();
        int factor = ScenarioReport.recorded(env, "factor").intValue();
        Document.Builder doc = ScenarioReport.header(env, partialReason);
        doc.paragraph(String.format(Locale.ROOT, "%d FIX session(s) share the rate. Each round gives each engine a "
                + "fresh pair of JVMs, warmed up as `compare`'s (the warm-up goes through the run's shape, bursts "
                + "included), and one measured run of %.1f s on one drift-free schedule: %.1f s at the rate, %.1f s at "
                + "%d times it, the rest at the rate again. Every order's latency is from when it was due, so a queue "
                + "that builds in the burst shows in the orders after it.", sessions, runMillis / 1e3,
                BURST_DELAY_MILLIS / 1e3, burstMillis / 1e3, factor));
        doc.paragraph(String.format(Locale.ROOT, "The pre-burst p99 is that of the orders due from 0.5 s into the run "
                + "to the burst's start. The run is cut into %d ms windows by when orders were due. In the burst, the "
                + "windows whose median went above the pre-burst p99 are counted (a queue building through the "
                + "burst puts nearly all of them there). Latency is *back* at the first window from the burst's end "
                + "on from which %d windows in a row have their median within the pre-burst p99, timed from the "
                + "burst's end (*at once*: the first window after the burst starts such a stretch). An engine *kept "
                + "up* when it was back at once and at most %.0f%% of the burst's windows were above (a hiccup, not "
                + "a queue); it *drained its queue within the burst* when more were above but it was back at once. "
                + "The queue's peak is the most orders in flight in a window by Little's law from the replies: the "
                + "time its orders waited for their replies over the window's span; \"before\" is the most in a "
                + "window before the burst. \"Sent late by\" is how far behind its schedule the client sent the "
                + "burst's orders (the client's own limit, or the engine pushing back on it); latency counts from "
                + "the schedule either way.", BurstTable.WINDOW_NANOS / 1_000_000,
                BurstTable.BACK_WINDOWS, BurstTable.KEPT_UP_SHARE * 100));
        doc.add(BurstTable.table(BurstTable.of(results)));
        doc.paragraph("Per round, in round order. Runs: each run's status by `compare`'s rules at its mean rate, "
                + "whose \"seconds\" are the mean rate's count of orders, not seconds of the burst's schedule: a run "
                + "that queued in its burst reads SATURATED there; the figures here are the scenario's. Orders never "
                + "answered within the run are counted lost, never dropped.");
        if (out != null) {
            Block.Section charts = ScenarioReport.windowCharts(out, results, "burst", BurstTable.BURST_START_NANOS,
                    BurstTable.BURST_END_NANOS, "burst starts", "burst ends", BurstTable.PRE_P99_NANOS,
                    "pre-burst p99", r -> r.labels().get(BurstTable.BASE_RATE_LABEL) instanceof Number n
                            ? n.longValue() : r.config().targetRatePerSecond(),
                    (label, rate, seen) -> String.format(Locale.ROOT, "%s at %,d msgs/s, %,d/s in the burst", label,
                            rate, rate * ((Number) seen.get(BurstTable.FACTOR)).longValue()));
            if (charts != null) {
                doc.add(charts);
            }
        }
        return doc.build(ScenarioReport.title("burst", partialReason != null));
    }
}
