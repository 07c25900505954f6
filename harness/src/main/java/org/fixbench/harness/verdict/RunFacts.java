package org.fixbench.harness.verdict;

import org.fixbench.harness.machine.CpuWait;
import org.fixbench.harness.series.SeriesData;

/**
 * What a run's verdict is made from, as its timed loop and the machine's watchers read it.
 *
 * @param run                    the run's number (0: a warm-up pass)
 * @param iterations             the iterations the run was to send
 * @param ratePerSecond          the rate the run was given
 * @param scheduleRatePerSecond  the rate the schedule asked for over what was sent: the rate itself when even; a
 *                               paced run that ended inside a burst or a lull of its cycle asked for more or less
 * @param evenSchedule           whether the schedule was even (not paced by recorded gaps)
 * @param replySpanNanos         from the run's start to its last reply (at least one interval)
 * @param saturatedLatenessNanos how far behind schedule the run was when it stopped early; -1 when it did not
 * @param firstThirdP50Nanos     the p50 of the first third of the run's orders; -1 when none
 * @param failure                why the task failed, or null
 * @param endToEnd               the run's end-to-end series (its timeline gives the orders in flight)
 */
public record RunFacts(int run, long iterations, long ratePerSecond, double scheduleRatePerSecond,
                       boolean evenSchedule, long sent, long answered, long unmatched, double achievedRatePerSecond,
                       double completionRatePerSecond, long replySpanNanos, long oldestUnansweredNanos,
                       long saturatedLatenessNanos, long firstThirdP50Nanos, long lastThirdP50Nanos,
                       long sampleTimeoutNanos, String failure, SeriesData endToEnd, CpuWait cpuWait) {
    public long lost() {
        return sent - answered;
    }
}
