package org.fixbench.harness;

import java.util.concurrent.locks.LockSupport;

/**
 * A jHiccup-style pause meter: a daemon thread that asks to sleep for {@link #SLEEP_NANOS} and records by how
 * much each sleep overshot. What it sees (GC pauses, scheduling delays, a stolen CPU) hits every thread in the
 * process, so it attributes noise without adding any: it never spins and its samples go to their own series.
 */
final class HiccupMeter implements AutoCloseable {
    static final long SLEEP_NANOS = 1_000_000;

    private final LatencySeries series;
    private final Thread thread;
    private volatile boolean running = true;

    HiccupMeter(LatencySeries series) {
        this.series = series;
        this.thread = new Thread(this::loop, "fixbench-hiccup-meter");
        this.thread.setDaemon(true);
    }

    HiccupMeter start() {
        thread.start();
        return this;
    }

    private void loop() {
        long before = System.nanoTime();
        while (running) {
            LockSupport.parkNanos(SLEEP_NANOS);
            long after = System.nanoTime();
            series.record(Math.max(0, after - before - SLEEP_NANOS));
            before = after;
        }
    }

    @Override
    public void close() throws InterruptedException {
        running = false;
        thread.join(1_000);
    }
}
