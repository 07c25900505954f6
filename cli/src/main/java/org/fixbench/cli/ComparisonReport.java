package org.fixbench.cli;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;

import org.fixbench.engine.RoundTripTask;
import org.fixbench.harness.BenchmarkResult;
import org.fixbench.harness.ComparisonTable;
import org.fixbench.harness.RunResult;
import org.fixbench.harness.SeriesNames;
import org.fixbench.harness.TextReport;

/**
 * {@code report.md}: per rate, engines side by side (median across runs of each percentile of the round trip),
 * achieved rate, lost messages, runs OK, engine overhead over the raw-TCP floor; plainly says which engine did
 * not sustain which rate; then the JLBH-style summaries and the machine it ran on.
 */
final class ComparisonReport {
    private ComparisonReport() {
    }

    static String render(String command, Map<String, Object> environment, List<String> engineLabels, List<Long> rates,
                         List<BenchmarkResult> results, String stopReason, Map<String, java.nio.file.Path> charts) {
        StringBuilder md = new StringBuilder();
        md.append("# fixbench comparison\n\n");
        md.append("Command: `").append(command).append("`\n\n");
        md.append(environmentSection(environment, results)).append('\n');
        md.append("Each cell is the round trip NewOrderSingle → ExecutionReport measured from the *intended* send time "
                + "(coordinated-omission corrected), in µs: the median across runs of that percentile. "
                + "✗ marks an engine × rate with FAILED runs: its latencies then measure queueing behind an engine "
                + "that could not keep up, not the engine; see the notes under the table.\n\n");
        if (stopReason != null) {
            md.append("**The comparison stopped early:** ").append(stopReason)
                    .append(". Results below are what was measured before that.\n\n");
        }
        for (long rate : rates) {
            List<BenchmarkResult> atRate = new ArrayList<>();
            for (String label : engineLabels) {
                results.stream().filter(r -> label.equals(label(r)) && r.config().targetRatePerSecond() == rate)
                        .findFirst().ifPresent(atRate::add);
            }
            if (atRate.isEmpty()) {
                continue;
            }
            md.append(String.format(Locale.ROOT, "## %,d msgs/s%n%n", rate));
            md.append(rateTable(atRate));
            md.append('\n');
            for (BenchmarkResult r : atRate) {
                String verdict = verdict(r);
                if (verdict != null) {
                    md.append("- ").append(verdict).append('\n');
                }
            }
            md.append('\n');
            String chartTitle = String.format(Locale.ROOT, "Percentiles at %,d msgs/s", rate);
            if (charts.containsKey(chartTitle)) {
                md.append("![").append(chartTitle).append("](").append(charts.get(chartTitle).toString().replace('\\', '/'))
                        .append(")\n\n");
            }
        }
        List<Map.Entry<String, java.nio.file.Path>> curves = charts.entrySet().stream()
                .filter(e -> e.getKey().endsWith("latency against throughput")).toList();
        if (!curves.isEmpty()) {
            md.append("## Latency against throughput\n\n");
            for (Map.Entry<String, java.nio.file.Path> e : curves) {
                md.append("![").append(e.getKey()).append("](").append(e.getValue().toString().replace('\\', '/'))
                        .append(")\n\n");
            }
        }
        md.append("## Run-by-run summaries (JLBH style, µs)\n\n");
        for (BenchmarkResult r : results) {
            md.append("### ").append(label(r)).append(String.format(Locale.ROOT, " @ %,d/s%n%n",
                    r.config().targetRatePerSecond()));
            md.append("```\n");
            for (RunResult run : r.runs()) {
                md.append(String.format(Locale.ROOT, "run %d: %s, achieved %,.0f/s, lost %,d, steal %s%s%n", run.run(),
                        run.status(), run.achievedRatePerSecond(), run.lost(), stealText(run.stealPercent()),
                        run.ok() ? "" : " - " + run.reason()));
            }
            for (String series : List.of(SeriesNames.END_TO_END, RoundTripTask.CLIENT_TO_SERVER,
                    RoundTripTask.SERVER_PROCESSING, RoundTripTask.SERVER_TO_CLIENT, SeriesNames.HICCUPS)) {
                if (!r.countedRuns().isEmpty() && r.countedRuns().get(0).series().containsKey(series)) {
                    md.append(TextReport.summary(r, series));
                }
            }
            md.append("```\n\n");
            Object notes = r.labels().get("engineNotes");
            if (notes instanceof List<?> list && !list.isEmpty()) {
                for (Object note : list) {
                    md.append("- ").append(note).append('\n');
                }
                md.append('\n');
            }
            r.pinning().forEach(p -> md.append("- pinning: ").append(p.describe()).append('\n'));
            md.append('\n');
        }
        md.append("Files: `summary.json` (all numbers, ns), `summary.csv`, `environment.json`, one `.hlog` per "
                + "engine × rate (tags `run<k>/<series>`), `hgrm/`.\n");
        return md.toString();
    }

