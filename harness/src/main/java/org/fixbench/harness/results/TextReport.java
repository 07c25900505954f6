package org.fixbench.harness.results;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import org.fixbench.harness.api.HarnessConfig;
import org.fixbench.harness.series.Micros;
import org.fixbench.harness.series.SeriesData;
import org.fixbench.harness.series.SeriesNames;
import org.fixbench.harness.verdict.RunReason;

/**
 * Output for people, in JLBH's shapes: a line per series per run, and a SUMMARY table per series across runs.
 *
 * <p>A percentile p is printed only when the run has at least one sample above it, i.e. when
 * {@code count × (1 − p/100) ≥ 1}; the worst value is always printed and is the exact maximum, not a bucket.
 *
 * <p>The SUMMARY's {@code % Variation} column is JLBH's own, as JLBH 1.27 computes it
 * ({@code PercentileSummary.calculateVariance}): {@code 100 × (max − min) / (max + min / 2)} over the runs in the
 * table, so the column reads the same as JLBH's (0 = identical runs). Note the precedence: JLBH divides by
 * {@code max + min/2}, not by the mean of max and min.
 */
public final class TextReport {
    static final double[] PERCENTILES = {50, 90, 99, 99.9, 99.99, 99.999, 99.9999};
    static final double[] SUMMARY_PERCENTILES = {50, 90, 99, 99.9, 99.99};

    private TextReport() {
    }

    /** Whether {@code count} samples support reporting percentile {@code p}. */
    public static boolean supports(long count, double percentile) {
        return count * (1 - percentile / 100.0) >= 1 - 1e-9;
    }

    /** The lines a benchmark prints before its warm-up: its schedule and how it measures. */
    public static String header(HarnessConfig config) {
        StringBuilder b = new StringBuilder();
        b.append(String.format("Benchmark %s: target %,d/s (1 every %s), warm-up %,d, %d run(s) of %,d iterations%n",
                config.name(), config.targetRatePerSecond(), Micros.format(config.intervalNanos()) + " us",
                config.warmupIterations(), config.runs(), config.iterationsPerRun()));
        b.append("Correcting for coordinated omission: " + config.accountForCoordinatedOmission()
                + "; wait strategy: " + config.waitStrategy().label() + "; hiccup meter: " + config.hiccupMeter()
                + "; jitter monitor: " + config.jitterMonitor()).append(System.lineSeparator());
        if (!config.pacing().isEven()) {
            b.append("Paced: " + config.pacing() + ", stretched to a mean of the target rate"
                    + (config.pacing().restartsEachRun() ? "" : "; each run goes on where the last left the cycle"))
                    .append(System.lineSeparator());
        }
        return b.toString();
    }

    public static String runBlock(RunResult run, HarnessConfig config) {
        StringBuilder sb = new StringBuilder();
        sb.append(String.format(Locale.ROOT, "Run %d of %d: %s%s  achieved %,.0f/s of %,d/s  sent %,d received %,d lost %,d"
                        + "  steal %s busy %s%n", run.run(), config.runs(), run.status(),
                run.excluded() ? " (excluded from summaries)" : "", run.achievedRatePerSecond(),
                run.run() >= 1 && run.run() <= config.runs() ? config.runRate(run.run()) : config.targetRatePerSecond(),
                run.sent(), run.received(), run.lost(), pct(run.stealPercent()),
                pct(run.busyPercent())));
        sb.append(String.format(Locale.ROOT, "  replies: completed %,.0f/s, oldest unanswered %s us, p50 first/last "
                        + "third %s/%s us, largest catch-up burst %,d%s%n", run.completionRatePerSecond(),
                Micros.format(run.oldestUnansweredNanos()), thirdText(run.firstThirdP50Nanos()),
                thirdText(run.lastThirdP50Nanos()), run.largestSendBacklog(),
                run.unmatchedSamples() > 0 ? String.format(Locale.ROOT, ", unmatched samples %,d",
                        run.unmatchedSamples()) : ""));
        for (RunReason reason : run.reasons()) {
            sb.append("  ").append(reason.kind().status()).append(": ").append(reason.text()).append('\n');
        }
        if (run.remeasure() != null) {
            sb.append("  measured again: ").append(remeasureText(run.remeasure())).append('\n');
        }
        boolean starved = run.hiccupMeterStarved();
        run.series().forEach((key, data) -> {
            if (!(starved && SeriesNames.HICCUPS.equals(key))) {
                sb.append(line(SeriesNames.label(key), data)).append('\n');
            }
        });
        if (starved) {
            sb.append("  hiccups not measured: ").append(run.hiccupStarvationText()).append('\n');
        }
        return sb.toString();
    }

    /** Why a run was measured again and what its first attempt read, in one line. */
    public static String remeasureText(Remeasure first) {
        return String.format(Locale.ROOT, "in its first attempt %s; that attempt read %s, end to end p50 %s, "
                        + "p99 %s, worst %s us%s", first.why(), first.firstStatus(), microsOrDash(first.firstP50Nanos()),
                microsOrDash(first.firstP99Nanos()), microsOrDash(first.firstWorstNanos()),
                first.firstLost() > 0 ? String.format(Locale.ROOT, ", %,d lost", first.firstLost()) : "");
    }

