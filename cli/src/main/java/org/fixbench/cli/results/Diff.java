package org.fixbench.cli.results;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;

import org.fixbench.harness.verdict.RunStatus;

/**
 * Old results against new, per engine × profile × rate × percentile of the round trip, with verdicts that hold up
 * across many rows and few runs.
 *
 * <p>A benchmark with a run that is not OK on a side gets a status row, no latency rows (no figure from survivors):
 * worse when it turned SATURATED or FAILED (it did not keep up, or broke), or is missing in NEW; no verdict, and the
 * diff as a whole not judged ({@link Outcome#couldNotJudge()}), when runs were DISTURBED but none failed (the machine
 * did not let it run: that says nothing of the code, and same code must not read worse). Engine rows of paired comparisons are
 * judged on each run's overhead over the floor run adjacent to it in time (drift-proof: the machine's slow and fast
 * levels move both); the floor's rows can only report that the machine changed. Unpaired rows compare absolute
 * latencies and say so. Each row's change is new / old of the medians (for overheads: the engine's old median
 * latency plus the change of median overhead, over its old median latency). Whether it is more than run-to-run noise is a
 * two-sided permutation test of the Wilcoxon–Mann–Whitney rank sum of the new runs (exact: every way of splitting
 * the pooled runs into sides of the same sizes, ties given mid-ranks; above {@value #EXACT_LIMIT} splits, that many
 * random splits with a fixed seed). The rows' p-values are then corrected together by Holm's step-down method at
 * α = {@value #ALPHA}, so the chance of any false "worse" or "better" over the whole table stays at most α.
 * Verdict: <em>worse</em> when the row's test holds after the correction and the ratio exceeds 1 + threshold;
 * <em>better</em> symmetrically; otherwise <em>no change</em>.
 *
 * <p>With few runs no row can pass: with n and m runs the smallest two-sided p-value is 2 / C(n+m, n) (0.1 with 3
 * and 3), above α / rows for any table of more than a row. Then the diff gives no verdicts at all and says how many
 * runs a side would be needed ({@link Outcome#insufficient()}).
 */
public final class Diff {
    public static final double ALPHA = 0.05;
    public static final int EXACT_LIMIT = 200_000;
    public static final String[] KEYS = {"p50", "p90", "p99", "p99.9"};

    public enum Verdict { BETTER, WORSE, NO_CHANGE, INSUFFICIENT_RUNS, MACHINE_CHANGED }

    /**
     * One row. {@code basis} says what was compared: "paired overhead" (each run's value minus its adjacent floor
     * run's: a slower machine moves the floor, not this), "absolute" (no pairing on both sides: not drift-proof),
     * "floor" (the floor's own latencies: a change is the machine's) or "status" (a benchmark that turned not OK,
     * or went missing). {@code oldNanos}/{@code newNanos} are medians of what was compared.
     */
    public record Row(String key, String percentile, double oldNanos, double newNanos, double ratio, double pValue,
                      int oldRuns, int newRuns, Verdict verdict, String note, String basis) {
        public Row(String key, String percentile, double oldNanos, double newNanos, double ratio, double pValue,
                   int oldRuns, int newRuns, Verdict verdict, String note) {
            this(key, percentile, oldNanos, newNanos, ratio, pValue, oldRuns, newRuns, verdict, note, "absolute");
        }

        public Row with(Verdict v, String n) {
            return new Row(key, percentile, oldNanos, newNanos, ratio, pValue, oldRuns, newRuns, v, n, basis);
        }

        public boolean floor() {
            return "floor".equals(basis);
        }
    }

    /**
     * All rows, the runs left out per side, and — when no row could pass the corrected test with the runs at hand,
     * or NEW held nothing to judge — why, with the runs per side that would be needed.
     */
    public record Outcome(List<Row> rows, List<LeftOut> excluded, String insufficient, int runsNeeded) {
        public long count(Verdict v) {
            return rows.stream().filter(r -> r.verdict() == v).count();
        }

        /** Whether the diff could not judge (too few runs, an empty NEW): a gate must not read that as a pass. */
        public boolean couldNotJudge() {
            return insufficient != null;
        }
    }

    /**
     * A counted run left out of the judging because it was not OK: its side ({@code OLD} or {@code NEW}), its
     * benchmark's key, its number, status and reason (null when none was given).
     */
    public record LeftOut(String side, String key, int run, String status, String reason) {
        /** As the diff lists it: {@code SIDE KEY run N: STATUS (REASON)}. */
        public String text() {
            return text(side + " " + key);
        }