    static String label(BenchmarkResult r) {
        return r.labels().get("engine") + ":" + r.labels().get("profile");
    }

    private static String rateTable(List<BenchmarkResult> atRate) {
        BenchmarkResult floor = atRate.stream().filter(r -> "tcp".equals(r.labels().get("engine"))).findFirst()
                .orElse(null);
        StringBuilder sb = new StringBuilder();
        List<String> header = new ArrayList<>(List.of("µs"));
        atRate.forEach(r -> header.add(label(r) + (r.allOk() ? "" : " ✗")));
        row(sb, header);
        row(sb, header.stream().map(h -> h.equals("µs") ? "---" : "---:").toList());
        for (double p : ComparisonTable.PERCENTILES) {
            List<String> cells = new ArrayList<>(List.of(ComparisonTable.percentileLabel(p)));
            atRate.forEach(r -> cells.add(ComparisonTable.micros(ComparisonTable.medianNanos(r, SeriesNames.END_TO_END, p))));
            row(sb, cells);
        }
        List<String> achieved = new ArrayList<>(List.of("achieved msgs/s (lowest run)"));
        List<String> lost = new ArrayList<>(List.of("lost messages (all runs)"));
        List<String> ok = new ArrayList<>(List.of("runs OK"));
        for (BenchmarkResult r : atRate) {
            achieved.add(String.format(Locale.ROOT, "%,.0f",
                    r.countedRuns().stream().mapToDouble(RunResult::achievedRatePerSecond).min().orElse(0)));
            lost.add(String.format(Locale.ROOT, "%,d", r.runs().stream().mapToLong(RunResult::lost).sum()));
            ok.add(r.countedRuns().stream().filter(RunResult::ok).count() + "/" + r.countedRuns().size());
        }
        // each run's p50: shows when runs of one engine disagree (e.g. engine pairs landing in different modes)
        List<String> spread = new ArrayList<>(List.of("p50 of each run, lowest – highest"));
        for (BenchmarkResult r : atRate) {
            java.util.LongSummaryStatistics p50s = r.countedRuns().stream()
                    .filter(run -> run.series().containsKey(SeriesNames.END_TO_END))
                    .mapToLong(run -> run.endToEnd().percentileNanos(50)).summaryStatistics();
            spread.add(p50s.getCount() == 0 ? "-" : ComparisonTable.micros(p50s.getMin()) + " – "
                    + ComparisonTable.micros(p50s.getMax()));
        }
        row(sb, achieved);
        row(sb, lost);
        row(sb, ok);
        row(sb, spread);
        for (double p : new double[] {50, 90}) {
            List<String> cells = new ArrayList<>(List.of("overhead vs " + (floor == null ? "tcp" : label(floor))
                    + " at p" + (int) p));
            for (BenchmarkResult r : atRate) {
                if (floor == null) {
                    cells.add("no tcp run");
                } else if (r == floor) {
                    cells.add("-");
                } else {
                    double d = ComparisonTable.medianNanos(r, SeriesNames.END_TO_END, p)
                            - ComparisonTable.medianNanos(floor, SeriesNames.END_TO_END, p);
                    cells.add(ComparisonTable.micros(d));
                }
            }
            row(sb, cells);
        }
        return sb.toString();
    }

    /** A plain sentence for an engine × rate that was not sustained, or ended early; null when all is well. */
    static String verdict(BenchmarkResult r) {
        if (r.allOk()) {
            return null;
        }
        long failed = r.countedRuns().stream().filter(run -> !run.ok()).count();
        String reasons = String.join("; ", r.countedRuns().stream().filter(run -> !run.ok())
                .map(run -> "run " + run.run() + ": " + run.reason()).toList());
        double achieved = r.countedRuns().stream().mapToDouble(RunResult::achievedRatePerSecond).min().orElse(0);
        if (r.aborted()) {
            return String.format(Locale.ROOT, "✗ **%s ended early at %,d msgs/s**: %s. ", label(r),
                    r.config().targetRatePerSecond(), r.abortReason()) + reasons;
        }
        String head = String.format(Locale.ROOT, "✗ **%s did not sustain %,d msgs/s** (lowest achieved %,.0f/s; %d of %d "
                        + "runs FAILED). ", label(r), r.config().targetRatePerSecond(), achieved, failed,
                r.countedRuns().size());
        return head + reasons;
    }

