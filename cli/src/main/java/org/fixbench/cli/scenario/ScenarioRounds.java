package org.fixbench.cli.scenario;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;

import org.fixbench.cli.results.ScenarioLabels;
import org.fixbench.harness.results.BenchmarkResult;

/** What the scenario tables that keep one map per measured run (resend-storm, server-restart) read alike. */
public final class ScenarioRounds {
    private ScenarioRounds() {
    }

    /** One round's measured run as its scenario saw it ({@code seen}: null when the round measured nothing). */
    public interface Visitor {
        void round(BenchmarkResult result, String engine, long rate, int round, Map<?, ?> seen, String endedEarly);
    }

    /**
     * Calls {@code visitor} for every measured run of every result, in order, and once with no map (and why) for a
     * result that measured none.
     */
    public static void forEach(List<BenchmarkResult> results, Visitor visitor) {
        for (BenchmarkResult r : results) {
            ScenarioLabels labels = ScenarioLabels.of(r);
            String engine = labels.engineOrName();
            long rate = r.config().targetRatePerSecond();
            int round = labels.roundOr1();
            String ended = r.aborted() ? r.abortReason() : null;
            boolean any = false;
            for (Map<?, ?> m : labels.runs()) {
                visitor.round(r, engine, rate, round, m, ended);
                any = true;
            }
            if (!any) {
                visitor.round(r, engine, rate, round, null, ended == null ? "no measured run" : ended);
            }
        }
    }

    /** A table cell: {@code f} of each round, joined by commas; "-" when there is none. */
    public static <R> String each(List<R> rounds, Function<R, String> f) {
        return rounds.isEmpty() ? "-" : rounds.stream().map(f).collect(Collectors.joining(", "));
    }

    /** A latency for a table: "-" when not read, else in ns, µs, ms or s as it is large. */
    public static String micros(long nanos) {
        if (nanos < 0) {
            return "-";
        }
        if (nanos >= 1_000_000_000L) {
            return String.format(Locale.ROOT, "%.2f s", nanos / 1e9);
        }
        if (nanos >= 1_000_000L) {
            return String.format(Locale.ROOT, "%.1f ms", nanos / 1e6);
        }
        return String.format(Locale.ROOT, "%.1f µs", nanos / 1e3);
    }
    /** A span for a table: in ms, or in s from one second. */
    public static String millis(double nanos) {
        return nanos >= 1e9 ? String.format(Locale.ROOT, "%.2f s", nanos / 1e9)
                : String.format(Locale.ROOT, "%.0f ms", nanos / 1e6);
    }
    /** "last, first" of two MsgSeqNums, "-" for one not seen. */
    public static String seq(long last, long first) {
        return last < 0 && first < 0 ? "-" : String.format(Locale.ROOT, "%s, %s",
                last < 0 ? "-" : String.format(Locale.ROOT, "%,d", last),
                first < 0 ? "-" : String.format(Locale.ROOT, "%,d", first));
    }
}
