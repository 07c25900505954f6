package org.fixbench.harness.results;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;
import org.fixbench.harness.api.HarnessConfig;
import org.fixbench.harness.api.WaitStrategy;
import org.fixbench.harness.machine.CpuWait;
import org.fixbench.harness.machine.PinOutcome;
import org.fixbench.harness.series.SeriesData;
import org.fixbench.harness.verdict.RunReason;
import org.fixbench.harness.verdict.RunStatus;

/**
 * A results folder read back into the {@link BenchmarkResult}s that {@link ResultsWriter} wrote: {@code summary.json}
 * for everything but the distributions, and each series' {@code hlog} for them (a run's own interval, at full
 * precision, and the seconds of its timeline). Written and read again, a result renders the same report: what a
 * report says can always be made again from the folder.
 *
 * <p>The configuration is what {@code summary.json} records of it (name, rate, runs, run length, correction, wait
 * strategy, bounds); what it does not record (CPUs, warm-up passes) comes back at its default.
 *
 * <p>A log written before 2026-11-24 has no interval per run, only seconds at 2 significant digits: such a run's
 * distribution is its seconds added up, and {@link Read#approximate()} says so.
 */
public final class ResultsReader {

    /**
     * What a folder holds: its environment, its results in the order written, and whether any is approximate; and
     * the same file's {@link Summary} (the figures as recorded), read from it at once, so that nothing reads the
     * folder twice.
     */
    public record Read(Map<String, Object> environment, List<BenchmarkResult> results, int rulesVersion,
                       boolean approximate, Summary summary) {
    }

    /** The keys of a result's JSON that are not labels (everything else the writer put there is a label). */
    private static final Set<String> RESULT_KEYS = Set.of("name", "targetRate", "config", "pinning", "abortReason",
            "status", "warmupLateReplies", "warmupEndedCompiling", "straySamples", "runs");
    private static final ObjectMapper JSON = new ObjectMapper();

    private ResultsReader() {
    }

    /**
     * A folder's {@code summary.json} as written, without the distributions (no log is read): every benchmark's name,
     * rate, labels, and per run its status, numbers and each series' percentiles as recorded. What judges and charts
     * use, so that a folder of any age is judged on the figures it recorded.
     */
    public record Summary(Map<String, Object> environment, List<SummaryResult> results, int rulesVersion) {
    }

    /** One benchmark of a {@link Summary}: its labels are what the writer put beside the harness's own keys. */
    public record SummaryResult(String name, long targetRate, Map<String, Object> labels, List<SummaryRun> runs) {
    }

    /**
     * One run of a {@link SummaryResult}; {@code series}: series → {@link #PERCENTILE_KEYS} → ns (null when not
     * measured). A status this version does not know reads FAILED, never OK. {@code remeasured}: the run was measured
     * again (its first attempt set aside, {@link Remeasure}).
     */
    public record SummaryRun(int run, RunStatus status, String reason, boolean excluded, double achievedRate,
                             long lost, Map<String, Map<String, Long>> series, long startEpochMillis,
                             long endEpochMillis, int round, int slot, long[] cpuWaitPerSecondNanos,
                             boolean remeasured) {
    }

    /** The keys of each series' percentiles in {@code summary.json}, in order, the exact maximum last. */
    public static final List<String> PERCENTILE_KEYS = percentileKeys();

    private static List<String> percentileKeys() {
        List<String> keys = new ArrayList<>();
        for (double p : ResultsWriter.JSON_PERCENTILES) {
            keys.add("p" + TextReport.percentileName(p));
        }
        keys.add("max");
        return List.copyOf(keys);
    }

    /**
     * @throws IllegalArgumentException with a one-line message when the folder holds no readable summary.json
     */
    public static Summary summary(Path folder) {
        return summary(root(folder));
    }

    private static Summary summary(JsonNode root) {
        List<SummaryResult> results = new ArrayList<>();
        for (JsonNode r : root.get("results")) {
            List<SummaryRun> runs = new ArrayList<>();
            for (JsonNode run : r.path("runs")) {
                Map<String, Map<String, Long>> series = new LinkedHashMap<>();
                run.path("series").fields().forEachRemaining(e -> {
                    Map<String, Long> stats = new LinkedHashMap<>();
                    for (String key : PERCENTILE_KEYS) {
                        JsonNode v = e.getValue().get(key);
                        stats.put(key, v == null || v.isNull() ? null : v.asLong());
                    }
                    series.put(e.getKey(), stats);
                });
                JsonNode perSecond = run.path("cpuWait").path("waitPerSecondNanos");
                long[] waits = new long[perSecond.size()];
                for (int i = 0; i < waits.length; i++) {
                    waits[i] = perSecond.get(i).asLong();
                }
                runs.add(new SummaryRun(run.path("run").asInt(), status(run.path("status").asText()),
                        text(run, "reason"), run.path("excluded").asBoolean(false), run.path("achievedRate").asDouble(),
                        run.path("lost").asLong(), series, run.path("startEpochMillis").asLong(),
                        run.path("endEpochMillis").asLong(), run.path("round").asInt(0), run.path("slot").asInt(0),
                        waits, run.hasNonNull("remeasured")));
            }
            results.add(new SummaryResult(r.path("name").asText(), r.path("targetRate").asLong(), labels(r), runs));
        }
        return new Summary(environment(root), results, root.path("rulesVersion").asInt(1));
    }

