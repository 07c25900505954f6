package org.fixbench.cli.report;

import static org.fixbench.cli.report.ComparisonReport.label;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import org.fixbench.cli.report.doc.MarkdownWriter;
import org.fixbench.cli.report.doc.Table;
import org.fixbench.cli.results.JvmPauses;
import org.fixbench.cli.results.Labels;
import org.fixbench.cli.results.PairedStats;
import org.fixbench.cli.results.ResultLabels;
import org.fixbench.engine.RoundTripTask;
import org.fixbench.harness.results.BenchmarkResult;
import org.fixbench.harness.results.ComparisonTable;
import org.fixbench.harness.results.RunResult;
import org.fixbench.harness.series.SeriesNames;
import org.fixbench.harness.verdict.RunStatus;

/**
 * The table of one rate in {@code report.md}: engines side by side, their percentiles, rates, losses, statuses and
 * overhead over the raw-TCP floor, and the cells and verdicts it is made of.
 */
final class RateTable {
    private RateTable() {
    }

    /** The rate's table as Markdown. */
    static String rateTable(List<BenchmarkResult> atRate) {
        return MarkdownWriter.table(model(atRate));
    }

    /**
     * The round trip at a percentile of all counted runs' samples together ({@code 100}: the worst sample); each
     * cell's value is that round trip in ns (a double, NaN where not measured).
     */
    public record RoundTrip(double percentile) {
    }

    /** The overhead over the floor at a percentile (paired, or a difference of medians). */
    public record OverFloor(double percentile) {
    }

    /** How many of an engine's counted runs ended in each status; each cell's value a {@link StatusCounts}. */
    public enum Counts {
        RUN_STATUSES
    }

    /** An engine × rate's counted runs by status. */
    public record StatusCounts(long ok, long disturbed, long saturated, long failed) {
        public long total() {
            return ok + disturbed + saturated + failed;
        }
    }

