package org.fixbench.harness.results;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogWriter;
import org.fixbench.harness.api.HarnessConfig;
import org.fixbench.harness.api.HarnessException;
import org.fixbench.harness.machine.CpuWait;
import org.fixbench.harness.machine.PinOutcome;
import org.fixbench.harness.series.SeriesData;
import org.fixbench.harness.series.SeriesNames;
import org.fixbench.harness.series.Timeline;
import org.fixbench.harness.verdict.RunReason;
import org.fixbench.harness.verdict.Verdicts;

/**
 * Output for machines, into a folder made by {@link ResultsFolder}:
 * <ul>
 *   <li>{@code summary.json}: {@code {"schema":1, "environment":{…}, "results":[…]}} (latencies in ns);</li>
 *   <li>{@code summary.csv}: the same numbers, a row per result × run × series;</li>
 *   <li>{@code hlog/<result>/<series>.hlog}: the lossless record, one log per series, for HdrHistogram's tools as
 *       they are (see {@link #writeSeriesLogs}: untagged per run, tagged {@code second} per second of schedule);</li>
 *   <li>on request ({@link #writeDistributions}), {@code hgrm/<result>/run<k>-<series>.hgrm} and
 *       {@code all-<series>.hgrm}: HdrHistogram percentile distributions of a run and of the counted runs pooled,
 *       values in µs. They are derived: made again, identical, from the logs read back ({@link ResultsReader}).</li>
 * </ul>
 * Files are created new; an existing file is never replaced.
 */
public final class ResultsWriter {
    public static final int SCHEMA = 1;
    static final double[] JSON_PERCENTILES = {50, 90, 99, 99.9, 99.99};
    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    private ResultsWriter() {
    }

    public static void write(Path folder, Map<String, Object> environment, List<BenchmarkResult> results) {
        try {
            Map<String, Object> root = new LinkedHashMap<>();
            root.put("schema", SCHEMA);
            root.put("rulesVersion", Verdicts.RULES_VERSION);
            root.put("environment", environment);
            List<Object> list = new ArrayList<>();
            for (BenchmarkResult result : results) {
                list.add(toJson(result));
            }
            root.put("results", list);
            AtomicFiles.writeString(folder.resolve(ResultsReader.SUMMARY), JSON.writeValueAsString(root));
            writeCsv(folder.resolve("summary.csv"), results);
            writeBenchmarkJson(folder.resolve("benchmark.json"), results);
            for (BenchmarkResult result : results) {
                writeSeriesLogs(folder, result, safeName(result.name()));
            }
        } catch (IOException e) {
            throw new HarnessException("cannot write results into " + folder + ": " + e.getMessage(), e);
        }
    }

    /** {@link #write} and then {@link #writeDistributions} when {@code distributions} is set. */
    public static void write(Path folder, Map<String, Object> environment, List<BenchmarkResult> results,
                             boolean distributions) {
        write(folder, environment, results);
        if (distributions) {
            writeDistributions(folder, results);
        }
    }

    /**
     * The percentile distributions derived from the results, values in µs: {@code hgrm/<result>/run<k>-<series>.hgrm}
     * per run and series, and {@code all-<series>.hgrm} over the counted runs pooled (the tables' distribution).
     * Written from results read back from a folder's logs, they are the files the run would have written.
     */
    public static void writeDistributions(Path folder, List<BenchmarkResult> results) {
        try {
            for (BenchmarkResult result : results) {
                writeHistograms(folder, result);
            }
        } catch (IOException e) {
            throw new HarnessException("cannot write distributions into " + folder + ": " + e.getMessage(), e);
        }
    }

