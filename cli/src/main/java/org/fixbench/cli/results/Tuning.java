package org.fixbench.cli.results;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.fixbench.cli.report.doc.Table;
import org.fixbench.cli.report.doc.MarkdownWriter;
import org.fixbench.cli.report.doc.Block;
import org.fixbench.harness.verdict.RunStatus;

/**
 * A tuning session's verdicts: each variant against the baseline, per rate and percentile, on the overhead over the
 * raw-TCP floor run adjacent to each run in time (so the machine's drift cancels), with the statistics of
 * {@link Diff}: a rank-sum permutation test per row over OK runs, Holm-corrected across every variant's rows
 * together, a verdict only beyond the threshold. Beside it, the change of overhead paired round by round (the
 * variant's run and the baseline's of the same round): its median with a distribution-free interval
 * ({@link PairedStats}).
 */
public final class Tuning {
    /** One variant × rate × percentile: the paired change (ns) and the judged row (old: baseline, new: variant). */
    public record Row(String variant, long rate, String percentile, PairedStats.Interval change, int pairs,
                      Diff.Row judged) {
    }

    /**
     * The rows and, when no row could pass the corrected test, why (the runs a side would need); the runs left out,
     * each under the name the session gives it (the baseline's or a variant's label, or "floor" and its key).
     */
    public record Outcome(List<Row> rows, String insufficient, List<Named> excluded) {
    }

    /** A run left out, under the name the session gives its benchmark. */
    public record Named(String name, Diff.LeftOut run) {
        /** With its reason. */
        public String text() {
            return run.text(name);
        }

        /** Without its reason, as the report lists it. */
        public String brief() {
            return run.brief(name);
        }
    }

    private static final String SETTING = "setting";

    private Tuning() {
    }

    public static Outcome judge(List<SummaryFile.Result> results, String baseline, List<String> variants,
                                double threshold) {
        List<Diff.Row> diffRows = new ArrayList<>();
        List<String[]> where = new ArrayList<>();
        List<PairedStats.Interval> changes = new ArrayList<>();
        List<Integer> pairs = new ArrayList<>();
        List<Named> excluded = new ArrayList<>();
        for (String variant : variants) {
            for (SummaryFile.Result v : results) {
                if (!v.label().equals(variant)) {
                    continue;
                }
                SummaryFile.Result b = find(results, baseline, v.targetRate());
                SummaryFile.Result floor = v.floor() == null ? null : find(results, v.floor(), v.targetRate());
                if (b == null || floor == null) {
                    continue;
                }
                Diff.Outcome o = Diff.compare(List.of(as(b), floor), List.of(as(v), floor), threshold);
                for (Diff.LeftOut e : o.excluded()) {
                    String name = !e.key().startsWith(SETTING + "@") ? "floor " + e.key()
                            : ("OLD".equals(e.side()) ? baseline : variant) + " @ "
                                    + e.key().substring(SETTING.length() + 1);
                    excluded.add(new Named(name, e));
                }
                for (Diff.Row r : o.rows()) {
                    if (r.floor() || !r.key().startsWith(SETTING + "@")) {
                        continue;
                    }
                    if ("status".equals(r.basis())) {
                        r = statusRow(r, v, b);
                    }
                    double[] d = pairedChange(v, b, floor, r.percentile());
                    diffRows.add(r);
                    where.add(new String[] {variant, String.valueOf(v.targetRate()), r.percentile()});
                    changes.add(d.length == 0 ? null : PairedStats.median(d));
                    pairs.add(d.length);
                }
            }
        }
        Diff.Outcome judged = Diff.judge(diffRows, List.of(), threshold);
        List<Row> rows = new ArrayList<>();
        for (int i = 0; i < diffRows.size(); i++) {
            rows.add(new Row(where.get(i)[0], Long.parseLong(where.get(i)[1]), where.get(i)[2], changes.get(i),
                    pairs.get(i), judged.rows().get(i)));
        }
        return new Outcome(rows, diffRows.isEmpty() ? "no variant ran with its baseline and floor" : judged.insufficient(),
                List.copyOf(excluded.stream().collect(java.util.stream.Collectors.toMap(Named::text, n -> n, (x, y) -> x,
                        java.util.LinkedHashMap::new)).values()));
    }

