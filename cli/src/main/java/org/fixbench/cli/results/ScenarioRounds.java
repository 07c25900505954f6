package org.fixbench.cli.results;

import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;

import org.fixbench.harness.results.BenchmarkResult;

/** What the scenario tables that keep one map per measured run (resend-storm, server-restart) read alike. */
final class ScenarioRounds {
    private ScenarioRounds() {
    }

    /** One round's measured run as its scenario saw it ({@code seen}: null when the round measured nothing). */
    interface Visitor {
        void round(BenchmarkResult result, String engine, long rate, int round, Map<?, ?> seen, String endedEarly);
    }

    /**
     * Calls {@code visitor} for every measured run of every result, in order, and once with no map (and why) for a
     * result that measured none.
     */
    static void forEach(List<BenchmarkResult> results, Visitor visitor) {
        for (BenchmarkResult r : results) {
            String engine = String.valueOf(r.labels().getOrDefault(SlowConsumerTable.ENGINE_LABEL,
                    r.labels().getOrDefault(ResultLabels.ENGINE, r.name())));
            long rate = r.config().targetRatePerSecond();
            int round = r.labels().get("round") instanceof Number n ? n.intValue() : 1;
            String ended = r.aborted() ? r.abortReason() : null;
            boolean any = false;
            if (r.labels().get(SlowConsumerTable.SCENARIO_RUNS) instanceof List<?> runs) {
                for (Object o : runs) {
                    if (o instanceof Map<?, ?> m) {
                        visitor.round(r, engine, rate, round, m, ended);
                        any = true;
                    }
                }
            }
            if (!any) {
                visitor.round(r, engine, rate, round, null, ended == null ? "no measured run" : ended);
            }
        }
    }

    /** A table cell: {@code f} of each round, joined by commas; "-" when there is none. */
    static <R> String each(List<R> rounds, Function<R, String> f) {
        return rounds.isEmpty() ? "-" : rounds.stream().map(f).collect(Collectors.joining(", "));
    }
}
