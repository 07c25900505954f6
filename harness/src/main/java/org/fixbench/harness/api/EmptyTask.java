package org.fixbench.harness.api;

/** A task that does nothing but sample: the harness's own floor at a given rate. */
public final class EmptyTask implements LatencyTask {
    private Harness harness;
    private NanoClock clock;

    @Override
    public void init(Harness harness) {
        this.harness = harness;
        this.clock = harness.clock();
    }

    @Override
    public void run(long startNanos) {
        harness.sample(startNanos, clock.nanoTime());
    }
}
