package org.fixbench.harness.machine;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The threads of the measured JVMs that keep a CPU busy with no load: read from /proc twice, a short interval apart,
 * after the task has connected and before the warm-up sends anything. A thread that was on a CPU or waiting for one
 * at least {@link CpuWait#BUSY_SHARE} of the interval spins or yields by design of the engine's profile; the JIT's and
 * the collector's threads are not counted. With the run's own timed thread, they say before the run whether the profile
 * fits the machine's CPUs: more busy threads than CPUs wait for each other, and a run that then falls behind measures
 * the fit, not the engine.
 */
public final class IdleThreads {
    /** The words every note of a profile that does not fit begins its verdict with; reports look for them. */
    public static final String DOES_NOT_FIT = "does not fit this machine";
    /** How long the JVMs are watched with no load. */
    public static final long INTERVAL_NANOS = 300_000_000L;

    private final List<String> busy;
    private final int cpus;
    private final boolean timedThreadSpins;

    IdleThreads(List<String> busy, int cpus, boolean timedThreadSpins) {
        this.busy = List.copyOf(busy);
        this.cpus = cpus;
        this.timedThreadSpins = timedThreadSpins;
    }

    /** Reads the JVMs' threads now and after {@link #INTERVAL_NANOS}; null where /proc cannot be read. */
    public static IdleThreads read(List<Long> pids, List<String> roles, int cpus, boolean timedThreadSpins) {
        if (!CpuWaitWatch.supported()) {
            return null;
        }
        List<Map<Long, CpuWaitWatch.ThreadTimes>> before = new ArrayList<>();
        for (long pid : pids) {
            before.add(CpuWaitWatch.snapshot(pid));
        }
        long start = System.nanoTime();
        java.util.concurrent.locks.LockSupport.parkNanos(INTERVAL_NANOS);
        long wall = System.nanoTime() - start;
        List<String> busy = new ArrayList<>();
        for (int i = 0; i < pids.size(); i++) {
            for (CpuWaitWatch.ThreadTimes end : CpuWaitWatch.snapshot(pids.get(i)).values()) {
                CpuWaitWatch.ThreadTimes begin = before.get(i).get(end.tid());
                if (begin == null || CpuWaitWatch.housekeeping(end.name()) || CpuWaitWatch.collector(end.name())
                        || CpuWaitWatch.excluded(end.name())) {
                    continue;
                }
                long used = (end.cpuNanos() - begin.cpuNanos()) + (end.waitNanos() - begin.waitNanos());
                if (used >= CpuWait.BUSY_SHARE * wall) {
                    busy.add(roles.get(i) + " '" + end.name() + "'");
                }
            }
        }
        return new IdleThreads(busy, cpus, timedThreadSpins);
    }

    /** Threads busy with no load, "role 'name'". */
    public List<String> busy() {
        return busy;
    }

    /** The names of the threads of {@code role}'s JVMs ("client", "server") that were busy with no load. */
    public List<String> busyOf(String role) {
        String prefix = role + " '";
        return busy.stream().filter(b -> b.startsWith(prefix))
                .map(b -> b.substring(prefix.length(), b.length() - 1)).toList();
    }

    /** Busy threads in a run: those busy with no load, and the timed thread when it spins. */
    public int busyInRun() {
        return busy.size() + (timedThreadSpins ? 1 : 0);
    }

    public boolean fits() {
        return busyInRun() <= cpus;
    }

    /** The sentence said before the warm-up: how many threads keep a CPU busy, against the CPUs. */
    public String describe(String name) {
        String threads = busy.isEmpty() ? "none" : String.join(", ", busy);
        String inRun = String.format(Locale.ROOT, "%d busy thread(s) with no load (%s)%s on %d CPU(s)",
                busy.size(), threads, timedThreadSpins ? ", and the run's timed thread spins" : "", cpus);
        return fits() ? name + " fits this machine: " + inRun
                : String.format(Locale.ROOT, "%s %s: %s; %d threads on %d CPUs wait for each other by design of "
                        + "the profile, and a run that falls behind here measures the profile's fit to %d CPUs, not "
                        + "the engine (run a profile made for %d CPUs, or a machine with %d or more)",
                name, DOES_NOT_FIT, inRun, busyInRun(), cpus, cpus, cpus, busyInRun());
    }
}
