package org.fixbench.harness.machine;

import java.lang.management.CompilationMXBean;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;

import org.fixbench.harness.series.LatencySeries;

/**
 * The machine's watchers over one benchmark: the hiccup meter, the jitter monitor, the CPU-wait watch over this JVM's
 * threads and those of the processes it is told about (the forked server), and this JVM's own JIT and GC counters.
 * What each reads over a run is taken by {@link #runStarted()} and {@link #runEnded(Before)}.
 */
public final class MachineWatch implements AutoCloseable {
    private final List<Long> watchedPids = new CopyOnWriteArrayList<>();
    /** Watched processes that may not be JVMs: never asked for a compile queue. */
    private final List<Long> notJvmPids = new CopyOnWriteArrayList<>();
    private final Map<Long, String> roleOf = new java.util.concurrent.ConcurrentHashMap<>();
    private HiccupMeter hiccupMeter;
    private JitterMonitor jitterMonitor;
    private volatile CpuWaitWatch cpuWaitWatch;

    /** What the watchers read at a run's start. */
    public record Before(long meterWaitNanos, long jitMillis, long gcMillis, CpuTimes cpu) {
    }

    /** What the watchers read over a run; -1 for what was not read. */
    public record Reading(CpuWait cpuWait, long meterWaitNanos, double stealPercent, double busyPercent,
                          long jitMillis, long gcMillis) {
    }

    /**
     * Also watches another process's threads; {@code jvm} false for one that may not be a JVM (an acceptor in C++ or
     * Node.js), which is never asked for a JVM's compile queue ({@code jcmd} would send it a SIGQUIT). Before {@link
     * #start} or after it: from then on.
     */
    public void watchProcess(long pid, boolean jvm) {
        watchProcess(pid, jvm, CpuWaitWatch.SERVER);
    }

    /**
     * As {@link #watchProcess(long, boolean)}, in {@code role}: {@link CpuWaitWatch#SERVER} (the forked server and
     * what it started) or {@link CpuWaitWatch#CLIENT} (what this process started).
     */
    public void watchProcess(long pid, boolean jvm, String role) {
        if (!jvm && !notJvmPids.contains(pid)) {
            notJvmPids.add(pid);
        }
        if (!watchedPids.contains(pid)) {
            watchedPids.add(pid);
            roleOf.put(pid, role);
        }
        CpuWaitWatch watch = cpuWaitWatch;
        if (watch != null) {
            watch.watch(pid, role(pid));
        }
    }

    private String role(long pid) {
        return roleOf.getOrDefault(pid, CpuWaitWatch.SERVER);
    }

    /**
     * Starts the hiccup meter into {@code hiccups} and the jitter monitor into {@code jitter} (each when not null),
     * and the CPU-wait watch when {@code cpuWait} and Linux's schedstat can be read.
     */
    public void start(LatencySeries hiccups, LatencySeries jitter, boolean cpuWait) {
        if (hiccups != null) {
            hiccupMeter = new HiccupMeter(hiccups).start();
            hiccupMeter.awaitStarted(100_000_000L);
        }
        jitterMonitor = jitter != null ? new JitterMonitor(jitter).start() : null;
        if (cpuWait && CpuWaitWatch.supported()) {
            CpuWaitWatch watch = new CpuWaitWatch(ProcessHandle.current().pid());
            watchedPids.forEach(pid -> watch.watch(pid, role(pid)));
            cpuWaitWatch = watch.start();
        }
    }

    /** Whether the CPU wait of the watched threads is read. */
    public boolean watchesCpuWait() {
        return cpuWaitWatch != null;
    }

    /** While on, the CPU-wait watch makes its in-run reading every 10 ms, so its code is compiled before the runs. */
    public void exercise(boolean on) {
        if (cpuWaitWatch != null) {
            cpuWaitWatch.exercise(on);
        }
    }

