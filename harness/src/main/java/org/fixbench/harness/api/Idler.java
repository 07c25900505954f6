package org.fixbench.harness.api;

/** Waits a little while a loop re-reads the clock; tests inject one that moves their clock instead. */
@FunctionalInterface
public interface Idler {
    void idle(long remainingNanos);
}