    static Map<String, Object> toJson(BenchmarkResult result) {
        HarnessConfig c = result.config();
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("name", result.name());
        json.putAll(result.labels());
        json.put("targetRate", c.targetRatePerSecond());
        Map<String, Object> config = new LinkedHashMap<>();
        config.put("warmupIterations", result.warmupIterations());
        config.put("runs", c.runs());
        config.put("iterationsPerRun", c.iterationsPerRun());
        config.put("coordinatedOmissionCorrection", c.accountForCoordinatedOmission());
        config.put("waitStrategy", c.waitStrategy().label());
        config.put("saturationBoundNanos", c.saturationBoundNanos());
        config.put("sampleTimeoutNanos", c.sampleTimeoutNanos());
        config.put("unansweredAgeBoundNanos", c.unansweredAgeBoundNanos());
        config.put("risingFactor", c.risingFactor());
        config.put("risingFloorNanos", c.risingFloorNanos());
        config.put("disturbedWaitShare", Verdicts.DISTURBED_WAIT_SHARE);
        config.put("disturbedIntrusionShare", Verdicts.DISTURBED_INTRUSION_SHARE);
        config.put("disturbedExplainedShare", Verdicts.DISTURBED_EXPLAINED_SHARE);
        config.put("queueBoundOrders", Verdicts.QUEUE_BOUND_ORDERS);
        config.put("remeasureJitShare", c.remeasuresCompiledRuns() ? Verdicts.REMEASURE_JIT_SHARE : null);
        config.put("warmupCapNanos", c.warmupCapNanos());
        config.put("pauseBetweenRunsNanos", c.pauseBetweenRunsNanos());
        config.put("skipFirstRun", c.skipFirstRun());
        config.put("hiccupMeter", c.hiccupMeter());
        config.put("jitterMonitor", c.jitterMonitor());
        config.put("pacing", c.pacing().toString());
        json.put("config", config);
        List<Object> pinning = new ArrayList<>();
        for (PinOutcome p : result.pinning()) {
            Map<String, Object> pin = new LinkedHashMap<>();
            pin.put("role", p.role());
            pin.put("thread", p.thread());
            pin.put("pinned", p.pinned());
            pin.put("cpu", p.cpu());
            pin.put("note", p.note());
            pinning.add(pin);
        }
        json.put("pinning", pinning);
        json.put("abortReason", result.abortReason());
        json.put("status", result.status().name());
        json.put("warmupLateReplies", result.warmupLateReplies());
        json.put("warmupEndedCompiling", result.warmupEndedCompiling());
        json.put("straySamples", result.straySamples());
        List<Object> runs = new ArrayList<>();
        for (RunResult run : result.runs()) {
            Map<String, Object> r = new LinkedHashMap<>();
            r.put("run", run.run());
            r.put("status", run.status().name());
            r.put("reason", run.reason());
            List<Object> reasons = new ArrayList<>();
            for (RunReason reason : run.reasons()) {
                reasons.add(Map.of("kind", reason.kind().name(), "status", reason.kind().status().name(),
                        "text", reason.text()));
            }
            r.put("reasons", reasons);
            r.put("excluded", run.excluded());
            r.put("achievedRate", run.achievedRatePerSecond());
            r.put("sent", run.sent());
            r.put("received", run.received());
            r.put("lost", run.lost());
            r.put("lateReplies", run.lateReplies());
            r.put("completionRate", run.completionRatePerSecond());
            r.put("oldestUnansweredNanos", run.oldestUnansweredNanos());
            r.put("firstThirdP50Nanos", run.firstThirdP50Nanos() < 0 ? null : run.firstThirdP50Nanos());
            r.put("lastThirdP50Nanos", run.lastThirdP50Nanos() < 0 ? null : run.lastThirdP50Nanos());
            r.put("largestSendBacklog", run.largestSendBacklog());
            r.put("unmatchedSamples", run.unmatchedSamples());
            r.put("stealPct", finiteOrNull(run.stealPercent()));
            r.put("busyPct", finiteOrNull(run.busyPercent()));
            r.put("startEpochMillis", run.startEpochMillis());
            r.put("endEpochMillis", run.endEpochMillis());
            r.put("hiccupMeterWaitNanos", run.hiccupMeterWaitNanos() < 0 ? null : run.hiccupMeterWaitNanos());
            r.put("hiccupMeterStarved", run.hiccupMeterStarved());
            r.put("round", run.round() == 0 ? null : run.round());
            r.put("slot", run.slot() == 0 ? null : run.slot());
            r.put("jitCompileMillis", run.jitCompileMillis() < 0 ? null : run.jitCompileMillis());
            r.put("gcPauseMillis", run.gcPauseMillis() < 0 ? null : run.gcPauseMillis());
            Remeasure first = run.remeasure();
            if (first != null) {
                Map<String, Object> m = new LinkedHashMap<>();
                m.put("why", first.why());
                m.put("firstStatus", first.firstStatus().name());
                m.put("firstReasons", first.firstReasons());
                m.put("firstLost", first.firstLost());
                m.put("firstP50Nanos", first.firstP50Nanos() < 0 ? null : first.firstP50Nanos());
                m.put("firstP99Nanos", first.firstP99Nanos() < 0 ? null : first.firstP99Nanos());
                m.put("firstWorstNanos", first.firstWorstNanos() < 0 ? null : first.firstWorstNanos());
                r.put("remeasured", m);
            }
            CpuWait wait = run.cpuWait();
            Map<String, Object> w = new LinkedHashMap<>();
            w.put("read", wait.available());
            if (wait.available()) {
                w.put("waitNanos", wait.waitNanos());
                w.put("waitShare", wait.waitShare());
                w.put("wallNanos", wait.wallNanos());
                w.put("involuntarySwitches", wait.involuntarySwitches());
                w.put("measuringThreads", wait.measuringThreads());
                w.put("busyThreads", wait.busyThreads());
                w.put("worstThread", wait.worstThread());
                w.put("worstThreadWaitNanos", wait.worstThreadWaitNanos());
                w.put("waitPerSecondNanos", wait.waitPerSecondNanos());
                w.put("otherProcessesCpuNanos", wait.otherProcessesCpuNanos() < 0 ? null
                        : wait.otherProcessesCpuNanos());
                w.put("jitCompilerCpuNanos", wait.housekeepingCpuNanos());
                w.put("serverThreadsRead", wait.serverRead());
                w.put("threads", wait.threads());
                List<Object> jvms = new ArrayList<>();
                for (CpuWait.Jvm jvm : wait.jvms()) {
                    Map<String, Object> j = new LinkedHashMap<>();
                    j.put("role", jvm.role());
                    j.put("pid", jvm.pid());
                    j.put("jitCpuNanos", jvm.jitCpuNanos());
                    j.put("gcCpuNanos", jvm.gcCpuNanos());
                    j.put("cpuNanos", jvm.cpuNanos());
                    j.put("threads", jvm.threads());
                    j.put("rssKb", jvm.rssKb());
                    jvms.add(j);
                }
                w.put("jvms", jvms);
                w.put("topOtherProcesses", new ArrayList<>(wait.topOtherProcesses()));
            }
            r.put("cpuWait", w);
            Map<String, Object> series = new LinkedHashMap<>();
            run.series().forEach((key, data) -> series.put(key, stats(data)));
            r.put("series", series);
            runs.add(r);
        }
        json.put("runs", runs);
        return json;
    }

