package org.fixbench.cli.results;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

import org.fixbench.harness.results.ResultsReader;
import org.fixbench.harness.verdict.RunStatus;

/**
 * The cli's typed view of a results folder's {@code summary.json} (read by {@link ResultsReader#summary}): what
 * charts, diffs and analyses are made from, so they work on any folder the suite ever wrote (schema 1), with the
 * figures each folder recorded.
 */
public final class SummaryFile {
    public static final String[] PERCENTILE_KEYS = ResultsReader.PERCENTILE_KEYS.toArray(String[]::new);
    public static final double[] PERCENTILES = {50, 90, 99, 99.9, 99.99, 100};

    /** One run's numbers for one series: percentile key → ns (null when not measured). */
    public record Run(int run, RunStatus status, String reason, boolean excluded, double achievedRate, long lost,
                      Map<String, Map<String, Long>> series, long startEpochMillis, long endEpochMillis, int round,
                      int slot, long[] cpuWaitPerSecondNanos, boolean remeasured) {
        /** A run measured once. */
        public Run(int run, RunStatus status, String reason, boolean excluded, double achievedRate, long lost,
                   Map<String, Map<String, Long>> series, long startEpochMillis, long endEpochMillis, int round,
                   int slot, long[] cpuWaitPerSecondNanos) {
            this(run, status, reason, excluded, achievedRate, lost, series, startEpochMillis, endEpochMillis, round,
                    slot, cpuWaitPerSecondNanos, false);
        }

        public Run(int run, RunStatus status, String reason, boolean excluded, double achievedRate, long lost,
                   Map<String, Map<String, Long>> series) {
            this(run, status, reason, excluded, achievedRate, lost, series, 0, 0, 0, 0, new long[0], false);
        }

        public Run(int run, RunStatus status, String reason, boolean excluded, double achievedRate, long lost,
                   Map<String, Map<String, Long>> series, long startEpochMillis, long endEpochMillis) {
            this(run, status, reason, excluded, achievedRate, lost, series, startEpochMillis, endEpochMillis, 0, 0,
                    new long[0], false);
        }

        /** The same run with other latencies (for tests that plant a change). */
        public Run withSeries(Map<String, Map<String, Long>> other) {
            return new Run(run, status, reason, excluded, achievedRate, lost, other, startEpochMillis, endEpochMillis,
                    round, slot, cpuWaitPerSecondNanos, remeasured);
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
     * The benchmarks of a folder's {@code summary.json} (read by the harness's {@link ResultsReader#summary}, the one
     * reader of that file), typed with the cli's labels.
     *
     * @throws IllegalArgumentException with a one-line message when the folder holds no readable summary.json
     */
    public static List<Result> load(Path folder) {
        return of(ResultsReader.summary(folder));
    }

    /** The benchmarks of a summary already read ({@link ResultsReader.Read#summary()}), typed with the cli's labels. */
    public static List<Result> of(ResultsReader.Summary summary) {
        List<Result> results = new ArrayList<>();
        for (ResultsReader.SummaryResult r : summary.results()) {
            Labels labels = Labels.of(r.labels());
            String engine = labels.engine();
            String profile = labels.profile();
            String label = labels.isPair() ? labels.label() : engine != null ? engine + ":" + profile : r.name();
            List<Run> runs = new ArrayList<>();
            for (ResultsReader.SummaryRun run : r.runs()) {
                runs.add(new Run(run.run(), run.status(), run.reason(), run.excluded(), run.achievedRate(), run.lost(),
                        run.series(), run.startEpochMillis(), run.endEpochMillis(), run.round(), run.slot(),
                        run.cpuWaitPerSecondNanos(), run.remeasured()));
            }
            results.add(new Result(label, engine, profile, r.targetRate(), runs, r.name().isEmpty() ? label : r.name(),
                    labels.floor(), labels.pairedFloorRuns()));
        }
        return results;
    }

    /**
     * The environment a folder's {@code summary.json} recorded (JSON values as maps, lists, strings, numbers).
     *
     * @throws IllegalArgumentException with a one-line message when the folder holds no readable summary.json
     */
    public static Map<String, Object> environment(Path folder) {
        return ResultsReader.summary(folder).environment();
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
