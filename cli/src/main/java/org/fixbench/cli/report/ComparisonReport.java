package org.fixbench.cli.report;

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

import org.fixbench.cli.results.JvmPauses;
import org.fixbench.cli.results.PairedStats;
import org.fixbench.cli.results.ResultLabels;
import org.fixbench.engine.RoundTripTask;
import org.fixbench.harness.results.BenchmarkResult;
import org.fixbench.harness.results.ComparisonTable;
import org.fixbench.harness.results.RunResult;
import org.fixbench.harness.results.TextReport;
import org.fixbench.harness.series.SeriesNames;
import org.fixbench.harness.verdict.RunStatus;

/**
 * {@code report.md}: per rate, engines side by side (each percentile of the round trip over all counted runs'
 * samples together, with the runs' own lowest – highest),
 * achieved rate, lost messages, runs OK, engine overhead over the raw-TCP floor; plainly says which engine did
 * not sustain which rate; then the JLBH-style summaries and the machine it ran on.
 */
public final class ComparisonReport {
    private ComparisonReport() {
    }

    public static String render(String command, Map<String, Object> environment, List<String> engineLabels, List<Long> rates,
                         List<BenchmarkResult> results, String stopReason, ChartSet charts) {
        return render(command, environment, engineLabels, rates, results, stopReason, charts, null);
    }

    /** As above; {@code profilesFolder}: the results folder, where the profiles' collapsed stacks are read. */
    public static String render(String command, Map<String, Object> environment, List<String> engineLabels, List<Long> rates,
                         List<BenchmarkResult> results, String stopReason, ChartSet charts,
                         java.nio.file.Path profilesFolder) {
        return render(Frame.COMPARISON, command, environment, engineLabels, rates, results, stopReason, charts,
                profilesFolder);
    }

    /**
     * What frames a report around its tables, set before it is rendered (a report is never edited as text after):
     * its title, notes under the title, sections after its Command line, and sections before the run-by-run
     * summaries. Each note and section is markdown ending in a blank line.
     */
    public record Frame(String title, List<String> notes, List<String> afterCommand, List<String> beforeRuns) {
        /** A comparison's report, with nothing added. */
        public static final Frame COMPARISON = new Frame("fixbench comparison", List.of(), List.of(), List.of());

        public Frame {
            notes = List.copyOf(notes);
            afterCommand = List.copyOf(afterCommand);
            beforeRuns = List.copyOf(beforeRuns);
        }

        public Frame titled(String newTitle) {
            return new Frame(newTitle, notes, afterCommand, beforeRuns);
        }

        public Frame withNote(String note) {
            return new Frame(title, append(notes, note), afterCommand, beforeRuns);
        }

        public Frame withSectionAfterCommand(String section) {
            return new Frame(title, notes, append(afterCommand, section), beforeRuns);
        }

        public Frame withSectionBeforeRuns(String section) {
            return new Frame(title, notes, afterCommand, append(beforeRuns, section));
        }

        private static List<String> append(List<String> list, String item) {
            List<String> out = new ArrayList<>(list);
            out.add(item);
            return out;
        }
    }

    /**
     * How the runs' warm-ups waited for the JIT, and whether a run was measured again: a warm-up cap of 0 (recorded
     * since 2026-12-03; older folders read the default) waits for nothing and measures nothing again.
     */
    public static String warmupSentence(List<BenchmarkResult> results) {
        String settled = "A run starts once both JVMs' JIT compilers have gone quiet at its rate; one inside which a "
                + "JVM's compilers still took more than "
                + Math.round(100 * org.fixbench.harness.verdict.Verdicts.REMEASURE_JIT_SHARE) + "% of its time is "
                + "measured again, once, after they went quiet again, whatever its first attempt read; the second "
                + "attempt counts, and the first's status and percentiles stay beside it (\"measured again\").";
        String unsettled = "the warm-up did not wait for the JIT compilers to go quiet (a warm-up cap of 0): a run may "
                + "include compiling (DISTURBED where it took a CPU from the threads that measure), and none is "
                + "measured again.";
        long uncapped = results.stream().filter(r -> r.config().warmupCapNanos() == 0).count();
        if (uncapped == 0) {
            return settled;
        }
        return uncapped == results.size() ? "In every benchmark here " + unsettled
                : settled + " Except in " + uncapped + " of the " + results.size() + " benchmarks, where " + unsettled;
    }

