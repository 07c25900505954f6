package org.fixbench.cli.results;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.fixbench.harness.RunStatus;

/**
 * A results folder's {@code summary.json} read back: what charts and diffs are made from, so they work on any
 * folder the suite ever wrote (schema 1), not only on the run in memory.
 */
public final class SummaryFile {
    public static final String[] PERCENTILE_KEYS = {"p50", "p90", "p99", "p99.9", "p99.99", "max"};
    public static final double[] PERCENTILES = {50, 90, 99, 99.9, 99.99, 100};

    /** One run's numbers for one series: percentile key → ns (null when not measured). */
    public record Run(int run, RunStatus status, String reason, boolean excluded, double achievedRate, long lost,
                      Map<String, Map<String, Long>> series, long startEpochMillis, long endEpochMillis, int round,
                      int slot, long[] cpuWaitPerSecondNanos) {
        public Run(int run, RunStatus status, String reason, boolean excluded, double achievedRate, long lost,
                   Map<String, Map<String, Long>> series) {
            this(run, status, reason, excluded, achievedRate, lost, series, 0, 0, 0, 0, new long[0]);
        }

        public Run(int run, RunStatus status, String reason, boolean excluded, double achievedRate, long lost,
                   Map<String, Map<String, Long>> series, long startEpochMillis, long endEpochMillis) {
            this(run, status, reason, excluded, achievedRate, lost, series, startEpochMillis, endEpochMillis, 0, 0,
                    new long[0]);
        }

        /** The same run with other latencies (for tests that plant a change). */
        public Run withSeries(Map<String, Map<String, Long>> other) {
            return new Run(run, status, reason, excluded, achievedRate, lost, other, startEpochMillis, endEpochMillis,
                    round, slot, cpuWaitPerSecondNanos);
        }

        public boolean ok() {
            return status == RunStatus.OK;
        }

        public Long value(String series, String key) {
            Map<String, Long> s = this.series.get(series);
            return s == null ? null : s.get(key);
        }
    }

    /** One benchmark: an engine × profile × rate (or a harness benchmark, labelled by its name). */
    public record Result(String label, String engine, String profile, long targetRate, List<Run> runs, String name,
                         String floor, List<Integer> pairedFloorRuns) {
        public Result(String label, String engine, String profile, long targetRate, List<Run> runs) {
            this(label, engine, profile, targetRate, runs, label, null, List.of());
        }

        public Result(String label, String engine, String profile, long targetRate, List<Run> runs, String name) {
            this(label, engine, profile, targetRate, runs, name, null, List.of());
        }

        /** The same benchmark with other runs (pairing kept: it refers to floor runs by their numbers). */
        public Result withRuns(List<Run> other) {
            return new Result(label, engine, profile, targetRate, other, name, floor, pairedFloorRuns);
        }

        /** The number of the floor run paired with engine run {@code run} (1-based), or 0 when it has none. */
        public int pairedFloorRun(int run) {
            return run >= 1 && run <= pairedFloorRuns.size() && pairedFloorRuns.get(run - 1) != null
                    ? pairedFloorRuns.get(run - 1) : 0;
        }

        public List<Run> counted() {
            return runs.stream().filter(r -> !r.excluded()).toList();
        }

        public boolean allOk() {
            return !runs.isEmpty() && runs.stream().allMatch(Run::ok);
        }

        /** FAILED if any run failed (or there is none), else SATURATED if any was, else DISTURBED if any was, else OK. */
        public RunStatus worstStatus() {
            RunStatus worst = runs.isEmpty() ? RunStatus.FAILED : RunStatus.OK;
            for (Run r : runs) {
                worst = worst.worst(r.status());
            }
            return worst;
        }

        /** Per-run values of a percentile of a series, in ns, counted runs only. */
        public double[] values(String series, String key) {
            return counted().stream().map(r -> r.value(series, key)).filter(v -> v != null)
                    .mapToDouble(Long::doubleValue).toArray();
        }

        public double median(String series, String key) {
            return SummaryFile.median(values(series, key));
        }

        public String key() {
            return label + "@" + targetRate;
        }
    }