        /** As listed under another name for its benchmark: {@code NAME run N: STATUS (REASON)}. */
        public String text(String name) {
            return brief(name) + (reason == null ? "" : " (" + reason + ")");
        }

        /** Without the reason: {@code NAME run N: STATUS}. */
        public String brief(String name) {
            return name + " run " + run + ": " + status;
        }
    }

    private Diff() {
    }

    public static Outcome compare(List<SummaryFile.Result> older, List<SummaryFile.Result> newer, double threshold) {
        Map<String, SummaryFile.Result> oldByKey = new LinkedHashMap<>();
        older.forEach(r -> oldByKey.put(r.key(), r));
        Map<String, SummaryFile.Result> newByKey = new LinkedHashMap<>();
        newer.forEach(r -> newByKey.put(r.key(), r));
        List<LeftOut> excluded = new ArrayList<>();
        if (newer.isEmpty() || newer.stream().allMatch(r -> r.runs().isEmpty())) {
            return new Outcome(List.of(), excluded, "NEW holds no results: nothing to judge", 0);
        }
        java.util.Set<String> floors = new java.util.HashSet<>();
        older.forEach(r -> { if (r.floor() != null) { floors.add(r.floor()); } });
        newer.forEach(r -> { if (r.floor() != null) { floors.add(r.floor()); } });
        List<Row> rows = new ArrayList<>();
        int disturbed = 0;
        int unmeasured = 0;
        for (Map.Entry<String, SummaryFile.Result> e : oldByKey.entrySet()) {
            SummaryFile.Result o = e.getValue();
            SummaryFile.Result n = newByKey.get(e.getKey());
            if (n == null || n.counted().isEmpty()) {
                rows.add(new Row(e.getKey(), "status", Double.NaN, Double.NaN, Double.NaN, Double.NaN,
                        o.counted().size(), 0, Verdict.WORSE, "missing in NEW", "status"));
                continue;
            }
            note(excluded, "OLD", o);
            note(excluded, "NEW", n);
            boolean oldOk = allOk(o);
            boolean newOk = allOk(n);
            if (!newOk || !oldOk) {
                boolean oldDown = didNotKeepUp(o);
                boolean newDown = didNotKeepUp(n);
                Verdict v;
                String text;
                if (newDown && !oldDown) {
                    v = Verdict.WORSE;
                    text = "turned " + statuses(n);
                } else if (oldDown && !newDown) {
                    v = Verdict.BETTER;
                    text = "was " + statuses(o) + ", now " + (newOk ? "all OK" : "kept up (" + statuses(n) + ")");
                } else if (oldDown) {
                    v = Verdict.NO_CHANGE;
                    text = "not OK on either side (" + statuses(o) + " / " + statuses(n) + ")";
                } else {
                    v = Verdict.INSUFFICIENT_RUNS;
                    text = "no verdict: runs DISTURBED, the CPU taken by the JIT or other processes, not the code's (OLD " + statuses(o)
                            + " / NEW " + statuses(n) + ")";
                    disturbed++;
                }
                rows.add(new Row(e.getKey(), "status", Double.NaN, Double.NaN, Double.NaN, Double.NaN,
                        o.counted().size(), n.counted().size(), v, text + "; no latency figures from the runs that "
                        + "were OK", "status"));
                continue;
            }
            boolean isFloor = floors.contains(o.label());
            SummaryFile.Result oldFloor = floorOf(o, oldByKey);
            SummaryFile.Result newFloor = floorOf(n, newByKey);
            boolean paired = !isFloor && oldFloor != null && newFloor != null;
            for (String key : KEYS) {
                double[] a = paired ? overheads(o, oldFloor, key) : okValues(o, key);
                double[] b = paired ? overheads(n, newFloor, key) : okValues(n, key);
                double oldMedian = SummaryFile.median(a);
                double newMedian = SummaryFile.median(b);
                double scale = paired ? SummaryFile.median(okValues(o, key)) : oldMedian;
                boolean measured = a.length > 0 && b.length > 0 && scale > 0;
                double ratio = !measured ? Double.NaN : paired ? 1 + (newMedian - oldMedian) / scale
                        : newMedian / oldMedian;
                double p = a.length >= 2 && b.length >= 2 ? permutationPValue(a, b) : Double.NaN;
                if (!measured) {
                    unmeasured++;
                }
                rows.add(new Row(e.getKey(), key, oldMedian, newMedian, ratio, p, a.length, b.length,
                        measured ? Verdict.NO_CHANGE : Verdict.INSUFFICIENT_RUNS,
                        measured ? "" : "not judged: not measured on both sides",
                        isFloor ? "floor" : paired ? "paired overhead" : "absolute"));
            }
        }
        newByKey.keySet().stream().filter(k -> !oldByKey.containsKey(k)).forEach(k -> rows.add(new Row(k, "-",
                Double.NaN, Double.NaN, Double.NaN, Double.NaN, 0, 0, Verdict.NO_CHANGE, "only in NEW", "status")));
        Outcome judged = judge(rows, excluded, threshold);
        if (judged.insufficient() != null) {
            return judged;
        }
        if (disturbed == 0 && unmeasured > 0) {
            // a row with no paired values on a side says nothing either way: the diff is not judged (exit 5)
            return new Outcome(judged.rows(), judged.excluded(), unmeasured + " row(s) not measured on both sides "
                    + "(no OK run paired with an OK floor run on a side)", 0);
        }
        if (disturbed == 0) {
            return judged;
        }
        return new Outcome(judged.rows(), judged.excluded(), disturbed + " benchmark(s) had runs DISTURBED (the "
                + "JIT or other processes took the CPU they needed; their reasons say which) and got no verdict", 0);
    }