    /** The threads of this JVM (client) and of the watched processes (server) busy with no load; null: not read. */
    public IdleThreads readIdleThreads(boolean timedThreadSpins) {
        List<Long> pids = new ArrayList<>();
        List<String> roles = new ArrayList<>();
        pids.add(ProcessHandle.current().pid());
        roles.add("client");
        for (long pid : watchedPids) {
            pids.add(pid);
            roles.add(role(pid));
        }
        return IdleThreads.read(pids, roles, Machine.cpus(), timedThreadSpins);
    }

    /** The compiler threads of this JVM and of every watched process; null when CPU wait is not watched. */
    public CompilerThreads compilerThreads() {
        if (cpuWaitWatch == null) {
            return null;
        }
        List<Long> jvms = new ArrayList<>();
        jvms.add(ProcessHandle.current().pid());
        jvms.addAll(watchedPids);
        return CompilerThreads.of(jvms);
    }

    /** Which methods the watched JVMs' compilers are compiling or have queued (client first), tagged by role. */
    public List<String> compilingNow() {
        List<String> names = new ArrayList<>();
        CompileQueue.methods(-1, 5).forEach(m -> names.add(m + " (client)"));
        for (long pid : watchedPids) {
            if (notJvmPids.contains(pid)) {
                continue;
            }
            CompileQueue.methods(pid, 5).forEach(m -> names.add(m + " (" + role(pid) + ")"));
        }
        return names;
    }

    /**
     * At a run's start (a warm-up pass's too: its reading is thrown away, and the watch's own code, reading /proc, is
     * then compiled during the warm-up, not inside the first measured runs).
     */
    public Before runStarted() {
        long meterWait = hiccupMeter == null ? -1 : hiccupMeter.runQueueWaitNanos();
        long jit = jitMillis();
        long gc = gcMillis();
        if (cpuWaitWatch != null) {
            cpuWaitWatch.runStarted();
        }
        return new Before(meterWait, jit, gc, CpuTimes.read());
    }

    /** At a run's end: what each watcher read since {@code before}. */
    public Reading runEnded(Before before) {
        CpuWait cpuWait = cpuWaitWatch != null ? cpuWaitWatch.runEnded() : CpuWait.UNAVAILABLE;
        long jitAfter = jitMillis();
        long gcAfter = gcMillis();
        CpuTimes cpuAfter = CpuTimes.read();
        long meterAfter = hiccupMeter == null ? -1 : hiccupMeter.runQueueWaitNanos();
        return new Reading(cpuWait, before.meterWaitNanos() < 0 || meterAfter < 0 ? -1
                : meterAfter - before.meterWaitNanos(), cpuAfter.stealPercentSince(before.cpu()),
                cpuAfter.busyPercentSince(before.cpu()), before.jitMillis() < 0 ? -1 : jitAfter - before.jitMillis(),
                before.gcMillis() < 0 ? -1 : gcAfter - before.gcMillis());
    }

    /** This JVM's total JIT compile time so far, in ms; -1 where it is not monitored. */
    public static long jitMillis() {
        CompilationMXBean jit = ManagementFactory.getCompilationMXBean();
        return jit != null && jit.isCompilationTimeMonitoringSupported() ? jit.getTotalCompilationTime() : -1;
    }

    /** This JVM's total GC time so far (every collector's collection time), in ms; -1 where not monitored. */
    private static long gcMillis() {
        long total = 0;
        for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
            long t = gc.getCollectionTime();
            if (t < 0) {
                return -1;
            }
            total += t;
        }
        return total;
    }

    @Override
    public void close() {
        closeQuietly(hiccupMeter);
        closeQuietly(cpuWaitWatch);
        closeQuietly(jitterMonitor);
    }

    private static void closeQuietly(AutoCloseable closeable) {
        if (closeable == null) {
            return;
        }
        try {
            closeable.close();
        } catch (Exception ignored) {
            Thread.currentThread().interrupt();
        }
    }
}
