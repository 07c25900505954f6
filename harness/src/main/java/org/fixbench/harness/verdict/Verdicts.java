package org.fixbench.harness.verdict;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.fixbench.harness.api.HarnessConfig;
import org.fixbench.harness.machine.CpuWait;
import org.fixbench.harness.series.Micros;
import org.fixbench.harness.series.SeriesData;

/**
 * The rules that make a run's verdict and their bounds: each finding a typed {@link RunReason}, the most severe
 * deciding the {@link RunStatus}. Pure: a run's facts in, its reasons out.
 */
public final class Verdicts {
    /** A run's sends or replies per second more than this share below the rate asked for: SATURATED. */
    public static final double RATE_TOLERANCE = 0.01;
    /**
     * A run is DISTURBED when its measuring threads waited for a CPU for more than this share of its wall time
     * (summed over the threads) <em>and</em> others took more than {@link #DISTURBED_INTRUSION_SHARE} of it.
     * Chosen from measurements on the 2-vCPU VM (harness/README.md): quiet runs of raw TCP, sbe and Philadelphia
     * waited 4-9%, QuickFIX/J's threads, which hand each order between them, 70-85% with nobody else running.
     */
    public static final double DISTURBED_WAIT_SHARE = 0.05;
    /**
     * ... and CPU time used by other processes and by the JIT compilers over the run exceeded this share of its
     * wall time: quiet runs 1-3%, a run overlapped by a busy loop for 3 s 20%, a run that compiled 2 s 23%.
     */
    public static final double DISTURBED_INTRUSION_SHARE = 0.05;
    /** ... and the wait was at least this long (a run of a fraction of a second reads /proc/stat's 10 ms ticks). */
    public static final long DISTURBED_MIN_WAIT_NANOS = 10_000_000L;
    /**
     * ... and what others took was at least this share of the wait: a CPU taken for a millisecond makes the threads
     * that measure wait about that long, so a wait many times what others took is the task's own threads waiting for
     * each other (quickfixj:tuned and artio:tuned waited 10-40× the JIT's CPU in the default comparison; a planted
     * busy loop took 3.5× the wait; a JIT compiling through an sbe or Philadelphia run, 0.7-0.9×).
     */
    public static final double DISTURBED_EXPLAINED_SHARE = 0.5;
    /**
     * A run with more orders than this in flight (Little's law: per second of schedule, the sum of its orders'
     * latencies over the second's length) in the median second is QUEUEING (SATURATED).
     */
    public static final double QUEUE_BOUND_ORDERS = 10;
    /**
     * A run in which one JVM's JIT compilers took more than this share of its wall time is measured again, once,
     * after the compilers have gone quiet again (the warm-up's re-measure rule).
     */
    public static final double REMEASURE_JIT_SHARE = 0.02;
    /** Version of the rules that make verdicts; raised whenever a rule or a bound changes. Recorded with results. */
    public static final int RULES_VERSION = 3;

    private Verdicts() {
    }