    /**
     * Whether a benchmark did not keep up or broke: a counted run SATURATED or FAILED, or none counted. That is the
     * benchmark's own doing; a DISTURBED run is the JIT's or other processes' (its reason names which) and says
     * nothing of the code (a tuning session reads it the same way).
     */
    public static boolean didNotKeepUp(SummaryFile.Result r) {
        return r.counted().isEmpty() || r.counted().stream().anyMatch(x -> x.status() == RunStatus.SATURATED
                || x.status() == RunStatus.FAILED);
    }

    private static boolean allOk(SummaryFile.Result r) {
        return !r.counted().isEmpty() && r.counted().stream().allMatch(SummaryFile.Run::ok);
    }

    /** "2 of 3 runs SATURATED" style: each status that is not OK with its count. */
    private static String statuses(SummaryFile.Result r) {
        Map<org.fixbench.harness.verdict.RunStatus, Integer> counts = new java.util.TreeMap<>();
        r.counted().stream().filter(run -> !run.ok()).forEach(run -> counts.merge(run.status(), 1, Integer::sum));
        if (counts.isEmpty()) {
            return r.counted().isEmpty() ? "no counted runs" : "all " + r.counted().size() + " runs OK";
        }
        List<String> parts = new ArrayList<>();
        counts.forEach((status, c) -> parts.add(c + " of " + r.counted().size() + " runs " + status));
        return String.join(", ", parts);
    }

    /** The floor benchmark an engine result was paired with, at its rate, on the same side; null when unpaired. */
    private static SummaryFile.Result floorOf(SummaryFile.Result r, Map<String, SummaryFile.Result> side) {
        if (r.floor() == null || r.pairedFloorRuns().isEmpty()) {
            return null;
        }
        return side.get(r.floor() + "@" + r.targetRate());
    }

    /**
     * Per counted run, the run's value minus that of the floor run adjacent to it in time (its pair), for pairs
     * where both are OK: a slower machine moves both, and so not their difference.
     */
    public static double[] overheads(SummaryFile.Result engine, SummaryFile.Result floor, String key) {
        List<Double> diffs = new ArrayList<>();
        for (SummaryFile.Run run : engine.counted()) {
            int f = engine.pairedFloorRun(run.run());
            SummaryFile.Run floorRun = f <= 0 ? null
                    : floor.runs().stream().filter(x -> x.run() == f).findFirst().orElse(null);
            if (floorRun == null || !run.ok() || !floorRun.ok()) {
                continue;
            }
            Long v = run.value("endToEnd", key);
            Long w = floorRun.value("endToEnd", key);
            if (v != null && w != null) {
                diffs.add((double) (v - w));
            }
        }
        return diffs.stream().mapToDouble(Double::doubleValue).toArray();
    }

