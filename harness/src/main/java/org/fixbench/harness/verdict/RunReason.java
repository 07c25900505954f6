package org.fixbench.harness.verdict;

import java.util.List;

/** Why a run is not OK: a kind (which decides the {@link RunStatus}) and a sentence with the numbers. */
public record RunReason(Kind kind, String text) implements java.io.Serializable {

    public enum Kind {
        /** The sender fell further behind schedule than the saturation bound; the run stopped early. */
        SEND_BEHIND(RunStatus.SATURATED),
        /** Sends per second over the run fell short of the target. */
        SEND_RATE(RunStatus.SATURATED),
        /** Replies per second over the run's schedule fell short of the target: orders queued unanswered. */
        COMPLETION_RATE(RunStatus.SATURATED),
        /** Some order waited longer for its reply than the unanswered-age bound. */
        UNANSWERED_AGE(RunStatus.SATURATED),
        /** The last third's median latency far above the first third's: a queue that keeps growing. */
        RISING_LATENCY(RunStatus.SATURATED),
        /**
         * Orders queued: on average many orders were in flight (completion rate × mean latency, Little's law) in
         * most seconds of the run, whether the queue grew, stood or drained; or, found by a comparison, the run's
         * p50 was many times the same engine's at the sweep's lowest rate.
         */
        QUEUEING(RunStatus.SATURATED),
        /**
         * The threads that measure waited for a CPU beyond the bound: a JVM's JIT or other processes, not the task,
         * set the numbers.
         */
        CPU_WAIT(RunStatus.DISTURBED),
        /** Orders still unanswered at the end of the sample timeout. */
        LOST(RunStatus.FAILED),
        /** The task failed, or ended the benchmark (e.g. its session was lost). */
        TASK_ERROR(RunStatus.FAILED),
        /** Samples for starts the harness never gave, or a second sample for one start. */
        BAD_SAMPLES(RunStatus.FAILED);

        private final RunStatus status;

        Kind(RunStatus status) {
            this.status = status;
        }

        public RunStatus status() {
            return status;
        }
    }

    public RunReason {
        java.util.Objects.requireNonNull(kind, "kind");
        java.util.Objects.requireNonNull(text, "text");
    }

    /**
     * The most severe reason's status, except that in a run the machine disturbed, QUEUEING and RISING_LATENCY do not
     * make it SATURATED: both are inferred from the latencies, which are what a disturbance inflates (the machine may
     * have made the queue, or the rise: a run whose measuring threads waited 74% of it for a CPU read "rising" so,
     * rules version 3). Rates that fell short and an order left unanswered are counted on the sends and replies and
     * keep the run SATURATED; FAILED (lost orders, an error) stays FAILED.
     */
    public static RunStatus statusOf(List<RunReason> reasons) {
        boolean disturbed = reasons.stream().anyMatch(r -> r.kind() == Kind.CPU_WAIT);
        RunStatus status = RunStatus.OK;
        for (RunReason r : reasons) {
            if (!(disturbed && (r.kind() == Kind.QUEUEING || r.kind() == Kind.RISING_LATENCY))) {
                status = status.worst(r.kind().status());
            }
        }
        return status;
    }

    /** The reasons as one line, or null when there are none. */
    public static String join(List<RunReason> reasons) {
        return reasons.isEmpty() ? null : String.join("; ", reasons.stream().map(RunReason::text).toList());
    }

    @Override
    public String toString() {
        return kind + ": " + text;
    }
}
