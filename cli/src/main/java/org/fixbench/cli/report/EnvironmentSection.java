package org.fixbench.cli.report;

import static org.fixbench.cli.report.RateTable.workloadOf;

import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.fixbench.cli.report.doc.Block;
import org.fixbench.cli.report.doc.MarkdownWriter;
import org.fixbench.cli.results.ComparisonRecord;
import org.fixbench.cli.results.Labels;
import org.fixbench.harness.machine.Environment;
import org.fixbench.harness.results.MachineRecord;
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

    /**
     * How an engine's sessions spoke TLS, when they did: the way (a terminator at both ends, or the engine's own) and
     * what the runs negotiated, from their notes ("not read" where none says).
     */
    private static String tls(ComparisonRecord.Engine e, String label, List<BenchmarkResult> results) {
        if (e.tls() == null || e.tls().equals(org.fixbench.engine.Tls.NONE.word())) {
            return "";
        }
        java.util.Set<String> negotiated = new java.util.TreeSet<>();
        for (BenchmarkResult r : results) {
            Labels l = Labels.of(r);
            if (label.equals(org.fixbench.cli.results.ResultLabels.label(r)) || label.equals(l.client())
                    || label.equals(l.server())) {
                String n = org.fixbench.engine.Tls.negotiatedOf(l.engineNotes());
                if (n != null) {
                    negotiated.add(n);
                }
            }
        }
        return "; TLS " + e.tls() + " (" + (negotiated.isEmpty() ? "protocol and cipher not recorded"
                : String.join(", ", negotiated)) + ")";
    }

    /** The machine, JVM, engines and noise, at the top of every report. */
    static Block.Section section(Map<String, Object> env, List<BenchmarkResult> results) {
        return section(MachineRecord.of(env), ComparisonRecord.of(env), results);
    }

    static Block.Section section(MachineRecord machine, ComparisonRecord comparison, List<BenchmarkResult> results) {
        List<String> items = new java.util.ArrayList<>();
        if (comparison.acrossHosts()) {
            items.add("Across hosts: the other lines of this section (CPU, kernel, JVM, clock, CPU steal) describe "
                    + "the orchestrating machine; each host's own are under \"Per client host\", and its "
                    + "environment.json under `hosts/<host>/`");
        }
        items.add("CPU: " + machine.cpuDescription() + ", " + machine.cpus() + " CPUs; governor " + machine.governor());
        java.util.Set<String> pinned = new java.util.TreeSet<>();
        java.util.Set<String> unpinned = new java.util.TreeSet<>();
        for (BenchmarkResult r : results) {
            r.pinning().forEach(p -> (p.pinned() ? pinned : unpinned).add(p.pinned() ? p.role() + " on CPU " + p.cpu()
                    : p.role() + " (" + p.note() + ")"));
        }
        boolean started = results.stream().anyMatch(r -> Labels.of(r).engineNotes().stream()
                .anyMatch(n -> n.contains(org.fixbench.engine.PinnedProcess.CPUS_NOTE)));
        items.add("CPUs used: pinned " + (pinned.isEmpty() ? "none" : String.join(", ", pinned))
                + (unpinned.isEmpty() ? "" : "; unpinned " + String.join(", ", unpinned))
                + (started ? ". A process started beside an engine (an acceptor, a TLS terminator) runs with all its "
                + "threads on the CPUs of the thread that started it, pinned first for its role: the server's CPU on "
                + "the server's side, the client's on the client's (each run's notes name them); a JVM engine pins "
                + "its server thread, and the client its timed thread, alone" : ""));
        items.add("Kernel: " + machine.kernel() + "; clocksource " + machine.clocksource());
        items.add("JVM: " + machine.jvmVendor() + ' ' + machine.jvmName() + ' ' + machine.jvmVersion() + "; flags "
                + machine.jvmFlags() + "; GC " + machine.gc());
        comparison.engines().forEach((label, e) -> items.add(label + ": " + e.versions() + "; profile `"
                + e.profileFile() + "` sha256 " + e.profileSha256().substring(0, Math.min(16,
                e.profileSha256().length())) + "…" + (e.durability() == null ? "" : "; durability "
                + e.durability() + (e.durabilityDeclared() ? " (as its engine file says)" : "")) + tls(e, label,
                results)));
        java.util.Set<String> workloads = new java.util.TreeSet<>();
        results.forEach(r -> workloads.add(workloadOf(r)));
        items.add("Workload: " + String.join(", ", workloads) + (workloads.equals(java.util.Set.of("fixed"))
                ? " (one limit order, the same every time)" : " (`--workload`: ClOrdID, symbols, optional "
                + "fields, cancels and replaces as the seed, the log or the lifecycle gives them; every answer "
                + "matched to its request, and checked against it by the built-in engines' clients"
                + (workloads.stream().anyMatch(org.fixbench.engine.OrderFlow::isPacedName) ? "; paced: sent with the "
                + "gaps between the log's SendingTimes, stretched so their mean is each rate's interval, and each "
                + "rate's send and reply rules held to that schedule" : "") + ")"));
        if (comparison.processes() != null) {
            items.add("Processes: " + comparison.processes());
        }
        if (comparison.forkedServerCommand() != null) {
            items.add("Forked server: `" + comparison.forkedServerCommand() + "`");
        }
        if (comparison.forkedClientCommand() != null) {
            items.add("Forked client: `" + comparison.forkedClientCommand() + "`");
        }
        String jars = machine.jarsSha256();
        items.add("Suite: commit " + machine.gitCommit() + (machine.dirty() ? " (working tree dirty)" : "")
                + (jars == null ? "" : "; jars sha256 " + jars.substring(0, Math.min(16, jars.length()))
                + "… (per jar in environment.json)"));
        if (machine.nanoTimeCostNanos() != null) {
            items.add(String.format(Locale.ROOT, "Clock: System.nanoTime() %.1f ns per call, granularity %s ns",
                    machine.nanoTimeCostNanos(), machine.nanoTimeGranularityNanos()));
        }
        if (comparison.harnessFloorNote() != null) {
            items.add("Harness floor: " + comparison.harnessFloorNote());
        }
        if (comparison.harnessFloor() != null) {
            List<String> each = new java.util.ArrayList<>();
            comparison.harnessFloor().forEach((rate, f) -> {
                if (f.p50Nanos() != null && f.p99Nanos() != null) {
                    each.add(String.format(Locale.ROOT, " %,d/s p50 %s µs, p99 %s µs", rate,
                            ComparisonTable.micros(f.p50Nanos()), ComparisonTable.micros(f.p99Nanos())));
                }
            });
            items.add("Harness floor (an empty task, 1 s at each rate):" + String.join(";", each));
        }
        if (comparison.runOrder() != null) {
            items.add("Run order: " + comparison.runOrder());
        }
        if (comparison.settlingRun() != null) {
            items.add("Before measuring, a settling round: " + comparison.settlingRun());
        }
        items.add("CPU steal over the whole comparison: " + (comparison.stealPercent() != null
                ? String.format(Locale.ROOT, "%.2f%%", comparison.stealPercent()) : "n/a"));
        return new Block.Section(2, "Environment", List.of(Block.Bullets.ofTexts(items)));
    }
}
