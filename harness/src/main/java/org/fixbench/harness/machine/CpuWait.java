package org.fixbench.harness.machine;

import java.util.List;

/**
 * What one run's measuring threads (see {@link CpuWaitWatch}) waited for a CPU, in both processes: the total wait
 * ({@code waitNanos}, -1 where it could not be read), their involuntary context switches, the thread that waited
 * longest, how many measuring threads were busy (on a CPU or waiting for one at least {@link #BUSY_SHARE} of the run:
 * spinning threads), the wait in each second of the run ({@code waitPerSecondNanos[i]}: second {@code i} from the run's start),
 * the CPU time other processes used over the run (-1 when unknown), the CPU time the JVMs' JIT compiler threads used
 * over it, one line per measuring thread, and whether the
 * other process (the forked server) could be read, the wall-clock time they were read over (System.nanoTime,
 * whatever clock the harness was given), and per JVM watched (this one first) the CPU its JIT compiler threads and
 * its garbage collector threads used over the run, and the other processes that used the most CPU over it.
 */
public record CpuWait(long waitNanos, long involuntarySwitches, String worstThread, long worstThreadWaitNanos,
                      int measuringThreads, int busyThreads, long[] waitPerSecondNanos, long otherProcessesCpuNanos,
                      long housekeepingCpuNanos, List<String> threads, boolean serverRead, long wallNanos,
                      List<Jvm> jvms, List<String> topOtherProcesses) implements java.io.Serializable {
    /** A thread on a CPU or waiting for one for at least this share of the run is busy (it spins). */
    public static final double BUSY_SHARE = 0.8;
    public static final CpuWait UNAVAILABLE = new CpuWait(-1, -1, null, -1, 0, 0, new long[0], -1, -1, List.of(),
            false, 0, List.of(), List.of());

    /**
     * One JVM's housekeeping over a run, from its threads' CPU time: {@code role} "client" (the JVM that measures)
     * or "server" (a watched one: also a process that is not a JVM, an external engine's acceptor); JIT compiler
     * threads and garbage-collector threads (GC workers, G1's concurrent and refinement threads, the VM thread that
     * runs safepoint operations), all its threads' CPU time ({@code cpuNanos}), and at the run's end its threads and
     * its resident set ({@code VmRSS}, kB).
     */
    public record Jvm(long pid, String role, long jitCpuNanos, long gcCpuNanos, long cpuNanos, int threads,
                      long rssKb) implements java.io.Serializable {
        /** Without the process's whole CPU time, threads and resident set (-1: not read). */
        public Jvm(long pid, String role, long jitCpuNanos, long gcCpuNanos) {
            this(pid, role, jitCpuNanos, gcCpuNanos, -1, -1, -1);
        }
    }

    /** The CPU every watched process but the measuring one (the server's: a JVM, and what it started) used over the run, ns; -1 when not read. */
    public long serverCpuNanos() {
        long sum = -1;
        for (Jvm j : jvms) {
            if (j.role().equals("server") && j.cpuNanos() >= 0) {
                sum = Math.max(0, sum) + j.cpuNanos();
            }
        }
        return sum;
    }

    public CpuWait(long waitNanos, long involuntarySwitches, String worstThread, long worstThreadWaitNanos,
                   int measuringThreads, int busyThreads, long[] waitPerSecondNanos, long otherProcessesCpuNanos,
                   long housekeepingCpuNanos, List<String> threads, boolean serverRead, long wallNanos,
                   List<Jvm> jvms) {
        this(waitNanos, involuntarySwitches, worstThread, worstThreadWaitNanos, measuringThreads, busyThreads,
                waitPerSecondNanos, otherProcessesCpuNanos, housekeepingCpuNanos, threads, serverRead, wallNanos, jvms,
                List.of());
    }

    /** The same, naming the other processes that used the most CPU over the run ("name (pid N) 150 ms"). */
    public CpuWait withTopOtherProcesses(List<String> top) {
        return new CpuWait(waitNanos, involuntarySwitches, worstThread, worstThreadWaitNanos, measuringThreads,
                busyThreads, waitPerSecondNanos, otherProcessesCpuNanos, housekeepingCpuNanos, threads, serverRead,
                wallNanos, jvms, top);
    }

    public CpuWait {
        threads = List.copyOf(threads);
        jvms = List.copyOf(jvms);
        topOtherProcesses = List.copyOf(topOtherProcesses);
        waitPerSecondNanos = waitPerSecondNanos.clone();
    }

    public boolean available() {
        return waitNanos >= 0;
    }

    /** CPU taken from the run by others: other processes and the JIT compilers, ns (-1 when unknown). */
    public long intrusionNanos() {
        return otherProcessesCpuNanos < 0 ? -1 : otherProcessesCpuNanos + Math.max(0, housekeepingCpuNanos);
    }

    /** The watched JVM with this role, or null. */
    public Jvm jvm(String role) {
        return jvms.stream().filter(j -> j.role().equals(role)).findFirst().orElse(null);
    }

    /** The wait as a share of the wall-clock time it was read over (0-1); NaN when not read. */
    public double waitShare() {
        return available() && wallNanos > 0 ? (double) waitNanos / wallNanos : Double.NaN;
    }
}
