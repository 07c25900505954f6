package org.fixbench.harness.machine;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.locks.LockSupport;

import org.fixbench.harness.series.LatencySeries;

/**
 * A jHiccup-style pause meter: a daemon thread that asks to sleep for {@link #SLEEP_NANOS} and records by how
 * much each sleep overshot. What it sees (GC pauses, scheduling delays, a stolen CPU) hits every thread in the
 * process, so it attributes noise without adding any: it never spins and its samples go to their own series.
 *
 * <p>On a machine whose CPUs are all held by pinned spinning threads the meter itself waits for a CPU after each
 * sleep, and then it measures its own starvation, not a pause of the process. So it also reports how long it sat
 * runnable on a run queue ({@link #runQueueWaitNanos()}, from Linux's {@code /proc/<pid>/task/<tid>/schedstat}),
 * and a run compares that with the overshoot it recorded ({@link RunResult#hiccupMeterStarved()}).
 */
public final class HiccupMeter implements AutoCloseable {
    static final long SLEEP_NANOS = 1_000_000;

    private final LatencySeries series;
    private final Thread thread;
    private volatile boolean running = true;
    /** The meter thread's own schedstat file, set by that thread; null until then or where there is none. */
    private volatile Path schedstat;

    public HiccupMeter(LatencySeries series) {
        this.series = series;
        this.thread = new Thread(this::loop, "fixbench-hiccup-meter");
        this.thread.setDaemon(true);
    }

    public HiccupMeter start() {
        thread.start();
        return this;
    }

    private void loop() {
        schedstat = ownSchedstat();
        long before = System.nanoTime();
        while (running) {
            LockSupport.parkNanos(SLEEP_NANOS);
            long after = System.nanoTime();
            series.record(Math.max(0, after - before - SLEEP_NANOS));
            before = after;
        }
    }

    /** The calling thread's schedstat file under its stable path, or null where Linux's schedstat is missing. */
    static Path ownSchedstat() {
        try {
            Path task = Path.of("/proc/thread-self").toRealPath();
            Path file = task.resolve("schedstat");
            return Files.isReadable(file) && runQueueWaitNanos(file) >= 0 ? file : null;
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    /**
     * Nanoseconds the meter thread has spent runnable but waiting for a CPU since it started (schedstat's second
     * field), or -1 when unknown (not Linux, not started yet, or the kernel keeps no schedstat).
     */
    public long runQueueWaitNanos() {
        Path file = schedstat;
        return file == null ? -1 : runQueueWaitNanos(file);
    }

    public static long runQueueWaitNanos(Path schedstatFile) {
        try {
            String[] fields = Files.readString(schedstatFile).trim().split("\\s+");
            return fields.length >= 2 ? Long.parseLong(fields[1]) : -1;
        } catch (IOException | RuntimeException e) {
            return -1;
        }
    }

    /** Waits until the meter thread has looked for its schedstat file (at most {@code timeoutNanos}). */
    public void awaitStarted(long timeoutNanos) {
        long until = System.nanoTime() + timeoutNanos;
        while (schedstat == null && thread.isAlive() && System.nanoTime() < until) {
            LockSupport.parkNanos(100_000);
        }
    }

    @Override
    public void close() throws InterruptedException {
        running = false;
        thread.join(1_000);
    }
}
