package org.fixbench.cli.report;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import org.fixbench.cli.results.ResultLabels;
import org.fixbench.cli.results.SummaryFile;
import org.fixbench.harness.BenchmarkResult;
import org.fixbench.harness.ResultsReader;

/**
 * A comparison's (or a tuning session's) report made from its folder: the same whether the command writes it as it
 * ends or {@code fixbench report} makes it again later.
 */
public final class FolderReport {
    private FolderReport() {
    }

    /**
     * Reads {@code folder} and writes its charts into {@code out/charts}; returns the report's markdown (for
     * {@link ComparisonReport#write}).
     *
     * @throws IllegalArgumentException with a one-line message when the folder holds no readable results
     */
    public static String render(Path folder, Path out, boolean derivedFiles) {
        return render(ResultsReader.read(folder), folder, out, derivedFiles);
    }

    /** With {@code svg}, the charts are written as SVG beside the PNGs. */
    public static String render(ResultsReader.Read read, Path folder, Path out, boolean derivedFiles) {
        Map<String, Object> env = read.environment();
        List<BenchmarkResult> all = read.results();
        int compared = env.get(ResultLabels.COMPARED_RESULTS) instanceof Number n ? Math.min(n.intValue(), all.size())
                : all.size();
        List<BenchmarkResult> results = all.subList(0, compared);
        List<String> labels = new ArrayList<>();
        if (env.get(ResultLabels.COMPARED_LABELS) instanceof List<?> l) {
            l.forEach(x -> labels.add(String.valueOf(x)));
        } else {
            results.forEach(r -> labels.add(ResultLabels.label(r)));
        }
        List<Long> rates = new ArrayList<>();
        if (env.get(ResultLabels.COMPARED_RATES) instanceof List<?> l) {
            l.forEach(x -> rates.add(((Number) x).longValue()));
        } else {
            results.forEach(r -> rates.add(r.config().targetRatePerSecond()));
        }
        List<String> distinctLabels = List.copyOf(new LinkedHashSet<>(labels));
        List<Long> distinctRates = List.copyOf(new LinkedHashSet<>(rates));
        org.fixbench.cli.report.ChartSet charts = Charts.write(folder, out, SummaryFile.load(folder).stream().limit(compared)
                .filter(r -> distinctRates.contains(r.targetRate())).toList(), derivedFiles);

        String command = env.get(ResultLabels.COMMAND) == null ? "(not recorded)" : String.valueOf(env.get(ResultLabels.COMMAND));
        Object stop = env.get(ResultLabels.STOP_REASON);
        String stopReason = stop == null ? null : String.valueOf(stop);
        String markdown = ComparisonReport.render(command, env, distinctLabels, distinctRates, results, stopReason,
                charts, folder);
        if (env.get(ResultLabels.TUNE_BASELINE) != null) {
            markdown = markdown.replaceFirst("^# fixbench comparison", "# fixbench tuning session");
            markdown = insertAfterCommand(markdown, tuningSection(folder, env));
        }
        if (read.rulesVersion() != org.fixbench.harness.LatencyBenchmark.RULES_VERSION) {
            markdown = markdown.replaceFirst("\n\n", "\n\n**Made again by today's code from results judged under "
                    + "rules version " + read.rulesVersion() + "** (today's: "
                    + org.fixbench.harness.LatencyBenchmark.RULES_VERSION + "): each run's status is the one recorded "
                    + "then; the tables and notes are today's.\n\n");
        }
        if (read.approximate()) {
            markdown = markdown.replaceFirst("\n\n", "\n\n**Made again from logs written before 2026-11-24**, which "
                    + "keep each run's distribution only as seconds at 2 significant digits: percentiles here may "
                    + "differ from the original report's in the third digit.\n\n");
        }
        return markdown;
    }

    /** A tuning session's first section: each variant against the baseline, from the folder. */
    public static String tuningSection(Path folder, Map<String, Object> env) {
        String baseline = String.valueOf(env.get(ResultLabels.TUNE_BASELINE));
        List<String> variants = new ArrayList<>();
        if (env.get(ResultLabels.TUNE_VARIANTS) instanceof List<?> l) {
            l.forEach(v -> variants.add(String.valueOf(v)));
        }
        double threshold = env.get(ResultLabels.TUNE_THRESHOLD) instanceof Number n ? n.doubleValue() : 0.1;
        Map<String, String> reproduce = new java.util.LinkedHashMap<>();
        if (env.get(ResultLabels.TUNE_REPRODUCE) instanceof Map<?, ?> m) {
            m.forEach((k, v) -> reproduce.put(String.valueOf(k), String.valueOf(v)));
        }
        return org.fixbench.cli.results.Tuning.markdown(org.fixbench.cli.results.Tuning.judge(SummaryFile.load(folder),
                baseline, variants, threshold), baseline, threshold, reproduce);
    }

    /** {@code section} placed after the report's Command line (the first thing a reader sees after what ran). */
    private static String insertAfterCommand(String markdown, String section) {
        int command = markdown.indexOf("\nCommand: ");
        int end = command < 0 ? -1 : markdown.indexOf("\n\n", command + 1);
        if (end < 0) {
            return markdown.replaceFirst("\n\n", "\n\n" + java.util.regex.Matcher.quoteReplacement(section));
        }
        return markdown.substring(0, end + 2) + section + markdown.substring(end + 2);
    }
}