    static Map<String, Object> stats(SeriesData data) {
        Map<String, Object> s = new LinkedHashMap<>();
        s.put("count", data.count());
        for (double p : JSON_PERCENTILES) {
            s.put("p" + TextReport.percentileName(p), data.count() == 0 ? null : data.percentileNanos(p));
        }
        s.put("max", data.count() == 0 ? null : data.maxNanos());
        s.put("clamped", data.clampedCount());
        return s;
    }

    private static Double finiteOrNull(double value) {
        return Double.isFinite(value) ? value : null;
    }

    /**
     * One row per result × run × series; one value per column, with its unit in the header: engine, profile and
     * the rest of the labels in their own columns, latencies in ns, rates per second, CPU shares in percent.
     */
    private static void writeCsv(Path file, List<BenchmarkResult> results) throws IOException {
        StringBuilder sb = new StringBuilder();
        sb.append("name,engine,profile,target_rate_per_s,run,status,reason,excluded,achieved_rate_per_s,"
                + "completion_rate_per_s,sent,received,lost,late_replies,steal_pct,busy_pct,series,count");
        for (double p : JSON_PERCENTILES) {
            sb.append(",p").append(TextReport.percentileName(p)).append("_ns");
        }
        sb.append(",max_ns,clamped\n");
        for (BenchmarkResult result : results) {
            for (RunResult run : result.runs()) {
                for (Map.Entry<String, SeriesData> e : run.series().entrySet()) {
                    SeriesData d = e.getValue();
                    sb.append(csv(result.name())).append(',')
                            .append(csv(String.valueOf(result.labels().getOrDefault("engine", "")))).append(',')
                            .append(csv(String.valueOf(result.labels().getOrDefault("profile", "")))).append(',')
                            .append(result.config().targetRatePerSecond()).append(',').append(run.run()).append(',')
                            .append(run.status()).append(',').append(csv(run.reason() == null ? "" : run.reason()))
                            .append(',').append(run.excluded()).append(',')
                            .append(String.format(Locale.ROOT, "%.1f", run.achievedRatePerSecond())).append(',')
                            .append(String.format(Locale.ROOT, "%.1f", run.completionRatePerSecond())).append(',')
                            .append(run.sent()).append(',').append(run.received()).append(',').append(run.lost())
                            .append(',').append(run.lateReplies())
                            .append(',').append(num(run.stealPercent())).append(',').append(num(run.busyPercent()))
                            .append(',').append(csv(e.getKey())).append(',').append(d.count());
                    for (double p : JSON_PERCENTILES) {
                        sb.append(',').append(d.count() == 0 ? "" : Long.toString(d.percentileNanos(p)));
                    }
                    sb.append(',').append(d.count() == 0 ? "" : Long.toString(d.maxNanos())).append(',')
                            .append(d.clampedCount()).append('\n');
                }
            }
        }
        AtomicFiles.writeString(file, sb);
    }

