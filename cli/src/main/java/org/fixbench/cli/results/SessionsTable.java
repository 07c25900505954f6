package org.fixbench.cli.results;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.fixbench.engine.RoundTripTask;
import org.fixbench.harness.results.ResultsReader;
import org.fixbench.harness.series.SeriesNames;
import org.fixbench.harness.verdict.RunStatus;

/**
 * The sessions sweep's table ({@code fixbench analyze sessions}): per engine and rate, one row per session count
 * found in the folders, with the end-to-end p50 and p99 and the worst session's p99, each the median over the
 * counted runs of the run's own value, and the runs' statuses.
 */
public final class SessionsTable {
    private SessionsTable() {
    }

    /** One benchmark's row (latencies in ns; NaN when no counted run had the series). */
    public record Row(String engine, long rate, int sessions, double p50, double p99, double worstSessionP99,
                      String worstSession, int ok, int counted, RunStatus worst) {
        /** Every counted run OK, and at least one counted. */
        public boolean allOk() {
            return counted > 0 && ok == counted && worst == RunStatus.OK;
        }
    }

    /** The rows of the benchmarks in {@code folders}, by engine, rate and session count. */
    public static List<Row> rows(List<Path> folders) {
        List<Row> rows = new ArrayList<>();
        for (Path folder : folders) {
            for (ResultsReader.SummaryResult r : ResultsReader.summary(folder).results()) {
                rows.add(row(r));
            }
        }
        rows.sort(Comparator.comparing(Row::engine).thenComparingLong(Row::rate).thenComparingInt(Row::sessions));
        return rows;
    }

    public static String markdown(List<Path> folders) {
        return markdown(rows(folders), List.of());
    }

    /** The table of {@code rows}, then each chart in {@code charts} (paths relative to the markdown's folder). */
    public static String markdown(List<Row> rows, List<String> charts) {
        StringBuilder md = new StringBuilder();
        md.append("Each latency is the median over a benchmark's counted runs of the run's own value, in µs, from the "
                + "intended send time. \"Worst session p99\" is the highest of the sessions' p99s (each the median "
                + "over runs of that session's p99). A row whose runs are not all OK measures the machine or a "
                + "queue, not the engine: its status says which.\n\n");
        md.append("| engine | rate/s | sessions | p50 | p99 | worst session p99 (which) | runs OK | status |\n");
        md.append("| --- | ---: | ---: | ---: | ---: | ---: | ---: | --- |\n");
        for (Row row : rows) {
            md.append(String.format(Locale.ROOT, "| %s | %,d | %d | %s | %s | %s | %d of %d | %s |%n", row.engine(),
                    row.rate(), row.sessions(), micros(row.p50()), micros(row.p99()),
                    row.worstSession() == null ? "-" : micros(row.worstSessionP99()) + " (" + row.worstSession()
                            + ")", row.ok(), row.counted(), row.worst()));
        }
        for (String chart : charts) {
            md.append("\n![latency against session count, from this table's numbers](").append(chart).append(")\n");
        }
        return md.toString();
    }

    static Row row(ResultsReader.SummaryResult r) {
        Map<String, Object> labels = r.labels();
        String engine = labels.get(ResultLabels.CLIENT) != null
                ? labels.get(ResultLabels.CLIENT) + "/" + labels.get(ResultLabels.SERVER)
                : labels.get(ResultLabels.ENGINE) + ":" + labels.get(ResultLabels.PROFILE);
        int sessions = labels.get(ResultLabels.SESSIONS) instanceof Number n ? n.intValue() : 1;
        List<ResultsReader.SummaryRun> counted = r.runs().stream().filter(run -> !run.excluded()).toList();
        double p50 = median(counted, SeriesNames.END_TO_END, "p50");
        double p99 = median(counted, SeriesNames.END_TO_END, "p99");
        List<String> names = counted.stream().flatMap(run -> run.series().keySet().stream())
                .filter(name -> name.startsWith(RoundTripTask.SESSION_PROBE_PREFIX)).distinct().sorted().toList();
        String worstName = null;
        double worst = Double.NaN;
        for (String name : names) {
            double v = median(counted, name, "p99");
            if (!Double.isNaN(v) && (worstName == null || v > worst)) {
                worst = v;
                worstName = name;
            }
        }
        RunStatus status = r.runs().isEmpty() ? RunStatus.FAILED : RunStatus.OK;
        for (ResultsReader.SummaryRun run : r.runs()) {
            status = status.worst(run.status());
        }
        int ok = (int) counted.stream().filter(run -> run.status() == RunStatus.OK).count();
        return new Row(engine, r.targetRate(), sessions, p50, p99, worst, worstName, ok, counted.size(), status);
    }

    private static double median(List<ResultsReader.SummaryRun> runs, String series, String key) {
        double[] values = runs.stream().map(run -> run.series().get(series)).filter(s -> s != null && s.get(key) != null)
                .mapToDouble(s -> s.get(key)).sorted().toArray();
        if (values.length == 0) {
            return Double.NaN;
        }
        int m = values.length / 2;
        return values.length % 2 == 1 ? values[m] : (values[m - 1] + values[m]) / 2;
    }

    private static String micros(double nanos) {
        return Double.isNaN(nanos) ? "-" : String.format(Locale.ROOT, "%,.1f", nanos / 1_000.0);
    }
}
