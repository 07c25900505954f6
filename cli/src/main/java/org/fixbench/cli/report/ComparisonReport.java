package org.fixbench.cli.report;

import static org.fixbench.cli.report.EnvironmentSection.placeAndMachine;
import static org.fixbench.cli.report.EnvironmentSection.stealText;
import static org.fixbench.cli.report.RateTable.outliers;
import static org.fixbench.cli.report.RateTable.oversubscribed;
import static org.fixbench.cli.report.RateTable.workloadOf;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;

import org.fixbench.cli.report.doc.Block;
import org.fixbench.cli.report.doc.Document;
import org.fixbench.cli.report.doc.HtmlWriter;
import org.fixbench.cli.report.doc.MarkdownWriter;
import org.fixbench.cli.report.doc.Table;
import org.fixbench.cli.results.ComparisonRecord;
import org.fixbench.cli.results.Labels;
import org.fixbench.cli.results.ProfileFiles;
import org.fixbench.cli.results.PairedStats;
import org.fixbench.cli.results.ResultLabels;
import org.fixbench.engine.RoundTripTask;
import org.fixbench.harness.results.BenchmarkResult;
import org.fixbench.harness.results.ComparisonTable;
import org.fixbench.harness.results.RunResult;
import org.fixbench.harness.results.TextReport;
import org.fixbench.harness.series.SeriesNames;

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
        return MarkdownWriter.write(document(Frame.COMPARISON, command, environment, engineLabels, rates, results,
                stopReason, charts, profilesFolder));
    }

    /**
     * What frames a report around its tables, set before it is made (a report is never edited as text after): its
     * title, notes under the title, sections after its Command line, and sections before the run-by-run summaries.
     */
    public record Frame(String title, List<Block> notes, List<Block> afterCommand, List<Block> beforeRuns) {
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

        public Frame withNote(Block note) {
            return new Frame(title, append(notes, note), afterCommand, beforeRuns);
        }

        public Frame withSectionAfterCommand(Block section) {
            return new Frame(title, notes, append(afterCommand, section), beforeRuns);
        }

        public Frame withSectionBeforeRuns(Block section) {
            return new Frame(title, notes, afterCommand, append(beforeRuns, section));
        }

        private static List<Block> append(List<Block> list, Block item) {
            List<Block> out = new ArrayList<>(list);
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

    /** As above, framed by {@code frame}, as Markdown. */
    public static String render(Frame frame, String command, Map<String, Object> environment, List<String> engineLabels,
                                List<Long> rates, List<BenchmarkResult> results, String stopReason, ChartSet charts,
                                java.nio.file.Path profilesFolder) {
        return MarkdownWriter.write(document(frame, command, environment, engineLabels, rates, results, stopReason,
                charts, profilesFolder));
    }

    /** The report, framed by {@code frame}, before it is written. */
    public static Document document(Frame frame, String command, Map<String, Object> environment,
                                    List<String> engineLabels, List<Long> rates, List<BenchmarkResult> results,
                                    String stopReason, ChartSet charts, java.nio.file.Path profilesFolder) {
        Document.Builder doc = new Document.Builder();
        doc.addAll(frame.notes());
        doc.paragraph("Command: `" + command + "`");
        doc.addAll(frame.afterCommand());
        doc.add(EnvironmentSection.section(environment, results));
        boolean fixedOnly = results.stream().allMatch(r -> workloadOf(r).equals("fixed"));
        doc.paragraph((fixedOnly ? "Each cell is the round trip NewOrderSingle → ExecutionReport" : "Each cell is the "
                + "round trip of every request the workload sends (NewOrderSingle, OrderCancelRequest, "
                + "OrderCancelReplaceRequest) → its answer (an ExecutionReport, or an OrderCancelReject), all types "
                + "together (each type's own percentiles, `request D ...`, `request F ...`, `request G ...`, are in "
                + "each engine's section),")
                + " measured from the *intended* send time "
                + "(coordinated-omission corrected), in µs: that percentile of all counted runs' samples together "
                + "(the distribution the percentile chart draws), then in brackets the lowest and highest of the runs' "
                + "own values. \"worst\" is the largest round trip of all runs. Orders never answered are charged at "
                + "no less than the sample timeout. ✗ marks an engine × rate with a run that is not OK: DISTURBED (the "
                + "threads that measure waited for a CPU while a JVM's JIT compilers or other processes took one; the "
                + "note names which), SATURATED (it did not keep up, seen from the sends or from the replies: "
                + "replies completed below the rate, an order left unanswered past the bound, latency rising through "
                + "the run, or orders queueing) or FAILED (orders lost, session lost); its latencies then measure the "
                + "machine or a queue, not the engine; see the notes under the table. Such an engine × rate gets no "
                + "overhead over raw TCP (no figure from the runs that survived). " + warmupSentence(results));
        results.stream().map(r -> Labels.of(r).profiled()).filter(Objects::nonNull).findFirst()
                .ifPresent(p -> doc.paragraph("**Profiled:** " + p + ". Every benchmark here ran under the "
                        + "profiler, so these latencies include its cost: set them against each other, never against "
                        + "unprofiled results (its cost, measured once: p90 about 2.5-3x at 10,000/s; cli/README.md). "
                        + "The profiles are listed under \"Profiles\"."));
        if (environment.get(ResultLabels.LEFT_OUT) instanceof List<?> leftOut && !leftOut.isEmpty()) {
            doc.paragraph("**Left out after ending early:** " + leftOut.stream().map(String::valueOf)
                    .collect(java.util.stream.Collectors.joining("; ")) + ". The comparison went on with the others; "
                    + "what each one left out measured before it ended is below, its later rounds and rates not run.");
        }
        if (stopReason != null) {
            doc.paragraph("**The comparison stopped early:** " + stopReason
                    + ". Results below are what was measured before that.");
        }
        doc.addAll(interopMatrix(rates, results));
        for (long rate : rates) {
            List<BenchmarkResult> atRate = Compared.atRate(results, engineLabels, rate);
            if (atRate.isEmpty()) {
                continue;
            }
            Document.Builder section = new Document.Builder();
            section.add(RateTable.model(atRate));
            List<String> notes = new ArrayList<>();
            for (BenchmarkResult r : atRate) {
                String verdict = verdict(r);
                if (verdict != null) {
                    notes.add(verdict);
                }
                notes.addAll(outliers(r));
            }
            notes.addAll(oversubscribed(atRate));
            section.add(Block.Bullets.ofTexts(notes));
            ChartSet.Ref percentiles = charts.percentiles(rate);
            if (percentiles != null) {
                section.add(percentiles.figure());
            }
            doc.add(section.section(2, String.format(Locale.ROOT, "%,d msgs/s", rate)));
        }
        // a tuning session judges its variants in its own table, at its head
        Block.Section prices = ComparisonRecord.of(environment).tuning() != null ? null
                : PriceTable.section(rates, results, engineLabels);
        if (prices != null) {
            doc.add(prices);
        }
        List<ChartSet.Ref> curves = charts.of(ChartSet.Kind.THROUGHPUT);
        if (!curves.isEmpty()) {
            doc.add(new Block.Section(2, "Latency against throughput", curves.stream().map(ChartSet.Ref::figure)
                    .map(Block.class::cast).toList()));
        }
        List<ChartSet.Ref> timelines = charts.of(ChartSet.Kind.TIMELINE);
        if (!timelines.isEmpty()) {
            Document.Builder section = new Document.Builder();
            section.paragraph("Per engine × rate, the p99 (solid) and maximum (dashed) of each second of each counted "
                    + "run, orders placed by their due time (from `hlog/<benchmark>/endToEnd.hlog`): a pause shows as a "
                    + "spike in the second it happened, an engine that does not keep up as a line that climbs.");
            for (long rate : rates) {
                timelines.stream().filter(t -> t.rate() == rate).forEach(t -> section.add(t.figure()));
            }
            doc.add(section.section(2, "Latency over time"));
        }
        if (results.stream().anyMatch(r -> !Labels.of(r).profiles().isEmpty())) {
            doc.add(profilesSection(results, profilesFolder));
        }
        Block.Section hosts = ClusterSection.section(environment, results);
        if (hosts != null) {
            doc.add(hosts);
        }
        doc.addAll(frame.beforeRuns());
        Document.Builder runs = new Document.Builder();
        for (BenchmarkResult r : results) {
            runs.add(runSummary(r, results));
        }
        doc.add(new Block.Section(2, "Run-by-run summaries (JLBH style, µs)", runs.blocks(), true));
        doc.paragraph("Files: `summary.json` (all numbers, ns), `summary.csv`, `environment.json`, an HdrHistogram log "
                + "per engine × rate × series (`hlog/<benchmark>/<series>.hlog`: untagged the runs, tagged `second` the "
                + "timeline), `hgrm/`.");
        return doc.build(frame.title() + uncommittedMark(environment));
    }

    /** Each benchmark's profiles, and the frames where most of their samples ended. */
    private static Block.Section profilesSection(List<BenchmarkResult> results, java.nio.file.Path profilesFolder) {
        List<Block.Item> items = new ArrayList<>();
        for (BenchmarkResult r : results) {
            List<String> files = Labels.of(r).profiles();
            if (files.isEmpty()) {
                continue;
            }
            String text = label(r) + String.format(Locale.ROOT, " at %,d msgs/s: ", r.config().targetRatePerSecond())
                    + String.join(", ", files.stream().map(f -> "[" + java.nio.file.Path.of(f).getFileName() + "]("
                    + f.replace('\\', '/') + ")").toList());
            List<Block.Item> hottest = new ArrayList<>();
            if (profilesFolder != null) {
                for (String role : List.of("client", "server", "client_server")) {
                    List<java.nio.file.Path> collapsed = files.stream()
                            .filter(f -> f.endsWith(".html") && ProfileFiles.role(f).equals(role))
                            .map(f -> ProfileFiles.collapsed(profilesFolder.resolve(f)))
                            .toList();
                    List<String> hot = ProfileFiles.hottest(collapsed, 5);
                    if (!hot.isEmpty()) {
                        hottest.add(Block.Item.of("hottest frames, " + role.replace('_', '+') + ": "
                                + String.join("; ", hot).replace("|", "\\|")));
                    }
                }
            }
            items.add(new Block.Item(text, hottest));
        }
        return new Block.Section(2, "Profiles", List.of(new Block.Paragraph("Each benchmark's profiles (one per round "
                + "in an interleaved comparison), and where most of their samples ended (self time, all of the "
                + "benchmark's profiles together)."), Block.Bullets.of(items)));
    }

    /** One benchmark's runs, line by line, and its series' summaries, JLBH style; its engine's notes and pinning. */
    private static Block.Section runSummary(BenchmarkResult r, List<BenchmarkResult> results) {
        StringBuilder text = new StringBuilder();
        BenchmarkResult floor = results.stream().filter(f -> Labels.of(f).isFloorEngine()
                && f.config().targetRatePerSecond() == r.config().targetRatePerSecond()).findFirst().orElse(null);
        PairedStats.Modes modes = floor == null ? null : PairedStats.modes(floor.countedRuns().stream()
                .filter(RunResult::ok).mapToDouble(run -> run.endToEnd().percentileNanos(50)).toArray());
        if (r == floor && modes != null && modes.bimodal()) {
            text.append(String.format(Locale.ROOT, "the floor's run p50s fall into two modes: low %s – %s µs (%d "
                            + "runs), high %s – %s µs (%d runs)%n", ComparisonTable.micros(modes.low()[0]),
                    ComparisonTable.micros(modes.low()[modes.low().length - 1]), modes.low().length,
                    ComparisonTable.micros(modes.high()[0]),
                    ComparisonTable.micros(modes.high()[modes.high().length - 1]), modes.high().length));
        }
        Labels labels = Labels.of(r);
        for (RunResult run : r.runs()) {
            String pair = "";
            Integer beside = labels.floorRunBeside(run.run());
            if (floor != null && beside != null) {
                RunResult f = floor.runs().stream().filter(x -> x.run() == beside).findFirst().orElse(null);
                pair = f == null ? ", no floor run beside it" : ", paired with " + label(floor) + " run "
                        + f.run() + (modes != null && modes.bimodal() && f.ok() ? " ("
                        + modes.modeOf(f.endToEnd().percentileNanos(50)) + " mode of the floor)" : "");
            } else if (r == floor && modes != null && modes.bimodal() && run.ok()) {
                pair = ", " + modes.modeOf(run.endToEnd().percentileNanos(50)) + " mode";
            }
            text.append(String.format(Locale.ROOT, "run %d: %s, sent %,.0f/s, replies completed %,.0f/s, lost %,d"
                            + "%s, oldest unanswered %s µs, largest catch-up burst %,d, steal %s%s%s%n", run.run(),
                    run.status(), run.achievedRatePerSecond(), run.completionRatePerSecond(), run.lost(),
                    run.lateReplies() > 0 ? String.format(Locale.ROOT, " (%,d answered late)", run.lateReplies())
                            : "", ComparisonTable.micros(run.oldestUnansweredNanos()), run.largestSendBacklog(),
                    stealText(run.stealPercent()) + placeAndMachine(run), pair,
                    run.ok() ? "" : " - " + run.reason()));
            if (run.remeasure() != null) {
                text.append("  measured again: ").append(TextReport.remeasureText(run.remeasure())).append('\n');
            }
        }
        List<String> shown = new ArrayList<>(List.of(SeriesNames.END_TO_END,
                RoundTripTask.CLIENT_TO_SERVER, RoundTripTask.SERVER_PROCESSING, RoundTripTask.SERVER_TO_CLIENT));
        if (!r.countedRuns().isEmpty()) {
            // the stages of an order's life the engine reports (an external gateway's ack and fill), in its order
            r.countedRuns().get(0).series().keySet().stream()
                    .filter(name -> name.startsWith(RoundTripTask.STAGE_PREFIX)).forEach(shown::add);
            // each message type of the workload, from its own intended send time to its own answer
            r.countedRuns().get(0).series().keySet().stream()
                    .filter(name -> name.startsWith(RoundTripTask.REQUEST_PREFIX)).sorted().forEach(shown::add);
        }
        shown.add(SeriesNames.HICCUPS);
        for (String series : shown) {
            if (!r.countedRuns().isEmpty() && r.countedRuns().get(0).series().containsKey(series)) {
                text.append(TextReport.summary(r, series));
            }
        }
        List<Block.Item> pinning = r.pinning().stream().map(p -> Block.Item.of("pinning: " + p.describe())).toList();
        List<Block.Item> notes = labels.engineNotes().stream().map(Block.Item::of).toList();
        return new Block.Section(3, label(r) + String.format(Locale.ROOT, " @ %,d/s", r.config().targetRatePerSecond()),
                List.of(new Block.Code(text.toString()), new Block.Bullets(List.of(notes, pinning))));
    }

    /**
     * For {@code --pairs}: per rate, clients down, servers across, each cell the median of the runs' p50 in µs, or
     * why there is none (✗ and the status, or the reason the pair did not run). Empty when no result is a pair.
     */
    public static List<Block.Section> interopMatrix(List<Long> rates, List<BenchmarkResult> results) {
        List<BenchmarkResult> pairs = results.stream().filter(r -> Labels.of(r).isPair()).toList();
        if (pairs.isEmpty()) {
            return List.of();
        }
        List<String> clients = pairs.stream().map(r -> Labels.of(r).client()).distinct().toList();
        List<String> servers = pairs.stream().map(r -> String.valueOf(Labels.of(r).server())).distinct().toList();
        List<Block.Section> sections = new ArrayList<>();
        for (long rate : rates) {
            List<String> header = new ArrayList<>(List.of("client \\ server"));
            header.addAll(servers);
            Table.Builder table = new Table.Builder(header, java.util.Collections.nCopies(header.size(),
                    Table.Align.LEFT));
            for (String client : clients) {
                List<String> cells = new ArrayList<>();
                for (String server : servers) {
                    BenchmarkResult r = pairs.stream().filter(p -> client.equals(Labels.of(p).client())
                            && server.equals(String.valueOf(Labels.of(p).server()))
                            && p.config().targetRatePerSecond() == rate).findFirst().orElse(null);
                    cells.add(matrixCell(r));
                }
                table.row(Table.Row.of(null, client, cells));
            }
            sections.add(new Block.Section(2, String.format(Locale.ROOT, "Interop matrix at %,d msgs/s: p50 round "
                    + "trip, µs (client ↓, server →)", rate), List.of(table.build())));
        }
        return sections;
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

    /** The verdict on one engine x rate, in words (see {@link RateTable#verdict}). */
    public static String verdict(BenchmarkResult r) {
        return RateTable.verdict(r);
    }

    /** The Environment section as Markdown (a knee search's report). */
    public static String environmentSection(Map<String, Object> env, List<BenchmarkResult> results) {
        return EnvironmentSection.environmentSection(env, results);
    }

    public static String uncommittedMark(Map<String, Object> env) {
        return EnvironmentSection.uncommittedMark(env);
    }

    /** Writes {@code report}: report.md and report.html in {@code folder}. */
    public static void write(Path folder, Document report) {
        try {
            org.fixbench.harness.results.AtomicFiles.writeString(folder.resolve("report.md"),
                    MarkdownWriter.write(report));
            org.fixbench.harness.results.AtomicFiles.writeString(folder.resolve("report.html"),
                    HtmlWriter.write(report, folder));
        } catch (IOException e) {
            throw new org.fixbench.harness.api.HarnessException("cannot write report.md: " + e.getMessage(), e);
        }
    }
}
