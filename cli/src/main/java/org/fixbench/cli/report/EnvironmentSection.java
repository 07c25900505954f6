package org.fixbench.cli.report;

import static org.fixbench.cli.report.RateTable.workloadOf;

import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.fixbench.cli.report.doc.Block;
import org.fixbench.cli.report.doc.MarkdownWriter;
import org.fixbench.cli.results.ResultLabels;
import org.fixbench.harness.machine.Environment;
import org.fixbench.harness.results.BenchmarkResult;
import org.fixbench.harness.results.ComparisonTable;
import org.fixbench.harness.results.RunResult;

/**
 * The Environment section of {@code report.md}: the machine, the JVM, the engines' profiles and versions, the
 * workload, the suite's commit, the clock, the harness floor and the run order; and where each run ran.
 */
final class EnvironmentSection {
    private EnvironmentSection() {
    }

    /** ", round r slot s, CPU wait …, JIT … ms, GC … ms" for a run line (only what was recorded). */
    public static String placeAndMachine(RunResult run) {
        StringBuilder sb = new StringBuilder();
        if (run.round() > 0) {
            sb.append(", round ").append(run.round()).append(" slot ").append(run.slot());
        }
        org.fixbench.harness.machine.CpuWait w = run.cpuWait();
        sb.append(w.available() ? String.format(Locale.ROOT, ", measuring threads waited %.0f ms for a CPU (other "
                        + "processes used %.0f ms, JIT compilers %.0f ms)", w.waitNanos() / 1e6,
                Math.max(0, w.otherProcessesCpuNanos()) / 1e6, Math.max(0, w.housekeepingCpuNanos()) / 1e6)
                : ", CPU wait not read");
        if (run.jitCompileMillis() >= 0) {
            sb.append(", client JIT ").append(run.jitCompileMillis()).append(" ms, GC ").append(run.gcPauseMillis())
                    .append(" ms");
        }
        org.fixbench.harness.machine.CpuWait.Jvm server = w.jvm("server");
        if (server != null) {
            sb.append(String.format(Locale.ROOT, ", server JIT threads %.0f ms CPU, GC threads %.0f ms CPU",
                    server.jitCpuNanos() / 1e6, server.gcCpuNanos() / 1e6));
        }
        return sb.toString();
    }

    static String stealText(double pct) {
        return Double.isNaN(pct) ? "n/a" : String.format(Locale.ROOT, "%.1f%%", pct);
    }

    /**
     * " (from an uncommitted tree)" for a title when the suite ran from a working tree with changes not committed
     * (what ran is then not what the commit holds); "" otherwise.
     */
    public static String uncommittedMark(Map<String, Object> env) {
        return Environment.dirty(env) ? " (from an uncommitted tree)" : "";
    }

    /** The machine, JVM, engines and noise, at the top of every report, as Markdown (a knee search's report). */
    public static String environmentSection(Map<String, Object> env, List<BenchmarkResult> results) {
        return MarkdownWriter.write(List.of(section(env, results)));
    }

