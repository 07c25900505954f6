package org.fixbench.harness;

import org.fixbench.harness.api.Harness;
import org.fixbench.harness.api.LatencyTask;

/** A task whose per-iteration behaviour a test scripts: cost in clock time, whether it samples, whether it throws. */
public class ScriptedTask implements LatencyTask {
    protected Harness harness;
    protected final ManualClock clock;
    protected long iteration;

    public ScriptedTask(ManualClock clock) {
        this.clock = clock;
    }

    @Override
    public void init(Harness harness) {
        this.harness = harness;
    }

    @Override
    public void run(long startNanos) {
        long i = iteration++;
        clock.advance(costNanos(i));
        if (samples(i)) {
            harness.sample(startNanos, clock.nanoTime());
        }
    }

    protected long costNanos(long iteration) {
        return 0;
    }

    protected boolean samples(long iteration) {
        return true;
    }
}
