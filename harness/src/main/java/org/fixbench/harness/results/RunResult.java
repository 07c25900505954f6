package org.fixbench.harness.results;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.fixbench.harness.machine.CpuWait;
import org.fixbench.harness.series.SeriesData;
import org.fixbench.harness.series.SeriesNames;
import org.fixbench.harness.verdict.RunReason;
import org.fixbench.harness.verdict.RunStatus;

/**
 * One measured run. {@code series} maps a series key ({@link SeriesNames}) to what it recorded, in a stable
 * order: end to end first, then service time, send lateness, the probes, hiccups and jitter.
 *
 * <p>The send side: {@code sent}, {@code achievedRatePerSecond} (sends per second) and {@code largestSendBacklog}
 * (the most iterations that were due but not yet sent at one time: the size of the largest catch-up burst).
 * The reply side, every reply attributed to the run whose schedule sent its order: {@code received} (answered
 * within the sample timeout), {@code lost} (not answered by then; each charged to the end-to-end and service-time
 * series at no less than the timeout), {@code lateReplies} (lost orders whose reply came after all, while a later
 * run or warm-up was going on; never a sample of that run), {@code completionRatePerSecond} (replies that arrived
 * within the run's schedule, per second of schedule), {@code oldestUnansweredNanos} (the longest any order of the
 * run waited unanswered, seen from the sender), the median latency of the first and last third of the run's orders,
 * and {@code unmatchedSamples} (samples for starts this run never gave, or a second sample for one start).
 * {@code remeasure}: null, or the first attempt of a run measured again because the JIT compiled inside it.
 */