    /** As above, framed by {@code frame}. */
    public static String render(Frame frame, String command, Map<String, Object> environment, List<String> engineLabels,
                                List<Long> rates, List<BenchmarkResult> results, String stopReason, ChartSet charts,
                                java.nio.file.Path profilesFolder) {
        StringBuilder md = new StringBuilder();
        md.append("# ").append(frame.title()).append(uncommittedMark(environment)).append("\n\n");
        frame.notes().forEach(md::append);
        md.append("Command: `").append(command).append("`\n\n");
        frame.afterCommand().forEach(md::append);
        md.append(environmentSection(environment, results)).append('\n');
        boolean fixedOnly = results.stream().allMatch(r -> workloadOf(r).equals("fixed"));
        md.append(fixedOnly ? "Each cell is the round trip NewOrderSingle → ExecutionReport" : "Each cell is the round "
                + "trip of every request the workload sends (NewOrderSingle, OrderCancelRequest, "
                + "OrderCancelReplaceRequest) → its answer (an ExecutionReport, or an OrderCancelReject), all types "
                + "together (each type's own percentiles, `request D ...`, `request F ...`, `request G ...`, are in "
                + "each engine's section),");
        md.append(" measured from the *intended* send time "
                + "(coordinated-omission corrected), in µs: that percentile of all counted runs' samples together "
                + "(the distribution the percentile chart draws), then in brackets the lowest and highest of the runs' "
                + "own values. \"worst\" is the largest round trip of all runs. Orders never answered are charged at "
                + "no less than the sample timeout. ✗ marks an engine × rate with a run that is not OK: DISTURBED (the "
                + "threads that measure waited for a CPU while a JVM's JIT compilers or other processes took one; the "
                + "note names which), SATURATED (it did not keep up, seen from the sends or from the replies: "
                + "replies completed below the rate, an order left unanswered past the bound, latency rising through "
                + "the run, or orders queueing) or FAILED (orders lost, session lost); its latencies then measure the "
                + "machine or a queue, not the engine; see the notes under the table. Such an engine × rate gets no "
                + "overhead over raw TCP (no figure from the runs that survived). ").append(warmupSentence(results))
                .append("\n\n");
        results.stream().map(r -> r.labels().get(ResultLabels.PROFILED)).filter(java.util.Objects::nonNull).findFirst()
                .ifPresent(p -> md.append("**Profiled:** ").append(p).append(". Every benchmark here ran under the "
                        + "profiler, so these latencies include its cost: set them against each other, never against "
                        + "unprofiled results (its cost, measured once: p90 about 2.5-3x at 10,000/s; cli/README.md). "
                        + "The profiles are listed under \"Profiles\".\n\n"));
        if (stopReason != null) {
            md.append("**The comparison stopped early:** ").append(stopReason)
                    .append(". Results below are what was measured before that.\n\n");
        }
        md.append(interopMatrix(rates, results));
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
                outliers(r).forEach(note -> md.append("- ").append(note).append('\n'));
            }
            oversubscribed(atRate).forEach(note -> md.append("- ").append(note).append('\n'));
            md.append('\n');
            ChartSet.Ref percentiles = charts.percentiles(rate);
            if (percentiles != null) {
                md.append(percentiles.markdown());
            }
        }
        List<ChartSet.Ref> curves = charts.of(ChartSet.Kind.THROUGHPUT);
        if (!curves.isEmpty()) {
            md.append("## Latency against throughput\n\n");
            curves.forEach(c -> md.append(c.markdown()));
        }
        List<ChartSet.Ref> timelines = charts.of(ChartSet.Kind.TIMELINE);
        if (!timelines.isEmpty()) {
            md.append("## Latency over time\n\n");
            md.append("Per engine × rate, the p99 (solid) and maximum (dashed) of each second of each counted run, "
                    + "orders placed by their due time (from `hlog/<benchmark>/endToEnd.hlog`): a pause shows as a "
                    + "spike in the second it happened, an engine that does not keep up as a line that climbs.\n\n");
            for (long rate : rates) {
                timelines.stream().filter(t -> t.rate() == rate).forEach(t -> md.append(t.markdown()));
            }
        }
        if (results.stream().anyMatch(r -> r.labels().get(ResultLabels.PROFILES) instanceof List<?>)) {
            md.append("## Profiles\n\nEach benchmark's profiles (one per round in an interleaved comparison), and where "
                    + "most of their samples ended (self time, all of the benchmark's profiles together).\n\n");
            for (BenchmarkResult r : results) {
                if (r.labels().get(ResultLabels.PROFILES) instanceof List<?> files) {
                    md.append("- ").append(label(r)).append(String.format(Locale.ROOT, " at %,d msgs/s: ",
                            r.config().targetRatePerSecond()));
                    md.append(String.join(", ", files.stream().map(f -> "[" + java.nio.file.Path.of(f.toString())
                            .getFileName() + "](" + f.toString().replace('\\', '/') + ")").toList())).append('\n');
                    if (profilesFolder != null) {
                        for (String role : List.of("client", "server", "client_server")) {
                            List<java.nio.file.Path> collapsed = files.stream().map(Object::toString)
                                    .filter(f -> f.endsWith(".html") && org.fixbench.cli.results.ProfileFiles.role(f)
                                            .equals(role))
                                    .map(f -> org.fixbench.cli.results.ProfileFiles.collapsed(profilesFolder.resolve(f)))
                                    .toList();
                            List<String> hot = org.fixbench.cli.results.ProfileFiles.hottest(collapsed, 5);
                            if (!hot.isEmpty()) {
                                md.append("  - hottest frames, ").append(role.replace('_', '+')).append(": ")
                                        .append(String.join("; ", hot).replace("|", "\\|")).append('\n');
                            }
                        }
                    }
                }
            }
            md.append('\n');
        }
        md.append(ClusterSection.markdown(environment, results));
        frame.beforeRuns().forEach(md::append);
        md.append("## Run-by-run summaries (JLBH style, µs)\n\n");
        for (BenchmarkResult r : results) {
            md.append("### ").append(label(r)).append(String.format(Locale.ROOT, " @ %,d/s%n%n",
                    r.config().targetRatePerSecond()));
            md.append("```\n");
            BenchmarkResult floor = results.stream().filter(f -> ResultLabels.FLOOR_ENGINE.equals(f.labels().get(ResultLabels.ENGINE))
                    && f.config().targetRatePerSecond() == r.config().targetRatePerSecond()).findFirst().orElse(null);
            PairedStats.Modes modes = floor == null ? null : PairedStats.modes(floor.countedRuns().stream()
                    .filter(RunResult::ok).mapToDouble(run -> run.endToEnd().percentileNanos(50)).toArray());
            if (r == floor && modes != null && modes.bimodal()) {
                md.append(String.format(Locale.ROOT, "the floor's run p50s fall into two modes: low %s – %s µs (%d "
                                + "runs), high %s – %s µs (%d runs)%n", ComparisonTable.micros(modes.low()[0]),
                        ComparisonTable.micros(modes.low()[modes.low().length - 1]), modes.low().length,
                        ComparisonTable.micros(modes.high()[0]),
                        ComparisonTable.micros(modes.high()[modes.high().length - 1]), modes.high().length));
            }
            List<?> pairs = r.labels().get(ResultLabels.PAIRED_FLOOR_RUNS) instanceof List<?> l ? l : List.of();
            for (RunResult run : r.runs()) {
                String pair = "";
                if (floor != null && run.run() - 1 < pairs.size() && pairs.get(run.run() - 1) instanceof Number n) {
                    RunResult f = floor.runs().stream().filter(x -> x.run() == n.intValue()).findFirst().orElse(null);
                    pair = f == null ? ", no floor run beside it" : ", paired with " + label(floor) + " run "
                            + f.run() + (modes != null && modes.bimodal() && f.ok() ? " ("
                            + modes.modeOf(f.endToEnd().percentileNanos(50)) + " mode of the floor)" : "");
                } else if (r == floor && modes != null && modes.bimodal() && run.ok()) {
                    pair = ", " + modes.modeOf(run.endToEnd().percentileNanos(50)) + " mode";
                }
                md.append(String.format(Locale.ROOT, "run %d: %s, sent %,.0f/s, replies completed %,.0f/s, lost %,d"
                                + "%s, oldest unanswered %s µs, largest catch-up burst %,d, steal %s%s%s%n", run.run(),
                        run.status(), run.achievedRatePerSecond(), run.completionRatePerSecond(), run.lost(),
                        run.lateReplies() > 0 ? String.format(Locale.ROOT, " (%,d answered late)", run.lateReplies())
                                : "", ComparisonTable.micros(run.oldestUnansweredNanos()), run.largestSendBacklog(),
                        stealText(run.stealPercent()) + placeAndMachine(run), pair,
                        run.ok() ? "" : " - " + run.reason()));
                if (run.remeasure() != null) {
                    md.append("  measured again: ").append(TextReport.remeasureText(run.remeasure())).append('\n');
                }
            }
            List<String> shown = new java.util.ArrayList<>(List.of(SeriesNames.END_TO_END,
                    RoundTripTask.CLIENT_TO_SERVER, RoundTripTask.SERVER_PROCESSING, RoundTripTask.SERVER_TO_CLIENT));
            // the stages of an order's life the engine reports (an external gateway's ack and fill), in its order
            if (!r.countedRuns().isEmpty()) {
                r.countedRuns().get(0).series().keySet().stream()
                        .filter(name -> name.startsWith(RoundTripTask.STAGE_PREFIX)).forEach(shown::add);
                // each message type of the workload, from its own intended send time to its own answer
                r.countedRuns().get(0).series().keySet().stream()
                        .filter(name -> name.startsWith(RoundTripTask.REQUEST_PREFIX)).sorted().forEach(shown::add);
            }
            shown.add(SeriesNames.HICCUPS);
            for (String series : shown) {
                if (!r.countedRuns().isEmpty() && r.countedRuns().get(0).series().containsKey(series)) {
                    md.append(TextReport.summary(r, series));
                }
            }
            md.append("```\n\n");
            Object notes = r.labels().get(ResultLabels.ENGINE_NOTES);
            if (notes instanceof List<?> list && !list.isEmpty()) {
                for (Object note : list) {
                    md.append("- ").append(note).append('\n');
                }
                md.append('\n');
            }
            r.pinning().forEach(p -> md.append("- pinning: ").append(p.describe()).append('\n'));
            md.append('\n');
        }
        md.append("Files: `summary.json` (all numbers, ns), `summary.csv`, `environment.json`, an HdrHistogram log per "
                + "engine × rate × series (`hlog/<benchmark>/<series>.hlog`: untagged the runs, tagged `second` the "
                + "timeline), `hgrm/`.\n");
        return md.toString();
    }

    /**
     * For {@code --pairs}: per rate, clients down, servers across, each cell the median of the runs' p50 in µs, or
     * why there is none (✗ and the status, or the reason the pair did not run). Empty when no result is a pair.
     */
    public static String interopMatrix(List<Long> rates, List<BenchmarkResult> results) {
        List<BenchmarkResult> pairs = results.stream().filter(r -> r.labels().get(ResultLabels.CLIENT) != null).toList();
        if (pairs.isEmpty()) {
            return "";
        }
        List<String> clients = pairs.stream().map(r -> String.valueOf(r.labels().get(ResultLabels.CLIENT))).distinct().toList();
        List<String> servers = pairs.stream().map(r -> String.valueOf(r.labels().get(ResultLabels.SERVER))).distinct().toList();
        StringBuilder md = new StringBuilder();
        for (long rate : rates) {
            md.append(String.format(Locale.ROOT, "## Interop matrix at %,d msgs/s: p50 round trip, µs (client ↓, "
                    + "server →)%n%n", rate));
            List<String> header = new ArrayList<>(List.of("client \\ server"));
            header.addAll(servers);
            row(md, header);
            row(md, java.util.Collections.nCopies(header.size(), "---"));
            for (String client : clients) {
                List<String> cells = new ArrayList<>(List.of(client));
                for (String server : servers) {
                    BenchmarkResult r = pairs.stream().filter(p -> client.equals(String.valueOf(p.labels().get(ResultLabels.CLIENT)))
                            && server.equals(String.valueOf(p.labels().get(ResultLabels.SERVER)))
                            && p.config().targetRatePerSecond() == rate).findFirst().orElse(null);
                    cells.add(matrixCell(r));
                }
                row(md, cells);
            }
            md.append('\n');
        }
        return md.toString();
    }

    private static String matrixCell(BenchmarkResult r) {
        if (r == null) {
            return "not run";
        }
        List<RunResult> ok = r.countedRuns().stream().filter(RunResult::ok).toList();
        if (r.runs().isEmpty()) {
            return "✗ " + (r.abortReason() == null ? "no runs" : r.abortReason().replace('|', '/'));
        }
        if (ok.size() < r.countedRuns().size() || ok.isEmpty()) {
            return "✗ " + r.status();
        }
        return ComparisonTable.micros(ComparisonTable.pooledNanos(ok, SeriesNames.END_TO_END, 50));
    }

    /** A comparison across hosts' section "Per client host" (empty for one machine's). */
    public static String clusterSection(Map<String, Object> environment, List<BenchmarkResult> results) {
        return ClusterSection.markdown(environment, results);
    }

    public static String label(BenchmarkResult r) {
        return ResultLabels.label(r);
    }

    private static String rateTable(List<BenchmarkResult> atRate) {
        BenchmarkResult floor = atRate.stream().filter(r -> ResultLabels.FLOOR_ENGINE.equals(r.labels().get(ResultLabels.ENGINE)))
                .findFirst().orElse(null);
        StringBuilder sb = new StringBuilder();
        List<String> header = new ArrayList<>(List.of("µs"));
        atRate.forEach(r -> header.add(label(r) + (r.status() == RunStatus.OK ? "" : " ✗")));
        row(sb, header);
        row(sb, header.stream().map(h -> h.equals("µs") ? "---" : "---:").toList());
        for (double p : ComparisonTable.PERCENTILES) {
            List<String> cells = new ArrayList<>(List.of(ComparisonTable.percentileLabel(p)));
            atRate.forEach(r -> cells.add(p >= 100 ? ComparisonTable.micros(ComparisonTable.worstNanos(r,
                    SeriesNames.END_TO_END)) : pooledCell(r, SeriesNames.END_TO_END, p)));
            row(sb, cells);
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
        List<String> status = new ArrayList<>(List.of("runs OK / DISTURBED / SATURATED / FAILED"));
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
            status.add(count(r, RunStatus.OK) + " / " + count(r, RunStatus.DISTURBED) + " / "
                    + count(r, RunStatus.SATURATED) + " / " + count(r, RunStatus.FAILED));
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
        row(sb, status);
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
            row(sb, cells);
        }
        return sb.toString();
    }

    /**
     * The server's CPU per order answered over each counted run (all threads of the server's processes, a JVM and what
     * it started: {@link org.fixbench.harness.machine.CpuWait#serverCpuNanos()}), as the median and range of the runs; "not
     * measured" where no server process was read (a server elsewhere, or results from before it was recorded).
     */
    static String serverCpuCell(BenchmarkResult r) {
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
        return r.labels().get(ResultLabels.WORKLOAD) instanceof String w ? w : "fixed";
    }

    /** How many FIX sessions a result's benchmark opened (label {@value ResultLabels#SESSIONS}; 1 without it). */
    public static int sessionsOf(BenchmarkResult r) {
        return r.labels().get(ResultLabels.SESSIONS) instanceof Number n ? n.intValue() : 1;
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

    private static boolean paired(List<BenchmarkResult> atRate) {
        return atRate.stream().anyMatch(r -> r.labels().get(ResultLabels.PAIRED_FLOOR_RUNS) instanceof List<?>);
    }

    /** The counted run whose two JVMs were stopped longest: "server / client ms (GC pauses server / client)". */
    private static String pausesCell(BenchmarkResult r) {
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

    private static String ms(JvmPauses p) {
        return p == null ? "-" : String.format(Locale.ROOT, "%.1f", p.safepointTotalMicros() / 1e3);
    }

    private static long count(BenchmarkResult r, RunStatus status) {
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
            if (engine.labels().get(ResultLabels.PAIRED_FLOOR_RUNS) instanceof List<?> pairs) {
                List<Double> diffs = new ArrayList<>();
                int excluded = 0;
                java.util.Set<String> why = new java.util.TreeSet<>();
                for (RunResult run : runs) {
                    int k = run.run() - 1;
                    RunResult f = k < pairs.size() && pairs.get(k) instanceof Number n && n.intValue() > 0
                            ? floor.runs().stream().filter(x -> x.run() == n.intValue()).findFirst().orElse(null)
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
        String misfit = r.labels().get(ResultLabels.ENGINE_NOTES) instanceof List<?> notes ? notes.stream()
                .map(String::valueOf).filter(n -> n.contains(org.fixbench.harness.machine.IdleThreads.DOES_NOT_FIT))
                .findFirst().orElse(null) : null;
        if (misfit != null && saturated > 0) {
            // its busy threads outnumber the CPUs: what fell behind is the profile on this machine, said so first
            return String.format(Locale.ROOT, "✗ **%s did not keep up with %,d msgs/s on this machine, which its "
                            + "profile does not fit** (lowest run: sent %,.0f/s, replies completed %,.0f/s; of %d runs "
                            + "%d SATURATED, %d FAILED; not a verdict on the engine: %s; it is left out of the "
                            + "overhead rows). ", label(r), r.config().targetRatePerSecond(), achieved, completed,
                    r.countedRuns().size(), saturated, failed, misfit) + reasons;
        }
        String head = String.format(Locale.ROOT, "✗ **%s did not keep up with %,d msgs/s** (lowest run: sent %,.0f/s, "
                        + "replies completed %,.0f/s; of %d runs %d SATURATED, %d FAILED; its latencies measure a "
                        + "queue, and it is left out of the overhead rows). ", label(r),
                r.config().targetRatePerSecond(), achieved, completed, r.countedRuns().size(), saturated, failed)
                .replace(" FAILED;", " FAILED" + (disturbed > 0 ? ", " + disturbed + " DISTURBED" : "") + ";");
        return head + reasons;
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

    private static String stealText(double pct) {
        return Double.isNaN(pct) ? "n/a" : String.format(Locale.ROOT, "%.1f%%", pct);
    }

    /**
     * " (from an uncommitted tree)" for a title when the suite ran from a working tree with changes not committed
     * (what ran is then not what the commit holds); "" otherwise.
     */
    public static String uncommittedMark(Map<String, Object> env) {
        return Objects.equals(env.get("gitDirty"), Boolean.TRUE) ? " (from an uncommitted tree)" : "";
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
                env.get("cpu") instanceof Map<?, ?> cpu ? cpu : null, env.get("cpuModel"))).append(", ").append(env.get("cpus")).append(" CPUs; governor ")
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
        sb.append("- Suite: commit ").append(env.get("gitCommit"))
                .append(Objects.equals(env.get("gitDirty"), Boolean.TRUE) ? " (working tree dirty)" : "")
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

    public static void write(Path folder, String markdown) {
        try {
            org.fixbench.harness.results.AtomicFiles.writeString(folder.resolve("report.md"), markdown);
            org.fixbench.harness.results.AtomicFiles.writeString(folder.resolve("report.html"),
                    org.fixbench.cli.report.HtmlReport.render(markdown, folder));
        } catch (IOException e) {
            throw new org.fixbench.harness.api.HarnessException("cannot write report.md: " + e.getMessage(), e);
        }
    }

    private static void row(StringBuilder sb, List<String> cells) {
        sb.append("| ").append(String.join(" | ", cells)).append(" |\n");
    }
}