    /** The machine, JVM, engines and noise, at the top of every report. */
    static Block.Section section(Map<String, Object> env, List<BenchmarkResult> results) {
        List<String> items = new java.util.ArrayList<>();
        if (env.get(ResultLabels.CLUSTER) != null) {
            items.add("Across hosts: the other lines of this section (CPU, kernel, JVM, clock, CPU steal) describe "
                    + "the orchestrating machine; each host's own are under \"Per client host\", and its "
                    + "environment.json under `hosts/<host>/`");
        }
        items.add("CPU: " + Environment.describeCpu(env.get("cpu") instanceof Map<?, ?> cpu ? cpu : null,
                env.get(Environment.CPU_MODEL)) + ", " + env.get("cpus") + " CPUs; governor " + env.get("governor"));
        java.util.Set<String> pinned = new java.util.TreeSet<>();
        java.util.Set<String> unpinned = new java.util.TreeSet<>();
        for (BenchmarkResult r : results) {
            r.pinning().forEach(p -> (p.pinned() ? pinned : unpinned).add(p.pinned() ? p.role() + " on CPU " + p.cpu()
                    : p.role() + " (" + p.note() + ")"));
        }
        items.add("CPUs used: pinned " + (pinned.isEmpty() ? "none" : String.join(", ", pinned))
                + (unpinned.isEmpty() ? "" : "; unpinned " + String.join(", ", unpinned)));
        items.add("Kernel: " + env.get("kernel") + "; clocksource " + env.get("clocksource"));
        items.add("JVM: " + env.get("jvmVendor") + ' ' + env.get("jvmName") + ' ' + env.get("jvmVersion") + "; flags "
                + env.get("jvmFlags") + "; GC " + env.get("gc"));
        if (env.get("engines") instanceof Map<?, ?> map) {
            map.forEach((label, info) -> {
                if (info instanceof Map<?, ?> e) {
                    String sha = String.valueOf(e.get("profileSha256"));
                    items.add(label + ": " + e.get("versions") + "; profile `" + e.get("profileFile") + "` sha256 "
                            + sha.substring(0, Math.min(16, sha.length())) + "…");
                }
            });
        }
        java.util.Set<String> workloads = new java.util.TreeSet<>();
        results.forEach(r -> workloads.add(workloadOf(r)));
        items.add("Workload: " + String.join(", ", workloads) + (workloads.equals(java.util.Set.of("fixed"))
                ? " (one limit order, the same every time)" : " (`--workload`: ClOrdID, symbols, optional "
                + "fields, cancels and replaces as the seed, the log or the lifecycle gives them; every answer "
                + "matched to its request, and checked against it by the built-in engines' clients"
                + (workloads.stream().anyMatch(org.fixbench.engine.OrderFlow::isPacedName) ? "; paced: sent with the "
                + "gaps between the log's SendingTimes, stretched so their mean is each rate's interval, and each "
                + "rate's send and reply rules held to that schedule" : "") + ")"));
        if (env.get("processes") != null) {
            items.add("Processes: " + env.get("processes"));
        }
        if (env.get("forkedServerCommand") != null) {
            items.add("Forked server: `" + env.get("forkedServerCommand") + "`");
        }
        if (env.get("forkedClientCommand") != null) {
            items.add("Forked client: `" + env.get("forkedClientCommand") + "`");
        }
        String jarsSha = env.get("classpathJars") instanceof Map<?, ?> jars && jars.get("all") != null
                ? String.valueOf(jars.get("all")) : null;
        items.add("Suite: commit " + env.get(Environment.GIT_COMMIT) + (Environment.dirty(env) ? " (working tree dirty)"
                : "") + (jarsSha == null ? "" : "; jars sha256 " + jarsSha.substring(0, Math.min(16, jarsSha.length()))
                + "… (per jar in environment.json)"));
        if (env.get("nanoTimeCostNanos") instanceof Number cost) {
            items.add(String.format(Locale.ROOT, "Clock: System.nanoTime() %.1f ns per call, granularity %s ns",
                    cost.doubleValue(), env.get("nanoTimeGranularityNanos")));
        }
        if (env.get("harnessFloor") instanceof String why) {
            items.add("Harness floor: " + why);
        }
        if (env.get("harnessFloorNanos") instanceof Map<?, ?> floors) {
            List<String> each = new java.util.ArrayList<>();
            floors.forEach((rate, stats) -> {
                if (stats instanceof Map<?, ?> f && f.get("p50") instanceof Number p50 && f.get("p99") instanceof Number p99) {
                    each.add(String.format(Locale.ROOT, " %,d/s p50 %s µs, p99 %s µs", Long.parseLong(rate.toString()),
                            ComparisonTable.micros(p50.doubleValue()), ComparisonTable.micros(p99.doubleValue())));
                }
            });
            items.add("Harness floor (an empty task, 1 s at each rate):" + String.join(";", each));
        }
        if (env.get("runOrder") != null) {
            items.add("Run order: " + env.get("runOrder"));
        }
        if (env.get("settlingRun") != null) {
            items.add("Before measuring, a settling round: " + env.get("settlingRun"));
        }
        Object steal = env.get("stealPctWholeComparison");
        items.add("CPU steal over the whole comparison: "
                + (steal instanceof Number n ? String.format(Locale.ROOT, "%.2f%%", n.doubleValue()) : "n/a"));
        return new Block.Section(2, "Environment", List.of(Block.Bullets.ofTexts(items)));
    }
}