    /** A status as written; a word this version does not know (a folder of another version) reads FAILED. */
    public static RunStatus status(String text) {
        try {
            return RunStatus.valueOf(text);
        } catch (IllegalArgumentException e) {
            return RunStatus.FAILED;
        }
    }

    /**
     * @throws IllegalArgumentException with a one-line message when the folder holds no readable results
     */
    public static Read read(Path folder) {
        JsonNode root = root(folder);
        List<BenchmarkResult> results = new ArrayList<>();
        boolean approximate = false;
        for (JsonNode r : root.get("results")) {
            Result one = result(folder, r);
            results.add(one.result);
            approximate |= one.approximate;
        }
        return new Read(environment(root), results, root.path("rulesVersion").asInt(1), approximate, summary(root));
    }

    /** The file of a folder's numbers, as a run writes it. */
    public static final String SUMMARY = "summary.json";
    /**
     * The same, compressed with gzip: what a published folder may keep in its place (results/README.md, "Size
     * budget"); read as the plain file is.
     */
    public static final String SUMMARY_GZIP = SUMMARY + ".gz";

    /** The folder's summary file, plain or compressed ({@link #SUMMARY_GZIP}); null when it holds neither. */
    public static Path summaryFile(Path folder) {
        for (String name : new String[] {SUMMARY, SUMMARY_GZIP}) {
            if (Files.isRegularFile(folder.resolve(name))) {
                return folder.resolve(name);
            }
        }
        return null;
    }