public record RunResult(int run, RunStatus status, List<RunReason> reasons, double achievedRatePerSecond, long sent,
                        long received, long lost, long lateReplies, double completionRatePerSecond,
                        long oldestUnansweredNanos, long firstThirdP50Nanos, long lastThirdP50Nanos,
                        long largestSendBacklog, long unmatchedSamples, double stealPercent, double busyPercent,
                        boolean excluded, long startEpochMillis, long endEpochMillis, Map<String, SeriesData> series,
                        long hiccupMeterWaitNanos, CpuWait cpuWait, int round, int slot, long jitCompileMillis,
                        long gcPauseMillis, Remeasure remeasure) implements java.io.Serializable {

    /** A starved meter waited for a CPU for at least this share of the overshoot it recorded. */
    public static final double STARVED_SHARE = 0.5;

    /** A run measured once ({@code remeasure} null). */
    public RunResult(int run, RunStatus status, List<RunReason> reasons, double achievedRatePerSecond, long sent,
                     long received, long lost, long lateReplies, double completionRatePerSecond,
                     long oldestUnansweredNanos, long firstThirdP50Nanos, long lastThirdP50Nanos,
                     long largestSendBacklog, long unmatchedSamples, double stealPercent, double busyPercent,
                     boolean excluded, long startEpochMillis, long endEpochMillis, Map<String, SeriesData> series,
                     long hiccupMeterWaitNanos, CpuWait cpuWait, int round, int slot, long jitCompileMillis,
                     long gcPauseMillis) {
        this(run, status, reasons, achievedRatePerSecond, sent, received, lost, lateReplies, completionRatePerSecond,
                oldestUnansweredNanos, firstThirdP50Nanos, lastThirdP50Nanos, largestSendBacklog, unmatchedSamples,
                stealPercent, busyPercent, excluded, startEpochMillis, endEpochMillis, series, hiccupMeterWaitNanos,
                cpuWait, round, slot, jitCompileMillis, gcPauseMillis, null);
    }

    public RunResult {
        reasons = List.copyOf(reasons);
        cpuWait = cpuWait == null ? CpuWait.UNAVAILABLE : cpuWait;
        series = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(series));
    }

    public boolean ok() {
        return status == RunStatus.OK;
    }

    /** The reasons as one line; null for an OK run. */
    public String reason() {
        return RunReason.join(reasons);
    }

    public SeriesData endToEnd() {
        return series.get(SeriesNames.END_TO_END);
    }

    /** The same run under another number (e.g. a round's only run merged into a benchmark). */
    public RunResult renumbered(int number, boolean excludedFromSummaries) {
        return new RunResult(number, status, reasons, achievedRatePerSecond, sent, received, lost, lateReplies,
                completionRatePerSecond, oldestUnansweredNanos, firstThirdP50Nanos, lastThirdP50Nanos,
                largestSendBacklog, unmatchedSamples, stealPercent, busyPercent, excludedFromSummaries,
                startEpochMillis, endEpochMillis, series, hiccupMeterWaitNanos, cpuWait, round, slot,
                jitCompileMillis, gcPauseMillis, remeasure);
    }

    /** The same run, placed in a comparison: its round and its slot within the round. */
    public RunResult placed(int inRound, int atSlot) {
        return new RunResult(run, status, reasons, achievedRatePerSecond, sent, received, lost, lateReplies,
                completionRatePerSecond, oldestUnansweredNanos, firstThirdP50Nanos, lastThirdP50Nanos,
                largestSendBacklog, unmatchedSamples, stealPercent, busyPercent, excluded, startEpochMillis,
                endEpochMillis, series, hiccupMeterWaitNanos, cpuWait, inRound, atSlot, jitCompileMillis,
                gcPauseMillis, remeasure);
    }

    /** The same run with one more reason (its status follows from all of them). */
    public RunResult withReason(RunReason reason) {
        List<RunReason> all = new java.util.ArrayList<>(reasons);
        all.add(reason);
        return new RunResult(run, RunReason.statusOf(all), all, achievedRatePerSecond, sent, received, lost,
                lateReplies, completionRatePerSecond, oldestUnansweredNanos, firstThirdP50Nanos, lastThirdP50Nanos,
                largestSendBacklog, unmatchedSamples, stealPercent, busyPercent, excluded, startEpochMillis,
                endEpochMillis, series, hiccupMeterWaitNanos, cpuWait, round, slot, jitCompileMillis, gcPauseMillis,
                remeasure);
    }

    /** The same run with each reason's text after {@code prefix} (whose run it was, when runs are added up). */
    public RunResult withReasonsPrefixed(String prefix) {
        List<RunReason> named = reasons.stream().map(r -> new RunReason(r.kind(), prefix + r.text())).toList();
        return new RunResult(run, status, named, achievedRatePerSecond, sent, received, lost, lateReplies,
                completionRatePerSecond, oldestUnansweredNanos, firstThirdP50Nanos, lastThirdP50Nanos,
                largestSendBacklog, unmatchedSamples, stealPercent, busyPercent, excluded, startEpochMillis,
                endEpochMillis, series, hiccupMeterWaitNanos, cpuWait, round, slot, jitCompileMillis, gcPauseMillis,
                remeasure);
    }

    /** The same run, its first attempt set aside as {@code first}. */
    public RunResult withRemeasure(Remeasure first) {
        return new RunResult(run, status, reasons, achievedRatePerSecond, sent, received, lost, lateReplies,
                completionRatePerSecond, oldestUnansweredNanos, firstThirdP50Nanos, lastThirdP50Nanos,
                largestSendBacklog, unmatchedSamples, stealPercent, busyPercent, excluded, startEpochMillis,
                endEpochMillis, series, hiccupMeterWaitNanos, cpuWait, round, slot, jitCompileMillis, gcPauseMillis,
                first);
    }

    /**
     * The runs of one schedule split between hosts (each its own client, clock and share of the rate), as one run:
     * every series' histogram is the lossless sum of the hosts' (timelines too, interval by interval, where every host
     * has as many), its maximum and clamped count taken over them; sends, replies, losses and rates add up; the worst
     * status with every host's reasons; extremes ({@code oldestUnansweredNanos}, backlog, the third medians, CPU
     * shares, JIT and GC times) are the hosts' worst; the wall-clock span covers them all. The first run's number,
     * round, slot and CPU wait stand for the whole; no re-measured attempt is kept (each host's stays in its own
     * results).
     *
     * @throws IllegalArgumentException for no runs
     */
    public static RunResult sumOf(List<RunResult> runs) {
        if (runs.isEmpty()) {
            throw new IllegalArgumentException("no runs to add up");
        }
        RunResult first = runs.get(0);
        RunStatus status = RunStatus.OK;
        java.util.LinkedHashSet<RunReason> reasons = new java.util.LinkedHashSet<>();
        double achieved = 0;
        double completion = 0;
        long sent = 0;
        long received = 0;
        long lost = 0;
        long late = 0;
        long oldest = 0;
        long firstThird = 0;
        long lastThird = 0;
        long backlog = 0;
        long unmatched = 0;
        double steal = 0;
        double busy = 0;
        boolean excluded = false;
        long start = Long.MAX_VALUE;
        long end = Long.MIN_VALUE;
        long meterWait = 0;
        long jit = 0;
        long gc = 0;
        for (RunResult r : runs) {
            status = status.worst(r.status);
            reasons.addAll(r.reasons);
            achieved += r.achievedRatePerSecond;
            completion += r.completionRatePerSecond;
            sent += r.sent;
            received += r.received;
            lost += r.lost;
            late += r.lateReplies;
            oldest = Math.max(oldest, r.oldestUnansweredNanos);
            firstThird = Math.max(firstThird, r.firstThirdP50Nanos);
            lastThird = Math.max(lastThird, r.lastThirdP50Nanos);
            backlog = Math.max(backlog, r.largestSendBacklog);
            unmatched += r.unmatchedSamples;
            steal = Math.max(steal, r.stealPercent);
            busy = Math.max(busy, r.busyPercent);
            excluded |= r.excluded;
            start = Math.min(start, r.startEpochMillis);
            end = Math.max(end, r.endEpochMillis);
            meterWait = Math.max(meterWait, r.hiccupMeterWaitNanos);
            jit = Math.max(jit, r.jitCompileMillis);
            gc = Math.max(gc, r.gcPauseMillis);
        }
        Map<String, SeriesData> series = new LinkedHashMap<>();
        for (String key : first.series.keySet()) {
            org.HdrHistogram.Histogram sum = null;
            long max = 0;
            long clamped = 0;
            List<SeriesData> parts = new java.util.ArrayList<>();
            for (RunResult r : runs) {
                SeriesData d = r.series.get(key);
                if (d == null) {
                    continue;
                }
                parts.add(d);
                if (sum == null) {
                    sum = d.histogram().copy();
                } else {
                    sum.add(d.histogram());
                }
                max = Math.max(max, d.maxNanos());
                clamped += d.clampedCount();
            }
            if (parts.size() != runs.size()) {
                continue; // a series not every host recorded (a probe of one engine's): left out of the sum
            }
            List<org.HdrHistogram.Histogram> timeline = new java.util.ArrayList<>();
            int intervals = parts.get(0).timeline().size();
            if (parts.stream().allMatch(d -> d.timeline().size() == intervals)) {
                for (int i = 0; i < intervals; i++) {
                    org.HdrHistogram.Histogram t = parts.get(0).timeline().get(i).copy();
                    for (int h = 1; h < parts.size(); h++) {
                        t.add(parts.get(h).timeline().get(i));
                    }
                    timeline.add(t);
                }
            }
            series.put(key, new SeriesData(sum, max, clamped, timeline));
        }
        return new RunResult(first.run, status, List.copyOf(reasons), achieved, sent, received, lost, late,
                completion, oldest, firstThird, lastThird, backlog, unmatched, steal, busy, excluded, start, end,
                series, meterWait, first.cpuWait, first.round, first.slot, jit, gc, null);
    }

    /** Wall-clock length of the run, ns (from its epoch stamps; at least 1). */
    public long wallNanos() {
        return Math.max(1, (endEpochMillis - startEpochMillis) * 1_000_000L);
    }

    /** The replies that came after its timeout counted. */
    public RunResult withLateReplies(long late) {
        return new RunResult(run, status, reasons, achievedRatePerSecond, sent, received, lost, late,
                completionRatePerSecond, oldestUnansweredNanos, firstThirdP50Nanos, lastThirdP50Nanos,
                largestSendBacklog, unmatchedSamples, stealPercent, busyPercent, excluded, startEpochMillis,
                endEpochMillis, series, hiccupMeterWaitNanos, cpuWait, round, slot, jitCompileMillis, gcPauseMillis,
                remeasure);
    }

    /**
     * By how much the hiccup meter's readings exceeded their own median, summed over the run (0 without a meter):
     * the part of its overshoot that is pauses, not the timer's steady slack.
     */
    public long hiccupExcessNanos() {
        SeriesData hiccups = series.get(SeriesNames.HICCUPS);
        if (hiccups == null || hiccups.count() == 0) {
            return 0;
        }
        long median = hiccups.histogram().getValueAtPercentile(50);
        long excess = 0;
        for (org.HdrHistogram.HistogramIterationValue v : hiccups.histogram().recordedValues()) {
            long value = hiccups.histogram().highestEquivalentValue(v.getValueIteratedTo());
            if (value > median) {
                excess += (value - median) * v.getCountAtValueIteratedTo();
            }
        }
        return excess;
    }

    /**
     * Whether the hiccup meter mostly measured itself: it waited for a CPU for at least {@link #STARVED_SHARE} of
     * the excess of its readings over their median ({@link #hiccupExcessNanos()}), so its pauses are its own
     * starvation (an unpinned meter beside pinned spinning threads waits for the scheduler's tick), not pauses of
     * the process.
     */
    public boolean hiccupMeterStarved() {
        long excess = hiccupExcessNanos();
        return hiccupMeterWaitNanos >= 0 && excess > 0 && hiccupMeterWaitNanos >= STARVED_SHARE * excess;
    }

    /** One sentence on a starved meter, for reports. */
    public String hiccupStarvationText() {
        return String.format(java.util.Locale.ROOT, "the hiccup meter waited %.1f ms for a CPU, %.0f%% of the %.1f "
                        + "ms by which its readings exceeded their median, so its pauses are its own wait for a CPU, "
                        + "not pauses of the process", hiccupMeterWaitNanos / 1e6,
                100.0 * hiccupMeterWaitNanos / hiccupExcessNanos(), hiccupExcessNanos() / 1e6);
    }
}
