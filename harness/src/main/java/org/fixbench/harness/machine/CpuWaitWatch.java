package org.fixbench.harness.machine;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * How long the threads that measure waited for a CPU during a run, read from Linux's per-thread schedstat
 * ({@code /proc/<pid>/task/<tid>/schedstat}: time on a CPU, time runnable but waiting on a run queue) and status
 * ({@code nonvoluntary_ctxt_switches}), in this process and in the processes it is told about (the forked server).
 *
 * <p>A daemon thread reads every thread of the watched processes at the run's start, once per second of the run,
 * and at its end. <em>Measuring threads</em> are those that used at least {@link #ACTIVE_SHARE} of the run's wall
 * time on a CPU (the harness's sending thread, the threads that read replies, the server's polling thread: every
 * thread on an order's path at the rates measured here), never the hiccup meter, the jitter monitor or this watch
 * itself, which wait by design. A thread that is runnable but not running holds up the orders it should be
 * handling: that wait is what a busy machine, or a profile with more busy threads than CPUs, does to a run.
 *
 * <p>Also read: the CPU time the JIT compiler threads of the watched JVMs used over the run (compiling while a
 * run measures takes a CPU from the threads that measure), and the CPU time every other process used over the run
 * (each one's {@code /proc/<pid>/stat}, reaped children included), i.e. what other processes took. Where schedstat cannot be
 * read (not Linux, a kernel without it, a process that ended), the run's figures are -1 and the report says so.
 * Reading allocates, on the watch's own thread only; the timed loop is untouched.
 */
public final class CpuWaitWatch implements AutoCloseable {
    /** A thread counts as measuring when it was on a CPU for at least this share of the run's wall time. */
    static final double ACTIVE_SHARE = 0.005;
    /** Names of threads that wait by design (they measure the machine, not the orders). */
    static final Set<String> EXCLUDED_NAMES = Set.of("fixbench-hiccup", "fixbench-jitter", "fixbench-cpu-wa");
    /**
     * Name prefixes of the JVM's own housekeeping threads (JIT compilers, garbage collectors, the VM thread): not on
     * an order's path, but what they use of a CPU during a run is taken from the threads that are.
     */
    static final Set<String> HOUSEKEEPING_NAMES = Set.of("C1 CompilerThre", "C2 CompilerThre");
    /**
     * The JVM's other service threads: neither on an order's path nor an intrusion (a collector runs because the
     * engine allocated; its pauses are in the latencies and in the run's GC time).
     */
    static final Set<String> SERVICE_NAMES = Set.of("GC Thread", "G1 ", "VM Thread", "VM Periodic", "Sweeper thread",
            "Service Thread", "Monitor Deflati", "Common-Cleaner", "Signal Dispatch", "Finalizer", "Reference Handl",
            "Notification Th");
    private static final long TICK_NANOS = 10_000_000L; // USER_HZ = 100 on Linux

    /** One thread's counters at one moment. */
    record ThreadTimes(long pid, long tid, String name, long cpuNanos, long waitNanos, long involuntarySwitches) {
    }

    private final List<Long> pids = new ArrayList<>();
    /** The role of each watched process but this one ({@link #SERVER} or {@link #CLIENT}); guarded by {@link #lock}. */
    private final Map<Long, String> roles = new java.util.HashMap<>();
    /** The roles of the watched processes: this one is the client's. */
    public static final String CLIENT = "client";
    public static final String SERVER = "server";
    private final Thread thread;
    private final Object lock = new Object();
    private volatile boolean running = true;
    /** While set (the warm-up's passes), the watch's thread reads as a run would, every 10 ms. */
    private volatile boolean exercising;
    /** The current run's snapshots: index 0 at its start, then one per second; guarded by {@link #lock}. */
    private List<Map<Long, ThreadTimes>> snapshots = null;
    private long runStartNanos;
    private long nextSnapshotNanos;
    private Map<Long, Long> othersAtStart;

    public CpuWaitWatch(long ownPid) {
        pids.add(ownPid);
        thread = new Thread(this::loop, "fixbench-cpu-wait");
        thread.setDaemon(true);
    }

    /** Also watch another process (the forked server); its threads count like this process's. */
    public void watch(long pid) {
        watch(pid, SERVER);
    }

    /**
     * Also watch another process in {@code role}: {@link #SERVER} (the forked server, what it started) or
     * {@link #CLIENT} (what this process started: a TLS terminator beside the client); its threads count like this
     * process's, its CPU is its role's.
     */
    public void watch(long pid, String role) {
        synchronized (lock) {
            if (!pids.contains(pid)) {
                pids.add(pid);
                roles.put(pid, role);
            }
        }
    }

    public CpuWaitWatch start() {
        thread.start();
        return this;
    }

    public static boolean supported() {
        return Files.isReadable(Path.of("/proc/self/task"))
                && Files.isReadable(Path.of("/proc/thread-self/schedstat"));
    }

    /**
     * On: until turned off, this watch's thread reads both JVMs' threads from /proc every 10 ms, as it does once a
     * second inside a run, and throws the readings away. For the warm-up, scheduled and settling passes: the code a
     * run's once-a-second reading needs is then compiled before the compilers are found quiet, not in a run (measured:
     * without it, those readings were what the client's compilers compiled inside measured runs; -XX:+PrintCompilation:
     * sun.nio.fs, Files, streams). Only that reading: exercising a run's whole figures too (every process, the
     * outcome and its sentences, 100 times a second) kept C2 compiling Formatter, regex and the outcome for 10-20 s
     * after a warm-up was otherwise done, and a settling pass after a run waited 5-15 s for it (tcp:spin, 2 vCPUs).
     */
    public void exercise(boolean on) {
        exercising = on;
        if (on) {
            java.util.concurrent.locks.LockSupport.unpark(thread);
        }
    }

    /** Called by the harness thread as a run starts. */
    public void runStarted() {
        long nowNanos = System.nanoTime();
        Map<Long, ThreadTimes> first = snapshotAll();
        Map<Long, Long> others = otherProcessTicks();
        synchronized (lock) {
            snapshots = new ArrayList<>();
            snapshots.add(first);
            runStartNanos = nowNanos;
            nextSnapshotNanos = nowNanos + 1_000_000_000L;
            othersAtStart = others;
        }
    }

    /** Called by the harness thread as a run ends: the run's outcome. */
    public CpuWait runEnded() {
        long nowNanos = System.nanoTime();
        Map<Long, ThreadTimes> last = snapshotAll();
        Map<Long, Long> others = otherProcessTicks();
        List<Map<Long, ThreadTimes>> runSnapshots;
        long start;
        Map<Long, Long> othersStart;
        synchronized (lock) {
            runSnapshots = snapshots;
            snapshots = null;
            start = runStartNanos;
            othersStart = othersAtStart;
        }
        if (runSnapshots == null || runSnapshots.get(0).isEmpty() || last.isEmpty()) {
            return CpuWait.UNAVAILABLE;
        }
        runSnapshots.add(last);
        long wallNanos = Math.max(1, nowNanos - start);
        long other = otherProcessesNanos(othersStart, others);
        List<Long> watched;
        Map<Long, String> watchedRoles;
        synchronized (lock) {
            watched = List.copyOf(pids);
            watchedRoles = Map.copyOf(roles);
        }
        boolean serverRead = watched.stream().skip(1).anyMatch(pid -> SERVER.equals(watchedRoles.get(pid))
                && hasPid(last, pid));
        return outcome(runSnapshots, wallNanos, other, serverRead, watched, watchedRoles)
                .withTopOtherProcesses(topOthers(othersStart, others, 3));
    }

    /** The {@code limit} other processes that used the most CPU between the readings: "comm (pid N) X ms". */
    static List<String> topOthers(Map<Long, Long> before, Map<Long, Long> after, int limit) {
        if (before == null || after == null) {
            return List.of();
        }
        List<long[]> used = new ArrayList<>();
        after.forEach((pid, ticks) -> {
            long delta = ticks - before.getOrDefault(pid, 0L);
            if (delta > 0) {
                used.add(new long[] {pid, delta});
            }
        });
        used.sort((a, b) -> Long.compare(b[1], a[1]));
        List<String> top = new ArrayList<>();
        for (long[] u : used.subList(0, Math.min(limit, used.size()))) {
            String name;
            try {
                name = Files.readString(Path.of("/proc", Long.toString(u[0]), "comm")).trim();
            } catch (IOException | RuntimeException e) {
                name = "(ended)";
            }
            top.add(name + " (pid " + u[0] + ") " + u[1] * TICK_NANOS / 1_000_000 + " ms");
        }
        return top;
    }

    private static boolean hasPid(Map<Long, ThreadTimes> snapshot, long pid) {
        return snapshot.values().stream().anyMatch(t -> t.pid() == pid);
    }

    /**
     * The run's figures from its snapshots (first at the start, last at the end): measuring threads are those with
     * at least {@link #ACTIVE_SHARE} of {@code wallNanos} on a CPU between first and last, excluding the meters;
     * {@code pids} the watched processes, the measuring one first, for each one's JIT and GC CPU.
     */
    static CpuWait outcome(List<Map<Long, ThreadTimes>> snapshots, long wallNanos, long otherProcessesNanos,
                           boolean serverRead, List<Long> pids) {
        return outcome(snapshots, wallNanos, otherProcessesNanos, serverRead, pids, Map.of());
    }

    /** As {@link #outcome(List, long, long, boolean, List)}, each process but the first in its {@code roles} (else the server's). */
    static CpuWait outcome(List<Map<Long, ThreadTimes>> snapshots, long wallNanos, long otherProcessesNanos,
                           boolean serverRead, List<Long> pids, Map<Long, String> roles) {
        Map<Long, ThreadTimes> first = snapshots.get(0);
        Map<Long, ThreadTimes> last = snapshots.get(snapshots.size() - 1);
        List<Long> measuring = new ArrayList<>();
        long housekeepingCpu = 0;
        Map<Long, long[]> jitAndGc = new java.util.LinkedHashMap<>();
        pids.forEach(pid -> jitAndGc.put(pid, new long[3]));
        for (ThreadTimes end : last.values()) {
            ThreadTimes begin = first.get(end.tid());
            long cpu = end.cpuNanos() - (begin == null ? 0 : begin.cpuNanos());
            long[] jvm = jitAndGc.get(end.pid());
            if (jvm != null) {
                jvm[2] += cpu;
            }
            if (jvm != null && housekeeping(end.name())) {
                jvm[0] += cpu;
            } else if (jvm != null && collector(end.name())) {
                jvm[1] += cpu;
            }
            if (housekeeping(end.name())) {
                housekeepingCpu += cpu;
            } else if (cpu >= ACTIVE_SHARE * wallNanos && !excluded(end.name())) {
                measuring.add(end.tid());
            }
        }
        long wait = 0;
        long switches = 0;
        int busy = 0;
        String worst = null;
        long worstWait = -1;
        List<String> described = new ArrayList<>();
        for (long tid : measuring) {
            ThreadTimes end = last.get(tid);
            ThreadTimes begin = first.get(tid);
            long w = end.waitNanos() - (begin == null ? 0 : begin.waitNanos());
            long s = end.involuntarySwitches() < 0 ? 0
                    : end.involuntarySwitches() - (begin == null ? 0 : Math.max(0, begin.involuntarySwitches()));
            long c = end.cpuNanos() - (begin == null ? 0 : begin.cpuNanos());
            wait += w;
            switches += s;
            if (c + w >= CpuWait.BUSY_SHARE * wallNanos) {
                busy++;
            }
            if (w > worstWait) {
                worstWait = w;
                worst = end.name() + " (pid " + end.pid() + ")";
            }
            described.add(String.format(java.util.Locale.ROOT, "%s (pid %d): on CPU %.0f%%, waited %.1f ms, %d "
                    + "involuntary switches", end.name(), end.pid(), 100.0 * c / wallNanos, w / 1e6, s));
        }
        long[] perSecond = new long[snapshots.size() - 1];
        for (int i = 1; i < snapshots.size(); i++) {
            Map<Long, ThreadTimes> a = snapshots.get(i - 1);
            Map<Long, ThreadTimes> b = snapshots.get(i);
            long sum = 0;
            for (long tid : measuring) {
                ThreadTimes tb = b.get(tid);
                ThreadTimes ta = a.get(tid);
                if (tb != null) {
                    sum += tb.waitNanos() - (ta == null ? 0 : ta.waitNanos());
                }
            }
            perSecond[i - 1] = Math.max(0, sum);
        }
        List<CpuWait.Jvm> jvms = new ArrayList<>();
        jitAndGc.forEach((pid, v) -> {
            if (hasPid(last, pid)) {
                int threads = (int) last.values().stream().filter(t -> t.pid() == pid).count();
                jvms.add(new CpuWait.Jvm(pid, pid.equals(pids.get(0)) ? CLIENT : roles.getOrDefault(pid, SERVER), v[0],
                        v[1], v[2], threads, rssKb(pid)));
            }
        });
        return new CpuWait(wait, switches, worst, worstWait, measuring.size(), busy, perSecond, otherProcessesNanos,
                housekeepingCpu, described, serverRead, wallNanos, jvms);
    }

    /** Name prefixes of garbage-collector threads (and the VM thread, which runs the safepoint operations). */
    static final Set<String> COLLECTOR_NAMES = Set.of("GC Thread", "G1 ", "VM Thread", "ZGC", "Z Driver",
            "Z Director", "Shenandoah", "Parallel");

    static boolean collector(String name) {
        return COLLECTOR_NAMES.stream().anyMatch(name::startsWith);
    }

    static boolean housekeeping(String name) {
        return HOUSEKEEPING_NAMES.stream().anyMatch(name::startsWith);
    }

    static boolean excluded(String name) {
        return EXCLUDED_NAMES.stream().anyMatch(name::startsWith) || SERVICE_NAMES.stream().anyMatch(name::startsWith);
    }

    private void loop() {
        while (running) {
            if (exercising) {
                snapshotAll();
                java.util.concurrent.locks.LockSupport.parkNanos(10_000_000L);
                continue;
            }
            Map<Long, ThreadTimes> snapshot = null;
            long due;
            synchronized (lock) {
                due = snapshots == null ? -1 : nextSnapshotNanos;
            }
            long now = System.nanoTime();
            if (due > 0 && now >= due) {
                snapshot = snapshotAll();
                synchronized (lock) {
                    if (snapshots != null && nextSnapshotNanos == due) {
                        snapshots.add(snapshot);
                        nextSnapshotNanos = due + 1_000_000_000L;
                    }
                }
                continue;
            }
            long sleep = due > 0 ? Math.min(due - now, 100_000_000L) : 100_000_000L;
            java.util.concurrent.locks.LockSupport.parkNanos(Math.max(1_000_000L, sleep));
        }
    }

    private Map<Long, ThreadTimes> snapshotAll() {
        List<Long> watched;
        synchronized (lock) {
            watched = List.copyOf(pids);
        }
        Map<Long, ThreadTimes> all = new HashMap<>();
        for (long pid : watched) {
            all.putAll(snapshot(pid));
        }
        return all;
    }

    /** A process's resident set now ({@code VmRSS} in /proc/PID/status), kB; -1 when it cannot be read. */
    static long rssKb(long pid) {
        try {
            for (String line : Files.readAllLines(Path.of("/proc", Long.toString(pid), "status"))) {
                if (line.startsWith("VmRSS:")) {
                    return Long.parseLong(line.substring(6).replace("kB", "").trim());
                }
            }
        } catch (IOException | RuntimeException e) {
            return -1;
        }
        return -1;
    }

    /** Every thread of {@code pid} now; empty when the process or its schedstat cannot be read. */
    static Map<Long, ThreadTimes> snapshot(long pid) {
        Map<Long, ThreadTimes> threads = new LinkedHashMap<>();
        Path tasks = Path.of("/proc", Long.toString(pid), "task");
        try (var stream = Files.newDirectoryStream(tasks)) {
            for (Path task : stream) {
                ThreadTimes t = read(pid, task);
                if (t != null) {
                    threads.put(t.tid(), t);
                }
            }
        } catch (IOException | RuntimeException e) {
            return Map.of();
        }
        return threads;
    }

    private static ThreadTimes read(long pid, Path task) {
        try {
            long tid = Long.parseLong(task.getFileName().toString());
            long[] sched = longFields(Files.readString(task.resolve("schedstat")), 0, 2);
            if (sched == null) {
                return null;
            }
            String name = Files.readString(task.resolve("comm")).trim();
            String status = Files.readString(task.resolve("status"));
            int at = status.indexOf(INVOLUNTARY);
            long[] involuntary = at < 0 ? null : longFields(status.substring(at + INVOLUNTARY.length()), 0, 1);
            return new ThreadTimes(pid, tid, name, sched[0], sched[1], involuntary == null ? -1 : involuntary[0]);
        } catch (IOException | RuntimeException e) {
            return null; // the thread ended while being read
        }
    }

    private static final String INVOLUNTARY = "nonvoluntary_ctxt_switches:";

    /**
     * Fields {@code from} to {@code from + count - 1} (counting from 0) of whitespace-separated {@code text}, each
     * read as a long (a field that is not one reads as 0 up to its first non-digit); null when there are fewer. Plain
     * scanning, no regular expression: this runs on the watch's thread every second of a run, and code it needs only
     * then is compiled inside the run.
     */
    static long[] longFields(String text, int from, int count) {
        long[] values = new long[count];
        int field = -1;
        int i = 0;
        int n = text.length();
        while (field < from + count - 1) {
            while (i < n && Character.isWhitespace(text.charAt(i))) {
                i++;
            }
            if (i == n) {
                return null;
            }
            field++;
            long value = 0;
            boolean digits = true;
            for (; i < n && !Character.isWhitespace(text.charAt(i)); i++) {
                char c = text.charAt(i);
                digits &= c >= '0' && c <= '9';
                if (digits) {
                    value = value * 10 + (c - '0');
                }
            }
            if (field >= from) {
                values[field - from] = value;
            }
        }
        return values;
    }

    /**
     * Every other process's CPU time so far (utime + stime + its reaped children's cutime + cstime, in ticks), by pid:
     * all of /proc but the watched processes. Read per process, not from /proc/stat: the machine-wide counters are
     * sampled at the timer tick, and a process that wakes on the tick (a 1 ms sleep loop) is charged whole ticks it
     * did not use (quickfixj:tuned at 2,000/s read 1.4 s "other" in a 3 s run with no other process busy).
     */
    private Map<Long, Long> otherProcessTicks() {
        List<Long> watched;
        synchronized (lock) {
            watched = List.copyOf(pids);
        }
        Map<Long, Long> ticks = new java.util.HashMap<>();
        try (java.nio.file.DirectoryStream<Path> all = Files.newDirectoryStream(Path.of("/proc"))) {
            for (Path p : all) {
                String name = p.getFileName().toString();
                if (name.isEmpty() || !Character.isDigit(name.charAt(0))) {
                    continue;
                }
                long pid = Long.parseLong(name);
                if (!watched.contains(pid)) {
                    long t = processTicks(pid);
                    if (t >= 0) {
                        ticks.put(pid, t);
                    }
                }
            }
        } catch (IOException | RuntimeException e) {
            return null;
        }
        return ticks;
    }

    /** utime + stime + cutime + cstime of a process (fields 14-17 of /proc/pid/stat), ticks; -1 if unreadable. */
    static long processTicks(long pid) {
        try {
            String stat = Files.readString(Path.of("/proc", Long.toString(pid), "stat"));
            long[] f = longFields(stat.substring(stat.lastIndexOf(')') + 2), 11, 4);
            return f == null ? -1 : f[0] + f[1] + f[2] + f[3];
        } catch (IOException | RuntimeException e) {
            return -1;
        }
    }

    /**
     * CPU time other processes used between the two readings, in ns: what each process present at the end used
     * since the start (a new one: all it used), children that ended counted in their parent's cutime/cstime.
     */
    static long otherProcessesNanos(Map<Long, Long> before, Map<Long, Long> after) {
        if (before == null || after == null) {
            return -1;
        }
        long ticks = 0;
        for (Map.Entry<Long, Long> e : after.entrySet()) {
            ticks += Math.max(0, e.getValue() - before.getOrDefault(e.getKey(), 0L));
        }
        return ticks * TICK_NANOS;
    }

    @Override
    public void close() throws InterruptedException {
        running = false;
        thread.interrupt();
        thread.join(1_000);
    }
}
