package org.fixbench.harness.api;

/**
 * The harness's only source of time. Production code uses {@link #SYSTEM}; tests inject a clock they drive,
 * so that schedules and coordinated-omission arithmetic can be checked exactly.
 */
@FunctionalInterface
public interface NanoClock {
    /** A monotonic time in nanoseconds with an arbitrary origin, like {@link System#nanoTime()}. */
    long nanoTime();

    NanoClock SYSTEM = System::nanoTime;
}