    /** summary.json's root, checked: a folder (or the file itself) holding a schema this version reads. */
    private static JsonNode root(Path folder) {
        Path file = Files.isDirectory(folder) ? summaryFile(folder) : folder;
        if (file == null || !Files.isRegularFile(file)) {
            throw new IllegalArgumentException("not a fixbench results folder: no " + SUMMARY + " (nor "
                    + SUMMARY_GZIP + ") in " + folder);
        }
        JsonNode root;
        try (java.io.InputStream in = file.getFileName().toString().endsWith(".gz")
                ? new java.util.zip.GZIPInputStream(Files.newInputStream(file)) : Files.newInputStream(file)) {
            root = JSON.readTree(in);
        } catch (IOException e) {
            throw new IllegalArgumentException("cannot read " + file + ": "
                    + e.getMessage().lines().findFirst().orElse(""));
        }
        if (root == null || root.path("schema").asInt() != ResultsWriter.SCHEMA || !root.path("results").isArray()) {
            throw new IllegalArgumentException(file + " is not a fixbench summary (schema " + ResultsWriter.SCHEMA + ")");
        }
        return root;
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> environment(JsonNode root) {
        return root.path("environment").isObject()
                ? JSON.convertValue(root.get("environment"), LinkedHashMap.class) : new LinkedHashMap<>();
    }

    /** Everything the writer put into a result's JSON beside the harness's own keys. */
    private static Map<String, Object> labels(JsonNode r) {
        Map<String, Object> labels = new LinkedHashMap<>();
        r.fields().forEachRemaining(e -> {
            if (!RESULT_KEYS.contains(e.getKey())) {
                labels.put(e.getKey(), JSON.convertValue(e.getValue(), Object.class));
            }
        });
        return labels;
    }

    private record Result(BenchmarkResult result, boolean approximate) {
    }

    private static Result result(Path folder, JsonNode r) {
        String name = r.path("name").asText();
        Map<String, Object> labels = labels(r);
        JsonNode c = r.path("config");
        HarnessConfig.Builder config = HarnessConfig.builder(name).quiet(true)
                .targetRatePerSecond(r.path("targetRate").asLong())
                .runs(Math.max(1, c.path("runs").asInt(1)))
                .iterationsPerRun(Math.max(1, c.path("iterationsPerRun").asLong(1)))
                .accountForCoordinatedOmission(c.path("coordinatedOmissionCorrection").asBoolean(true))
                .skipFirstRun(c.path("skipFirstRun").asBoolean(false))
                .hiccupMeter(c.path("hiccupMeter").asBoolean(false))
                // written since 2026-12-03; before, every warm-up cap read as the default (and any cap remeasured)
                .warmupCapNanos(c.path("warmupCapNanos").asLong(HarnessConfig.DEFAULT_WARMUP_CAP_NANOS));
        if (c.hasNonNull("waitStrategy")) {
            config.waitStrategy(WaitStrategy.parse(c.get("waitStrategy").asText()));
        }
        positive(c, "saturationBoundNanos", config::saturationBoundNanos);
        positive(c, "sampleTimeoutNanos", config::sampleTimeoutNanos);
        positive(c, "unansweredAgeBoundNanos", config::unansweredAgeBoundNanos);
        positive(c, "pauseBetweenRunsNanos", config::pauseBetweenRunsNanos);
        if (c.path("risingFactor").asDouble() > 1) {
            config.rising(c.get("risingFactor").asDouble(), c.path("risingFloorNanos").asLong());
        }
        if (c.has("jitterMonitor") && !c.get("jitterMonitor").isNull()) {
            config.jitterMonitor(c.get("jitterMonitor").asBoolean());
        }
        List<PinOutcome> pinning = new ArrayList<>();
        for (JsonNode p : r.path("pinning")) {
            pinning.add(new PinOutcome(text(p, "role"), text(p, "thread"), p.path("cpu").asInt(-1),
                    p.path("pinned").asBoolean(), text(p, "note")));
        }
        List<JsonNode> runNodes = new ArrayList<>();
        r.path("runs").forEach(runNodes::add);
        Map<String, List<SeriesData>> series = new LinkedHashMap<>();
        boolean approximate = false;
        for (JsonNode run : runNodes) {
            run.path("series").fieldNames().forEachRemaining(s -> series.putIfAbsent(s, List.of()));
        }
        for (String s : series.keySet()) {
            List<JsonNode> withSeries = runNodes.stream().filter(run -> run.path("series").has(s)).toList();
            SeriesLog log = readLog(folder.resolve("hlog").resolve(ResultsWriter.safeName(name))
                    .resolve(ResultsWriter.seriesFileName(s) + ".hlog"), withSeries, s);
            series.put(s, log.data);
            approximate |= log.approximate;
        }
        List<RunResult> runs = new ArrayList<>();
        for (JsonNode run : runNodes) {
            Map<String, SeriesData> data = new LinkedHashMap<>();
            for (String s : series.keySet()) {
                if (run.path("series").has(s)) {
                    List<JsonNode> withSeries = runNodes.stream().filter(x -> x.path("series").has(s)).toList();
                    data.put(s, series.get(s).get(withSeries.indexOf(run)));
                }
            }
            runs.add(run(run, data));
        }
        return new Result(new BenchmarkResult(name, config.build(), labels, c.path("warmupIterations").asLong(), runs,
                pinning, text(r, "abortReason"), r.path("warmupLateReplies").asLong(), r.path("straySamples").asLong(),
                r.path("warmupEndedCompiling").asBoolean(false)), approximate);
    }

    private static RunResult run(JsonNode run, Map<String, SeriesData> series) {
        List<RunReason> reasons = new ArrayList<>();
        for (JsonNode reason : run.path("reasons")) {
            reasons.add(new RunReason(RunReason.Kind.valueOf(reason.path("kind").asText()), reason.path("text").asText()));
        }
        return new RunResult(run.path("run").asInt(), RunStatus.valueOf(run.path("status").asText()), reasons,
                run.path("achievedRate").asDouble(), run.path("sent").asLong(), run.path("received").asLong(),
                run.path("lost").asLong(), run.path("lateReplies").asLong(), run.path("completionRate").asDouble(),
                run.path("oldestUnansweredNanos").asLong(), run.path("firstThirdP50Nanos").asLong(-1),
                run.path("lastThirdP50Nanos").asLong(-1), run.path("largestSendBacklog").asLong(),
                run.path("unmatchedSamples").asLong(), run.path("stealPct").asDouble(Double.NaN),
                run.path("busyPct").asDouble(Double.NaN), run.path("excluded").asBoolean(),
                run.path("startEpochMillis").asLong(), run.path("endEpochMillis").asLong(), series,
                run.path("hiccupMeterWaitNanos").asLong(-1), cpuWait(run.path("cpuWait")), run.path("round").asInt(0),
                run.path("slot").asInt(0), run.path("jitCompileMillis").asLong(-1), run.path("gcPauseMillis").asLong(-1),
                remeasure(run.path("remeasured")));
    }

    private static Remeasure remeasure(JsonNode m) {
        if (m.isMissingNode() || m.isNull()) {
            return null;
        }
        return new Remeasure(m.path("why").asText(), RunStatus.valueOf(m.path("firstStatus").asText()),
                m.path("firstReasons").isNull() ? null : m.path("firstReasons").asText(null),
                m.path("firstLost").asLong(), m.path("firstP50Nanos").asLong(-1), m.path("firstP99Nanos").asLong(-1),
                m.path("firstWorstNanos").asLong(-1));
    }

    private static CpuWait cpuWait(JsonNode w) {
        if (!w.path("read").asBoolean(false)) {
            return CpuWait.UNAVAILABLE;
        }
        long[] perSecond = new long[w.path("waitPerSecondNanos").size()];
        for (int i = 0; i < perSecond.length; i++) {
            perSecond[i] = w.get("waitPerSecondNanos").get(i).asLong();
        }
        List<String> threads = new ArrayList<>();
        w.path("threads").forEach(t -> threads.add(t.asText()));
        List<CpuWait.Jvm> jvms = new ArrayList<>();
        for (JsonNode j : w.path("jvms")) {
            jvms.add(new CpuWait.Jvm(j.path("pid").asLong(), j.path("role").asText(), j.path("jitCpuNanos").asLong(),
                    j.path("gcCpuNanos").asLong(), j.path("cpuNanos").asLong(-1), j.path("threads").asInt(-1),
                    j.path("rssKb").asLong(-1)));
        }
        return new CpuWait(w.path("waitNanos").asLong(), w.path("involuntarySwitches").asLong(),
                text(w, "worstThread"), w.path("worstThreadWaitNanos").asLong(), w.path("measuringThreads").asInt(),
                w.path("busyThreads").asInt(), perSecond, w.path("otherProcessesCpuNanos").asLong(-1),
                w.path("jitCompilerCpuNanos").asLong(-1), threads, w.path("serverThreadsRead").asBoolean(),
                w.path("wallNanos").asLong(), jvms, topOthers(w));
    }

    private static List<String> topOthers(JsonNode w) {
        List<String> top = new ArrayList<>();
        w.path("topOtherProcesses").forEach(t -> top.add(t.asText()));
        return top;
    }

    private record SeriesLog(List<SeriesData> data, boolean approximate) {
    }

    /**
     * One series' log: per run with the series (in the order written), its own interval and the seconds after it.
     * Without a log, or with fewer run intervals than runs (a log of before 2026-11-24), each run's distribution is
     * the seconds that start within it.
     */
    private static SeriesLog readLog(Path log, List<JsonNode> runs, String series) {
        List<Histogram> own = new ArrayList<>();
        List<List<Histogram>> seconds = new ArrayList<>();
        List<Histogram> allSeconds = new ArrayList<>();
        if (Files.isRegularFile(log)) {
            try (InputStream in = Files.newInputStream(log)) {
                HistogramLogReader reader = new HistogramLogReader(in);
                EncodableHistogram e;
                while ((e = reader.nextIntervalHistogram()) != null) {
                    if (!(e instanceof Histogram h)) {
                        continue;
                    }
                    if (ResultsWriter.SECOND_TAG.equals(h.getTag())) {
                        allSeconds.add(h);
                        if (!seconds.isEmpty()) {
                            seconds.get(seconds.size() - 1).add(h);
                        }
                    } else {
                        own.add(h);
                        seconds.add(new ArrayList<>());
                    }
                }
            } catch (IOException | RuntimeException e) {
                throw new IllegalArgumentException("cannot read " + log + ": " + e.getMessage());
            }
        }
        boolean exact = own.size() == runs.size();
        List<SeriesData> data = new ArrayList<>();
        for (int i = 0; i < runs.size(); i++) {
            JsonNode stats = runs.get(i).path("series").path(series);
            long max = stats.path("max").asLong(0);
            long clamped = stats.path("clamped").asLong(0);
            Histogram h;
            List<Histogram> timeline;
            if (exact) {
                h = own.get(i);
                timeline = seconds.get(i);
            } else {
                long start = runs.get(i).path("startEpochMillis").asLong();
                long end = runs.get(i).path("endEpochMillis").asLong();
                // old logs: seconds untagged; a time read back from the log may land a millisecond before the start
                timeline = (allSeconds.isEmpty() ? own : allSeconds).stream()
                        .filter(x -> x.getStartTimeStamp() >= start - 2 && x.getStartTimeStamp() <= end).toList();
                h = new Histogram(2);
                timeline.forEach(h::add);
            }
            h.setTag(null);
            data.add(new SeriesData(h, max, clamped, timeline));
        }
        return new SeriesLog(data, !exact && !runs.isEmpty());
    }

    private static void positive(JsonNode config, String key, java.util.function.LongConsumer set) {
        long value = config.path(key).asLong(0);
        if (value > 0) {
            set.accept(value);
        }
    }

    private static String text(JsonNode node, String key) {
        JsonNode v = node.get(key);
        return v == null || v.isNull() ? null : v.asText();
    }
}