    /**
     * {@code benchmark.json}: every benchmark's "runs not OK" count and, when every counted run is OK, its end-to-end
     * percentiles (of all counted runs' samples together, as the report's tables) as {@code {name, unit, value}}
     * entries, smaller is better, the format benchmark-tracking actions read ("customSmallerIsBetter"); a benchmark
     * with a run that is not OK has no latency entry (no figure from its survivors): its runs' statuses are listed
     * in {@code extra} of the "runs not OK" entry, so a tracker sees it go missing.
     */
    private static void writeBenchmarkJson(Path file, List<BenchmarkResult> results) throws IOException {
        List<Map<String, Object>> entries = new ArrayList<>();
        for (BenchmarkResult result : results) {
            List<RunResult> ok = result.countedRuns().stream().filter(RunResult::ok).toList();
            String base = result.labels().getOrDefault("engine", result.name()) + ":"
                    + result.labels().getOrDefault("profile", "") + " @ " + result.config().targetRatePerSecond() + "/s";
            Map<String, Object> okEntry = new LinkedHashMap<>();
            okEntry.put("name", base + " runs not OK");
            okEntry.put("unit", "runs");
            okEntry.put("value", result.countedRuns().size() - ok.size());
            if (result.countedRuns().size() != ok.size()) {
                okEntry.put("extra", result.countedRuns().stream().filter(r -> !r.ok())
                        .map(r -> "run " + r.run() + " " + r.status() + ": " + r.reason()).toList());
            }
            entries.add(okEntry);
            if (ok.isEmpty() || ok.size() != result.countedRuns().size() || result.aborted()) {
                continue;
            }
            for (double p : new double[] {50, 90, 99, 99.9}) {
                Map<String, Object> entry = new LinkedHashMap<>();
                entry.put("name", base + " p" + TextReport.percentileName(p));
                entry.put("unit", "us");
                entry.put("value", ComparisonTable.pooledNanos(ok, SeriesNames.END_TO_END, p) / 1000.0);
                entry.put("extra", ok.size() + " OK run(s), p" + TextReport.percentileName(p) + " of their samples "
                        + "together");
                entries.add(entry);
            }
        }
        AtomicFiles.writeString(file, JSON.writeValueAsString(entries));
    }

    private static String labels(Map<String, Object> labels) {
        StringBuilder sb = new StringBuilder();
        labels.forEach((k, v) -> sb.append(sb.length() == 0 ? "" : ";").append(k).append('=').append(v));
        return sb.toString();
    }

    private static String num(double value) {
        return Double.isFinite(value) ? String.format(Locale.ROOT, "%.3f", value) : "";
    }

    private static String csv(String value) {
        if (value.contains(",") || value.contains("\"") || value.contains("\n")) {
            return '"' + value.replace("\"", "\"\"") + '"';
        }
        return value;
    }

    /** A name safe for file names and hlog tags. */
    public static String safeName(String name) {
        return name.replaceAll("[^A-Za-z0-9._-]", "_");
    }