    /**
     * A variant × rate with a run that is not OK, on either side: SATURATED or FAILED is the side's own doing (it did
     * not keep up, or broke), DISTURBED not (the JIT or other processes took the CPU; the run's reason names which).
     * Worse when only the variant did not keep up, better when only the baseline did; otherwise no verdict, saying
     * why (disturbed runs say nothing of the setting).
     */
    static Diff.Row statusRow(Diff.Row row, SummaryFile.Result v, SummaryFile.Result b) {
        boolean variantFailed = Diff.didNotKeepUp(v);
        boolean baselineFailed = Diff.didNotKeepUp(b);
        String what = statuses(b, "baseline") + "; " + statuses(v, "variant");
        if (variantFailed && !baselineFailed) {
            return row.with(Diff.Verdict.WORSE, "the variant did not keep up (" + what + ")");
        }
        if (baselineFailed && !variantFailed) {
            return row.with(Diff.Verdict.BETTER, "the baseline did not keep up, the variant did (" + what + ")");
        }
        if (variantFailed) {
            return row.with(Diff.Verdict.NO_CHANGE, "neither kept up (" + what + ")");
        }
        return row.with(Diff.Verdict.INSUFFICIENT_RUNS, "no verdict: runs DISTURBED (the JIT or other processes took the CPU: "
                + "each run's reason names which), which says nothing of the setting ("
                + what + ")");
    }

    /** "baseline: 1 of 7 DISTURBED" or "variant: all 7 OK". */
    private static String statuses(SummaryFile.Result r, String side) {
        java.util.Map<RunStatus, Long> counts = new java.util.TreeMap<>();
        r.counted().stream().filter(x -> !x.ok()).forEach(x -> counts.merge(x.status(), 1L, Long::sum));
        if (counts.isEmpty()) {
            return side + ": all " + r.counted().size() + " OK";
        }
        java.util.List<String> parts = new java.util.ArrayList<>();
        counts.forEach((status, n) -> parts.add(n + " of " + r.counted().size() + " " + status));
        return side + ": " + String.join(", ", parts);
    }

    /**
     * Per round where both ran OK with OK floor runs: (variant − its paired floor run) − (baseline − its paired floor
     * run), at the percentile's key, ns.
     */
    static double[] pairedChange(SummaryFile.Result v, SummaryFile.Result b, SummaryFile.Result floor, String key) {
        List<Double> d = new ArrayList<>();
        for (SummaryFile.Run x : v.counted()) {
            SummaryFile.Run y = b.counted().stream().filter(r -> r.round() != 0 && r.round() == x.round()).findFirst()
                    .orElse(null);
            Double ox = overhead(v, x, floor, key);
            Double oy = y == null ? null : overhead(b, y, floor, key);
            if (ox != null && oy != null) {
                d.add(ox - oy);
            }
        }
        return d.stream().mapToDouble(Double::doubleValue).toArray();
    }

    private static Double overhead(SummaryFile.Result r, SummaryFile.Run run, SummaryFile.Result floor, String key) {
        int f = r.pairedFloorRun(run.run());
        SummaryFile.Run fr = floor.runs().stream().filter(x -> x.run() == f).findFirst().orElse(null);
        if (fr == null || !run.ok() || !fr.ok() || run.excluded()) {
            return null;
        }
        Long a = run.value("endToEnd", key);
        Long c = fr.value("endToEnd", key);
        return a == null || c == null ? null : (double) (a - c);
    }

