package org.fixbench.cli.report;

import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.ToLongFunction;

import org.fixbench.cli.report.doc.Block;
import org.fixbench.cli.report.doc.Document;
import org.fixbench.cli.results.ComparisonRecord;
import org.fixbench.cli.results.ScenarioLabels;
import org.fixbench.harness.results.BenchmarkResult;
import org.fixbench.harness.results.MachineRecord;
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

    /** A scenario report's title: its name, and whether a signal stopped it. */
    public static String title(String name, boolean interrupted) {
        return "fixbench scenario: " + name + (interrupted ? " (PARTIAL: interrupted)" : "");
    }

    /**
     * A scenario report's command, machine, and why it stopped early or is partial, if it did or is: the paragraphs
     * under its title, to which the scenario adds its own.
     */
    public static Document.Builder header(Map<String, Object> env, String partialReason) {
        ComparisonRecord recorded = ComparisonRecord.of(env);
        return header(recorded.command() == null ? "(not recorded)" : recorded.command(), env, recorded.stopReason(),
                partialReason);
    }

    /** As above, with the command line and the stop reason given. */
    public static Document.Builder header(String command, Map<String, Object> env, String stopReason,
                                          String partialReason) {
        MachineRecord machine = MachineRecord.of(env);
        Document.Builder doc = new Document.Builder();
        doc.paragraph("Command: `" + command + "`");
        doc.paragraph(String.format(Locale.ROOT, "Machine: %s; commit %s.", machine.cpuModel() == null ? "?"
                : machine.cpuModel(), machine.gitCommit() == null ? "?" : machine.gitCommit()));
        if (stopReason != null) {
            doc.paragraph("**Stopped early:** " + stopReason);
        }
        if (partialReason != null) {
            doc.paragraph("**Partial:** " + partialReason);
        }
        return doc;
    }

    /**
     * Round 1's chart of each engine at each rate: every 10 ms window's median and worst, the disturbance ({@code
     * kind}: "burst" or "gap") between grey lines from {@code startKey} to {@code endKey} of what the scenario saw,
     * and the threshold at {@code thresholdKey}.
     */
    public static Block.Section windowCharts(Path out, List<BenchmarkResult> results, String kind, String startKey,
                                             String endKey, String thresholdKey, String thresholdLabel) {
        return windowCharts(out, results, kind, startKey, endKey, kind + " starts", kind + " ends", thresholdKey,
                thresholdLabel);
    }

    /** As the other, the marks labelled {@code startLabel} and {@code endLabel}. */
    public static Block.Section windowCharts(Path out, List<BenchmarkResult> results, String kind, String startKey,
                                             String endKey, String startLabel, String endLabel, String thresholdKey,
                                             String thresholdLabel) {
        return windowCharts(out, results, kind, startKey, endKey, startLabel, endLabel, thresholdKey, thresholdLabel,
                r -> r.config().targetRatePerSecond(),
                (label, rate, seen) -> String.format(Locale.ROOT, "%s at %,d msgs/s", label, rate));
    }

    /** As the others, each chart named by {@code rateOf} its result and titled by {@code title}. */
    public static Block.Section windowCharts(Path out, List<BenchmarkResult> results, String kind, String startKey,
                                             String endKey, String startLabel, String endLabel, String thresholdKey,
                                             String thresholdLabel, ToLongFunction<BenchmarkResult> rateOf,
                                             ChartTitle title) {
        List<Block> blocks = new java.util.ArrayList<>();
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
                blocks.add(new Block.Figure(label + " at " + rate + "/s", png.toString().replace('\\', '/')));
            }
        }
        if (blocks.isEmpty()) {
            return null;
        }
        blocks.add(new Block.Paragraph("Each chart: the median (solid) and worst (dashed) round trip of the orders due "
                + "in each 10 ms window of round 1's run, the " + thresholdLabel + " (dotted), the grey lines at "
                + startLabel + " and " + endLabel + "; a window none of whose orders was answered is left blank."));
        return new Block.Section(2, "Latency over time, round 1", blocks);
    }
}
