package org.fixbench.harness.machine;

import org.fixbench.harness.series.LatencySeries;

/**
 * The JLBH-style jitter thread: it spins reading the clock and records every gap between two consecutive
 * readings longer than {@link #THRESHOLD_NANOS}, i.e. the moments the thread was not running. It only reads and
 * records (no printing, no sleeping, no allocation), so it cannot inject pauses of its own into the data; it does
 * take a whole CPU, which is why it is off by default on machines with fewer than 4 CPUs.
 */
final class JitterMonitor implements AutoCloseable {
    static final long THRESHOLD_NANOS = 1_000;

    private final LatencySeries series;
    private final Thread thread;
    private volatile boolean running = true;

    JitterMonitor(LatencySeries series) {
        this.series = series;
        this.thread = new Thread(this::loop, "fixbench-jitter-monitor");
        this.thread.setDaemon(true);
    }

    JitterMonitor start() {
        thread.start();
        return this;
    }

    private void loop() {
        long previous = System.nanoTime();
        while (running) {
            long now = System.nanoTime();
            long gap = now - previous;
            if (gap > THRESHOLD_NANOS) {
                series.record(gap);
            }
            previous = now;
        }
    }

    @Override
    public void close() throws InterruptedException {
        running = false;
        thread.join(1_000);
    }
}
