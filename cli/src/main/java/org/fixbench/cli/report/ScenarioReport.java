package org.fixbench.cli.report;

import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.ToLongFunction;

import org.fixbench.cli.results.ResultLabels;
import org.fixbench.cli.results.ScenarioLabels;
import org.fixbench.harness.machine.Environment;
import org.fixbench.harness.results.BenchmarkResult;
import org.fixbench.harness.results.ResultsWriter;

/**
 * What every scenario's report is made of: its header, and round 1's charts of latency over a run's windows. Each
 * scenario writes its own report from these (its folder's {@code Scenario.report}); the same whoever calls it, the
 * scenario command as it ends or {@code fixbench report} later.
 */
public final class ScenarioReport {
    private ScenarioReport() {
    }

    /** A chart's title from the engine's label, the rate it is named by and what the scenario saw in the run. */
    public interface ChartTitle {
        String of(String label, long rate, Map<?, ?> seen);
    }

    /** A number the scenario recorded in its folder's environment ({@code scenario.<key>}). */
    public static Number recorded(Map<String, Object> env, String key) {
        return (Number) ((Map<?, ?>) env.get("scenario")).get(key);
    }

    /** A scenario report's title, command, machine, and why it stopped early or is partial, if it did or is. */
    public static StringBuilder reportHeader(String name, Map<String, Object> env, String partialReason) {
        Object stop = env.get(ResultLabels.STOP_REASON);
        StringBuilder b = new StringBuilder("# fixbench scenario: " + name)
                .append(partialReason == null ? "" : " (PARTIAL: interrupted)").append("\n\n");
        b.append("Command: `").append(env.getOrDefault(ResultLabels.COMMAND, "(not recorded)")).append("`\n\n");
        b.append(String.format(Locale.ROOT, "Machine: %s; commit %s.%n%n", env.getOrDefault(Environment.CPU_MODEL, "?"),
                env.getOrDefault(Environment.GIT_COMMIT, "?")));
        if (stop != null) {
            b.append("**Stopped early:** ").append(stop).append("\n\n");
        }
        if (partialReason != null) {
            b.append("**Partial:** ").append(partialReason).append("\n\n");
        }
        return b;
    }

    /**
     * Round 1's chart of each engine at each rate: every 10 ms window's median and worst, the disturbance ({@code
     * kind}: "burst" or "gap") between grey lines from {@code startKey} to {@code endKey} of what the scenario saw,
     * and the threshold at {@code thresholdKey}.
     */
    public static String windowCharts(Path out, List<BenchmarkResult> results, String kind, String startKey,
                                      String endKey, String thresholdKey, String thresholdLabel) {
        return windowCharts(out, results, kind, startKey, endKey, kind + " starts", kind + " ends", thresholdKey,
                thresholdLabel);
    }

    /** As the other, the marks labelled {@code startLabel} and {@code endLabel}. */
    public static String windowCharts(Path out, List<BenchmarkResult> results, String kind, String startKey,
                                      String endKey, String startLabel, String endLabel, String thresholdKey,
                                      String thresholdLabel) {
        return windowCharts(out, results, kind, startKey, endKey, startLabel, endLabel, thresholdKey, thresholdLabel,
                r -> r.config().targetRatePerSecond(),
                (label, rate, seen) -> String.format(Locale.ROOT, "%s at %,d msgs/s", label, rate));
    }

    /** As the others, each chart named by {@code rateOf} its result and titled by {@code title}. */
    public static String windowCharts(Path out, List<BenchmarkResult> results, String kind, String startKey,
                                      String endKey, String startLabel, String endLabel, String thresholdKey,
                                      String thresholdLabel, ToLongFunction<BenchmarkResult> rateOf,
                                      ChartTitle title) {
        StringBuilder b = new StringBuilder("\n## Latency over time, round 1\n\n");
        int drawn = 0;
        for (BenchmarkResult r : results) {
            ScenarioLabels labels = ScenarioLabels.of(r);
            if (!labels.isFirstRound() || labels.runs().isEmpty()) {
                continue;
            }
            Map<?, ?> seen = labels.runs().get(0);
            String label = String.valueOf(labels.engineLabel());
            long rate = rateOf.applyAsLong(r);
            String name = kind + "-" + ResultsWriter.safeName(label) + "-" + rate;
            Path png = ScenarioCharts.writeWindowsChart(out, name, title.of(label, rate, seen) + ": round trips per 10 ms",
                    seen, startKey, endKey, startLabel, endLabel, thresholdKey, thresholdLabel);
            if (png != null) {
                b.append("![").append(label).append(" at ").append(rate).append("/s](")
                        .append(png.toString().replace('\\', '/')).append(")\n\n");
                drawn++;
            }
        }
        b.append("Each chart: the median (solid) and worst (dashed) round trip of the orders due in each 10 ms window "
                + "of round 1's run, the " + thresholdLabel + " (dotted), the grey lines at " + startLabel + " and "
                + endLabel + "; a window none of whose orders was answered is left blank.\n");
        return drawn == 0 ? "" : b.toString();
    }
}
