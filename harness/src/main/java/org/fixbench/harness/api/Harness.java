package org.fixbench.harness.api;

import org.fixbench.harness.machine.PinOutcome;

/** What a {@link LatencyTask} sees of the harness. All methods are safe to call from any thread. */
public interface Harness {

    /**
     * Records the end of the iteration that was given {@code startNanos}: its latency is {@code endNanos −
     * startNanos}. The start says which iteration (and which run) the sample answers: a sample for an earlier run
     * arrived after that run's sample timeout and is only counted as late for it; a second sample for one start,
     * or one for a start never given, is counted against the run and recorded nowhere.
     */
    void sample(long startNanos, long endNanos);

    /**
     * Adds a named series that records any point in the code. Call from {@link LatencyTask#init}.
     *
     * @throws IllegalArgumentException if the name is blank, reserved, or used already
     */
    Probe addProbe(String name);

    /** The clock the schedule runs on; tasks must measure with it too. */
    NanoClock clock();

    /**
     * Pins the calling thread to a CPU reserved for {@code role}, if the configuration asks for pinning and a CPU
     * can be had. Never throws for lack of CPUs: the outcome is returned, printed and recorded in the results.
     */
    PinOutcome pinCurrentThread(String role);

    /**
     * Ends the benchmark from any thread (e.g. the peer disconnected): the current run stops, is marked FAILED
     * with this reason, and no further run starts. Results so far are kept. The first reason wins.
     */
    void fail(String reason);
}
