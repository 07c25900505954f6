package org.fixbench.cli.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import org.fixbench.cli.report.doc.Block;
import org.fixbench.cli.report.doc.Table;
import org.fixbench.cli.results.PairedStats;
import org.fixbench.cli.results.ResultLabels;
import org.fixbench.harness.results.BenchmarkResult;
import org.fixbench.harness.results.RunResult;

/**
 * What a setting costs an engine: for each engine compared beside the same engine with settings added on the command
 * line ({@code sbe:tuned} and {@code sbe:tuned+tls=terminator}), the variant's percentile minus its base's, round by
 * round (each round runs both), as the median of those differences with its order-statistic interval, as the
 * overhead over raw TCP is. A round where either run is not OK is left out and counted.
 */
public final class PriceTable {
    private PriceTable() {
    }

    /** One setting's price at one rate: the base, the settings added, the paired differences at p50 and p99. */
    public record Price(String base, String settings, long rate, PairedStats.Interval p50, PairedStats.Interval p99,
                        int excluded, String excludedWhy) {
    }

    /** Every variant's price at one rate, in the order the variants were given. */
    public static List<Price> prices(List<BenchmarkResult> atRate) {
        List<Price> prices = new ArrayList<>();
        for (BenchmarkResult variant : atRate) {
            String label = ResultLabels.label(variant);
            BenchmarkResult base = null;
            for (BenchmarkResult candidate : atRate) {
                String b = ResultLabels.label(candidate);
                if (label.startsWith(b + "+") && (base == null || b.length() > ResultLabels.label(base).length())) {
                    base = candidate;
                }
            }
            if (base == null) {
                continue;
            }
            String baseLabel = ResultLabels.label(base);
            List<Double> p50 = new ArrayList<>();
            List<Double> p99 = new ArrayList<>();
            int excluded = 0;
            java.util.Set<String> why = new java.util.TreeSet<>();
            for (RunResult v : variant.countedRuns()) {
                RunResult b = base.countedRuns().stream().filter(r -> r.run() == v.run()).findFirst().orElse(null);
                if (b == null || !v.ok() || !b.ok()) {
                    excluded++;
                    why.add(b == null ? "no base run" : !v.ok() ? "with it " + v.status() : "base " + b.status());
                    continue;
                }
                p50.add((double) v.endToEnd().percentileNanos(50) - b.endToEnd().percentileNanos(50));
                p99.add((double) v.endToEnd().percentileNanos(99) - b.endToEnd().percentileNanos(99));
            }
            prices.add(new Price(baseLabel, label.substring(baseLabel.length() + 1).replace('+', ' '),
                    variant.config().targetRatePerSecond(), PairedStats.median(array(p50)),
                    PairedStats.median(array(p99)), excluded, String.join(", ", why)));
        }
        return prices;
    }

    /** The section, or null when no engine was compared beside itself with settings added. */
    static Block.Section section(List<Long> rates, List<BenchmarkResult> results, List<String> engineLabels) {
        Table.Builder table = new Table.Builder(List.of("rate (msgs/s)", "engine", "setting", "price at p50 (µs)",
                "price at p99 (µs)", "rounds left out"), Table.Align.of("RLLLLR"));
        boolean any = false;
        for (long rate : rates) {
            for (Price p : prices(Compared.atRate(results, engineLabels, rate))) {
                table.row(Table.Row.of(p, String.format(Locale.ROOT, "%,d", rate), List.of(p.base(), p.settings(),
                        cell(p.p50(), p), cell(p.p99(), p), p.excluded() == 0 ? "-" : p.excluded() + " ("
                        + p.excludedWhy() + ")")));
                any = true;
            }
        }
        if (!any) {
            return null;
        }
        return new Block.Section(2, "The price of each setting", List.of(
                new Block.Paragraph("Each engine compared beside itself with settings added: per round, the "
                        + "variant's percentile minus its base's (both ran in that round), in µs; the median of "
                        + "those differences, then the lowest to highest of them with how surely that range covers "
                        + "the median. Rounds where either run was not OK are left out, and the last column says "
                        + "why; a variant with no round left has no price, only ✗ and why."),
                table.build()));
    }

    /** The interval, or when every round was left out why, as the overhead cells say it. */
    private static String cell(PairedStats.Interval interval, Price p) {
        if (interval.n() == 0) {
            return "✗ " + p.excludedWhy();
        }
        return interval.text(v -> String.format(Locale.ROOT, Math.abs(v) >= 1_000_000 ? "%,.0f" : "%,.1f",
                v / 1_000.0));
    }

    private static double[] array(List<Double> values) {
        return values.stream().mapToDouble(Double::doubleValue).toArray();
    }
}