    /** Every finding on a run, in the order the text output lists them. */
    public static List<RunReason> reasons(RunFacts f, HarnessConfig config) {
        List<RunReason> reasons = new ArrayList<>();
        double target = f.scheduleRatePerSecond();
        String targetText = f.evenSchedule() ? String.format("the target %,d/s", f.ratePerSecond())
                : String.format("the paced schedule's %,.0f/s", target);
        if (f.saturatedLatenessNanos() >= 0) {
            reasons.add(new RunReason(RunReason.Kind.SEND_BEHIND, String.format(
                    "saturated: %s behind schedule at iteration %,d of %,d, stopped early",
                    seconds(f.saturatedLatenessNanos()), f.sent() + 1, f.iterations())));
        }
        if (f.failure() != null) {
            reasons.add(new RunReason(RunReason.Kind.TASK_ERROR, f.failure()));
        }
        boolean ranToEnd = f.saturatedLatenessNanos() < 0 && f.failure() == null;
        if (ranToEnd && f.achievedRatePerSecond() < target * (1 - RATE_TOLERANCE)) {
            reasons.add(new RunReason(RunReason.Kind.SEND_RATE, String.format(
                    "achieved %,.0f/s, %.1f%% below %s", f.achievedRatePerSecond(),
                    100 * (1 - f.achievedRatePerSecond() / target), targetText)));
        }
        if (ranToEnd && f.answered() > 0 && f.completionRatePerSecond() < target * (1 - RATE_TOLERANCE)) {
            reasons.add(new RunReason(RunReason.Kind.COMPLETION_RATE, String.format(
                    "replies completed at %,.0f/s, %.1f%% below %s (the last reply came %s after the "
                            + "run's first send)", f.completionRatePerSecond(),
                    100 * (1 - f.completionRatePerSecond() / target), targetText, seconds(f.replySpanNanos()))));
        }
        if (f.oldestUnansweredNanos() > config.unansweredAgeBoundNanos()) {
            reasons.add(new RunReason(RunReason.Kind.UNANSWERED_AGE, String.format(
                    "an order waited %s unanswered, more than the bound of %s", seconds(f.oldestUnansweredNanos()),
                    seconds(config.unansweredAgeBoundNanos()))));
        }
        if (isRising(config, f.firstThirdP50Nanos(), f.lastThirdP50Nanos())) {
            reasons.add(new RunReason(RunReason.Kind.RISING_LATENCY, String.format(
                    "latency kept rising: p50 of the last third of the run's orders %s, of the first third %s",
                    Micros.format(f.lastThirdP50Nanos()) + " us", Micros.format(f.firstThirdP50Nanos()) + " us")));
        }
        if (f.lost() > 0) {
            reasons.add(new RunReason(RunReason.Kind.LOST, String.format(
                    "%,d of %,d samples missing %s (counted lost, charged at no less than the timeout)", f.lost(),
                    f.sent(), f.failure() != null ? "when the run ended" : "after " + seconds(f.sampleTimeoutNanos()))));
        }
        if (f.unmatched() > 0) {
            reasons.add(new RunReason(RunReason.Kind.BAD_SAMPLES, String.format(
                    "%,d samples matched no iteration of this run (a start it never gave, or a second sample for one)",
                    f.unmatched())));
        }
        double inFlight = ordersInFlight(f.endToEnd(), f.completionRatePerSecond());
        if (inFlight > QUEUE_BOUND_ORDERS) {
            reasons.add(new RunReason(RunReason.Kind.QUEUEING, String.format(Locale.ROOT,
                    "queueing: %,.1f orders in flight in the median second (Little's law: the second's latencies "
                            + "summed over its length), more than the bound of %,.0f", inFlight, QUEUE_BOUND_ORDERS)));
        }
        if (f.run() > 0 && isDisturbed(f.cpuWait())) {
            reasons.add(new RunReason(RunReason.Kind.CPU_WAIT, disturbedText(f.cpuWait())));
        }
        return reasons;
    }

    /** Why a benchmark ends when none of a run's (or a pass's) iterations was answered. */
    public static String noSamples(long sent, long sampleTimeoutNanos) {
        return "the task never called harness.sample() (0 of " + sent + " iterations answered within "
                + seconds(sampleTimeoutNanos) + ")";
    }

    /** Rising when the last third's p50 is at least the factor above the first's, and by more than the floor. */
    public static boolean isRising(HarnessConfig config, long firstThirdP50Nanos, long lastThirdP50Nanos) {
        return firstThirdP50Nanos >= 0 && lastThirdP50Nanos - firstThirdP50Nanos > config.risingFloorNanos()
                && lastThirdP50Nanos >= config.risingFactor() * firstThirdP50Nanos;
    }

    /** The rule: measuring threads waited beyond the bound while others (processes, JIT) took beyond theirs. */
    public static boolean isDisturbed(CpuWait wait) {
        return wait.available() && wait.waitShare() > DISTURBED_WAIT_SHARE
                && wait.waitNanos() >= DISTURBED_MIN_WAIT_NANOS
                && wait.intrusionNanos() > DISTURBED_INTRUSION_SHARE * wait.wallNanos()
                && wait.intrusionNanos() >= DISTURBED_EXPLAINED_SHARE * wait.waitNanos();
    }

