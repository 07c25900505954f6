package org.fixbench.cli.report;

import static org.fixbench.cli.report.RateTable.workloadOf;

import java.util.List;
import java.util.Locale;
import java.util.Map;

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

    /** The machine, JVM, engines and noise, at the top of every report. */
    public static String environmentSection(Map<String, Object> env, List<BenchmarkResult> results) {
        StringBuilder sb = new StringBuilder("## Environment\n\n");
        if (env.get(ResultLabels.CLUSTER) != null) {
            sb.append("- Across hosts: the other lines of this section (CPU, kernel, JVM, clock, CPU steal) describe "
                    + "the orchestrating machine; each host's own are under \"Per client host\", and its "
                    + "environment.json under `hosts/<host>/`\n");
        }
        sb.append("- CPU: ").append(org.fixbench.harness.machine.Environment.describeCpu(
                env.get("cpu") instanceof Map<?, ?> cpu ? cpu : null, env.get(Environment.CPU_MODEL))).append(", ").append(env.get("cpus")).append(" CPUs; governor ")
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
        java.util.Set<String> workloads = new java.util.TreeSet<>();
        results.forEach(r -> workloads.add(workloadOf(r)));
        sb.append("- Workload: ").append(String.join(", ", workloads)).append(workloads.equals(java.util.Set.of(
                "fixed")) ? " (one limit order, the same every time)" : " (`--workload`: ClOrdID, symbols, optional "
                + "fields, cancels and replaces as the seed, the log or the lifecycle gives them; every answer "
                + "matched to its request, and checked against it by the built-in engines' clients"
                + (workloads.stream().anyMatch(org.fixbench.engine.OrderFlow::isPacedName) ? "; paced: sent with the gaps between the"
                + " log's SendingTimes, stretched so their mean is each rate's interval, and each rate's send and reply"
                + " rules held to that schedule" : "") + ")")
                .append('\n');
        if (env.get("processes") != null) {
            sb.append("- Processes: ").append(env.get("processes")).append('\n');
        }
        if (env.get("forkedServerCommand") != null) {
            sb.append("- Forked server: `").append(env.get("forkedServerCommand")).append("`\n");
        }
        if (env.get("forkedClientCommand") != null) {
            sb.append("- Forked client: `").append(env.get("forkedClientCommand")).append("`\n");
        }
        sb.append("- Suite: commit ").append(env.get(Environment.GIT_COMMIT))
                .append(Environment.dirty(env) ? " (working tree dirty)" : "")
                .append(env.get("classpathJars") instanceof Map<?, ?> jars && jars.get("all") != null
                        ? "; jars sha256 " + String.valueOf(jars.get("all")).substring(0,
                        Math.min(16, String.valueOf(jars.get("all")).length())) + "… (per jar in environment.json)" : "")
                .append('\n');
        if (env.get("nanoTimeCostNanos") instanceof Number cost) {
            sb.append(String.format(Locale.ROOT, "- Clock: System.nanoTime() %.1f ns per call, granularity %s ns%n",
                    cost.doubleValue(), env.get("nanoTimeGranularityNanos")));
        }
        if (env.get("harnessFloor") instanceof String why) {
            sb.append("- Harness floor: ").append(why).append('\n');
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
}
