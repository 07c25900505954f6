package org.fixbench.harness.machine;

import java.io.FileInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The time the JIT compiler threads of some JVMs have spent compiling, read from each thread's
 * {@code /proc/<pid>/task/<tid>/schedstat}: ns on a CPU plus ns runnable and waiting for one. The wait counts: on a
 * machine whose CPUs the load keeps busy, a compiler with work queued may get little CPU for a second, and that second
 * read from CPU time alone looked quiet (quickfixj:tuned then compiled 526 ms inside its next measured run). Lean on purpose: the warm-up reads it after every settling
 * pass, and whatever code runs there gets compiled by the very compilers it watches (the full {@link CpuWaitWatch}
 * reading walks every process on the machine, and compiling that walk kept a fresh client's C2 busy for 10 s after
 * the engine's own code was done, measured with -XX:+PrintCompilation). The threads are found once; HotSpot keeps
 * the first compiler thread of each kind for the JVM's life and adds others only while that one is busy, so any
 * compiling shows on the threads found.
 */
public final class CompilerThreads {
    private final List<String> statFiles = new ArrayList<>();
    private final byte[] buffer = new byte[256];

    private CompilerThreads() {
    }

    /** The compiler threads of these JVMs now (none readable: an empty watch, {@link #cpuNanos()} -1). */
    public static CompilerThreads of(List<Long> pids) {
        CompilerThreads watch = new CompilerThreads();
        for (long pid : pids) {
            Path tasks = Path.of("/proc", Long.toString(pid), "task");
            try (DirectoryStream<Path> threads = Files.newDirectoryStream(tasks)) {
                for (Path task : threads) {
                    String name = readOrEmpty(task.resolve("comm"));
                    if (CpuWaitWatch.HOUSEKEEPING_NAMES.stream().anyMatch(name::startsWith)) {
                        watch.statFiles.add(task.resolve("schedstat").toString());
                    }
                }
            } catch (IOException | RuntimeException e) {
                // a JVM gone or /proc not readable: its compilers are not counted
            }
        }
        return watch;
    }

    private static String readOrEmpty(Path file) {
        try {
            return Files.readString(file, StandardCharsets.US_ASCII).trim();
        } catch (IOException e) {
            return "";
        }
    }

    /** Sum of the watched compiler threads' time on a CPU and waiting for one so far, ns; -1 when none was read. */
    public long busyNanos() {
        long total = 0;
        boolean any = false;
        for (int i = 0; i < statFiles.size(); i++) {
            long nanos = runAndWaitNanos(statFiles.get(i));
            if (nanos >= 0) {
                total += nanos;
                any = true;
            }
        }
        return any ? total : -1;
    }

    /** The sum of the file's first two numbers (schedstat: time on a CPU, time waiting for one), -1 if unreadable. */
    private long runAndWaitNanos(String file) {
        int n;
        try (FileInputStream in = new FileInputStream(file)) {
            n = in.read(buffer);
        } catch (IOException e) {
            return -1;
        }
        return sumOfFirstTwo(buffer, n);
    }

    /** The sum of the first two space-separated decimal numbers in {@code bytes[0, n)}; -1 when there are fewer. */
    static long sumOfFirstTwo(byte[] bytes, int n) {
        long total = 0;
        int i = 0;
        for (int field = 0; field < 2; field++) {
            while (i < n && bytes[i] == ' ') {
                i++;
            }
            int start = i;
            long value = 0;
            for (; i < n && bytes[i] >= '0' && bytes[i] <= '9'; i++) {
                value = value * 10 + (bytes[i] - '0');
            }
            if (i == start) {
                return -1;
            }
            total += value;
        }
        return total;
    }
}
