package org.fixbench.harness;

/** A task whose per-iteration behaviour a test scripts: cost in clock time, whether it samples, whether it throws. */
class ScriptedTask implements LatencyTask {
    protected Harness harness;
    protected final ManualClock clock;
    long iteration;

    ScriptedTask(ManualClock clock) {
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

    long costNanos(long iteration) {
        return 0;
    }

    boolean samples(long iteration) {
        return true;
    }
}
