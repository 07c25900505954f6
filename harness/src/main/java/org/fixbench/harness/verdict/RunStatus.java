package org.fixbench.harness.verdict;

/**
 * A run's verdict, from its {@linkplain RunReason reasons}: the most severe reason wins, except that a queue
 * inferred from the latencies of a disturbed run leaves it DISTURBED ({@link RunReason#statusOf}).
 *
 * <ul>
 *   <li>{@link #OK}: every order was answered within the sample timeout, sends and replies both kept the target
 *       rate, no order waited too long for its reply, and latency did not keep rising through the run.</li>
 *   <li>{@link #DISTURBED}: the JIT compilers of a JVM or other processes took the CPU: the threads that measure waited for a CPU beyond the
 *       bound ({@link CpuWaitWatch}); its latencies measure the machine, not the task, and so does a queue inferred
 *       from them (QUEUEING is kept as a reason but does not make it SATURATED; a rate that fell short does).</li>
 *   <li>{@link #SATURATED}: the task did not keep up with the rate, seen from the sends or from the replies
 *       (the latencies then measure a queue, not the task).</li>
 *   <li>{@link #FAILED}: orders were lost, the task failed, or it sampled what it was never sent.</li>
 * </ul>
 */
public enum RunStatus {
    OK, DISTURBED, SATURATED, FAILED;

    /** The more severe of the two. */
    public RunStatus worst(RunStatus other) {
        return other.ordinal() > ordinal() ? other : this;
    }
}
