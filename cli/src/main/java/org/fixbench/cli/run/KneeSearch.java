package org.fixbench.cli.run;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import org.fixbench.cli.report.doc.Block;
import org.fixbench.cli.report.doc.MarkdownWriter;
import org.fixbench.cli.report.doc.Table;
import org.fixbench.cli.options.Slo;
import org.fixbench.engine.EngineSpec;
import org.fixbench.harness.results.BenchmarkResult;
import org.fixbench.harness.results.ComparisonTable;
import org.fixbench.harness.results.RunResult;
import org.fixbench.harness.series.SeriesNames;

/**
 * The highest rate an engine sustains within a latency objective, found in a bounded number of benchmarks: try the
 * lowest rate, then the highest, then bisect between the highest passing and the lowest failing rate on a log
 * scale until they are within 10% of each other or the steps run out. A rate passes when every run is OK (the
 * achieved-rate check, nothing lost) and the objective's percentile of all runs' samples together is within bound.
 */
public final class KneeSearch {
    public record Step(long rate, boolean pass, double valueNanos, String why, BenchmarkResult result) {
    }

    public record Outcome(EngineSpec spec, Slo slo, Long kneeRate, boolean atLeast, List<Step> steps) {
        public String summary() {
            if (kneeRate == null) {
                return String.format(Locale.ROOT, "%s: no tested rate meets %s (the lowest, %,d/s, failed: %s)",
                        spec.label(), slo.text(), steps.get(0).rate(), steps.get(0).why());
            }
            return String.format(Locale.ROOT, "%s: %s%,d msgs/s within %s", spec.label(), atLeast ? "at least " : "",
                    kneeRate, slo.text());
        }

        /** The search as Markdown: its summary, then a table of its steps. */
        public String markdown() {
            return MarkdownWriter.write(blocks());
        }

        /** The search: its summary, then a table of its steps. */
        public List<Block> blocks() {
            Table.Builder table = new Table.Builder(List.of("step", "rate (msgs/s)", slo.percentileKey()
                    + " (µs, all runs together)", "verdict"), List.of(Table.Align.RIGHT, Table.Align.RIGHT,
                    Table.Align.RIGHT, Table.Align.LEFT));
            int i = 1;
            for (Step s : steps) {
                table.row(Table.Row.of(s, Integer.toString(i++), List.of(String.format(Locale.ROOT, "%,d", s.rate()),
                        ComparisonTable.micros(s.valueNanos()), s.pass() ? "pass" : "fail: " + s.why())));
            }
            return List.of(new Block.Paragraph("**" + summary() + "**"), table.build());
        }
    }

    public interface Runner {
        /** Runs the engine at one rate; null when the benchmark could not run (engine failed to start). */
        public BenchmarkResult run(long rate);
    }

    public static final double RESOLUTION = 1.1;

    /**
     * Searches {@code spec}'s knee from {@code from} to {@code to} msgs/s in at most {@code steps} measured rates, each
     * a sweep of its own in {@code session} (one failed step does not end the search: each starts afresh). Shared by
     * knee and compare's {@code --knee}.
     */
    public static Outcome measured(BenchmarkSession session, org.fixbench.cli.options.RunOptions options,
                                   EngineSpec spec, Slo objective, long from, long to, int steps) {
        Sweep sweep = new Sweep(session, options, org.fixbench.cli.options.Hosts.bindAddress(null),
                java.time.Duration.ofSeconds(20), 3_000_000_000L, 2_000_000_000L).fork(options.forks());
        return searchRunning(spec, objective, from, to, steps, rate -> {
            List<BenchmarkResult> measured = sweep.run(List.of(spec), List.of(rate)).results();
            return measured.isEmpty() ? null : measured.get(0);
        });
    }

    public static Outcome searchRunning(EngineSpec spec, Slo slo, long from, long to, int maxSteps, Runner runner) {
        return search(spec, slo, from, to, maxSteps, rate -> judge(rate, slo, runner.run(rate)));
    }

    /** The search itself, over a function that benchmarks and judges one rate. */
    public static Outcome search(EngineSpec spec, Slo slo, long from, long to, int maxSteps,
                          java.util.function.LongFunction<Step> tryRate) {
        if (from <= 0 || to < from) {
            throw new IllegalArgumentException("--from must be > 0 and --to at least --from");
        }
        if (maxSteps < 2) {
            throw new IllegalArgumentException("--steps must be at least 2");
        }
        List<Step> steps = new ArrayList<>();
        Step low = tryRate.apply(from);
        steps.add(low);
        if (!low.pass()) {
            return new Outcome(spec, slo, null, false, steps);
        }
        if (from == to) {
            return new Outcome(spec, slo, from, true, steps);
        }
        Step high = tryRate.apply(to);
        steps.add(high);
        if (high.pass()) {
            return new Outcome(spec, slo, to, true, steps);
        }
        long passing = from;
        long failing = to;
        while (steps.size() < maxSteps && failing / (double) passing > RESOLUTION) {
            long mid = roundToTwoFigures(Math.sqrt((double) passing * failing));
            if (mid <= passing || mid >= failing) {
                mid = Math.round(Math.sqrt((double) passing * failing));
                if (mid <= passing || mid >= failing) {
                    break;
                }
            }
            Step step = tryRate.apply(mid);
            steps.add(step);
            if (step.pass()) {
                passing = mid;
            } else {
                failing = mid;
            }
        }
        return new Outcome(spec, slo, passing, false, steps);
    }

    public static long roundToTwoFigures(double value) {
        double magnitude = Math.pow(10, Math.floor(Math.log10(value)) - 1);
        return Math.round(Math.round(value / magnitude) * magnitude);
    }

    public static Step judge(long rate, Slo slo, BenchmarkResult result) {
        if (result == null) {
            return new Step(rate, false, Double.NaN, "the benchmark could not run", null);
        }
        double percentile = slo.percentileKey().equals("max") ? 100
                : Double.parseDouble(slo.percentileKey().substring(1));
        double value = ComparisonTable.pooledNanos(result, SeriesNames.END_TO_END, percentile);
        if (result.aborted()) {
            return new Step(rate, false, value, "ended early: " + result.abortReason(), result);
        }
        List<RunResult> failed = result.countedRuns().stream().filter(r -> !r.ok()).toList();
        if (!failed.isEmpty()) {
            return new Step(rate, false, value, failed.size() + " run(s) not OK (" + failed.get(0).status() + "): "
                    + failed.get(0).reason(), result);
        }
        if (Double.isNaN(value) || value > slo.boundNanos()) {
            return new Step(rate, false, value, slo.percentileKey() + " " + ComparisonTable.micros(value)
                    + " µs is over " + ComparisonTable.micros(slo.boundNanos()) + " µs", result);
        }
        return new Step(rate, true, value, null, result);
    }
}
