package org.fixbench.harness.api;

/**
 * The work being measured, in the shape a JLBH user knows.
 *
 * <p>The harness calls {@link #init} once, then {@link #run} once per iteration on its timed thread at the
 * scheduled times, then {@link #complete} once. For each iteration the task must eventually call
 * {@link Harness#sample(long, long)} exactly once, from any thread, with the {@code startNanos} it was given and
 * the time it ended. Samples are matched to iterations by that start, so replies may come in any order.
 */
public interface LatencyTask {

    /** Called once before warm-up: connect, start threads, {@link Harness#addProbe add probes}. */
    void init(Harness harness) throws Exception;

    /**
     * Starts one iteration. Must not block for longer than the work itself; must not allocate where avoidable.
     *
     * @param startNanos the <em>intended</em> start time of this iteration on {@link Harness#clock()} when
     *                   coordinated-omission correction is on (the default), else the actual start time
     */
    void run(long startNanos);

    /**
     * Whether the task does work on the timed thread between sends (e.g. a client that reads its replies there
     * instead of on a thread of its own, so that a busy-spinning client needs one CPU, not two). If so, the harness
     * calls {@link #poll()} while it waits for the next send and while it waits for outstanding samples, and never
     * parks for longer than {@link LatencyBenchmark#POLL_IDLE_CAP_NANOS} between polls.
     */
    default boolean pollsOnTimedThread() {
        return false;
    }

    /** Does pending work on the timed thread; returns whether there was any. Must not block. */
    default boolean poll() {
        return false;
    }

    /** Called once after the last run: stop threads, close connections. */
    default void complete() throws Exception {
    }
}
