package org.fixbench.cli.report;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;

import org.fixbench.cli.results.ComparisonRecord;
import org.fixbench.cli.results.ResultLabels;
import org.fixbench.harness.results.BenchmarkResult;
import org.fixbench.harness.results.ResultsReader;

/**
 * What a comparison's folder compares: its results (the first {@link ResultLabels#COMPARED_RESULTS} of them; a knee
 * search's steps follow), its contenders' labels and its rates, each in the order the comparison named them (older
 * folders: in the order of the results). The report's tables and README's reference table both take their rows per
 * rate from here ({@link #atRate}).
 */
public record Compared(List<BenchmarkResult> results, List<String> labels, List<Long> rates) {

    public static Compared of(ResultsReader.Read read) {
        ComparisonRecord recorded = ComparisonRecord.of(read.environment());
        List<BenchmarkResult> all = read.results();
        int compared = recorded.comparedResults() != null ? Math.min(recorded.comparedResults(), all.size())
                : all.size();
        List<BenchmarkResult> results = all.subList(0, compared);
        List<String> labels = recorded.comparedLabels() != null ? recorded.comparedLabels()
                : results.stream().map(ResultLabels::label).toList();
        List<Long> rates = recorded.comparedRates() != null ? recorded.comparedRates()
                : results.stream().map(r -> r.config().targetRatePerSecond()).toList();
        return new Compared(results, List.copyOf(new LinkedHashSet<>(labels)),
                List.copyOf(new LinkedHashSet<>(rates)));
    }

    /** At {@code rate}, each contender's result in the order of {@link #labels}; empty when none ran at it. */
    public List<BenchmarkResult> atRate(long rate) {
        return atRate(results, labels, rate);
    }

    /** At {@code rate}, for each of {@code labels} in order, its first result there. */
    static List<BenchmarkResult> atRate(List<BenchmarkResult> results, List<String> labels, long rate) {
        List<BenchmarkResult> atRate = new ArrayList<>();
        for (String label : labels) {
            results.stream().filter(r -> label.equals(ResultLabels.label(r))
                    && r.config().targetRatePerSecond() == rate).findFirst().ifPresent(atRate::add);
        }
        return atRate;
    }
}