    private SummaryFile() {
    }

    /**
     * @throws IllegalArgumentException with a one-line message when the folder holds no readable summary.json
     */
    public static List<Result> load(Path folder) {
        Path file = Files.isDirectory(folder) ? folder.resolve("summary.json") : folder;
        if (!Files.isRegularFile(file)) {
            throw new IllegalArgumentException("not a fixbench results folder: no summary.json in " + folder);
        }
        JsonNode root;
        try {
            root = new ObjectMapper().readTree(file.toFile());
        } catch (IOException e) {
            throw new IllegalArgumentException("cannot read " + file + ": " + e.getMessage().lines().findFirst().orElse(""));
        }
        if (root == null || root.path("schema").asInt() != 1 || !root.path("results").isArray()) {
            throw new IllegalArgumentException(file + " is not a fixbench summary (schema 1)");
        }
        List<Result> results = new ArrayList<>();
        for (JsonNode r : root.get("results")) {
            String engine = r.path(ResultLabels.ENGINE).asText(null);
            String profile = r.path(ResultLabels.PROFILE).asText(null);
            String label = r.hasNonNull(ResultLabels.CLIENT) ? r.path(ResultLabels.CLIENT).asText() + "/" + r.path(ResultLabels.SERVER).asText()
                    : engine != null ? engine + ":" + profile : r.path("name").asText();
            List<Run> runs = new ArrayList<>();
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
                long[] waits = new long[run.path("cpuWait").path("waitPerSecondNanos").size()];
                for (int i = 0; i < waits.length; i++) {
                    waits[i] = run.path("cpuWait").path("waitPerSecondNanos").get(i).asLong();
                }
                runs.add(new Run(run.path("run").asInt(), status(run.path("status").asText()),
                        run.path("reason").asText(null), run.path("excluded").asBoolean(false),
                        run.path("achievedRate").asDouble(), run.path("lost").asLong(), series,
                        run.path("startEpochMillis").asLong(), run.path("endEpochMillis").asLong(),
                        run.path("round").asInt(0), run.path("slot").asInt(0), waits));
            }
            List<Integer> pairs = new ArrayList<>();
            r.path(ResultLabels.PAIRED_FLOOR_RUNS).forEach(n -> pairs.add(n.asInt()));
            results.add(new Result(label, engine, profile, r.path("targetRate").asLong(), runs,
                    r.path("name").asText(label), r.path(ResultLabels.FLOOR).asText(null), pairs));
        }
        return results;
    }

    /**
     * The environment a folder's {@code summary.json} recorded (JSON values as maps, lists, strings, numbers).
     *
     * @throws IllegalArgumentException with a one-line message when the folder holds no readable summary.json
     */
    @SuppressWarnings("unchecked")
    public static Map<String, Object> environment(Path folder) {
        Path file = Files.isDirectory(folder) ? folder.resolve("summary.json") : folder;
        if (!Files.isRegularFile(file)) {
            throw new IllegalArgumentException("not a fixbench results folder: no summary.json in " + folder);
        }
        try {
            JsonNode env = new ObjectMapper().readTree(file.toFile()).path("environment");
            return env.isObject() ? new ObjectMapper().convertValue(env, LinkedHashMap.class) : new LinkedHashMap<>();
        } catch (IOException e) {
            throw new IllegalArgumentException("cannot read " + file + ": " + e.getMessage().lines().findFirst().orElse(""));
        }
    }

    /** A status as written; an unknown word (a folder of another version) reads FAILED rather than OK. */
    public static RunStatus status(String text) {
        try {
            return RunStatus.valueOf(text);
        } catch (IllegalArgumentException e) {
            return RunStatus.FAILED;
        }
    }

    public static double median(double[] values) {
        if (values.length == 0) {
            return Double.NaN;
        }
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        int mid = sorted.length / 2;
        return sorted.length % 2 == 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2.0;
    }
}
