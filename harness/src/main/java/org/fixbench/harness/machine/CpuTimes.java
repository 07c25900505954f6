package org.fixbench.harness.machine;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The machine-wide "cpu" line of /proc/stat, in clock ticks. Two readings give the share of CPU time stolen by
 * the hypervisor and the share spent busy over the interval between them. Where /proc/stat cannot be read
 * (not Linux), {@link #UNAVAILABLE} stands in and the shares are NaN.
 */
public record CpuTimes(long user, long nice, long system, long idle, long iowait, long irq, long softirq,
                       long steal) {

    public static final CpuTimes UNAVAILABLE = new CpuTimes(-1, -1, -1, -1, -1, -1, -1, -1);
    private static final Path PROC_STAT = Path.of("/proc/stat");

    public static CpuTimes read() {
        try {
            for (String line : Files.readAllLines(PROC_STAT)) {
                if (line.startsWith("cpu ")) {
                    return parse(line);
                }
            }
        } catch (IOException | RuntimeException e) {
            return UNAVAILABLE;
        }
        return UNAVAILABLE;
    }

    static CpuTimes parse(String cpuLine) {
        String[] f = cpuLine.trim().split("\\s+");
        long[] v = new long[8];
        for (int i = 0; i < v.length; i++) {
            v[i] = i + 1 < f.length ? Long.parseLong(f[i + 1]) : 0;
        }
        return new CpuTimes(v[0], v[1], v[2], v[3], v[4], v[5], v[6], v[7]);
    }

    long total() {
        return user + nice + system + idle + iowait + irq + softirq + steal;
    }

    /** Percentage of all CPU time between {@code before} and this reading that was stolen. */
    public double stealPercentSince(CpuTimes before) {
        return share(before, steal - before.steal);
    }

    /** Percentage of all CPU time between {@code before} and this reading that was neither idle nor stolen. */
    public double busyPercentSince(CpuTimes before) {
        long busy = (user - before.user) + (nice - before.nice) + (system - before.system) + (irq - before.irq)
                + (softirq - before.softirq);
        return share(before, busy);
    }

    private double share(CpuTimes before, long part) {
        if (this == UNAVAILABLE || before == UNAVAILABLE) {
            return Double.NaN;
        }
        long total = total() - before.total();
        return total <= 0 ? 0.0 : 100.0 * part / total;
    }
}
