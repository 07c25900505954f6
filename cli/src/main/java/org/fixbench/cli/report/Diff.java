package org.fixbench.cli.report;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * Old results against new, per engine × profile × rate × percentile of the round trip, with a verdict that
 * accounts for run-to-run variation.
 *
 * <p>The change is the ratio of medians across runs, new / old. Its uncertainty is a 95% bootstrap interval:
 * each side's runs are resampled with replacement {@value #RESAMPLES} times (fixed seed, so the verdict is
 * repeatable) and the ratio of the resampled medians recomputed; the interval is the 2.5th–97.5th percentile of
 * those ratios. The verdict is <em>worse</em> when the ratio exceeds 1 + threshold and the whole interval lies
 * above 1; <em>better</em> when the ratio is below 1 − threshold and the whole interval lies below 1; otherwise
 * <em>no change</em> (a difference beyond the threshold whose interval still includes 1 is reported as within
 * noise). With few runs the interval is wide: run more runs to detect smaller changes.
 */
public final class Diff {
    public static final int RESAMPLES = 10_000;
    static final String[] KEYS = {"p50", "p90", "p99", "p99.9"};

    public enum Verdict { BETTER, WORSE, NO_CHANGE }

    public record Row(String key, String percentile, double oldNanos, double newNanos, double ratio, double low,
                      double high, Verdict verdict, String note) {
    }

    private Diff() {
    }

    public static List<Row> compare(List<SummaryFile.Result> older, List<SummaryFile.Result> newer, double threshold) {
        Map<String, SummaryFile.Result> oldByKey = new LinkedHashMap<>();
        older.forEach(r -> oldByKey.put(r.key(), r));
        Map<String, SummaryFile.Result> newByKey = new LinkedHashMap<>();
        newer.forEach(r -> newByKey.put(r.key(), r));
        List<Row> rows = new ArrayList<>();
        for (Map.Entry<String, SummaryFile.Result> e : oldByKey.entrySet()) {
            SummaryFile.Result n = newByKey.get(e.getKey());
            if (n == null) {
                rows.add(new Row(e.getKey(), "-", Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN,
                        Verdict.NO_CHANGE, "only in OLD"));
                continue;
            }
            for (String key : KEYS) {
                rows.add(row(e.getKey(), key, e.getValue().values("endToEnd", key), n.values("endToEnd", key),
                        threshold, e.getValue().allOk() && n.allOk()));
            }
        }
        newByKey.keySet().stream().filter(k -> !oldByKey.containsKey(k)).forEach(k -> rows.add(new Row(k, "-",
                Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN, Verdict.NO_CHANGE, "only in NEW")));
        return rows;
    }

    static Row row(String key, String percentile, double[] older, double[] newer, double threshold, boolean allOk) {
        double oldMedian = SummaryFile.median(older);
        double newMedian = SummaryFile.median(newer);
        if (older.length == 0 || newer.length == 0 || oldMedian <= 0) {
            return new Row(key, percentile, oldMedian, newMedian, Double.NaN, Double.NaN, Double.NaN, Verdict.NO_CHANGE,
                    "not measured on both sides");
        }
        double ratio = newMedian / oldMedian;
        double[] interval = bootstrap(older, newer);
        Verdict verdict = Verdict.NO_CHANGE;
        String note = allOk ? "" : "FAILED runs on a side";
        if (ratio > 1 + threshold && interval[0] > 1) {
            verdict = Verdict.WORSE;
        } else if (ratio < 1 - threshold && interval[1] < 1) {
            verdict = Verdict.BETTER;
        } else if (Math.abs(ratio - 1) > threshold) {
            note = (note.isEmpty() ? "" : note + "; ") + "beyond threshold but within run-to-run noise";
        }
        return new Row(key, percentile, oldMedian, newMedian, ratio, interval[0], interval[1], verdict, note);
    }

    /** 95% bootstrap interval of median(new) / median(old). */
    static double[] bootstrap(double[] older, double[] newer) {
        SplittableRandom random = new SplittableRandom(42);
        double[] ratios = new double[RESAMPLES];
        double[] a = new double[older.length];
        double[] b = new double[newer.length];
        for (int i = 0; i < RESAMPLES; i++) {
            for (int j = 0; j < a.length; j++) {
                a[j] = older[random.nextInt(older.length)];
            }
            for (int j = 0; j < b.length; j++) {
                b[j] = newer[random.nextInt(newer.length)];
            }
            double oldMedian = SummaryFile.median(a);
            ratios[i] = oldMedian <= 0 ? Double.POSITIVE_INFINITY : SummaryFile.median(b) / oldMedian;
        }
        Arrays.sort(ratios);
        return new double[] {ratios[(int) (0.025 * RESAMPLES)], ratios[(int) (0.975 * RESAMPLES) - 1]};
    }

    public static String markdown(List<Row> rows, double threshold) {
        StringBuilder sb = new StringBuilder();
        sb.append(String.format(Locale.ROOT, "Threshold %.0f%%; interval: 95%% bootstrap of the ratio of medians over runs.%n%n",
                threshold * 100));
        sb.append("| engine @ rate | percentile | old (µs) | new (µs) | new/old | 95% interval | verdict | note |\n");
        sb.append("| --- | --- | ---: | ---: | ---: | --- | --- | --- |\n");
        for (Row r : rows) {
            sb.append(String.format(Locale.ROOT, "| %s | %s | %s | %s | %s | %s | %s | %s |%n", r.key(), r.percentile(),
                    us(r.oldNanos()), us(r.newNanos()), Double.isNaN(r.ratio()) ? "-" : String.format(Locale.ROOT, "%.3f", r.ratio()),
                    Double.isNaN(r.low()) ? "-" : String.format(Locale.ROOT, "%.3f–%.3f", r.low(), r.high()),
                    r.verdict().name().toLowerCase(Locale.ROOT).replace('_', ' '), r.note()));
        }
        return sb.toString();
    }

    private static String us(double nanos) {
        return Double.isNaN(nanos) ? "-" : String.format(Locale.ROOT, "%.2f", nanos / 1000.0);
    }
}
