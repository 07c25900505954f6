package org.fixbench.cli.report;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;

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