    private static String microsOrDash(long nanos) {
        return nanos < 0 ? "-" : Micros.format(nanos);
    }

    /** {@code End to End: (n)   50/90 99/99.9 99.99 - worst was a / b  c / d  e - w}, values in µs. */
    public static String line(String label, SeriesData data) {
        long count = data.count();
        List<String> names = new ArrayList<>();
        List<String> values = new ArrayList<>();
        for (double p : PERCENTILES) {
            if (count > 0 && supports(count, p)) {
                names.add(percentileName(p));
                values.add(Micros.format(data.percentileNanos(p)));
            }
        }
        StringBuilder head = new StringBuilder();
        StringBuilder tail = new StringBuilder();
        for (int i = 0; i < names.size(); i += 2) {
            if (i > 0) {
                head.append(' ');
                tail.append("  ");
            }
            head.append(names.get(i));
            tail.append(values.get(i));
            if (i + 1 < names.size()) {
                head.append('/').append(names.get(i + 1));
                tail.append(" / ").append(values.get(i + 1));
            }
        }
        String prefix = String.format(Locale.ROOT, "%s: (%,d)", label, count);
        String worst = count == 0 ? "-" : Micros.format(data.maxNanos());
        return String.format(Locale.ROOT, "%-44s %s - worst was %s - %s", prefix, head, tail, worst);
    }

    /** Per series, the SUMMARY table of the counted runs ({@code *} = FAILED); the failed runs' reasons follow. */
    public static String summaries(BenchmarkResult result) {
        List<RunResult> runs = result.countedRuns();
        if (runs.isEmpty()) {
            return "";
        }
        StringBuilder sb = new StringBuilder();
        for (String key : runs.get(0).series().keySet()) {
            sb.append(summary(result, key));
        }
        runs.stream().filter(r -> !r.ok()).forEach(r ->
                sb.append("* run ").append(r.run()).append(' ').append(r.status()).append(": ").append(r.reason())
                        .append('\n'));
        return sb.toString();
    }

    public static String summary(BenchmarkResult result, String key) {
        List<RunResult> runs = result.countedRuns();
        StringBuilder sb = new StringBuilder();
        if (SeriesNames.HICCUPS.equals(key)) {
            List<RunResult> starved = runs.stream().filter(RunResult::hiccupMeterStarved).toList();
            if (!starved.isEmpty()) {
                sb.append(String.format(Locale.ROOT, "-------------------------------- %s, %s: not measured%n",
                        SeriesNames.label(key), result.name()));
                starved.forEach(r -> sb.append("run ").append(r.run()).append(": ").append(r.hiccupStarvationText())
                        .append('\n'));
                return sb.toString();
            }
        }
        sb.append(String.format(Locale.ROOT, "-------------------------------- SUMMARY (%s, %s) us%s%n",
                SeriesNames.label(key), result.name(),
                runs.size() < result.runs().size() ? " - run 1 excluded" : ""));
        sb.append(String.format(Locale.ROOT, "%-12s", "Percentile"));
        for (RunResult run : runs) {
            sb.append(String.format(Locale.ROOT, "%12s", "run" + run.run() + (run.ok() ? "" : "*")));
        }
        sb.append(String.format(Locale.ROOT, "%14s%n", "% Variation"));
        long minCount = runs.stream().mapToLong(r -> count(r, key)).min().orElse(0);
        List<Double> rows = new ArrayList<>();
        for (double p : SUMMARY_PERCENTILES) {
            if (minCount > 0 && supports(minCount, p)) {
                rows.add(p);
            }
        }
        rows.add(100.0);
        for (double p : rows) {
            sb.append(String.format(Locale.ROOT, "%-12s", (p >= 100 ? "worst" : percentileName(p)) + ":"));
            double min = Double.MAX_VALUE;
            double max = -Double.MAX_VALUE;
            for (RunResult run : runs) {
                SeriesData data = run.series().get(key);
                if (data == null || data.count() == 0) {
                    sb.append(String.format(Locale.ROOT, "%12s", "-"));
                    continue;
                }
                double micros = data.percentileNanos(p) / 1000.0;
                min = Math.min(min, micros);
                max = Math.max(max, micros);
                sb.append(String.format(Locale.ROOT, "%12.2f", micros));
            }
            sb.append(String.format(Locale.ROOT, "%14.2f%n", variationPercent(min, max)));
        }
        return sb.toString();
    }

    /** JLBH's {@code 100 × (max − min) / (max + min / 2)}; 0 when both are 0 or nothing was measured. */
    public static double variationPercent(double min, double max) {
        if (min > max || max + min / 2 <= 0) {
            return 0.0;
        }
        return 100.0 * (max - min) / (max + min / 2);
    }

    private static String thirdText(long nanos) {
        return nanos < 0 ? "-" : Micros.format(nanos);
    }

    private static long count(RunResult run, String key) {
        SeriesData data = run.series().get(key);
        return data == null ? 0 : data.count();
    }

    static String percentileName(double p) {
        return p == Math.rint(p) ? Long.toString((long) p) : Double.toString(p);
    }

    /** Microseconds with two to three significant figures, as JLBH prints them. */
    static String pct(double percent) {
        return Double.isNaN(percent) ? "n/a" : String.format(Locale.ROOT, "%.1f%%", percent);
    }
}