    private static String stealText(double pct) {
        return Double.isNaN(pct) ? "n/a" : String.format(Locale.ROOT, "%.1f%%", pct);
    }

    /** The machine, JVM, engines and noise, at the top of every report. */
    static String environmentSection(Map<String, Object> env, List<BenchmarkResult> results) {
        StringBuilder sb = new StringBuilder("## Environment\n\n");
        sb.append("- CPU: ").append(env.get("cpuModel")).append(", ").append(env.get("cpus")).append(" CPUs; governor ")
                .append(env.get("governor")).append('\n');
        java.util.Set<String> pinned = new java.util.TreeSet<>();
        java.util.Set<String> unpinned = new java.util.TreeSet<>();
        for (BenchmarkResult r : results) {
            r.pinning().forEach(p -> (p.pinned() ? pinned : unpinned).add(p.pinned() ? p.role() + " on CPU " + p.cpu()
                    : p.role() + " (" + p.note() + ")"));
        }
        sb.append("- CPUs used: pinned ").append(pinned.isEmpty() ? "none" : String.join(", ", pinned))
                .append(unpinned.isEmpty() ? "" : "; unpinned " + String.join(", ", unpinned)).append('\n');
        sb.append("- Kernel: ").append(env.get("kernel")).append("; clocksource ").append(env.get("clocksource"))
                .append('\n');
        sb.append("- JVM: ").append(env.get("jvmVendor")).append(' ').append(env.get("jvmName")).append(' ')
                .append(env.get("jvmVersion")).append("; flags ").append(env.get("jvmFlags")).append("; GC ")
                .append(env.get("gc")).append('\n');
        Object engines = env.get("engines");
        if (engines instanceof Map<?, ?> map) {
            map.forEach((label, info) -> {
                if (info instanceof Map<?, ?> e) {
                    sb.append("- ").append(label).append(": ").append(e.get("versions")).append("; profile `")
                            .append(e.get("profileFile")).append("` sha256 ")
                            .append(String.valueOf(e.get("profileSha256")), 0,
                                    Math.min(16, String.valueOf(e.get("profileSha256")).length()))
                            .append("…\n");
                }
            });
        }
        sb.append("- Suite: commit ").append(env.get("gitCommit"))
                .append(Objects.equals(env.get("gitDirty"), Boolean.TRUE) ? " (working tree dirty)" : "").append('\n');
        if (env.get("nanoTimeCostNanos") instanceof Number cost) {
            sb.append(String.format(Locale.ROOT, "- Clock: System.nanoTime() %.1f ns per call, granularity %s ns%n",
                    cost.doubleValue(), env.get("nanoTimeGranularityNanos")));
        }
        if (env.get("harnessFloorNanos") instanceof Map<?, ?> floors) {
            sb.append("- Harness floor (an empty task, 1 s at each rate):");
            floors.forEach((rate, stats) -> {
                if (stats instanceof Map<?, ?> f && f.get("p50") instanceof Number p50 && f.get("p99") instanceof Number p99) {
                    sb.append(String.format(Locale.ROOT, " %,d/s p50 %s µs, p99 %s µs;", Long.parseLong(rate.toString()),
                            ComparisonTable.micros(p50.doubleValue()), ComparisonTable.micros(p99.doubleValue())));
                }
            });
            sb.setLength(sb.length() - (sb.charAt(sb.length() - 1) == ';' ? 1 : 0));
            sb.append('\n');
        }
        if (env.get("runOrder") != null) {
            sb.append("- Run order: ").append(env.get("runOrder")).append('\n');
        }
        if (env.get("settlingRun") != null) {
            sb.append("- Before measuring, a settling round: ").append(env.get("settlingRun")).append('\n');
        }
        Object steal = env.get("stealPctWholeComparison");
        sb.append("- CPU steal over the whole comparison: ")
                .append(steal instanceof Number n ? String.format(Locale.ROOT, "%.2f%%", n.doubleValue()) : "n/a")
                .append('\n');
        return sb.toString();
    }

    static void write(Path folder, String markdown) {
        try {
            Files.writeString(folder.resolve("report.md"), markdown, StandardCharsets.UTF_8, StandardOpenOption.CREATE_NEW);
            Files.writeString(folder.resolve("report.html"), org.fixbench.cli.report.HtmlReport.render(markdown, folder),
                    StandardCharsets.UTF_8, StandardOpenOption.CREATE_NEW);
        } catch (IOException e) {
            throw new org.fixbench.harness.HarnessException("cannot write report.md: " + e.getMessage(), e);
        }
    }

    private static void row(StringBuilder sb, List<String> cells) {
        sb.append("| ").append(String.join(" | ", cells)).append(" |\n");
    }
}
