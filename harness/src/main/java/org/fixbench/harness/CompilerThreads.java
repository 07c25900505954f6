package org.fixbench.harness;

import java.io.FileInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The CPU time the JIT compiler threads of some JVMs have used, read from each thread's
 * {@code /proc/<pid>/task/<tid>/schedstat} (ns on a CPU). Lean on purpose: the warm-up reads it after every settling
 * pass, and whatever code runs there gets compiled by the very compilers it watches (the full {@link CpuWaitWatch}
 * reading walks every process on the machine, and compiling that walk kept a fresh client's C2 busy for 10 s after
 * the engine's own code was done, measured with -XX:+PrintCompilation). The threads are found once; HotSpot keeps
 * the first compiler thread of each kind for the JVM's life and adds others only while that one is busy, so any
 * compiling shows on the threads found.
 */
final class CompilerThreads {
    private final List<String> statFiles = new ArrayList<>();
    private final byte[] buffer = new byte[256];

    private CompilerThreads() {
    }

    /** The compiler threads of these JVMs now (none readable: an empty watch, {@link #cpuNanos()} -1). */
    static CompilerThreads of(List<Long> pids) {
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

    /** Sum of the watched compiler threads' CPU so far, ns; -1 when none could be read. */
    long cpuNanos() {
        long total = 0;
        boolean any = false;
        for (int i = 0; i < statFiles.size(); i++) {
            long nanos = firstField(statFiles.get(i));
            if (nanos >= 0) {
                total += nanos;
                any = true;
            }
        }
        return any ? total : -1;
    }

    /** The first number in the file (schedstat's time on a CPU), -1 when it cannot be read. */
    private long firstField(String file) {
        int n;
        try (FileInputStream in = new FileInputStream(file)) {
            n = in.read(buffer);
        } catch (IOException e) {
            return -1;
        }
        long value = 0;
        int i = 0;
        for (; i < n && buffer[i] >= '0' && buffer[i] <= '9'; i++) {
            value = value * 10 + (buffer[i] - '0');
        }
        return i == 0 ? -1 : value;
    }
}