    /** Holm's correction over the rows that have a p-value, then the verdicts. */
    public static Outcome judge(List<Row> rows, List<LeftOut> excluded, double threshold) {
        List<Integer> tested = new ArrayList<>();
        for (int i = 0; i < rows.size(); i++) {
            if (!Double.isNaN(rows.get(i).pValue()) && !Double.isNaN(rows.get(i).ratio())) {
                tested.add(i);
            }
        }
        int family = tested.size();
        if (family == 0) {
            return new Outcome(rows, excluded, "no row has at least 2 OK runs on each side", 2);
        }
        double firstStep = ALPHA / family;
        double bestPossible = tested.stream().mapToDouble(i -> smallestPValue(rows.get(i).oldRuns(),
                rows.get(i).newRuns())).min().orElse(1);
        if (bestPossible > firstStep) {
            int needed = runsNeeded(firstStep);
            List<Row> marked = new ArrayList<>();
            for (Row r : rows) {
                marked.add(Double.isNaN(r.pValue()) ? r : r.with(Verdict.INSUFFICIENT_RUNS, r.note()));
            }
            String why = String.format(Locale.ROOT, "insufficient runs: with these runs the smallest p-value a row "
                    + "can reach is %.3g, and %d rows corrected together need at most %.3g; run at least %d OK runs "
                    + "a side", bestPossible, family, firstStep, needed);
            return new Outcome(marked, excluded, why, needed);
        }
        List<Integer> order = new ArrayList<>(tested);
        order.sort(Comparator.comparingDouble(i -> rows.get(i).pValue()));
        boolean[] significant = new boolean[rows.size()];
        for (int step = 0; step < order.size(); step++) {
            int i = order.get(step);
            if (rows.get(i).pValue() > ALPHA / (family - step)) {
                break;
            }
            significant[i] = true;
        }
        List<Row> judged = new ArrayList<>();
        for (int i = 0; i < rows.size(); i++) {
            Row r = rows.get(i);
            if (Double.isNaN(r.pValue()) || Double.isNaN(r.ratio())) {
                judged.add(r.note().isEmpty() ? r.with(Verdict.NO_CHANGE, "fewer than 2 OK runs on a side") : r);
                continue;
            }
            if (r.floor()) {
                boolean moved = significant[i] && Math.abs(r.ratio() - 1) > threshold;
                judged.add(r.with(moved ? Verdict.MACHINE_CHANGED : Verdict.NO_CHANGE, moved ? "the floor itself "
                        + "moved: the machine changed between OLD and NEW (never a regression of an engine)"
                        : r.note()));
                continue;
            }
            Verdict v = Verdict.NO_CHANGE;
            String note = "";
            if (significant[i] && r.ratio() > 1 + threshold) {
                v = Verdict.WORSE;
            } else if (significant[i] && r.ratio() < 1 - threshold) {
                v = Verdict.BETTER;
            } else if (significant[i]) {
                note = "a real change, within the threshold";
            } else if (Math.abs(r.ratio() - 1) > threshold) {
                note = "beyond the threshold but within run-to-run noise";
            }
            judged.add(r.with(v, note));
        }
        return new Outcome(judged, excluded, null, 0);
    }

    private static void note(List<LeftOut> excluded, String side, SummaryFile.Result r) {
        for (SummaryFile.Run run : r.counted()) {
            if (!run.ok()) {
                excluded.add(new LeftOut(side, r.key(), run.run(), String.valueOf(run.status()), run.reason()));
            }
        }
    }

    private static double[] okValues(SummaryFile.Result r, String key) {
        return r.counted().stream().filter(SummaryFile.Run::ok).map(run -> run.value("endToEnd", key))
                .filter(v -> v != null).mapToDouble(Long::doubleValue).toArray();
    }

    /** The smallest two-sided p-value the rank test can give with n and m runs: 2 / C(n+m, n). */
    public static double smallestPValue(int n, int m) {
        return Math.min(1, 2 / PairedStats.binomial(n + m, n));
    }

    /** Runs per side (equal sides) for which a row can pass the first Holm step at {@code level}. */
    public static int runsNeeded(double level) {
        int k = 2;
        while (smallestPValue(k, k) > level && k < 100) {
            k++;
        }
        return k;
    }

    /**
     * Two-sided permutation p-value of the rank sum of {@code newer}: the share of splits of the pooled values into
     * sides of the observed sizes whose rank sum lies at least as far from its mean as the observed one.
     */
    public static double permutationPValue(double[] older, double[] newer) {
        int n = older.length;
        int m = newer.length;
        double[] pooled = new double[n + m];
        System.arraycopy(older, 0, pooled, 0, n);
        System.arraycopy(newer, 0, pooled, n, m);
        double[] ranks = midRanks(pooled);
        double observed = 0;
        for (int j = n; j < n + m; j++) {
            observed += ranks[j];
        }
        double mean = m * (n + m + 1) / 2.0;
        double distance = Math.abs(observed - mean) - 1e-9;
        double splits = PairedStats.binomial(n + m, m);
        if (splits <= EXACT_LIMIT) {
            long[] extreme = new long[1];
            long[] total = new long[1];
            enumerate(ranks, 0, m, 0, mean, distance, extreme, total);
            return extreme[0] / (double) total[0];
        }
        SplittableRandom random = new SplittableRandom(42);
        int[] index = new int[n + m];
        long extreme = 0;
        for (int draw = 0; draw < EXACT_LIMIT; draw++) {
            for (int i = 0; i < index.length; i++) {
                index[i] = i;
            }
            double sum = 0;
            for (int j = 0; j < m; j++) {
                int pick = j + random.nextInt(index.length - j);
                int t = index[j];
                index[j] = index[pick];
                index[pick] = t;
                sum += ranks[index[j]];
            }
            if (Math.abs(sum - mean) >= distance) {
                extreme++;
            }
        }
        return (extreme + 1) / (double) (EXACT_LIMIT + 1);
    }

