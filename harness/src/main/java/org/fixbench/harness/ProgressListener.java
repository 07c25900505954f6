package org.fixbench.harness;

import org.fixbench.harness.results.RunResult;

/** Told when runs start and end, so a long sweep can show where it is. Called on the harness thread. */
public interface ProgressListener {
    ProgressListener NONE = new ProgressListener() {
    };

    default void runStarting(String benchmark, int run, int runs, boolean warmup) {
    }

    default void runEnded(String benchmark, RunResult result) {
    }
}