    private static void writeHistograms(Path folder, BenchmarkResult result) throws IOException {
        String safe = safeName(result.name());
        Path hgrmFolder = Files.createDirectories(folder.resolve("hgrm").resolve(safe));
        for (RunResult run : result.runs()) {
            for (Map.Entry<String, SeriesData> e : run.series().entrySet()) {
                Histogram h = e.getValue().histogram();
                Path hgrm = hgrmFolder.resolve("run" + run.run() + "-" + safeName(e.getKey()) + ".hgrm");
                AtomicFiles.write(hgrm, out -> h.outputPercentileDistribution(out, 1000.0));
            }
        }
        java.util.Set<String> seriesNames = new java.util.LinkedHashSet<>();
        result.runs().forEach(run -> seriesNames.addAll(run.series().keySet()));
        for (String series : seriesNames) {
            Histogram all = null;
            for (RunResult run : result.countedRuns()) {
                SeriesData d = run.series().get(series);
                if (d != null) {
                    if (all == null) {
                        all = d.histogram().copy();
                    } else {
                        all.add(d.histogram());
                    }
                }
            }
            Histogram everything = all;
            if (everything != null) {
                AtomicFiles.write(hgrmFolder.resolve("all-" + seriesFileName(series) + ".hgrm"),
                        out -> everything.outputPercentileDistribution(out, 1000.0));
            }
        }
    }

    /** A series name as a file name: {@code client->server} becomes {@code client-to-server}. */
    public static String seriesFileName(String series) {
        return safeName(series.replace("->", "-to-").replace(' ', '-'));
    }

    /** The tag of a series log's per-second intervals (the timeline). */
    public static final String SECOND_TAG = "second";
    /** The tag of a series log's interval for a run left out of the summaries (e.g. a skipped first run). */
    public static final String EXCLUDED_TAG = "excluded";

    /**
     * The lossless record, one HdrHistogram log (format v1.3) per benchmark and series,
     * {@code hlog/<benchmark>/<series>.hlog}, readable by HdrHistogram's own tools as they are:
     * <ul>
     *   <li>untagged, one interval per counted run at the run's full precision, stamped with the run's start and
     *       end: {@code HistogramLogProcessor -i FILE -o OUT} adds them up into the counted runs' pooled
     *       distribution, the very numbers of the tables (what {@code hgrm/<benchmark>/all-<series>.hgrm} holds);
     *       </li>
     *   <li>tagged {@value #SECOND_TAG}, for the series that keep a timeline (end to end, service time), one
     *       interval per second of each counted run's schedule at {@value Timeline#SIGNIFICANT_DIGITS} significant
     *       digits: {@code -tag second -csv} prints the timeline;</li>
     *   <li>tagged {@value #EXCLUDED_TAG}, a run left out of the summaries, at full precision.</li>
     * </ul>
     */
    private static void writeSeriesLogs(Path folder, BenchmarkResult result, String safe) throws IOException {
        List<RunResult> runs = result.runs();
        if (runs.isEmpty()) {
            return;
        }
        Path logFolder = Files.createDirectories(folder.resolve("hlog").resolve(safe));
        java.util.Set<String> seriesNames = new java.util.LinkedHashSet<>();
        runs.forEach(run -> seriesNames.addAll(run.series().keySet()));
        for (String series : seriesNames) {
            String name = seriesFileName(series);
            AtomicFiles.write(logFolder.resolve(name + ".hlog"), log -> {
                HistogramLogWriter writer = new HistogramLogWriter(log);
                writer.outputComment("fixbench " + result.name() + ", series " + series + "; values in ns. Untagged: "
                        + "one interval per counted run, full precision (their sum is the tables' distribution). "
                        + "Tagged " + SECOND_TAG + ": one interval per second of each counted run's schedule ("
                        + Timeline.SIGNIFICANT_DIGITS + " significant digits), the timeline. Tagged " + EXCLUDED_TAG
                        + ": a run left out of the summaries.");
                long base = runs.get(0).startEpochMillis();
                writer.setBaseTime(base);
                writer.outputBaseTime(base);
                writer.outputStartTime(base);
                writer.outputLogFormatVersion();
                writer.outputLegend();
                for (RunResult run : runs) {
                    SeriesData d = run.series().get(series);
                    if (d == null) {
                        continue;
                    }
                    writer.outputComment("run " + run.run() + ": " + run.status());
                    Histogram h = d.histogram().copy();
                    h.setStartTimeStamp(run.startEpochMillis());
                    h.setEndTimeStamp(run.endEpochMillis());
                    h.setTag(run.excluded() ? EXCLUDED_TAG : null);
                    writer.outputIntervalHistogram(h);
                    if (!run.excluded()) {
                        for (Histogram interval : d.timeline()) {
                            Histogram second = interval.copy();
                            second.setTag(SECOND_TAG);
                            writer.outputIntervalHistogram(second);
                        }
                    }
                }
            });
        }
    }
}