    static String disturbedText(CpuWait wait) {
        return String.format(Locale.ROOT, "disturbed by %s: the threads that measure waited %.0f ms for a "
                        + "CPU (%.1f%% of the run; longest %s, %.0f ms; %,d involuntary switches) while %s (bounds "
                        + "%.0f%% and %.0f%% of the run, and others' CPU at least half the wait)",
                disturbedBy(wait), wait.waitNanos() / 1e6, 100 * wait.waitShare(), wait.worstThread(),
                wait.worstThreadWaitNanos() / 1e6, wait.involuntarySwitches(), intruders(wait),
                100 * DISTURBED_WAIT_SHARE, 100 * DISTURBED_INTRUSION_SHARE);
    }

    /**
     * Who took the CPU, the largest first: "the client JVM's JIT", "the server JVM's JIT" or "other processes", by
     * their CPU over the run.
     */
    static String disturbedBy(CpuWait wait) {
        List<Map.Entry<String, Long>> takers = takers(wait);
        if (takers.isEmpty() || takers.get(0).getValue() <= 0) {
            return "unknown";
        }
        return takers.get(0).getKey();
    }

    private static List<Map.Entry<String, Long>> takers(CpuWait wait) {
        List<Map.Entry<String, Long>> takers = new ArrayList<>();
        long jitByRole = 0;
        Map<String, Long> jitOfRole = new java.util.LinkedHashMap<>(); // a role's processes together: once each
        for (CpuWait.Jvm jvm : wait.jvms()) {
            jitOfRole.merge(jvm.role(), jvm.jitCpuNanos(), Long::sum);
            jitByRole += jvm.jitCpuNanos();
        }
        jitOfRole.forEach((role, nanos) -> takers.add(Map.entry("the " + role + " JVM's JIT", nanos)));
        long housekeeping = Math.max(0, wait.housekeepingCpuNanos());
        if (housekeeping > jitByRole) {
            takers.add(Map.entry("the JIT", housekeeping - jitByRole)); // a reading of before 2026-11-26: no roles
        }
        takers.add(Map.entry("other processes", Math.max(0, wait.otherProcessesCpuNanos())));
        takers.sort((x, y) -> Long.compare(y.getValue(), x.getValue()));
        return takers;
    }

    private static String intruders(CpuWait wait) {
        List<String> parts = new ArrayList<>();
        for (Map.Entry<String, Long> t : takers(wait)) {
            String what = t.getKey().equals("other processes") ? "other processes used %.0f ms of CPU"
                    : t.getKey().replace("'s JIT", "'s JIT compilers") + " used %.0f ms";
            String part = String.format(Locale.ROOT, what, t.getValue() / 1e6);
            if (t.getKey().equals("other processes") && !wait.topOtherProcesses().isEmpty()) {
                part += " (most: " + String.join(", ", wait.topOtherProcesses()) + ")";
            }
            parts.add(part);
        }
        return String.join(", ", parts);
    }

    /**
     * Orders in flight in the run's median second (Little's law): per second of the timeline, the sum of the
     * latencies of the orders due in it divided by the second's length; without a timeline, completion rate × mean
     * latency over the whole run. 0 when nothing was recorded.
     */
    public static double ordersInFlight(SeriesData endToEnd, double completionRatePerSecond) {
        if (endToEnd == null || endToEnd.count() == 0) {
            return 0;
        }
        List<org.HdrHistogram.Histogram> seconds = endToEnd.timeline();
        if (seconds.isEmpty()) {
            return completionRatePerSecond * endToEnd.histogram().getMean() / 1e9;
        }
        double[] inFlight = new double[seconds.size()];
        for (int i = 0; i < inFlight.length; i++) {
            org.HdrHistogram.Histogram h = seconds.get(i);
            double lengthSeconds = Math.max(1, h.getEndTimeStamp() - h.getStartTimeStamp()) / 1e3;
            inFlight[i] = h.getTotalCount() == 0 ? 0 : h.getMean() * h.getTotalCount() / 1e9 / lengthSeconds;
        }
        java.util.Arrays.sort(inFlight);
        int n = inFlight.length;
        return n % 2 == 1 ? inFlight[n / 2] : (inFlight[n / 2 - 1] + inFlight[n / 2]) / 2;
    }

    /** Nanoseconds as the verdicts' sentences say them: "1.250 s". */
    public static String seconds(long nanos) {
        return String.format("%.3f s", nanos / 1e9);
    }
}