    private static void enumerate(double[] ranks, int from, int left, double sum, double mean, double distance,
                                  long[] extreme, long[] total) {
        if (left == 0) {
            total[0]++;
            if (Math.abs(sum - mean) >= distance) {
                extreme[0]++;
            }
            return;
        }
        for (int i = from; i <= ranks.length - left; i++) {
            enumerate(ranks, i + 1, left - 1, sum + ranks[i], mean, distance, extreme, total);
        }
    }

    public static double[] midRanks(double[] values) {
        Integer[] order = new Integer[values.length];
        for (int i = 0; i < order.length; i++) {
            order[i] = i;
        }
        Arrays.sort(order, Comparator.comparingDouble(i -> values[i]));
        double[] ranks = new double[values.length];
        int i = 0;
        while (i < order.length) {
            int j = i;
            while (j + 1 < order.length && values[order[j + 1]] == values[order[i]]) {
                j++;
            }
            double rank = (i + j) / 2.0 + 1;
            for (int k = i; k <= j; k++) {
                ranks[order[k]] = rank;
            }
            i = j + 1;
        }
        return ranks;
    }

    public static String markdown(Outcome outcome, double threshold) {
        StringBuilder sb = new StringBuilder();
        sb.append(String.format(Locale.ROOT, "Threshold %s; test: two-sided rank-sum permutation test per row over OK "
                + "runs, Holm-corrected across %d rows at α = %.2f.%n%n", thresholdText(threshold),
                outcome.rows().stream().filter(r -> !Double.isNaN(r.pValue())).count(), ALPHA));
        if (outcome.insufficient() != null) {
            sb.append("**Not judged: ").append(outcome.insufficient()).append(".**\n\n");
        }
        sb.append("Engine rows are judged on their paired overhead (each run minus the floor run adjacent to it in "
                + "time), so a slower or faster machine moves the floor, not the verdict; new/old is then the engine's "
                + "old latency with the change of overhead added, over its old latency. The floor's own rows can "
                + "only say the machine changed. A benchmark that turned SATURATED or FAILED, or is missing in NEW, "
                + "is worse; one with DISTURBED runs (the JIT or other processes took the CPU it needed) gets no verdict.\n\n");
        sb.append("| engine @ rate | percentile | compared | old (µs) | new (µs) | new/old | runs old/new | p | verdict "
                + "| note |\n");
        sb.append("| --- | --- | --- | ---: | ---: | ---: | ---: | ---: | --- | --- |\n");
        for (Row r : outcome.rows()) {
            sb.append(String.format(Locale.ROOT, "| %s | %s | %s | %s | %s | %s | %d/%d | %s | %s | %s |%n", r.key(),
                    r.percentile(), r.basis(), us(r.oldNanos()), us(r.newNanos()),
                    Double.isNaN(r.ratio()) ? "-" : String.format(Locale.ROOT, "%.3f", r.ratio()), r.oldRuns(),
                    r.newRuns(), Double.isNaN(r.pValue()) ? "-" : String.format(Locale.ROOT, "%.3g", r.pValue()),
                    r.verdict().name().toLowerCase(Locale.ROOT).replace('_', ' '), r.note()));
        }
        if (!outcome.excluded().isEmpty()) {
            sb.append("\nRuns left out (not OK):\n\n");
            outcome.excluded().forEach(e -> sb.append("- ").append(e.text()).append('\n'));
        }
        return sb.toString();
    }

    public static String thresholdText(double threshold) {
        return String.format(Locale.ROOT, "%s%%", new java.math.BigDecimal(threshold * 100).round(
                new java.math.MathContext(6)).stripTrailingZeros().toPlainString());
    }

    private static String us(double nanos) {
        return Double.isNaN(nanos) ? "-" : String.format(Locale.ROOT, "%.2f", nanos / 1000.0);
    }
}
