package org.fixbench.harness;

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
        /** The threads that measure waited for a CPU beyond the bound: the machine, not the task, set the numbers. */
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
     * The most severe reason's status, except that a run the machine disturbed is DISTURBED rather than
     * SATURATED: when the threads that measure waited for a CPU that others took, a queue in that run is no
     * evidence that the task could not keep up (the machine may have made it). FAILED (lost orders, an error)
     * stays FAILED: that is a fact whatever the machine did.
     */
    public static RunStatus statusOf(List<RunReason> reasons) {
        RunStatus status = RunStatus.OK;
        boolean disturbed = false;
        for (RunReason r : reasons) {
            status = status.worst(r.kind().status());
            disturbed |= r.kind().status() == RunStatus.DISTURBED;
        }
        return disturbed && status == RunStatus.SATURATED ? RunStatus.DISTURBED : status;
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
