package org.fixbench.harness;

import org.fixbench.harness.api.HarnessConfig;
import org.fixbench.harness.api.Idler;
import org.fixbench.harness.api.NanoClock;

/** A clock that moves only when told: waiting on it jumps straight to the deadline. */
public final class ManualClock implements NanoClock, Idler {
    private long nowNanos = 1_000_000_000L;

    @Override
    public long nanoTime() {
        return nowNanos;
    }

    @Override
    public void idle(long remainingNanos) {
        nowNanos += remainingNanos;
    }

    public void advance(long nanos) {
        nowNanos += nanos;
    }

    public HarnessConfig.Builder configure(String name, long rate, long iterations) {
        return HarnessConfig.builder(name).targetRatePerSecond(rate).iterationsPerRun(iterations).warmupIterations(0)
                .runs(1).clock(this).idler(this).hiccupMeter(false).jitterMonitor(false).quiet(true);
    }
}
