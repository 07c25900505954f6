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

    /**
     * Whether a run whose first attempt the JIT took a share of may be measured again
     * ({@link org.fixbench.harness.warmup.RemeasureRule}): false where what this listener does to a run happens once,
     * so that a second attempt would measure a run without it.
     */
    default boolean mayMeasureAgain() {
        return true;
    }
}