    /** The result under a common label, so that Diff sets the variant against the baseline. */
    private static SummaryFile.Result as(SummaryFile.Result r) {
        return new SummaryFile.Result(SETTING, r.engine(), r.profile(), r.targetRate(), r.runs(), r.name(), r.floor(),
                r.pairedFloorRuns());
    }

    private static SummaryFile.Result find(List<SummaryFile.Result> results, String label, long rate) {
        return results.stream().filter(r -> r.label().equals(label) && r.targetRate() == rate).findFirst()
                .orElse(null);
    }

    /** The section a tuning session's report opens with, as Markdown. */
    public static String markdown(Outcome outcome, String baseline, double threshold, Map<String, String> reproduce) {
        return MarkdownWriter.write(List.of(section(outcome, baseline, threshold, reproduce)));
    }

    /** The section a tuning session's report opens with. */
    public static Block.Section section(Outcome outcome, String baseline, double threshold,
                                        Map<String, String> reproduce) {
        List<Block> blocks = new ArrayList<>();
        blocks.add(new Block.Paragraph("Each variant against the baseline on its overhead over raw TCP, each run minus "
                + "the floor run adjacent to it in time (the machine's drift cancels). \"change\": the variant's "
                + "overhead minus the baseline's in the same round, median over rounds [distribution-free interval] "
                + "(pairs), µs; negative is faster. \"new/old\": the baseline's median latency with the change of "
                + "median overhead added, over it. Verdict as `diff`: a rank-sum permutation test per row over OK runs, "
                + "Holm-corrected across all " + outcome.rows().stream().filter(r -> !Double.isNaN(r.judged().pValue()))
                .count() + " rows at α = " + Diff.ALPHA + ", better or worse only beyond "
                + Diff.thresholdText(threshold) + ". A variant or baseline with a run not OK gets its status, no "
                + "figure."));
        if (outcome.insufficient() != null) {
            blocks.add(new Block.Paragraph("**No verdicts: " + outcome.insufficient() + ".**"));
        }
        Table.Builder table = new Table.Builder(List.of("variant", "rate", "percentile", "change (µs)", "new/old", "p",
                "verdict", "note"), List.of(Table.Align.LEFT, Table.Align.RIGHT, Table.Align.LEFT, Table.Align.RIGHT,
                Table.Align.RIGHT, Table.Align.RIGHT, Table.Align.LEFT, Table.Align.LEFT));
        for (Row r : outcome.rows()) {
            Diff.Row j = r.judged();
            table.row(Table.Row.of(r, r.variant(), List.of(String.format(Locale.ROOT, "%,d/s", r.rate()),
                    String.valueOf(r.percentile()), r.change() == null ? "-" : r.change().text(EnginePairs::micros),
                    Double.isNaN(j.ratio()) ? "-" : String.format(Locale.ROOT, "%.3f", j.ratio()),
                    Double.isNaN(j.pValue()) ? "-" : String.format(Locale.ROOT, "%.3g", j.pValue()),
                    j.verdict().name().toLowerCase(Locale.ROOT).replace('_', ' '), j.note())));
        }
        blocks.add(table.build());
        if (!outcome.excluded().isEmpty()) {
            blocks.add(new Block.Paragraph("Runs left out (not OK):"));
            blocks.add(Block.Bullets.ofTexts(outcome.excluded().stream().map(Named::brief).distinct().toList()));
            blocks.add(new Block.Paragraph("(Why each is not OK: the run-by-run notes below.)"));
        }
        if (!reproduce.isEmpty()) {
            blocks.add(new Block.Paragraph("Each variant alone against the baseline, with this session's settings:"));
            List<String> each = new ArrayList<>();
            reproduce.forEach((variant, command) -> each.add(variant + ": `" + command + "`"));
            blocks.add(Block.Bullets.ofTexts(each));
        }
        return new Block.Section(2, "Tuning: what each setting did against " + baseline, blocks);
    }
}