    /**
     * The table of one rate: a column per engine (its label, ✗ when a counted run is not OK), a row per measure; the
     * rows that other readers take (README's reference table) keyed by {@link RoundTrip}, {@link OverFloor} and
     * {@link Counts}.
     */
    static Table model(List<BenchmarkResult> atRate) {
        BenchmarkResult floor = atRate.stream().filter(r -> Labels.of(r).isFloorEngine()).findFirst().orElse(null);
        List<String> header = new ArrayList<>(List.of("µs"));
        atRate.forEach(r -> header.add(label(r) + (r.status() == RunStatus.OK ? "" : " ✗")));
        Table.Builder sb = new Table.Builder(header, header.stream()
                .map(h -> h.equals("µs") ? Table.Align.LEFT : Table.Align.RIGHT).toList());
        for (double p : ComparisonTable.PERCENTILES) {
            List<Table.Cell> cells = new ArrayList<>();
            for (BenchmarkResult r : atRate) {
                if (p >= 100) {
                    double worst = ComparisonTable.worstNanos(r, SeriesNames.END_TO_END);
                    cells.add(new Table.Cell(ComparisonTable.micros(worst), worst));
                } else {
                    cells.add(new Table.Cell(pooledCell(r, SeriesNames.END_TO_END, p),
                            ComparisonTable.pooledNanos(r, SeriesNames.END_TO_END, p)));
                }
            }
            sb.row(new Table.Row(new RoundTrip(p), ComparisonTable.percentileLabel(p), cells));
        }
        // what wrk2 and JLBH users compare against: the same percentiles uncorrected (from the actual send, i.e. the
        // service time), beside the corrected ones above
        for (double p : new double[] {50, 99, 99.9}) {
            List<String> cells = new ArrayList<>(List.of(ComparisonTable.percentileLabel(p)
                    + " uncorrected (service time, from the actual send)"));
            atRate.forEach(r -> cells.add(pooledCell(r, SeriesNames.SERVICE_TIME, p)));
            row(sb, cells);
        }
        // the engine's own cost, apart from the sockets: the server-processing probe (order parsed → report ready),
        // measured inside the server for every engine at the same two points (ServerHooks)
        if (atRate.stream().anyMatch(r -> r.countedRuns().stream()
                .anyMatch(run -> run.series().containsKey(org.fixbench.engine.RoundTripTask.SERVER_PROCESSING)))) {
            for (double p : new double[] {50, 99}) {
                List<String> cells = new ArrayList<>(List.of("server processing " + ComparisonTable.percentileLabel(p)
                        + " (inside the server: order received → report sending)"));
                atRate.forEach(r -> cells.add(pooledCell(r, org.fixbench.engine.RoundTripTask.SERVER_PROCESSING,
                        p))); // "-" where not measured
                row(sb, cells);
            }
        }
        // latency per message type (any workload but fixed): each request from its own intended send time to its
        // own answer, pooled over the counted runs as the rows above
        java.util.SortedSet<String> types = new java.util.TreeSet<>();
        atRate.forEach(r -> r.countedRuns().forEach(run -> run.series().keySet().stream()
                .filter(name -> name.startsWith(org.fixbench.engine.RoundTripTask.REQUEST_PREFIX))
                .forEach(types::add)));
        for (String type : types) {
            for (double p : new double[] {50, 99}) {
                List<String> cells = new ArrayList<>(List.of(ComparisonTable.percentileLabel(p) + ", "
                        + type.substring(org.fixbench.engine.RoundTripTask.REQUEST_PREFIX.length())
                        + " only (each request to its own answer)"));
                atRate.forEach(r -> cells.add(pooledCell(r, type, p)));
                row(sb, cells);
            }
        }
        // many FIX sessions: how the sessions fared one by one, beside the pooled rows above
        if (atRate.stream().anyMatch(r -> sessionsOf(r) > 1)) {
            List<String> count = new ArrayList<>(List.of("FIX sessions (orders sent round robin)"));
            List<String> worst99 = new ArrayList<>(List.of("99, worst session (which)"));
            List<String> range50 = new ArrayList<>(List.of("50, best – worst session"));
            for (BenchmarkResult r : atRate) {
                count.add(Integer.toString(sessionsOf(r)));
                List<String> names = sessionSeries(r);
                if (names.isEmpty()) {
                    worst99.add("-");
                    range50.add("-");
                    continue;
                }
                String worstName = null;
                double worst = Double.NEGATIVE_INFINITY;
                double best50 = Double.POSITIVE_INFINITY;
                double worst50 = Double.NEGATIVE_INFINITY;
                for (String name : names) {
                    double p99 = ComparisonTable.pooledNanos(r, name, 99);
                    double p50 = ComparisonTable.pooledNanos(r, name, 50);
                    if (p99 > worst) {
                        worst = p99;
                        worstName = name;
                    }
                    best50 = Math.min(best50, p50);
                    worst50 = Math.max(worst50, p50);
                }
                worst99.add(ComparisonTable.micros(worst) + " (" + worstName + ")");
                range50.add(ComparisonTable.micros(best50) + " – " + ComparisonTable.micros(worst50));
            }
            row(sb, count);
            row(sb, worst99);
            row(sb, range50);
        }
        List<String> maxima = new ArrayList<>(List.of("median of the runs' maxima"));
        List<String> achieved = new ArrayList<>(List.of("achieved sends/s (lowest run)"));
        List<String> completed = new ArrayList<>(List.of("completed replies/s (lowest run)"));
        List<String> oldest = new ArrayList<>(List.of("oldest unanswered order, µs (highest run)"));
        List<String> lost = new ArrayList<>(List.of("lost orders (all runs; late replies among them)"));
        List<String> clamped = new ArrayList<>(List.of("samples beyond the trackable range (clamped)"));
        List<Table.Cell> statusCells = new ArrayList<>();
        List<String> again = new ArrayList<>(List.of("runs measured again (the JIT took more than "
                + Math.round(100 * org.fixbench.harness.verdict.Verdicts.REMEASURE_JIT_SHARE)
                + "% of a first attempt): first attempts OK / not OK"));
        List<String> waited = new ArrayList<>(List.of("CPU wait of the measuring threads, ms (highest run; its other "
                + "processes' + JIT CPU)"));
        for (BenchmarkResult r : atRate) {
            maxima.add(ComparisonTable.micros(ComparisonTable.medianNanos(r, SeriesNames.END_TO_END, 100)));
            achieved.add(String.format(Locale.ROOT, "%,.0f",
                    r.countedRuns().stream().mapToDouble(RunResult::achievedRatePerSecond).min().orElse(0)));
            completed.add(String.format(Locale.ROOT, "%,.0f",
                    r.countedRuns().stream().mapToDouble(RunResult::completionRatePerSecond).min().orElse(0)));
            oldest.add(ComparisonTable.micros(
                    r.countedRuns().stream().mapToLong(RunResult::oldestUnansweredNanos).max().orElse(0)));
            long lostOrders = r.runs().stream().mapToLong(RunResult::lost).sum();
            long late = r.runs().stream().mapToLong(RunResult::lateReplies).sum();
            lost.add(String.format(Locale.ROOT, "%,d", lostOrders) + (late > 0 ? String.format(Locale.ROOT,
                    " (%,d late)", late) : ""));
            clamped.add(String.format(Locale.ROOT, "%,d", r.runs().stream().flatMap(run -> run.series().values()
                    .stream()).mapToLong(org.fixbench.harness.series.SeriesData::clampedCount).sum()));
            StatusCounts counts = new StatusCounts(count(r, RunStatus.OK), count(r, RunStatus.DISTURBED),
                    count(r, RunStatus.SATURATED), count(r, RunStatus.FAILED));
            statusCells.add(new Table.Cell(counts.ok() + " / " + counts.disturbed() + " / " + counts.saturated()
                    + " / " + counts.failed(), counts));
            long againOk = r.runs().stream().filter(run -> run.remeasure() != null
                    && run.remeasure().firstStatus() == RunStatus.OK).count();
            long againBad = r.runs().stream().filter(run -> run.remeasure() != null
                    && run.remeasure().firstStatus() != RunStatus.OK).count();
            again.add(againOk + againBad == 0 ? "0" : (againOk + againBad) + ": " + againOk + " / " + againBad);
            RunResult most = r.countedRuns().stream().filter(run -> run.cpuWait().available())
                    .max(java.util.Comparator.comparingLong(run -> run.cpuWait().waitNanos())).orElse(null);
            waited.add(most == null ? "not read" : String.format(Locale.ROOT, "%.0f (%.0f)",
                    most.cpuWait().waitNanos() / 1e6, most.cpuWait().intrusionNanos() / 1e6));
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
        row(sb, maxima);
        row(sb, achieved);
        row(sb, completed);
        row(sb, oldest);
        row(sb, lost);
        row(sb, clamped);
        sb.row(new Table.Row(Counts.RUN_STATUSES, "runs OK / DISTURBED / SATURATED / FAILED", statusCells));
        row(sb, again);
        row(sb, waited);
        if (atRate.stream().anyMatch(r -> !JvmPauses.fromLabels(r.labels()).isEmpty())) {
            List<String> paused = new ArrayList<>(List.of("JVM stop-the-world pauses, ms: server / client (highest "
                    + "run; safepoints from each JVM's log, GC pauses among them)"));
            atRate.forEach(r -> paused.add(pausesCell(r)));
            row(sb, paused);
        }
        row(sb, spread);
        List<String> serverCpu = new ArrayList<>(List.of("server CPU per order, µs: median of the runs [lowest – "
                + "highest] (every thread of the server's processes over the run, from /proc, ÷ orders answered)"));
        for (BenchmarkResult r : atRate) {
            serverCpu.add(serverCpuCell(r));
        }
        row(sb, serverCpu);
        List<String> serverProcesses = new ArrayList<>(List.of("server processes at the end of the last counted run: "
                + "threads, resident set MB (from /proc; a started acceptor beside the JVM that started it)"));
        for (BenchmarkResult r : atRate) {
            serverProcesses.add(serverProcessesCell(r));
        }
        row(sb, serverProcesses);
        for (double p : new double[] {50, 90}) {
            Object key = new OverFloor(p);
            List<String> cells = new ArrayList<>(List.of("overhead vs " + (floor == null ? "tcp" : label(floor))
                    + " at p" + (int) p + (floor != null && paired(atRate) ? ", paired: median [interval]"
                    : ", unpaired: difference of medians")));
            for (BenchmarkResult r : atRate) {
                if (floor == null) {
                    cells.add("no tcp run");
                } else if (r == floor) {
                    cells.add("-");
                } else {
                    cells.add(Overhead.of(r, floor, p).cell());
                }
            }
            row(sb, key, cells);
        }
        return sb.build();
    }

    /** A row whose first text is its label. */
    private static void row(Table.Builder table, Object key, List<String> labelAndCells) {
        table.row(Table.Row.of(key, labelAndCells.get(0), labelAndCells.subList(1, labelAndCells.size())));
    }

    private static void row(Table.Builder table, List<String> labelAndCells) {
        row(table, null, labelAndCells);
    }

    /**
     * The server's CPU per order answered over each counted run (all threads of the server's processes, a JVM and what
     * it started: {@link org.fixbench.harness.machine.CpuWait#serverCpuNanos()}), as the median and range of the runs; "not
     * measured" where no server process was read (a server elsewhere, or results from before it was recorded). A server
     * with a thread that kept a CPU busy with no load (read before its warm-up) spins: its CPU per order is its spin's
     * share of the run, about one CPU's time over the rate, whatever its work; the cell says so instead of a figure.
     */
    static String serverCpuCell(BenchmarkResult r) {
        List<String> spinning = Labels.of(r).serverSpinningThreads();
        if (spinning != null && !spinning.isEmpty()) {
            return "spins: not comparable (" + String.join(", ", spinning.stream()
                    .map(t -> "'" + t.replace("|", "\\|") + "'").toList()) + " busy with no load)";
        }
        List<Double> perOrder = new ArrayList<>();
        for (RunResult run : r.countedRuns()) {
            long cpu = run.cpuWait().serverCpuNanos();
            if (cpu >= 0 && run.received() > 0) {
                perOrder.add(cpu / 1e3 / run.received());
            }
        }
        if (perOrder.isEmpty()) {
            return "not measured";
        }
        java.util.Collections.sort(perOrder);
        int n = perOrder.size();
        double median = n % 2 == 1 ? perOrder.get(n / 2) : (perOrder.get(n / 2 - 1) + perOrder.get(n / 2)) / 2;
        return n == 1 ? String.format(Locale.ROOT, "%.1f", median) : String.format(Locale.ROOT, "%.1f [%.1f – %.1f]",
                median, perOrder.get(0), perOrder.get(n - 1));
    }

    /** Each server process of the last counted run: "threads / MB", joined by " + "; "not measured" without one. */
    static String serverProcessesCell(BenchmarkResult r) {
        List<RunResult> counted = r.countedRuns();
        if (counted.isEmpty()) {
            return "not measured";
        }
        List<String> parts = new ArrayList<>();
        for (org.fixbench.harness.machine.CpuWait.Jvm j : counted.get(counted.size() - 1).cpuWait().jvms()) {
            if (j.role().equals("server") && j.threads() >= 0) {
                parts.add(String.format(Locale.ROOT, "%d / %.0f", j.threads(), j.rssKb() / 1024.0));
            }
        }
        return parts.isEmpty() ? "not measured" : String.join(" + ", parts);
    }

    /** What a result's sessions sent (label {@value ResultLabels#WORKLOAD}; {@code fixed} without it). */
    public static String workloadOf(BenchmarkResult r) {
        return Labels.of(r).workload();
    }

    /** How many FIX sessions a result's benchmark opened (label {@value ResultLabels#SESSIONS}; 1 without it). */
    public static int sessionsOf(BenchmarkResult r) {
        return Labels.of(r).sessions();
    }

    /** The per-session latency series a result's counted runs hold, in session order. */
    public static List<String> sessionSeries(BenchmarkResult r) {
        return r.countedRuns().stream().flatMap(run -> run.series().keySet().stream())
                .filter(name -> name.startsWith(org.fixbench.engine.RoundTripTask.SESSION_PROBE_PREFIX)).distinct()
                .sorted().toList();
    }

    /** A pooled percentile with the runs' own lowest – highest beside it (just the value for a single run). */
    public static String pooledCell(BenchmarkResult r, String series, double p) {
        double pooled = ComparisonTable.pooledNanos(r, series, p);
        if (Double.isNaN(pooled)) {
            return "-";
        }
        double[] range = ComparisonTable.runRange(r, series, p);
        return r.countedRuns().size() < 2 ? ComparisonTable.micros(pooled) : ComparisonTable.micros(pooled) + " ["
                + ComparisonTable.micros(range[0]) + " – " + ComparisonTable.micros(range[1]) + "]";
    }

    /** A run is far from the others when its p90 is beyond their range by this factor (either way). */
    public static final double OUTLIER_FACTOR = 2;

    /**
     * Sentences naming each counted run whose end-to-end p90 lies beyond the other runs' range by
     * {@link #OUTLIER_FACTOR} (above their highest × the factor, or below their lowest / the factor); empty with
     * fewer than 3 runs.
     */
    public static List<String> outliers(BenchmarkResult r) {
        List<RunResult> runs = r.countedRuns().stream().filter(run -> run.endToEnd() != null
                && run.endToEnd().count() > 0).toList();
        List<String> notes = new ArrayList<>();
        if (runs.size() < 3) {
            return notes;
        }
        for (RunResult run : runs) {
            double p90 = run.endToEnd().percentileNanos(90);
            double[] others = runs.stream().filter(o -> o != run).mapToDouble(o -> o.endToEnd().percentileNanos(90))
                    .toArray();
            double lo = java.util.Arrays.stream(others).min().getAsDouble();
            double hi = java.util.Arrays.stream(others).max().getAsDouble();
            if (p90 > hi * OUTLIER_FACTOR || p90 < lo / OUTLIER_FACTOR) {
                notes.add(String.format(Locale.ROOT, "%s at %,d msgs/s: run %d (%s) is far from the others: p90 %s µs "
                                + "against %s – %s µs in the other runs, p50 %s µs, mean %s µs", label(r),
                        r.config().targetRatePerSecond(), run.run(), run.status(), ComparisonTable.micros(p90),
                        ComparisonTable.micros(lo), ComparisonTable.micros(hi),
                        ComparisonTable.micros(run.endToEnd().percentileNanos(50)),
                        ComparisonTable.micros(run.endToEnd().histogram().getMean())));
            }
        }
        return notes;
    }

    static boolean paired(List<BenchmarkResult> atRate) {
        return atRate.stream().anyMatch(r -> Labels.of(r).paired());
    }

    /** The counted run whose two JVMs were stopped longest: "server / client ms (GC pauses server / client)". */
    static String pausesCell(BenchmarkResult r) {
        List<JvmPauses> all = JvmPauses.fromLabels(r.labels());
        long worst = -1;
        String cell = "not logged";
        for (RunResult run : r.countedRuns()) {
            JvmPauses server = null;
            JvmPauses client = null;
            for (JvmPauses p : all) {
                if (p.run() == run.run()) {
                    if ("server".equals(p.role())) {
                        server = p;
                    } else {
                        client = p;
                    }
                }
            }
            if (server == null && client == null) {
                continue;
            }
            long total = (server == null ? 0 : server.safepointTotalMicros())
                    + (client == null ? 0 : client.safepointTotalMicros());
            if (total > worst) {
                worst = total;
                cell = String.format(Locale.ROOT, "%s / %s (GC %s / %s)", ms(server), ms(client),
                        server == null ? "-" : server.gcPauses(), client == null ? "-" : client.gcPauses());
            }
        }
        return cell;
    }

    static String ms(JvmPauses p) {
        return p == null ? "-" : String.format(Locale.ROOT, "%.1f", p.safepointTotalMicros() / 1e3);
    }

    static long count(BenchmarkResult r, RunStatus status) {
        return r.countedRuns().stream().filter(run -> run.status() == status).count();
    }

    /**
     * An engine's overhead over the floor at one percentile. Paired (interleaved comparisons): per run, the engine's
     * value minus that of the floor run adjacent to it; the median of those differences with its order-statistic
     * interval. Runs that are not OK, on either side of a pair, are left out and said so. Unpaired (grouped): the
     * difference of medians over OK runs, no interval.
     */
    public record Overhead(PairedStats.Interval interval, boolean paired, int excluded, String excludedWhy) {

        public static Overhead of(BenchmarkResult engine, BenchmarkResult floor, double percentile) {
            List<RunResult> runs = engine.countedRuns();
            if (engine.status() != RunStatus.OK) {
                // no figure from the runs that survived: an engine × rate with a run not OK has its status instead
                return new Overhead(PairedStats.median(new double[0]), false, 0, engine.status().name());
            }
            Labels labels = Labels.of(engine);
            if (labels.paired()) {
                List<Double> diffs = new ArrayList<>();
                int excluded = 0;
                java.util.Set<String> why = new java.util.TreeSet<>();
                for (RunResult run : runs) {
                    Integer beside = labels.floorRunBeside(run.run());
                    RunResult f = beside != null && beside > 0
                            ? floor.runs().stream().filter(x -> x.run() == beside).findFirst().orElse(null)
                            : null;
                    if (f == null || !run.ok() || !f.ok() || f.excluded()) {
                        excluded++;
                        why.add(f == null ? "no floor run" : !run.ok() ? run.status().name()
                                : f.excluded() ? "floor run excluded" : "floor run " + f.status());
                        continue;
                    }
                    diffs.add((double) run.endToEnd().percentileNanos(percentile)
                            - f.endToEnd().percentileNanos(percentile));
                }
                return new Overhead(PairedStats.median(diffs.stream().mapToDouble(Double::doubleValue).toArray()), true,
                        excluded, String.join(", ", why));
            }
            List<RunResult> ok = runs.stream().filter(RunResult::ok).toList();
            List<RunResult> floorOk = floor.countedRuns().stream().filter(RunResult::ok).toList();
            int excluded = runs.size() - ok.size();
            if (ok.isEmpty() || floorOk.isEmpty()) {
                return new Overhead(PairedStats.median(new double[0]), false, excluded,
                        ok.isEmpty() ? "no OK run" : "no OK floor run");
            }
            double d = median(ok, percentile) - median(floorOk, percentile);
            return new Overhead(new PairedStats.Interval(d, d, d, 0, 1), false, excluded, excluded > 0
                    ? "not OK" : "");
        }

        private static double median(List<RunResult> runs, double percentile) {
            return org.fixbench.cli.results.SummaryFile.median(runs.stream()
                    .mapToDouble(r -> r.endToEnd().percentileNanos(percentile)).toArray());
        }

        public String cell() {
            if (interval.n() == 0 && excluded == 0 && !excludedWhy.isEmpty()) {
                return "✗ " + excludedWhy;
            }
            String value = interval.n() == 0 ? "✗ none" : paired ? interval.text(ComparisonTable::micros)
                    : ComparisonTable.micros(interval.median());
            return excluded == 0 ? value : value + " (" + excluded + " run(s) left out: " + excludedWhy + ")";
        }
    }

    /** A plain sentence for an engine × rate that was not sustained, or ended early; null when all is well. */
    public static String verdict(BenchmarkResult r) {
        if (r.status() == RunStatus.OK) {
            return null;
        }
        List<RunResult> bad = r.countedRuns().stream().filter(run -> !run.ok()).toList();
        String reasons = String.join("; ", bad.stream()
                .map(run -> "run " + run.run() + " " + run.status() + ": " + run.reason()).toList());
        if (r.aborted()) {
            return String.format(Locale.ROOT, "✗ **%s ended early at %,d msgs/s**: %s. ", label(r),
                    r.config().targetRatePerSecond(), r.abortReason()) + reasons;
        }
        long saturated = bad.stream().filter(run -> run.status() == RunStatus.SATURATED).count();
        long failed = bad.stream().filter(run -> run.status() == RunStatus.FAILED).count();
        long disturbed = bad.stream().filter(run -> run.status() == RunStatus.DISTURBED).count();
        if (disturbed == bad.size()) {
            return String.format(Locale.ROOT, "✗ **%s at %,d msgs/s was disturbed** (of %d runs %d DISTURBED: the "
                            + "JIT or other processes took the CPU it needed, so its latencies measure them; it is "
                            + "left out of the overhead rows). ", label(r), r.config().targetRatePerSecond(),
                    r.countedRuns().size(), disturbed) + reasons;
        }
        double achieved = r.countedRuns().stream().mapToDouble(RunResult::achievedRatePerSecond).min().orElse(0);
        double completed = r.countedRuns().stream().mapToDouble(RunResult::completionRatePerSecond).min().orElse(0);
        String misfit = Labels.of(r).engineNotes().stream()
                .filter(n -> n.contains(org.fixbench.harness.machine.IdleThreads.DOES_NOT_FIT))
                .findFirst().orElse(null);
        if (misfit != null && saturated > 0) {
            // its busy threads outnumber the CPUs: what fell behind is the profile on this machine, said so first
            return String.format(Locale.ROOT, "✗ **%s did not keep up with %,d msgs/s on this machine, which its "
                            + "profile does not fit** (lowest run: sent %,.0f/s, replies completed %,.0f/s; of %d runs "
                            + "%d SATURATED, %d FAILED; not a verdict on the engine: %s; it is left out of the "
                            + "overhead rows). ", label(r), r.config().targetRatePerSecond(), achieved, completed,
                    r.countedRuns().size(), saturated, failed, misfit) + reasons;
        }
        String alsoDisturbed = disturbed > 0 ? ", " + disturbed + " DISTURBED" : "";
        return String.format(Locale.ROOT, "✗ **%s did not keep up with %,d msgs/s** (lowest run: sent %,.0f/s, "
                        + "replies completed %,.0f/s; of %d runs %d SATURATED, %d FAILED%s; its latencies measure a "
                        + "queue, and it is left out of the overhead rows). ", label(r),
                r.config().targetRatePerSecond(), achieved, completed, r.countedRuns().size(), saturated, failed,
                alsoDisturbed) + reasons;
    }

    /**
     * Sentences naming each engine whose runs had more busy threads (spinning: on a CPU or waiting for one most of the
     * run) than the machine has CPUs: they wait for each other by design of the profile.
     */
    public static List<String> oversubscribed(List<BenchmarkResult> atRate) {
        int cpus = Runtime.getRuntime().availableProcessors();
        List<String> notes = new ArrayList<>();
        for (BenchmarkResult r : atRate) {
            int busy = r.countedRuns().stream().mapToInt(run -> run.cpuWait().busyThreads()).max().orElse(0);
            if (busy > cpus) {
                notes.add(String.format(Locale.ROOT, "%s runs %d busy threads (client and server together, each on a "
                        + "CPU or waiting for one at least %.0f%% of a run) on %d CPUs: its threads wait for each "
                        + "other by design of the profile", label(r), busy,
                        100 * org.fixbench.harness.machine.CpuWait.BUSY_SHARE, cpus));
            }
        }
        return notes;
    }
}
