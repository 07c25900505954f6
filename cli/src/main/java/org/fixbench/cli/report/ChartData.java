package org.fixbench.cli.report;

import static org.fixbench.cli.report.Charts.x;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramIterationValue;
import org.HdrHistogram.HistogramLogReader;
import org.fixbench.cli.results.SummaryFile;
import org.fixbench.harness.results.ResultsWriter;
import org.fixbench.harness.verdict.RunStatus;

/**
 * What the charts are drawn from: each counted run's per-second histograms of one series, read from a results
 * folder's {@code hlog/<benchmark>/<series>.hlog}, the runs pooled, and a histogram's percentile distribution.
 */
public final class ChartData {
    private ChartData() {
    }

    /** A benchmark's counted runs, each with its per-second intervals of one series, from its hlog. */
    public record RunTimeline(int run, RunStatus status, List<Histogram> intervals, long startEpochMillis,
                              long[] cpuWaitPerSecondNanos, boolean remeasured) {
        public RunTimeline(int run, RunStatus status, List<Histogram> intervals, long startEpochMillis) {
            this(run, status, intervals, startEpochMillis, new long[0], false);
        }
    }

    /**
     * The per-second intervals of {@code series} of each counted run of {@code result}, read from
     * {@code hlog/<benchmark>/<series>.hlog} and split by the runs' start and end times; empty when the folder has no
     * such log.
     */
    public static List<RunTimeline> timelines(Path folder, SummaryFile.Result result, String series) {
        return read(folder, result, series, true);
    }

    /**
     * The counted runs' samples of {@code series} pooled at full precision: the untagged intervals (one per run) of
     * the series log, the very histogram the tables' percentiles come from; from a log written before 2026-11-24 (no
     * such intervals), its per-second timeline merged (2 significant digits); null without a log.
     */
    public static Histogram pooled(Path folder, SummaryFile.Result result, String series) {
        List<RunTimeline> runs = read(folder, result, series, false);
        return runs.isEmpty() ? merged(timelines(folder, result, series)) : merged(runs);
    }

    static List<RunTimeline> read(Path folder, SummaryFile.Result result, String series, boolean timeline) {
        Path log = folder.resolve("hlog").resolve(ResultsWriter.safeName(result.name()))
                .resolve(ResultsWriter.seriesFileName(series) + ".hlog");
        if (!Files.isRegularFile(log)) {
            return List.of();
        }
        List<Histogram> untagged = new ArrayList<>();
        List<Histogram> seconds = new ArrayList<>();
        try (java.io.InputStream in = Files.newInputStream(log)) {
            HistogramLogReader reader = new HistogramLogReader(in);
            EncodableHistogram h;
            while ((h = reader.nextIntervalHistogram()) != null) {
                if (h instanceof Histogram histogram) {
                    if (ResultsWriter.SECOND_TAG.equals(histogram.getTag())) {
                        seconds.add(histogram);
                    } else if (histogram.getTag() == null) {
                        untagged.add(histogram);
                    }
                }
            }
        } catch (IOException | RuntimeException e) {
            throw new org.fixbench.harness.api.HarnessException("cannot read " + log + ": " + e.getMessage(), e);
        }
        // the timeline: the intervals tagged "second"; logs written before 2026-11-24 had them untagged (and no
        // interval per run)
        List<Histogram> all = timeline ? (seconds.isEmpty() ? untagged : seconds) : (seconds.isEmpty() ? List.of()
                : untagged);
        List<RunTimeline> runs = new ArrayList<>();
        for (SummaryFile.Run run : result.counted()) {
            // the log stores times as seconds from its base; read back they may land a millisecond before the run's
            // start (a run's own interval starts exactly there): runs are far more than that apart
            List<Histogram> mine = all.stream().filter(h -> h.getStartTimeStamp() >= run.startEpochMillis() - 2
                    && h.getStartTimeStamp() <= run.endEpochMillis()).toList();
            if (!mine.isEmpty()) {
                runs.add(new RunTimeline(run.run(), run.status(), mine, run.startEpochMillis(),
                        run.cpuWaitPerSecondNanos(), run.remeasured()));
            }
        }
        return runs;
    }

    /** Every counted run's samples of a benchmark in one histogram; null without a log. */
    public static Histogram merged(List<RunTimeline> runs) {
        Histogram merged = null;
        for (RunTimeline run : runs) {
            for (Histogram h : run.intervals()) {
                if (merged == null) {
                    merged = new Histogram(h.getLowestDiscernibleValue(), h.getHighestTrackableValue(),
                            h.getNumberOfSignificantValueDigits());
                }
                merged.add(h);
            }
        }
        return merged;
    }

    /**
     * The distribution's points: (x, µs) at HdrHistogram's percentile steps (20 per halving of the distance to 100%)
     * up to the largest sample, which is placed at 1 − 1/count; the values are capped at the exact worst.
     */
    public static List<double[]> distribution(Histogram histogram, double worstNanos) {
        List<double[]> points = new ArrayList<>();
        long count = histogram.getTotalCount();
        if (count == 0) {
            return points;
        }
        double lastX = Math.log10(count);
        double cap = Double.isNaN(worstNanos) ? Double.MAX_VALUE : worstNanos;
        for (HistogramIterationValue v : histogram.percentiles(20)) {
            double p = v.getPercentileLevelIteratedTo();
            if (p >= 100) {
                break;
            }
            double x = x(p);
            if (x >= lastX) {
                break;
            }
            points.add(new double[] {x, Math.max(Math.min(v.getValueIteratedTo(), cap) / 1000.0, 0.001)});
        }
        double max = Double.isNaN(worstNanos) ? histogram.getMaxValue() : worstNanos;
        points.add(new double[] {lastX, Math.max(max / 1000.0, 0.001)});
        return points;
    }
}
