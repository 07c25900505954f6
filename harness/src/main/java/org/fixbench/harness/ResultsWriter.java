package org.fixbench.harness;

import java.io.IOException;
import java.io.PrintStream;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogWriter;

/**
 * Output for machines, into a folder made by {@link ResultsFolder}:
 * <ul>
 *   <li>{@code summary.json}: {@code {"schema":1, "environment":{…}, "results":[…]}} (latencies in ns);</li>
 *   <li>{@code summary.csv}: the same numbers, a row per result × run × series;</li>
 *   <li>{@code <result>.hlog}: every series of every run, lossless, HdrHistogram log format v1.3, tagged
 *       {@code run<k>/<series>};</li>
 *   <li>{@code hgrm/<result>/run<k>-<series>.hgrm}: HdrHistogram percentile distributions, values in µs.</li>
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
            root.put("environment", environment);
            List<Object> list = new ArrayList<>();
            for (BenchmarkResult result : results) {
                list.add(toJson(result));
            }
            root.put("results", list);
            try (Writer w = Files.newBufferedWriter(folder.resolve("summary.json"), StandardCharsets.UTF_8,
                    StandardOpenOption.CREATE_NEW)) {
                JSON.writeValue(w, root);
            }
            writeCsv(folder.resolve("summary.csv"), results);
            for (BenchmarkResult result : results) {
                writeHistograms(folder, result);
            }
        } catch (IOException e) {
            throw new HarnessException("cannot write results into " + folder + ": " + e.getMessage(), e);
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
        config.put("pauseBetweenRunsNanos", c.pauseBetweenRunsNanos());
        config.put("skipFirstRun", c.skipFirstRun());
        config.put("hiccupMeter", c.hiccupMeter());
        config.put("jitterMonitor", c.jitterMonitor());
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

    private static void writeCsv(Path file, List<BenchmarkResult> results) throws IOException {
        StringBuilder sb = new StringBuilder();
        sb.append("name,labels,targetRate,run,status,reason,excluded,achievedRate,sent,received,lost,stealPct,busyPct,"
                + "series,count,p50,p90,p99,p99.9,p99.99,max\n");
        for (BenchmarkResult result : results) {
            for (RunResult run : result.runs()) {
                for (Map.Entry<String, SeriesData> e : run.series().entrySet()) {
                    SeriesData d = e.getValue();
                    sb.append(csv(result.name())).append(',').append(csv(labels(result.labels()))).append(',')
                            .append(result.config().targetRatePerSecond()).append(',').append(run.run()).append(',')
                            .append(run.status()).append(',').append(csv(run.reason() == null ? "" : run.reason()))
                            .append(',').append(run.excluded()).append(',')
                            .append(String.format(Locale.ROOT, "%.1f", run.achievedRatePerSecond())).append(',')
                            .append(run.sent()).append(',').append(run.received()).append(',').append(run.lost())
                            .append(',').append(num(run.stealPercent())).append(',').append(num(run.busyPercent()))
                            .append(',').append(e.getKey()).append(',').append(d.count());
                    for (double p : JSON_PERCENTILES) {
                        sb.append(',').append(d.count() == 0 ? "" : Long.toString(d.percentileNanos(p)));
                    }
                    sb.append(',').append(d.count() == 0 ? "" : Long.toString(d.maxNanos())).append('\n');
                }
            }
        }
        Files.writeString(file, sb, StandardCharsets.UTF_8, StandardOpenOption.CREATE_NEW);
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
        try (PrintStream log = new PrintStream(Files.newOutputStream(folder.resolve(safe + ".hlog"),
                StandardOpenOption.CREATE_NEW), false, StandardCharsets.UTF_8)) {
            HistogramLogWriter writer = new HistogramLogWriter(log);
            writer.outputComment("fixbench " + result.name() + ": one tag per run and series; values in ns");
            long base = result.runs().isEmpty() ? 0 : result.runs().get(0).startEpochMillis();
            writer.setBaseTime(base);
            writer.outputBaseTime(base);
            writer.outputStartTime(base);
            writer.outputLogFormatVersion();
            writer.outputLegend();
            for (RunResult run : result.runs()) {
                for (Map.Entry<String, SeriesData> e : run.series().entrySet()) {
                    Histogram h = e.getValue().histogram().copy();
                    h.setStartTimeStamp(run.startEpochMillis());
                    h.setEndTimeStamp(run.endEpochMillis());
                    h.setTag("run" + run.run() + "/" + safeName(e.getKey()));
                    writer.outputIntervalHistogram(h);
                    Path hgrm = hgrmFolder.resolve("run" + run.run() + "-" + safeName(e.getKey()) + ".hgrm");
                    try (PrintStream out = new PrintStream(Files.newOutputStream(hgrm, StandardOpenOption.CREATE_NEW),
                            false, StandardCharsets.UTF_8)) {
                        h.outputPercentileDistribution(out, 1000.0);
                    }
                }
            }
        }
    }
}
